"""The army-building rules of A Song of Ice & Fire: TMG, one module per rule id.

Each module has `ID`, `SEVERITY`, a docstring that documents the rule, and `check(army)` yielding Problems.
The problems found while a list is read (`syntax`, `schema`, `unknown-card`, …) are not rules: they are
documented in `armybuilder/games/asoiaf/system.py` (LOAD_DOCS).
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Protocol

from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.rules import (
    attachment_limit,
    attachment_type,
    card_requirement,
    commander,
    faction,
    neutral_cap,
    points_limit,
    points_unspent,
    reinforcements,
    second_in_command,
    tactics_deck,
    unique_character,
)
from armybuilder.problems import Problem, Severity


class Rule(Protocol):
    ID: str
    SEVERITY: Severity

    def check(self, army: Army) -> Iterator[Problem]: ...


_MODULES: tuple[ModuleType, ...] = (
    points_limit,
    faction,
    neutral_cap,
    commander,
    unique_character,
    attachment_type,
    attachment_limit,
    card_requirement,
    reinforcements,
    tactics_deck,
    points_unspent,
    second_in_command,
)

REGISTRY: dict[str, Rule] = {m.ID: m for m in _MODULES}
