"""The opening unit, when the deck names one, must be one of the deck's unit cards: it is placed on the
field at the start, the other four stay in hand (准备游戏)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.hve.deck import Deck
from armybuilder.games.hve.names import norm
from armybuilder.games.hve.rules.examples import SAMPLE_DECK, changed
from armybuilder.problems import Problem, Severity

ID = "opening-unit"
SEVERITY = Severity.ERROR
VALID = SAMPLE_DECK
INVALID = changed({15: 'opening_unit: Horse Archers  # <- opening-unit'})


def check(deck: Deck) -> Iterator[Problem]:
    opening = deck.opening
    if opening is None or norm(opening) in deck.units.totals:
        return
    card = deck.catalogue.find(opening)
    name = card.name if card is not None else opening
    yield deck.problem(
        ID,
        SEVERITY,
        f"the opening unit must be one of the deck's unit cards; {name} is not listed under units",
        deck.opening_pos,
        name,
    )
