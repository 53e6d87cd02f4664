"""A house has more units of one kind, in all its `units` entries together, than the game gives it:
first edition 10 footmen, 4 knights, 5 ships (the seed's figure; its component list reads as 6);
second edition 10 footmen, 5 knights, 6 ships, 2 siege engines.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.games.agot.text import units
from armybuilder.problems import Problem, Severity

ID = "unit-cap"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:
    units:
      Winterfell: {knight: 3}
      Moat Cailin: {knight: 2}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:  #! unit-cap
    units:
      Winterfell: {knight: 3}
      Moat Cailin: {knight: 3}
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    ed = position.edition
    for block in position.houses.values():
        if block.stacks is None:
            continue
        totals = block.unit_totals()
        for kind in ed.units:
            have, cap = totals.get(kind, 0), ed.caps[kind]
            if have <= cap:
                continue
            note = f" ({ed.cap_notes[kind]})" if kind in ed.cap_notes else ""
            yield position.problem(
                ID,
                SEVERITY,
                f"{block.name} has {units(have, kind)}; a house owns only {cap} in the {ed.word} edition"
                f"{note}: remove {have - cap}",
                block.pos,
            )
