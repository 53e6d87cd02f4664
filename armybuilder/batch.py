"""Batch validation for clubs and tournaments: many submissions, one event's rules, one small row per list.

A submission is any file: a YAML list, or text holding another tool's format (a War Council share code, an
asoiaf-stats export, a Tabletop Simulator id string). Each is read as whatever it is, validated, checked
against the event's rules, and reduced to a `Row` — the verdict, totals and problems — so that a batch of
thousands of lists never holds more than those rows in memory. Large batches run on every core.

Nothing here prints or exits: unusable arguments or event files raise `UsageError` / `EventError`; anything
wrong with a submission is a problem on its row.
"""

from __future__ import annotations

import difflib
import functools
import gc
import glob
import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, cast

from armybuilder import yamlpos
from armybuilder.errors import ArmyBuilderError, UsageError
from armybuilder.games.asoiaf.rules.unique_character import Fielded, fielded, shared_characters
from armybuilder.problems import Problem, Severity, Verdict

if TYPE_CHECKING:
    from armybuilder.engine import Options, Report
    from armybuilder.games.asoiaf.catalogue import Catalogue

PARALLEL_MIN = 150  # measured on 2 cores: 100 lists take as long on one process as on two, 200 lists 15% less
YAML_SUFFIXES = (".yaml", ".yml")
EVENT_KEYS = (
    "name",
    "points",
    "factions",
    "data_version",
    "lists_per_player",
    "teams",
    "banned_cards",
    "banned_characters",
)
PLAYER_SEPARATOR = "--"  # `<player>--<label>.yaml`


class EventError(ArmyBuilderError):
    """The event file cannot be used (unreadable, malformed, unknown key, unknown card)."""


# --- the event ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """An event's own rules on top of the game's army-building rules."""

    path: str
    name: str | None = None
    points: int | None = None
    factions: frozenset[str] | None = None  # faction keys allowed; None: any
    data_version: str | None = None
    lists_per_player: int = 1
    teams: dict[str, str] = field(default_factory=dict)  # player key -> team name
    team_players: dict[str, tuple[str, ...]] = field(default_factory=dict)  # team -> players as written
    banned_cards: dict[str, str] = field(default_factory=dict)  # card id -> reference as written
    banned_characters: frozenset[str] = frozenset()


def player_key(name: str) -> str:
    """How player names are compared: case and surrounding spaces do not matter."""
    return " ".join(name.split()).casefold()


