"""Two order keys of one house name the same area (for example `Riverrun` and `奔流城`): an area takes
one order, however many units stand there. A key repeated literally is a `syntax` error instead.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Order, Position
from armybuilder.problems import Problem, Severity

ID = "orders-one-per-area"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  lannister:
    units: {Riverrun: {footman: 1}, Harrenhal: {footman: 1}}
    orders: {Riverrun: march-0, Harrenhal: march-minus1}
"""
INVALID = """\
game: agot-board-game
edition: 1
players: 5
round: 3
houses:
  lannister:
    units: {Riverrun: {footman: 1}}
    orders:
      Riverrun: march-0
      奔流城: raid  #! orders-one-per-area
"""
WORDS = {2: "two", 3: "three", 4: "four"}


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    for block in position.houses.values():
        if not block.orders or len(block.orders) < 2:
            continue
        by_area: dict[str, list[Order]] = {}
        for order in block.orders:
            if order.place.status in ("ok", "noted"):
                by_area.setdefault(order.place.name, []).append(order)
        for name, orders in by_area.items():
            if len(orders) < 2:
                continue
            quoted = [f'"{o.key}"' for o in orders]  # exactly as written: "Pyke" and "Pyke " differ
            keys = "keys " + (" and ".join(quoted) if len(quoted) == 2 else ", ".join(quoted[:-1]) + " and " + quoted[-1])
            for order in orders[1:]:
                yield position.problem(
                    ID,
                    SEVERITY,
                    f"{name} has {WORDS.get(len(orders), str(len(orders)))} orders ({keys}); an area takes one order, however many units "
                    "are there: keep one",
                    order.pos,
                )
