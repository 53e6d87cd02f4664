"""Command: new — start a file of any game: an army list led by a commander, a game's standard set-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from armybuilder.cli.common import DataOption, DataVersionOption, NoColorOption, fatal, use_color, workspace


def _complete(option: str) -> Any:
    """A completion callback for one of `new`'s options, answered by the game typed so far."""

    def values(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
        from armybuilder import games
        from armybuilder.cli.completion import shell_values

        system = games.lookup(ctx.params.get("game") or games.DEFAULT_GAME)
        if system is None:
            return []
        return shell_values(system.complete_new_option(option, incomplete, ctx.params), incomplete)

    return values


def new(
    file: Path = typer.Argument(..., metavar="FILE", help="The file to create (YAML)."),
    game: str | None = typer.Option(
        None, "--game", metavar="GAME", help="The game (default: asoiaf); `armybuilder games` lists them."
    ),
    faction: str | None = typer.Option(
        None,
        "--faction",
        metavar="FACTION",
        help="ASOIAF: the army's faction, e.g. stark.",
        autocompletion=_complete("faction"),
    ),
    points: int | None = typer.Option(
        None, "--points", metavar="N", help="ASOIAF: game size in points (default 40)."
    ),
    commander: str | None = typer.Option(
        None,
        "--commander",
        metavar="CARD",
        help="ASOIAF: the commander card, e.g. 'Robb Stark, The Wolf Lord' (only commanders of the faction "
        "and neutral ones are considered).",
        autocompletion=_complete("commander"),
    ),
    unit: str | None = typer.Option(
        None,
        "--unit",
        metavar="CARD",
        help="ASOIAF: the combat unit an attachment commander leads (default: the cheapest that fits).",
        autocompletion=_complete("unit"),
    ),
    name: str | None = typer.Option(None, "--name", metavar="TEXT", help="A name for the list, position or deck."),
    player: str | None = typer.Option(None, "--player", metavar="TEXT", help="ASOIAF: the player's name."),
    edition: int | None = typer.Option(
        None, "--edition", metavar="N", help="Board games: the rules edition (1 or 2)."
    ),
    players: int | None = typer.Option(None, "--players", metavar="N", help="Board games: how many players."),
    force: bool = typer.Option(False, "--force", help="Replace an existing file."),
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    no_color: bool = NoColorOption,
) -> None:
    """Create a file: an ASOIAF list led by a commander (an attachment commander is placed on a fitting
    unit), or with --game the start of another game (War of the Ring's standard set-up, say).

    Exit 0 when the new file is valid, 1 when it is not, 2 when it cannot be made.
    """
    from armybuilder import games
    from armybuilder.engine import validate_text
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.fileio import write_atomic
    from armybuilder.games.capabilities import NEW_FILES
    from armybuilder.render.console import make_console
    from armybuilder.render.reports.people import problems_table

    system = games.lookup(game or games.DEFAULT_GAME)
    if system is None:
        fatal(games.unknown_game_message(game or ""))
    maker = NEW_FILES.of(system)
    if maker is None:
        fatal(f"`new` does not make {system.title} files")
    options = {"faction": faction, "points": points, "commander": commander, "unit": unit, "name": name,
               "player": player, "edition": edition, "players": players}  # fmt: skip
    given = {key: value for key, value in options.items() if value is not None}
    accepted = {option.name for option in maker.new_options}
    refused = [f"--{key}" for key in given if key not in accepted]
    if refused:
        takes = ", ".join(f"--{o.name}" for o in maker.new_options) or "no options"
        fatal(f"{', '.join(refused)}: not an option of a new {system.title} file (it takes {takes})")
    if file.is_dir():  # (`new` takes a file name, not -o: the file write's own wording would not fit)
        fatal(f"{file} is a folder; give the new file a name, e.g. {file / 'my-list.yaml'}")
    if file.exists() and not force:
        fatal(f"{file} exists; pass --force to replace it")
    if not file.parent.is_dir():
        fatal(f"folder {file.parent} does not exist; create it first or give another FILE")
    ws = workspace(data, data_version)
    try:
        text = maker.new_file(ws.data(system), **given)
        write_atomic(file, text, force=True)
    except ArmyBuilderError as exc:
        fatal(str(exc))
    report = validate_text(text, ws, str(file))
    typer.echo(f"{file}: created")
    typer.echo(system.totals(report))
    if report.errors:
        make_console(color=use_color(no_color)).print(problems_table(report.errors))
    raise typer.Exit(0 if report.valid else 1)


def games_command(no_color: bool = NoColorOption) -> None:
    """List the games armybuilder checks, with the kinds of file each reads."""
    from armybuilder import games

    for system in games.systems():
        kinds = ", ".join(system.file_kinds)
        default = " (the default: files without `game:`)" if system.key == games.DEFAULT_GAME else ""
        typer.echo(f"{system.key}: {system.title} — {kinds}{default}")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.command()(new)
    app.command("games")(games_command)