def load_event(path: str | Path, catalogue: Catalogue) -> Event:
    """Read and check an event file; raise EventError naming the line for anything unusable."""
    name = str(path)
    try:
        blob = Path(path).read_bytes()
    except OSError as exc:
        raise EventError(f"cannot read the event file: {exc.strerror or exc}", path=name) from None
    try:
        data = yamlpos.load(blob)
    except yamlpos.YamlError as exc:
        raise EventError(exc.message, path=name, line=exc.line or None) from None
    if not isinstance(data, yamlpos.PosMap):
        raise EventError("an event file must be a mapping such as `points: 40`", path=name, line=1)

    def fail(message: str, key: Any) -> EventError:
        return EventError(message, path=name, line=data.at(key).line)

    for key in data:
        if key not in EVENT_KEYS:
            close = difflib.get_close_matches(str(key), EVENT_KEYS, n=1)
            hint = f"did you mean `{close[0]}`?" if close else f"known keys: {', '.join(EVENT_KEYS)}"
            raise EventError(
                f"unknown key `{key}` in the event file; {hint}", path=name, line=data.key_pos[key].line
            )
    fields: dict[str, Any] = {"path": name}
    if data.get("name") is not None:
        fields["name"] = str(data["name"])
    if data.get("points") is not None:
        points = data["points"]
        if isinstance(points, bool) or not isinstance(points, int) or points <= 0:
            raise fail(f"`points` must be a positive game size such as 40, not {points!r}", "points")
        fields["points"] = points
    if data.get("data_version") is not None:
        fields["data_version"] = str(data["data_version"])
    if data.get("lists_per_player") is not None:
        count = data["lists_per_player"]
        if count not in (1, 2) or isinstance(count, bool):
            raise fail(f"`lists_per_player` must be 1 or 2, not {count!r}", "lists_per_player")
        fields["lists_per_player"] = count
    if data.get("factions") is not None:
        raw = _text_list(data, "factions", name)
        keys = set()
        for index, text in enumerate(raw):
            faction = catalogue.faction(text)
            if faction is None:
                raise EventError(
                    f"unknown faction {text!r} in `factions`; known factions: {', '.join(catalogue.factions)}",
                    path=name,
                    line=_item_line(data, "factions", index),
                )
            keys.add(faction.key)
        fields["factions"] = frozenset(keys)
    if data.get("banned_cards") is not None:
        banned: dict[str, str] = {}
        for index, text in enumerate(_text_list(data, "banned_cards", name)):
            found = catalogue.find(text)
            line = _item_line(data, "banned_cards", index)
            if not found:
                close = catalogue.suggest(text)
                hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
                raise EventError(f"no card called {text!r} in `banned_cards`{hint}", path=name, line=line)
            for card in found:  # a bare name bans every version with that name
                banned[card.id] = text
        fields["banned_cards"] = banned
    if data.get("banned_characters") is not None:
        known = {c for card in catalogue.cards.values() for c in card.characters}
        by_key = {player_key(c): c for c in known}
        chosen = set()
        for index, text in enumerate(_text_list(data, "banned_characters", name)):
            identity = by_key.get(player_key(text))
            if identity is None:
                close = difflib.get_close_matches(text, sorted(known), n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise EventError(
                    f"no character called {text!r} in `banned_characters`{hint}",
                    path=name,
                    line=_item_line(data, "banned_characters", index),
                )
            chosen.add(identity)
        fields["banned_characters"] = frozenset(chosen)
    if data.get("teams") is not None:
        teams = data["teams"]
        if not isinstance(teams, yamlpos.PosMap):
            raise fail("`teams` must map each team name to its players, e.g. `Wolves: [alice, bob]`", "teams")
        members: dict[str, str] = {}
        team_players: dict[str, tuple[str, ...]] = {}
        for team, players in teams.items():
            line = teams.at(team).line
            if not isinstance(players, list) or not all(isinstance(p, (str, int)) for p in players):
                raise EventError(
                    f"team {team!r} must list its players, e.g. `[alice, bob]`", path=name, line=line
                )
            for player in players:
                key = player_key(str(player))
                if key in members:
                    raise EventError(
                        f"player {player!r} is in two teams ({members[key]} and {team}); keep one",
                        path=name,
                        line=line,
                    )
                members[key] = str(team)
            team_players[str(team)] = tuple(str(p) for p in players)
        fields["teams"] = members
        fields["team_players"] = team_players
    return Event(**fields)


def _text_list(data: yamlpos.PosMap, key: str, path: str) -> list[str]:
    value = data[key]
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return [str(value)]
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) for v in value):
        raise EventError(f"`{key}` must be a list of names, e.g. `[a, b]`", path=path, line=data.at(key).line)
    return [str(v) for v in value]


def _item_line(data: yamlpos.PosMap, key: str, index: int) -> int:
    value = data[key]
    return value.at(index).line if isinstance(value, yamlpos.PosList) else data.at(key).line


def check_data_version(event: Event, catalogue: Catalogue) -> None:
    """An event pinned to another card data version cannot be checked with this data: raise EventError."""
    if event.data_version is not None and event.data_version != catalogue.data_version:
        raise EventError(
            f"the event checks lists against card data {event.data_version}, but this armybuilder has "
            f"{catalogue.data_version}; install the armybuilder release with that data or pass --data",
            path=event.path,
        )


# --- finding the submissions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Submission:
    """One file to check, and the folder argument it was found under (None when named directly)."""

    path: str
    root: str | None = None


