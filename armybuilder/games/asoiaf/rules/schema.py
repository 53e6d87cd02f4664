"""Wrong structure: a missing `faction`/`points`, a value of the wrong type, an unknown key (named, with the closest known key).

Found while the list is read (armybuilder/games/asoiaf/armylist.py), so `check` yields nothing here.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.context import Army
from armybuilder.problems import Problem, Severity

ID = "schema"
SEVERITY = Severity.ERROR


def check(army: Army) -> Iterator[Problem]:
    return iter(())
