"""The model of a position file every rule works on; `reader.py` reads a file into it.

Reading checks the shape of the file (`schema` problems) and resolves every house and area name once
(`unknown-house`, `unknown-area`, `area-out-of-play` and `unknown-unit-type` are found here); from then
on the rules see English names and plain numbers. Anything of the wrong shape is reported and left out
of the model, so no rule ever meets it. Reading never raises.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from armybuilder.games.agot.data import (
    AgotData,
    Area,
    Edition,
    Resolved,
)
from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos

E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTE
KEY = "agot-board-game"
ALIASES = ("agot", "agot-bg", "a-game-of-thrones-board-game", "权力游戏")
GAME_NAMES = frozenset(n.casefold() for n in (KEY, *ALIASES))
TOP_KEYS = (
    "game",
    "edition",
    "players",
    "round",
    "houses",
    "name",
    "phase",
    "wildling_threat",
    "influence",
    "dominance_tokens",
    "neutral_forces",
    "westeros_cards",
    "put_to_the_sword",
    "muster",
)
REQUIRED = ("game", "edition", "players", "round", "houses")
HOUSE_KEYS = ("supply", "power_available", "power_on_board", "house_cards", "units", "orders")
PHASES = ("setup", "westeros", "planning", "action")
PUT_TO_THE_SWORD = ("no-defense", "no-march-plus1", "none")
NO_POS = Pos(0, 0)
LIVE = ("ok", "noted")  # area statuses the rules read (unknown and out-of-play areas are skipped)
_NO_KEYS: dict[Any, Pos] = {}  # the key positions of a mapping that kept none (the reader's too)
_tuple_new = tuple.__new__  # _tuple_new(Order, (...)) is Order(...) without the keyword handling


@dataclass(slots=True)
class Stack:
    """One house's units in one area (keys naming the same area added together)."""

    place: Resolved
    pos: Pos
    counts: dict[str, int]
    total: int = 0
    land: int = 0  # footmen, knights and siege engines

    def add(self, counts: dict[str, int]) -> None:
        for kind, n in counts.items():
            self.counts[kind] = self.counts.get(kind, 0) + n
            self.total += n
            if kind != "ship":
                self.land += n


class Order(NamedTuple):
    """One order token placed (a tuple: a file places a dozen or more)."""

    place: Resolved
    key: str  # as written
    token: str
    pos: Pos  # of the key


class Cards(NamedTuple):
    pos: Pos
    hand: int
    discarded: int
    names: Sequence[tuple[str, Pos]]  # names given in either list (the usual counts share one empty tuple)
    listed: tuple[str, ...]  # the keys given as lists of names ("hand", "discarded"), hand's names first


@dataclass(slots=True)
class HouseBlock:
    """One house's block (its units and orders, when every entry was usual, made only when first asked for)."""

    id: str
    name: str
    pos: Pos
    supply: int | None = None
    supply_pos: Pos = NO_POS
    power_available: int | None = None
    power_available_pos: Pos = NO_POS
    tokens: list[tuple[Resolved, Pos]] | None = None  # power_on_board
    tokens_pos: Pos = NO_POS
    cards: Cards | None = None
    _stacks: dict[str, Stack] | None = None  # units, by area name (`stacks`)
    units_pos: Pos = NO_POS
    _orders: list[Order] | None = None  # (`orders`)
    orders_pos: Pos = NO_POS
    _totals: dict[str, int] | None = None
    _armies: list[tuple[str, int]] | None = None
    _starred: int | None = None  # starred orders placed (special_orders_limit.starred)
    _empty: bool = False  # an area of `stacks` may hold no unit (order-without-units looks)
    # the areas of `stacks`, known without making them
    _unit_names: Collection[str] | None = field(default=None, repr=False, compare=False)
    # units whose every entry was usual (an area in play, once, counts well shaped)
    _raw_units: Any = field(default=None, repr=False, compare=False)
    # orders whose every entry was usual (an area resolved before, a known token)
    _raw_orders: Any = field(default=None, repr=False, compare=False)
    # the areas these resolve in (the reader's known areas; not in repr: the edition's whole name cache)
    _areas: Any = field(default=None, repr=False, compare=False)

    @property
    def stacks(self) -> dict[str, Stack] | None:
        """The house's units by area name; made from the units as read on first use when every entry was
        usual (most checks never ask)."""
        if self._stacks is None and self._raw_units is not None:
            raw, areas = self._raw_units, self._areas
            key_pos = getattr(raw, "key_pos", {})
            stacks: dict[str, Stack] = {}
            for key, kinds in raw.items():
                place = areas[key]
                counts = dict(kinds)
                total = sum(counts.values())
                stacks[place.name] = Stack(place, key_pos.get(key, NO_POS), counts, total, total - counts.get("ship", 0))
            self._stacks = stacks
        return self._stacks

    @property
    def orders(self) -> list[Order] | None:
        """The house's orders in file order; made from the orders as read on first use when every entry was
        usual (most checks never ask)."""
        if self._orders is None and self._raw_orders is not None:
            raw, areas = self._raw_orders, self._areas
            key_pos = getattr(raw, "key_pos", {})
            self._orders = [Order(areas[key], key, token, key_pos.get(key, NO_POS)) for key, token in raw.items()]
        return self._orders

    def has_orders(self) -> bool:
        """Whether the house placed an order (without making them)."""
        return bool(self._orders if self._raw_orders is None else self._raw_orders)

    def unit_totals(self) -> dict[str, int]:
        """Units of each kind in all entries together (computed once; do not change the result)."""
        if self._totals is None:
            totals: dict[str, int] = {}
            for stack in (self.stacks or {}).values():
                for kind, n in stack.counts.items():
                    totals[kind] = totals.get(kind, 0) + n
            self._totals = totals
        return self._totals

    def armies(self) -> list[tuple[str, int]]:
        """(area, size) of every army (2+ units in one area), every entry counted, in file order."""
        if self._armies is None:
            self._armies = [(name, s.total) for name, s in (self.stacks or {}).items() if s.total >= 2]
        return self._armies