def collect(paths: Sequence[str], exclude: Iterable[str] = ()) -> list[Submission]:
    """Files, folders (recursively, hidden entries skipped) and globs, in a stable order without repeats."""
    skip = {os.path.realpath(p) for p in exclude}
    seen: set[str] = set()
    out: list[Submission] = []

    def add(path: str, root: str | None) -> None:
        real = os.path.realpath(path)
        if real not in seen and real not in skip:
            seen.add(real)
            out.append(Submission(path, root))

    def walk(top: str) -> None:
        found = []
        for folder, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            found += [os.path.join(folder, name) for name in files if not name.startswith(".")]
        for path in sorted(found, key=lambda p: os.path.relpath(p, top).split(os.sep)):
            add(path, top)

    for arg in paths:
        if os.path.isdir(arg):
            walk(arg)
        elif os.path.exists(arg):
            add(arg, None)
        elif glob.has_magic(arg):
            matches = sorted(glob.glob(arg, recursive=True))
            if not matches:
                raise UsageError(f"{arg}: no file matches this pattern")
            for match in matches:
                if os.path.isdir(match):
                    walk(match)
                elif os.path.isfile(match):
                    add(match, None)
        else:
            raise UsageError(f"{arg}: no such file or folder")
    return out


def player_from_path(sub: Submission) -> str:
    """The player a file belongs to by name: `<player>--<label>.ext`, else a per-player folder, else the stem."""
    name = os.path.basename(sub.path)
    stem = name.split(".", 1)[0] if not name.startswith(".") else name
    if PLAYER_SEPARATOR in stem:
        return stem.split(PLAYER_SEPARATOR, 1)[0].strip() or stem
    if sub.root is not None:
        parts = os.path.relpath(sub.path, sub.root).split(os.sep)
        if len(parts) >= 2:
            return parts[-2]
    return stem


# --- one submission -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """How every submission is read and checked; sent once to each worker."""

    event: Event | None = None
    fmt: str | None = None  # force one format: "yaml" or one of interchange.FORMATS
    strict: bool = False
    outline: bool = False  # keep a plain outline of each list (the HTML report's per-list table)
    sheet: bool = False  # keep each list's HTML army sheet, when the sheet renderer can make one
    data: str | None = None  # the card data folder (None: the bundled data)


@dataclass(slots=True)  # not frozen: built for every list read back, and frozen fields cost twice as much
class Row(Verdict):
    """What a report needs of one submission: who, what, the verdict and every problem."""

    path: str
    player: str
    declared_player: bool  # named in the list itself (not guessed from the file name)
    team: str | None
    name: str | None
    faction: str | None
    commander: str | None
    points: int | None
    total: int | None
    format: str
    problems: tuple[Problem, ...]
    strict: bool = False
    outline: tuple[tuple[str, int], ...] = ()  # (unit with its attachments, cost) per line of the list
    sheet: str | None = None

    @property
    def first_problem(self) -> Problem | None:
        failing = self.errors or (self.warnings if self.strict else [])
        return failing[0] if failing else (self.problems[0] if self.problems else None)

    @property
    def verdict(self) -> str:
        return "valid" if self.valid else "invalid"


def _validate_yaml(blob: bytes, catalogue: Catalogue, path: str, options: Options) -> Report:
    from armybuilder.engine import validate_text

    return validate_text(blob, catalogue, path, options)


def _read(path: str) -> bytes | str:
    """The file's bytes, or why it cannot be read."""
    from armybuilder.games.asoiaf.armylist import read_list_bytes

    try:
        return read_list_bytes(path)
    except OSError as exc:
        return f"cannot read the file: {exc.strerror or exc}"


def _detect(blob: bytes) -> str | None:
    from armybuilder.games.asoiaf import interchange

    try:
        text = blob.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    if not text.strip():
        return None
    try:
        return interchange.detect(text)
    except Exception:  # a detector that cannot tell is no format
        return None


def _import(fmt: str, blob: bytes, catalogue: Catalogue, path: str, options: Options) -> Report | Problem:
    """Validate a list written in another tool's format; a Problem when it cannot be read."""
    from armybuilder.engine import validate_text
    from armybuilder.games.asoiaf import interchange
    from armybuilder.games.asoiaf.listwriter import dump_list

    try:
        text = blob.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return Problem("syntax", Severity.ERROR, f"not UTF-8 text (byte {exc.start})", path, 1, 1)
    try:
        spec = interchange.import_list(fmt, text, catalogue, path)
    except ArmyBuilderError as exc:
        return Problem(
            "import", Severity.ERROR, f"cannot read this {fmt} list: {exc.message}", path, exc.line or 0, 0
        )
    report = validate_text(dump_list(spec, catalogue), catalogue, path, options)
    # positions point into YAML the player never saw: keep the problems, drop the line numbers
    report.problems = [replace(p, line=0, column=0) for p in report.problems]
    return report


