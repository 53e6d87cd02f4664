"""Free Peoples leaders never stand alone: with no Free Peoples army unit beside them they are removed
(ch.2 Free Peoples leaders, l.474-482; ch.5 casualties from event cards, l.1286).

Counted separately for the open part of a region (`board`) and its Stronghold box (`besieged`); points at
the region key.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Place, Position
from armybuilder.games.wotr.words import a, join
from armybuilder.problems import Problem, Severity

ID = "leader-alone"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
board:
  Edoras: {rohan: {leader: 1}, gondor: {regular: 1}}
"""
INVALID = """\
game: war-of-the-ring
board:
  Edoras: {rohan: {leader: 1}}  # <- leader-alone
"""


def _alone(position: Position, place: Place, where: str) -> Iterator[Problem]:
    if position.side_army(place, "free_peoples"):
        return
    data = position.data
    leaders = {nation: n for nation, counts in place.figures.items() if (n := counts.get("leader", 0))}
    if not leaders:
        return
    total = sum(leaders.values())
    names = join([data.nations[n].adjective for n in leaders])
    who = f"{a(names)} leader stands" if total == 1 else f"{total} {names} leaders stand"
    yield position.problem(
        ID,
        SEVERITY,
        f"{who} {where} without an army unit; leaders are removed when left alone",
        place.pos,
    )


def check(position: Position) -> Iterator[Problem]:
    side_army = position.side_army
    for place in position.on_board().leaderless:  # the board's places with a leader and no army unit
        yield from _alone(position, place, f"in {place.region}")
    for place in position.sieges():
        if not side_army(place, "free_peoples"):
            yield from _alone(position, place, f"in the Stronghold of {place.region}")
