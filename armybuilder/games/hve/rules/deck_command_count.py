"""A deck has exactly 10 command cards, counted over every entry under commands as listed (重要概念-卡组)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.hve.deck import Deck
from armybuilder.games.hve.rules.deck_unit_count import count_problem
from armybuilder.games.hve.rules.examples import SAMPLE_DECK, changed
from armybuilder.problems import Problem, Severity

ID = "deck-command-count"
SEVERITY = Severity.ERROR
VALID = SAMPLE_DECK
INVALID = changed({8: 'commands:  # <- deck-command-count', 14: ''})
SIZE = 10


def check(deck: Deck) -> Iterator[Problem]:
    return count_problem(deck, deck.commands, ID, SIZE, "command")
