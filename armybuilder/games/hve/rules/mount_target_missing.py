"""A mount or dismount command turns a unit into a unit that no card of the deck provides, neither as a
unit listed under units nor as the other side of one (上马/下马). A warning, once per keyword."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.hve.deck import Deck
from armybuilder.games.hve.rules.examples import SAMPLE_DECK, changed
from armybuilder.problems import Problem, Severity

ID = "mount-target-missing"
SEVERITY = Severity.WARNING
VALID = SAMPLE_DECK
INVALID = changed({7: '  - Spearmen', 13: '  - To Horse  # <- mount-target-missing'})


def check(deck: Deck) -> Iterator[Problem]:
    if not deck.stranded:  # noted while the deck was read
        return
    catalogue = deck.catalogue
    provided: set[str] | None = None
    for entry in deck.turning:  # the command cards under commands that mount or dismount
        card = entry.card
        if card is None or card.is_unit:
            continue
        for keyword, need in zip(card.mount_targets, catalogue.needs[entry.key], strict=True):  # need: norm(keyword.unit)
            if provided is None:  # the names under units and (normalised) the other sides of their cards
                named, sides = deck.named_units, catalogue.other_side
                provided = named | {sides[key] for key in named if key in sides}
            if need not in provided:
                yield deck.problem(
                    ID,
                    SEVERITY,
                    f"{card.name} turns a unit into {keyword.unit}, which no card in this deck provides",
                    entry.pos,
                    card.name,
                )
