"""The political track (ch.3 step 11, l.790-792; ch.7, l.1872-1895, 1936, marker legend l.1944-1960): a
marker stands in box 0 (At War) to 3; a passive Free Peoples nation cannot be At War; the Elves and the
Shadow nations are always active (only the Dwarves, Gondor, the North and Rohan have a passive face, and no
rule turns a nation back to passive).

Points at the nation key under `political`; one problem per nation, the first that applies.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity

ID = "political-track"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
political:
  sauron: {active: true}
"""
INVALID = """\
game: war-of-the-ring
political:
  rohan: {box: 4}  # <- political-track
"""


def check(position: Position) -> Iterator[Problem]:
    if position.political is None:
        return
    data = position.data
    boxes = data.political_boxes
    for entry in position.political.values():
        nation = data.nations[entry.nation]
        box = None if entry.box is None else entry.box.value
        active = None if entry.active is None else entry.active.value
        message = None
        if box is not None and box not in boxes:
            message = (
                f"{nation.title}'s political marker cannot be in box {box}; the boxes run from {max(boxes)} "
                f"(the top) to {min(boxes)} (At War)"
            )
        elif box == 0 and active is False and nation.side == "free_peoples":
            message = f"{nation.title} is At War but still passive; a nation must be activated before it can go to war"
        elif active is False and entry.nation not in data.can_be_passive:
            message = f"{nation.title} cannot be passive: that marker starts active and never turns back; make it active"
        if message is not None:
            yield position.problem(ID, SEVERITY, message, entry.pos)
