"""A battle ends with one side gone, retreated or besieged (ch.6 end of battle, l.1744-1750; retreat into a
Stronghold, l.1770-1778): army units of both sides in the open part of one region, or figures of both sides
in one Stronghold box, cannot be.

The open part needs `board`, the box `besieged`; points at the region key.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity

ID = "opposing-armies"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
board:
  Osgiliath: {gondor: {regular: 2}, sauron: {nazgul: 1}}
"""
INVALID = """\
game: war-of-the-ring
board:
  Osgiliath: {gondor: {regular: 2}, sauron: {regular: 3}}  # <- opposing-armies
"""


def check(position: Position) -> Iterator[Problem]:
    for place in position.on_board().contested:  # the board's places with army units of both sides
        yield position.problem(
            ID,
            SEVERITY,
            f"{place.region} holds both Free Peoples and Shadow army units; a battle must end with one "
            "side gone or besieged",
            place.pos,
        )
    for place in position.sieges():
        if position.side_figures(place, "free_peoples") and position.side_figures(place, "shadow"):
            yield position.problem(
                ID,
                SEVERITY,
                f"the Stronghold box of {place.region} holds both Free Peoples and Shadow figures; only its "
                "defenders withdraw into it",
                place.pos,
            )
