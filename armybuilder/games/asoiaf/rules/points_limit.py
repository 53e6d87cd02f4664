"""The list's total cost, after every cost modifier, must not exceed the game size (000, 建軍)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.context import Army
from armybuilder.problems import Problem, Severity
from armybuilder.text import count

ID = "points-limit"
SEVERITY = Severity.ERROR


def check(army: Army) -> Iterator[Problem]:
    if army.points is None:
        return
    total = army.total
    if total > army.points:
        over = total - army.points
        yield army.problem(
            ID,
            f"the list costs {total} points, {over} over the {army.points}-point game size; "
            f"remove or swap cards worth at least {count(over, 'point')}",
            army.army.pos("points"),
        )
