"""The application: every core command, then each installed game's own commands.

`app` is the whole application (help, completion, tests). A run that names a core command on the command
line gets `for_command(name)`: an application of that command alone, so that `armybuilder validate FILE`
imports neither the other commands nor any game's commands, and looks for no plug-in unless a file names a
game that is not bundled.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

import typer

from armybuilder import __version__, games
from armybuilder.cli import conventions

# each core command -> the module whose `register` adds it (a module may add several)
CORE_COMMANDS: dict[str, str] = {
    "validate": "armybuilder.cli.validate",
    "show": "armybuilder.cli.validate",
    "new": "armybuilder.cli.new",
    "games": "armybuilder.cli.new",
    "export": "armybuilder.cli.export",
    "data": "armybuilder.cli.data",
    "batch": "armybuilder.cli.batch",
    "event": "armybuilder.cli.event",
    "rules": "armybuilder.cli.rules",
}


def _typer() -> typer.Typer:
    found = typer.Typer(
        name="armybuilder",
        help="Build, check and print army lists for A Song of Ice & Fire: Tabletop Miniatures Game, and check "
        "files of other games (`armybuilder games`).",
        no_args_is_help=True,
        add_completion=True,  # --install-completion / --show-completion: bash, zsh, fish, PowerShell
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    found.callback()(_root)
    return found


def _version(value: bool) -> None:
    if value:
        typer.echo(f"armybuilder {__version__}")
        raise typer.Exit()


def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Build, check and print army lists for A Song of Ice & Fire: Tabletop Miniatures Game."""


def build() -> typer.Typer:
    """The whole application: every core command, then each installed game's own commands."""
    found = _typer()
    for module in dict.fromkeys(CORE_COMMANDS.values()):
        importlib.import_module(module).register(found)
    games.register_commands(found)  # each game's own commands (ASOIAF: deck, build, add, cards, …)
    conventions.apply(found)  # plain placeholders in every command's help
    from armybuilder.cli import completion

    completion.install()  # card names with spaces and apostrophes complete whole, quoted as the word is
    return found


def for_command(name: str) -> typer.Typer:
    """An application holding the core command `name` (and its module's siblings) alone."""
    found = _typer()
    importlib.import_module(CORE_COMMANDS[name]).register(found)
    conventions.apply(found)
    return found


def for_arguments(args: Sequence[str]) -> typer.Typer:
    """The application a run with these arguments needs: its core command alone when the first argument
    names one, else the whole application (help, `--version`, completion, a game's own command)."""
    if args and args[0] in CORE_COMMANDS:
        return for_command(args[0])
    return whole()


_whole: list[typer.Typer] = []


def whole() -> typer.Typer:
    """The whole application, built once when first asked for."""
    if not _whole:
        _whole.append(build())
    return _whole[0]


def __getattr__(name: str) -> typer.Typer:
    if name == "app":  # `from armybuilder.cli.application import app`: the whole application
        return whole()
    raise AttributeError(name)
