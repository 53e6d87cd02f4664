"""Reading a position file's `muster` plans (a house's purchases by source area) for the reader
(`reader.py`): each house and area name resolved as the reader resolves them, each item read into a
`MusterItem` by what it means in the edition; the plans' rules are `rules/muster_plan.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from armybuilder.games.agot.data import LAND_UNITS
from armybuilder.games.agot.nodes import item_at as _item_pos
from armybuilder.games.agot.nodes import key_at as _key_pos
from armybuilder.games.agot.nodes import value_at as _val_pos
from armybuilder.games.agot.position import MusterItem, MusterPlan, MusterSource, Position
from armybuilder.games.agot.text import show
from armybuilder.yamlpos import Pos

if TYPE_CHECKING:
    from armybuilder.games.agot.reader import Reader

_EMPTY_SHIP = "a mustered ship needs its sea area: write {ship: The Golden Sound} (or the port, edition 2)"


def _blank(v: Any) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


def read_muster(r: Reader, value: dict[Any, Any], pos: Position) -> None:
    if "muster" not in value or not r.shaped(isinstance(value["muster"], dict)):
        return
    v = value["muster"]
    plans: list[MusterPlan] = []
    seen: set[str] = set()
    for key, sources in v.items():
        kpos = _key_pos(v, key)
        hid = r.house(key, kpos, "a muster house", key=True)
        if hid is None or hid in seen or hid not in pos.houses:
            r.unread += 1
        if hid is None:
            continue
        name = r.data.house_names[hid]
        if hid in seen:
            r.schema(f"{show(key)} names {name} again in muster: this plan is ignored; merge the two", kpos)
            continue
        seen.add(hid)
        if pos.players is not None and hid not in r.ed.playing_sets.get(pos.players, ()):
            pos.may_break.add("house-not-playing")
        if hid not in pos.houses:
            r.schema(
                f"muster has a plan for {name}, which has no block under houses: add its block "
                "(the plan is checked against its units)",
                kpos,
            )
            plans.append(MusterPlan(hid, kpos, []))  # not read (A4); its key still meets house-not-playing
            continue
        if r.shaped(isinstance(sources, dict)):
            plans.append(muster_plan(r, hid, kpos, sources))
    pos.muster = plans
    if plans:
        pos.may_break.add("muster-plan")

def muster_plan(r: Reader, hid: str, kpos: Pos, sources: dict[Any, Any]) -> MusterPlan:
    plan = MusterPlan(hid, kpos, [])
    by_area: dict[str, MusterSource] = {}
    source_keys: dict[str, Any] = {}
    for skey, items in sources.items():
        spos = _key_pos(sources, skey)
        place = r.place(skey, spos, "a muster source area", key=True)
        if place is None or not r.shaped(isinstance(items, list)):
            continue
        parsed = [m for i, item in enumerate(items) if (m := muster_item(r, item, _item_pos(items, i)))]
        source = by_area.get(place.name)
        if source is None:
            source = by_area[place.name] = MusterSource(place, spos, [])
            source_keys[place.name] = skey
            plan.sources.append(source)
        else:
            r.again(skey, place.name, source_keys[place.name], source.pos, "the plans are added together; merge the two entries", spos)
        source.items.extend(parsed)
    return plan

def muster_item(r: Reader, item: Any, where: Pos) -> MusterItem | None:
    """One purchase: a unit, {ship: AREA} or {upgrade: knight}; what an item means is the edition's."""
    if _blank(item):
        r.schema(
            "a muster item is empty: write a unit (footman, knight, siege_engine), {ship: AREA} or {upgrade: knight}",
            where,
        )
        return None
    if isinstance(item, str):
        kind = item.strip()
        if kind == "ship":
            r.schema(_EMPTY_SHIP, where)
        elif kind in LAND_UNITS and kind in r.ed.units:
            return MusterItem("unit", kind, where)
        else:
            r.unknown_unit(kind, where)
        return None
    if not r.shaped(isinstance(item, dict) and len(item) == 1 and set(item) <= {"ship", "upgrade"}):
        return None
    ((key, target),) = item.items()
    tpos = _val_pos(item, key)
    if _blank(target):
        what = _EMPTY_SHIP if key == "ship" else "an upgrade needs its unit: write {upgrade: knight} or {upgrade: siege_engine}"
        r.schema(what, tpos)
        return None
    if key == "ship":
        place = r.place(target, tpos, "a mustered ship's area")
        return MusterItem("ship", "ship", where, place) if place is not None else None
    if not r.shaped(isinstance(target, str)):
        return None
    kind = target.strip()
    if kind in ("footman", "ship"):
        r.schema(
            f"a footman can be upgraded only to a knight or a siege engine, not to a {kind}: write {{upgrade: knight}}",
            tpos,
        )
    elif kind in r.ed.units:
        return MusterItem("upgrade", kind, where)
    else:
        r.unknown_unit(kind, tpos)
    return None
