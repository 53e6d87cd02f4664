"""The file cannot be read as YAML (a literally repeated key included): fix the text at the position given.

Found while the file is read, before any rule runs; `check` yields nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "syntax"
SEVERITY = Severity.ERROR
ORIGIN = "load"


def check(position: Position) -> Iterator[Problem]:
    return iter(())
