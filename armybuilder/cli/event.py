"""Commands: `event check` (is an event file usable?) and `event explain` (its rules in plain sentences,
for the players' pack)."""

from __future__ import annotations

from pathlib import Path

import typer

from armybuilder.cli.common import DataOption, NoColorOption, fatal, require_files, workspace

event_app = typer.Typer(
    name="event",
    help="Work with event files: check one, or explain its rules for the players' pack.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

FileArgument = typer.Argument(..., metavar="EVENT.yaml", help="The event file.")


def _load(path: Path, data: Path | None) -> object:
    """The event, or every problem of the file (`file:line:col: error event-file message`) and exit 2."""
    from armybuilder import batch, games
    from armybuilder.errors import ArmyBuilderError, EventError

    require_files(path)
    ws = workspace(data)
    try:
        event = batch.load_event(path, ws)
        system = games.get(event.game)
        batch.check_data_version(event, system.data_version(ws.data(system)))
    except EventError as exc:
        if not exc.problems:
            fatal(str(exc))
        from armybuilder.text import printable

        for p in exc.problems:  # names and words from the file: no control character reaches the terminal
            typer.echo(printable(f"{p.file}:{p.line}:{p.column}: {p.severity} {p.rule} {p.message}"))
        many = len(exc.problems) != 1
        fatal(
            f"{path}: {len(exc.problems)} problem{'s' if many else ''}; fix {'them' if many else 'it'} "
            "and run `armybuilder event check` again"
        )
    except ArmyBuilderError as exc:
        fatal(str(exc))
    return event


@event_app.command("check")
def check_command(
    path: Path = FileArgument, data: Path | None = DataOption, no_color: bool = NoColorOption
) -> None:
    """Check an event file: unknown keys and rules, wrong types, numbers out of range, unknown cards,
    factions and characters, rules no list could meet together.

    Prints each problem as `file:line:col: error event-file message`. Exit 0 when the file is usable, 2
    when it is not.
    """
    from armybuilder.batch.event import Event

    event = _load(path, data)
    assert isinstance(event, Event)
    typer.echo(f"{path}: a usable event file ({event.where}); `armybuilder event explain` prints its rules")


@event_app.command("explain")
def explain_command(
    path: Path = FileArgument,
    fmt: str = typer.Option("text", "--format", "-f", metavar="FORMAT", help="text or md (Markdown)."),
    data: Path | None = DataOption,
    no_color: bool = NoColorOption,
) -> None:
    """Print the event's rules in plain sentences, for the players' pack (Markdown with `--format md`)."""
    from armybuilder.batch.event import Event, explain

    if fmt not in ("text", "md"):
        fatal(f"--format {fmt}: choose text or md")
    event = _load(path, data)
    assert isinstance(event, Event)
    sentences = explain(event)
    title = event.name or Path(event.path).stem
    if fmt == "md":
        lines = [f"# {_md(title)}", "", *(f"- {_md(s)}" for s in sentences)]
    else:
        lines = [title, "=" * len(title), "", *(f"- {s}" for s in sentences)]
    typer.echo("\n".join(lines))


def _md(text: str) -> str:
    """Text from an event file, safe inside Markdown (no HTML, no accidental emphasis or links); the
    `code` spans the sentences hold are kept as they are."""
    parts = text.split("`")
    if len(parts) % 2 == 0:  # an odd backtick (from a name in the file): escape it like the rest
        parts = [text]
    for i in range(0, len(parts), 2):
        for char in "\\`<>[]*_#|":
            parts[i] = parts[i].replace(char, "\\" + char)
    return "`".join(parts)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.add_typer(event_app)
