"""A command card whose icons match no unit of the deck (neither a unit card's icon nor its other side's)
can never be carried by a unit; it can only be spent as a cost (打出指令牌). A warning."""

from __future__ import annotations

from collections.abc import Iterator

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
    for _, key, _, pos, card in deck.commands.rows:
        if card is None or card.is_unit or command_bits[key] & icons:
            continue
        yield deck.problem(
            ID,
            SEVERITY,
            f"no unit in this deck can execute {card.name} ({' or '.join(card.icons)}); "
            "it can only be spent as a cost",
            pos,
            card.name,
        )
