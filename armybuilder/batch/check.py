"""Checking one submission of a batch: read it as whatever it is (a YAML file of any game, or a text format
a game reads), check it, apply the event's rules, and reduce it to a packed row (and, for an event, the
Head its checks across files need).

Whatever a submission does to its checker, it stays one row: an exception is a problem on the row, and the
scheduler's workers run under a time and a memory bound per submission, so a file whose check crashes,
hangs or exhausts memory becomes an invalid row saying so (`recover_chunk`) while the batch goes on."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from armybuilder import engine, games, yamlpos
from armybuilder.batch.collect import Submission, player_from_path
from armybuilder.batch.results import Head, Packed, Row, located, pack_problem, unpack
from armybuilder.errors import ArmyBuilderError, UsageError
from armybuilder.fileio import NotText, decode_text, read_input
from armybuilder.games.base import Document, GameSystem, Options, Report
from armybuilder.games.capabilities import CONTENTS, CROSS_CHECKS, INTERCHANGE, SHEETS
from armybuilder.pickles import dumps, loads
from armybuilder.problems import Problem, Severity
from armybuilder.record import record
from armybuilder.scheduler import Failure, Limits, beat, shared_work

if TYPE_CHECKING:
    from armybuilder.batch.event import Event
    from armybuilder.engine import Workspace

YAML_SUFFIXES = (".yaml", ".yml")
_PROBLEMS = Packed._fields.index("problems")


@record(frozen=True)
class Config:
    """How every submission is read and checked; inherited by each worker."""

    event: Event | None = None
    fmt: str | None = None  # force one format: "yaml" or one a game reads (`GameSystem.detect`)
    strict: bool = False
    collection: str | None = None  # the player's collection file: a game may check lists against it
    outline: bool = False  # keep a plain outline of each file (the HTML report's per-file table)
    sheet: bool = False  # keep each file's HTML sheet, when its game makes one
    content: bool = False  # keep each file's content and share code (for report files and the pack)
    # the bounds on checking one submission: a list takes milliseconds and a few megabytes
    seconds: float | None = 10.0
    memory: int | None = 1 << 30

    @property
    def limits(self) -> Limits:
        return Limits(self.seconds, self.memory)


@functools.cache
def _options(strict: bool, collection: str | None = None) -> Options:
    return Options(strict=strict, collection=collection)


def _read(path: str) -> bytes | str:
    """The file's bytes, or why it cannot be read."""
    try:
        return read_input(path)
    except OSError as exc:
        return f"cannot read the file: {exc.strerror or exc}"


def _detect(blob: bytes) -> tuple[str, str] | None:
    """(game, format) of text written in a format some game reads, if any."""
    try:
        text = decode_text(blob)
    except NotText:
        return None
    if not text.strip():
        return None
    # bundled formats and plug-ins this run knows (named by --from or the event): a file of no format
    # does not make each worker scan for plug-ins (a plug-in's own text format: `--from FORMAT`)
    for key, reader in games.readers(scan=False):
        fmt = reader.detect(text)
        if fmt is not None:
            return key, fmt
    return None


_EVENT_KEYS: list[Any] = [None, frozenset(), frozenset()]  # games.generation() they were worked out at, and them


def event_keys() -> tuple[frozenset[str], frozenset[str]]:
    """(every key an event file may have, those of them no list has), of the games this run knows (the
    bundled ones, and plug-ins named by a file, `--from` or the event: no entry-point scan, no game imported);
    worked out again only when a game joins (`prepare` does it before the workers fork)."""
    generation = games.generation()
    if _EVENT_KEYS[0] != generation:
        every = frozenset((*games.COMMON_EVENT_KEYS, *games.event_keys(scan=False)))
        _EVENT_KEYS[:] = [generation, every, every - {"name", "game", "points"}]
    return _EVENT_KEYS[1], _EVENT_KEYS[2]


def _is_event(value: yamlpos.PosMap) -> bool:
    """A mapping of event keys only, one of them a key no list has (`lists_per_player`, `banned_cards`, …)."""
    every, only_events = event_keys()
    event = False
    for key in value:  # a list has a key no event has (`player:`, `units:`) early on: no set of its keys
        word = str(key)
        if word not in every:
            return False
        event = event or word in only_events
    return event


def _game_of_format(fmt: str) -> str:
    for key, reader in games.readers():
        if fmt in reader.import_formats:
            return key
    return games.DEFAULT_GAME


