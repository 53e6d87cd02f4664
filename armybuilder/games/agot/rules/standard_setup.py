"""With `phase: setup`, the position differs from the start of the game: the round is not 1, orders are
placed, a house's units, supply, power, house cards, a track, a dominance token holder, the wildling
threat or the neutral forces are not as the game starts. One error per difference. The first edition
gives Lannister's start only; what cannot be checked there is named in one note per file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from armybuilder.games.agot.data import TOKEN_NAMES, TOKENS, TRACK_NAMES, TRACKS, UNIT_SINGULAR
from armybuilder.games.agot.position import HouseBlock, Position
from armybuilder.games.agot.text import and_list, units
from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos

ID = "standard-setup"
SEVERITY = Severity.ERROR
ALSO = (Severity.NOTE,)  # see the docstring
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:
    supply: 4
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 1
phase: setup
houses:
  lannister:
    units:  #! standard-setup
      Lannisport: {footman: 1, knight: 1}
      Stoney Sept: {footman: 1}
      The Golden Sound: {ship: 1}
"""
LIVE = ("ok", "noted")


def start_units(position: Position, hid: str) -> dict[str, dict[str, int]] | None:
    """The units a house starts with at this player count; None when the data does not give them."""
    data = position.data
    if position.edition.number == 1:
        start = data.start_ed1["houses"].get(hid)
        return None if start is None else {a: dict(k) for a, k in start["units"].items()}
    units_ = {a: dict(k) for a, k in data.start_ed2["units"].get(hid, {}).items()}
    for removed in data.start_ed2.get("removed") or ():
        if removed["players"] == position.players and removed["house"] == hid:
            kinds = units_.get(removed["area"], {})
            kinds.pop(removed["unit"], None)
            if not kinds:
                units_.pop(removed["area"], None)
    return units_


def _errata(position: Position, hid: str, area: str) -> str:
    if position.edition.number != 2:
        return ""
    for e in position.data.start_ed2.get("errata") or ():
        if e["house"] == hid and e["area"] == area:
            return f" ({e['note']})"
    return ""


def _units(position: Position, block: HouseBlock, start: dict[str, dict[str, int]]) -> Iterator[Problem]:
    stacks = block.stacks or {}
    for area, kinds in start.items():
        stack = stacks.get(area)
        have = stack.counts if stack is not None else {}
        where = stack.pos if stack is not None else block.units_pos
        for kind in position.edition.units:
            want, got = kinds.get(kind, 0), have.get(kind, 0)
            if want != got:
                yield _unit_problem(position, block, area, kind, want, got, where)
    for area, stack in stacks.items():
        if area in start or stack.place.status not in LIVE:
            continue
        for kind, got in stack.counts.items():
            if got:
                yield _unit_problem(position, block, area, kind, 0, got, stack.pos)


def _unit_problem(
    position: Position, block: HouseBlock, area: str, kind: str, want: int, got: int, where: Pos
) -> Problem:
    start = units(want, kind) if want else f"no {UNIT_SINGULAR.get(kind, kind)}"
    return position.problem(
        ID,
        SEVERITY,
        f"set-up: {block.name} starts with {start} in {area}{_errata(position, block.id, area)}, not {got}",
        where,
    )


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    if position.phase != "setup" or position.players is None or position.round is None:
        return
    ed, data = position.edition, position.data
    playing = position.playing or ()
    unchecked: list[str] = []
    note_pos: Pos | None = None

    def skip(what: str, where: Pos) -> None:
        nonlocal note_pos
        if what not in unchecked:
            unchecked.append(what)
        if note_pos is None or where < note_pos:
            note_pos = where

    if position.round != 1:
        yield position.problem(
            ID, SEVERITY, f"set-up: the game starts in round 1, not {position.round}", position.round_pos
        )
    for block in position.houses.values():
        if block.orders:
            yield position.problem(
                ID,
                SEVERITY,
                f"set-up: no orders are placed before the first Planning phase: remove {block.name}'s orders",
                block.orders_pos,
            )
        if block.id not in playing:
            continue
        if block.stacks is not None:
            start = start_units(position, block.id)
            if start is None:
                skip("the start units of houses other than Lannister", block.units_pos)
            else:
                yield from _units(position, block, start)
        if block.supply is not None:
            if ed.number == 1:
                skip("start supply", block.supply_pos)
            else:
                want = int(data.start_ed2["supply"][block.id])
                if block.supply != want:
                    yield position.problem(
                        ID,
                        SEVERITY,
                        f"set-up: {block.name} starts at supply {want}, not {block.supply}",
                        block.supply_pos,
                    )
        if block.power_available is not None and block.power_available != data.power_start:
            yield position.problem(
                ID,
                SEVERITY,
                f"set-up: {block.name} starts with {data.power_start} power tokens available, not "
                f"{block.power_available}",
                block.power_available_pos,
            )
        if block.tokens:
            yield position.problem(
                ID,
                SEVERITY,
                f"set-up: no power token is on the board at the start: remove {block.name}'s power_on_board "
                "entries",
                block.tokens_pos,
            )
        cards = block.cards
        if cards is not None and (cards.hand, cards.discarded) != (data.cards_per_house, 0):
            yield position.problem(
                ID,
                SEVERITY,
                f"set-up: {block.name} starts with {data.cards_per_house} house cards in hand and 0 discarded, "
                f"not {cards.hand} and {cards.discarded}",
                cards.pos,
            )
    yield from _tracks(position, skip)
    yield from _tokens(position, skip)
    start_threat = ed.wildling_start
    if position.wildling is not None and position.wildling != start_threat:
        yield position.problem(
            ID,
            SEVERITY,
            f"set-up: the wildling threat starts at {start_threat}, not {position.wildling}",
            position.wildling_pos,
        )
    yield from _neutral(position)
    if unchecked and note_pos is not None:
        yield position.problem(
            ID,
            Severity.NOTE,
            f"set-up not checked in the first edition, whose data gives Lannister's start only: {and_list(unchecked)}",
            note_pos,
        )


