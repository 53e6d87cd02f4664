"""At most 5 army units, all nations together, are inside one Stronghold box (ch.2 armies, l.472; ch.6
retreat into a Stronghold, l.1778). Leaders and characters are unlimited.

Points at the region key under `besieged`; entries on regions without a Stronghold are skipped.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity

ID = "siege-limit"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
besieged:
  Helm's Deep: {rohan: {regular: 3, elite: 2, leader: 4}}
"""
INVALID = """\
game: war-of-the-ring
besieged:
  Helm's Deep: {rohan: {regular: 4, elite: 2, leader: 1}}  # <- siege-limit
"""


def check(position: Position) -> Iterator[Problem]:
    limit = position.data.siege_limit
    for place in position.sieges():
        units = place.free_peoples + place.shadow  # every nation's regulars and elites
        if units > limit:
            yield position.problem(
                ID,
                SEVERITY,
                f"{units} army units are besieged in {place.region}; a besieged Stronghold holds at most {limit}; "
                f"remove {units - limit}",
                place.pos,
            )
