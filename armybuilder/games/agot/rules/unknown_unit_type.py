"""A unit kind is not a unit of the edition (footman, knight, ship; siege_engine in the second edition only). Found while the file is read; such units count nowhere."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "unknown-unit-type"
SEVERITY = Severity.ERROR
ORIGIN = "rule"


def check(position: Position) -> Iterator[Problem]:
    return iter(())  # found while names are resolved (position.py)
