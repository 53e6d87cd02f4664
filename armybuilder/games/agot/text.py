"""Small helpers for messages: plurals and lists the way a person writes them, values the way the file
writes them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from armybuilder.games.agot.data import UNIT_PLURAL, UNIT_SINGULAR
from armybuilder.kit.words import marked


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


def show(v: Any) -> str:
    """A value as the file writes it (§1.1): a string in double quotes with its spaces, a number bare,
    true/false, "an empty value"; never None, True or 'x'."""
    text = "an empty value" if v is None else flow(v)
    return text if len(text) <= 40 else text[:37] + "..."


def flow(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):  # an invisible or look-alike character shown: "did you mean" makes sense
        return f'"{marked(v)}"'
    if isinstance(v, dict):
        return "{" + ", ".join(f"{flow(k)}: {flow(x)}".rstrip() for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(flow(x) for x in v) + "]"
    return str(v)


def has_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def type_name(v: Any) -> str:
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return "true/false"
    if isinstance(v, str):
        return "text"
    if isinstance(v, int):
        return "a number"
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    return type(v).__name__
