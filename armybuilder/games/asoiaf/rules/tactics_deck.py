"""The commander's 20-card tactics deck (7 faction cards and the commander's, two of each, after the
commander's replacements) must be buildable from the card data (000, 組建戰術牌牌庫).

Only checked when the army has exactly one commander. No list breaks it with the bundled cards: only a
`--data` folder whose tactics cards are missing or miscounted does, so the rule has no examples.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.context import Army
from armybuilder.problems import Problem, Severity

ID = "tactics-deck"
SEVERITY = Severity.ERROR


def check(army: Army) -> Iterator[Problem]:
    deck = army.deck
    if deck is None:
        return
    for message in deck.problems:
        yield army.problem(
            ID, f"cannot build the tactics deck: {message}; check the card data", army.commanders[0]
        )
