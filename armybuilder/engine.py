"""Checking files of any game: read a file once, find its game by `game:`, hand it to that game's system.

The data flow is file → bytes → YAML with positions (`yamlpos`) → `Document` → the system's model and
rules → `Report` (problems + summary) → a reporter. Nothing here knows a game: systems come from the
registry by the key a file names (`armybuilder.games.DEFAULT_GAME` when it names none).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from armybuilder import games, yamlpos
from armybuilder.errors import UsageError
from armybuilder.fileio import read_input
from armybuilder.games.base import DEFAULT_OPTIONS, CrossItem, Document, GameSystem, Options, Report
from armybuilder.games.capabilities import CROSS_CHECKS, with_names
from armybuilder.kit.size import too_large
from armybuilder.problems import Problem, Severity

__all__ = [
    "Options",
    "Report",
    "Workspace",
    "check_document",
    "check_options",
    "parse",
    "validate_path",
    "validate_text",
]


class Workspace:
    """The data each game's files are checked against: loaded on first use, once per game and process.

    `folder` (the `--data` option) and `version` (`--data-version`, an event's `data_version`) apply to
    the game whose data is asked for; None means the bundled data of that game.
    """

    def __init__(
        self,
        folder: Path | str | None = None,
        version: str | None = None,
        names: Sequence[Path | str] = (),
        language: str | None = None,
    ) -> None:
        self.folder = Path(folder) if folder is not None else None
        self.version = version
        self.names = [Path(n) for n in names]  # names files (`--names`, an event's `names:`), read in order
        self.language = language  # printouts name cards in this language (`--lang`)
        self._data: dict[str, Any] = {}

    def data(self, system: GameSystem[Any]) -> Any:
        """The system's data; raises DataError (one line) when it cannot be used."""
        if system.key not in self._data:
            loaded = system.load_data(self.folder, self.version)
            self._data[system.key] = with_names(system, loaded, self.names, self.language)
        return self._data[system.key]

    def add_names(self, path: Path | str) -> None:
        """Read a names file too (an event file's `names:`); the data loaded so far is loaded again."""
        self.names.append(Path(path))
        self._data.clear()

    def pin_version(self, version: str) -> None:
        """Use this version of the data (an event file's `data_version`) unless another was asked for;
        UsageError when `--data-version` asked for a different one."""
        if self.version is not None and self.version != version:
            raise UsageError(
                f"the data version is {version} here but --data-version asks for {self.version}; drop one of them"
            )
        if self.version is None:
            self.version = version
            self._data.clear()  # loaded for the default version: load again

    def preload(self, key: str, data: Any) -> None:
        """Use data already loaded (a test's catalogue, a command that loaded it itself)."""
        self._data[key] = data

    def data_version(self, key: str = games.DEFAULT_GAME) -> str | None:
        """The loaded data's version label of one game (None when not loaded or unversioned)."""
        if key not in self._data:
            return None
        return games.get(key).data_version(self._data[key])


def _syntax(path: str, message: str, line: int = 1, column: int = 1) -> Problem:
    return Problem("syntax", Severity.ERROR, message, path, line, column)


def parse(blob: str | bytes, path: str) -> Document:
    """A document from a file's bytes: its YAML with positions, or a positioned `syntax` problem."""
    message = too_large(blob)
    if message is not None:
        return Document(path, error=_syntax(path, message))
    try:
        return Document(path, yamlpos.load(blob))
    except yamlpos.YamlError as exc:
        return Document(path, error=_syntax(path, exc.message, exc.line or 1, exc.column or 1))


def read(path: str) -> Document:
    """A document from a file; an unreadable file is a document with a `syntax` problem."""
    try:
        blob = read_input(path)
    except OSError as exc:
        return Document(path, error=_syntax(path, f"cannot read the file: {exc.strerror or exc}"))
    return parse(blob, path)


def system_of(document: Document) -> GameSystem[Any] | Problem:
    """The system a document is for (its `game:` key; the default game when it has none), or the
    positioned `schema` problem that says the game is unknown."""
    value = document.value
    if isinstance(value, yamlpos.PosMap) and value.get("game") is not None:
        name = value["game"]
        found = games.lookup(name) if isinstance(name, str) else None
        if found is None:
            line, column = value.at("game")
            message = games.unknown_game_message(name if isinstance(name, str) else repr(name))
            return Problem("schema", Severity.ERROR, message, document.path, line, column)
        return found
    return games.get(games.DEFAULT_GAME)


def check_options(options: Options, workspace: Workspace) -> None:
    """Raise ArmyBuilderError (one line) when a file the options name cannot be used, before any file is
    checked: the collection file is read by the game it names with `game:` (the default game when none)."""
    if options.collection is None:
        return
    document = read(options.collection)
    system = system_of(document)
    if isinstance(system, Problem):
        raise UsageError(f"{system.file}:{system.line}: {system.message}")
    system.check_options(options, workspace.data(system))


def check_document(document: Document, workspace: Workspace, options: Options | None = None) -> Report[Any]:
    """Check one document with the system its `game:` names; never raises for anything wrong with it
    (DataError, when the game's data cannot be used, is the caller's to report)."""
    options = options or DEFAULT_OPTIONS
    system = system_of(document)
    if isinstance(system, Problem):
        return Report(document.path, "?", [system], strict=options.strict)
    checked: Report[Any] = system.check(document, workspace.data(system), options)
    return checked


def validate_path(path: str, workspace: Workspace, options: Options | None = None) -> Report[Any]:
    """Read a file of any game and check it."""
    return check_document(read(path), workspace, options)


def validate_text(
    text: str | bytes, workspace: Workspace, path: str, options: Options | None = None
) -> Report[Any]:
    """Check a file given as text (standard input, an archive, a test)."""
    return check_document(parse(text, path), workspace, options)


def validate_team(reports: Sequence[Report[Any]], players: Sequence[str] | None = None) -> None:
    """Files checked as one team: each game's checks across files (team-mates may not share a character,
    say) add their problems to the files concerned. Each file is its own player unless `players` says."""
    by_game: dict[str, list[int]] = {}
    for index, report in enumerate(reports):
        by_game.setdefault(report.game, []).append(index)
    for key, indexes in by_game.items():
        system = CROSS_CHECKS.of(games.get(key)) if key != "?" else None
        if system is None:
            continue
        group = [
            CrossItem(
                reports[i].path,
                players[i] if players is not None else reports[i].path,
                system.cross_key(reports[i]),
            )
            for i in indexes
        ]
        for position, problems in system.cross_check(group, "team").items():
            reports[indexes[position]].add(problems)
