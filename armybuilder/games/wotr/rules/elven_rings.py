"""There are 3 Elven Rings (ch.2, l.106; ch.3 step 6, l.770-772; ch.4 the Elven Rings, l.1201-1209): those
ring-side up with the Free Peoples, eye-side up with the Shadow and spent always make 3.

Needs all three fields of `elven_rings`; points at the `elven_rings` key.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import RING_FIELDS, Position
from armybuilder.problems import Problem, Severity

ID = "elven-rings"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
elven_rings: {free_peoples: 2, shadow: 5}
"""
INVALID = """\
game: war-of-the-ring
elven_rings: {free_peoples: 2, shadow: 2, spent: 0}  # <- elven-rings
"""


def check(position: Position) -> Iterator[Problem]:
    rings = position.elven_rings
    if rings is None or any(f not in rings for f in RING_FIELDS):
        return
    total = sum(rings[f].value for f in RING_FIELDS)
    expected = position.data.elven_rings
    if total != expected:
        yield position.problem(
            ID,
            SEVERITY,
            f"{total} Elven Rings are accounted for; there are {expected}: free_peoples + shadow + spent "
            f"must make {expected}",
            position.key_pos("elven_rings"),
        )
