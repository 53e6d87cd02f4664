"""At most 2 copies of one command card under commands; the entries of one name add up, and the problem
points at the first of them (重要概念-卡组)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.hve.deck import Deck
from armybuilder.games.hve.rules.examples import SAMPLE_DECK, changed
from armybuilder.games.hve.rules.unit_copies import copies_problems
from armybuilder.problems import Problem, Severity

ID = "command-copies"
SEVERITY = Severity.ERROR
VALID = SAMPLE_DECK
INVALID = changed({9: '  - {card: Hold the Line, count: 3}  # <- command-copies', 14: ''})
LIMIT = 2


def check(deck: Deck) -> Iterator[Problem]:
    return copies_problems(deck, deck.commands, ID, LIMIT, "command")
