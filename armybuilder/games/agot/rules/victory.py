"""Second edition (warning): a house controls 7 or more areas with a castle or stronghold, so the game
ended at once. In the first edition its cities and strongholds are known for three areas only, so the
rule is skipped with one note per file.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "victory"
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
    units:
      Riverrun: {footman: 1}
      Seagard: {footman: 1}
      Harrenhal: {footman: 1}
      Crackclaw Point: {footman: 1}
      The Reach: {footman: 1}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  lannister:  #! victory
    units:
      Riverrun: {footman: 1}
      Seagard: {footman: 1}
      Harrenhal: {footman: 1}
      Crackclaw Point: {footman: 1}
      The Reach: {footman: 1}
      Flint's Finger: {footman: 1}
"""


def check(position: Position) -> Iterator[Problem]:
    ed = position.edition
    control: dict[str, frozenset[str]] | None = None
    need = 0
    for block in position.houses.values():  # the houses with units or power tokens on the board
        if not (any(block.unit_totals().values()) or block.tokens):
            continue
        if ed.number == 1:
            yield position.problem(
                ID,
                Severity.NOTE,
                "not checked in the first edition: its cities and strongholds are known for three areas only "
                "(Lannisport, Riverrun, Harrenhal), so the areas held towards victory cannot be counted",
                block.pos,
            )
            return
        if control is None:
            need = ed.win_areas.get(position.players or 0, max(ed.win_areas.values()))
            control = position.control()
        held = control.get(block.id, _NONE)
        if len(held) < need:  # (fewer areas than it takes: no set of its castles made)
            continue
        castles = len(held & ed.castles)
        if castles >= need:
            yield position.problem(
                ID,
                SEVERITY,
                f"{block.name} controls {castles} castles and strongholds: the game ended at once "
                f"({need} win it); check the position",
                block.pos,
            )