@dataclass(slots=True)
class MusterItem:
    """One purchase: `unit` placed in the source, a ship into `target`, or an upgrade to `unit`."""

    what: str  # "unit", "ship" or "upgrade"
    unit: str
    pos: Pos
    target: Resolved | None = None


@dataclass(slots=True)
class MusterSource:
    """One place a muster plan musters from, with what it musters there."""

    place: Resolved
    pos: Pos
    items: list[MusterItem]


@dataclass(slots=True)
class MusterPlan:
    """A house's muster plan: the places it musters from."""

    house: str
    pos: Pos
    sources: list[MusterSource]


@dataclass(slots=True)
class Track:
    """An influence track as written: its houses in order, and whether a name in it was reported."""

    pos: Pos
    houses: list[tuple[str, Pos]]  # resolved houses, in order (unknown names left out)
    broken: bool = False  # a name was reported (unknown-house, schema): the track is left to that report


@dataclass(slots=True)
class Position:
    """The file as the rules see it. Absent keys stay None: a rule runs only on what is present."""

    path: str
    data: AgotData
    edition: Edition
    players: int | None = None
    players_pos: Pos = NO_POS
    round: int | None = None
    round_pos: Pos = NO_POS
    name: str | None = None
    phase: str | None = None
    phase_pos: Pos = NO_POS
    wildling: int | None = None
    wildling_pos: Pos = NO_POS
    influence: dict[str, Track] | None = None
    influence_pos: Pos = NO_POS
    dominance: dict[str, tuple[str, Pos]] | None = None
    dominance_pos: Pos = NO_POS
    neutral: list[tuple[Resolved, Pos]] | None = None
    neutral_pos: Pos = NO_POS
    westeros: list[tuple[str, Pos]] | None = None
    westeros_pos: Pos = NO_POS
    put_to_the_sword: str | None = None
    put_to_the_sword_pos: Pos = NO_POS
    houses: dict[str, HouseBlock] = field(default_factory=dict)
    houses_pos: Pos = NO_POS
    muster: list[MusterPlan] | None = None
    found: list[Problem] = field(default_factory=list)  # problems found while reading
    # ids of the rules the reader saw a way to break (a unit where its kind may not be, two orders in one
    # area, …): a rule whose id is not here finds nothing in this file and returns at once
    may_break: set[str] = field(default_factory=set)
    held_by: dict[str, set[str]] = field(default_factory=dict)  # house -> the land areas its land units stand in
    _presence: dict[str, dict[str, Stack]] | None = None
    _control: dict[str, frozenset[str]] | None = None
    _stacks: list[tuple[HouseBlock, Stack]] | None = None
    _occupied: list[Occupied] | None = None
    _court: dict[str, list[int]] | None = None
    _occupied_of: dict[tuple[str, ...], list[tuple[Area, list[tuple[HouseBlock, Stack]]]]] = field(
        default_factory=dict
    )

    # --- helpers the rules share ------------------------------------------------------------------

    def problem(self, rule: str, severity: Severity, message: str, pos: Pos) -> Problem:
        return Problem(rule, severity, message, self.path, pos[0], pos[1])

    def house_name(self, hid: str) -> str:
        return self.data.house_names.get(hid, hid)

    @property
    def playing(self) -> tuple[str, ...] | None:
        """The houses in play at this player count (None when `players` is unusable)."""
        return self.edition.by_players.get(self.players) if self.players is not None else None

    def court_places(self) -> dict[str, list[int]]:
        """House -> its places on the King's Court track (1 = first), as listed (computed once)."""
        if self._court is None:
            court: dict[str, list[int]] = {}
            track = (self.influence or {}).get("kings_court")
            for i, (hid, _) in enumerate(track.houses if track is not None else (), 1):
                court.setdefault(hid, []).append(i)
            self._court = court
        return self._court

    def presence(self) -> dict[str, dict[str, Stack]]:
        """Area name -> house -> its stack there, for areas the rules may read (live ones)."""
        if self._presence is None:
            presence: dict[str, dict[str, Stack]] = {}
            for hid, block in self.houses.items():
                for name, stack in (block.stacks or {}).items():
                    if stack.total > 0 and stack.place.status in ("ok", "noted"):
                        presence.setdefault(name, {})[hid] = stack
            self._presence = presence
        return self._presence

    def control(self) -> dict[str, frozenset[str]]:
        """House -> the land areas it controls (§1.1: land units; else its power token; else its home).

        Where land units stand was noted by the reader (`held_by`): an area outside a house's own is held by
        its token or home only when no house's land units stand there."""
        if self._control is None:
            held_by = self.held_by
            land_held: set[str] = set().union(*held_by.values())  # every land area with land units
            token_holders: dict[str, set[str]] = {}
            for hid, block in self.houses.items():
                for place, _ in block.tokens or ():
                    if place.status in LIVE:
                        token_holders.setdefault(place.name, set()).add(hid)
            out = self.edition.out_3p if self.edition.number == 2 and self.players == 3 else frozenset()
            control: dict[str, frozenset[str]] = {}
            for hid, block in self.houses.items():
                held = set(held_by.get(hid, ()))  # a copy: held_by stays what the reader noted
                for place, _ in block.tokens or ():
                    name = place.name
                    if place.status not in LIVE or name in held or (place.area and place.area.kind != "land"):
                        continue
                    if name not in land_held:  # (another house's land units there take it)
                        held.add(name)
                home = self.edition.home_of.get(hid)
                if home is not None and home not in held and home not in out and home not in land_held:
                    tokens = token_holders.get(home)  # no other house's power token in its home area
                    if tokens is None or tokens <= {hid}:
                        held.add(home)
                control[hid] = frozenset(held)
            self._control = control
        return self._control

    def armies(self, block: HouseBlock) -> list[tuple[str, int]]:
        return block.armies()


