"""The seam between the core and a game: what a game system provides, and the plain values it hands back.

The core (engine, batch, reporters, the generic commands) talks to a game only through `GameSystem` and
reads only `Problem`s, `Summary`s and `Report`s; everything else a system builds (its model of a file, its
data) is opaque to the core. A system lives in a folder of its own under `armybuilder/games/` (or in
another distribution, registered through the `armybuilder.games` entry-point group) and is found by the
registry in `armybuilder/games/__init__.py`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, TypeVar

from armybuilder.errors import UsageError
from armybuilder.problems import BY_POSITION, Problem, Verdict
from armybuilder.problems import ProblemDoc as ProblemDoc  # re-exported: systems document their ids with it
from armybuilder.record import compared, record
from armybuilder.text import json_text

if TYPE_CHECKING:
    from rich.console import RenderableType  # noqa: TID251 - a type only

    from armybuilder.kit.rules import Rules

FORMAT_VERSION = 1  # of every JSON document the tool writes; raised when a key changes meaning


@record(frozen=True)
class Options:
    """How a file is checked; the same for every game (a game ignores what it has no use for)."""

    points: int | None = None  # check against this size instead of the file's own
    strict: bool = False  # warnings fail the file too
    collection: str | None = None  # a file of what the player owns: a game that reads one warns of cards
    # fielded beyond it (ASOIAF); the others ignore it


DEFAULT_OPTIONS = Options()


@record(frozen=True)
class Tally:
    """One figure of a checked file with its limit, printed as `points 38/40` (`label value/limit`)."""

    label: str
    value: int | None
    limit: int | None = None

    def __str__(self) -> str:
        value = "?" if self.value is None else str(self.value)
        return f"{self.label} {value}/{self.limit}" if self.limit is not None else f"{self.label} {value}"


def _init_tally(self: Tally, label: str, value: int | None, limit: int | None = None) -> None:
    """Tally's __init__ (each row a batch reads back builds its own), filling its dict at once as Summary's does."""
    self.__dict__.update(label=label, value=value, limit=limit)


setattr(Tally, "__init__", _init_tally)  # noqa: B010 - mypy keeps the dataclass's signature


class Column(NamedTuple):
    """One column a game gives its files in a batch's rows: `key` in CSV and JSON, `heading` for people."""

    key: str
    heading: str


_SIDE, _LEADER = Column("side", "side"), Column("leader", "leader")


@record(frozen=True)
class RowTerms:
    """How a game's files read in a batch's rows, summaries and reports: in the game's own words.

    `noun`/`plural` name one file and several ("list", "position", "deck"); `side` and `leader` the
    columns of `Summary.side`/`Summary.leader` (None: the game has no such thing); `tallies` the
    summary's tallies shown as columns, by label (a tally's cell reads `value/limit`, empty when the file
    has no such figure); `points` shows the first tally as `points` and `total` columns instead (ASOIAF's
    game size); `data` names `data_version` in a report ("card data S07"; None: no version to name);
    `codes` shows the share code column.
    """

    noun: str = "file"
    plural: str = "files"
    side: Column | None = _SIDE
    leader: Column | None = _LEADER
    tallies: tuple[Column, ...] = ()
    points: bool = False
    data: str | None = None
    codes: bool = False  # its files have share codes (`share_code`)

    def columns(self) -> tuple[Column, ...]:
        """The game's own columns of a row, in order (between the file and its verdict)."""
        own = [c for c in (self.side, self.leader) if c is not None]
        if self.points:
            own += [Column("points", "points"), Column("total", "total")]
        return (*own, *self.tallies)

    def cells(self, row: Any) -> dict[str, Any]:
        """A row's cells under `columns()`, as plain values ("" for a figure the file lacks, never None)."""
        cells: dict[str, Any] = {}
        if self.side is not None:
            cells[self.side.key] = row.side_name or row.side or ""
        if self.leader is not None:
            cells[self.leader.key] = row.leader or ""
        if self.points:
            cells["points"] = "" if row.points is None else row.points
            cells["total"] = "" if row.total is None else row.total
        found = {t.label: t for t in row.tallies}
        for column in self.tallies:
            tally = found.get(column.heading)
            cells[column.key] = "" if tally is None or tally.value is None else tally_cell(tally)
        return cells


def tally_cell(tally: Tally) -> str | int | None:
    """`38/40`, or the number alone for a figure with no limit."""
    return f"{tally.value}/{tally.limit}" if tally.limit is not None else tally.value


@record(frozen=True)
class Summary:
    """What every reporter and batch row reads of a checked file, whatever the game.

    `side` is the faction, house, side or nation key the file plays (for bans and event factions);
    `leader` the commander, guide or general; `fielded` every card or piece id the file fields (for
    bans); `details` extra plain data a system adds to its JSON (must be JSON-serialisable).
    """

    title: str | None = None
    player: str | None = None
    team: str | None = None
    side: str | None = None
    side_name: str | None = None
    leader: str | None = None
    tallies: tuple[Tally, ...] = ()
    fielded: tuple[str, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)

    def tally(self, label: str) -> Tally | None:
        return next((t for t in self.tallies if t.label == label), None)

    def as_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "player": self.player,
            "team": self.team,
            "side": self.side,
            "leader": self.leader,
            "tallies": {t.label: {"value": t.value, "limit": t.limit} for t in self.tallies},
            **dict(self.details),
        }


