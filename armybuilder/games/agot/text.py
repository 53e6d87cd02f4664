"""Small helpers for messages: plurals and lists the way a person writes them."""

from __future__ import annotations

from collections.abc import Iterable

from armybuilder.games.agot.data import UNIT_PLURAL, UNIT_SINGULAR


def units(n: int, kind: str) -> str:
    """`1 knight`, `2 footmen`."""
    return f"{n} {UNIT_SINGULAR.get(kind, kind) if n == 1 else UNIT_PLURAL.get(kind, kind)}"


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def and_list(items: Iterable[str]) -> str:
    """`A`, `A and B`, `A, B and C`."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def numbers(values: Iterable[int]) -> str:
    text = ", ".join(str(v) for v in values)
    return text or "none"
