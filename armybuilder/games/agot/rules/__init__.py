"""The rules of A Game of Thrones: The Board Game positions, one module per rule id (§1.2 of the spec).

Each module has `ID`, `SEVERITY` (the second edition's; a rule whose severity differs by edition says so
in its docstring), a docstring that documents the rule, and `check(position)` yielding Problems. The
load-time ids (`syntax`, `schema`) and the names resolved while the file is read (`unknown-house`,
`unknown-area`, `area-out-of-play`, `unknown-unit-type`) are found by the reader; their `check` yields
nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Protocol

from armybuilder.games.agot.position import Position
from armybuilder.games.agot.rules import (
    area_out_of_play,
    army_supply,
    consolidate_at_sea,
    contested_area,
    dominance_tokens,
    house_cards,
    house_not_playing,
    influence_tracks,
    land_unit_at_sea,
    muster_plan,
    neutral_force,
    order_supply,
    order_without_units,
    orders_one_per_area,
    port_capacity,
    port_owner,
    power_token_placement,
    power_tokens,
    round_range,
    schema,
    ship_on_land,
    special_orders_limit,
    standard_setup,
    supply_icons,
    supply_range,
    support_on_island,
    syntax,
    unit_cap,
    unknown_area,
    unknown_house,
    unknown_unit_type,
    victory,
    westeros_restriction,
    wildling_track,
)
from armybuilder.problems import Problem, Severity


class Rule(Protocol):
    ID: str
    SEVERITY: Severity

    def check(self, position: Position) -> Iterator[Problem]: ...


_MODULES: tuple[ModuleType, ...] = (
    syntax,
    schema,
    unknown_house,
    unknown_area,
    area_out_of_play,
    house_not_playing,
    unknown_unit_type,
    ship_on_land,
    land_unit_at_sea,
    port_capacity,
    port_owner,
    unit_cap,
    army_supply,
    supply_range,
    supply_icons,
    contested_area,
    neutral_force,
    house_cards,
    power_tokens,
    power_token_placement,
    influence_tracks,
    dominance_tokens,
    order_without_units,
    orders_one_per_area,
    order_supply,
    special_orders_limit,
    consolidate_at_sea,
    support_on_island,
    westeros_restriction,
    wildling_track,
    round_range,
    victory,
    standard_setup,
    muster_plan,
)

REGISTRY: dict[str, Rule] = {m.ID: m for m in _MODULES}
LOAD_IDS = frozenset(m.ID for m in _MODULES if getattr(m, "ORIGIN", "rule") == "load")
# the rules whose check does the work (the others are found while the file is read)
ACTIVE: tuple[Rule, ...] = tuple(
    m
    for m in _MODULES
    if m.ID not in LOAD_IDS and m not in (unknown_house, unknown_area, area_out_of_play, unknown_unit_type)
)
