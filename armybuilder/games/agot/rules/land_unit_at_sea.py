"""A footman, knight or siege engine stands in a sea area or (second edition) a port: land units
belong in land areas.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position, occupied_of
from armybuilder.problems import Problem, Severity

ID = "land-unit-at-sea"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  lannister:
    units:
      Lannisport: {footman: 1, knight: 1, siege_engine: 1}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  lannister:
    units:
      The Golden Sound: {footman: 1}  #! land-unit-at-sea
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    units = "footmen, knights and siege engines" if position.edition.number == 2 else "footmen and knights"
    for area, stacks in occupied_of(position, "sea", "port"):
        what = "sea area" if area.kind == "sea" else "port"
        for _, stack in stacks:
            if stack.land:
                yield position.problem(
                    ID, SEVERITY, f"{units} may only be in land areas: {area.name} is a {what}", stack.pos
                )
