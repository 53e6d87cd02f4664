"""The card catalogue: read one season of a card data folder once, check it, and reuse a content-keyed cache
after that.

Every command loads cards through `load_catalogue()`. A cold load parses and checks every YAML file of the
season; the result is pickled under the user's cache folder, keyed by a digest of every data file's path and
bytes (every season's) and the season asked for, so a warm start only reads and hashes the files. A cache
whose digest or payload does not match is rebuilt.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import field, replace
from pathlib import Path
from typing import Any

from armybuilder.errors import DataError, UsageError
from armybuilder.fileio import read_input
from armybuilder.games.asoiaf.datafiles import (  # re-exported: the data check and tests read them here
    CARD_FOLDERS as CARD_FOLDERS,
)
from armybuilder.games.asoiaf.datafiles import (
    FACTIONS_FILE as FACTIONS_FILE,
)
from armybuilder.games.asoiaf.datafiles import (
    FOLDERS as FOLDERS,
)
from armybuilder.games.asoiaf.datafiles import (
    DataFile as DataFile,
)
from armybuilder.games.asoiaf.datafiles import (
    all_files,
    season_files,
    seasons,
    select,
)
from armybuilder.games.asoiaf.datafiles import (
    bundled_data_dir as bundled_data_dir,
)
from armybuilder.games.asoiaf.datafiles import (
    data_files as data_files,
)
from armybuilder.games.asoiaf.datafiles import (
    read_files as read_files,
)
from armybuilder.kit import cache
from armybuilder.kit.words import closest_in
from armybuilder.problems import Problem, Severity
from armybuilder.record import record

from .cards import (
    NEUTRAL,
    Attack,
    Card,
    CardKind,
    Faction,
    SourcePos,
    Special,
    TacticsCard,
    requirement_from,
)
from .names import ENGLISH, Names, NameTable, Printing, read_table, table_files
from .names import normalize as normalize_name

# Bump when the pickled shape changes, so that old caches are never unpickled into new classes.
CACHE_FORMAT = 3
_MAGIC = b"ABCAT001"
_KEYS_MAGIC = b"ABKEY001"  # an earlier season's `find_keys`
_CONTENT_KEY = ("content-key",)  # in a loaded catalogue's memo: the digest it was cached under



_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"})
_SPACES = re.compile(r"\s+")


def normalize(text: str) -> str:
    """How user references are compared: case, curly/straight apostrophes and spacing do not matter."""
    return _SPACES.sub(" ", text.translate(_APOSTROPHES)).strip().casefold()


@record()
class Catalogue:
    """Every card of a data folder, with indexes for looking cards up by id, name and title."""

    data_version: str
    snapshot: str
    factions: dict[str, Faction]
    cards: dict[str, Card]
    tactics: dict[str, TacticsCard]
    specials: dict[str, Special]
    root: str = ""
    versions: tuple[str, ...] = ()  # every season of the data folder, oldest first (the last is the default)
    names: Names = field(default_factory=Names)  # card names in other languages (names.py)
    language: str = ""  # the language printouts name cards in ("": English; `--lang`)
    _by_name: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    _by_title: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    _exact_name: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    _exact_title: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    _faction_tactics: dict[str, tuple[TacticsCard, ...]] = field(default_factory=dict, repr=False)
    # Answers to pure questions about this (immutable) catalogue, e.g. how a reference resolves in a slot;
    # not an __init__ field, so `dataclasses.replace` gives a changed catalogue a fresh one.
    memo: dict[object, object] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name: dict[str, list[str]] = {}
        by_title: dict[str, list[str]] = {}
        exact_name: dict[str, list[str]] = {}
        exact_title: dict[str, list[str]] = {}
        for card in self.cards.values():
            by_name.setdefault(normalize(card.name), []).append(card.id)
            by_title.setdefault(normalize(card.title), []).append(card.id)
            exact_name.setdefault(card.name, []).append(card.id)
            exact_title.setdefault(card.title, []).append(card.id)
        self._by_name = {k: tuple(v) for k, v in by_name.items()}
        self._by_title = {k: tuple(v) for k, v in by_title.items()}
        self._exact_name = {k: tuple(v) for k, v in exact_name.items()}
        self._exact_title = {k: tuple(v) for k, v in exact_title.items()}
        by_faction: dict[str, list[TacticsCard]] = {}
        for tactics in self.tactics.values():
            if tactics.commander is None:
                by_faction.setdefault(tactics.faction, []).append(tactics)
        self._faction_tactics = {k: tuple(v) for k, v in by_faction.items()}

    # --- data references (inside card data: exact, case-sensitive, a set of cards) ---

    def resolve_ref(self, ref: str) -> tuple[Card, ...]:
        """Every card a data reference (`Name` or `Name, Subname`) denotes; empty when none."""
        ids = self._exact_title.get(ref) or self._exact_name.get(ref) or ()
        return tuple(self.cards[i] for i in ids)

    def matches(self, card: Card, ref: str) -> bool:
        """Whether `card` is one of the cards the data reference denotes."""
        return card.id in (self._exact_title.get(ref) or self._exact_name.get(ref) or ())

    # --- user references (lists, command line: id, Name or Name, Subname, forgiving) ---

    def find(self, text: str, kinds: Iterable[CardKind] | None = None) -> list[Card]:
        """Cards a user reference may mean, optionally only of some kinds (ids first, then titles, names)."""
        wanted = set(kinds) if kinds is not None else None
        text = str(text).strip()
        if text in self.cards:
            found = [self.cards[text]]
        else:
            key = normalize(text)
            ids = self._by_title.get(key) or self._by_name.get(key) or self.names.ids(text)
            found = [self.cards[i] for i in ids if i in self.cards]
        return [c for c in found if wanted is None or c.kind in wanted]

    def in_english(self, text: str) -> bool:
        """Whether a user reference is an id or an English title or name (not a translated one)."""
        key = normalize(str(text).strip())
        return str(text).strip() in self.cards or key in self._by_title or key in self._by_name

    def suggest(self, text: str, kinds: Iterable[CardKind] | None = None, n: int = 3) -> list[str]:
        """The closest card titles to a reference that matched nothing ("did you mean")."""
        kinds = frozenset(kinds) if kinds is not None else frozenset(CardKind)
        memo_key = ("suggest", str(text), kinds, n)  # difflib takes milliseconds: once per misspelling
        found = self.memo.get(memo_key)
        if found is None:
            titles = self._titles_for(kinds)
            key = normalize(str(text))
            close = closest_in(key, titles, n=n)
            if not close:  # a fragment: "Umber" finds the Umber cards
                close = [titles[t] for t in titles if key and key in t][:n]
            if not close:  # a misspelt German, French or club name: the closest names in those languages
                close = closest_in(normalize_name(str(text)), self._translated_titles(kinds), n=n, cutoff=0.75)
            found = self.memo[memo_key] = tuple(close)
        assert isinstance(found, tuple)
        return list(found)

    def _titles_for(self, kinds: frozenset[CardKind]) -> dict[str, str]:
        """normalized title or name -> as printed, for cards of `kinds` (built once per set of kinds)."""
        cache = self.__dict__.setdefault("_titles_cache", {})
        if kinds not in cache:
            titles: dict[str, str] = {}
            for card in self.cards.values():
                if card.kind in kinds:
                    titles.setdefault(normalize(card.title), card.title)
                    titles.setdefault(normalize(card.name), card.name)
            cache[kinds] = titles
        return cache[kinds]  # type: ignore[no-any-return]

    def _translated_titles(self, kinds: frozenset[CardKind]) -> dict[str, str]:
        """normalized translated title -> as its table writes it, for cards of `kinds`, every language (built
        once per set of kinds)."""
        cache = self.__dict__.setdefault("_translated_cache", {})
        if kinds in cache:
            return cache[kinds]  # type: ignore[no-any-return]
        titles: dict[str, str] = {}
        for table in self.names.tables.values():
            for card_id, (name, subname) in table.cards.items():
                card = self.cards.get(card_id)
                if card is not None and card.kind in kinds:
                    title = f"{name}, {subname}" if subname else name
                    titles.setdefault(normalize_name(title), title)
        cache[kinds] = titles
        return titles

    def faction(self, text: str) -> Faction | None:
        """A faction by key (`stark`) or display name (`House Stark`), forgiving case and apostrophes."""
        memo_key = ("faction", text)
        if memo_key in self.memo:
            return self.memo[memo_key]  # type: ignore[return-value]
        key = normalize(str(text))
        found = next((f for f in self.factions.values() if key in (f.key, normalize(f.name))), None)
        if found is None:  # a faction's name in another language: Haus Stark, Maison Bolton, 史塔克家族
            found = self.factions.get(self.names.faction(str(text)) or "")
        self.memo[memo_key] = found
        return found

    @property
    def printed(self) -> Printing:
        """How printouts name cards: in the language `--lang` asked for, English where it has no name."""
        return Printing(self.names.table(self.language)) if self.language else ENGLISH

    def in_language(self, language: str) -> Catalogue:
        """This catalogue printing card names in `language` (de, fr, zh-Hant, a names file's, en)."""
        if language.casefold() in ("en", "english", ""):
            return replace(self, language="")
        table = self.names.table(language)
        if table is None:
            known = ", ".join(("en", *self.names.languages))
            raise UsageError(f"no card names in {language!r} here; the languages are {known}, and a --names "
                             "file's own")  # fmt: skip
        return replace(self, language=table.language)

    def with_names(self, table: NameTable) -> tuple[Catalogue, list[Problem]]:
        """This catalogue reading a club's names too, and the problems of the entries left out (an unknown
        id, a name another card already has)."""
        problems: list[Problem] = []
        cards: dict[str, tuple[str, str | None]] = {}
        taken: dict[str, str] = {}  # normalized title -> the id this file gave it
        for card_id, (name, subname) in table.cards.items():
            line, column = table.lines.get(card_id, (1, 1))
            card = self.cards.get(card_id)
            if card is None:
                problems.append(Problem("names-file", Severity.ERROR, f"{card_id} is no card id of card data "
                                        f"{self.data_version}; use the id `armybuilder cards` shows", table.source,
                                        line, column))  # fmt: skip
                continue
            title = f"{name}, {subname}" if subname else name
            key = normalize_name(title)
            others = [
                self.cards[i]
                for i in (*self._by_title.get(normalize(title), ()), *self.names.title_ids(title))
                if i in self.cards and self.cards[i].title != card.title
            ]
            if key in taken and self.cards[taken[key]].title != card.title:
                others.append(self.cards[taken[key]])
            if others:
                problems.append(Problem("names-file", Severity.ERROR, f"'{title}' for {card.label} is already "
                                        f"the name of {others[0].label}; give it a name of its own",
                                        table.source, line, column))  # fmt: skip
                continue
            taken.setdefault(key, card_id)
            cards[card_id] = (name, subname)
        for card_id in table.tactics:
            if card_id not in self.tactics:
                line, column = table.lines.get(card_id, (1, 1))
                problems.append(Problem("names-file", Severity.ERROR, f"{card_id} is no tactics card id of card "
                                        f"data {self.data_version}", table.source, line, column))  # fmt: skip
        tactics = {k: v for k, v in table.tactics.items() if k in self.tactics}
        factions = {k: v for k, v in table.factions.items() if k in self.factions}
        for key in table.factions.keys() - factions.keys():
            problems.append(Problem("names-file", Severity.ERROR, f"`{key}` is no faction; the factions are "
                                    f"{', '.join(self.factions)}", table.source))  # fmt: skip
        kept = NameTable(table.language, table.source, cards, tactics, factions, table.lines)
        return replace(self, names=self.names.with_table(kept)), problems

    def faction_tactics(self, faction: str) -> list[TacticsCard]:
        """The faction's own tactics cards (7 in valid data), in data order."""
        return list(self._faction_tactics.get(faction, ()))

    def commander_tactics(self, commander_id: str) -> list[TacticsCard]:
        card = self.cards.get(commander_id)
        ids = card.tactics if card else ()
        return [self.tactics[i] for i in ids if i in self.tactics]

    def versions_of(self, card: Card) -> list[Card]:
        """Every other card sharing a character identity with `card`."""
        if not card.characters:
            return []
        mine = set(card.characters)
        return [c for c in self.cards.values() if c.id != card.id and mine.intersection(c.characters)]


# --- reading ---------------------------------------------------------------------------------------------


def _line(node: Any) -> int:
    pos = getattr(node, "pos", None)
    return pos.line if pos else 0


def build(files: list[DataFile], root: str = "", versions: tuple[str, ...] = ()) -> Catalogue:
    """Turn checked data files into a Catalogue (assumes `check` found no errors)."""
    cards: dict[str, Card] = {}
    tactics: dict[str, TacticsCard] = {}
    specials: dict[str, Special] = {}
    meta: dict[str, Any] = {}
    rows: dict[str, Any] = {}  # faction key -> its entry (a later season's replaces an earlier one's)
    for df in files:
        if df.is_factions:
            meta = df.content
            rows.update((f["key"], f) for f in meta.get("factions") or [])
            continue
        folder = df.folder
        faction = df.content["faction"]
        if folder in CARD_FOLDERS:
            key, kind = CARD_FOLDERS[folder]
            for raw in df.content.get(key) or []:
                card = card_from(
                    raw,
                    kind or CardKind(raw["kind"]),
                    faction,
                    SourcePos(df.relpath, _line(raw)),
                    commander=folder == "commanders",
                )
                cards[card.id] = card
        elif folder == "tactics":
            for section in ("faction_tactics", "commander_tactics"):
                for raw in df.content.get(section) or []:
                    tactics[raw["id"]] = TacticsCard(
                        id=raw["id"],
                        faction=faction,
                        name=raw["name"],
                        version=str(raw.get("version", "")),
                        commander=raw.get("commander"),
                        replaces=raw.get("replaces"),
                        source=SourcePos(df.relpath, _line(raw)),
                    )
        elif folder == "specials":
            for raw in df.content.get("specials") or []:
                specials[raw["id"]] = Special(
                    id=raw["id"],
                    faction=faction,
                    name=raw["name"],
                    type=raw["type"],
                    version=str(raw.get("version", "")),
                    used_by=tuple(raw.get("used_by") or ()),
                    effects=tuple(requirement_from(e) for e in raw.get("effects") or ()),
                    note=raw.get("note"),
                    source=SourcePos(df.relpath, _line(raw)),
                )
    factions = {
        f["key"]: Faction(
            key=f["key"], name=f["name"], season=str(f.get("season", "")), source=f.get("source", "")
        )
        for f in rows.values()
    }
    return Catalogue(
        data_version=str(meta.get("data_version", "")),
        snapshot=str(meta.get("snapshot", "")),
        factions=factions,
        cards=cards,
        tactics=tactics,
        specials=specials,
        root=root,
        versions=versions,
    )


def card_from(
    raw: dict[str, Any], kind: CardKind, faction: str, source: SourcePos, *, commander: bool = False
) -> Card:
    stats = raw.get("stats") or {}
    cost = raw["cost"]
    return Card(
        id=raw["id"],
        kind=kind,
        faction=faction,
        name=raw["name"],
        subname=raw.get("subname"),
        version=str(raw.get("version", "")),
        cost=None if cost == "C" else int(cost),
        commander=commander,
        characters=tuple(raw.get("characters") or ()),
        abilities=tuple(raw.get("abilities") or ()),
        requirements=tuple(requirement_from(r) for r in raw.get("requirements") or ()),
        type=raw.get("type"),
        tray=raw.get("tray"),
        speed=stats.get("speed"),
        defense=stats.get("defense"),
        morale=stats.get("morale"),
        wounds=stats.get("wounds"),
        attacks=tuple(
            Attack(a["name"], a["type"], a["hit"], tuple(a["dice"])) for a in raw.get("attacks") or ()
        ),
        tactics=tuple(t["id"] for t in raw.get("tactics") or ()),
        replaces_faction_tactics=raw.get("replaces_faction_tactics") == "all",
        source=source,
    )


def folder_names(root: Path, catalogue: Catalogue) -> Names:
    """The name tables of a data folder (`names/<language>.yaml`); DataError for one that cannot be read or
    names an id the cards do not have (a translated name several cards share is the reader's to decide)."""
    tables: dict[str, NameTable] = {}
    for path in table_files(root):
        table, problems = read_table(path, path.relative_to(root).as_posix())
        if table is not None:
            unknown = [i for i in table.cards if i not in catalogue.cards]
            unknown += [i for i in table.tactics if i not in catalogue.tactics]
            problems += [Problem("names-file", Severity.ERROR, f"{i} is no card id", table.source,
                                 *table.lines.get(i, (1, 1))) for i in unknown]  # fmt: skip
        if problems:
            first = problems[0]
            raise DataError(first.message, path=str(root / first.file), line=first.line)
        assert table is not None
        tables[table.language] = table
    return Names(tables)


def check_files(files: list[DataFile]) -> list[Problem]:
    """Schema and integrity problems of parsed data files (see `datacheck`)."""
    from .datacheck import check

    return check(files)


# --- loading with a cache -------------------------------------------------------------------------------


def _model_sources() -> list[Path]:
    """The modules whose classes are pickled, record.py whose functions build and unpickle them, and
    names.py whose `normalize` made the cached name indexes and season keys: a change to any of them makes
    old caches unusable."""
    here = Path(__file__).resolve().parent
    return [here / "cards.py", here / "catalogue.py", here / "names.py", here.parent.parent / "record.py"]


def content_key(files: list[Path], blobs: list[bytes], root: Path, version: str | None = None) -> str:
    """A digest of the data files' paths and bytes, of the season asked for (None: the newest) and of the
    pickled classes' source."""
    named = ((path.relative_to(root).as_posix(), blob) for path, blob in zip(files, blobs, strict=True))
    return cache.content_key(f"{CACHE_FORMAT}|{version!r}", _model_sources(), named)


def load_catalogue(root: Path | str | None = None, version: str | None = None) -> Catalogue:
    """The catalogue of one season of a data folder (default: the bundled data; None: its newest season).
    Raises DataError when it is unusable or has no such season."""
    root = Path(root) if root is not None else bundled_data_dir()
    files = all_files(root) + table_files(root)
    try:
        blobs = [read_input(p) for p in files]  # regular files only: a named pipe must not hang the load
    except OSError as exc:
        raise DataError(f"cannot read card data: {exc}", path=str(root)) from None
    key = content_key(files, blobs, root, version)
    folder = cache.cache_dir()
    cache_path = folder / f"catalogue-{key[:32]}.pickle" if folder else None
    if cache_path is not None:
        cached = cache.read(cache_path, _MAGIC, Catalogue)
        if cached is not None:
            cached.memo[_CONTENT_KEY] = key
            return cached
    chain = seasons(root)
    chosen = [path for _, path in season_files(root, select(chain, version, root))]
    parsed, problems = read_files(root, chosen)
    problems += check_files(parsed)
    errors = [p for p in problems if p.is_error]
    if errors:
        first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise DataError(
            f"card data is invalid: {first.message}{more}; run `armybuilder data check {root}` for the list",
            path=str(root / first.file),
            line=first.line,
        )
    catalogue = build(parsed, str(root), tuple(s.version for s in chain))
    catalogue = replace(catalogue, names=folder_names(root, catalogue))
    if cache_path is not None:
        catalogue.memo.clear()
        cache.write(cache_path, _MAGIC, catalogue)
        catalogue.memo[_CONTENT_KEY] = key
    return catalogue


def find_keys(catalogue: Catalogue) -> frozenset[str]:
    """Every text `find` knows a card of `catalogue` by, in each form it compares: ids, English titles and
    names (`normalize`), translated ones (`names.normalize`). A reference none of whose forms is here finds
    nothing."""
    return frozenset((*catalogue.cards, *catalogue._by_title, *catalogue._by_name, *catalogue.names.keys()))


def may_find(keys: frozenset[str], text: str) -> bool:
    """Whether `find(text)` may find a card of the catalogue `keys` were made of (False: it finds none)."""
    text = str(text).strip()
    return text in keys or normalize(text) in keys or normalize_name(text) in keys


def season_keys(
    catalogue: Catalogue, season: str, load: Callable[[Catalogue, str], Catalogue | None]
) -> frozenset[str] | None:
    """`find_keys` of an earlier season of the catalogue's data folder, cached beside the catalogue (keyed by
    its digest, which covers every season's files): a misspelt name is told apart from a name of that season
    without unpickling the season's whole catalogue in every process. `load(catalogue, season)` loads that season
    when the keys are not cached yet. None when not known (no cache, or a catalogue not loaded by `load_catalogue`)."""
    memo_key = ("season-keys", season)
    if memo_key in catalogue.memo:
        return catalogue.memo[memo_key]  # type: ignore[return-value]
    digest = catalogue.memo.get(_CONTENT_KEY)
    folder = cache.cache_dir()
    keys: frozenset[str] | None = None
    if isinstance(digest, str) and folder is not None:
        name = cache.content_key(f"{CACHE_FORMAT}|season-keys|{digest}|{season!r}", (), ())
        path = folder / f"season-keys-{name[:32]}.pickle"
        keys = cache.read(path, _KEYS_MAGIC, frozenset)
        if keys is None:
            older = load(catalogue, season)
            if older is not None:
                keys = find_keys(older)
                cache.write(path, _KEYS_MAGIC, keys)
    catalogue.memo[memo_key] = keys
    return keys


__all__ = ["NEUTRAL", "Catalogue", "DataFile", "build", "find_keys", "load_catalogue", "may_find", "normalize", "season_keys"]
