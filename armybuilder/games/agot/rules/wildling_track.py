"""`wildling_threat` is not a space of the Wildlings track: it moves in steps of 2 from 0 to 12."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "wildling-track"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
wildling_threat: 12
houses:
  stark: {}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
wildling_threat: 13  #! wildling-track
houses:
  stark: {}
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    steps = position.data.wildling_steps
    if position.wildling is not None and position.wildling not in steps:
        yield position.problem(
            ID,
            SEVERITY,
            f"wildling threat {position.wildling} is not on the track: it moves in steps of 2 from "
            f"{steps[0]} to {steps[-1]}",
            position.wildling_pos,
        )
