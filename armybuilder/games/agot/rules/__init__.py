"""The rules of A Game of Thrones: The Board Game positions, one module per rule id (§1.2 of the spec).

Each module is a rule of the kit (`armybuilder.kit.rules`): `ID`, `SEVERITY`, a docstring documenting it,
optional `ALSO` (other severities the docstring gives) and `check(position)` yielding Problems; `RULES` runs
them in order and stamps each problem with its rule's id and a documented severity. `SEVERITY` is the second
edition's; a rule whose severity differs by edition says so in its docstring and `ALSO`. The load-time ids
(`syntax`, `schema`) and the names resolved while the file is read (`unknown-house`, `unknown-area`,
`area-out-of-play`, `unknown-unit-type`) are found by the reader: `LOAD_DOCS`.

A rule with `GATED = True` returns at once unless the reader noted a way to break it in the file
(`Position.may_break`, filled in the reader's one pass over the entries); `run`, which the system calls,
does not call it at all then. The reader's notes must be generous: a rule it fails to note would be
skipped, so each note is a plain superset of the rule's own test.
"""

from __future__ import annotations

from types import ModuleType

from armybuilder.games.agot.position import Position
from armybuilder.games.agot.rules import (
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
    ship_on_land,
    special_orders_limit,
    standard_setup,
    supply_icons,
    supply_range,
    support_on_island,
    unit_cap,
    victory,
    westeros_restriction,
    wildling_track,
)
from armybuilder.kit.rules import Rules
from armybuilder.problems import Problem, ProblemDoc, Severity

_MODULES: tuple[ModuleType, ...] = (
    house_not_playing,
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

# Problems found while the file is read (position.py / deck.py), before any rule runs: documented
# entries, not rule modules.
LOAD_DOCS: tuple[ProblemDoc, ...] = (
    ProblemDoc('area-out-of-play', Severity.ERROR, 'An area is never in play (Beyond the Wall) or is left out of a 3-player second-edition game. Found while names are resolved; its units and tokens still count towards the per-house totals.', "load"),
    ProblemDoc('schema', Severity.ERROR, 'The file does not have the shape of a position file: a required key is missing, a value has the wrong type, a count is negative, a key or order token or card is unknown, or two keys name one house or area. Found while the file is read; the offending entry is left out of the model, so no other rule meets it.', "load"),
    ProblemDoc('syntax', Severity.ERROR, 'The file cannot be read as YAML (a literally repeated key included): fix the text at the position given. Found while the file is read, before any rule runs; `check` yields nothing.', "load"),
    ProblemDoc('unknown-area', Severity.ERROR, "An area name is not on the edition's map. An error in the second edition; in the first, whose area list is inferred, one note per file lists the names and the checks that need the kind of area skip them. Found while names are resolved.", "load", (Severity.NOTE,)),
    ProblemDoc('unknown-house', Severity.ERROR, "A house name (a houses or muster key, a track entry, a dominance token holder) is not a house of the file's edition: the first edition has no Martell. Found while names are resolved; the name is then ignored by every other rule.", "load"),
    ProblemDoc('unknown-unit-type', Severity.ERROR, 'A unit kind is not a unit of the edition (footman, knight, ship; siege_engine in the second edition only). Found while the file is read; such units count nowhere.', "load"),
)

RULES: Rules[Position] = Rules.of(_MODULES, LOAD_DOCS)
GATED = frozenset(m.ID for m in _MODULES if getattr(m, "GATED", False))
"""Rules that find nothing unless the reader noted a way to break them (`Position.may_break`)."""
_RUNS = tuple((rule.check, rule.stamper()) for rule in RULES)
_INDEX = {rule.id: i for i, rule in enumerate(RULES)}
_ALWAYS = tuple(i for i, rule in enumerate(RULES) if rule.id not in GATED)


def run(position: Position) -> list[Problem]:
    """Every rule's problems with `position`, as `RULES.run(position)` gives them, calling no gated rule
    the reader noted no way to break."""
    found: list[Problem] = []
    noted = position.may_break
    order = sorted([*_ALWAYS, *map(_INDEX.__getitem__, noted & GATED)]) if noted else _ALWAYS
    for i in order:
        check, stamp = _RUNS[i]
        found.extend(map(stamp, check(position)))
    return found