_NO_DETAILS: Any = object()


def _init_summary(
    self: Summary,
    title: str | None = None,
    player: str | None = None,
    team: str | None = None,
    side: str | None = None,
    side_name: str | None = None,
    leader: str | None = None,
    tallies: tuple[Tally, ...] = (),
    fielded: tuple[str, ...] = (),
    details: Mapping[str, Any] = _NO_DETAILS,
) -> None:
    """Summary's __init__ (one per file checked): the frozen dataclass's own calls `object.__setattr__` per
    field; this fills the instance's dict at once, to the same effect."""
    self.__dict__.update(
        title=title, player=player, team=team, side=side, side_name=side_name, leader=leader, tallies=tallies,
        fielded=fielded, details={} if details is _NO_DETAILS else details,
    )  # fmt: skip


setattr(Summary, "__init__", _init_summary)  # noqa: B010 - mypy keeps the dataclass's signature
EMPTY_SUMMARY = Summary()


M = TypeVar("M")


@compared
@dataclass(eq=False, repr=False)
class Report(Verdict, Generic[M]):
    """The verdict on one file of one game: its problems (sorted by position), its summary, and the
    system's own reading of it (`model`, `context`: opaque to the core)."""

    path: str
    game: str
    problems: list[Problem] = field(default_factory=list)
    strict: bool = False
    summary: Summary = EMPTY_SUMMARY
    model: M | None = None
    context: Any = None
    converted: bool = False  # checked from YAML converted from another format: its positions show nowhere

    def add(self, problems: Iterable[Problem]) -> None:
        more = list(problems)
        if more:
            self.problems = sorted([*self.problems, *more], key=BY_POSITION)


@record(frozen=True)
class Document:
    """One file as the core read it: its path, its YAML with positions (`yamlpos` values), or why it
    could not be read (`error`: a positioned `syntax` problem). Exactly one of `value`/`error` is set,
    except for an empty file (both None)."""

    path: str
    value: Any = None
    error: Problem | None = None
    text: str | None = None  # the decoded text, when a system needs more than the YAML (interchange)


def _init_document(self: Document, path: str, value: Any = None, error: Problem | None = None, text: str | None = None) -> None:
    """Document's __init__ (one per file read), filling its dict at once as Summary's does."""
    self.__dict__.update(path=path, value=value, error=error, text=text)


setattr(Document, "__init__", _init_document)  # noqa: B010 - mypy keeps the dataclass's signature


class EventRules(ABC):
    """A game's rules of one event: applied to each checked file (bans, allowed sides, …) and across the
    files of one player or one team (`cross_check`, on what `cross_key` kept of each file).

    A batch reports a problem of a player or a team on each file it concerns (the file is then invalid),
    drops from every file of the event's game the problems of the list rules in `replaces` (an event rule
    stands in for them: a team's neutral cap for each list's own), and, when `team_event` is set, wants
    every file on a team.
    """

    replaces: frozenset[str] = frozenset()  # ids of list rules this event's own rules replace
    team_event: bool = False  # the event has rules per team: a file on no team is an error

    @abstractmethod
    def check(self, report: Report[Any]) -> list[Problem]:
        """The event's problems with one file (errors make it invalid)."""

    def cross_key(self, report: Report[Any]) -> Any:
        """What `cross_check` needs of one checked file (plain, picklable data kept in memory for every
        file of a batch). None: the event has no rules across files."""
        return None

    def cross_check(self, group: Sequence[CrossItem], scope: str, name: str) -> dict[int, list[Problem]]:
        """Problems of one player's files (`scope` "player", in submission order: the main lists, then
        the spares) or one team's files ("team"), by index into `group`; `name` is the player's or the
        team's, each item's `key` the file's `cross_key` (None for a file that could not be read, or is of
        another game). A problem of the whole group goes on each file it concerns."""
        return {}

    def figures(self, group: Sequence[CrossItem], scope: str) -> dict[str, Any]:
        """The figures the rules of `scope` read of a group (combined points, neutral points, …), for the
        JSON report (plain, JSON-serialisable)."""
        return {}

    def team_problems(self, team_players: Mapping[str, tuple[str, ...]]) -> list[tuple[str, str]]:
        """(message, team) for each team of the event file's `teams:` mapping its rules cannot accept
        (a team of three at a doubles event)."""
        return []

    def explain(self) -> list[str]:
        """The rules in plain sentences, for the players' pack (`armybuilder event explain`)."""
        return []


class CrossItem(NamedTuple):
    """One file of a group checked together: where it is, whose it is, and its system's `cross_key`."""

    path: str
    player: str
    key: Any


class DataVersion(NamedTuple):
    """One version of a game's data: its label (what `--data-version` and an event's `data_version` name)
    and a note for people (where it lives, what it changes)."""

    label: str
    note: str = ""


