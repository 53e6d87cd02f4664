"""A house has units in an area listed under `neutral_forces`: a neutral force token leaves the board
once an army has marched in, so the two cannot stand together.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position, stacks_of
from armybuilder.problems import Problem, Severity

ID = "neutral-force"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
neutral_forces: [King's Landing]
houses:
  baratheon:
    units:
      Blackwater: {footman: 2}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
neutral_forces: [King's Landing]
houses:
  baratheon:
    units:
      King's Landing: {footman: 2}  #! neutral-force
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    if not position.neutral:
        return
    listed = {place.name for place, _ in position.neutral if place.status in ("ok", "noted")}
    ed = position.edition
    table = ed.neutral.get(position.players or 0) or (ed.neutral[min(ed.neutral)] if ed.number == 1 else {})
    for _, stack in stacks_of(position):
        name = stack.place.name
        if name not in listed or stack.total <= 0 or stack.place.status not in ("ok", "noted"):
            continue
        strength = table.get(name)
        shown = f" ({strength})" if strength is not None else ""
        yield position.problem(
            ID,
            SEVERITY,
            f"{name} still holds its neutral force{shown}: remove {name} from neutral_forces once an army "
            "has marched in, or move the units out",
            stack.pos,
        )
