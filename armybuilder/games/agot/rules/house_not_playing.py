"""A house of the edition that is not used at this player count has a block under `houses` or a plan
under `muster`. The block is still checked by the other rules.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "house-not-playing"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  martell: {supply: 2}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 4
round: 3
houses:
  martell: {supply: 2}  #! house-not-playing
"""


def _why(position: Position, hid: str) -> str:
    players = position.players
    if position.edition.number == 1:
        return (
            "its starting units stay on the board as neutral strength: list their areas under neutral_forces "
            f"and remove the {hid} block"
        )
    if players == 3:
        return f"its areas are out of play: remove the {hid} block"
    return f"neutral force tokens stand in its areas instead: remove the {hid} block"


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    playing = position.playing
    if playing is None:
        return
    for hid, block in position.houses.items():
        if hid not in playing:
            yield position.problem(
                ID,
                SEVERITY,
                f"{block.name} is not played in a {position.players}-player game; {_why(position, hid)}",
                block.pos,
            )
    for plan in position.muster or ():
        if plan.house not in playing:
            yield position.problem(
                ID,
                SEVERITY,
                f"{position.house_name(plan.house)} is not played in a {position.players}-player game: "
                f"remove its muster plan",
                plan.pos,
            )
