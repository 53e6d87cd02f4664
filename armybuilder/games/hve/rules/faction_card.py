"""A deck uses only cards of its own faction: no unit card and no command card of the other side
(单位牌/指令牌 卡背). Not judged while the deck's faction is itself wrong."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from armybuilder.games.hve.deck import Deck
from armybuilder.games.hve.names import FACTIONS
from armybuilder.games.hve.rules.examples import SAMPLE_DECK, changed
from armybuilder.problems import Problem, Severity

ID = "faction-card"
SEVERITY = Severity.ERROR
VALID = SAMPLE_DECK
INVALID = changed({7: '  - Horse Archers  # <- faction-card'})


def _a(name: str) -> str:
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


def check(deck: Deck) -> Iterator[Problem]:
    faction = deck.faction
    if faction is None or not deck.foreign:
        return
    cards = deck.catalogue.cards
    for section in (deck.units, deck.commands):
        # the section's cards of another faction (a name no card has is unknown-card's)
        foreign = {key for key in section.totals if key in cards and cards[key].faction != faction}
        for _, _, _, pos, card in section.rows_of(foreign):
            if card is not None:
                yield deck.problem(ID, SEVERITY, _message(card.label, card.faction, faction), pos, card.name)


@lru_cache(maxsize=1024)  # the same few cards in every deck
def _message(label: str, side: str, faction: str) -> str:
    return f"{label} is {_a(FACTIONS[side].name)} card; {_a(FACTIONS[faction].name)} deck may not use it"
