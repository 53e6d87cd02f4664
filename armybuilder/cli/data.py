"""Commands: `data check` (validate a game's data folder, linter-style), `data versions` (the versions a
folder holds) and `data diff` (what changed between two versions, and what that does to lists)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from armybuilder.cli.common import DataOption, NoColorOption, fatal, require_files
from armybuilder.problems import Problem
from armybuilder.render import reports
from armybuilder.text import count, json_text

if TYPE_CHECKING:
    from armybuilder.engine import Workspace
    from armybuilder.games.base import GameSystem, Options

data_app = typer.Typer(
    name="data",
    help="Work with data folders: the bundled cards, a copy with homebrew files, a card catalogue.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


def _shown_path(root: Path | None, relpath: str, given: Path | None) -> str:
    """A problem's file as the user can open it: relative to the current folder when it lies below it."""
    from armybuilder.games.base import bundled_data

    if Path(relpath).is_absolute():
        return relpath
    path = (root or bundled_data("")) / relpath
    if given is not None and not given.is_absolute():
        return os.path.normpath(given / relpath)
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


def format_problem(problem: Problem, file: str) -> str:
    from armybuilder.text import printable

    return printable(f"{file}:{problem.line}:{problem.column}: {problem.severity} {problem.rule} {problem.message}")


@data_app.command("check")
def check_command(
    path: Path | None = typer.Argument(
        None,
        help="Data folder (ASOIAF: holding factions.yaml, units/, ...; Horde vs Empire: card files); "
        "default: the bundled data.",
    ),
    game: str | None = typer.Option(
        None, "--game", metavar="GAME", help="Whose data it is (default: asoiaf); `armybuilder games` lists them."
    ),
    fmt: str = typer.Option(
        "text",
        "--format",
        "-f",
        metavar="FORMAT",
        help=f"Report format: {reports.help_text()}.",
    ),
    no_color: bool = NoColorOption,
) -> None:
    """Check a game's data files against their schemas and for integrity (ids, references, decks).

    Exit 0 when clean, 1 when problems were found, 2 when PATH is not a data folder of that game.
    """
    from armybuilder import games
    from armybuilder.errors import ArmyBuilderError

    system = games.lookup(game or games.DEFAULT_GAME)
    if system is None:
        fatal(games.unknown_game_message(game or ""))
    if fmt not in reports.REPORTERS:
        fatal(f"--format {fmt}: choose one of {', '.join(reports.REPORTERS)}")
    if path is not None and not path.is_dir():
        what = "not a folder" if path.exists() else "no such folder"
        fatal(f"{path}: {what} (expected a data folder of {system.title})")
    try:
        problems = system.check_data(path)
    except ArmyBuilderError as exc:
        fatal(str(exc))
    root = path
    shown = [replace(p, file=_shown_path(root, p.file, path)) for p in problems]
    described = None
    if not any(p.is_error for p in problems):
        try:
            described = system.describe_data(path)
        except ArmyBuilderError:
            described = None
    if fmt == "json":
        from armybuilder.games.base import FORMAT_VERSION

        doc: dict[str, object] = {
            "format_version": FORMAT_VERSION,
            "game": system.key,
            "path": str(path) if path is not None else "(bundled)",
            "problems": [p.as_dict() for p in shown],
        }
        if described:
            doc["data"] = described
        typer.echo(json_text(doc, indent=2))
    elif fmt == "text":
        for problem in shown:
            typer.echo(format_problem(problem, problem.file))
        if not problems:
            typer.echo(f"{described}; no problems" if described else "no problems")
        else:
            bad = len({p.file for p in problems})
            typer.echo(f"{count(len(problems), 'problem')} in {count(bad, 'file')}")
    else:
        by_file: dict[str, list[Problem]] = {}
        for problem in shown:
            by_file.setdefault(problem.file, []).append(problem)
        from armybuilder.rows import Row

        rows = reports.RowList(
            Row(file, "", False, None, None, system.key, None, None, None, None, "data", tuple(found))
            for file, found in by_file.items()
        )
        for piece in reports.render(fmt, rows, reports.Meta()):
            typer.echo(piece, nl=False)
    if problems:
        raise typer.Exit(1)


GameOption = typer.Option(
    None, "--game", metavar="GAME", help="Whose data it is (default: asoiaf); `armybuilder games` lists them."
)


def _system(game: str | None) -> GameSystem[Any]:
    from armybuilder import games

    system = games.lookup(game or games.DEFAULT_GAME)
    if system is None:
        fatal(games.unknown_game_message(game or ""))
    return system


@data_app.command("versions")
def versions_command(
    data: Path | None = DataOption, game: str | None = GameOption, no_color: bool = NoColorOption
) -> None:
    """List the versions of the data (ASOIAF: card seasons), oldest first; the newest is the default.

    `--data-version VERSION` on any command, or an event file's `data_version:`, picks another.
    """
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.games.capabilities import DATA_VERSIONS

    system = _system(game)
    try:
        versions = DATA_VERSIONS.of(system)
        found = list(versions.data_versions(data)) if versions is not None else []
    except ArmyBuilderError as exc:
        fatal(str(exc))
    if not found:
        typer.echo(f"{system.title} keeps one data set; it has no versions to choose from")
        return
    width = max(len(v.label) for v in found)
    for index, version in enumerate(found):
        mark = "  (default)" if index == len(found) - 1 else ""
        typer.echo(f"{version.label:<{width}}  {version.note}{mark}")


@data_app.command("diff")
def diff_command(
    old: str = typer.Argument(..., metavar="OLD", help="The earlier version, e.g. 2025.02."),
    new: str = typer.Argument(..., metavar="NEW", help="The later version, e.g. S07."),
    files: list[Path] = typer.Argument(
        None, metavar="[LIST...]", help="Lists to compare under both versions instead of the whole data."
    ),
    data: Path | None = DataOption,
    game: str | None = GameOption,
    no_color: bool = NoColorOption,
) -> None:
    """What changed from version OLD of the data to NEW: every card changed, added or removed (cost, stats,
    requirements). With lists: for each, every card whose cost or legality differs and the totals under both.

    Exit 0 (differences are not errors), 2 when a version or the data cannot be used.
    """
    from armybuilder.engine import Workspace
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.games.capabilities import DATA_VERSIONS, one_data_set

    require_files(*(files or []))
    system = _system(game)
    try:
        versions = DATA_VERSIONS.of(system)
        if versions is None:
            raise one_data_set(system)
        if not files:
            for line in versions.diff_data(system.load_data(data, old), system.load_data(data, new)):
                typer.echo(line)
            return
        before, after = Workspace(data, old), Workspace(data, new)
        for path in files:
            for line in compare_file(str(path), before, after):
                typer.echo(line)
    except ArmyBuilderError as exc:
        fatal(str(exc))


def compare_file(path: str, before: Workspace, after: Workspace, options: Options | None = None) -> list[str]:
    """One file checked against two versions of its game's data, and what differs (`validate --against`);
    raises ArmyBuilderError when either version of the data cannot be used."""
    from armybuilder import games
    from armybuilder.engine import check_document, read
    from armybuilder.games.capabilities import DATA_VERSIONS, one_data_set

    document = read(path)
    old, new = check_document(document, before, options), check_document(document, after, options)
    if new.game == "?":
        return [f"{path}: {new.problems[0].message}"]
    system = games.get(new.game)
    versions = DATA_VERSIONS.of(system)
    if versions is None:
        raise one_data_set(system)
    return versions.compare(old, new)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.add_typer(data_app, name="data")
