"""Units of two or more houses share one area (land, sea or port): every battle ends with the loser
retreating or destroyed, so no area holds two houses' units between actions.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position, occupied
from armybuilder.games.agot.text import and_list
from armybuilder.problems import Problem, Severity

ID = "contested-area"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  lannister:
    units: {Harrenhal: {footman: 1}}
  stark:
    units: {Riverrun: {knight: 1}}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  lannister:
    units: {Harrenhal: {footman: 1}}
  stark:
    units: {Harrenhal: {knight: 1}}  #! contested-area
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    for name, _, stacks in occupied(position):
        if len(stacks) < 2:
            continue
        houses = [position.house_name(block.id) for block, _ in reversed(stacks)]
        yield position.problem(
            ID,
            SEVERITY,
            f"{and_list(houses)} units share {name}; every battle ends with the loser retreating or "
            "destroyed: remove one side",
            stacks[-1][1].pos,
        )
