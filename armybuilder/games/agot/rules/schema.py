"""The file does not have the shape of a position file: a required key is missing, a value has the wrong
type, a count is negative, a key or order token or card is unknown, or two keys name one house or area.

Found while the file is read; the offending entry is left out of the model, so no other rule meets it.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "schema"
SEVERITY = Severity.ERROR
ORIGIN = "load"


def check(position: Position) -> Iterator[Problem]:
    return iter(())
