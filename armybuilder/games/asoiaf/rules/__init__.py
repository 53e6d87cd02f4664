"""The army-building rules of A Song of Ice & Fire: TMG, one module per rule id.

Each module is a rule of the kit (`armybuilder.kit.rules`): `ID`, `SEVERITY`, a docstring documenting it,
optional `ALSO` (other severities the docstring gives) and `check(army)` yielding Problems; `RULES` runs
them in order and stamps each problem with its rule's id and a documented severity. The problems found while
a list is read (`syntax`, `schema`, `unknown-card`, …) are not rules: they are documented in
`armybuilder/games/asoiaf/system.py` (LOAD_DOCS).
"""

from __future__ import annotations

from types import ModuleType

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
from armybuilder.kit.rules import Rules

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

RULES: Rules[Army] = Rules.of(_MODULES)
