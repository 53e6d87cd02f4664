"""Commands: `data check` (validate a game's data folder, linter-style)."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import typer

from armybuilder.cli.common import fatal
from armybuilder.problems import Problem
from armybuilder.text import count

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
    return f"{file}:{problem.line}:{problem.column}: {problem.severity} {problem.rule} {problem.message}"


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
        help="text, parsable (file:line:col: severity rule message), json, github, junit, csv or html.",
    ),
) -> None:
    """Check a game's data files against their schemas and for integrity (ids, references, decks).

    Exit 0 when clean, 1 when problems were found, 2 when PATH is not a data folder of that game.
    """
    from armybuilder import games
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.render import reports

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
        doc: dict[str, object] = {
            "game": system.key,
            "path": str(path) if path is not None else "(bundled)",
            "problems": [p.as_dict() for p in shown],
        }
        if described:
            doc["data"] = described
        typer.echo(json.dumps(doc, indent=2, ensure_ascii=False))
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
        from armybuilder.batch.results import Row

        rows = reports.RowList(
            Row(file, "", False, None, None, system.key, None, None, None, None, "data", tuple(found))
            for file, found in by_file.items()
        )
        for piece in reports.render(fmt, rows, reports.Meta()):
            typer.echo(piece, nl=False)
    if problems:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.add_typer(data_app, name="data")
