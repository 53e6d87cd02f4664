"""`round` is not a round of the game: the game lasts 10 rounds."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "round-range"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 10
houses:
  stark: {}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 0  #! round-range
houses:
  stark: {}
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    rounds = position.data.rounds
    if position.round is not None and not 1 <= position.round <= rounds:
        yield position.problem(
            ID,
            SEVERITY,
            f"round {position.round} does not exist: the game lasts {rounds} rounds; write a round from 1 to {rounds}",
            position.round_pos,
        )
