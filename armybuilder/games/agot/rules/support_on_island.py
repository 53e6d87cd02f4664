"""A support order stands on Dragonstone, Pyke or The Arbor: no land area borders them and land units
cannot support a battle at sea. The first edition forbids it (an error); in the second it supports
nothing (a warning).
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.data import SUPPORT
from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "support-on-island"
SEVERITY = Severity.ERROR
ALSO = (Severity.WARNING,)  # see the docstring
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  greyjoy:
    units: {Pyke: {footman: 1}}
    orders: {Pyke: defense-plus1}
"""
INVALID = """\
game: agot-board-game
edition: 1
players: 5
round: 3
houses:
  greyjoy:
    units: {Pyke: {footman: 1}}
    orders:
      Pyke: support  #! support-on-island
"""
TOKENS = SUPPORT


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    ed = position.edition
    for block in position.houses.values():
        for order in block.orders or ():
            name = order.place.name
            if order.token not in TOKENS or name not in ed.islands or order.place.status != "ok":
                continue
            if ed.island_support_error:
                yield position.problem(
                    ID,
                    SEVERITY,
                    f"the first edition forbids support orders on {name}: no land area borders it; place another order",
                    order.pos,
                )
            else:
                yield position.problem(
                    ID,
                    Severity.WARNING,
                    f"a support order on {name} supports nothing: no land area borders it",
                    order.pos,
                )
