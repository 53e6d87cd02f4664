"""The file's shape is wrong: not a mapping; an unknown key; a value of the wrong type; a count outside 0..999
or a number beyond ±999; `edition` other than 2, `players` outside 2..4, a negative `turn`, a `phase` outside
1..6 or given at turn 0; a `captured` value that is not a side; a `result` that is not one of the six; a
`hands` or `control` key that is not a player of that player count; `control` in a 2-player file; Gollum or a
minion among the companions; Gollum on the map; two keys of one mapping naming the same thing.

Found while the file is read (position.py); the offending node is then left out of every rule.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity

ID = "schema"
SEVERITY = Severity.ERROR
ORIGIN = "load"


def check(position: Position) -> Iterator[Problem]:
    return iter(())
