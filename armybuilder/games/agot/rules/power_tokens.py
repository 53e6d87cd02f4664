"""A house has more than its 20 power tokens out: the tokens available plus those on the board,
every listed token counted, legal or not.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "power-tokens"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:
    power_available: 18
    power_on_board: [Karhold, The Twins]
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:  #! power-tokens
    power_available: 19
    power_on_board: [Karhold, The Twins]
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    owned = position.data.power_per_house
    for block in position.houses.values():
        if block.power_available is None and block.tokens is None:
            continue
        available = block.power_available or 0
        board = len(block.tokens or ())
        if available + board > owned:
            yield position.problem(
                ID,
                SEVERITY,
                f"{block.name} has {available + board} power tokens out ({available} available, {board} on the "
                f"board); a house owns {owned}: remove {available + board - owned}",
                block.pos,
            )
