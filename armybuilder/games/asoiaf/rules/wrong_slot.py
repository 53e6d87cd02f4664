"""A card stands in a slot of another kind: an attachment under `units`, a combat unit under `ncus`, ….

Found while the list is read (armybuilder/games/asoiaf/armylist.py), so `check` yields nothing here.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.context import Army
from armybuilder.problems import Problem, Severity

ID = "wrong-slot"
SEVERITY = Severity.ERROR


def check(army: Army) -> Iterator[Problem]:
    return iter(())
