"""A house's `supply` is not a level of the Supply track (0 to 6)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "supply-range"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:
    supply: 0
  lannister:
    supply: 6
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:
    supply: 7  #! supply-range
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    top = len(position.data.supply_track) - 1
    for block in position.houses.values():
        if block.supply is not None and not 0 <= block.supply <= top:
            yield position.problem(
                ID,
                SEVERITY,
                f"{block.name}: supply {block.supply} is off the Supply track (0 to {top}): "
                "set the level its supply icons give",
                block.supply_pos,
            )
