"""Did you mean: the known words closest to a misspelt one, found and said the same way everywhere, and a
name that matched nothing shown so that what makes it differ can be seen (`marked`)."""

from __future__ import annotations

import difflib
import heapq
from collections.abc import Iterable, Mapping
from typing import TypeVar

V = TypeVar("V")


def close_matches(word: str, possibilities: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """`difflib.get_close_matches`: the same words in the same order, found several times faster. Its
    character-count test (`quick_ratio`, met by most of a catalogue) counts only the word's own distinct
    characters in each candidate; the similarity itself is difflib's, so the scores are the same floats."""
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(word)
    size = len(word)
    counts = [(char, word.count(char)) for char in set(word)]
    found: list[tuple[float, str]] = []
    for candidate in possibilities:
        length = len(candidate) + size
        if length:  # two empty words are alike (difflib's ratio 1.0)
            if 2.0 * min(len(candidate), size) / length < cutoff:  # real_quick_ratio
                continue
            shared = 0
            for char, count in counts:
                here = candidate.count(char)
                shared += here if here < count else count
            if 2.0 * shared / length < cutoff:  # quick_ratio
                continue
        matcher.set_seq1(candidate)
        score = matcher.ratio()
        if score >= cutoff:
            found.append((score, candidate))
    return [candidate for _, candidate in heapq.nlargest(n, found)]


def closest(word: object, known: Iterable[object], n: int = 1, cutoff: float = 0.6) -> list[str]:
    """The `n` known words closest to `word`, best first (none when nothing is at least `cutoff` alike)."""
    return close_matches(str(word), [str(k) for k in known], n=n, cutoff=cutoff)


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


def marked(text: str) -> str:
    """`text` with what would make two names look alike shown as `\\uXXXX`: invisible characters (a
    zero-width space, a soft hyphen, a bidirectional control…), spaces other than the plain one and, in a
    word written in Latin letters, letters of another script (a Cyrillic `е` for a Latin `e`), so "no card
    called X; did you mean X?" shows the difference. A word wholly in another script (`Stark 弓兵`) stays."""
    import re
    import unicodedata

    def latin(char: str) -> bool:
        return char.isascii() or "LATIN" in unicodedata.name(char, "")

    out = []
    for word in re.split(r"(\W+)", text):
        mixed = word.isalnum() and any(c.isalpha() and latin(c) for c in word)
        for char in word:
            category = unicodedata.category(char)
            invisible = category in ("Cf", "Cc", "Zl", "Zp") or (category == "Zs" and char != " ")
            if invisible or (mixed and char.isalpha() and not latin(char)):
                out.append(f"\\u{ord(char):04x}")
            else:
                out.append(char)
    return "".join(out)
