"""A command card listed under units, or a unit card listed under commands (重要概念-单位牌,
重要概念-指令牌与费用: the deck holds its units and its commands apart)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.hve.deck import Deck
from armybuilder.games.hve.rules.examples import SAMPLE_DECK, changed
from armybuilder.problems import Problem, Severity

ID = "wrong-section"
SEVERITY = Severity.ERROR
VALID = SAMPLE_DECK
INVALID = changed({7: '  - Volley  # <- wrong-section', 14: '  - Foot Archers  # <- wrong-section'})


def check(deck: Deck) -> Iterator[Problem]:
    if not deck.misplaced:
        return
    for section in (deck.units, deck.commands):
        for _, _, _, pos, card in section.rows:
            if card is None:
                continue
            wanted = "units" if card.is_unit else "commands"
            if section.name != wanted:
                yield deck.problem(
                    ID, SEVERITY, f"{card.name} is a {card.kind} card; list it under {wanted}", pos, card.name
                )
