"""Each character is in one place only: not twice in the Fellowship or among the eliminated, and not in
two of the Fellowship, the map (`characters`) and `eliminated` (ch.6 eliminating characters, l.1718-1726:
eliminated characters never return; ch.8, l.2174-2194: separated companions cannot rejoin).

Upgrades are separate characters: Gandalf the Grey eliminated while Gandalf the White is on the map is
lawful. Points at the later listing in file order.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos

ID = "character-once"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
characters: {Gandalf the White: Fangorn}
eliminated: [Gandalf the Grey]
"""
INVALID = """\
game: war-of-the-ring
eliminated:
  - Peregrin
  - Pippin  # <- character-once
"""
_PLACES = {"fellowship": "in the Fellowship", "map": "on the map", "eliminated": "eliminated"}


def check(position: Position) -> Iterator[Problem]:
    names = [c.name for c in (position.fellowship.companions or ())] if position.fellowship is not None else []
    names += position.characters or ()
    names += [c.name for c in position.eliminated or ()]
    if len(set(names)) == len(names):
        return  # the usual file: every character listed once
    listings: dict[str, list[tuple[Pos, str]]] = {}
    if position.fellowship is not None and position.fellowship.companions is not None:
        for named in position.fellowship.companions:
            listings.setdefault(named.name, []).append((named.pos, "fellowship"))
    if position.characters is not None:
        for entry in position.characters.values():
            listings.setdefault(entry.name, []).append((entry.pos, "map"))
    if position.eliminated is not None:
        for named in position.eliminated:
            listings.setdefault(named.name, []).append((named.pos, "eliminated"))
    for name, found in listings.items():
        if len(found) < 2:
            continue
        found.sort()
        first_place = found[0][1]
        for pos, where in found[1:]:
            if where == first_place:
                message = f"{name} is listed twice {_PLACES[where]}; keep one"
            elif "eliminated" in (where, first_place):
                message = f"{name} is eliminated and cannot be in play; eliminated characters never return"
            else:
                message = f"{name} cannot be both in the Fellowship and on the map; separated companions never rejoin"
            yield position.problem(ID, SEVERITY, message, pos)