@functools.cache
def _options(strict: bool) -> Options:
    from armybuilder.engine import Options

    return Options(strict=strict)


def check_report(sub: Submission, catalogue: Catalogue, config: Config) -> tuple[Report | Problem, str, str]:
    """Read one submission as whatever it is and validate it: (report or unreadable-file problem, format, digest)."""
    options = _options(config.strict)
    blob = _read(sub.path)
    if isinstance(blob, str):
        return Problem("syntax", Severity.ERROR, blob, sub.path, 1, 1), "?", ""
    # the same list submitted twice, whatever its spacing (only an event looks for duplicates)
    digest = (
        "" if config.event is None else hashlib.blake2b(b" ".join(blob.split()), digest_size=12).hexdigest()
    )
    fmt = config.fmt
    if fmt is None and not sub.path.lower().endswith(YAML_SUFFIXES):
        fmt = _detect(blob)
    if fmt is not None and fmt != "yaml":
        return _import(fmt, blob, catalogue, sub.path, options), fmt, digest
    report = _validate_yaml(blob, catalogue, sub.path, options)
    if config.fmt is None and report.army.faction is None and not report.army.units:
        # a share code or text export saved as .yaml is still that format
        found = _detect(blob)
        if found is not None:
            return _import(found, blob, catalogue, sub.path, options), found, digest
        if not sub.path.lower().endswith(YAML_SUFFIXES) and not report.army.is_mapping and blob.strip():
            message = (
                "not a list in any format armybuilder reads (a YAML list, a War Council share code, an "
                "asoiaf-stats export or a Tabletop Simulator id string); check the file, or name its "
                "format with --from"
            )
            return Problem("import", Severity.ERROR, message, sub.path, 1, 1), "?", digest
    return report, "yaml", digest


def event_problems(report: Report, event: Event) -> list[Problem]:
    """What the event's own rules say about one list (points, factions, bans)."""
    army = report.army
    out: list[Problem] = []

    def problem(rule: str, message: str, pos: tuple[int, int], card: str | None = None) -> None:
        out.append(Problem(rule, Severity.ERROR, message, army.path, pos[0], pos[1], card))

    where = event.name or Path(event.path).name
    if event.points is not None and army.points is not None and army.points != event.points:
        problem(
            "event-points",
            f"the list is for {army.points} points; {where} is played at {event.points} points — "
            f"rebuild it for {event.points}",
            army.pos("points"),
        )
    if event.factions is not None and army.faction is not None and army.faction.key not in event.factions:
        problem(
            "event-faction",
            f"{army.faction.name} is not allowed at {where}; allowed: {', '.join(sorted(event.factions))}",
            army.pos("faction"),
        )
    for entry in army.entries():
        card = entry.card
        assert card is not None
        if card.id in event.banned_cards:
            problem(
                "event-ban",
                f"{card.title} is banned at {where} (banned_cards: {event.banned_cards[card.id]}); replace it",
                (entry.line, entry.column),
                card.id,
            )
            continue
        hit = [c for c in card.characters if c in event.banned_characters]
        if hit:
            problem(
                "event-ban",
                f"{card.title} is {hit[0]}, a character banned at {where}; replace it",
                (entry.line, entry.column),
                card.id,
            )
    return out


def _outline(report: Report) -> tuple[tuple[str, int], ...]:
    ctx = report.context
    if ctx is None:
        return ()
    lines: list[tuple[str, int]] = []
    for unit in ctx.army.units:
        entries = [e for e in (unit.unit, *unit.attachments) if e.card is not None]
        if entries:
            lines.append((" + ".join(ctx.card(e).title for e in entries), sum(ctx.cost(e) for e in entries)))
    for entry in (*ctx.army.ncus, *ctx.army.enemy_attachments):
        if entry.card is not None:
            lines.append((ctx.card(entry).title, ctx.cost(entry)))
    return tuple(lines)


def _sheet(report: Report) -> str | None:
    """The list's HTML army sheet, for the report's section on it."""
    from armybuilder.render.sheet import render_sheet

    return render_sheet("html", report, report.deck)


