"""Second edition (warning): a house's Supply track level differs from the supply icons in the land
areas it controls (at most 6). A house may sit off its icons until the next supply update. In the first
edition the icons are known for three areas only, so the rule is skipped with one note per file.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "supply-icons"
SEVERITY = Severity.WARNING
ALSO = (Severity.NOTE,)  # see the docstring
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  lannister:
    supply: 2
    units: {Stoney Sept: {footman: 1}}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:
    supply: 3  #! supply-icons
    units: {Winterfell: {footman: 1}}
"""


def check(position: Position) -> Iterator[Problem]:
    top = len(position.data.supply_track) - 1
    blocks = [b for b in position.houses.values() if b.supply is not None and 0 <= b.supply <= top]
    if not blocks:
        return
    if position.edition.number == 1:
        yield position.problem(
            ID,
            Severity.NOTE,
            "not checked in the first edition: its supply icons are known for three areas only (Blackwater, "
            "Riverrun, Seagard), so the Supply track cannot be compared with the areas held",
            blocks[0].supply_pos,
        )
        return
    supply = position.edition.supply_icons
    areas = position.edition.supply_areas
    control = position.control()
    for block in blocks:
        held = control.get(block.id, frozenset())
        icons = sum(map(supply.__getitem__, held & areas))
        due = min(top, icons)
        if due != block.supply:
            where = block.supply_pos  # (a Problem made here: about four a file, `position.problem` one call more)
            yield Problem(
                ID,
                SEVERITY,
                f"{block.name} controls {icons} supply icon{'s' if icons != 1 else ''} but sits at "
                f"{block.supply} on the Supply track; it moves to {due} at the next supply update",
                position.path,
                where[0],
                where[1],
            )
