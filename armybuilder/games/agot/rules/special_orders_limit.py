"""A house places more starred (special) orders than the stars of its King's Court position allow.

The first edition states the stars of positions 3 (2) and 5 (0) only; a better position never gives
fewer, so positions 1 and 2 allow at least 2 and position 4 at most 2. What those bounds leave open is
not checked (one note per file). A house with no single place on the track (missing, or listed twice)
is held to the most any position allows (3 in the second edition; unknown in the first: noted).
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import HouseBlock, Position
from armybuilder.games.agot.text import plural
from armybuilder.problems import Problem, Severity

ID = "special-orders-limit"
SEVERITY = Severity.ERROR
ALSO = (Severity.NOTE,)  # see the docstring
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
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
ED1_EXACT = {3: 2, 5: 0}  # L236, L297; L310
ED1_AT_LEAST = {1: 2, 2: 2}  # L230-231, L279-280: a better position never gives fewer
ED1_AT_MOST = {4: 2}
ED2_MOST = 3


def starred(block: HouseBlock) -> int:
    """The starred orders a house placed (counted once per house: the rule and the summary both ask)."""
    used = block._starred
    if used is None:
        used = block._starred = sum(1 for o in block.orders or () if o.token.endswith("-star"))
    return used


def allowances(position: Position) -> dict[str, str | None] | None:
    """The starred orders each house at a single place on the King's Court track allows, for people (`2`, `at
    least 2`, `at most 2`, …), worked out once per file (None without a usable track; a house missing from
    the result has no single place: `no_single_place`)."""
    court = (position.influence or {}).get("kings_court")
    if court is None or court.broken or position.playing is None:
        return None
    first = position.edition.number == 1
    table: dict[str, str | None] = {}
    for hid, places in position.court_places().items():
        if len(places) == 1:
            table[hid] = _allowed_at(position, places[0], first)
    return table


def no_single_place(position: Position) -> str:
    return "not known (no single place)" if position.edition.number == 1 else f"at most {ED2_MOST} (no single place)"


def _allowed_at(position: Position, place: int, first: bool) -> str | None:
    if not first:
        stars = position.edition.stars(position.players, place)
        return None if stars is None else str(stars)
    exact = ED1_EXACT.get(place, 0 if place > 5 else None)
    if exact is not None:
        return str(exact)
    if place in ED1_AT_MOST:
        return f"at most {ED1_AT_MOST[place]}"
    return f"at least {ED1_AT_LEAST[place]}"


def _said(block: HouseBlock, used: int) -> str:
    return f"{block.name} placed {plural(used, 'starred order')}"


def _turn(over: int) -> str:
    return f"turn {over} into {'a normal order' if over == 1 else 'normal orders'}"


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    court = (position.influence or {}).get("kings_court")
    if court is None or court.broken or position.playing is None:
        return
    court_places = position.court_places()
    first = position.edition.number == 1
    open_: list[str] = []
    note_pos = None
    for block in position.houses.values():
        used = starred(block)
        if not used:
            continue
        places = court_places.get(block.id, ())
        if len(places) != 1:  # no position: held to the most any position allows
            if first:
                open_.append(f"{block.name} (no single place on the track) placed {used}")
                note_pos = note_pos or block.pos
            elif used > ED2_MOST:
                yield position.problem(
                    ID,
                    SEVERITY,
                    f"{_said(block, used)} and has no single place on the King's Court track (missing, or listed twice); "
                    f"no position allows more than {ED2_MOST}: {_turn(used - ED2_MOST)}",
                    block.pos,
                )
            continue
        place = places[0]
        if not first:
            stars = position.edition.stars(position.players, place)
            if stars is not None and used > stars:
                yield position.problem(
                    ID, SEVERITY, f"{_said(block, used)}; King's Court position {place} allows {stars}: {_turn(used - stars)}",
                    block.pos,
                )  # fmt: skip
            continue
        exact = ED1_EXACT.get(place, 0 if place > 5 else None)
        if exact is not None:
            if used > exact:
                yield position.problem(
                    ID, SEVERITY, f"{_said(block, used)}; King's Court position {place} allows {exact}: {_turn(used - exact)}",
                    block.pos,
                )  # fmt: skip
        elif place in ED1_AT_MOST:
            most = ED1_AT_MOST[place]
            if used > most:
                yield position.problem(
                    ID,
                    SEVERITY,
                    f"{_said(block, used)}; King's Court position {place} allows at most {most} in the first edition (never "
                    f"more than position 3): {_turn(used - most)}",
                    block.pos,
                )
            else:
                open_.append(f"{block.name} at position {place} placed {used} (at most {most} allowed)")
                note_pos = note_pos or block.pos
        elif used > ED1_AT_LEAST[place]:
            open_.append(f"{block.name} at position {place} placed {used} (at least {ED1_AT_LEAST[place]} allowed)")
            note_pos = note_pos or block.pos
    if open_ and note_pos is not None:
        yield position.problem(
            ID,
            Severity.NOTE,
            "not checked in the first edition, which gives the stars of King's Court positions 3 (2) and 5 (0) "
            "only: " + ", ".join(open_),
            note_pos,
        )
