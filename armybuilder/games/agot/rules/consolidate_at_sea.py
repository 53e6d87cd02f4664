"""A Consolidate Power order stands in a sea area. The first edition forbids it (an error); in the
second it is legal but gains nothing (a warning), while in a port it gives power as usual.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.data import CONSOLIDATE
from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "consolidate-at-sea"
SEVERITY = Severity.ERROR
ALSO = (Severity.WARNING,)  # see the docstring
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  lannister:
    units: {Lannisport: {footman: 1}, Port of Lannisport: {ship: 1}}
    orders: {Port of Lannisport: consolidate}
"""
INVALID = """\
game: agot-board-game
edition: 1
players: 5
round: 3
houses:
  greyjoy:
    units: {Ironman's Bay: {ship: 1}}
    orders:
      Ironman's Bay: consolidate  #! consolidate-at-sea
"""
TOKENS = CONSOLIDATE


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    first = position.edition.number == 1
    for block in position.houses.values():
        for order in block.orders or ():
            area = order.place.area
            if order.token not in TOKENS or area is None or area.kind != "sea" or order.place.status != "ok":
                continue
            if first:
                yield position.problem(
                    ID,
                    SEVERITY,
                    f"Consolidate Power orders go on land areas only: {area.name} is a sea area; place another order",
                    order.pos,
                )
            else:
                yield position.problem(
                    ID,
                    Severity.WARNING,
                    f"a Consolidate Power order in {area.name} gains nothing: only land areas and ports give power",
                    order.pos,
                )
