"""A mustering plan (`muster`) breaks a mustering rule, checked against the position in the same file:
the source area is not the house's, gives no mustering points or fewer than the plan spends; an upgrade
finds no footman to upgrade; a ship goes to a sea area that is not next to the source (or its port), holds
another house's ships, or would overfill a port; or a new unit would break a unit cap or the supply limit
that held before the plan. First-edition points and coasts the seed does not give are skipped (one note).
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.data import UNIT_SINGULAR, Area
from armybuilder.games.agot.position import HouseBlock, MusterItem, MusterPlan, Position
from armybuilder.games.agot.supply import fits
from armybuilder.games.agot.text import and_list, numbers, units
from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos

ID = "muster-plan"
SEVERITY = Severity.ERROR
ALSO = (Severity.NOTE,)  # see the docstring
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  lannister:
    supply: 2
    units:
      Lannisport: {footman: 1}
      Port of Lannisport: {ship: 1}
muster:
  lannister:
    Lannisport: [{ship: Port of Lannisport}]
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  greyjoy:
    supply: 2
    units:
      Pyke: {footman: 1}
      Seagard: {footman: 1}
  lannister:
    units: {Ironman's Bay: {ship: 1}}
muster:
  greyjoy:
    Seagard: [{ship: Ironman's Bay}]  #! muster-plan
"""
LIVE = ("ok", "noted")


class _Plan:
    """One house's units as the plan places them, item by item."""

    def __init__(self, position: Position, block: HouseBlock) -> None:
        self.position = position
        self.block = block
        self.units = {name: dict(s.counts) for name, s in (block.stacks or {}).items()}
        ed = position.edition
        self.totals = dict(block.unit_totals())
        self.caps_broken = {k for k in ed.units if self.totals.get(k, 0) > ed.caps[k]}
        track = position.data.supply_track
        supply = block.supply
        self.row = track[supply] if supply is not None and 0 <= supply < len(track) else None
        self.supply_ok = self.row is not None and fits(self.armies(), self.row)

    def armies(self) -> list[tuple[str, int]]:
        result = []
        for name, kinds in self.units.items():
            size = sum(kinds.values())
            if size >= 2:
                result.append((name, size))
        return result

    def add(self, area: str, kind: str, n: int = 1) -> None:
        kinds = self.units.setdefault(area, {})
        kinds[kind] = kinds.get(kind, 0) + n
        self.totals[kind] = self.totals.get(kind, 0) + n


def _cost(position: Position, item: MusterItem) -> int:
    data = position.data
    if item.what == "upgrade":
        return data.upgrade_cost.get(item.unit, 1)
    return data.muster_cost.get(item.unit, 1)


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    if not position.muster:
        return
    skipped: list[str] = []
    note_pos: list[Pos] = []
    for plan in position.muster:
        block = position.houses.get(plan.house)
        if block is not None:
            yield from _plan(position, plan, block, skipped, note_pos)
    if skipped:
        yield position.problem(
            ID,
            Severity.NOTE,
            "not checked in the first edition, whose rulebook gives only part of the map: "
            + "; ".join(dict.fromkeys(skipped)),
            min(note_pos),
        )


def _plan(
    position: Position, plan: MusterPlan, block: HouseBlock, skipped: list[str], note_pos: list[Pos]
) -> Iterator[Problem]:
    ed = position.edition
    held = position.control().get(block.id, frozenset())
    sim = _Plan(position, block)
    reported: set[str] = set()
    for source in plan.sources:
        place = source.place
        if place.status not in LIVE:
            continue
        name = place.name
        area = place.area
        if name not in held:
            yield position.problem(
                ID,
                SEVERITY,
                f"{block.name} does not control {name}: only its own castles and strongholds muster for it; "
                "take the area first or muster elsewhere",
                source.pos,
            )
        points = ed.muster_points.get(name)
        spent = sum(_cost(position, item) for item in source.items)
        if points is None:
            skipped.append(f"the mustering points of {name}")
            note_pos.append(source.pos)
        elif points == 0:
            yield position.problem(
                ID,
                SEVERITY,
                f"{name} has no city, castle or stronghold: it gives no mustering points; muster elsewhere",
                source.pos,
            )
        elif spent > points:
            yield position.problem(
                ID,
                SEVERITY,
                f"{name} gives {points} mustering point{'s' if points != 1 else ''}; the plan spends {spent}: "
                f"drop {spent - points} point{'s' if spent - points != 1 else ''} of units",
                source.pos,
            )
        for item in source.items:
            where, grown = name, item.unit
            if item.what == "upgrade":
                if sim.units.get(name, {}).get("footman", 0) <= 0:
                    yield position.problem(
                        ID,
                        SEVERITY,
                        f"no {block.name} footman is left in {name} to upgrade to a {UNIT_SINGULAR[item.unit]}: "
                        "muster the unit new or drop the upgrade",
                        item.pos,
                    )
                    continue
                sim.add(name, "footman", -1)
                sim.add(name, item.unit)
            elif item.what == "unit":
                sim.add(name, item.unit)
            else:
                target = item.target
                if target is None or target.status not in LIVE:
                    continue
                where = target.name
                problem = _ship_target(position, block, name, area, target.name, target.area, sim)
                if problem == "skip":
                    skipped.append(f"whether {target.name} touches {name}")
                    note_pos.append(item.pos)
                elif problem:
                    yield position.problem(ID, SEVERITY, problem, item.pos)
                sim.add(target.name, "ship")
            yield from _limits(position, block, sim, item, where, grown, reported)


