"""A ship stands in a land area (the islands Dragonstone, Pyke and The Arbor are land). Ships belong in
sea areas and, in the second edition, ports.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position, occupied_of
from armybuilder.problems import Problem, Severity

ID = "ship-on-land"
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
      Lannisport: {footman: 1}
      Port of Lannisport: {ship: 1}
"""
INVALID = """\
game: agot-board-game
edition: 1
players: 5
round: 3
houses:
  greyjoy:
    units:
      Pyke: {ship: 1}  #! ship-on-land
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    ports = position.edition.number == 2
    where = "sea areas or ports" if ports else "sea areas"
    for area, stacks in occupied_of(position, "land"):
        port = f"; its port is {area.port}" if area.port else ""
        for _, stack in stacks:
            if stack.counts.get("ship"):
                yield position.problem(
                    ID, SEVERITY, f"ships may only be in {where}: {area.name} is a land area{port}", stack.pos
                )
