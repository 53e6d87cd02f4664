"""Command: deck — the commander's 20-card tactics deck of an ASOIAF list."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path

import typer

from armybuilder.cli.common import (
    DataOption,
    DataVersionOption,
    NoColorOption,
    fatal,
    require_files,
    use_color,
)
from armybuilder.games.asoiaf.commands.common import catalogue


class DeckFormat(StrEnum):
    text = "text"
    json = "json"


def deck(
    list_file: Path = typer.Argument(..., metavar="LIST", help="The list file (YAML)."),
    format: DeckFormat = typer.Option(DeckFormat.text, "--format", "-f", help="Output format: text or json."),
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    no_color: bool = NoColorOption,
) -> None:
    """Print the commander's 20-card tactics deck: faction cards and the commander's, two of each."""
    from armybuilder.games.asoiaf.check import validate_path

    require_files(list_file)
    cat = catalogue(data, data_version)
    report = validate_path(str(list_file), cat)
    built = report.deck
    if built is None:
        reason = next(
            (p.message for p in report.problems if p.rule in ("syntax", "schema", "commander")), None
        )
        fatal(f"{list_file}: no tactics deck: " + (reason or "the list needs exactly one commander"), 1)
    if format is DeckFormat.json:
        from armybuilder.games.asoiaf.render.show import deck_json

        sys.stdout.write(deck_json(built))
    else:
        from armybuilder.games.asoiaf.render.show import deck_table
        from armybuilder.render.console import make_console

        make_console(color=use_color(no_color)).print(deck_table(built))
    raise typer.Exit(1 if built.problems else 0)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.command()(deck)
