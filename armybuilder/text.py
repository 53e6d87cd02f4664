"""Small wording helpers every message uses: counts with plurals, articles, alternatives, player names."""

from __future__ import annotations

from collections.abc import Sequence


def count(n: int, one: str, many: str | None = None) -> str:
    """`1 list`, `2 lists`, `3 NCUs`; `many` for irregular plurals."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def a(noun: str) -> str:
    """The noun with its indefinite article, by sound: `an NCU`, `an attachment`, `a unit`."""
    vowel_sound = noun[:1].lower() in "aeiou" or noun.startswith("NCU")
    return ("an " if vowel_sound else "a ") + noun


def or_quoted(names: Sequence[str]) -> str:
    """`'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`."""
    quoted = [f"'{n}'" for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def player_key(name: str) -> str:
    """How player names are compared: case and surrounding spaces do not matter."""
    return " ".join(name.split()).casefold()