def check_one(sub: Submission, catalogue: Catalogue, config: Config) -> Row:
    """One submission's row; never raises for anything wrong with the file."""
    return _unpack(_check_packed(sub, catalogue, config)[0])


class Head(NamedTuple):
    """What an event's checks across lists need of one submission, kept in memory while its row is spilled."""

    player: str
    digest: str  # of the file's bytes, whatever their spacing ("" when unreadable)
    faction: str | None
    team: str | None  # as the list says
    faction_pos: tuple[int, int]  # where `faction:` stands ((0, 0): not in the YAML the player wrote)
    valid: bool
    fielded: tuple[Fielded, ...]  # the characters it fields (positions 0 for an imported list)


def _problem_fields(p: Problem) -> tuple[Any, ...]:
    return (p.rule, p.severity.value, p.message, p.file, p.line, p.column, p.card)


def _check_packed(
    sub: Submission, catalogue: Catalogue, config: Config
) -> tuple[tuple[Any, ...], Head | None]:
    """One submission's row as the plain tuple `_unpack` reads (what a worker sends instead of a Row), and
    its Head when there is an event."""
    try:
        result, fmt, digest = check_report(sub, catalogue, config)
    except Exception as exc:  # a bug must not stop a batch of sixty lists: report it on the row
        message = f"could not check this file ({type(exc).__name__}: {exc})"
        result, fmt, digest = Problem("internal", Severity.ERROR, message, sub.path, 1, 1), "?", ""
    row: tuple[Any, ...]
    if isinstance(result, Problem):
        player = player_from_path(sub)
        row = (sub.path, player, False, None, None, None, None, None, None, fmt, (_problem_fields(result),),
               config.strict, (), None)  # fmt: skip
        head = Head(player, digest, None, None, (0, 0), False, ()) if config.event is not None else None
        return row, head
    report = result
    army, ctx = report.army, report.context
    if config.event is not None and army.readable:
        report.add(event_problems(report, config.event))
    commander = ctx.commander if ctx else None
    player = army.player or player_from_path(sub)
    row = (
        sub.path,
        player,
        army.player is not None,
        army.team,
        army.name,
        army.faction_key,
        commander.title if commander else None,
        ctx.points if ctx else army.points,
        ctx.total if ctx else None,
        fmt,
        tuple(_problem_fields(p) for p in report.problems),
        config.strict,
        _outline(report) if config.outline else (),
        _sheet(report) if config.sheet else None,
    )
    if config.event is None:
        return row, None
    characters = fielded(ctx) if ctx is not None else ()
    if fmt != "yaml":  # positions would point into YAML the player never saw
        characters = tuple((name, title, card, 0, 0) for name, title, card, _, _ in characters)
    where = army.pos("faction") if fmt == "yaml" else (0, 0)
    return row, Head(player, digest, army.faction_key, army.team, where, report.valid, characters)


# --- many submissions -----------------------------------------------------------------------------------------

CHUNK_MAX = 256  # rows a worker checks, packs and sends back at once


_SEVERITY = {s.value: s for s in Severity}


def _unpack(packed: tuple[Any, ...]) -> Row:
    """A row from the plain tuple a worker sends (Row's fields in order, each problem a tuple of its fields;
    pickled several times faster than the dataclasses)."""
    (
        path,
        player,
        declared,
        team,
        name,
        faction,
        commander,
        points,
        total,
        fmt,
        raw,
        strict,
        outline,
        sheet,
    ) = packed
    problems = tuple(Problem(r, _SEVERITY[s], m, f, ln, c, card) for r, s, m, f, ln, c, card in raw)
    return Row(
        path, player, declared, team, name, faction, commander, points, total, fmt, problems,
        strict, outline, sheet,
    )  # fmt: skip


def _check_chunk(
    subs: Sequence[Submission], catalogue: Catalogue, config: Config
) -> tuple[bytes, int, int, list[Head] | None]:
    """Check a run of submissions: (their packed rows, pickled), how many, how many invalid, event heads)."""
    packed = []
    invalid = 0
    heads: list[Head] | None = [] if config.event is not None else None
    failing = ("error", "warning") if config.strict else ("error",)
    for sub in subs:
        row, head = _check_packed(sub, catalogue, config)
        invalid += any(p[1] in failing for p in row[10])
        packed.append(row)
        if heads is not None and head is not None:
            heads.append(head)
    return pickle.dumps(packed, pickle.HIGHEST_PROTOCOL), len(packed), invalid, heads


