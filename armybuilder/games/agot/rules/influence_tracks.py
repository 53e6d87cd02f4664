"""An influence track given under `influence` does not list every playing house exactly once: a house
is missing, listed twice, or not playing at this player count.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.data import TRACK_NAMES
from armybuilder.games.agot.position import Position
from armybuilder.games.agot.text import and_list
from armybuilder.problems import Problem, Severity

ID = "influence-tracks"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 3
round: 3
influence:
  iron_throne: [stark, lannister, baratheon]
  fiefdoms: [baratheon, stark, lannister]
  kings_court: [lannister, 史塔克, baratheon]
houses:
  stark: {}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 3
round: 3
influence:
  iron_throne: [stark, lannister, greyjoy]  #! influence-tracks
  fiefdoms: [stark, lannister, baratheon]
  kings_court:
    - stark
    - stark  #! influence-tracks
    - lannister
houses:
  stark: {}
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    playing = position.playing
    if playing is None or not position.influence:
        return
    name = position.house_name
    for track, t in position.influence.items():
        if t.broken:
            continue
        seen: set[str] = set()
        idle: list[str] = []
        twice: list[str] = []
        first_pos = None
        for hid, where in t.houses:
            if hid in seen:
                if hid not in twice:
                    twice.append(hid)
                first_pos = first_pos or where
            elif hid not in playing:
                idle.append(hid)
                first_pos = first_pos or where
            seen.add(hid)
        missing = [h for h in playing if h not in seen]
        if not (idle or twice or missing):
            continue
        parts = []
        if idle:
            verb = "who is" if len(idle) == 1 else "who are"
            parts.append(f"lists {and_list(name(h) for h in idle)}, {verb} not playing")
        if twice:
            parts.append(f"lists {and_list(name(h) for h in twice)} twice")
        if missing:
            parts.append(f"misses {and_list(name(h) for h in missing)}")
        yield position.problem(
            ID,
            SEVERITY,
            f"{TRACK_NAMES[track]} {', and '.join(parts)}: list each of the {len(playing)} playing houses once",
            first_pos or t.pos,
        )
