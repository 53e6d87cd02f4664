"""A Consolidate Power order stands in a sea area. The first edition forbids it (an error); in the
second it is legal but gains nothing (a warning), while in a port it gives power as usual.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "consolidate-at-sea"
SEVERITY = Severity.ERROR
ALSO = (Severity.WARNING,)  # see the docstring
TOKENS = ("consolidate", "consolidate-star")


def check(position: Position) -> Iterator[Problem]:
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
