"""Command: `import` — a list from another tool's format (War Council, asoiaf-stats, TTS) or as a player
pasted it into our YAML."""

from __future__ import annotations

import re
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from armybuilder.cli.common import DataOption, DataVersionOption, NamesOption, NoColorOption, fatal
from armybuilder.fileio import read_input, read_stdin
from armybuilder.games.asoiaf.commands.common import catalogue
from armybuilder.kit.size import too_large
from armybuilder.text import count

if TYPE_CHECKING:
    pass

class FromFormat(StrEnum):
    warcouncil = "warcouncil"
    asoiaf_stats = "asoiaf-stats"
    tts = "tts"
    text = "text"


_LOOKS_LIKE_PATH = re.compile(r".*\.(txt|ya?ml|json|md|html|code)$|.*[\\/]$", re.IGNORECASE)


_SHORTEST_CODE = 16  # characters: a War Council code holds a faction and a unit at least


def _no_code(source: str) -> bool:
    """Whether `source` is one word that no code is (`my_list`): an id string has a `;`, a list has spaces,
    and a War Council code is base64 (standard or URL-safe, as its reader takes it) and longer than this."""
    if not source or ";" in source or any(c.isspace() for c in source):
        return False
    from armybuilder.games.asoiaf.interchange.warcouncil import decode_base64

    return len(source) < _SHORTEST_CODE or decode_base64(source) is None


def _read_source(source: str) -> tuple[str, str, bool]:
    """(text, name for messages, whether it came from a file or stdin) of FILE_OR_CODE."""
    if source == "-":
        blob = read_stdin()
        return _text(blob, "<stdin>"), "<stdin>", True
    path = Path(source)
    try:
        is_file = path.is_file()
        is_folder = not is_file and bool(source.strip()) and path.is_dir()
    except (OSError, ValueError):  # an argument too long or odd to be a path is the code itself
        is_file = is_folder = False
    if is_folder:
        fatal(f"{source} is a folder; import reads one list (a file, a code, or '-' for standard input): "
              f"`armybuilder batch {source}` checks every list in it")  # fmt: skip
    if not is_file:
        return source, "<argument>", False
    try:
        blob = read_input(path)
    except OSError as exc:
        fatal(f"cannot read {source}: {exc.strerror or exc}")
    return _text(blob, source), source, True


def from_file_named(source: str) -> bool:
    """Whether FILE_OR_CODE names an existing file."""
    try:
        return source != "-" and Path(source).exists()
    except (OSError, ValueError):
        return False


def _text(blob: bytes, name: str) -> str:
    oversized = too_large(blob)
    if oversized is not None:
        fatal(f"{name}: {oversized}")
    from armybuilder.fileio import NotText, decode_text

    try:
        return decode_text(blob, "a list code or text export")
    except NotText as exc:
        fatal(f"{name}: {exc.message}")


