"""Reinforcements (`reinforcements:`, declared beside the list for an event that takes them) are NCUs or
attachments, never commanders, added once during a game. They obey the list's faction rule (the army's
faction or neutral) and the character rule (no character the list, or an earlier reinforcement, already
fields). They cost none of the list's points; their neutral points count toward the neutral cap (rule
`neutral-cap`), and how many points of them an event takes is the event's rule (`event-reinforcements`).
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.armylist import Entry
from armybuilder.games.asoiaf.cards import NEUTRAL
from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.rules.examples import EXAMPLE_LIST
from armybuilder.problems import Problem, Severity

ID = "reinforcements"
SEVERITY = Severity.ERROR
VALID = EXAMPLE_LIST + "reinforcements: [Mormont Veteran]\n"
INVALID = EXAMPLE_LIST + "reinforcements: [Guard Captain]  # <- reinforcements (a House Lannister card)\n"


def check(army: Army) -> Iterator[Problem]:
    declared = [e for e in army.army.reinforcements if e.card is not None]
    if not declared:
        return
    own = army.faction
    names = army.catalogue.factions
    first: dict[str, Entry] = {}
    for entry, card in army.pairs:
        for name in card.characters:
            first.setdefault(name, entry)
    for entry in declared:
        card = army.card(entry)
        if card.commander:
            yield army.problem(
                ID,
                f"{card.title} is a commander; a reinforcement is an NCU or an attachment that is no "
                "commander — remove it",
                entry,
            )
        elif own is not None and card.faction not in (own, NEUTRAL):
            own_name = names[own].name if own in names else own
            theirs = names[card.faction].name if card.faction in names else card.faction
            allowed = "neutral cards" if own == NEUTRAL else f"{own_name} and neutral cards"
            yield army.problem(
                ID,
                f"{card.title} is a {theirs} card; the reinforcements of a {own_name} army are {allowed} "
                "only — remove it",
                entry,
            )
        clash = [name for name in card.characters if name in first]
        if clash:
            earlier = first[clash[0]]
            where = "the list" if earlier.slot.value != "reinforcements" else "the reinforcements"
            yield army.problem(
                ID,
                f"{card.title} is {clash[0]}, already in {where} at line {earlier.line} ({army.card(earlier).title}); "
                "an army holds one card of each character, reinforcements included — choose another",
                entry,
            )
        for name in card.characters:
            first.setdefault(name, entry)