def _ship_target(
    position: Position,
    block: HouseBlock,
    source: str,
    source_area: Area | None,
    target: str,
    target_area: Area | None,
    sim: _Plan,
) -> str | None:
    """What is wrong with a ship mustered into `target` (None: nothing; "skip": not judged). Every house's
    stacks are made only here (`Position.presence`), for a plan that musters a ship."""
    presence = position.presence()
    ed = position.edition
    port = source_area.port if ed.number == 2 and source_area is not None else None
    cap = position.data.port_capacity
    if port is not None and target == port:
        others = sum(s.counts.get("ship", 0) for h, s in presence.get(target, {}).items() if h != block.id)
        own = sim.units.get(target, {}).get("ship", 0)
        if others + own + 1 > cap:
            return f"{target} would hold {others + own + 1} ships; a port holds at most {cap}: muster the ship at sea"
        return None
    seas = ed.muster_seas.get(source)
    kind = target_area.kind if target_area is not None else None
    skip = False
    if ed.number == 1:  # the seed gives some coasts only: a sea it does not list is not judged (step 5.3)
        if kind == "land":
            return f"a ship is mustered into a sea area next to {source}: {target} is a land area"
        if kind is None:  # an area of unknown kind: the unknown-area note names it
            return None
        skip = seas is None or target not in seas
        seas = seas or ()
    elif seas is None:
        seas = ()
    if target not in seas and not skip:
        also = f" or {port}" if port else ""
        listed = and_list(seas) if seas else "none"
        return (
            f"a ship mustered in {source} goes to a sea area next to it{also}, not {target}: "
            f"its seas are {listed}"
        )
    holders = [h for h, s in presence.get(target, {}).items() if h != block.id and s.counts.get("ship")]
    if holders:
        return (
            f"{target} holds {position.house_name(holders[0])} ships: no ship may be mustered there; "
            "choose another sea area"
        )
    return "skip" if skip else None


def _limits(
    position: Position,
    block: HouseBlock,
    sim: _Plan,
    item: MusterItem,
    where: str,
    kind: str,
    reported: set[str],
) -> Iterator[Problem]:
    ed = position.edition
    what = f"the {UNIT_SINGULAR.get(kind, kind)}"
    if item.what == "upgrade":
        what = f"the upgrade to a {UNIT_SINGULAR.get(kind, kind)}"
    if kind in ed.caps and kind not in sim.caps_broken and kind not in reported:
        have, cap = sim.totals.get(kind, 0), ed.caps[kind]
        if have > cap:
            reported.add(kind)
            yield position.problem(
                ID,
                SEVERITY,
                f"{what} in {where} would give {block.name} {units(have, kind)}; a house owns only {cap} in the "
                f"{ed.word} edition: leave it out of the plan",
                item.pos,
            )
    if sim.supply_ok and sim.row is not None and "supply" not in reported:
        armies = sim.armies()
        if not fits(armies, sim.row):
            reported.add("supply")
            size = sum(sim.units.get(where, {}).values())
            sizes = sorted((s for _, s in armies), reverse=True)
            yield position.problem(
                ID,
                SEVERITY,
                f"{what} would grow the army in {where} to {size} (armies {numbers(sizes)}); {block.name} "
                f"(supply {block.supply}) may field armies of {numbers(sim.row)}: leave it out of the plan",
                item.pos,
            )
