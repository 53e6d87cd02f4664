"""A card named under units or commands, or as the opening unit, is not in the catalogue; the message
suggests the closest name, or the card to write when the name is a Chinese name or another card's other
side (重要概念-卡组: decks are drawn from the card pool)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from armybuilder.games.hve.catalogue import Catalogue
from armybuilder.games.hve.deck import Deck
from armybuilder.games.hve.names import norm
from armybuilder.games.hve.rules.examples import SAMPLE_DECK, changed
from armybuilder.kit.words import marked
from armybuilder.problems import Problem, Severity

ID = "unknown-card"
SEVERITY = Severity.ERROR
VALID = SAMPLE_DECK
INVALID = changed({7: '  - Mounted Archers  # <- unknown-card'})


def message(name: str, catalogue: Catalogue, opening: bool = False) -> str:
    key = norm(name)
    by_zh = catalogue.by_zh.get(key)
    if by_zh is not None:
        return f'"{name}" is the Chinese name of {by_zh.name}; write {by_zh.name}'
    front = catalogue.by_other_side.get(key)
    if front is not None and front.other_side is not None:
        fix = f"write opening_unit: {front.name}" if opening else f"list {front.name}"
        return f"{front.other_side.name} is the other side of {front.name}; {fix}"
    close = catalogue.closest(name)
    hint = f'; did you mean "{close.name}"?' if close is not None else ""
    return f'"{marked(name)}" is not a known card{hint}'


def check(deck: Deck) -> Iterator[Problem]:
    catalogue = deck.catalogue
    if deck.unknown:
        cards = catalogue.cards
        for section in (deck.units, deck.commands):
            unknown = {key for key in section.totals if key not in cards}  # the names no card has
            for name, _, _, pos, card in section.rows_of(unknown):
                if card is None:
                    yield deck.problem(ID, SEVERITY, _message(name, catalogue), pos, name)
    opening = deck.opening
    if opening is not None and norm(opening) not in deck.units.totals and catalogue.find(opening) is None:
        yield deck.problem(ID, SEVERITY, message(opening, catalogue, opening=True), deck.opening_pos, opening)


@lru_cache(maxsize=1024)  # the same few misspellings in many decks (the catalogue: the one checked against)
def _message(name: str, catalogue: Catalogue) -> str:
    return message(name, catalogue)
