"""The model of a War of the Ring position file, keeping every entry's place in the file; `reader.py`
reads a file into it.

Reading does what §1.1 and §3.3 of the spec ask before any rule runs: every name is matched against the
canonical names and aliases of its kind and replaced by the canonical one (an unknown name is reported by
`unknown-region` or `unknown-figure` and its entry left out), and every shape fault is a positioned `schema`
problem whose node is left out too. What the file does not state stays `None`: absent is not empty.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from armybuilder.games.wotr.data import SIDES, Nation, WotrData
from armybuilder.games.wotr.names import matched
from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos

GAME_NAMES = frozenset(matched(n) for n in ("war-of-the-ring", "wotr", "魔戒聖戰"))

TOP_KEYS = (
    "game",
    "name",
    "edition",
    "players",
    "turn",
    "phase",
    "board",
    "besieged",
    "captured",
    "reinforcements",
    "casualties",
    "fellowship",
    "characters",
    "eliminated",
    "action_dice",
    "hunt",
    "elven_rings",
    "political",
    "hands",
    "victory_points",
    "result",
    "control",
)
FELLOWSHIP_FIELDS = ("location", "progress", "revealed", "corruption", "mordor_step", "guide", "companions")
# the fields of the sections that record values, each with its kind of value
POLITICAL_FIELDS = {"box": "integer", "active": "flag"}
HUNT_FIELDS = {"allocated": "count", "free_peoples_dice_returned": "flag"}
RING_FIELDS = {"free_peoples": "count", "shadow": "count", "spent": "count"}
SIDE_COUNTS = dict.fromkeys(SIDES, "count")

_START = Pos(1, 1)
_new = tuple.__new__  # _new(Stack, (…)) is Stack(…) without the call through its __new__


class Value(NamedTuple):
    """A stated value: what it is, where it stands, and where its key stands (a tuple: read by the
    thousand, never changed)."""

    value: Any
    pos: Pos
    key_pos: Pos


@dataclass(slots=True)
class Named:
    """A canonical name and where the file wrote it."""

    name: str
    pos: Pos


class Stack(NamedTuple):
    """The figures of one nation in one place (a region's open part, a Stronghold box, a pool); a tuple:
    read by the thousand, never changed."""

    nation: str
    pos: Pos  # the nation key
    counts: Mapping[str, int]  # kind -> count, only the kinds the nation has (as parsed, when well written)
    count_pos: Mapping[str, Pos]  # the kind keys
    damaged: bool = False  # something inside was left out (schema or unknown name)

    def get(self, kind: str) -> int:
        return self.counts.get(kind, 0)

    @property
    def army_units(self) -> int:
        counts = self.counts
        return counts.get("regular", 0) + counts.get("elite", 0)

    @property
    def total(self) -> int:
        return sum(self.counts.values())


class Place(NamedTuple):
    """One region's entry under `board` or `besieged` (a tuple, never changed), with its sums counted as read:
    army units of each side (`free_peoples`, `shadow`), its `leader` and `nazgul` figures, and `abroad` (1: a
    stack of another nation than the region's holds army units or a leader). A well-written place keeps its
    parsed entry and makes its stacks only when asked (few rules do)."""

    region: str
    pos: Pos  # the region key
    read: dict[str, Stack] | None  # the stacks as read when an entry took the reporting path; else None
    damaged: bool  # something inside was left out (schema or unknown name)
    free_peoples: int
    shadow: int
    leader: int
    nazgul: int
    abroad: int
    entry: Mapping[str, Any] | None = None  # the parsed entry, every nation canonical and well written

    @property
    def stacks(self) -> dict[str, Stack]:
        """Nation -> its figures here, in file order (made on each call for a place kept as parsed)."""
        stacks = self.read
        if stacks is None:
            entry: Any = self.entry
            at = entry.key_pos
            stacks = {n: _new(Stack, (n, at[n], f, f.key_pos, False)) for n, f in entry.items()}
        return stacks

    @property
    def figures(self) -> Mapping[str, Mapping[str, int]]:
        """Nation -> kind -> count here, in file order (the parsed entry itself for a place kept as parsed)."""
        stacks = self.read
        if stacks is None:
            entry: Mapping[str, Mapping[str, int]] = self.entry or {}
            return entry
        return {n: s.counts for n, s in stacks.items()}

    def nation_pos(self, nation: str) -> Pos:
        """Where the key of a nation this place holds stands in the file."""
        stacks = self.read
        if stacks is not None:
            return stacks[nation].pos
        entry: Any = self.entry
        pos: Pos = entry.key_pos[nation]
        return pos


@dataclass(slots=True)
class Captured:
    """A settlement a side has captured, as written in the position."""

    region: str
    side: str
    pos: Pos  # the region key
    value_pos: Pos


@dataclass(slots=True)
class OnMap:
    """A character on the map: `characters` key and its region."""

    name: str
    pos: Pos  # the character key
    region: str
    value_pos: Pos


@dataclass(slots=True)
class PoliticalEntry:
    """A nation's entry on the political track: its box and whether it is active."""

    nation: str
    pos: Pos  # the nation key
    box: Value | None = None
    active: Value | None = None
    told: tuple[str | None] | None = None  # what political_track.message said of it, once asked


@dataclass(slots=True)
class Fellowship:
    """The `fellowship` section: its valid fields and its companions."""

    pos: Pos  # the `fellowship` key
    fields: dict[str, Value] = field(default_factory=dict)  # valid fields only; mordor_step defaults to null
    companions: list[Named] | None = None
    companions_pos: Pos = _START
    companions_damaged: bool = False

    def value(self, name: str) -> Any:
        found = self.fields.get(name)
        return None if found is None else found.value


class Board(NamedTuple):
    """The places of `board` some rule about armies asks about, each list in file order (worked out once per
    position: `Position.on_board`); a rule still judges each place it is given."""

    leaderless: list[Place]  # a leader stands with no Free Peoples army unit (leader-alone)
    contested: list[Place]  # army units of both sides (opposing-armies)
    abroad: list[Place]  # a nation's army units or leaders in another nation's region (not-at-war-abroad)
    away: list[Place]  # army units of one side only, in a settlement of a nation of the other side (settlement-control)
    nazgul: list[Place]  # a Stronghold Nazgûl stand in (minion-in-free-stronghold)
    crowded: list[Place]  # more army units of a side than a region takes (stacking-limit)


@dataclass
class Position:
    """What a position file states, with canonical names and positions. `None`: the file does not say."""

    path: str
    data: WotrData
    problems: list[Problem] = field(default_factory=list)  # found while reading
    keys: dict[str, Pos] = field(default_factory=dict)  # top-level keys present (valid or not)
    name: str | None = None
    players: int = 2
    players_stated: bool = False
    edition: Value | None = None
    turn: Value | None = None
    phase: Value | None = None
    board: dict[str, Place] | None = None
    besieged: dict[str, Place] | None = None
    captured: dict[str, Captured] | None = None
    reinforcements: dict[str, Stack] | None = None
    casualties: dict[str, Stack] | None = None
    fellowship: Fellowship | None = None
    characters: dict[str, OnMap] | None = None
    eliminated: list[Named] | None = None
    action_dice: dict[str, Value] | None = None
    hunt: dict[str, Value] | None = None
    elven_rings: dict[str, Value] | None = None
    political: dict[str, PoliticalEntry] | None = None
    hands: dict[str, Value] | None = None
    victory_points: dict[str, Value] | None = None
    result: Value | None = None
    control: dict[str, list[Named]] | None = None
    readable: bool = True  # False: not a mapping; no rule runs
    noted: Board | None = field(default=None, repr=False, compare=False)  # the reader's notes (on_board)
    pooled: dict[str, dict[str, int]] | None = field(default=None, repr=False, compare=False)  # (out_of_box)
    besieged_held: list[Place] | None = field(default=None, repr=False, compare=False)  # (sieges)

    # --- what rules ask ---------------------------------------------------------------------------

    def problem(self, rule: str, severity: Severity, message: str, pos: Pos) -> Problem:
        return Problem(rule, severity, message, self.path, pos[0], pos[1])

    def key_pos(self, key: str) -> Pos:
        return self.keys.get(key, _START)

    def nation(self, key: str) -> Nation:
        return self.data.nations[key]

    def on_board(self) -> Board:
        """The places of `board` the rules about armies ask about (`Board`; empty lists without `board`), as the
        reader noted them while reading the board."""
        board = self.noted
        if board is None:  # a position the reader did not read a board for
            board = self.noted = Board([], [], [], [], [], [])
            leaderless, contested, abroad, away, nazgul, crowded = board
            data = self.data
            limit, strongholds, settlements_away = data.region_limit, data.strongholds, data.settlements_away
            for place in (self.board or {}).values():
                free, shadow = place.free_peoples, place.shadow
                if free and shadow:
                    contested.append(place)
                elif (free or shadow) and place.region in settlements_away["free_peoples" if free else "shadow"]:
                    away.append(place)
                if place.leader and not free:
                    leaderless.append(place)
                if place.abroad:
                    abroad.append(place)
                if place.nazgul and place.region in strongholds:
                    nazgul.append(place)
                if free > limit or shadow > limit:
                    crowded.append(place)
        return board

    def pool_stacks(self) -> list[Stack]:
        """The stacks out of the box off the map: reinforcements and Free Peoples casualties."""
        found: list[Stack] = []
        if self.reinforcements is not None:
            found.extend(self.reinforcements.values())
        if self.casualties is not None:
            nations = self.data.nations
            found.extend(s for s in self.casualties.values() if nations[s.nation].side == "free_peoples")
        return found

    def out_of_box(self) -> dict[str, dict[str, int]]:
        """Each nation's figures out of the box: on `board`, in `besieged`, in `reinforcements` and (Free Peoples
        only) in `casualties`, kind -> total (the kinds it has there; no order promised), as the reader summed
        them while reading those sections (never changed)."""
        pooled = self.pooled
        if pooled is None:  # a position not made by the reader
            pooled = self.pooled = {}
            stacks = [s for section in (self.board, self.besieged) for p in (section or {}).values() for s in p.stacks.values()]
            for stack in [*stacks, *self.pool_stacks()]:
                if stack.counts:
                    tally = pooled.setdefault(stack.nation, {})
                    for kind, n in stack.counts.items():
                        tally[kind] = tally.get(kind, 0) + n
        return pooled

    def side_army(self, place: Place, side: str) -> int:
        """Army units (regulars and elites) of one side in a place, all its nations together."""
        return place.shadow if side == "shadow" else place.free_peoples

    def side_figures(self, place: Place, side: str) -> int:
        """Every figure of one side in a place (counted when asked: only sieges ask)."""
        nations = self.data.nations
        return sum(sum(counts.values()) for nation, counts in place.figures.items() if nations[nation].side == side)

    def sieges(self) -> Iterator[Place]:
        """The `besieged` entries on Strongholds holding their own side (the others are reported once by
        `besieged-not-stronghold` and skipped), in file order; worked out once per position (five rules and the printed tables ask)."""
        found = self.besieged_held
        if found is None:
            found = self.besieged_held = []
            if self.besieged is not None:
                regions = self.data.regions
                for place in self.besieged.values():
                    if regions[place.region].is_stronghold and not self.misplaced_box(place):
                        found.append(place)
        return iter(found)

    def misplaced_box(self, place: Place) -> bool:
        """A Stronghold box holding figures of the side that does not control it (judged only with
        `captured`): reported once by `besieged-not-stronghold`, skipped by the other siege rules (§1.1)."""
        if self.captured is None:
            return False
        holder = self.controller(place.region)
        nations = self.data.nations
        return holder is not None and any(s.total and nations[s.nation].side != holder for s in place.stacks.values())

    def controller(self, region: str) -> str | None:
        """The side holding a region now: `captured` if it says so, else the side of the region's nation."""
        if self.captured is not None and region in self.captured:
            return self.captured[region].side
        return self.data.owner_side(region)

    def in_play(self) -> dict[str, Pos]:
        """Characters in play (in the Fellowship or on the map), each at its first listing."""
        found: dict[str, Pos] = {}
        if self.fellowship is not None and self.fellowship.companions is not None:
            for c in self.fellowship.companions:
                found.setdefault(c.name, c.pos)
        if self.characters is not None:
            for name, entry in self.characters.items():
                found.setdefault(name, entry.pos)
        return found

    def captured_vp(self, side: str) -> tuple[int, list[str]] | None:
        """VP a side holds from `captured` (valid entries only) and the settlements that give them."""
        if self.captured is None:
            return None
        data = self.data
        total, names = 0, []
        for entry in self.captured.values():
            region = data.regions[entry.region]
            if (
                entry.side != side
                or not region.is_settlement
                or data.owner_side(entry.region) in (side, None)
            ):
                continue
            total += data.settlement_vp[region.settlement]
            names.append(entry.region)
        return total, names

    def known_vp(self, side: str) -> int | None:
        """A side's VP: computed from `captured` when stated, else as recorded in `victory_points`."""
        computed = self.captured_vp(side)
        if computed is not None:
            return computed[0]
        if self.victory_points is not None and side in self.victory_points:
            value: int = self.victory_points[side].value
            return value
        return None
