"""Commands: `data check` (validate a card data folder, linter-style)."""

from __future__ import annotations

import json
import os
from enum import StrEnum
from pathlib import Path

import typer

from armybuilder.cli.common import fatal
from armybuilder.problems import Problem

data_app = typer.Typer(
    name="data",
    help="Work with card data folders (the bundled cards, or a copy with homebrew files).",
    no_args_is_help=True,
    rich_markup_mode=None,
)


class Format(StrEnum):
    TEXT = "text"
    PARSABLE = "parsable"
    JSON = "json"


def _shown_path(root: Path, relpath: str, given: Path | None) -> str:
    """A problem's file as the user can open it: relative to the current folder when it lies below it."""
    path = root / relpath
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
        None, help="Card data folder (holding factions.yaml, units/, ...); default: the bundled data."
    ),
    fmt: Format = typer.Option(
        Format.TEXT, "--format", "-f", help="text, parsable (file:line:col: severity rule message) or json."
    ),
) -> None:
    """Check card data files against the schemas and for integrity (ids, references, tactics decks).

    Exit 0 when clean, 1 when problems were found, 2 when PATH is not a card data folder.
    """
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.games.asoiaf.catalogue import build, bundled_data_dir, data_files, read_files
    from armybuilder.games.asoiaf.datacheck import check

    root = path if path is not None else bundled_data_dir()
    if not root.is_dir():
        what = "not a folder" if root.exists() else "no such folder"
        fatal(f"{root}: {what} (expected a card data folder with factions.yaml)")
    try:
        files = data_files(root)
    except ArmyBuilderError as exc:
        fatal(str(exc))
    parsed, problems = read_files(root, files)
    problems = sorted(problems + check(parsed), key=Problem.sort_key)
    catalogue = build(parsed, str(root)) if not problems else None

    if fmt is Format.JSON:
        doc: dict[str, object] = {
            "path": str(root),
            "files": len(files),
            "problems": [{**p.as_dict(), "file": _shown_path(root, p.file, path)} for p in problems],
        }
        if catalogue is not None:
            doc.update(
                data_version=catalogue.data_version,
                cards=len(catalogue.cards),
                tactics=len(catalogue.tactics),
                specials=len(catalogue.specials),
            )
        typer.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        for problem in problems:
            typer.echo(format_problem(problem, _shown_path(root, problem.file, path)))
        if fmt is Format.TEXT:
            if catalogue is not None:
                typer.echo(
                    f"card data {catalogue.data_version}: {len(catalogue.cards)} cards, "
                    f"{len(catalogue.tactics)} tactics cards, {len(catalogue.specials)} special cards; "
                    "no problems"
                )
            else:
                bad = len({p.file for p in problems})
                typer.echo(
                    f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in {bad} "
                    f"file{'s' if bad != 1 else ''} (of {len(files)} checked)"
                )
    if problems:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.add_typer(data_app, name="data")
