"""The application: every core command, then each installed game's own commands."""

from __future__ import annotations

import typer

from armybuilder import __version__, games
from armybuilder.cli import batch, completion, conventions, data, event, export, new, validate

app = typer.Typer(
    name="armybuilder",
    help="Build, check and print army lists for A Song of Ice & Fire: Tabletop Miniatures Game, and check "
    "files of other games (`armybuilder games`).",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion: bash, zsh, fish, PowerShell
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"armybuilder {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Build, check and print army lists for A Song of Ice & Fire: Tabletop Miniatures Game."""


for module in (validate, new, export, data, batch, event):
    module.register(app)
games.register_commands(app)  # each game's own commands (ASOIAF: deck, build, add, cards, …)
conventions.apply(app)  # plain placeholders in every command's help
completion.install()  # card names with spaces and apostrophes complete whole in zsh
