"""A claimed result must not contradict the position (ch.10, l.2397-2442; precedence, l.2403). The four
conditions, in ch.10's order: (1) corruption 12 or more, a Shadow ring victory; (2) the Ring-bearers at the
Crack of Doom (`mordor_step` 5) with corruption below 12, a Free Peoples ring victory; (3) the Shadow holding
10 VP, a Shadow military victory; (4) the Free Peoples holding 4 VP, a Free Peoples military victory.

VP come from `captured` when stated, else from `victory_points`. A claim is contradicted when its own
condition is known to fail, or when a lower-numbered condition is known to hold; a condition whose inputs are
absent is not judged, and a concession is never contradicted. Timing: a military victory is checked only
in phase 6 (l.987, 2399, 2420; ring victories at any moment, l.2409), so a military claim in phases 1-5 is
premature, and conditions 3 and 4 hold against another claim only in phase 6 or without `phase`. One
problem, the first that applies: own condition fails; a lower-numbered condition holds; premature. Points
at `result`.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity

ID = "victory-claim"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
result: free-peoples-military
"""
INVALID = """\
game: war-of-the-ring
fellowship: {corruption: 4}
result: shadow-ring  # <- victory-claim
"""

MILITARY_PHASE = 6  # military victories are checked in phase 6, at the end of a turn (l.987, 2399, 2420)
_CLAIMS = {1: "shadow-ring", 2: "free-peoples-ring", 3: "shadow-military", 4: "free-peoples-military"}


def conditions(position: Position) -> dict[int, tuple[bool | None, str]]:
    """Each condition: (holds? None when unknown, what the position shows)."""
    data = position.data
    f = position.fellowship
    corruption = None if f is None else f.value("corruption")
    step = None if f is None or "mordor_step" not in f.fields else f.value("mordor_step")
    result: dict[int, tuple[bool | None, str]] = {}
    top = data.corruption_max
    result[1] = (None, "") if corruption is None else (corruption >= top, f"corruption is {corruption}")
    if f is None or "mordor_step" not in f.fields:
        result[2] = (None, "")
    elif step != data.mordor_last_step:
        where = "not on the Mordor track" if step is None else f"at Mordor step {step}"
        result[2] = (False, f"the Ring-bearers are {where}")
    elif corruption is None:
        result[2] = (None, "")
    else:
        result[2] = (
            corruption < top,
            f"the Ring-bearers reached the Crack of Doom with corruption {corruption}",
        )
    phase = None if position.phase is None else position.phase.value
    for number, side, word in ((3, "shadow", "the Shadow has"), (4, "free_peoples", "the Free Peoples have")):
        vp = position.known_vp(side)
        result[number] = (None, "") if vp is None else (vp >= data.vp_needed[side], f"{word} {vp} VP")
        if result[number][0] and phase is not None and phase != MILITARY_PHASE:
            result[number] = (None, result[number][1])  # checked only at the end of a turn: not yet known to hold
    return result


def _needs(position: Position, number: int) -> str:
    data = position.data
    top = data.corruption_max
    return {
        1: f"a Shadow ring victory needs corruption {top}",
        2: f"a Free Peoples ring victory needs the Ring-bearers at the Crack of Doom (Mordor step "
        f"{data.mordor_last_step}) with corruption below {top}",
        3: f"a Shadow military victory needs {data.vp_needed['shadow']} VP",
        4: f"a Free Peoples military victory needs {data.vp_needed['free_peoples']} VP",
    }[number]


def check(position: Position) -> Iterator[Problem]:
    if position.result is None:
        return
    data = position.data
    claim: str = position.result.value
    _, number = data.results[claim]
    if number is None:
        return
    known = conditions(position)
    holds, shown = known[number]
    if number in (3, 4) and holds is None and shown:  # met, but before phase 6: judged as premature below
        holds = True
    if holds is False:
        yield position.problem(ID, SEVERITY, f"{_needs(position, number)}; {shown}", position.result.pos)
        return
    for earlier in range(1, number):
        first, why = known[earlier]
        if first:
            yield position.problem(
                ID,
                SEVERITY,
                f"{why}, so the game ended first in a {_CLAIMS[earlier]} victory (the conditions are "
                f"taken in order); the result is {_CLAIMS[earlier]}, not {claim}",
                position.result.pos,
            )
            return
    phase = None if position.phase is None else position.phase.value
    if number in (3, 4) and phase is not None and phase != MILITARY_PHASE:
        who = "a Shadow" if number == 3 else "a Free Peoples"
        yield position.problem(
            ID,
            SEVERITY,
            f"{who} military victory is checked only at the end of a turn (phase {MILITARY_PHASE}), and this "
            f"position is in phase {phase}: record the position at phase {MILITARY_PHASE}, or leave result out "
            "until then",
            position.result.pos,
        )
