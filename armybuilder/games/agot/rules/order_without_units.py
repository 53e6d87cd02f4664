"""An order stands on an area where its house has no unit: only an area with a unit of the house
receives an order.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "order-without-units"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:
    orders: {Winterfell: march-0}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:
    units: {Winterfell: {footman: 1}}
    orders:
      Winterfell: march-0
      Karhold: raid  #! order-without-units
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    for block in position.houses.values():
        if not block.orders or block.stacks is None:
            continue
        for order in block.orders:
            if order.place.status not in ("ok", "noted"):
                continue
            stack = block.stacks.get(order.place.name)
            if stack is None or stack.total <= 0:
                yield position.problem(
                    ID,
                    SEVERITY,
                    f"{block.name} has no unit in {order.place.name} to receive an order: remove the order",
                    order.pos,
                )
