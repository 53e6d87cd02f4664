"""A nation that is not At War keeps its armies in its own lands (ch.6 movement limits, l.1550; ch.7 At War
and not At War, l.1914-1934, l.1938-1942): army units or leaders of a nation whose `political` box is not 0,
in a region of another nation (regions of no nation are open to all). Nazgûl and characters are exempt.

A warning: it is lawful after a retreat (the army must leave on its next move), and the nation of a
wilderness region comes from outside the seed rulebook (Druadan Forest is read as Gondor). Needs `board`
and `political` (also reads `besieged`); points at the nation key inside the region's entry.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Place, Position
from armybuilder.games.wotr.words import verb
from armybuilder.problems import Problem, Severity

ID = "not-at-war-abroad"
SEVERITY = Severity.WARNING
VALID = """\
game: war-of-the-ring
board:
  Druadan Forest: {gondor: {regular: 1}}
political: {gondor: {box: 2}}
"""
INVALID = """\
game: war-of-the-ring
board:
  Erebor:
    north: {regular: 1}  # <- not-at-war-abroad
political: {north: {box: 1}}
"""


def _places(position: Position) -> Iterator[Place]:
    yield from position.on_board().abroad  # the board's places with units of another nation than the region's
    yield from position.sieges()


def check(position: Position) -> Iterator[Problem]:
    if position.board is None or position.political is None:
        return
    data = position.data
    # the nations not At War: only their stacks are looked at
    at_peace = {n for n, e in position.political.items() if e.box is not None and e.box.value != 0}
    if not at_peace:
        return
    owners = data.region_nation
    for place in _places(position):
        owner = owners[place.region]
        if owner is None:
            continue
        for key, counts in place.figures.items():  # the counts as kept: no stack made for a nation at home
            if key == owner or key not in at_peace:
                continue
            get = counts.get
            if not (get("regular", 0) + get("elite", 0) or get("leader", 0)):
                continue
            nation = data.nations[key]
            yield position.problem(
                ID,
                SEVERITY,
                f"{nation.adjective} units in {place.region} (a region of {data.nations[owner].name}) while "
                f"{nation.name} {verb(key, 'is', 'are')} not At War; allowed only after a retreat",
                place.nation_pos(key),
            )
