"""Commands: validate, show — checking files of any game and printing one."""

# (no `from __future__ import annotations`: typer reads a command's annotations; as text it compiles each on every run)

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from armybuilder.cli.basics import say_repeated
from armybuilder.cli.common import (
    CollectionOption,
    DataOption,
    DataVersionOption,
    LangOption,
    NamesOption,
    NoColorOption,
    fatal,
    require_files,
    use_color,
    workspace,
)
from armybuilder.kit.size import MAX_POINTS
from armybuilder.render import reports

if TYPE_CHECKING:
    from armybuilder.engine import Workspace
    from armybuilder.games.base import Report


def _points(value: int | None) -> int | None:
    if value is not None and not 0 < value <= MAX_POINTS:
        fatal(f"--points must be a positive game size such as 40 (at most {MAX_POINTS:,}), not {value}")
    return value


def check_files(
    paths: list[Path],
    ws: "Workspace",
    points: int | None = None,
    strict: bool = False,
    collection: Path | None = None,
) -> "list[Report[Any]]":
    """Check each file ('-': standard input); unusable game data or an unusable collection file ends the
    command with one line."""
    from armybuilder.engine import Options, check_options, validate_path, validate_text
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.fileio import read_stdin

    require_files(*paths, collection)
    owned = str(collection) if collection is not None else None
    options = Options(points=_points(points), strict=strict, collection=owned)
    checked = []
    try:
        check_options(options, ws)
        for path in paths:
            if str(path) == "-":
                checked.append(validate_text(read_stdin(), ws, "<stdin>", options))
            else:
                checked.append(validate_path(str(path), ws, options))
    except ArmyBuilderError as exc:
        fatal(str(exc))
    return checked


def validate(
    lists: list[Path] = typer.Argument(
        ..., metavar="FILE...", help="Files to check (YAML lists, positions, decks); '-' reads standard input."
    ),
    format: str = typer.Option(
        "text",
        "--format",
        "-f",
        metavar="FORMAT",
        help=f"Report format: {reports.help_text()}.",
    ),
    points: int | None = typer.Option(
        None, "--points", metavar="N", help="Check against this game size instead of the list's."
    ),
    strict: bool = typer.Option(False, "--strict", help="Warnings fail a file too."),
    collection: Path | None = CollectionOption,
    team: bool = typer.Option(
        False, "--team", help="Check the files as one team: team-mates may not share a character."
    ),
    against: str | None = typer.Option(
        None,
        "--against",
        metavar="OLD",
        help="Also check each file against data version OLD and say what differs: each card whose cost or "
        "legality changes, the totals under both (text format).",
    ),
    event: Path | None = typer.Option(
        None,
        "--event",
        metavar="EVENT.yaml",
        help="Hold the files to an event's rules too (points, factions, bans, lists per player, teams), "
        "as `batch` does; the event file itself is not checked as a list.",
    ),
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    no_color: bool = NoColorOption,
) -> None:
    """Check files against every rule of their game (ASOIAF army lists unless a file says `game:`).

    Exit 0 when every file is valid, 1 when any is not, 2 for a usage error.
    """
    from armybuilder.engine import validate_team

    if format not in reports.REPORTERS:
        fatal(f"--format {format}: choose one of {', '.join(reports.REPORTERS)}")
    if against is not None and (format != "text" or team or any(str(p) == "-" for p in lists)):
        fatal("--against compares files on disk, one by one, in the text format; drop --format, --team or '-'")
    ws = workspace(data, data_version, names)
    if event is not None:
        if against is not None or team:
            fatal("--event checks the files as the event does (its teams too); drop --against and --team")
        require_files(*lists, event, collection)
        _validate_for_event(lists, event, format, ws, points, strict, no_color, collection)
    checked = check_files(lists, ws, points, strict, collection)
    if team:
        validate_team(checked)
    emit(checked, format, ws, no_color)
    if against is not None:
        _compare(lists, workspace(data, against, names), ws, points, strict)
    raise typer.Exit(0 if all(r.valid for r in checked) else 1)


