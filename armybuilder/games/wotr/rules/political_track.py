"""The political track (ch.3 step 11, l.790-792; ch.7, l.1872-1895, 1936, marker legend l.1944-1960): a
marker stands in box 0 (At War) to 3; a passive Free Peoples nation cannot be At War; the Elves and the
Shadow nations are always active (only the Dwarves, Gondor, the North and Rohan have a passive face, and no
rule turns a nation back to passive); a marker never stands above its starting box (§2 `political_start`:
markers only move toward At War, l.1899, 1901-1904).

Points at the nation key under `political`; one problem per nation, the first that applies.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import PoliticalEntry, Position
from armybuilder.games.wotr.words import possessive, verb
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


def message(position: Position, entry: PoliticalEntry) -> str | None:
    """What is wrong with one nation's marker, the first that applies, or None (worked out once per entry:
    political-board asks too)."""
    told = entry.told
    if told is None:
        told = entry.told = _told(position, entry)
    return told[0]


def _told(position: Position, entry: PoliticalEntry) -> tuple[str | None]:
    """`_message` of a marker, worked out once per nation, box and active face (the data's memo): most
    files' markers are few and alike."""
    box, active = entry.box, entry.active
    key = (entry.nation, None if box is None else box.value, None if active is None else active.value)
    memo = position.data.political_told
    told = memo.get(key)
    if told is None:
        told = memo[key] = (_message(position, entry),)
    return told


def _message(position: Position, entry: PoliticalEntry) -> str | None:
    data = position.data
    nation = data.nations[entry.nation]
    name, key = nation.name, entry.nation
    boxes = data.political_boxes
    box = None if entry.box is None else entry.box.value
    active = None if entry.active is None else entry.active.value
    setup = data.setup_political.get(key)  # (the top box for a nation the set-up leaves out: worked out only then)
    start = setup[0] if setup is not None else max(boxes)
    if box is not None and box not in boxes:
        return (
            f"{possessive(name, key)} political marker cannot be in box {box}; the boxes run from {max(boxes)} "
            f"(the top) to {min(boxes)} (At War)"
        )
    if box is not None and box > start:
        return (
            f"{possessive(name, key)} marker is in box {box}, above its starting box {start}; political markers "
            "only move toward At War"
        )
    if box == 0 and active is False and nation.side == "free_peoples":
        return (
            f"{name} {verb(key, 'is', 'are')} At War but still passive; a nation must be activated before it "
            "can go to war"
        )
    if active is False and key not in data.can_be_passive:
        return f"{name} cannot be passive: that marker starts active and never turns back; make it active"
    return None


def check(position: Position) -> Iterator[Problem]:
    if position.political is None:
        return
    for entry in position.political.values():
        found = message(position, entry)
        if found is not None:
            yield position.problem(ID, SEVERITY, found, entry.pos)
