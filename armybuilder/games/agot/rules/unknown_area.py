"""An area name is not on the edition's map. An error in the second edition; in the first, whose area list is inferred, one note per file lists the names and the checks that need the kind of area skip them. Found while names are resolved."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "unknown-area"
SEVERITY = Severity.ERROR
ORIGIN = "rule"


def check(position: Position) -> Iterator[Problem]:
    return iter(())  # found while names are resolved (position.py)
