"""The rules of War of the Ring (2nd edition) position files, one module per rule id.

Each module has `ID`, `SEVERITY` (the usual one; `figure-pool` and `action-dice` also warn), a docstring
that documents the rule, and `check(position)` yielding Problems. The four load-stage ids (`syntax`,
`schema`, `unknown-region`, `unknown-figure`) are found while the file is read (position.py); their
`check` yields nothing. `REGISTRY` lists them all in the spec's order.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Protocol

from armybuilder.games.wotr.position import Position
from armybuilder.games.wotr.rules import (
    action_dice,
    besieged_not_stronghold,
    character_once,
    elven_rings,
    fellowship_guide,
    fellowship_track,
    figure_pool,
    hand_limit,
    hunt_allocation,
    leader_alone,
    minion_in_free_stronghold,
    multiplayer_control,
    not_at_war_abroad,
    opposing_armies,
    political_track,
    replaced_character,
    saruman_leaves_orthanc,
    schema,
    siege_limit,
    siege_without_besieger,
    stacking_limit,
    standard_setup,
    syntax,
    unknown_figure,
    unknown_region,
    victory_claim,
    victory_points,
)
from armybuilder.problems import Problem, Severity


class Rule(Protocol):
    ID: str
    SEVERITY: Severity

    def check(self, position: Position) -> Iterator[Problem]: ...


_MODULES: tuple[ModuleType, ...] = (
    syntax,
    schema,
    unknown_region,
    unknown_figure,
    figure_pool,
    stacking_limit,
    siege_limit,
    besieged_not_stronghold,
    siege_without_besieger,
    opposing_armies,
    leader_alone,
    minion_in_free_stronghold,
    saruman_leaves_orthanc,
    character_once,
    replaced_character,
    fellowship_guide,
    fellowship_track,
    action_dice,
    hunt_allocation,
    elven_rings,
    hand_limit,
    political_track,
    not_at_war_abroad,
    victory_points,
    victory_claim,
    standard_setup,
    multiplayer_control,
)

REGISTRY: dict[str, Rule] = {m.ID: m for m in _MODULES}
LOAD_STAGE = frozenset(m.ID for m in _MODULES if getattr(m, "ORIGIN", "rule") == "load")
RULES: tuple[Rule, ...] = tuple(m for m in _MODULES if m.ID not in LOAD_STAGE)


def doc(rule: Rule) -> str:
    """A rule's documentation: its module docstring, as one paragraph per blank line."""
    text = getattr(rule, "__doc__", None) or ""
    return "\n\n".join(" ".join(part.split()) for part in text.strip().split("\n\n"))
