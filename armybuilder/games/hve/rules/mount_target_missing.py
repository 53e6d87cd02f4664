"""A mount or dismount command turns a unit into a unit that no card of the deck provides, neither as a
unit listed under units nor as the other side of one (上马/下马). A warning, once per keyword."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.hve.catalogue import Catalogue
from armybuilder.games.hve.deck import Deck
from armybuilder.games.hve.rules.examples import SAMPLE_DECK, changed
from armybuilder.problems import Problem, Severity

ID = "mount-target-missing"
SEVERITY = Severity.WARNING
VALID = SAMPLE_DECK
INVALID = changed({7: '  - Spearmen', 13: '  - To Horse  # <- mount-target-missing'})

Turns = dict[str, tuple[str, tuple[tuple[str, frozenset[str]], ...]]]
# the catalogue last met, and for each of its mount/dismount cards: its name, and for each of its keywords
# the message and the names that provide the keyword's profile under units (`Catalogue.provided_by`)
_LAST: list[tuple[Catalogue, Turns]] = []


def check(deck: Deck) -> Iterator[Problem]:
    if not deck.stranded:  # noted while the deck was read
        return
    catalogue = deck.catalogue
    turns = _LAST[0][1] if _LAST and _LAST[0][0] is catalogue else _turns(catalogue)
    named, path = deck.units.totals.keys(), deck.path
    # each mount/dismount card under commands -> its name and the messages of its keywords' profiles that no
    # unit under units provides, neither as listed nor as its other side
    unmet: dict[str, tuple[str, list[str]]] = {}
    totals, turning = deck.commands.totals, catalogue.turning
    # the fewer of the two asked of the other, as `deck._note` does (the order of `unmet` is not shown: its
    # problems come in file order, `rows_of`)
    asked, among = (turning, totals) if len(turning) <= len(totals) else (totals, turning)
    for key in asked:
        if key not in among:
            continue
        name, keywords = turns[key]
        for message, providers in keywords:
            if named.isdisjoint(providers):
                if key in unmet:
                    unmet[key][1].append(message)
                else:
                    unmet[key] = (name, [message])
    for _, key, _, pos, _ in deck.commands.rows_of(unmet):
        name, messages = unmet[key]
        for message in messages:
            yield Problem(ID, SEVERITY, message, path, pos[0], pos[1], name)


def _turns(catalogue: Catalogue) -> Turns:
    """`_LAST`'s table for `catalogue`, made once per catalogue met in a row (a run checks against one)."""
    cards = catalogue.cards
    turns: Turns = {
        key: (
            cards[key].name,
            tuple(
                (_message(cards[key].name, keyword.unit), providers)
                for keyword, providers in zip(cards[key].mount_targets, catalogue.provided_by[key], strict=True)
            ),
        )
        for key in catalogue.turning
    }
    _LAST[:] = [(catalogue, turns)]
    return turns


def _message(card: str, unit: str | None) -> str:
    return f"{card} turns a unit into {unit}, which no card in this deck provides"
