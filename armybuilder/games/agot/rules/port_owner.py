"""Second edition: a house has ships in a port whose land area it does not control; only the house
that controls the land area may use its port (rulebook p.25).
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position, occupied_of
from armybuilder.problems import Problem, Severity

ID = "port-owner"
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
      Port of Lannisport: {ship: 1}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  greyjoy:
    units:
      Port of Lannisport: {ship: 1}  #! port-owner
  lannister:
    units: {Stoney Sept: {footman: 1}}
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    if position.edition.number != 2:
        return
    for area, stacks in occupied_of(position, "port"):
        land = area.land or ""
        for block, stack in stacks:
            if not stack.counts.get("ship") or land in position.control().get(block.id, ()):
                continue
            yield position.problem(
                ID,
                SEVERITY,
                f"{block.name} has ships in {area.name} but does not control {land}; only the house that "
                f"controls {land} may use its port: destroy the ships or take {land}",
                stack.pos,
            )
