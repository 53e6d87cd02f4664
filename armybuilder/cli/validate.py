"""Commands: validate, show, deck — checking a list and printing it."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from armybuilder.cli.common import DataOption, NoColorOption, catalogue, fatal, use_color

if TYPE_CHECKING:
    from armybuilder.engine import Report


class ReportFormat(StrEnum):
    text = "text"
    parsable = "parsable"
    json = "json"
    github = "github"


class DeckFormat(StrEnum):
    text = "text"
    json = "json"


def _points(value: int | None) -> int | None:
    if value is not None and value <= 0:
        fatal(f"--points must be a positive game size such as 40, not {value}")
    return value


def validate(
    lists: list[Path] = typer.Argument(
        ..., help="List files (YAML); '-' reads one list from standard input."
    ),
    format: ReportFormat = typer.Option(ReportFormat.text, "--format", "-f", help="Report format."),
    points: int | None = typer.Option(
        None, "--points", help="Check against this game size instead of the list's."
    ),
    strict: bool = typer.Option(False, "--strict", help="Warnings fail a list too."),
    team: bool = typer.Option(
        False, "--team", help="Check the lists as one team: team-mates may not share a character."
    ),
    data: Path | None = DataOption,
    no_color: bool = NoColorOption,
) -> None:
    """Check army lists against every army-building rule.

    Exit 0 when every list is valid, 1 when any is not, 2 for a usage error.
    """
    from armybuilder.engine import Options, validate_path, validate_team, validate_text

    cat = catalogue(data)
    options = Options(points=_points(points), strict=strict)
    reports = []
    for path in lists:
        if str(path) == "-":
            reports.append(validate_text(sys.stdin.buffer.read(), cat, "<stdin>", options))
        else:
            reports.append(validate_path(str(path), cat, options))
    if team:
        validate_team(reports)
    _emit(reports, format, cat.data_version, no_color)
    raise typer.Exit(0 if all(r.valid for r in reports) else 1)


def _emit(reports: list[Report], format: ReportFormat, data_version: str, no_color: bool) -> None:
    from armybuilder.render import reports as render

    if format is ReportFormat.parsable:
        sys.stdout.write(render.parsable(reports))
    elif format is ReportFormat.json:
        sys.stdout.write(render.json_report(reports, data_version))
    elif format is ReportFormat.github:
        sys.stdout.write(render.github(reports))
    else:
        from armybuilder.render.console import make_console

        make_console(color=use_color(no_color)).print(render.text(reports))


def show(
    list_file: Path = typer.Argument(..., metavar="LIST", help="The list file (YAML)."),
    points: int | None = typer.Option(
        None, "--points", help="Show against this game size instead of the list's."
    ),
    data: Path | None = DataOption,
    no_color: bool = NoColorOption,
) -> None:
    """Print a list for the table: units with attachments, costs and stats, NCUs, totals, deck and verdict.

    Exit 0 when the list is valid, 1 when it is not.
    """
    from armybuilder.engine import Options, validate_path
    from armybuilder.render.console import make_console
    from armybuilder.render.show import show as render_show

    cat = catalogue(data)
    report = validate_path(str(list_file), cat, Options(points=_points(points)))
    make_console(color=use_color(no_color)).print(render_show(report, report.deck))
    raise typer.Exit(0 if report.valid else 1)


def deck(
    list_file: Path = typer.Argument(..., metavar="LIST", help="The list file (YAML)."),
    format: DeckFormat = typer.Option(DeckFormat.text, "--format", "-f", help="Output format."),
    data: Path | None = DataOption,
    no_color: bool = NoColorOption,
) -> None:
    """Print the commander's 20-card tactics deck: faction cards and the commander's, two of each."""
    from armybuilder.engine import validate_path

    cat = catalogue(data)
    report = validate_path(str(list_file), cat)
    built = report.deck
    if built is None:
        reason = next(
            (p.message for p in report.problems if p.rule in ("syntax", "schema", "commander")), None
        )
        fatal(f"{list_file}: no tactics deck: " + (reason or "the list needs exactly one commander"), 1)
    if format is DeckFormat.json:
        from armybuilder.render.show import deck_json

        sys.stdout.write(deck_json(built))
    else:
        from armybuilder.render.console import make_console
        from armybuilder.render.show import deck_table

        make_console(color=use_color(no_color)).print(deck_table(built))
    raise typer.Exit(1 if built.problems else 0)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.command()(validate)
    app.command()(show)
    app.command()(deck)
