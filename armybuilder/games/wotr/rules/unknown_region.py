"""A name that must be a region (a key under `board`, `besieged` or `captured`, a region under
`characters`, `fellowship.location`) is none of the 105 regions, after aliases and the matching rule.

Found while the file is read, with up to three "did you mean" suggestions; the entry is left out of the rules.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity

ID = "unknown-region"
SEVERITY = Severity.ERROR
ORIGIN = "load"


def check(position: Position) -> Iterator[Problem]:
    return iter(())
