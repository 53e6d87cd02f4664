"""What commands share that needs no typer: the error line and its exit code, a file named but missing, the
data, colour. A fast `batch` run (`fastpath.py`) runs on these alone."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from armybuilder.engine import Workspace


class Failed(Exception):
    """A command stopped after saying why on stderr; `code` is its exit code (2: usage or unusable data)."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def say_error(message: str) -> None:
    """The one error line on stderr; text from files in the message is shown with its control characters
    escaped."""
    from armybuilder.text import printable

    print(f"armybuilder: error: {printable(message)}", file=sys.stderr)


def say_repeated(repeated: list[tuple[str, str]]) -> None:
    """A warning on stderr for each second name of a file found (`batch.collect`'s `repeated`): a link to a
    list found under another name is one list, checked once, not a second player's."""
    from armybuilder.text import printable

    for path, first in repeated:
        print(
            f"armybuilder: warning: {printable(path)} is the same file as {printable(first)}; checked once, as "
            f"{printable(first)}",
            file=sys.stderr,
        )


def fail(message: str, code: int = 2) -> NoReturn:
    """Say the error and stop the command (`Failed`: the typer command and the fast path both end on it)."""
    say_error(message)
    raise Failed(code)


def missing_file(*paths: Path | str | None) -> str | None:
    """The error for the first file named on the command line that is not there ('-', standard input, and
    None, an option not given, are skipped); None when every one is there."""
    for path in paths:
        if path is not None and str(path) != "-" and not os.path.lexists(path):
            return f"{path}: no such file"
    return None


def workspace(
    data: Path | None, version: str | None = None, names: Path | None = None, language: str | None = None
) -> Workspace:
    """The data every game's files are checked against (each loaded when first needed), with a club's names
    file when one is given, printing card names in `language` when one is asked for."""
    from armybuilder.engine import Workspace

    return Workspace(data, version, (names,) if names is not None else (), language)


def use_color(no_color: bool) -> bool:
    return not no_color and "NO_COLOR" not in os.environ
