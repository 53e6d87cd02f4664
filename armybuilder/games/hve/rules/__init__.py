"""The deck rules of Horde vs Empire, one module per rule id.

Each module has `ID`, `SEVERITY`, a docstring that documents the rule, and `check(deck)` yielding
Problems. `syntax` and `schema` are found while the file is read; their `check` yields nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Protocol

from armybuilder.games.hve.deck import Deck
from armybuilder.games.hve.rules import (
    command_copies,
    command_without_executor,
    deck_command_count,
    deck_unit_count,
    faction,
    faction_card,
    mount_target_missing,
    opening_unit,
    schema,
    syntax,
    unit_copies,
    unknown_card,
    wrong_section,
)
from armybuilder.problems import Problem, Severity


class Rule(Protocol):
    ID: str
    SEVERITY: Severity

    def check(self, deck: Deck) -> Iterator[Problem]: ...


LOAD_RULES: tuple[ModuleType, ...] = (syntax, schema)

DECK_RULES: tuple[ModuleType, ...] = (
    unknown_card,
    faction,
    faction_card,
    wrong_section,
    deck_unit_count,
    deck_command_count,
    unit_copies,
    command_copies,
    command_without_executor,
    opening_unit,
    mount_target_missing,
)

REGISTRY: dict[str, Rule] = {m.ID: m for m in (*LOAD_RULES, *DECK_RULES)}
