"""The Shadow's Hunt allocation in phase 3 (ch.1 second-edition changes, l.71; ch.4 phase 3, l.963-967 and
allocating Hunt dice, l.1074-1084): at most as many dice as companions in the Fellowship, where 1 is always
allowed (the Ring-bearers are not companions); at least 1 when the Free Peoples took back a die from the
Hunt box in this turn's phase 1; never more than the Shadow's pool.

Needs `hunt.allocated`, and per check `fellowship.companions`, `hunt.free_peoples_dice_returned` or
`action_dice.shadow`. Not checked in phases 1-2 (nothing is allocated yet). Points at `hunt.allocated`.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.games.wotr.words import plural
from armybuilder.problems import Problem, Severity

ID = "hunt-allocation"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
phase: 2
hunt: {allocated: 5}
fellowship: {companions: []}
"""
INVALID = """\
game: war-of-the-ring
fellowship: {companions: []}
hunt:
  allocated: 2  # <- hunt-allocation
"""


def check(position: Position) -> Iterator[Problem]:
    hunt = position.hunt
    if hunt is None or "allocated" not in hunt:
        return
    if position.phase is not None and position.phase.value <= 2:
        return
    allocated = hunt["allocated"]
    n: int = allocated.value
    fellowship = position.fellowship
    if fellowship is not None and fellowship.companions is not None:
        companions = len({c.name for c in fellowship.companions})
        most = max(1, companions)
        if n > most:
            why = (
                f"{plural(companions, 'companion')} {'is' if companions == 1 else 'are'} in the Fellowship"
                if companions > 1
                else "1 die is always allowed"
            )
            yield position.problem(
                ID,
                SEVERITY,
                f"at most {plural(most, 'die', 'dice')} may be allocated to the Hunt: {why}; not {n}",
                allocated.pos,
            )
    returned = hunt.get("free_peoples_dice_returned")
    if returned is not None and returned.value and n == 0:
        yield position.problem(
            ID,
            SEVERITY,
            "the Shadow must allocate at least 1 die to the Hunt: the Free Peoples took back dice from the Hunt "
            "box in phase 1",
            allocated.pos,
        )
    if position.action_dice is not None and "shadow" in position.action_dice:
        pool: int = position.action_dice["shadow"].value
        if n > pool:
            yield position.problem(
                ID,
                SEVERITY,
                f"the Shadow allocated {plural(n, 'die', 'dice')} to the Hunt but has only {pool} action dice",
                allocated.pos,
            )
