"""What every command shares: the --data, --data-version and --no-color options, the data each game needs,
the error exit."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import typer

from armybuilder.cli.basics import missing_file, say_error
from armybuilder.cli.basics import use_color as use_color  # (the commands take them from here)
from armybuilder.cli.basics import workspace as workspace

DataOption = typer.Option(
    None,
    "--data",
    metavar="FOLDER",
    help="Data folder to use instead of the bundled one (ASOIAF: a card data copy with homebrew files; "
    "Horde vs Empire: your card catalogue).",
    envvar="ARMYBUILDER_DATA",
    show_envvar=True,
)
DataVersionOption = typer.Option(
    None,
    "--data-version",
    metavar="VERSION",
    help="The version of the data to use (ASOIAF: a card season such as 2025.02; default: the newest). "
    "`armybuilder data versions` lists them.",
    envvar="ARMYBUILDER_DATA_VERSION",
    show_envvar=True,
)
CollectionOption = typer.Option(
    None,
    "--collection",
    metavar="FILE",
    help="A file of the cards you own (ASOIAF: `owned:` card -> copies); warns of cards fielded more often "
    "than owned (--strict fails the list).",
)
NamesOption = typer.Option(
    None,
    "--names",
    metavar="FILE",
    help="A names file (ASOIAF: `language:` and `cards:` by id, the shape of data/names/de.yaml): your club's "
    "names for cards, read beside the English, German, French and Chinese ones.",
    envvar="ARMYBUILDER_NAMES",
    show_envvar=True,
)
LangOption = typer.Option(
    None,
    "--lang",
    metavar="LANGUAGE",
    help="Print card names in this language: de, fr, zh-Hant, or a --names file's language (English for a "
    "card the language's table lacks).",
)
NoColorOption = typer.Option(False, "--no-color", help="Plain output without colour (also: NO_COLOR=1).")


def fatal(message: str, code: int = 2) -> NoReturn:
    """The single exit path for errors: one line on stderr, then exit (2: usage or unusable data). Text
    from files in the message is shown with its control characters escaped."""
    say_error(message)
    raise typer.Exit(code)


def require_files(*paths: Path | str | None) -> None:
    """A file named on the command line that is not there: the same line and exit 2 from every command,
    before anything is read ('-', standard input, and None, an option not given, are skipped)."""
    missing = missing_file(*paths)
    if missing is not None:
        fatal(missing)


def game_data(
    key: str,
    data: Path | None,
    version: str | None = None,
    names: Path | None = None,
    language: str | None = None,
) -> Any:
    """One game's data (with a club's names file, printing in `language`), or a one-line error and exit 2
    when it cannot be used."""
    from armybuilder import games
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.games.capabilities import with_names

    system = games.get(key)
    try:
        return with_names(
            system, system.load_data(data, version), [names] if names is not None else [], language
        )
    except ArmyBuilderError as exc:
        fatal(str(exc))
