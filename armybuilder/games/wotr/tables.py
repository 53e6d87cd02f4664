"""Plain tables of a read position, shared by `show`, the Markdown and HTML pages and the JSON export."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from armybuilder.games.base import Summary, Tally
from armybuilder.games.wotr.data import SIDES
from armybuilder.games.wotr.position import Place, Position, Stack, Value
from armybuilder.games.wotr.words import SIDE_WORDS

SECTIONS = ("board", "besieged", "reinforcements", "casualties")


@dataclass(frozen=True)
class FigureRow:
    """One nation and figure kind: where its figures are, per section (None: the section is not stated)."""

    nation: str
    kind: str
    board: int | None
    besieged: int | None
    reinforcements: int | None
    casualties: int | None
    box: int  # the box count

    @property
    def in_box(self) -> int:
        """Figures still in the game box: the box count less every stated section."""
        out = sum(n for n in (self.board, self.besieged, self.reinforcements, self.casualties) if n)
        return self.box - out


def _sum_places(section: dict[str, Place] | None, nation: str, kind: str) -> int | None:
    if section is None:
        return None
    return sum(place.stacks[nation].get(kind) for place in section.values() if nation in place.stacks)


def _pool(section: dict[str, Stack] | None, nation: str, kind: str) -> int | None:
    if section is None:
        return None
    stack = section.get(nation)
    return 0 if stack is None else stack.get(kind)


def figure_rows(position: Position) -> list[FigureRow]:
    rows = []
    for nation in position.data.nations.values():
        for kind, box in nation.box.items():
            casualties = _pool(position.casualties, nation.key, kind)
            rows.append(
                FigureRow(
                    nation.key,
                    kind,
                    _sum_places(position.board, nation.key, kind),
                    _sum_places(position.besieged, nation.key, kind),
                    _pool(position.reinforcements, nation.key, kind),
                    casualties,
                    box,
                )
            )
    return rows


def unstated(position: Position) -> list[str]:
    return [name for name in SECTIONS if getattr(position, name) is None]


def limit_breaks(position: Position) -> list[str]:
    """The regions that break a figure limit: too many army units in the open, or in a Stronghold box."""
    found = []
    data = position.data
    for place in (position.board or {}).values():
        for side in SIDES:
            units = position.side_army(place, side)
            if units > data.region_limit:
                found.append(
                    f"{place.region}: {units} {SIDE_WORDS[side]} army units (at most {data.region_limit})"
                )
    for place in position.sieges():
        units = sum(s.army_units for s in place.stacks.values())
        if units > data.siege_limit:
            found.append(f"{place.region} (besieged): {units} army units (at most {data.siege_limit})")
    return found


def _values(section: dict[str, Value] | None) -> dict[str, Any] | None:
    return None if section is None else {key: v.value for key, v in section.items()}


def _places(section: dict[str, Place] | None) -> dict[str, Any] | None:
    if section is None:
        return None
    return {region: {n: dict(s.counts) for n, s in place.stacks.items()} for region, place in section.items()}


def _pools(section: dict[str, Stack] | None) -> dict[str, Any] | None:
    return None if section is None else {n: dict(s.counts) for n, s in section.items()}


def position_data(position: Position) -> dict[str, Any]:
    """The position as plain data with canonical names; sections the file does not state are left out."""
    p = position
    out: dict[str, Any] = {"players": p.players}
    for key in ("edition", "turn", "phase", "result"):
        value = getattr(p, key)
        if value is not None:
            out[key] = value.value
    if p.name is not None:
        out["name"] = p.name
    stated: dict[str, Any] = {
        "board": _places(p.board),
        "besieged": _places(p.besieged),
        "captured": None if p.captured is None else {r: c.side for r, c in p.captured.items()},
        "reinforcements": _pools(p.reinforcements),
        "casualties": _pools(p.casualties),
        "fellowship": None,
        "characters": None if p.characters is None else {n: c.region for n, c in p.characters.items()},
        "eliminated": None if p.eliminated is None else [n.name for n in p.eliminated],
        "action_dice": _values(p.action_dice),
        "hunt": _values(p.hunt),
        "elven_rings": _values(p.elven_rings),
        "political": None,
        "hands": _values(p.hands),
        "victory_points": _values(p.victory_points),
        "control": None if p.control is None else {k: [n.name for n in v] for k, v in p.control.items()},
    }
    if p.fellowship is not None:
        fellowship: dict[str, Any] = {k: v.value for k, v in p.fellowship.fields.items()}
        if p.fellowship.companions is not None:
            fellowship["companions"] = [c.name for c in p.fellowship.companions]
        stated["fellowship"] = fellowship
    if p.political is not None:
        stated["political"] = {
            n: {k: v.value for k, v in (("box", e.box), ("active", e.active)) if v is not None}
            for n, e in p.political.items()
        }
    out.update({k: v for k, v in stated.items() if v is not None})
    return out


def title(position: Position) -> str:
    if position.name:
        return position.name
    if position.turn is None:
        return "position"
    if position.turn.value == 0:
        return "turn 0 position (set-up)"
    return f"turn {position.turn.value} position"


def summary(position: Position) -> Summary:
    data = position.data
    tallies = []
    for side, label in (("shadow", "Shadow VP"), ("free_peoples", "Free Peoples VP")):
        recorded = None if position.victory_points is None else position.victory_points.get(side)
        if recorded is not None:
            vp = recorded.value
        else:  # worked out from `captured` only when not recorded
            computed = position.captured_vp(side)
            vp = computed[0] if computed is not None else None
        if vp is not None:
            tallies.append(Tally(label, vp, data.vp_needed[side]))
    fellowship = position.fellowship
    if fellowship is not None and "corruption" in fellowship.fields:
        tallies.append(Tally("corruption", fellowship.fields["corruption"].value, data.corruption_max))
    details: dict[str, Any] = {"players": position.players}
    for key in ("turn", "phase", "result"):
        value = getattr(position, key)
        if value is not None:
            details[key] = value.value
    guide = None if fellowship is None else fellowship.value("guide")
    return Summary(title=title(position), side=None, leader=guide, tallies=tuple(tallies), details=details)
