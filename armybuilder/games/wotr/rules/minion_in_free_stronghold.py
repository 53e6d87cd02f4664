"""Nazgûl and the Shadow's minions may not enter a Stronghold the Free Peoples hold unless a Shadow army
besieges it (ch.2 Nazgûl exception, l.492; ch.6 moving Nazgûl and minions, l.1389-1400, l.1542, l.1780).

A warning: the rule forbids *entering*, and a Nazgûl or minion may lawfully have stayed behind when the
besieging army left. Nazgûl in `board`, or the Witch-king or the Mouth of Sauron under `characters`, in a
Stronghold region the Free Peoples control (their own not in `captured`, or one `captured` gives them) with
no Shadow army unit in the open part. Needs `board` and `captured`; points at the region key under `board`
or the minion's region under `characters`.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity

ID = "minion-in-free-stronghold"
SEVERITY = Severity.WARNING
VALID = """\
game: war-of-the-ring
board:
  Lorien: {sauron: {nazgul: 1}}
captured: {Lorien: shadow}
"""
INVALID = """\
game: war-of-the-ring
board:
  Lorien: {sauron: {nazgul: 2}}  # <- minion-in-free-stronghold
captured: {}
"""
MINIONS = ("Witch-king", "Mouth of Sauron")


def _unguarded(position: Position, region: str) -> bool:
    """A Stronghold the Free Peoples hold with no Shadow army unit in its open part."""
    if not position.data.regions[region].is_stronghold or position.controller(region) != "free_peoples":
        return False
    assert position.board is not None
    place = position.board.get(region)
    return place is None or position.side_army(place, "shadow") == 0


def check(position: Position) -> Iterator[Problem]:
    if position.board is None or position.captured is None:
        return
    for place in position.on_board().nazgul:  # the board's Strongholds where Nazgûl stand (`Place.nazgul`)
        if _unguarded(position, place.region):
            yield position.problem(
                ID,
                SEVERITY,
                f"Nazgûl alone may not enter {place.region} unless the Shadow besieges it; check how they got there",
                place.pos,
            )
    if position.characters is None:
        return
    for entry in position.characters.values():
        if entry.name in MINIONS and _unguarded(position, entry.region):
            who = "the Witch-king" if entry.name == "Witch-king" else "the Mouth of Sauron"
            yield position.problem(
                ID,
                SEVERITY,
                f"{who} alone may not enter {entry.region} unless the Shadow besieges it; check how he got there",
                entry.value_pos,
            )
