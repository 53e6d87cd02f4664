"""Command: batch — check a folder of submitted lists against an event's rules and write a report."""

# (no `from __future__ import annotations`: typer reads a command's annotations; as text it compiles each on every run)

from pathlib import Path

import typer

from armybuilder.cli.common import (
    CollectionOption,
    DataOption,
    DataVersionOption,
    NamesOption,
    NoColorOption,
)
from armybuilder.render import reports


def batch(
    paths: list[str] = typer.Argument(
        ..., metavar="PATH...", help="Submitted lists: files, folders (searched recursively) and globs."
    ),
    event_file: Path | None = typer.Option(
        None, "--event", metavar="EVENT.yaml", help="The event's rules: points, factions, bans, teams…"
    ),
    from_: str | None = typer.Option(
        None,
        "--from",
        metavar="FORMAT",
        help="Read every file in this format: yaml, warcouncil, asoiaf-stats, tts or text (detected per file "
        "when not given).",
    ),
    report: str | None = typer.Option(
        None, "--report", metavar="FILE", help=f"Write a report: {reports.suffix_text()}."
    ),
    report_format: str | None = typer.Option(
        None,
        "--report-format",
        metavar="FORMAT",
        help=f"The report's format when its file name does not say: {reports.help_text(to_file=True)}.",
    ),
    pack: str | None = typer.Option(
        None,
        "--pack",
        metavar="FILE.html",
        help="Write the list pack: one printable HTML document with the sheet of every valid list.",
    ),
    page: str = typer.Option(
        "a4", "--page", metavar="SIZE", help="The paper the HTML report and the pack print on: a4 or letter."
    ),
    force: bool = typer.Option(False, "--force", help="Replace the report and pack files when they exist."),
    strict: bool = typer.Option(False, "--strict", help="Warnings fail a list too."),
    collection: Path | None = CollectionOption,
    jobs: int | None = typer.Option(
        None,
        "--jobs",
        "-j",
        metavar="N",
        help="Processes to check lists on, all from the start (default: one; a batch over 150 lists adds one "
        "per core while the lists left would take more than a second).",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print only the closing count."),
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    no_color: bool = NoColorOption,
) -> None:
    """Check many submitted lists at once, against an event's own rules, and report on each.

    Exit 0 when every list is valid, 1 when any is not, 2 for a usage or event-file error.
    """
    from armybuilder.cli import batch_run
    from armybuilder.cli.basics import Failed

    try:
        code = batch_run.run(
            paths=paths,
            event_file=event_file,
            from_=from_,
            report=report,
            report_format=report_format,
            pack=pack,
            page=page,
            force=force,
            strict=strict,
            collection=collection,
            jobs=jobs,
            quiet=quiet,
            data=data,
            data_version=data_version,
            names=names,
            no_color=no_color,
        )
    except Failed as failed:
        raise typer.Exit(failed.code) from None
    raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.command()(batch)
