"""The facts of A Game of Thrones: The Board Game, read once per process from `data/agot-board-game/`.

`load(folder)` parses the YAML files into one `AgotData` holding an `Edition` per edition: the map
(areas with their kind, castle, icons, home house, port), the houses and their aliases, the tables
(supply track, unit caps, order tokens, King's Court stars) and the start set-ups. Name look-ups are
cached on the edition, so a batch of files resolves each name once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from armybuilder import yamlpos
from armybuilder.errors import DataError
from armybuilder.fileio import read_input
from armybuilder.games.base import bundled_data
from armybuilder.kit.words import closest_in

FOLDER = "agot-board-game"
FILES = ("houses", "areas", "tables", "house_cards", "westeros_cards", "setups")
EDITION_WORD = {1: "first", 2: "second"}
UNIT_KINDS = ("footman", "knight", "ship", "siege_engine")
UNIT_PLURAL = {"footman": "footmen", "knight": "knights", "ship": "ships", "siege_engine": "siege engines"}
UNIT_SINGULAR = {"footman": "footman", "knight": "knight", "ship": "ship", "siege_engine": "siege engine"}
LAND_UNITS = frozenset(("footman", "knight", "siege_engine"))
TRACKS = ("iron_throne", "fiefdoms", "kings_court")
TRACK_NAMES = {"iron_throne": "Iron Throne", "fiefdoms": "Fiefdoms", "kings_court": "King's Court"}
TOKENS = {"iron_throne": "iron_throne", "valyrian_steel_blade": "fiefdoms", "messenger_raven": "kings_court"}
TOKEN_NAMES = {
    "iron_throne": "Iron Throne token",
    "valyrian_steel_blade": "Valyrian Steel Blade",
    "messenger_raven": "Messenger Raven",
}
BEYOND_THE_WALL = "Beyond the Wall"
CONSOLIDATE = ("consolidate", "consolidate-star")  # the Consolidate Power tokens (consolidate-at-sea)
SUPPORT = ("support", "support-plus1-star")  # the support tokens (support-on-island)


@dataclass(frozen=True, slots=True)
class Area:
    """One area of an edition's map."""

    name: str
    kind: str  # "land", "sea" or "port"
    castle: str | None = None  # "stronghold" or "castle" (ed.2; unknown in ed.1)
    supply: int = 0
    power: int = 0
    home: str | None = None  # the house whose home area it is
    port: str | None = None  # a land area's port (ed.2)
    land: str | None = None  # a port's land area
    sea: str | None = None  # a port's sea area


@dataclass(frozen=True, slots=True)
class Resolved:
    """What an area name written in a file stands for in one edition.

    `status`: "ok" (an area of the edition), "unknown" (ed.2: not on the map, an error), "noted"
    (ed.1: outside the inferred list, an area of unknown kind), "wall" (Beyond the Wall, never in play).
    """

    name: str
    status: str
    area: Area | None = None
    hint: str = ""  # for an unknown name: the "did you mean", or "summer" (ed.2's two Summer Seas)


