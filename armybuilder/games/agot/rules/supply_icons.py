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
_NONE: frozenset[str] = frozenset()
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
    control: dict[str, frozenset[str]] | None = None
    supply: dict[str, int] = {}
    areas: frozenset[str] = _NONE
    for block in position.houses.values():  # the houses at a level of the Supply track
        level = block.supply
        if level is None or not 0 <= level <= top:
            continue
        if control is None:
            if position.edition.number == 1:
                yield position.problem(
                    ID,
                    Severity.NOTE,
                    "not checked in the first edition: its supply icons are known for three areas only (Blackwater, "
                    "Riverrun, Seagard), so the Supply track cannot be compared with the areas held",
                    block.supply_pos,
                )
                return
            supply = position.edition.supply_icons
            areas = position.edition.supply_areas
            control = position.control()
        held = control.get(block.id, _NONE)
        icons = sum(map(supply.__getitem__, held & areas))
        due = min(top, icons)
        if due != level:
            where = block.supply_pos  # (a Problem made here: about four a file, `position.problem` one call more)
            yield Problem(
                ID,
                SEVERITY,
                f"{block.name} controls {icons} supply icon{'s' if icons != 1 else ''} but sits at "
                f"{level} on the Supply track; it moves to {due} at the next supply update",
                position.path,
                where[0],
                where[1],
            )
