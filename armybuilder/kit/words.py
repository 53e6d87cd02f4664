"""Did you mean: the known words closest to a misspelt one, said the same way everywhere."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(word: object, known: Iterable[object], n: int = 1, cutoff: float = 0.6) -> list[str]:
    """The known words closest to `word`, best first (none when nothing is close)."""
    return difflib.get_close_matches(str(word), [str(k) for k in known], n=n, cutoff=cutoff)


def did_you_mean(word: object, known: Iterable[object], otherwise: str = "", cutoff: float = 0.6) -> str:
    """`did you mean `commander`?` for the closest known word, or `otherwise` when none is close."""
    found = closest(word, known, cutoff=cutoff)
    return f"did you mean `{found[0]}`?" if found else otherwise