def import_(
    source: str = typer.Argument(
        ...,
        metavar="FILE_OR_CODE",
        help="A file holding the list, the code or text itself, or '-' for standard input.",
    ),
    from_: FromFormat | None = typer.Option(
        None, "--from", help="The format it is in (detected when not given)."
    ),
    output: str = typer.Option(
        "-", "--output", "-o", metavar="FILE", help="The YAML list to write; '-' is standard output."
    ),
    force: bool = typer.Option(False, "--force", help="Replace the output file when it exists."),
    points: int | None = typer.Option(
        None,
        "--points",
        min=1,
        max=1000,
        help="The game size of a list whose text states none: a share code or id string without one, or a "
        "pasted list whose printed costs add up to no standard size.",
    ),
    explain: bool = typer.Option(
        False,
        "--explain",
        help="Print each line of a pasted list beside what it became (card id and slot, or why it was "
        "skipped), on standard error.",
    ),
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    no_color: bool = NoColorOption,
) -> None:
    """Turn a list from another tool into our YAML list: a War Council share code, asoiaf-stats text, a
    Tabletop Simulator id string, or a list as players paste it into e-mails, forums and chat (`text`).

    Every card name or id must resolve to exactly one card. A share code or export that does not is an
    error naming its line. A pasted list is written with everything that was read; each line that could
    not be (an unknown or ambiguous card, a card with no place, no game size) is reported as
    `file:line: message` and kept under `not_read:` in the list, which `validate` flags until it is
    corrected. Exit 0 when every line was read, 1 when the list was written with lines not read, 2 when
    the input cannot be imported at all.
    """
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.fileio import is_input, write_atomic
    from armybuilder.games.asoiaf.interchange import detect, import_comment, import_list, pasted
    from armybuilder.games.asoiaf.interchange.common import MAX_INPUT_CHARS
    from armybuilder.games.asoiaf.interchange.pasted import Reading
    from armybuilder.games.asoiaf.listwriter import dump_list

    if from_file_named(source) and is_input(output, [source]):  # --force or not: never replace the input
        fatal(f"{output} is the file being imported; write the YAML list to another file with -o")
    cat = catalogue(data, data_version, names)
    text, name, from_file = _read_source(source)
    if not from_file and (_LOOKS_LIKE_PATH.fullmatch(source) or (from_ is None and _no_code(source))):
        fatal(f"{source}: no such file (and it is not a list code either)")  # no code looks like a file name
    if not text.strip():
        fatal(f"{name}: empty; give a file holding the list, the code itself, or paste the list into standard input")
    fmt = from_.value if from_ is not None else detect(text)
    if fmt is None:
        if len(text) > MAX_INPUT_CHARS:
            fatal(f"{name}: {len(text):,} characters; a list is a few hundred — is this the right file?")
        # [ \t], not \s: a `\s*` at each line start runs over every blank line after it (quadratic)
        if re.search(r"(?m)^[ \t]*faction[ \t]*:[ \t]*[a-z]+[ \t\r]*$", text) and re.search(r"(?m)^[ \t]*points[ \t]*:", text):
            fatal(f"{name} is already a YAML list: check it with `armybuilder validate`")
        game = re.search(r"(?m)^game[ \t]*:[ \t]*[\"']?([\w-]{1,60})", text)
        from armybuilder import games  # (only for a text of no format)

        system = games.lookup(game.group(1)) if game else None
        if system is not None and system.key != "asoiaf":  # a position or deck of another game
            fatal(
                f"{name} is a {system.title} file, already in armybuilder's own format: check it with `armybuilder "
                "validate`; import reads A Song of Ice & Fire lists from other tools' formats"
            )
        fatal(
            f"{name}: cannot tell which format this is; give --from warcouncil, --from asoiaf-stats, "
            "--from tts or --from text"
        )
    readings: list[Reading] = []
    try:
        spec = import_list(
            fmt, text, cat, name, detected=from_ is None, readings=readings, points=points, keep=True
        )
    except ArmyBuilderError as exc:
        if explain and readings:
            sys.stderr.write(pasted.explain(readings, []))
        fatal(str(exc))
    if explain:
        if spec.fmt == pasted.FORMAT:
            sys.stderr.write(pasted.explain(readings, spec.notes))
        else:
            sys.stderr.write(f"{name}: read as {spec.fmt}; --explain shows the lines of a pasted list (--from text)\n")
    try:
        write_atomic(output, dump_list(spec, cat, import_comment(spec.fmt, spec, name)), force=force)
    except ArmyBuilderError as exc:
        fatal(str(exc))
    if output != "-":
        units = len(spec.units)
        faction = cat.factions[spec.faction].name if spec.faction in cat.factions else "no faction"
        size = f"{spec.points} points" if spec.points else "no game size"
        print(
            f"Imported {spec.fmt} list to {output}: {faction}, {size}, "
            f"{count(units, 'combat unit')}, {count(len(spec.ncus), 'NCU')}."
        )
    if spec.not_read:
        from armybuilder.text import printable

        for line, message in spec.not_read:
            print(f"armybuilder: {printable(name)}:{line}: not read: {printable(message)}", file=sys.stderr)
        print(
            f"armybuilder: {count(len(spec.not_read), 'line')} not read; the list holds the rest, and "
            "`not_read:` in it keeps what to correct",
            file=sys.stderr,
        )
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.command("import")(import_)