def _tracks(position: Position, skip: Callable[[str, Pos], None]) -> Iterator[Problem]:
    influence = position.influence or {}
    playing = position.playing or ()
    name = position.house_name
    for track in TRACKS:
        t = influence.get(track)
        if t is None or t.broken:
            continue
        got = [h for h, _ in t.houses]
        if position.edition.number == 2:
            want = [h for h in position.data.start_ed2["influence"][track] if h in playing]
            if got != want:
                yield position.problem(
                    ID,
                    SEVERITY,
                    f"set-up: the {TRACK_NAMES[track]} track starts {', '.join(name(h) for h in want)}, "
                    f"not {', '.join(name(h) for h in got)}",
                    t.pos,
                )
            continue
        if position.players != 5:
            skip("Lannister's track positions at 3 or 4 players", t.pos)
            continue
        skip("the other houses' track positions", t.pos)
        want_place = int(position.data.start_ed1["houses"]["lannister"]["influence"][track])
        if "lannister" in got and got.index("lannister") + 1 != want_place:
            yield position.problem(
                ID,
                SEVERITY,
                f"set-up: Lannister starts at position {want_place} on the {TRACK_NAMES[track]} track, "
                f"not {got.index('lannister') + 1}",
                t.houses[got.index("lannister")][1],
            )


def _tokens(position: Position, skip: Callable[[str, Pos], None]) -> Iterator[Problem]:
    playing = position.playing or ()
    name = position.house_name
    for token, (hid, where) in (position.dominance or {}).items():
        if position.edition.number == 2:
            start = [h for h in position.data.start_ed2["influence"][TOKENS[token]] if h in playing]
            want = start[0] if start else None
        elif token in position.data.start_ed1["houses"]["lannister"].get("tokens", ()):
            want = "lannister"
        else:
            skip(f"the {TOKEN_NAMES[token]}'s first holder", where)
            continue
        if want is not None and hid != want:
            yield position.problem(
                ID,
                SEVERITY,
                f"set-up: {name(want)} starts with the {TOKEN_NAMES[token]}, not {name(hid)}",
                where,
            )


def _neutral(position: Position) -> Iterator[Problem]:
    if position.neutral is None:
        return
    ed = position.edition
    table = ed.neutral.get(position.players or 0, {})
    listed = {p.name: where for p, where in position.neutral if p.status in LIVE}
    game = f"a {position.players}-player game"
    for area in table:
        if area not in listed:
            yield position.problem(
                ID,
                SEVERITY,
                f"set-up: {game} starts with a neutral force in {area}: add it to neutral_forces",
                position.neutral_pos,
            )
    if ed.number == 1:
        return  # the areas an unused first-edition house leaves behind are not known
    for area, where in listed.items():
        if area not in table:
            yield position.problem(
                ID,
                SEVERITY,
                f"set-up: {game} starts with no neutral force in {area}: remove it from neutral_forces",
                where,
            )
