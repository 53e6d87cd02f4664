"""`armybuilder batch` without typer: its arguments read by hand when every one is in a plain, known form.

Importing typer and building the command is a third of what a batch of a thousand lists costs the main
process. A run whose arguments are all paths and the batch command's own options (`--event FILE`,
`--event=FILE`, `-j N`, `-q`, …; an option given again counts with its last value, as in typer) is read
here; anything else (help, `--`, an unknown option, short options run together, an odd value, an
environment variable an option reads, shell completion, Windows, where typer first expands `~`, variables
and globs in the arguments) is declined and goes through typer as before, so that help, usage errors and
their wording stay typer's.
`tests/test_fastpath.py` keeps what this reads equal to what typer reads.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

# the environment variables the command's options read (typer's job when any is set)
ENVIRONMENT = ("ARMYBUILDER_DATA", "ARMYBUILDER_DATA_VERSION", "ARMYBUILDER_NAMES")

# each option of `batch` -> (its parameter, its kind: a flag, a word, a path or a whole number)
OPTIONS: dict[str, tuple[str, str]] = {
    "--event": ("event_file", "path"),
    "--from": ("from_", "word"),
    "--report": ("report", "word"),
    "--report-format": ("report_format", "word"),
    "--pack": ("pack", "word"),
    "--page": ("page", "word"),
    "--force": ("force", "flag"),
    "--strict": ("strict", "flag"),
    "--collection": ("collection", "path"),
    "--jobs": ("jobs", "whole"),
    "-j": ("jobs", "whole"),
    "--quiet": ("quiet", "flag"),
    "-q": ("quiet", "flag"),
    "--data": ("data", "path"),
    "--data-version": ("data_version", "word"),
    "--names": ("names", "path"),
    "--no-color": ("no_color", "flag"),
}

DEFAULTS: dict[str, Any] = {
    "event_file": None,
    "from_": None,
    "report": None,
    "report_format": None,
    "pack": None,
    "page": "a4",
    "force": False,
    "strict": False,
    "collection": None,
    "jobs": None,
    "quiet": False,
    "data": None,
    "data_version": None,
    "names": None,
    "no_color": False,
}


def _value(kind: str, text: str) -> Any:
    """`text` as the option's value, or None when typer should judge it."""
    if not text or text.startswith("-"):
        return None
    if kind == "word":
        return text
    if kind == "whole":
        plain = text.isascii() and text.isdigit() and (text == "0" or not text.startswith("0")) and len(text) < 19
        return int(text) if plain else None
    if os.path.exists(text) and not os.access(text, os.R_OK):
        return None  # typer says it is not readable
    return Path(text)


def batch_arguments(args: Sequence[str], environ: Mapping[str, str]) -> dict[str, Any] | None:
    """The parameters of `batch` for `args` (argv after the program's name), as typer would give them; None
    when typer should read them."""
    if not args or args[0] != "batch" or os.name == "nt":  # (typer expands the arguments on Windows)
        return None
    if any(name in environ for name in ENVIRONMENT) or any(name.startswith("_ARMYBUILDER") for name in environ):
        return None
    found = dict(DEFAULTS)
    paths: list[str] = []
    rest = iter(args[1:])
    for arg in rest:
        if arg == "-" or (arg and not arg.startswith("-")):
            paths.append(arg)
            continue
        name, equals, text = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if name not in OPTIONS:
            return None  # --help, --, an unknown option, short options run together, an empty argument
        parameter, kind = OPTIONS[name]
        if kind == "flag":
            if equals:
                return None
            found[parameter] = True
            continue
        if not equals:
            text = next(rest, "")
        value = _value(kind, text)
        if value is None:
            return None
        found[parameter] = value
    if not paths:
        return None
    return {"paths": paths, **found}
