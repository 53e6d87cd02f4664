"""At most 3 copies of one unit card under units; the entries of one name add up, and the problem points
at the first of them (重要概念-卡组)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.hve.deck import Deck, Section
from armybuilder.games.hve.rules.examples import SAMPLE_DECK, changed
from armybuilder.problems import Problem, Severity

ID = "unit-copies"
SEVERITY = Severity.ERROR
VALID = SAMPLE_DECK
INVALID = changed({5: '  - spearmen  # <- unit-copies', 6: '  - {card: Spearmen, count: 3}'})
LIMIT = 3


def copies_problems(deck: Deck, section: Section, rule: str, limit: int, what: str) -> Iterator[Problem]:
    if section.most <= limit:  # no card has more copies, its entries summed
        return
    totals = section.totals  # the copies of each card, its entries summed
    reported: set[str] = set()
    for written, key, _, pos, card in section.rows:
        total = totals[key]
        if total > limit and key not in reported:
            reported.add(key)
            name = card.name if card is not None else written
            yield deck.problem(
                rule,
                SEVERITY,
                f"{total} copies of {name}; at most {limit} copies of a {what} card",
                pos,
                name,
            )


def check(deck: Deck) -> Iterator[Problem]:
    return copies_problems(deck, deck.units, ID, LIMIT, "unit")
