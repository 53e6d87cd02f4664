"""The file is not YAML (or not UTF-8 text): the parser's message at the place it stopped.

Found by the core while the file is read; nothing else is checked in such a file.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity

ID = "syntax"
SEVERITY = Severity.ERROR
ORIGIN = "load"


def check(position: Position) -> Iterator[Problem]:
    return iter(())