class Results:
    """Every row of a batch, in submission order, spilled to an anonymous temporary file as it arrives, so a
    batch of ten thousand lists holds no more in memory than a batch of ten. Iterate (as often as needed) to
    stream the rows back. Problems that need several lists (`add_problems`) are merged in as rows are read.
    """

    def __init__(self, event: Event | None = None) -> None:
        self._spill = tempfile.TemporaryFile(prefix="armybuilder-batch-")  # noqa: SIM115 - closed by close()
        self._chunks: list[tuple[int, int]] = []  # (offset, size) of each pickled run of rows
        self._end = 0
        self.count = 0
        self.invalid = 0
        self.heads: list[Head] = []  # only for an event: what its checks across lists need of each row
        self._extra: dict[int, list[Problem]] = {}
        self._teams = event.teams if event is not None else {}

    def add_chunk(self, blob: bytes, count: int, invalid: int, heads: list[Head] | None = None) -> None:
        self._spill.seek(self._end)
        self._spill.write(blob)
        self._chunks.append((self._end, len(blob)))
        self._end += len(blob)
        self.count += count
        self.invalid += invalid
        if heads is not None:
            self.heads.extend(heads)

    def add_problems(self, index: int, problems: Sequence[Problem]) -> None:
        """More problems (errors) for row `index`; a valid row they fail is counted invalid from now on."""
        if not problems:
            return
        self._extra.setdefault(index, []).extend(problems)
        head = self.heads[index]
        if head.valid and any(p.is_error for p in problems):
            self.heads[index] = head._replace(valid=False)
            self.invalid += 1

    def __len__(self) -> int:
        return self.count

    @property
    def valid(self) -> bool:
        return self.invalid == 0

    def __iter__(self) -> Iterator[Row]:
        index = 0
        for offset, size in self._chunks:
            self._spill.seek(offset)
            for packed in pickle.loads(self._spill.read(size)):
                row = _unpack(packed)
                extra = self._extra.get(index)
                if extra:
                    row = replace(row, problems=tuple(sorted((*row.problems, *extra), key=Problem.sort_key)))
                if row.team is None and self._teams:
                    row = replace(row, team=self._teams.get(player_key(row.player)))
                yield row
                index += 1

    def close(self) -> None:
        self._spill.close()

    def __enter__(self) -> Results:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def default_jobs(count: int) -> int:
    """Processes to check `count` files on (this one included): every core for a large batch, else one."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores if count > PARALLEL_MIN and cores > 1 else 1


def _chunks(items: Sequence[Any], jobs: int) -> Iterator[Sequence[Any]]:
    """Runs of items: small enough to balance the workers and move the progress bar, large enough to keep
    the traffic between processes low."""
    size = max(8, min(CHUNK_MAX, len(items) // (jobs * 16))) if jobs > 1 else CHUNK_MAX
    for start in range(0, len(items), size):
        yield items[start : start + size]


def prepare() -> None:
    """Import everything checking a list needs (the engine, every rule, the import formats)."""
    import multiprocessing.connection  # noqa: F401

    import armybuilder.engine
    import armybuilder.games.asoiaf.context
    import armybuilder.games.asoiaf.interchange
    import armybuilder.games.asoiaf.listwriter
    import armybuilder.games.asoiaf.rules  # noqa: F401


T = TypeVar("T")
R = TypeVar("R")
Work = Callable[[T, "Catalogue", Config], R]


def _shared(
    work: Work[T, R], items: Sequence[T], catalogue: Catalogue, config: Config, jobs: int
) -> Iterator[R]:
    """`work(item, catalogue, config)` for every item, yielded in order, on `jobs` processes."""
    import multiprocessing

    if jobs > 1 and len(items) > 1 and "fork" in multiprocessing.get_all_start_methods():
        yield from _forked(work, items, catalogue, config, jobs)
        return
    for item in items:  # one process (or no fork on this system: Windows)
        yield work(item, catalogue, config)


def _take(counter: Any) -> int:
    """The next item nobody has taken yet (a counter shared by every process)."""
    with counter.get_lock():
        index: int = counter.value
        counter.value = index + 1
    return index


def _forked_worker(
    work: Work[T, R], items: Sequence[T], counter: Any, conn: Any, catalogue: Catalogue, config: Config
) -> None:
    """A forked worker: do the work of item after item until none is left, sending each result back."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle
    code = 1
    try:
        while (index := _take(counter)) < len(items):
            conn.send((index, work(items[index], catalogue, config)))
        code = 0
    finally:
        conn.close()
        # leave without flushing stdout/stderr or running exit handlers: a lock another thread of the
        # parent held at fork time (a progress bar's, say) would never be released here
        os._exit(code)


