"""Warning: points left unspent. Legal, but a tournament player usually wants to know."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.rules.examples import EXAMPLE_LIST
from armybuilder.problems import Problem, Severity
from armybuilder.text import count

ID = "points-unspent"
SEVERITY = Severity.WARNING
VALID = EXAMPLE_LIST
INVALID = """\
faction: freefolk
points: 40  # <- points-unspent
units:
  - "10313"
  - Thenn Warriors
"""


def check(army: Army) -> Iterator[Problem]:
    if army.points is None or not army.entries:
        return
    left = army.points - army.total
    if left > 0:
        yield army.problem(
            ID,
            f"{count(left, 'point')} unspent ({army.total} of {army.points}); "
            "`armybuilder options` lists what still fits",
            army.army.pos("points"),
            SEVERITY,
        )
