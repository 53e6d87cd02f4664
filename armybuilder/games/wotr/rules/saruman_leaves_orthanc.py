"""Saruman never leaves Orthanc: he is level 0, and a level-0 character cannot move (ch.6 moving characters,
l.1371; moving minions, l.1397).

Points at Saruman's region under `characters`.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity

ID = "saruman-leaves-orthanc"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
characters: {薩魯曼: 歐散克塔}
"""
INVALID = """\
game: war-of-the-ring
characters:
  Saruman: North Dunland  # <- saruman-leaves-orthanc
"""


def check(position: Position) -> Iterator[Problem]:
    if position.characters is None:
        return
    for entry in position.characters.values():
        home = position.data.characters[entry.name].stays_in
        if home is not None and entry.region != home:
            yield position.problem(
                ID,
                SEVERITY,
                f"{entry.name} never leaves {home}; put him back there, not in {entry.region}",
                entry.value_pos,
            )
