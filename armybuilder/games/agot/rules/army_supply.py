"""A house's armies (two or more units in one area) do not fit its row of the Supply track. The message
names the fewest units to destroy. Skipped when the house's supply is absent or off the track.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.games.agot.supply import cuts, destroy_text, sizes
from armybuilder.games.agot.text import numbers
from armybuilder.problems import Problem, Severity

ID = "army-supply"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 1
players: 5
round: 3
houses:
  lannister:
    supply: 5
    units:
      Harrenhal: {footman: 2, knight: 2}
      Riverrun: {footman: 3}
      Seagard: {footman: 2}
      Stoney Sept: {footman: 2}
      Lannisport: {footman: 1}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:  #! army-supply
    supply: 1
    units:
      Winterfell: {footman: 3}
      Moat Cailin: {footman: 3}
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    track = position.data.supply_track
    for block in position.houses.values():
        if block.supply is None or not 0 <= block.supply < len(track) or block.stacks is None:
            continue
        row = track[block.supply]
        armies = position.armies(block)
        found = cuts(armies, row)
        if found:
            yield position.problem(
                ID,
                SEVERITY,
                f"{block.name} (supply {block.supply}) may field armies of {numbers(row)}; "
                f"it has {numbers(sizes(armies))}: {destroy_text(found)}",
                block.pos,
            )
