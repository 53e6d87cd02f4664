"""The army-building rules of A Song of Ice & Fire: TMG, one module per rule id.

Each module has `ID`, `SEVERITY`, a docstring that documents the rule, and `check(army)` yielding Problems.
The first five are found while the list is read (see armylist.py); their `check` yields nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Protocol

from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.rules import (
    ambiguous_card,
    attachment_limit,
    attachment_type,
    card_requirement,
    commander,
    faction,
    neutral_cap,
    points_limit,
    points_unspent,
    schema,
    second_in_command,
    syntax,
    tactics_deck,
    unique_character,
    unknown_card,
    wrong_slot,
)
from armybuilder.problems import Problem, Severity


class Rule(Protocol):
    ID: str
    SEVERITY: Severity

    def check(self, army: Army) -> Iterator[Problem]: ...


_MODULES: tuple[ModuleType, ...] = (
    syntax,
    schema,
    unknown_card,
    ambiguous_card,
    wrong_slot,
    points_limit,
    faction,
    neutral_cap,
    commander,
    unique_character,
    attachment_type,
    attachment_limit,
    card_requirement,
    tactics_deck,
    points_unspent,
    second_in_command,
)

REGISTRY: dict[str, Rule] = {m.ID: m for m in _MODULES}
