"""The victory points recorded match the settlements captured (ch.2 settlements, l.598-638; ch.6 capturing
settlements, l.1835-1850; ch.10 victory points, l.2424-2442): a side's VP are the sum, over `captured`, of
the other side's settlements it now holds (City 1, Stronghold 2, Town 0).

Also errors: a `captured` entry giving a side one of its own settlements (a recapture removes the marker
instead), and a `captured` entry on a region that is not a settlement (the two fortifications are not).
The sum needs the side's `victory_points` value and `captured`; points at that value, or at the entry.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.data import SIDES
from armybuilder.games.wotr.position import Position
from armybuilder.games.wotr.words import SIDE_NAMES, SIDE_WORDS, join
from armybuilder.problems import Problem, Severity

ID = "victory-points"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
captured: {}
victory_points: {shadow: 0}
"""
INVALID = """\
game: war-of-the-ring
captured:
  Osgiliath: shadow  # <- victory-points
"""


def check(position: Position) -> Iterator[Problem]:
    if position.captured is None:
        return
    data = position.data
    for entry in position.captured.values():
        region = data.regions[entry.region]
        owner = data.owner_side(entry.region)
        if not region.is_settlement:
            what = (
                "a fortification, not a settlement"
                if region.settlement == "fortification"
                else "not a settlement"
            )
            yield position.problem(
                ID,
                SEVERITY,
                f"{entry.region} is {what}, so it cannot be captured; remove it from captured",
                entry.pos,
            )
        elif owner == entry.side:
            yield position.problem(
                ID,
                SEVERITY,
                f"{entry.region} belongs to {SIDE_NAMES[owner]}; a recaptured settlement loses its marker, so "
                "remove it from captured",
                entry.pos,
            )
    if position.victory_points is None:
        return
    for side in SIDES:
        recorded = position.victory_points.get(side)
        computed = position.captured_vp(side)
        if recorded is None or computed is None:
            continue
        vp, names = computed
        if recorded.value != vp:
            other = SIDE_WORDS[data.other_side(side)]
            verb = "controls" if side == "shadow" else "control"
            listed = f" ({join(names)})" if names else ""
            yield position.problem(
                ID,
                SEVERITY,
                f"{SIDE_NAMES[side]} {verb} {vp} VP of {other} settlements{listed}, not {recorded.value}",
                recorded.pos,
            )