def _forked(
    work: Work[T, R], items: Sequence[T], catalogue: Catalogue, config: Config, jobs: int
) -> Iterator[R]:
    """Work sharing: this process and `jobs - 1` forked workers each take the next item from a shared
    counter until none is left, so all finish together; workers inherit the items and the catalogue
    (nothing is sent to them) and send back only results. An item a worker took but never returned (it
    died) is done here, so the batch still completes."""
    import multiprocessing
    from multiprocessing.connection import Connection, wait

    context = multiprocessing.get_context("fork")
    counter = context.Value("q", 0)
    prepare()
    gc.freeze()  # the forks then leave the catalogue's pages shared: no collection writes to them
    workers = []
    try:
        for _ in range(jobs - 1):
            receive, send = context.Pipe(duplex=False)
            process = context.Process(
                target=_forked_worker, args=(work, items, counter, send, catalogue, config), daemon=True
            )
            process.start()
            send.close()
            workers.append((process, receive))
    finally:
        gc.unfreeze()
    live = [receive for _, receive in workers]
    done: dict[int, R] = {}
    following = 0  # the next index to yield

    def collect(timeout: float | None) -> None:
        for ready in wait(live, timeout):
            conn = cast("Connection", ready)
            try:
                index, result = conn.recv()
            except EOFError:  # that worker has finished (or died)
                live.remove(conn)
            else:
                done[index] = result

    try:
        while following < len(items):
            collect(0)
            while following in done:
                yield done.pop(following)
                following += 1
            if following >= len(items):
                break
            index = _take(counter)
            if index < len(items):
                done[index] = work(items[index], catalogue, config)
            elif live:
                collect(None)  # everything is taken: wait for the workers' last items
            elif following not in done:  # taken by a worker that is gone: do it here
                done[following] = work(items[following], catalogue, config)
    finally:
        for process, receive in workers:
            if process.is_alive() and following < len(items):
                process.terminate()  # interrupted: stop the workers too
            process.join()
            receive.close()