@dataclass(slots=True)
class Edition:
    """One edition's facts: its houses, player counts, areas to win, units and their caps."""

    number: int
    word: str  # "first" / "second", for messages
    houses: tuple[str, ...]
    players_min: int
    players_max: int
    by_players: dict[int, tuple[str, ...]]
    win_areas: dict[int, int]
    units: tuple[str, ...]
    caps: dict[str, int]
    cap_notes: dict[str, str]
    areas: dict[str, Area]
    homes: dict[str, str]  # area -> house
    out_3p: frozenset[str]  # ed.2 areas out of play at 3 players
    muster_seas: dict[str, tuple[str, ...]]
    muster_points: dict[str, int]  # only areas whose points are known (ed.2: every land area)
    islands: frozenset[str]
    stars_known: dict[int, int]  # ed.1: the positions whose stars the seed gives
    stars_by_players: dict[int, tuple[int, ...]]  # ed.2
    westeros: dict[str, tuple[str, ...]]
    house_cards: dict[str, dict[str, tuple[int, int, int]]]  # ed.2 only
    card_owner: dict[str, str]
    neutral: dict[int, dict[str, int | None]]  # player count -> area -> strength
    wildling_start: int
    island_support_error: bool
    area_aliases: dict[str, str]
    house_names: dict[str, str]  # id -> English name (every house of the game)
    house_index: dict[str, str]  # id or alias -> id (every house of the game)
    home_of: dict[str, str] = field(default_factory=dict)  # house -> its home area
    supply_icons: dict[str, int] = field(default_factory=dict)  # area -> its supply icons (areas with any)
    castles: frozenset[str] = frozenset()  # areas with a castle or a stronghold
    playing_sets: dict[int, frozenset[str]] = field(default_factory=dict)  # player count -> the houses in play
    unit_set: frozenset[str] = frozenset()  # the edition's units, to look a kind up in
    supply_areas: frozenset[str] = frozenset()  # the areas with supply icons
    house_of: dict[str, str] = field(default_factory=dict)  # id or alias, exactly -> id (this edition's houses)
    _area_cache: dict[str, Resolved] = field(default_factory=dict)
    _ok_cache: dict[str, Resolved] = field(default_factory=dict)  # the names of `_area_cache` resolved to an area
    _ok3_cache: dict[str, Resolved] = field(default_factory=dict)  # those of them in play at 3 players (ed.2)
    _house_cache: dict[str, tuple[str | None, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.home_of = {house: area for area, house in self.homes.items()}
        self.supply_icons = {name: area.supply for name, area in self.areas.items() if area.supply}
        self.castles = frozenset(name for name, area in self.areas.items() if area.castle)
        self.playing_sets = {n: frozenset(houses) for n, houses in self.by_players.items()}
        self.unit_set = frozenset(self.units)
        self.supply_areas = frozenset(self.supply_icons)
        self.house_of = {name: hid for name, hid in self.house_index.items() if hid in self.houses}

    def area(self, raw: str) -> Resolved:
        """The area a name stands for (trimmed first); cached, so every file of a batch shares the work."""
        found = self._area_cache.get(raw)
        if found is None:
            found = self._resolve_area(raw.strip())
            if len(self._area_cache) < 10_000:  # hostile files must not grow the cache without bound
                self._area_cache[raw] = found
                if found.status == "ok":
                    self._ok_cache[raw] = found
                    if found.name not in self.out_3p:
                        self._ok3_cache[raw] = found
        return found

    def resolved(self, three: bool = False) -> Mapping[str, Resolved]:
        """The names `area` has resolved so far to an area of the map (as written) -> that area: a reader
        looks a name up here first, and asks `area` for any other name. `three`: a 3-player game of the
        second edition, whose areas out of play are left out."""
        return self._ok3_cache if three else self._ok_cache

    def _resolve_area(self, raw: str) -> Resolved:
        name = self.area_aliases.get(raw, raw)
        if name == BEYOND_THE_WALL:
            return Resolved(name, "wall")
        area = self.areas.get(name)
        if area is not None:
            return Resolved(name, "ok", area)
        status = "noted" if self.number == 1 else "unknown"
        if self.number == 2 and name == "Summer Sea":
            return Resolved(raw, status, None, "summer")
        if self.number == 1 and name.startswith("Port of "):
            return Resolved(raw, status, None, " (a second-edition port)")
        if self.number == 1 and name in ("East Summer Sea", "West Summer Sea"):
            return Resolved(
                raw, status, None, ' (a second-edition sea area; the first edition has "Summer Sea")'
            )
        candidates = [*self.areas, *(a for a, n in self.area_aliases.items() if n in self.areas)]
        close = suggest(raw, candidates)
        if close is None:
            return Resolved(raw, status)
        hint = f' (did you mean "{close}"?)' if self.number == 1 else f'; did you mean "{close}"?'
        return Resolved(raw, status, None, hint)

    def house(self, raw: str) -> tuple[str | None, str]:
        """(house id or None, hint) for a (trimmed) house name; ids of other editions resolve too."""
        found = self._house_cache.get(raw)
        if found is None:
            hid = self.house_index.get(raw)
            if hid is not None:
                found = (hid, "")
            else:
                candidates = [h for h, i in self.house_index.items() if i in self.houses]
                found = (None, suggest(raw, candidates) or "")
            if len(self._house_cache) < 10_000:
                self._house_cache[raw] = found
        return found

    def stars(self, players: int | None, position: int) -> int | None:
        """Starred orders allowed at a King's Court position (1 = first); None when not known."""
        if self.number == 1:
            return self.stars_known.get(position)
        row = self.stars_by_players.get(players) if players is not None else None
        if row is None:
            return None
        return row[position - 1] if 0 < position <= len(row) else 0


@dataclass(slots=True)
class AgotData:
    """The game's checked data: every edition, the houses' names, the tracks, orders and costs."""

    editions: dict[int, Edition]
    house_names: dict[str, str]
    rounds: int
    supply_track: tuple[tuple[int, ...], ...]
    order_tokens: dict[str, int]
    order_kinds: dict[str, str]
    muster_cost: dict[str, int]
    upgrade_cost: dict[str, int]
    port_capacity: int
    power_per_house: int
    power_start: int
    cards_per_house: int
    wildling_steps: tuple[int, ...]
    start_ed1: dict[str, Any]
    influence_start_ed1: dict[str, tuple[str, ...]]
    start_ed2: dict[str, Any]
    unused_strength: dict[str, int]
    folder: Path
    read_tokens: frozenset[str] = frozenset()  # the tokens a reader looks at: consolidate, support, starred
    supplied_tokens: frozenset[str] = frozenset()  # the tokens a house has at least one of

    def __post_init__(self) -> None:
        self.read_tokens = frozenset((*CONSOLIDATE, *SUPPORT, *(t for t in self.order_tokens if t.endswith("-star"))))
        self.supplied_tokens = frozenset(t for t, n in self.order_tokens.items() if n >= 1)


def suggest(name: str, candidates: list[str]) -> str | None:
    """The closest candidate, both lower-cased, with a similarity of at least 0.8 (none otherwise)."""
    lowered: dict[str, str] = {}
    for c in candidates:
        lowered.setdefault(c.lower(), c)
    close = closest_in(name.lower(), lowered, cutoff=0.8)
    return close[0] if close else None


def read_files(folder: Path) -> dict[str, Any]:
    """Every data file of `folder`, parsed with positions; DataError when one is missing or unreadable."""
    raw: dict[str, Any] = {}
    for name in FILES:
        path = folder / f"{name}.yaml"
        try:
            raw[name] = yamlpos.load(read_input(path))
        except OSError as exc:
            raise DataError(f"cannot read {path}: {exc.strerror or exc}") from None
        except yamlpos.YamlError as exc:
            raise DataError(exc.message, path=str(path), line=exc.line) from None
    return raw


def load(folder: Path | None = None) -> AgotData:
    """The game's data from `folder` (None: the bundled data); DataError when it cannot be used."""
    folder = folder or bundled_data(FOLDER)
    raw = read_files(folder)
    try:
        return _build(raw, folder)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise DataError(
            f"the data in {folder} is not usable ({type(exc).__name__}: {exc}); "
            "run `armybuilder data check --game agot-board-game` to see where"
        ) from None


def _tuple(items: Any) -> tuple[Any, ...]:
    return tuple(items or ())


def _build(raw: Mapping[str, Any], folder: Path) -> AgotData:
    houses = raw["houses"]["houses"]
    house_names = {str(h): str(v["name"]) for h, v in houses.items()}
    house_index: dict[str, str] = {}
    for hid, v in houses.items():
        house_index[hid] = hid
        for alias in v.get("aliases") or ():
            house_index[str(alias)] = hid
    areas_raw = raw["areas"]
    tables = raw["tables"]
    setups = raw["setups"]
    cards = raw["house_cards"]
    westeros = raw["westeros_cards"]["westeros_cards"]

    # edition 2 map
    ed2 = areas_raw["areas_ed2"]
    areas2: dict[str, Area] = {}
    port_of = {p["land"]: name for name, p in ed2["port"].items()}
    for name, v in ed2["land"].items():
        v = v or {}
        areas2[name] = Area(
            name,
            "land",
            v.get("castle"),
            int(v.get("supply", 0)),
            int(v.get("power", 0)),
            v.get("home"),
            port_of.get(name),
        )
    for name in ed2["sea"]:
        areas2[name] = Area(name, "sea")
    for name, p in ed2["port"].items():
        areas2[name] = Area(name, "port", land=p["land"], sea=p["sea"])
    points = tables["mustering"]["points"]
    muster_points2 = {a.name: int(points.get(a.castle, 0)) if a.castle else 0 for a in areas2.values()}

    # edition 1 map (inferred)
    ed1 = areas_raw["areas_ed1_inferred"]
    seed = areas_raw["ed1_seed_map"]
    homes1 = {str(a): str(h) for a, h in ed1["home"].items()}
    areas1: dict[str, Area] = {}
    for name in ed1["land"]:
        areas1[name] = Area(
            name,
            "land",
            supply=int(seed["supply_icons"].get(name, 0)),
            power=int(seed["power_icons"].get(name, 0)),
            home=homes1.get(name),
        )
    for name in ed1["sea"]:
        areas1[name] = Area(name, "sea")

    aliases = {str(k): str(v) for k, v in areas_raw["area_aliases"].items()}
    out_3p = frozenset(areas_raw["out_of_play"]["ed2_3_players"])

    card_table: dict[str, dict[str, tuple[int, int, int]]] = {
        h: {str(n): (int(s[0]), int(s[1]), int(s[2])) for n, s in hand.items()}
        for h, hand in cards["house_cards_ed2"].items()
    }
    owner = {name: h for h, hand in card_table.items() for name in hand}

    def neutral(ed: str) -> dict[int, dict[str, int | None]]:
        result: dict[int, dict[str, int | None]] = {}
        for row in setups["neutral_forces"][ed]:
            for n in row["players"]:
                result[int(n)] = {str(a): (None if s is None else int(s)) for a, s in row["areas"].items()}
        return result

    editions: dict[int, Edition] = {}
    for number, key in ((1, "ed1"), (2, "ed2")):
        t = tables["editions"][key]
        stars = t["kings_court_stars"]
        editions[number] = Edition(
            number=number,
            word=EDITION_WORD[number],
            houses=_tuple(t["houses"]),
            players_min=int(t["players"]["min"]),
            players_max=int(t["players"]["max"]),
            by_players={int(r["players"]): _tuple(r["houses"]) for r in t["houses_by_player_count"]},
            win_areas={int(r["players"]): int(r["areas"]) for r in t["win_areas"]},
            units=_tuple(t["units"]),
            caps={str(k): int(v) for k, v in t["unit_caps"].items()},
            cap_notes={str(k): str(v) for k, v in (t.get("unit_cap_notes") or {}).items()},
            areas=areas1 if number == 1 else areas2,
            homes=homes1 if number == 1 else {a.name: a.home for a in areas2.values() if a.home},
            out_3p=frozenset() if number == 1 else out_3p,
            muster_seas=(
                {str(a): _tuple(s) for a, s in seed["muster_seas"].items()}
                if number == 1
                else {str(a): _tuple(s) for a, s in areas_raw["muster_seas_ed2"].items()}
            ),
            muster_points=(
                {str(a): int(p) for a, p in seed["mustering_points"].items()}
                if number == 1
                else muster_points2
            ),
            islands=frozenset(seed["islands"] if number == 1 else ed2["islands"]),
            stars_known={int(r["position"]): int(r["stars"]) for r in stars.get("known", ())},
            stars_by_players={int(r["players"]): _tuple(r["stars"]) for r in stars.get("by_players", ())},
            westeros={str(c): _tuple(k) for c, k in westeros[key].items()},
            house_cards=card_table if number == 2 else {},
            card_owner=owner if number == 2 else {},
            neutral=neutral(key),
            wildling_start=int(t["wildling_start"]),
            island_support_error=bool(t["forbidden_island_support"]),
            area_aliases=aliases,
            house_names=house_names,
            house_index=house_index,
        )
    return AgotData(
        editions=editions,
        house_names=house_names,
        rounds=int(tables["rounds"]),
        supply_track=tuple(tuple(int(x) for x in row) for row in tables["supply_track"]),
        order_tokens={str(k): int(v) for k, v in tables["order_tokens"].items()},
        order_kinds={str(k): str(v) for k, v in tables["order_kinds"].items()},
        muster_cost={str(k): int(v) for k, v in tables["mustering"]["cost"].items()},
        upgrade_cost={str(k): int(v) for k, v in tables["mustering"]["upgrade_cost"].items()},
        port_capacity=int(tables["mustering"]["port_capacity"]),
        power_per_house=int(tables["power"]["per_house"]),
        power_start=int(tables["power"]["start"]),
        cards_per_house=int(tables["house_cards"]["per_house"]),
        wildling_steps=_tuple(tables["wildling_threat"]["steps"]),
        start_ed1=setups["start_ed1"],
        influence_start_ed1={k: _tuple(v) for k, v in setups["influence_start_ed1_inferred"].items()},
        start_ed2=setups["start_ed2"],
        unused_strength={str(k): int(v) for k, v in setups["ed1_unused_house_strength"].items()},
        folder=folder,
    )
