"""A house places more starred (special) orders than the stars of its King's Court position allow.
The first edition gives the stars of positions 3 (2) and 5 (0) only; a house at another position that
placed a starred order is not checked (one note per file).
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.games.agot.text import plural
from armybuilder.problems import Problem, Severity

ID = "special-orders-limit"
SEVERITY = Severity.ERROR
ALSO = (Severity.NOTE,)  # see the docstring
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
influence:
  kings_court: [lannister, stark, martell, baratheon, tyrell, greyjoy]
houses:
  lannister:
    units: {Lannisport: {footman: 1}, Riverrun: {footman: 1}, Harrenhal: {footman: 1}}
    orders: {Lannisport: raid-star, Riverrun: march-plus1-star, Harrenhal: consolidate-star}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
influence:
  kings_court: [lannister, stark, martell, baratheon, tyrell, greyjoy]
houses:
  greyjoy:  #! special-orders-limit
    units: {Pyke: {footman: 1}}
    orders: {Pyke: raid-star}
"""


def check(position: Position) -> Iterator[Problem]:
    court = (position.influence or {}).get("kings_court")
    if court is None:
        return
    places: dict[str, int] = {}
    for i, (hid, _) in enumerate(court.houses, 1):
        places.setdefault(hid, i)
    unknown: list[str] = []
    note_pos = None
    for block in position.houses.values():
        starred = sum(1 for o in block.orders or () if o.token.endswith("-star"))
        if not starred or block.id not in places:
            continue
        place = places[block.id]
        stars = position.edition.stars(position.players, place)
        if stars is None:
            if position.edition.number == 1:
                unknown.append(f"{block.name} at position {place}")
                note_pos = note_pos or block.pos
            continue
        if starred > stars:
            yield position.problem(
                ID,
                SEVERITY,
                f"{block.name} placed {plural(starred, 'starred order')}; King's Court position {place} allows {stars}: "
                f"turn {starred - stars} into {'a normal order' if starred - stars == 1 else 'normal orders'}",
                block.pos,
            )
    if unknown and note_pos is not None:
        yield position.problem(
            ID,
            Severity.NOTE,
            "not checked in the first edition: the stars of King's Court positions 1, 2 and 4 are not known ("
            + ", ".join(unknown)
            + ")",
            note_pos,
        )
