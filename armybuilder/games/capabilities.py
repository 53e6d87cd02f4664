"""What a game may do beyond checking its files, in small groups (capabilities) of the seam's optional hooks.

A game declares a capability by naming its protocol among its system's bases (`class MyGame(GameSystem[R],
Sheets[R], NewFiles)`); mypy then checks every method's signature, and the registry checks once, when it
first meets the system, that each declared capability is whole and that no hook stands outside a
declared capability (`check`: a clear error naming the game and the missing method). The core asks for a
capability (`SHEETS.of(system)`: the system as `Sheets`, or None) instead of probing for methods or
catching a default's error; asking costs a look at the class's bases, so a batch asks for every file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar, cast

from armybuilder.errors import UsageError
from armybuilder.games.base import CrossItem, DataVersion, EventRules, NewOption, Report

if TYPE_CHECKING:
    import typer

    from armybuilder.games.base import GameSystem
    from armybuilder.problems import Problem

R_in = TypeVar("R_in", bound=Report[Any], contravariant=True)


class Names(Protocol):
    """Card names beyond the bundled English ones: a club's names files (`--names`) and printing in
    another language (`--lang`)."""

    def add_names(self, data: Any, files: Sequence[Path]) -> Any:
        """The data reading these names files too. Raise `UsageError` naming each bad entry's position."""
        ...

    def in_language(self, data: Any, language: str) -> Any:
        """The data printing names in `language`; UsageError for a language it has no names in."""
        ...


class DataVersions(Protocol[R_in]):
    """Several versions of the game's data (ASOIAF: card seasons): `data versions`, `data diff`,
    `validate --against`."""

    def data_versions(self, folder: Path | None = None) -> Sequence[DataVersion]:
        """The versions a data folder holds (None: the bundled data), oldest first; the last loads by default."""
        ...

    def diff_data(self, old: Any, new: Any) -> list[str]:
        """What changed from one loaded version of the data to another, one line each."""
        ...

    def compare(self, old: R_in, new: R_in) -> list[str]:
        """What a change of data version does to one file checked under both: a line per entry whose cost
        or legality differs, and the totals under both."""
        ...


class Converted(NamedTuple):
    """A text read into the game's YAML (`Interchange.import_text_lines`)."""

    text: str  # the YAML
    lines: Mapping[int, int]  # a line of the YAML -> the line of the player's text it was read from
    notes: Sequence[tuple[int, str]] = ()  # (line of the text, 0 for the whole) and what the reader guessed
    # or left out there with a note: a misspelling read as a card, a skipped line, a game size given
    fmt: str | None = None  # the format it was read as, when another than the one asked (asoiaf-stats -> text)


class Interchange(Protocol):
    """Text formats other tools write (share codes, pasted lists), read into the game's YAML."""

    import_formats: ClassVar[tuple[str, ...]]  # the formats `detect` can name and `import_text` reads

    def detect(self, text: str) -> str | None:
        """The name of the format `text` is written in, or None."""
        ...

    def import_text(self, fmt: str, text: str, data: Any, path: str) -> str:
        """Convert text in format `fmt` to the game's YAML; raise ArmyBuilderError."""
        ...

    def import_text_lines(self, fmt: str, text: str, data: Any, path: str, points: int | None = None) -> Converted:
        """`import_text`, with a map from lines of the YAML to the lines of `text` they were read from, so
        that a problem found in the YAML points at the player's own line, and the reader's notes (a batch
        shows each as an `import` note). `points`: the game size to take when the text states none (an
        event's), instead of a guess."""
        ...


class Sheets(Protocol[R_in]):
    """A printable sheet per file, shown inline in the HTML report and the list pack."""

    def sheet_fragment(self, report: R_in, data: Any) -> str | None:
        """The file's printable sheet as one HTML element styled by `sheet_css` (None: no sheet)."""
        ...

    def sheet_css(self, page: str | None = None) -> str:
        """The CSS of `sheet_fragment`, every rule scoped to the fragment; with `page` (a4 or letter) also
        the rules of a document of sheets only, one to a page of that paper."""
        ...


class Contents(Protocol[R_in]):
    """What a batch's reports show of each file besides its verdict: an outline, a share code, its content."""

    def outline(self, report: R_in) -> tuple[tuple[str, int], ...]:
        """A plain outline of a checked file: (line of text, number) per line."""
        ...

    def share_code(self, report: R_in) -> tuple[str | None, str | None]:
        """(the code another tool imports the file from, why the file has none)."""
        ...

    def content(self, report: R_in) -> Mapping[str, Any] | None:
        """The file's content as plain JSON-serialisable data (None: none to give)."""
        ...


class CrossChecks(Protocol[R_in]):
    """Rules across files checked together: team-mates' lists, one player's lists at an event."""

    def cross_key(self, report: R_in) -> Any:
        """What the checks across files need of one checked file (plain, picklable data)."""
        ...

    def cross_check(self, group: Sequence[CrossItem], scope: str) -> dict[int, list[Problem]]:
        """Problems of files checked together, by index into `group` (`scope` "team" or "player")."""
        ...