def _compare(paths: list[Path], before: "Workspace", after: "Workspace", points: int | None, strict: bool) -> None:
    """For each file, what checking it against the older data would change (cost and legality per card)."""
    from armybuilder.cli.data import compare_file
    from armybuilder.engine import Options
    from armybuilder.errors import ArmyBuilderError

    options = Options(points=points, strict=strict)
    try:
        for path in paths:
            typer.echo("")
            for line in compare_file(str(path), before, after, options):
                typer.echo(line)
    except ArmyBuilderError as exc:
        fatal(str(exc))


def _validate_for_event(
    lists: list[Path],
    event_file: Path,
    format: str,
    ws: "Workspace",
    points: int | None,
    strict: bool,
    no_color: bool,
    collection: Path | None = None,
) -> None:
    """`validate --event`: the files checked as a batch is (the pre-commit hook of a club's repository)."""
    from armybuilder import batch, games
    from armybuilder.engine import Options, check_options
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.render.reports import people

    owned = str(collection) if collection is not None else None
    if points is not None:
        fatal("--points and --event: the event sets the game size; give one of them")
    if any(str(p) == "-" for p in lists):
        fatal("--event checks files, not standard input")
    try:
        event = batch.load_event(event_file, ws)
        system = games.get(event.game)
        batch.check_data_version(event, system.data_version(ws.data(system)))
        check_options(Options(collection=owned), ws)
        # named files are all read (the hook passes only what it selects); the event file is no list
        repeated: list[tuple[str, str]] = []
        subs = batch.collect([str(p) for p in lists], [str(event_file)], not_lists=(), repeated=repeated)
    except ArmyBuilderError as exc:
        fatal(str(exc))
    say_repeated(repeated)
    if not subs:
        fatal(f"no files to check besides the event file {event_file}")
    with batch.run(subs, ws, batch.Config(event=event, strict=strict, collection=owned)) as results:
        if format == "text":
            from armybuilder.render.console import make_console

            make_console(color=use_color(no_color)).print(people.text(results))
        else:
            from armybuilder.fileio import write_atomic

            meta = reports.Meta(data_version=ws.data_version(), event=event, batch=True)
            write_atomic("-", reports.render(format, results, meta))
        raise typer.Exit(0 if results.valid else 1)


def emit(checked: "list[Report[Any]]", format: str, ws: "Workspace", no_color: bool) -> None:
    """Write reports in one of the reporters' formats to standard output."""
    from armybuilder.render.reports.common import row_of

    rows = reports.RowList(row_of(r) for r in checked)
    if not reports.REPORTERS[format].to_file:
        from armybuilder.render.console import make_console
        from armybuilder.render.reports import people

        make_console(color=use_color(no_color)).print(people.text(rows))
        return
    from armybuilder.fileio import write_atomic

    meta = reports.Meta(data_version=ws.data_version())
    write_atomic("-", reports.render(format, rows, meta))  # encodes what a file name that is not UTF-8 holds


def show(
    list_file: Path = typer.Argument(..., metavar="FILE", help="The file: an army list, a position or a deck."),
    points: int | None = typer.Option(
        None, "--points", metavar="N", help="Show against this game size instead of the list's."
    ),
    collection: Path | None = CollectionOption,
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    lang: str | None = LangOption,
    no_color: bool = NoColorOption,
) -> None:
    """Print a file for the table: for an army list its units with attachments, costs and stats, NCUs,
    totals, deck and verdict; for a position or a deck what a player reads at a glance.

    Exit 0 when the file is valid, 1 when it is not.
    """
    from armybuilder import games
    from armybuilder.render.console import make_console

    report = check_files([list_file], workspace(data, data_version, names, lang), points, collection=collection)[0]
    if report.game == "?":  # no game to show it with: say why
        fatal(f"{report.problems[0].file}:{report.problems[0].line}: {report.problems[0].message}")
    make_console(color=use_color(no_color)).print(games.get(report.game).show(report))
    raise typer.Exit(0 if report.valid else 1)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.command()(validate)
    app.command()(show)
