"""The list's total cost, after every cost modifier, must not exceed the game size (000, 建軍)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.rules.examples import EXAMPLE_LIST
from armybuilder.problems import Problem, Severity
from armybuilder.text import count

ID = "points-limit"
SEVERITY = Severity.ERROR
VALID = EXAMPLE_LIST
INVALID = """\
faction: stark
points: 25  # <- points-limit
commander: Robb Stark, The Wolf Lord
units:
  - unit: Stark Sworn Swords
    attachment: Robb Stark, The Wolf Lord
  - Stark Outriders
  - Stark Bowmen
  - House Tully Sworn Shields
  - House Umber Greataxes
"""


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
