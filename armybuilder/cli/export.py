"""Command: export — a checked file as a sheet (HTML for print, Markdown, text, JSON) or another format."""

# (no `from __future__ import annotations`: typer reads a command's annotations; as text it compiles each on every run)

import sys
from pathlib import Path

import typer

from armybuilder.cli.common import (
    DataOption,
    DataVersionOption,
    LangOption,
    NamesOption,
    NoColorOption,
    fatal,
    workspace,
)
from armybuilder.text import count, printable

SHEETS = ("html", "md", "text", "json")
PAGES = ("a4", "letter")
# the sheet an output's name asks for when --format is not given (`-o list.html` is an HTML sheet)
NAMED = {".html": "html", ".htm": "html", ".md": "md", ".markdown": "md", ".json": "json", ".txt": "text"}
KINDS = {"html": "an HTML file", "md": "a Markdown file", "json": "a JSON file"}


def _named_format(output: str, format: str | None) -> str | None:
    """The format `output`'s extension names, or --format; a contradiction of the two is refused before any
    work (`-f json -o x.html`). A `.txt` name contradicts nothing: every text format may go there."""
    suffix = Path(output).suffix.lower() if output != "-" else ""
    named = NAMED.get(suffix)
    if format is None or named is None or named == format or suffix == ".txt" or format not in SHEETS:
        return format or named
    fatal(
        f"--format {format} but {output} is named as {KINDS[named]}; drop --format to write {named}, "
        f"or name the file {'.md' if format == 'md' else '.' + format}"
    )


def export(
    list_file: Path = typer.Argument(..., metavar="FILE", help="The file (YAML): an army list, a position, a deck."),
    format: str | None = typer.Option(
        None,
        "--format",
        "-f",
        metavar="FORMAT",
        help="html, md, text or json: a printable sheet (default: the one the output's name ends in, .html, "
        ".md, .json or .txt, else text, or md where a game has no text sheet); for an army list also "
        "warcouncil, asoiaf-stats or tts: the list in that tool's format.",
    ),
    output: str = typer.Option(
        "-", "--output", "-o", metavar="FILE", help="The file to write; '-' is standard output."
    ),
    page: str = typer.Option(
        "a4", "--page", metavar="SIZE", help="The paper an HTML sheet is laid out for: a4 or letter."
    ),
    force: bool = typer.Option(False, "--force", help="Replace the output file when it exists."),
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    lang: str | None = LangOption,
    no_color: bool = NoColorOption,
) -> None:
    """Write a file as a sheet (HTML for print, Markdown, text, JSON) or, for an army list, in another
    tool's format.

    An invalid file is still exported (a sheet shows its problems) with a warning on standard error.
    Exit 0 when written, 2 when it cannot be.
    """
    from armybuilder import games
    from armybuilder.cli.validate import check_files
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.fileio import is_input, write_atomic

    if page not in PAGES:
        fatal(f"--page {page}: choose one of {', '.join(PAGES)}")
    wanted = _named_format(output, format)
    if is_input(output, [list_file]):  # --force or not: the sheet must never take the list's place
        fatal(f"{output} is the file being exported; write to another file with -o")
    ws = workspace(data, data_version, names, lang)
    report = check_files([list_file], ws)[0]
    unreadable = next((p for p in report.problems if p.rule == "syntax"), None)
    if report.game == "?" or unreadable is not None:
        problem = unreadable or report.problems[0]
        fatal(f"{problem.file}:{problem.line}: {problem.message}")
    system = games.get(report.game)
    formats = list(system.export_formats)
    # a person's sheet first: text, else Markdown (JSON is for programs, asked for by name)
    default = next((f for f in ("text", "md") if f in formats), formats[0])
    fmt = wanted or default
    if format is None and fmt not in formats:  # a name that asks for a sheet this game has not: its default
        if fmt != "text":
            fatal(f"{output} names a {fmt} sheet; {system.title} files export as {', '.join(formats)}")
        fmt = default
    if fmt not in formats:
        fatal(f"--format {fmt}: {system.title} files export as {', '.join(formats)}")
    try:
        # names from the file: no control character of theirs reaches a terminal or a sheet
        content = printable(system.export(report, fmt, data=ws.data(system), page=page), one_line=False)
        write_atomic(output, content, force=force)
    except ArmyBuilderError as exc:
        fatal(str(exc))
    if output != "-":  # the sheet went to a file: say so, the way `import -o` does
        print(f"Exported {printable(str(list_file))} as {fmt} to {printable(output)}.")
    left_out = system.export_leaves_out(report, fmt)
    if left_out:
        fields = ", ".join(f"`{key}:`" for key in left_out)
        print(
            f"armybuilder: warning: {fmt} has no place for the list's {fields}; "
            f"{'it is' if len(left_out) == 1 else 'they are'} not in the export",
            file=sys.stderr,
        )
    if not report.valid:
        problems = len(report.errors) or len(report.warnings)
        shown = "the sheet shows them" if fmt in SHEETS else "run `armybuilder validate` to see them"
        what = "list" if system.file_kinds == ("army list",) else system.file_kinds[0]
        print(
            f"armybuilder: warning: {printable(str(list_file))} is not a valid {what} "
            f"({count(problems, 'problem')}); exported anyway, {shown}",
            file=sys.stderr,
        )


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.command()(export)
