"""How names are compared, and the two factions with every spelling a file may use."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TypeGuard

_QUOTES = str.maketrans({"’": "'", "‘": "'"})


@lru_cache(maxsize=8192)  # decks name the same few cards over and over
def norm(name: str) -> str:
    """A name as it is compared: curly apostrophes read as `'`, white space collapsed, case folded."""
    return " ".join(name.translate(_QUOTES).split()).casefold()


@dataclass(frozen=True)
class Faction:
    """A faction: its key, its English name and its Chinese names."""

    key: str
    name: str  # in English, for people
    zh: str
    zh_long: str

    @property
    def label(self) -> str:
        return f"{self.name} ({self.zh})"


FACTIONS: dict[str, Faction] = {
    "golden-horde": Faction("golden-horde", "Golden Horde", "金帐", "金帐阵营"),
    "empire": Faction("empire", "Empire", "帝国", "帝国阵营"),
}

# every accepted spelling, normalised, to its key: the key, the English name we print, zh and zh_long
_SPELLINGS: dict[str, str] = {
    norm(spelling): f.key for f in FACTIONS.values() for spelling in (f.key, f.name, f.zh, f.zh_long)
}

FACTION_CHOICES = "golden-horde (金帐) or empire (帝国)"


def faction_key(value: object) -> str | None:
    """The faction key a value spells, or None (not a string, or no accepted spelling)."""
    if not isinstance(value, str):
        return None
    return _SPELLINGS.get(norm(value))


def faction_hint(value: str) -> str:
    """`; did you mean golden-horde?` for the accepted spelling closest to `value` (difflib, cutoff 0.5;
    looser than for cards: there are two factions and the message names both anyway), or ""."""
    from armybuilder.kit.words import closest_in

    close = closest_in(norm(value), _SPELLINGS, cutoff=0.5)
    return f"; did you mean {close[0]}?" if close else ""


def faction_problem(value: object) -> str | None:
    """What is wrong with a `faction` value (a deck's or a card's), or None when it spells a faction.
    A value with no text is a missing faction (""); anything else is shown as the file writes it."""
    if faction_key(value) is not None:
        return None
    if value is None or (isinstance(value, str) and not value.strip()):
        return ""
    if isinstance(value, str):
        return f'faction must be {FACTION_CHOICES}, not "{value.strip()}"{faction_hint(value)}'
    return f"faction must be {FACTION_CHOICES}, not {named(value)}"


def named(value: object) -> str:
    """A value that is not a string, named so that it cannot be taken for text: `the number 1`."""
    if isinstance(value, bool):
        return f"the value {'true' if value else 'false'}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int) and not -HUGE < value < HUGE:
        return "a number of more than 1,000 digits"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    return "a value that is not text"


def is_text(value: object) -> TypeGuard[str]:
    """A non-empty string: at least one character other than white space."""
    return isinstance(value, str) and bool(value.strip())


# an integer of more digits is refused as hostile input: Python will not even print it (4,300 digits)
HUGE = 10**1000


def is_int(value: object) -> TypeGuard[int]:
    """A YAML integer (a bool is not one) of at most 1,000 digits."""
    return isinstance(value, int) and not isinstance(value, bool) and -HUGE < value < HUGE
