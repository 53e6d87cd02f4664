"""Where a value of a parsed position file stands (its line and column), as the reader and the muster
reading point at it: a key, a mapping's value, a list's item; `NO_POS` when the parser kept none."""

from __future__ import annotations

from typing import Any

from armybuilder.games.agot.position import NO_POS
from armybuilder.kit import schema as kit
from armybuilder.yamlpos import Pos, PosList, PosMap


def key_at(m: Any, key: Any) -> Pos:
    """The position of `key` in the mapping `m` (else of `m`)."""
    if m.__class__ is PosMap:  # the usual mapping: its key's position read directly
        found = m.key_pos.get(key)
        if found is not None:
            return found
    return kit.key_position(m, key) or kit.own_position(m) or NO_POS


def value_at(m: Any, key: Any) -> Pos:
    """The position of the value of `key` in the mapping `m`."""
    if m.__class__ is PosMap:
        return m.value_pos.get(key) or m.key_pos.get(key) or m.pos
    return m.at(key) if isinstance(m, PosMap) else NO_POS


def item_at(v: Any, i: int) -> Pos:
    """The position of the `i`th item of the list `v`."""
    return v.at(i) if isinstance(v, PosList) else NO_POS
