"""Command: rules — every rule of every installed game, or one rule's documentation with examples."""

from __future__ import annotations

import typer

from armybuilder.cli.common import NoColorOption, fatal
from armybuilder.text import json_text

FORMATS = ("text", "json")


def rules_command(
    rule_id: str | None = typer.Argument(None, metavar="[ID]", help="A rule or problem id: show its documentation."),
    game: str | None = typer.Option(
        None, "--game", metavar="GAME", help="Only this game's rules (`core` for the ids every game shares)."
    ),
    fmt: str = typer.Option("text", "--format", "-f", metavar="[text|json]", help="text or json."),
    no_color: bool = NoColorOption,  # the listing is plain text: accepted like every command's
) -> None:
    """List every rule (id, game, severity, summary), or with ID its documentation and a valid and an
    invalid example."""
    from armybuilder import games, ruledocs
    from armybuilder.kit.words import did_you_mean

    if fmt not in FORMATS:
        fatal(f"--format {fmt}: choose one of {', '.join(FORMATS)}")
    key = None
    if game is not None:
        system = games.lookup(game)
        if system is None and game != ruledocs.CORE:
            fatal(games.unknown_game_message(game))
        key = system.key if system is not None else ruledocs.CORE
    found = ruledocs.entries(key)
    if rule_id is not None:
        found = [e for e in found if e.id == rule_id]
        if not found:
            known = sorted({e.id for e in ruledocs.entries(key)})
            fatal(f"no rule {rule_id!r}" + (f" in {key}" if key else "") + "; " + did_you_mean(
                rule_id, known, "`armybuilder rules` lists them"))  # fmt: skip
    if fmt == "json":
        typer.echo(json_text({"rules": [e.as_dict() for e in found]}, indent=2))
        return
    if rule_id is None:
        widths = [max((len(getattr(e, f)) for e in found), default=0) for f in ("game", "id", "severity_text")]
        for e in found:
            cells = (e.game.ljust(widths[0]), e.id.ljust(widths[1]), e.severity_text.ljust(widths[2]))
            typer.echo("  ".join(cells) + "  " + e.summary)
        return
    for index, e in enumerate(found):
        typer.echo(("\n" if index else "") + f"{e.id} ({e.game}, {e.severity_text}; {e.origin})")
        typer.echo("")
        typer.echo(e.doc)
        for label, text in (("A valid file", e.valid), ("An invalid file", e.invalid)):
            if text is not None:
                typer.echo(f"\n{label}:\n")
                typer.echo("".join(f"    {line}\n" for line in text.rstrip("\n").split("\n")), nl=False)
        if e.origin == "rule" and e.valid is None and e.invalid is None:
            typer.echo("\n(no examples declared for this rule yet)")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.command("rules")(rules_command)
