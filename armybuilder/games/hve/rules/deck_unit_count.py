"""A deck has exactly 5 unit cards, counted over every entry under units as listed (重要概念-卡组)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.hve.deck import ORIGIN, Deck, Section
from armybuilder.games.hve.rules.examples import SAMPLE_DECK, changed
from armybuilder.problems import Problem, Severity

ID = "deck-unit-count"
SEVERITY = Severity.ERROR
VALID = SAMPLE_DECK
INVALID = changed({4: 'units:  # <- deck-unit-count', 7: '  - {card: Foot Archers, count: 2}'})
SIZE = 5


def count_problem(deck: Deck, section: Section, rule: str, size: int, what: str) -> Iterator[Problem]:
    if not section.listed:
        return
    total = section.total
    if total != size:
        cards = "card" if total == 1 else "cards"
        yield deck.problem(
            rule,
            SEVERITY,
            f"the deck has {total} {what} {cards}; it must have exactly {size}",
            section.pos or ORIGIN,
        )


def check(deck: Deck) -> Iterator[Problem]:
    return count_problem(deck, deck.units, ID, SIZE, "unit")
