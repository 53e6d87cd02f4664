"""How messages and printouts name things: figures, sides, lists."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from armybuilder.games.wotr.data import KINDS, WotrData

SIDE_NAMES = {"free_peoples": "the Free Peoples", "shadow": "the Shadow"}
SIDE_WORDS = {"free_peoples": "Free Peoples", "shadow": "Shadow"}
HAS = {"free_peoples": "have", "shadow": "has"}  # the verb after SIDE_NAMES
HOLD = {"free_peoples": "hold", "shadow": "holds"}


PLURAL_NATIONS = frozenset({"dwarves", "elves", "southrons"})  # "the Dwarves have", "the Elves' marker"


def verb(nation: str, one: str, many: str) -> str:
    """The verb agreeing with a nation: `has` after Gondor, `have` after the Dwarves."""
    return many if nation in PLURAL_NATIONS else one


def possessive(name: str, nation: str) -> str:
    """`Gondor's`, `the North's`, `the Dwarves'`, `the Southrons & Easterlings'`."""
    return name + ("'" if nation in PLURAL_NATIONS else "'s")


def a(word: str) -> str:
    """`a Dwarven leader`, `an Elven elite`."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def join(items: Sequence[str], word: str = "and") -> str:
    """`a`, `a and b`, `a, b and c`."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def kind_count(data: WotrData, n: int, kind: str) -> str:
    """`1 regular`, `2 elites`, `3 Nazgûl`."""
    k = data.kinds[kind]
    return f"{n} {k.name if n == 1 else k.plural}"


def figures(data: WotrData, counts: Mapping[str, int], nation: str | None = None) -> str:
    """`2 Elven elites and 1 leader` (with `nation`), `3 elites` (without); `no figures` when empty."""
    parts = [kind_count(data, counts[k], k) for k in KINDS if counts.get(k)]
    if not parts:
        return "no figures"
    if nation is not None:
        first_n, _, rest = parts[0].partition(" ")
        parts[0] = f"{first_n} {data.nations[nation].adjective} {rest}"
    return join(parts)


def place(data: WotrData, stacks: Mapping[str, Mapping[str, int]], adjectives: bool = True) -> str:
    """Every nation's figures in one place: `2 Elven elites and 1 leader, 1 Dwarven regular`."""
    parts = [figures(data, counts, nation if adjectives else None) for nation, counts in stacks.items()]
    parts = [p for p in parts if p != "no figures"]
    return "; ".join(parts) if parts else "nothing"
