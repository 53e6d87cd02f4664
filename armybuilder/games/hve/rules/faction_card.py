"""A deck uses only cards of its own faction: no unit card and no command card of the other side
(单位牌/指令牌 卡背). Not judged while the deck's faction is itself wrong."""

from __future__ import annotations

from collections.abc import Iterator

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
    for section in (deck.units, deck.commands):
        for _, _, _, pos, card in section.rows:
            if card is not None and card.faction != faction:
                yield deck.problem(
                    ID,
                    SEVERITY,
                    f"{card.label} is {_a(FACTIONS[card.faction].name)} card; "
                    f"{_a(FACTIONS[faction].name)} deck may not use it",
                    pos,
                    card.name,
                )
