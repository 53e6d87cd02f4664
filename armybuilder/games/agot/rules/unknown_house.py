"""A house name (a houses or muster key, a track entry, a dominance token holder) is not a house of the file's edition: the first edition has no Martell. Found while names are resolved; the name is then ignored by every other rule."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "unknown-house"
SEVERITY = Severity.ERROR
ORIGIN = "rule"


def check(position: Position) -> Iterator[Problem]:
    return iter(())  # found while names are resolved (position.py)
