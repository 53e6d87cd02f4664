"""A siege needs besiegers: a Stronghold box holding figures while no army unit of the other side stands in
the open part of that region (ch.6 retreat into a Stronghold, l.1780, 1784; the siege ends when the
besiegers leave, l.1800-1803).

A warning (the file may have been written between two moves). Needs `board` and `besieged`; points at the
region key under `besieged`. A box holding both sides is left to `opposing-armies`.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.data import SIDES
from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity

ID = "siege-without-besieger"
SEVERITY = Severity.WARNING
VALID = """\
game: war-of-the-ring
board: {}
besieged:
  Minas Tirith: {}
"""
INVALID = """\
game: war-of-the-ring
board: {}
besieged:
  Minas Tirith: {gondor: {regular: 2}}  # <- siege-without-besieger
"""


def check(position: Position) -> Iterator[Problem]:
    if position.board is None or position.besieged is None:
        return
    data = position.data
    for place in position.sieges():
        inside = [side for side in SIDES if position.side_figures(place, side)]
        if len(inside) != 1:
            continue
        outside = position.board.get(place.region)
        besiegers = 0 if outside is None else position.side_army(outside, data.other_side(inside[0]))
        if besiegers == 0:
            yield position.problem(
                ID,
                SEVERITY,
                f"nothing besieges {place.region}: put its defenders back in the region",
                place.pos,
            )
