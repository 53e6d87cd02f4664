"""What every command shares: loading the catalogue, the --data and --no-color options, the error exit."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue

DataOption = typer.Option(
    None,
    "--data",
    help="Card data folder to use instead of the bundled one (a copy with homebrew files, say).",
    envvar="ARMYBUILDER_DATA",
    show_envvar=True,
)
NoColorOption = typer.Option(False, "--no-color", help="Plain output without colour (also: NO_COLOR=1).")


def fatal(message: str, code: int = 2) -> NoReturn:
    """The single exit path for errors: one line on stderr, then exit (2: usage or unusable data)."""
    print(f"armybuilder: error: {message}", file=sys.stderr)
    raise typer.Exit(code)


def catalogue(data: Path | None) -> Catalogue:
    """The card catalogue, or a one-line error and exit 2 when the data cannot be used."""
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.games.asoiaf.catalogue import load_catalogue

    try:
        return load_catalogue(data)
    except ArmyBuilderError as exc:
        fatal(str(exc))


def use_color(no_color: bool) -> bool:
    return not no_color and "NO_COLOR" not in os.environ