@record(frozen=True)
class NewOption:
    """An option of `armybuilder new --game KEY`, as the core's `new` command passes it on."""

    name: str  # the keyword `new_file` receives, and the option `--name` (underscores become dashes)
    help: str


R = TypeVar("R", bound=Report[Any])


class GameSystem(ABC, Generic[R]):
    """A game the tool checks. Subclass it, fill in the class attributes, implement the abstract methods
    and list the instance in the registry (or the `armybuilder.games` entry-point group). What it does
    beyond checking files (sheets, text formats, events, new files, …) it declares as capabilities
    (`armybuilder.games.capabilities`) among its bases."""

    key: ClassVar[str]  # the value of `game:` in a file, e.g. "war-of-the-ring"
    title: ClassVar[str]  # for people, e.g. "War of the Ring (2nd edition)"
    file_kinds: ClassVar[tuple[str, ...]]  # what its files are, e.g. ("position",) or ("army list",)
    aliases: ClassVar[tuple[str, ...]] = ()  # other accepted spellings of `game:`
    export_formats: ClassVar[Mapping[str, str]] = {"json": "the checked file as JSON"}
    terms: ClassVar[RowTerms] = RowTerms()  # how its files read in a batch's rows and reports

    # --- data -----------------------------------------------------------------------------------

    @abstractmethod
    def load_data(self, folder: Path | None = None, version: str | None = None) -> Any:
        """The game's data (catalogue, map, tables) from `folder` (None: the bundled data) and, where a
        game keeps several versions, `version`. Raise `DataError` (one line) when it cannot be used."""

    def data_version(self, data: Any) -> str | None:
        """A label for the loaded data, reported in JSON outputs (None: the game has one fixed data set)."""
        return None

    def check_data(self, folder: Path | None = None) -> list[Problem]:
        """Every problem of a data folder (None: the bundled data), positioned in its files. Raise
        `DataError` when the folder is not this game's data at all."""
        return []

    def describe_data(self, folder: Path | None = None) -> str | None:
        """One line on a clean data folder (`data check` prints it): its version, what it holds."""
        return None

    # --- files ------------------------------------------------------------------------------------

    def prepare(self) -> None:
        """Import everything checking a file needs (a batch calls it once before it forks its workers)."""

    def rules(self) -> Rules[Any]:
        """The game's rules (`armybuilder.kit.rules`): what `check` runs and `armybuilder rules` lists."""
        from armybuilder.kit.rules import Rules

        return Rules(())

    @abstractmethod
    def problem_docs(self) -> Sequence[ProblemDoc]:
        """Every problem id this system can emit (load, rules, cross-file and data ids alike)."""

    def check_options(self, options: Options, data: Any) -> None:
        """Raise UsageError (one line naming file and line) when a file the options name for this game (a
        collection) cannot be used; called once before files are checked."""

    @abstractmethod
    def check(self, document: Document, data: Any, options: Options = DEFAULT_OPTIONS) -> R:
        """Read a document into the system's model and run every rule; never raise for bad input."""

    # --- output ---------------------------------------------------------------------------------

    def totals(self, report: R) -> str:
        """One line of a checked file's figures, printed after `new` and every edit."""
        return " · ".join(str(t) for t in report.summary.tallies) or report.summary.title or report.path

    def show(self, report: R) -> RenderableType:
        """What `armybuilder show` prints (a rich renderable; import rich lazily)."""
        from rich.text import Text  # noqa: TID251 - the default; a system renders in its render module

        return Text(f"{report.path}: {', '.join(str(t) for t in report.summary.tallies)}")

    def export(self, report: R, fmt: str, **options: Any) -> str:
        """The checked file in one of `export_formats` (text, never half-made: raise instead)."""
        if fmt == "json":
            return json_document(self, report, {})
        raise UsageError(f"{self.title} cannot export {fmt}; formats: {', '.join(self.export_formats)}")

    def export_leaves_out(self, report: R, fmt: str) -> list[str]:
        """What of the checked file `export` in `fmt` has no place for (`player`, `notes`…), for `export` to
        warn about: a format of another tool that cannot carry all of a file loses nothing unsaid."""
        return []

    def complete_new_option(self, option: str, incomplete: str, given: Mapping[str, Any]) -> list[tuple[str, str]]:
        """Shell completion for an option of `new` (`given`: the options typed so far): (value, help) pairs
        starting with `incomplete`. Load the game's data here, never at start-up."""
        return []


def json_document(system: GameSystem[Any], report: Report[Any], content: Mapping[str, Any]) -> str:
    """The common JSON shape of one checked file: format version, game, verdict, summary, problems, and
    the system's own `content`."""
    data = {
        "format_version": FORMAT_VERSION,
        "game": system.key,
        "path": report.path,
        "valid": report.valid,
        "summary": report.summary.as_dict(),
        "problems": [p.as_dict(file=False) for p in report.problems],
        **dict(content),
    }
    return json_text(data, indent=2) + "\n"


def bundled_data(folder: str) -> Path:
    """A bundled data folder: inside the installed package, or the checkout's `data/<folder>`."""
    package = Path(__file__).resolve().parents[1]
    inside = package / "data" / folder
    return inside if inside.exists() else package.parent / "data" / folder
