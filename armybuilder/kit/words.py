"""Did you mean: the known words closest to a misspelt one, found and said the same way everywhere."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import TypeVar

V = TypeVar("V")


def closest(word: object, known: Iterable[object], n: int = 1, cutoff: float = 0.6) -> list[str]:
    """The `n` known words closest to `word`, best first (none when nothing is at least `cutoff` alike)."""
    return difflib.get_close_matches(str(word), [str(k) for k in known], n=n, cutoff=cutoff)


def closest_in(word: object, known: Mapping[str, V], n: int = 1, cutoff: float = 0.6) -> list[V]:
    """What the `n` keys of `known` closest to `word` stand for, best first and each once: `known` maps a
    spelling compared (lower-cased, normalised) to what is said or returned for it (the printed name, a card)."""
    found: list[V] = []
    for key in closest(word, known, n=n, cutoff=cutoff):
        if known[key] not in found:
            found.append(known[key])
    return found


def did_you_mean(word: object, known: Iterable[object], otherwise: str = "", cutoff: float = 0.6) -> str:
    """`did you mean `commander`?` for the closest known word, or `otherwise` when none is close."""
    found = closest(word, known, cutoff=cutoff)
    return f"did you mean `{found[0]}`?" if found else otherwise
