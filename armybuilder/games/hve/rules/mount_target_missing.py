"""A mount or dismount command turns a unit into a unit that no card of the deck provides, neither as a
unit listed under units nor as the other side of one (上马/下马). A warning, once per keyword."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

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
    turning, needs, path = catalogue.turning, catalogue.needs, deck.path
    named, sides = deck.units.totals, catalogue.other_side
    provided = {*named, *(sides[key] for key in named if key in sides)}  # normalised, with the other sides
    for _, key, _, pos, card in deck.commands.rows:
        if key not in turning or card is None:  # a command card under commands that mounts or dismounts
            continue
        for keyword, need in zip(card.mount_targets, needs[key], strict=True):  # need: norm(keyword.unit)
            if need not in provided:
                yield Problem(ID, SEVERITY, _message(card.name, keyword.unit), path, pos[0], pos[1], card.name)


@lru_cache(maxsize=1024)  # the same few cards and profiles in every deck
def _message(card: str, unit: str | None) -> str:
    return f"{card} turns a unit into {unit}, which no card in this deck provides"
