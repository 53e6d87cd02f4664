"""At most 10 army units (regulars and elites) of one side, all its nations together, stand in the open part
of one region (ch.2 armies, l.470-472; ch.6 army composition and stacking, l.1463, 1471; ch.11, l.2545).

Leaders, Nazgûl and characters do not count. Points at the region key under `board`.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.data import SIDES
from armybuilder.games.wotr.position import Position
from armybuilder.games.wotr.words import SIDE_WORDS
from armybuilder.problems import Problem, Severity

ID = "stacking-limit"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
board:
  Gorgoroth: {sauron: {regular: 10, nazgul: 3}}
"""
INVALID = """\
game: war-of-the-ring
board:
  Minas Tirith: {gondor: {regular: 5, elite: 1}, rohan: {elite: 5}}  # <- stacking-limit
"""


def check(position: Position) -> Iterator[Problem]:
    if position.board is None:
        return
    limit = position.data.region_limit
    side_army = position.side_army
    for place in position.on_board().crowded:  # the board's places with a side over the limit
        for side in SIDES:
            units = side_army(place, side)
            if units > limit:
                yield position.problem(
                    ID,
                    SEVERITY,
                    f"{place.region} holds {units} {SIDE_WORDS[side]} army units; at most {limit} may stand in "
                    f"one region; remove {units - limit} to reinforcements",
                    place.pos,
                )
