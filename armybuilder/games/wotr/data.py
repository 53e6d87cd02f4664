"""The facts of War of the Ring (2nd edition), loaded once per process from `data/war-of-the-ring/`.

Nations and sides, the figures in the box, the 105 regions, the 13 characters, the standard set-up and
reinforcement pools, the tracks and limits, and the names (canonical and aliases) of every kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from armybuilder.errors import DataError
from armybuilder.games.base import bundled_data
from armybuilder.games.wotr import datacheck
from armybuilder.games.wotr.names import NameIndex
from armybuilder.kit import cache as kit_cache

DATA_FOLDER = "war-of-the-ring"
SIDES = ("free_peoples", "shadow")
KINDS = ("regular", "elite", "leader", "nazgul")
ARMY_KINDS = ("regular", "elite")

Figures = Mapping[str, int]  # figure kind -> count


@dataclass(frozen=True, slots=True)
class Nation:
    """A nation: its names, its side and the figures in its box."""

    key: str
    name: str  # as a sentence names it: "the North"
    adjective: str  # "Northern"
    side: str
    box: Mapping[str, int]  # figures in the box, per kind; its keys are the kinds the nation has

    @property
    def title(self) -> str:
        """The name at the start of a sentence: "The North"."""
        return self.name[:1].upper() + self.name[1:]

    @property
    def short(self) -> str:
        """The name without its article: "North", "Dwarves"."""
        return self.title.removeprefix("The ")


@dataclass(frozen=True, slots=True)
class FigureKind:
    """A kind of figure (regular, elite, leader…) and whether it counts as an army unit."""

    key: str
    name: str
    plural: str
    army_unit: bool


@dataclass(frozen=True, slots=True)
class Region:
    """A region of the map: its nation and its settlement."""

    name: str
    nation: str | None
    settlement: str  # stronghold | city | town | fortification | none

    @property
    def is_stronghold(self) -> bool:
        return self.settlement == "stronghold"

    @property
    def is_settlement(self) -> bool:
        return self.settlement in ("stronghold", "city", "town")


@dataclass(frozen=True, slots=True)
class Character:
    """A character: its kind, side, level, leadership, and whom it replaces or where it stays."""

    name: str
    kind: str  # companion | upgrade | gollum | minion
    side: str
    level: int | None  # None: unlimited
    leadership: int
    replaces: str | None = None
    stays_in: str | None = None
    action_die: bool = False


_UNKNOWN = object()


@dataclass(frozen=True)
class WotrData:
    """The game's checked data: sides, nations, figure kinds, regions, characters and the set-up."""

    folder: Path
    side_names: Mapping[str, str]
    side_nations: Mapping[str, tuple[str, ...]]
    kinds: Mapping[str, FigureKind]
    nations: Mapping[str, Nation]
    regions: Mapping[str, Region]
    characters: Mapping[str, Character]
    setup_board: Mapping[str, Mapping[str, Figures]]  # region -> nation -> figures
    setup_reinforcements: Mapping[str, Figures]
    setup_fellowship: Mapping[str, Any]
    setup_political: Mapping[str, tuple[int, bool]]
    setup_action_dice: Mapping[str, int]
    setup_elven_rings: Mapping[str, int]
    setup_hunt: Mapping[str, Any]
    setup_hand_size: int
    setup_victory_points: Mapping[str, int]
    players_min: int
    players_max: int
    players_default: int
    region_limit: int
    siege_limit: int
    elven_rings: int
    count_max: int
    corruption_max: int
    mordor_last_step: int
    political_boxes: tuple[int, ...]
    can_be_passive: frozenset[str]
    dice: Mapping[str, tuple[int, int]]  # side -> (start, max)
    settlement_vp: Mapping[str, int]
    vp_needed: Mapping[str, int]  # side -> VP for a military victory
    results: Mapping[str, tuple[str, int | None]]  # result -> (winner, ch.10 condition number)
    hand_limits: Mapping[int, Mapping[str, int]]  # players -> hand key -> limit
    control: Mapping[int, Mapping[str, tuple[str, ...]]]  # players -> player -> nations and minions
    player_names: Mapping[str, str]
    names: Mapping[str, NameIndex]  # sides, nations, figure_kinds, players, regions, characters, results
    # worked out from `regions` once (__post_init__): what the rules ask of a region over and over
    region_side: Mapping[str, str | None] = field(init=False, repr=False, compare=False)  # `owner_side`
    # side -> the settlements of a nation that side does not start with: where an army of that side standing
    # alone is what settlement-control looks at (at home it only looks again when `captured` names the region)
    settlements_away: Mapping[str, frozenset[str]] = field(init=False, repr=False, compare=False)
    strongholds: frozenset[str] = field(init=False, repr=False, compare=False)
    region_nation: Mapping[str, str | None] = field(init=False, repr=False, compare=False)  # the reader's board
    # nation -> (its figure kinds, a Free Peoples nation?, has leaders?, has Nazgûl?): what the reader asks per stack
    figure_facts: Mapping[str, tuple[frozenset[str], bool, bool, bool]] = field(init=False, repr=False, compare=False)
    # (nation, box, active) -> what political-track says of such a marker: a memo, filled as markers are met
    # (at most 8 nations x 1,999 boxes x 3, whatever the files)
    political_told: dict[tuple[str, int | None, bool | None], tuple[str | None]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        regions, nations = self.regions, self.nations
        sides = {k: None if r.nation is None else nations[r.nation].side for k, r in regions.items() if r.nation is None or r.nation in nations}
        owned = frozenset(k for k, r in regions.items() if r.is_settlement and r.nation is not None)
        object.__setattr__(self, "region_side", sides)
        object.__setattr__(self, "settlements_away", {side: frozenset(k for k in owned if sides.get(k) != side) for side in SIDES})
        object.__setattr__(self, "strongholds", frozenset(k for k, r in regions.items() if r.is_stronghold))
        object.__setattr__(self, "region_nation", {k: r.nation for k, r in regions.items()})
        facts = {k: (frozenset(n.box), n.side == "free_peoples", "leader" in n.box, "nazgul" in n.box) for k, n in nations.items()}
        object.__setattr__(self, "figure_facts", facts)
        object.__setattr__(self, "political_told", {})

    def side_of(self, nation: str) -> str:
        return self.nations[nation].side

    def other_side(self, side: str) -> str:
        return "shadow" if side == "free_peoples" else "free_peoples"

    def owner_side(self, region: str) -> str | None:
        """The side whose nation the region belongs to (None: wilderness)."""
        found = self.region_side.get(region, _UNKNOWN)
        if found is not _UNKNOWN:
            return found  # type: ignore[return-value]
        nation = self.regions[region].nation  # a region of a nation the data lacks: raises as it always did
        return None if nation is None else self.nations[nation].side


def _count_keys(mapping: Mapping[str, Any]) -> dict[int, Any]:
    return {int(key.rstrip("p")): value for key, value in mapping.items()}


# Bump when the pickled shape changes, so that old caches are never unpickled into new classes.
CACHE_FORMAT = 1
_MAGIC = b"ABWOTR01"


def _model_sources() -> list[Path]:
    """The modules whose classes are pickled or whose checks decide what loads, and the data files' schemas:
    a change to any of them makes old caches unusable."""
    here = Path(__file__).resolve().parent
    core = here.parents[1]
    return [
        here / "data.py",
        here / "datacheck.py",
        here / "names.py",
        *(here / "schemas" / f"{name}.json" for name in datacheck.FILES),
        core / "yamlpos.py",
        core / "yamlplain.py",
        core / "kit" / "schema.py",
    ]


def _cache_path(root: Path, blobs: Mapping[str, bytes] | None) -> Path | None:
    """Where the checked data of these files of `root` is cached (None: caching is off, or a file cannot be
    read and the check will say so). The folder is part of the key: the data names it."""
    folder = kit_cache.cache_dir()
    if folder is None or blobs is None:
        return None
    named = [(f"{name}.yaml", blobs[name]) for name in datacheck.FILES]
    key = kit_cache.content_key(f"{DATA_FOLDER}|{CACHE_FORMAT}|{root}", _model_sources(), named)
    return folder / f"wotr-data-{key[:32]}.pickle"


def load(folder: Path | None = None) -> WotrData:
    """Load (and check) a data folder; DataError with the first problem when it cannot be used. Data that
    passed its check is cached, keyed by its files' names and bytes (`kit.cache`), so that a later run reads
    it back instead of parsing and checking it again; a folder with problems is checked every time."""
    root = folder if folder is not None else bundled_data(DATA_FOLDER)
    if not root.is_dir():
        raise DataError(f"no War of the Ring data folder at {root}")
    blobs = datacheck.read_bytes(root)  # checked below as read here: the key is what was checked
    cache_path = _cache_path(root, blobs)
    if cache_path is not None:
        cached = kit_cache.read(cache_path, _MAGIC, WotrData)
        if cached is not None and cached.folder == root:
            return cached
    files = datacheck.read(root, blobs)
    problems = files.problems or datacheck.consistency(files)
    if problems:
        first = problems[0]
        more = f" (and {len(problems) - 1} more; run `armybuilder data check --game war-of-the-ring`)"
        raise DataError(first.message + (more if len(problems) > 1 else ""), path=first.file, line=first.line)
    data = build(root, files.values)
    if cache_path is not None:
        kit_cache.write(cache_path, _MAGIC, data)
    return data


def build(root: Path, v: Mapping[str, Any]) -> WotrData:
    nations_file, regions_file, chars_file = v["nations"], v["regions"], v["characters"]
    setup, tracks, aliases = v["setup"], v["tracks"], v["aliases"]
    nations = {
        key: Nation(key, e["name"], e["adjective"], e["side"], dict(e["figures_in_box"]))
        for key, e in nations_file["nations"].items()
    }
    kinds = {
        key: FigureKind(key, e["name"], e["plural"], e["army_unit"])
        for key, e in nations_file["figure_kinds"].items()
    }
    regions = {
        name: Region(name, e["nation"], e["settlement"]) for name, e in regions_file["regions"].items()
    }
    characters = {
        name: Character(
            name,
            e["kind"],
            e["side"],
            None if e["level"] == "unlimited" else e["level"],
            e["leadership"],
            e.get("replaces"),
            e.get("stays_in"),
            e.get("action_die", False),
        )
        for name, e in chars_file["characters"].items()
    }
    board: dict[str, dict[str, Figures]] = {}
    for nation, places in setup["board"].items():
        for region, figures in places.items():
            board.setdefault(region, {})[nation] = dict(figures)
    alias_table: Mapping[str, Mapping[str, list[str]]] = aliases["aliases"]
    players = _count_keys(tracks["players_control"])
    hand_limits = _count_keys(tracks["hand_limits"])
    names = {
        "sides": NameIndex("sides", nations_file["sides"], alias_table.get("sides")),
        "nations": NameIndex("nations", nations, alias_table.get("nations")),
        "figure_kinds": NameIndex("figure_kinds", kinds, alias_table.get("figure_kinds")),
        "players": NameIndex("players", tracks["player_names"], alias_table.get("players")),
        "regions": NameIndex("regions", regions, alias_table.get("regions")),
        "characters": NameIndex(
            "characters", characters, alias_table.get("characters"), aliases["ambiguous"]
        ),
        "results": NameIndex("results", tracks["results"]),
    }
    return WotrData(
        folder=root,
        side_names={key: e["name"] for key, e in nations_file["sides"].items()},
        side_nations={key: tuple(e["nations"]) for key, e in nations_file["sides"].items()},
        kinds=kinds,
        nations=nations,
        regions=regions,
        characters=characters,
        setup_board=board,
        setup_reinforcements={nation: dict(f) for nation, f in setup["reinforcements"].items()},
        setup_fellowship=dict(setup["fellowship"]),
        setup_political={nation: (e["box"], e["active"]) for nation, e in setup["political"].items()},
        setup_action_dice=dict(setup["action_dice"]),
        setup_elven_rings=dict(setup["elven_rings"]),
        setup_hunt=dict(setup["hunt"]),
        setup_hand_size=setup["hand_size"],
        setup_victory_points=dict(setup["victory_points"]),
        players_min=tracks["players"]["min"],
        players_max=tracks["players"]["max"],
        players_default=tracks["players"]["default"],
        region_limit=tracks["limits"]["army_units_per_region"],
        siege_limit=tracks["limits"]["army_units_in_besieged_stronghold"],
        elven_rings=tracks["limits"]["elven_rings"],
        count_max=tracks["limits"]["count_max"],
        corruption_max=tracks["fellowship"]["corruption"]["max"],
        mordor_last_step=tracks["fellowship"]["mordor_track"]["last_step"],
        political_boxes=tuple(tracks["political"]["boxes"]),
        can_be_passive=frozenset(tracks["political"]["can_be_passive"]),
        dice={side: (e["start"], e["max"]) for side, e in tracks["action_dice"].items()},
        settlement_vp=dict(tracks["victory"]["settlement_vp"]),
        vp_needed={
            "shadow": tracks["victory"]["shadow_needs"],
            "free_peoples": tracks["victory"]["free_peoples_need"],
        },
        results={key: (e["winner"], e["condition"]) for key, e in tracks["results"].items()},
        hand_limits=hand_limits,
        control={n: {p: tuple(names) for p, names in c.items()} for n, c in players.items()},
        player_names=dict(tracks["player_names"]),
        names=names,
    )
