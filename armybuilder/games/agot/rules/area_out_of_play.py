"""An area is never in play (Beyond the Wall) or is left out of a 3-player second-edition game. Found while names are resolved; its units and tokens still count towards the per-house totals."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "area-out-of-play"
SEVERITY = Severity.ERROR
ORIGIN = "rule"


def check(position: Position) -> Iterator[Problem]:
    return iter(())  # found while names are resolved (position.py)
