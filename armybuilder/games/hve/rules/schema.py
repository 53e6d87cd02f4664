"""A file not shaped as its kind: a deck that is not a mapping, has an unknown key, a missing name, a
section that is not a list, an entry that is not a card name or {card, count ≥ 1}, or an opening unit that
is not a name; a card file that is not one mapping with only `cards:`, a list.

A malformed deck entry takes no part in any other rule. Found while the file is read (deck.py,
datacheck.py), so `check` yields nothing here.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.hve.deck import Deck
from armybuilder.problems import Problem, Severity

ID = "schema"
SEVERITY = Severity.ERROR


def check(deck: Deck) -> Iterator[Problem]:
    return iter(())
