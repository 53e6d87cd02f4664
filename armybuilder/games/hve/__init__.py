"""Horde vs Empire: a two-player card wargame of the Golden Horde (金帐) against the Empire (帝国).

A deck is exactly 5 unit cards and 10 command cards of one faction, checked against a card catalogue that
designers keep as a folder of YAML files (`data/horde-vs-empire-cards/` bundles an example one).
"""
