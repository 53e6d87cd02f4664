"""A command card whose icons match no unit of the deck (neither a unit card's icon nor its other side's)
can never be carried by a unit; it can only be spent as a cost (打出指令牌). A warning."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from armybuilder.games.hve.deck import Deck
from armybuilder.games.hve.rules.examples import SAMPLE_DECK, changed
from armybuilder.problems import Problem, Severity

ID = "command-without-executor"
SEVERITY = Severity.WARNING
VALID = SAMPLE_DECK
INVALID = changed({7: '  - Crossbowmen', 13: '  - Dismount  # <- command-without-executor'})


def check(deck: Deck) -> Iterator[Problem]:
    if not deck.unexecutable:
        return
    icons, command_bits = deck.icon_bits, deck.catalogue.command_bits  # of the unit cards under units
    # the command cards under commands that show none of those icons (a unit card there is wrong-section's)
    idle = {key for key in deck.commands.totals if key in command_bits and not command_bits[key] & icons}
    for _, _, _, pos, card in deck.commands.rows_of(idle):
        if card is not None:
            yield deck.problem(ID, SEVERITY, _message(card.name, card.icons), pos, card.name)


@lru_cache(maxsize=1024)  # the same few cards in every deck
def _message(name: str, icons: tuple[str, ...]) -> str:
    return f"no unit in this deck can execute {name} ({' or '.join(icons)}); it can only be spent as a cost"
