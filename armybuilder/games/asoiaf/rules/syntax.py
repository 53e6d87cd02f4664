"""The file is not valid YAML (or not readable text); the parser's line and column are given.

Found while the list is read (armybuilder/games/asoiaf/armylist.py), so `check` yields nothing here.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.context import Army
from armybuilder.problems import Problem, Severity

ID = "syntax"
SEVERITY = Severity.ERROR


def check(army: Army) -> Iterator[Problem]:
    return iter(())
