"""Second edition: a port holds at most 3 ships, all houses together (rulebook p.25, Ports)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position, occupied_of
from armybuilder.problems import Problem, Severity

ID = "port-capacity"
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
      Port of Lannisport: {ship: 3}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  lannister:
    units:
      Lannisport: {footman: 1}
      Port of Lannisport: {ship: 4}  #! port-capacity
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    if position.edition.number != 2:
        return
    cap = position.data.port_capacity
    for area, stacks in occupied_of(position, "port"):
        total = sum(s.counts.get("ship", 0) for _, s in stacks)
        if total <= cap:
            continue
        running = 0
        for _, stack in stacks:
            running += stack.counts.get("ship", 0)
            if running > cap:
                over = total - cap
                it = "it" if over == 1 else "them"
                yield position.problem(
                    ID,
                    SEVERITY,
                    f"{area.name} holds {total} ships; a port holds at most {cap}: move {over} to {area.sea} "
                    f"or destroy {it}",
                    stack.pos,
                )
                break
