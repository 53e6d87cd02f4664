"""Names: the matching rule and the per-kind index of canonical names and their aliases.

Two names are the same when their *matched forms* are equal: Unicode NFKD without combining marks, case
folded, apostrophes dropped, every `-`, `_`, `~`, `·` and run of white space one space, trimmed. So
`Barad Dûr`, `barad~dur` and `BARAD-DUR` all name Barad-dur, and `free-peoples` names `free_peoples`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache

from armybuilder.kit.words import closest_in

_SEPARATORS = re.compile(r"[-_~·\s]+")
_APOSTROPHES = str.maketrans("", "", "'’")
_CACHE_LIMIT = 4096  # exact spellings remembered per kind; hostile files cannot grow it without end


@lru_cache(maxsize=8192)
def matched(name: str) -> str:
    """The matched form of a name (see the module docstring)."""
    if name.isascii():
        text = name.lower()
    else:
        decomposed = unicodedata.normalize("NFKD", name)
        text = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    text = text.translate(_APOSTROPHES)
    return _SEPARATORS.sub(" ", text).strip()


class NameIndex:
    """The names of one kind (regions, nations, …): canonical names, aliases and ambiguous names."""

    __slots__ = ("_exact", "ambiguous", "canonical", "forms", "kind")

    def __init__(
        self,
        kind: str,
        canonical: Iterable[str],
        aliases: Mapping[str, Iterable[str]] | None = None,
        ambiguous: Mapping[str, Iterable[str]] | None = None,
    ) -> None:
        self.kind = kind
        self.canonical: tuple[str, ...] = tuple(canonical)
        self.forms: dict[str, str] = {}  # matched form -> canonical name
        for name in self.canonical:
            self.forms.setdefault(matched(name), name)
        for name, others in (aliases or {}).items():
            for other in others:
                self.forms.setdefault(matched(other), name)
        self.ambiguous: dict[str, tuple[str, ...]] = {
            matched(name): tuple(candidates) for name, candidates in (ambiguous or {}).items()
        }
        self._exact: dict[str, str] = {name: name for name in self.canonical}

    def __eq__(self, other: object) -> bool:
        """Equal when they name the same things alike (what spellings were met since is a memo, not a fact):
        a data set read back from its cache equals the one checked."""
        if not isinstance(other, NameIndex):
            return NotImplemented
        mine = (self.kind, self.canonical, self.forms, self.ambiguous)
        return mine == (other.kind, other.canonical, other.forms, other.ambiguous)

    def resolve(self, name: str) -> str | None:
        """The canonical name `name` stands for, or None (unknown or ambiguous)."""
        found = self._exact.get(name)
        if found is not None:
            return found
        found = self.forms.get(matched(name))
        if found is not None and len(self._exact) < _CACHE_LIMIT:
            self._exact[name] = found
        return found

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.resolve(name) is not None

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """Up to `n` canonical names close to `name`, closest first (ambiguous names give every candidate)."""
        form = matched(name)
        if form in self.ambiguous:
            return list(self.ambiguous[form])
        return closest_in(form, self.forms, n=n * 3, cutoff=0.75)[:n]


def did_you_mean(suggestions: list[str]) -> str:
    """`did you mean "A"?`, `did you mean "A" or "B"?`, or "" without suggestions."""
    if not suggestions:
        return ""
    quoted = [f'"{s}"' for s in suggestions]
    if len(quoted) == 1:
        return f"did you mean {quoted[0]}?"
    return f"did you mean {', '.join(quoted[:-1])} or {quoted[-1]}?"