def stacks_of(position: Position) -> list[tuple[HouseBlock, Stack]]:
    """Every (house, stack) of the file, in file order (computed once)."""
    if position._stacks is None:
        position._stacks = [
            (block, stack) for block in position.houses.values() for stack in (block.stacks or {}).values()
        ]
    return position._stacks


class Occupied(NamedTuple):
    """An area units stand in: its name, its map area (None: of unknown kind, first edition), and each
    house's stack there in file order."""

    name: str
    area: Area | None
    stacks: list[tuple[HouseBlock, Stack]]


def occupied(position: Position) -> list[Occupied]:
    """Every area the rules may read (`Position.presence`) that units stand in: the one loop of the rules
    about where units stand (worked out once per position; do not change the result)."""
    if position._occupied is None:
        houses = position.houses
        found = []
        for name, stacks in position.presence().items():
            if len(stacks) == 1:
                ((hid, stack),) = stacks.items()
                held = [(houses[hid], stack)]
            else:
                held = sorted(((houses[hid], stack) for hid, stack in stacks.items()), key=_at)
            found.append(_tuple_new(Occupied, (name, held[0][1].place.area, held)))  # Occupied(...) without its keywords
        position._occupied = found
    return position._occupied


def _at(held: tuple[HouseBlock, Stack]) -> Pos:
    return held[1].pos


def occupied_of(position: Position, *kinds: str) -> list[tuple[Area, list[tuple[HouseBlock, Stack]]]]:
    """The known areas of `kinds` ("land", "sea", "port") that units stand in, with each house's stack
    (worked out once per position and kinds; do not change the result)."""
    found = position._occupied_of.get(kinds)
    if found is None:
        found = [(area, stacks) for _, area, stacks in occupied(position) if area is not None and area.kind in kinds]
        position._occupied_of[kinds] = found
    return found
