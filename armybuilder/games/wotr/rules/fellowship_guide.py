"""The guide is a companion of the highest level in the Fellowship (ties: any of them); with no companion
left Gollum guides, and Gollum cannot guide while a companion is left (ch.8 the guide, l.2054-2070; Gollum
as guide, l.2072-2074; l.2192).

Needs `fellowship.guide` and `fellowship.companions`; points at the guide.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.games.wotr.words import join
from armybuilder.problems import Problem, Severity

ID = "fellowship-guide"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
fellowship: {guide: 咕嚕, companions: []}
"""
INVALID = """\
game: war-of-the-ring
fellowship:
  guide: Peregrin  # <- fellowship-guide
  companions: []
"""


def _level(position: Position, name: str) -> int:
    level = position.data.characters[name].level
    return 99 if level is None else level


def check(position: Position) -> Iterator[Problem]:
    fellowship = position.fellowship
    if fellowship is None or fellowship.companions is None or "guide" not in fellowship.fields:
        return
    guide_value = fellowship.fields["guide"]
    guide: str = guide_value.value
    companions = list(dict.fromkeys([c.name for c in fellowship.companions]))
    characters = position.data.characters
    gollum = characters[guide].kind == "gollum"
    levels = {name: 99 if (level := characters[name].level) is None else level for name in companions}  # (`_level`)
    top = max(levels.values(), default=0)
    if companions and not gollum and guide in levels and levels[guide] == top:
        return  # the usual Fellowship: a companion of the highest level guides it
    best = [name for name, level in levels.items() if level == top]
    make = f"make {join(best, 'or')} the guide"  # only a guide of the highest level passes the rule
    message = None
    if not companions:
        if not gollum:
            message = f"with no companion left Gollum guides the Fellowship, not {guide}; make Gollum the guide"
    elif gollum:
        message = f"Gollum cannot guide while a companion is left; {make}"
    elif guide not in companions:
        message = f"{guide} is not in the Fellowship, so he cannot guide it; {make}"
    elif top > _level(position, guide):
        verb = "is" if len(best) == 1 else "are"
        message = (
            f"{guide} (level {_level(position, guide)}) cannot guide while {join(best)} (level {top}) {verb} "
            f"in the Fellowship; {make}"
        )
    if message is not None:
        yield position.problem(ID, SEVERITY, message, guide_value.pos)
