"""Command: schema — print (or write) the JSON Schema of the army list format, for editors."""

from __future__ import annotations

import typer

from armybuilder.cli.common import NoColorOption, fatal


def schema_command(
    output: str = typer.Option(
        "-", "--output", "-o", metavar="FILE", help="The file to write; '-' is standard output."
    ),
    force: bool = typer.Option(False, "--force", help="Replace the output file when it exists."),
    no_color: bool = NoColorOption,
) -> None:
    """Print the JSON Schema of the list format (draft-07), for an editor's YAML language server.

    Lists made by `armybuilder new` name the installed copy in their first line
    (`# yaml-language-server: $schema=...`).
    """
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.fileio import write_atomic
    from armybuilder.games.asoiaf.listschema import schema_text

    try:
        write_atomic(output, schema_text(), force=force)
    except ArmyBuilderError as exc:
        fatal(str(exc))


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.command("schema")(schema_command)