class Checked(NamedTuple):
    """One submission read as whatever it is and checked."""

    result: Report[Any] | Problem  # the report, or why the file could not be read at all
    format: str
    digest: str
    document: Document | None  # the YAML checked (for a text format, the YAML it was converted to)
    lines: Mapping[int, int] | None = None  # converted: YAML line -> line of the player's file


def _import(
    game: str, fmt: str, blob: bytes, workspace: Workspace, path: str, options: Options, digest: str, config: Config
) -> Checked:
    """Check a file written in a text format a game reads (a Problem as result when it cannot be read); a
    text that states no game size is read at the event's, when the event is of this game."""
    system = games.get(game)
    event = config.event
    points = event.points if event is not None and event.game == system.key else None
    try:
        text = decode_text(blob)
    except NotText as exc:
        problem = Problem("syntax", Severity.ERROR, exc.message, path, exc.line or 1, exc.column or 1)
        return Checked(problem, fmt, digest, None)
    try:
        reader = INTERCHANGE.of(system)
        if reader is None:
            raise UsageError(f"{system.title} reads no {fmt} text")
        converted, lines, notes, read_as = reader.import_text_lines(fmt, text, workspace.data(system), path, points)
    except ArmyBuilderError as exc:
        message = f"cannot read this {fmt} list: {exc.message}"
        line = exc.line or 0  # columns are 1-based; 0 only with no line (the whole file)
        return Checked(Problem("import", Severity.ERROR, message, path, line, 1 if line else 0), fmt, digest, None)
    document = engine.parse(converted, path)
    report = engine.check_document(document, workspace, options)
    # positions point into YAML the player never saw: point at the line of their file it was read from
    # (a problem of a line that came from nowhere in it, or of the whole list, has no position)
    report.problems = [located(p, lines) for p in report.problems]
    # what the reader guessed or left out (a misspelling read as a card, a skipped line): a note each, never
    # failing the list, so that a report shows how the player's text was read
    report.problems += [Problem("import", Severity.NOTE, note, path, line, 1 if line else 0) for line, note in notes]
    report.converted = True
    return Checked(report, read_as or fmt, digest, document, lines)


def _digest(blob: bytes) -> str:
    import hashlib  # (only an event looks for duplicates: a plain batch does without it)

    return hashlib.blake2b(b" ".join(blob.split()), digest_size=12).hexdigest()


def check_report(sub: Submission, workspace: Workspace, config: Config) -> Checked:
    """Read one submission as whatever it is and check it."""
    options = _options(config.strict, config.collection)
    blob = _read(sub.path)
    if isinstance(blob, str):
        return Checked(Problem("syntax", Severity.ERROR, blob, sub.path, 1, 1), "?", "", None)
    # the same file submitted twice, whatever its spacing (only an event looks for duplicates)
    digest = "" if config.event is None else _digest(blob)
    fmt = config.fmt
    if fmt is None and not sub.path.lower().endswith(YAML_SUFFIXES):
        found = _detect(blob)
        if found is not None:
            return _import(*found, blob, workspace, sub.path, options, digest, config)
    elif fmt is not None and fmt != "yaml":
        return _import(_game_of_format(fmt), fmt, blob, workspace, sub.path, options, digest, config)
    document = engine.parse(blob, sub.path)
    report = engine.check_document(document, workspace, options)
    value = document.value
    if config.fmt is None and isinstance(value, yamlpos.PosMap):  # YAML of another kind: say which, read no text
        if "owned" in value:
            return Checked(report, "yaml", digest, document)  # a collection: the game's check says so
        if _is_event(value):
            message = f"this is an event file, not a list; give it to the batch with `--event {sub.path}`"
            return Checked(Problem("schema", Severity.ERROR, message, sub.path, 1, 1), "yaml", digest, document)
    if config.fmt is None and not (isinstance(value, dict) and ("game" in value or "faction" in value or "units" in value)):
        # a share code or text export saved as .yaml is still that format
        found = _detect(blob)
        if found is not None:
            return _import(*found, blob, workspace, sub.path, options, digest, config)
        if not sub.path.lower().endswith(YAML_SUFFIXES) and blob.strip() and (document.error is None or _is_text(blob)):
            # a text file of no format: told so (a YAML fault in an e-mail says nothing useful), with the
            # fault as YAML after it for a YAML list saved under another name
            message = (
                "not a list in any format armybuilder reads (a YAML list, a War Council share code, an "
                "asoiaf-stats export or a Tabletop Simulator id string); check the file, or name its "
                "format with --from"
            )
            error = document.error
            if error is not None:
                message += f"; as YAML: {error.message.removeprefix('invalid YAML: ')}"
            line, column = (error.line, error.column) if error is not None else (1, 1)
            return Checked(Problem("import", Severity.ERROR, message, sub.path, line, column), "?", digest, None)
    return Checked(report, "yaml", digest, document)


