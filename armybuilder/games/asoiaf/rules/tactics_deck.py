"""The commander's 20-card tactics deck (7 faction cards and the commander's, two of each, after the
commander's replacements) must be buildable from the card data (000, 組建戰術牌牌庫).

Only checked when the army has exactly one commander.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.deck import build_deck
from armybuilder.problems import Problem, Severity

ID = "tactics-deck"
SEVERITY = Severity.ERROR


def check(army: Army) -> Iterator[Problem]:
    commanders = army.commanders
    if len(commanders) != 1 or army.faction is None:
        return
    deck = build_deck(army.catalogue, army.faction, army.card(commanders[0]))
    for message in deck.problems:
        yield army.problem(
            ID, f"cannot build the tactics deck: {message}; check the card data", commanders[0]
        )
