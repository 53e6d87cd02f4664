"""A deck or card file that is not valid YAML (or not UTF-8 text); the problem points where the parser
stopped.

Found while the file is read (by the core for decks, by `data check` for card files), so `check` yields
nothing here.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.hve.deck import Deck
from armybuilder.problems import Problem, Severity

ID = "syntax"
SEVERITY = Severity.ERROR


def check(deck: Deck) -> Iterator[Problem]:
    return iter(())
