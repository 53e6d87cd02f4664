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
    named, path = deck.units.totals.keys(), deck.path
    # each mount/dismount card under commands -> its keywords' profiles that no unit under units provides,
    # neither as listed nor as its other side (`Catalogue.provided_by`: the names that provide each profile)
    unmet: dict[str, tuple[str, list[str]]] = {}  # its name and the messages of those profiles
    for key in catalogue.turning.intersection(deck.commands.totals):
        card = catalogue.cards[key]
        messages = [
            _message(card.name, keyword.unit)
            for keyword, providers in zip(card.mount_targets, catalogue.provided_by[key], strict=True)
            if named.isdisjoint(providers)
        ]
        if messages:
            unmet[key] = (card.name, messages)
    for _, key, _, pos, _ in deck.commands.rows_of(unmet):
        name, messages = unmet[key]
        for message in messages:
            yield Problem(ID, SEVERITY, message, path, pos[0], pos[1], name)


@lru_cache(maxsize=1024)  # the same few cards and profiles in every deck
def _message(card: str, unit: str | None) -> str:
    return f"{card} turns a unit into {unit}, which no card in this deck provides"