class Events(Protocol):
    """Keys of an event file the game reads itself (bans, allowed sides, team rules)."""

    event_keys: ClassVar[tuple[str, ...]]  # the keys of an event file this game reads

    def event_rules(self, data: Any, event: Any, path: str, where: str) -> EventRules | None:
        """The game's rules of an event file (only the `event_keys` present matter), or None when it sets
        none. Raise `EventError` naming the line for anything unusable; `where` names the event."""
        ...


class NewFiles(Protocol):
    """New files of the game: `armybuilder new --game KEY`."""

    new_options: ClassVar[tuple[NewOption, ...]] = ()  # what `new --game KEY` accepts besides the file

    def new_file(self, data: Any, **options: Any) -> str:
        """The text of a new file (the standard set-up, an empty deck)."""
        ...


class Commands(Protocol):
    """Commands only this game has (ASOIAF: deck, build, add, cards, …)."""

    def register_commands(self, app: typer.Typer) -> None:
        """Add them to the command line (a name another game or the core has is an error naming both)."""
        ...


C = TypeVar("C")


class Capability(Generic[C]):
    """A capability as the core asks for it: `of(system)` is the system typed as the capability's
    protocol when it declares it (whole: the registry checked), else None."""

    def __init__(self, protocol: Any) -> None:
        self.protocol: type = protocol
        self.name: str = protocol.__name__

    def of(self, system: object) -> C | None:
        return cast(C, system) if self.protocol in type(system).__mro__ else None


NAMES: Capability[Names] = Capability(Names)
DATA_VERSIONS: Capability[DataVersions[Any]] = Capability(DataVersions)
INTERCHANGE: Capability[Interchange] = Capability(Interchange)
SHEETS: Capability[Sheets[Any]] = Capability(Sheets)
CONTENTS: Capability[Contents[Any]] = Capability(Contents)
CROSS_CHECKS: Capability[CrossChecks[Any]] = Capability(CrossChecks)
EVENTS: Capability[Events] = Capability(Events)
NEW_FILES: Capability[NewFiles] = Capability(NewFiles)
COMMANDS: Capability[Commands] = Capability(Commands)
CAPABILITIES: tuple[Capability[Any], ...] = (NAMES, DATA_VERSIONS, INTERCHANGE, SHEETS, CONTENTS, CROSS_CHECKS, EVENTS,
                                             NEW_FILES, COMMANDS)  # fmt: skip


def members(capability: type) -> tuple[str, ...]:
    """The methods and class attributes a capability asks for."""
    # its own annotations (Python 3.10 on: none of a base's), made when first read where annotations are lazy
    # (not `vars`); not inspect.get_annotations, whose import (with ast, dis, tokenize) a batch's start would pay
    attributes = capability.__annotations__
    return (*attributes, *(n for n, v in vars(capability).items() if callable(v) and not n.startswith("_")))


def check(system: GameSystem[Any]) -> None:
    """Raise UsageError naming the game and the method when a declared capability is not whole, or a hook
    of a capability stands in a system that does not declare it (it would never be called)."""
    cls = type(system)
    for capability in CAPABILITIES:
        protocol, name = capability.protocol, capability.name
        wanted = members(protocol)
        given = [m for m in wanted if _given(cls, protocol, m)]
        if protocol in cls.__mro__:
            missing = [m for m in wanted if m not in given]
            if missing:
                raise UsageError(
                    f"the game {system.key!r} declares {name} but has no {', '.join(f'`{m}`' for m in missing)}; "
                    f"write {'it' if len(missing) == 1 else 'them'} or drop {name} from {cls.__name__}'s bases"
                )
        elif given:
            raise UsageError(
                f"the game {system.key!r} has {', '.join(f'`{m}`' for m in given)} but does not declare {name}, "
                f"so nothing would call {'it' if len(given) == 1 else 'them'}; add {name} to {cls.__name__}'s bases"
            )


def _given(cls: type, capability: type, member: str) -> bool:
    """Whether `cls` gives `member` itself (or through a base other than the capability): a capability's
    own stub is no implementation, its default value for a class attribute is."""
    for holder in cls.__mro__:
        if member in vars(holder):
            return holder is not capability or not callable(vars(holder)[member])
    return False


def with_names(system: GameSystem[Any], data: Any, files: Sequence[Path], language: str | None) -> Any:
    """The game's data reading a club's names files too (`--names`) and printing in `language` (`--lang`);
    UsageError when the game has no names to add or prints in English only."""
    names = NAMES.of(system)
    if files:
        if names is None:
            raise UsageError(f"{system.title} has no card names to add; drop --names")
        data = names.add_names(data, files)
    if language:
        if names is not None:
            return names.in_language(data, language)
        if language.casefold() not in ("en", "english"):
            raise UsageError(f"{system.title} prints in English only; drop --lang")
    return data


def one_data_set(system: GameSystem[Any]) -> UsageError:
    """What a game that keeps one version of its data says to `data diff` and `validate --against`."""
    return UsageError(f"{system.title} keeps one data set; there are no versions to compare")
