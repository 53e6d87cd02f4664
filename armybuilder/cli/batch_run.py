"""The batch command's body, apart from its typer signature (`batch.py`), so that a plain `armybuilder batch
DIR` can run without importing typer (`fastpath.py`). It ends with an exit code, or `Failed` after its line."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from armybuilder.cli.basics import fail, missing_file, say_repeated, use_color, workspace
from armybuilder.render import reports
from armybuilder.text import count


def run(
    paths: list[str],
    event_file: Path | None = None,
    from_: str | None = None,
    report: str | None = None,
    report_format: str | None = None,
    pack: str | None = None,
    page: str = "a4",
    force: bool = False,
    strict: bool = False,
    collection: Path | None = None,
    jobs: int | None = None,
    quiet: bool = False,
    data: Path | None = None,
    data_version: str | None = None,
    names: Path | None = None,
    no_color: bool = False,
) -> int:
    """Check the lists `paths` names and print their table (or count); write the report and pack asked for.
    Returns the exit code: 0 when every list is valid, 1 when any is not."""
    from armybuilder import batch as core
    from armybuilder import games
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.fileio import write_atomic
    from armybuilder.render import batch as render
    from armybuilder.render.reports.common import counts

    fmt: str | None = None
    if report_format is not None and report_format not in reports.FILE_FORMATS:
        fail(f"--report-format {report_format}: choose one of {', '.join(reports.FILE_FORMATS)}")
    if from_ is not None:
        readable = ["yaml", *(f for _, reader in games.readers() for f in reader.import_formats)]
        if from_ not in readable:
            fail(f"--from {from_}: choose one of {', '.join(readable)}")
    if report is not None:
        fmt = report_format or reports.format_for(report)
        if fmt is None:
            fail(f"--report {report}: say the format with {reports.suffix_text()}, or --report-format")
    elif report_format is not None:
        fail("--report-format needs --report FILE")
    if jobs is not None and jobs < 1:
        fail(f"--jobs must be 1 or more, not {jobs}")
    if page not in ("a4", "letter"):
        fail(f"--page {page}: choose one of a4, letter")
    missing = missing_file(event_file, collection)
    if missing is not None:
        fail(missing)
    from armybuilder.fileio import is_input

    if report is not None and pack is not None and report != "-" and is_input(report, [pack]):
        fail(f"--report {report} and --pack {pack} are the same file; give each its own")
    for option, target in (("--report", report), ("--pack", pack)):
        # said before any list is checked, not after a batch of five hundred
        if target is None or target == "-":
            continue
        folder = Path(target).parent
        if Path(target).is_dir():
            fail(f"{option} {target} is a folder; give a file name, such as {Path(target) / 'report.html'}")
        if not folder.is_dir():
            fail(f"{option} {target}: folder {folder} does not exist; create it first or choose another file")
        if Path(target).exists() and not force:
            fail(f"{option} {target} exists; pass --force to replace it, or choose another file")
    ws = workspace(data, data_version, names)
    event = None
    try:
        if event_file is not None:
            event = core.load_event(event_file, ws)
            system = games.get(event.game)
            core.check_data_version(event, system.data_version(ws.data(system)))
        if collection is not None:
            from armybuilder.engine import Options, check_options

            check_options(Options(collection=str(collection)), ws)
        named = [p for p in paths if not os.path.isdir(p)] + [str(f) for f in (event_file, collection) if f]
        for target in (report, pack):  # --force or not: a report never takes the place of a list or the event
            listlike = (
                target is not None and target.lower().endswith(core.YAML_SUFFIXES) and os.path.exists(target)
            )
            if target is not None and (listlike or is_input(target, named)):
                fail(f"{target} would replace a list or the event file; write the report to another file")
        exclude = [str(p) for p in (event_file, report, pack, collection) if p is not None and str(p) != "-"]
        skipped: list[str] = []
        refused: list[tuple[str, str]] = []
        repeated: list[tuple[str, str]] = []
        # --from forces a format on every file given: then nothing is skipped for its name
        subs = core.collect(
            paths,
            exclude,
            not_lists=() if from_ is not None else core.NOT_LISTS,
            skipped=skipped,
            refused=refused,
            repeated=repeated,
        )
    except ArmyBuilderError as exc:
        fail(str(exc))
    from armybuilder.text import printable

    for path, why in refused:  # said whatever follows: a link out of the folder, a folder that cannot be read
        print(f"armybuilder: warning: skipped {printable(path)}: {why}", file=sys.stderr)
    say_repeated(repeated)
    if not subs:
        why = (
            f" ({count(len(skipped), 'file')} skipped: no lists by their names; --from reads them)"
            if skipped
            else ""
        )
        fail("no files to check in " + ", ".join(paths) + why)
    config = core.Config(
        event=event,
        fmt=from_,
        strict=strict,
        collection=str(collection) if collection is not None else None,
        outline=fmt == "html",
        # sheets for a club night's report, not for ten thousand lists; a pack asks for them
        sheet=(fmt == "html" and len(subs) <= 500) or pack is not None,
        content=fmt in ("csv", "json", "html") or pack is not None,
    )
    try:
        if sys.stderr.isatty() and not quiet:
            from armybuilder.render.console import make_console

            with render.progress(make_console(color=use_color(no_color), stderr=True)) as bar:
                task = bar.add_task("lists", total=len(subs))
                results = core.run(subs, ws, config, jobs, progress=lambda done: bar.advance(task, done))
        else:
            results = core.run(subs, ws, config, jobs)
    except OSError as exc:  # the temporary file the rows are spilled to
        fail(f"cannot hold the batch's results in a temporary file: {exc.strerror or exc}; free some space")
    with results:
        per_player = event.lists_per_player if event is not None else None
        if plain_output():  # a file or a pipe: aligned rows, no rich (a rich table costs more than the checks)
            if quiet:
                render.print_plain_count(sys.stdout, results)
            else:
                if per_player is not None and per_player > 1:
                    render.print_plain_players(sys.stdout, results, per_player)
                render.print_plain(sys.stdout, results)
                render.print_plain_skipped(sys.stdout, skipped)
            sys.stdout.flush()
        else:
            from armybuilder.render.console import make_console

            out = make_console(color=use_color(no_color))
            if quiet:
                out.print(counts(results))
            else:
                if per_player is not None and per_player > 1:
                    render.print_players(out, results, per_player)
                render.print_table(out, results)
                render.print_skipped(out, skipped)
        meta = reports.Meta(
            data_version=ws.data_version(),
            event=event,
            batch=True,
            skipped=tuple(skipped),
            refused=tuple(refused),
            page=page,
        )
        try:
            if report is not None and fmt is not None:
                write_atomic(report, reports.render(fmt, results, meta), force=force)
            if pack is not None:
                from armybuilder.render.reports.pack import write as pack_html

                write_atomic(pack, pack_html(results, meta), force=force)
        except ArmyBuilderError as exc:
            fail(str(exc))
    return 0 if results.valid else 1


def plain_output() -> bool:
    """Plain aligned rows when standard output is a file or a pipe; the rich table on a terminal, or when a
    layout width is asked for (ARMYBUILDER_WIDTH: a table wrapped to that width, as on such a screen)."""
    if os.environ.get("ARMYBUILDER_WIDTH"):
        return False
    try:
        return not sys.stdout.isatty()
    except (AttributeError, ValueError):  # a closed or odd stream: no terminal
        return True