def _is_text(blob: bytes) -> bool:
    try:
        decode_text(blob)
    except NotText:
        return False
    return True


def _unchecked(
    sub: Submission, config: Config, problem: Problem, fmt: str = "?", digest: str = ""
) -> tuple[Packed, Head | None]:
    """The row of a submission that could not be checked, saying why."""
    player = player_from_path(sub)
    packed = Packed(sub.path, player, False, None, None, "?", None, None, None, None, fmt,
                    (pack_problem(problem),), config.strict, (), None)  # fmt: skip
    head = Head(player, digest, "?", None, None, (0, 0), False, ()) if config.event is not None else None
    return packed, head


def _size_pos(document: Document | None, lines: Mapping[int, int] | None = None) -> tuple[int, int]:
    value = document.value if document is not None else None
    pos: tuple[int, int] = (1, 1)
    if isinstance(value, yamlpos.PosMap) and "points" in value:
        pos = tuple(value.key_pos["points"])  # type: ignore[assignment]
    if lines is not None:  # converted: the line of the player's file, or none
        return (lines[pos[0]], 1) if pos[0] in lines else (0, 0)
    return pos


def _side_pos(document: Document | None, report: Report[Any]) -> tuple[int, int]:
    value = document.value if document is not None else None
    key = report.summary.details.get("side_key", "faction")
    if report.converted or document is None:
        return (0, 0)
    if isinstance(value, yamlpos.PosMap) and key in value:
        return value.key_pos[key]
    return (1, 1)


def check_packed(sub: Submission, workspace: Workspace, config: Config) -> tuple[tuple[Any, ...], Head | None]:
    """One submission's packed row (a Packed's fields), and its Head when there is an event."""
    try:
        checked = check_report(sub, workspace, config)
    except ArmyBuilderError as exc:  # the game's data cannot be used: every file of that game says so
        checked = Checked(Problem("data", Severity.ERROR, exc.message, sub.path, 1, 1), "?", "", None)
    except MemoryError:  # past the worker's memory bound: the file is far beyond any list
        limit = f" ({config.memory >> 20} MB)" if config.memory else ""
        message = f"checking this file needed more memory than a submission may use{limit}; it is no list"
        checked = Checked(Problem("limit", Severity.ERROR, message, sub.path, 1, 1), "?", "", None)
    except Exception as exc:  # a bug must not stop a batch of sixty lists: report it on the row
        message = f"could not check this file ({type(exc).__name__}: {exc})"
        checked = Checked(Problem("internal", Severity.ERROR, message, sub.path, 1, 1), "?", "", None)
    result, fmt, digest, document, lines = checked
    event = config.event
    if isinstance(result, Problem):
        return _unchecked(sub, config, result, fmt, digest)
    report = result
    summary = report.summary
    if event is not None and report.game != "?":
        from armybuilder.batch.event import event_problems  # (imported only when a batch has an event)

        # found on the YAML checked: for a converted file, at the line of the player's own file
        report.add([located(p, lines) for p in event_problems(report, event, _size_pos(document))])
    # the game's system only for what a plain batch never asks (a report file's extras, an event's checks)
    extras = config.outline or config.content or config.sheet
    system = games.get(report.game) if (extras or event is not None) and report.game != "?" else None
    first = summary.tallies[0] if summary.tallies else None
    player = summary.player or player_from_path(sub)
    outline, sheet, code, code_note, content = _extras(system, report, workspace, config) if extras else _NO_EXTRAS
    # a Packed's fields as a plain tuple (what check_chunk pickles: several times faster than a named one)
    packed: tuple[Any, ...] = (
        sub.path,
        player,
        summary.player is not None,
        summary.team,
        summary.title,
        report.game,
        summary.side,
        summary.leader,
        summary.details.get("points", first.limit if first else None),
        first.value if first else None,
        fmt,
        tuple([pack_problem(p) for p in report.problems]),
        config.strict,
        outline,
        sheet,
        summary.side_name,
        code,
        code_note,
        content,
        tuple([(t.label, t.value, t.limit) for t in summary.tallies]),
    )
    if event is None:
        return packed, None
    crossing = CROSS_CHECKS.of(system)
    cross = crossing.cross_key(report) if crossing is not None else None
    where = _side_pos(document, report)
    facts = event.rules.cross_key(report) if event.rules is not None and report.game == event.game else None
    head = Head(player, digest, report.game, summary.side, summary.team, where, report.valid, cross, facts, lines)
    return packed, head


