"""Only a Stronghold has a Stronghold box, and only its defenders withdraw into it (ch.6 attacking a
Stronghold and retreat into a Stronghold, l.1762-1784; it stays theirs while besieged, l.1782).

Error: a `besieged` entry names a region without a Stronghold (the entry is then skipped by the other siege
rules). With `captured` stated, also an error: figures in a Stronghold box that are not of the side holding
the Stronghold (its own nation's side unless `captured` gives it to the other). Points at the region key.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.games.wotr.words import SIDE_NAMES, cap, join
from armybuilder.problems import Problem, Severity

ID = "besieged-not-stronghold"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
besieged:
  Helm's Deep: {rohan: {regular: 3}}
captured: {}
"""
INVALID = """\
game: war-of-the-ring
besieged:
  Westemnet: {rohan: {regular: 1}}  # <- besieged-not-stronghold
"""


def check(position: Position) -> Iterator[Problem]:
    if position.besieged is None:
        return
    data = position.data
    for place in position.besieged.values():
        region = data.regions[place.region]
        if not region.is_stronghold:
            yield position.problem(
                ID,
                SEVERITY,
                f"{place.region} has no Stronghold, so no army can be besieged there; put its figures in the "
                "open region under board",
                place.pos,
            )
            continue
        if position.captured is None:
            continue
        holder = position.controller(place.region)
        strangers = [
            data.nations[s.nation].adjective
            for s in place.stacks.values()
            if s.total and data.nations[s.nation].side != holder
        ]
        if holder is not None and strangers:
            how = " (captured)" if place.region in position.captured else ""
            verb = "controls" if holder == "shadow" else "control"
            yield position.problem(
                ID,
                SEVERITY,
                f"{cap(SIDE_NAMES[holder])} {verb} {place.region}{how}; {join(strangers)} figures cannot be "
                "besieged inside it",
                place.pos,
            )