def run(
    subs: Sequence[Submission],
    catalogue: Catalogue,
    config: Config,
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Results:
    """Check every submission (on `jobs` processes; default: every core for a large batch), then what the
    event says about them together (players, duplicates, teams). `progress` hears how many more are done."""
    jobs = default_jobs(len(subs)) if jobs is None else max(1, jobs)
    results = Results(config.event)
    try:
        for blob, count, invalid, heads in _shared(
            _check_chunk, list(_chunks(subs, jobs)), catalogue, config, jobs
        ):
            results.add_chunk(blob, count, invalid, heads)
            if progress is not None:
                progress(count)
        if config.event is not None:
            event_cross_problems(results, subs, config.event)
    except BaseException:
        results.close()
        raise
    return results


# --- the event across lists -----------------------------------------------------------------------------------


def _problem(rule: str, message: str, path: str, pos: tuple[int, int] = (1, 1)) -> Problem:
    return Problem(rule, Severity.ERROR, message, path, pos[0], pos[1])


def event_cross_problems(results: Results, subs: Sequence[Submission], event: Event) -> None:
    """Add the problems that need several lists: duplicates, two lists per player, teams (from the heads
    kept in memory: no list is read twice)."""
    heads = results.heads
    by_player: dict[str, list[int]] = {}
    for index, head in enumerate(heads):
        by_player.setdefault(player_key(head.player), []).append(index)
    allowed = event.lists_per_player
    kept: dict[str, list[int]] = {}  # player -> the submissions that count
    for player, indexes in by_player.items():
        counted: list[int] = []
        for index in indexes:
            name, digest = heads[index].player, heads[index].digest
            path = subs[index].path
            same = next((i for i in counted if digest and heads[i].digest == digest), None)
            if same is not None:
                results.add_problems(
                    index,
                    [
                        _problem(
                            "event-duplicate",
                            f"the same list as {subs[same].path}, submitted again by {name}; withdraw one",
                            path,
                        )
                    ],
                )
            elif len(counted) >= allowed:
                earlier = ", ".join(subs[i].path for i in counted)
                message = (
                    f"{name} already submitted {_count(len(counted), 'list')} ({earlier}); the event "
                    f"takes {allowed} per player — withdraw one, or name the player with `player:`"
                )
                results.add_problems(index, [_problem("event-duplicate", message, path)])
            else:
                counted.append(index)
        kept[player] = counted
    groups: list[tuple[str, list[int]]] = []  # ("player:..." or "team:...", the submissions in it)
    if allowed == 2:
        for player, indexes in kept.items():
            if len(indexes) < 2:
                for index in indexes:
                    message = (
                        f"{heads[index].player} submitted one list; this event needs two lists "
                        "of the same faction from each player"
                    )
                    results.add_problems(index, [_problem("event-two-lists", message, subs[index].path)])
                continue
            first, second = heads[indexes[0]], heads[indexes[1]]
            if first.faction and second.faction and first.faction != second.faction:
                message = (
                    f"{second.player}'s two lists must be of one faction: "
                    f"{subs[indexes[0]].path} is {first.faction}, this one {second.faction}"
                )
                pos = second.faction_pos if second.faction_pos[0] else (1, 1)
                results.add_problems(
                    indexes[1], [_problem("event-two-lists", message, subs[indexes[1]].path, pos)]
                )
            groups.append((f"player:{player}", indexes[:2]))
    teams: dict[str, list[int]] = {}
    for player, indexes in kept.items():
        for index in indexes:
            name, list_team = heads[index].player, heads[index].team
            team = event.teams.get(player) if event.teams else list_team
            if event.teams and team is None:
                message = f"{name} is on no team of this event; add them under `teams:` in {event.path}"
                results.add_problems(index, [_problem("event-team", message, subs[index].path)])
            elif event.teams and list_team is not None and player_key(list_team) != player_key(team or ""):
                message = f"the list says team {list_team!r}, the event puts {name} in {team!r}"
                results.add_problems(index, [_problem("event-team", message, subs[index].path)])
            if team is not None:
                teams.setdefault(team, []).append(index)
    for team, indexes in teams.items():
        if len({player_key(heads[i].player) for i in indexes}) > 1:
            groups.append((f"team:{team}", indexes))
    for kind, indexes in groups:
        for index, problems in cross_check(kind, indexes, heads, subs).items():
            results.add_problems(index, problems)


def cross_check(
    kind: str, indexes: Sequence[int], heads: Sequence[Head], subs: Sequence[Submission]
) -> dict[int, list[Problem]]:
    """Characters shared inside one group: a player's two lists (`player:…`), or the lists of one team's
    players (`team:…`, where one player's own lists are not team-mates). Each later list is told once per
    card, about the first earlier list that fields the character."""
    two_lists = kind.startswith("player:")
    wording = (
        {"rule": "event-two-lists", "already": "already in this player's other list",
         "why": "a player's two lists may not share a character"}
        if two_lists else {}
    )  # fmt: skip
    out: dict[int, list[Problem]] = {}
    for j, later in enumerate(indexes):
        told: set[tuple[int, int, str]] = set()
        for earlier in indexes[:j]:
            if not two_lists and player_key(heads[earlier].player) == player_key(heads[later].player):
                continue
            seen: dict[str, tuple[str, str]] = {}
            for name, title, *_ in heads[earlier].fielded:
                seen.setdefault(name, (subs[earlier].path, title))
            for problem in shared_characters(seen, heads[later].fielded, subs[later].path, **wording):
                key = (problem.line, problem.column, problem.card or "")
                if key not in told:
                    told.add(key)
                    out.setdefault(later, []).append(problem)
    return out


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"