def _sheet(system: GameSystem[Any], report: Report[Any], workspace: Workspace) -> str | None:
    """The file's printable sheet as one HTML element, for the report's section on it and the list pack."""
    sheets = SHEETS.of(system)
    if sheets is None:
        return None
    try:
        sheet = sheets.sheet_fragment(report, workspace.data(system))
    except ArmyBuilderError:
        return None
    return sheet


_NO_EXTRAS: tuple[Any, ...] = ((), None, None, None, None)  # no outline, sheet, share code, its note, content


def _extras(
    system: GameSystem[Any] | None, report: Report[Any], workspace: Workspace, config: Config
) -> tuple[Any, ...]:
    """What a report file keeps of a row beyond its summary, as the Config asks: (outline, sheet, share code,
    its note, content)."""
    contents = CONTENTS.of(system)
    return (
        contents.outline(report) if (config.outline or config.content) and contents else (),
        _sheet(system, report, workspace) if config.sheet and system else None,
        *(contents.share_code(report) if config.content and contents else (None, None)),
        contents.content(report) if config.content and contents else None,
    )


def check_one(sub: Submission, workspace: Workspace, config: Config) -> Row:
    """One submission's row; never raises for anything wrong with the file."""
    return unpack(check_packed(sub, workspace, config)[0])


def check_chunk(
    subs: Sequence[Submission], workspace: Workspace, config: Config
) -> tuple[bytes, int, int, list[Head] | None]:
    """Check a run of submissions: (their packed rows, pickled), how many, how many invalid, event heads)."""
    packed = []
    invalid = 0
    heads: list[Head] | None = [] if config.event is not None else None
    failing = ("error", "warning") if config.strict else ("error",)
    for position, sub in enumerate(subs):
        beat(position)  # the scheduler's watchdog times each submission, and names it if its worker dies
        row, head = check_packed(sub, workspace, config)
        problems = row[_PROBLEMS]
        if problems and any(p[1] in failing for p in problems):
            invalid += 1
        packed.append(tuple(row))  # plain tuples pickle several times faster than named ones
        if heads is not None and head is not None:
            heads.append(head)
    return dumps(packed, -1), len(packed), invalid, heads


Chunk = tuple[bytes, int, int, "list[Head] | None"]


def recover_chunk(subs: Sequence[Submission], failure: Failure, workspace: Workspace, config: Config) -> Chunk:
    """The rows of a run of submissions whose worker died or overran its bounds: the submission it was on
    is an invalid row saying so, and the others are checked again in a fresh worker under the same bounds
    (each alone when it is not known which one the worker was on)."""
    culprit = failure.position if failure.position is not None and 0 <= failure.position < len(subs) else None
    if culprit is None:
        parts = [(start, subs[start : start + 1]) for start in range(len(subs))]
    else:
        parts = [(0, subs[:culprit]), (culprit + 1, subs[culprit + 1 :])]
        parts = [(start, part) for start, part in parts if part]
    runs: list[tuple[int, list[Any], list[Head]]] = []  # (offset, packed rows, heads)
    invalid = 0

    def unchecked(start: int, sub: Submission, why: Failure) -> None:
        nonlocal invalid
        packed, head = _unchecked(sub, config, _failure_problem(sub, why))
        runs.append((start, [tuple(packed)], [head] if head is not None else []))
        invalid += 1

    results = shared_work(check_chunk, [part for _, part in parts], workspace, config, 1, limits=config.limits)
    for (start, part), result in zip(parts, results, strict=True):
        if isinstance(result, Failure):
            if culprit is None:  # checked alone, it failed again: this one is the culprit
                unchecked(start, part[0], result)
                continue
            result = recover_chunk(part, result, workspace, config)
        blob, _, bad, part_heads = result
        runs.append((start, loads(blob), part_heads or []))
        invalid += bad
    if culprit is not None:
        unchecked(culprit, subs[culprit], failure)
    runs.sort(key=lambda run: run[0])
    rows = [row for _, run, _ in runs for row in run]
    heads = [head for _, _, run_heads in runs for head in run_heads] if config.event is not None else None
    return dumps(rows, -1), len(rows), invalid, heads


def _failure_problem(sub: Submission, failure: Failure) -> Problem:
    rule = "limit" if "longer than" in failure.reason else "internal"
    return Problem(rule, Severity.ERROR, f"could not check this file: {failure.reason}", sub.path, 1, 1)
