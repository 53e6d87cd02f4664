"""Each side's dice pool (ch.3 step 10, l.786-788; ch.4 the dice pool, l.1001-1007, 1070-1072): the Free
Peoples have 4 dice plus one for each of Aragorn and Gandalf the White on the map, at most 6; the Shadow 7
plus one for each of Saruman, the Witch-king and the Mouth of Sauron on the map, at most 10. A pool counts
every die of the side: unused, used and in the Hunt box.

Dice join or leave a pool only in phase 1 of the next turn, so a mismatch is an error in phases 1-4 and when
`phase` is absent, and a warning in phases 5-6 (a character may have entered or died this turn). The count
needs `characters`; the cap needs only `action_dice`. Points at the side's value; a side over its cap gets
only the cap problem.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.data import SIDES
from armybuilder.games.wotr.position import Position
from armybuilder.games.wotr.words import HAS, SIDE_NAMES
from armybuilder.problems import Problem, Severity

ID = "action-dice"
SEVERITY = Severity.ERROR
ALSO = (Severity.WARNING,)  # see the docstring
VALID = """\
game: war-of-the-ring
action_dice: {free_peoples: 6, shadow: 10}
"""
INVALID = """\
game: war-of-the-ring
action_dice:
  shadow: 11  # <- action-dice
"""


def check(position: Position) -> Iterator[Problem]:
    if position.action_dice is None:
        return
    data = position.data
    late = position.phase is not None and position.phase.value >= 5
    for side in SIDES:
        stated = position.action_dice.get(side)
        if stated is None:
            continue
        start, most = data.dice[side]
        if stated.value > most:
            yield position.problem(
                ID,
                SEVERITY,
                f"{SIDE_NAMES[side]} {HAS[side]} {stated.value} action dice; the box holds {most} for them",
                stated.pos,
            )
            continue
        if position.characters is None:
            continue
        extra = [
            name
            for name in position.characters
            if data.characters[name].action_die and data.characters[name].side == side
        ]
        expected = start + len(extra)
        if stated.value != expected:
            # `(4 + Aragorn)`; with no such character listed, say so: a recap that leaves out where Aragorn
            # stands leaves out his die too
            why = " + ".join([str(start), *extra]) if extra else (
                f"{start} to start with; no character under `characters` adds one"
            )
            yield position.problem(
                ID,
                Severity.WARNING if late else Severity.ERROR,
                f"{SIDE_NAMES[side]} should have {expected} action dice ({why}), not {stated.value}",
                stated.pos,
            )
