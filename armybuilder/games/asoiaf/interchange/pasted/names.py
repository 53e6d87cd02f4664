"""Which cards a name as players write it may be: exact spellings, then short forms (memoised per catalogue)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from armybuilder.games.asoiaf.cards import Card
from armybuilder.games.asoiaf.catalogue import normalize

from .lines import QUOTES

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue


def variants(name: str) -> list[str]:
    """The ways `name` may spell a card title: as written, with its dash, colon or brackets as the comma."""
    base = name.translate(QUOTES).strip(" ,;:.")
    out = [base]
    for sep in (" – ", " — ", " - ", " : ", ": ", " / ", "–", "—"):
        if sep in base:
            out.append(base.replace(sep, ", ", 1))
    bracket = re.fullmatch(r"(.+?)\s*\(([^()]+)\)", base)
    if bracket:
        out.append(f"{bracket[1]}, {bracket[2]}")
    return out


def tokens(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"[0-9a-z]+", normalize(text).replace("'", "")))


def card_index(catalogue: Catalogue) -> list[tuple[Card, tuple[str, ...], tuple[str, ...]]]:
    """Every card with the words of its title and of its name (built once per catalogue)."""
    found = catalogue.memo.get(("pasted-index",))
    if found is None:
        found = catalogue.memo[("pasted-index",)] = [
            (c, tokens(c.title), tokens(c.name)) for c in catalogue.cards.values()
        ]
    return found  # type: ignore[return-value]


def _contains(words: tuple[str, ...], part: tuple[str, ...]) -> bool:
    n = len(part)
    return any(words[i : i + n] == part for i in range(len(words) - n + 1))


def lookup(catalogue: Catalogue, name: str) -> tuple[list[Card], list[Card]]:
    """(cards `name` spells exactly, cards it is a short form of): the second only when the first is empty."""
    key = ("pasted-lookup", name)
    found = catalogue.memo.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    exact: list[Card] = []
    for variant in variants(name):
        exact += [c for c in catalogue.find(variant) if c not in exact]
    short: list[Card] = []
    words = tokens(name)
    if not exact and words:
        index = card_index(catalogue)
        exact = [c for c, title, own in index if words in (title, own)]
        if not exact:
            short = [c for c, title, _ in index if _contains(title, words)]
    catalogue.memo[key] = (exact, short)
    return exact, short


def narrow(pool: list[Card], keep: Callable[[Card], bool]) -> list[Card]:
    """The cards of `pool` that `keep`, when there are any; else the pool as it was (a hint, not a rule)."""
    kept = [c for c in pool if keep(c)]
    return kept or pool


def describe(card: Card) -> str:
    return f"{card.id} {card.title}" + (" (commander)" if card.commander else "")
