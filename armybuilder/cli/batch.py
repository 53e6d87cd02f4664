"""Command: batch — check a folder of submitted lists against an event's rules and write a report."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path

import typer

from armybuilder.cli.common import DataOption, NoColorOption, catalogue, fatal, use_color


class FromFormat(StrEnum):
    yaml = "yaml"
    warcouncil = "warcouncil"
    asoiaf_stats = "asoiaf-stats"
    tts = "tts"


class BatchReportFormat(StrEnum):
    csv = "csv"
    json = "json"
    junit = "junit"
    html = "html"


def batch(
    paths: list[str] = typer.Argument(
        ..., metavar="PATH...", help="Submitted lists: files, folders (searched recursively) and globs."
    ),
    event_file: Path | None = typer.Option(
        None, "--event", metavar="EVENT.yaml", help="The event's rules: points, factions, bans, teams…"
    ),
    from_: FromFormat | None = typer.Option(
        None, "--from", help="Read every file in this format (detected per file when not given)."
    ),
    report: str | None = typer.Option(
        None, "--report", metavar="FILE", help="Write a report: .csv, .json, .xml (JUnit) or .html."
    ),
    report_format: BatchReportFormat | None = typer.Option(
        None, "--report-format", help="The report's format when its file name does not say."
    ),
    force: bool = typer.Option(False, "--force", help="Replace the report file when it exists."),
    strict: bool = typer.Option(False, "--strict", help="Warnings fail a list too."),
    jobs: int | None = typer.Option(
        None,
        "--jobs",
        "-j",
        help="Processes to check lists on (default: every core for batches over 150 lists).",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print only the closing count."),
    data: Path | None = DataOption,
    no_color: bool = NoColorOption,
) -> None:
    """Check many submitted lists at once, against an event's own rules, and report on each.

    Exit 0 when every list is valid, 1 when any is not, 2 for a usage or event-file error.
    """
    from armybuilder import batch as core
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.fileio import write_atomic
    from armybuilder.render import batch as render
    from armybuilder.render.console import make_console

    fmt: str | None = None
    if report is not None:
        fmt = report_format.value if report_format else render.format_for(report)
        if fmt is None:
            fatal(f"--report {report}: say the format with .csv, .json, .xml or .html, or --report-format")
    elif report_format is not None:
        fatal("--report-format needs --report FILE")
    if jobs is not None and jobs < 1:
        fatal(f"--jobs must be 1 or more, not {jobs}")
    cat = catalogue(data)
    event = None
    try:
        if event_file is not None:
            event = core.load_event(event_file, cat)
            core.check_data_version(event, cat)
        exclude = [str(p) for p in (event_file, report) if p is not None and str(p) != "-"]
        subs = core.collect(paths, exclude)
    except ArmyBuilderError as exc:
        fatal(str(exc))
    if not subs:
        fatal("no files to check in " + ", ".join(paths))
    config = core.Config(
        event=event,
        fmt=from_.value if from_ else None,
        strict=strict,
        outline=fmt == "html",
        sheet=fmt == "html" and len(subs) <= 500,  # sheets for a club night, not for ten thousand lists
        data=str(data) if data else None,
    )
    err = make_console(color=use_color(no_color), stderr=True)
    try:
        if sys.stderr.isatty() and not quiet:
            with render.progress(err) as bar:
                task = bar.add_task("lists", total=len(subs))
                results = core.run(subs, cat, config, jobs, progress=lambda done: bar.advance(task, done))
        else:
            results = core.run(subs, cat, config, jobs)
    except OSError as exc:  # the temporary file the rows are spilled to
        fatal(f"cannot hold the batch's results in a temporary file: {exc.strerror or exc}; free some space")
    with results:
        out = make_console(color=use_color(no_color))
        if quiet:
            out.print(render.counts(results))
        else:
            render.print_table(out, results)
        if report is not None and fmt is not None:
            try:
                write_atomic(report, render.render(fmt, results, cat.data_version, event), force=force)
            except ArmyBuilderError as exc:
                fatal(str(exc))
        raise typer.Exit(0 if results.valid else 1)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.command()(batch)
