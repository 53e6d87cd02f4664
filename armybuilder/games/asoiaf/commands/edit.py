"""Commands: new, add, remove, move, set, options, build — building lists from the command line.

Every edit re-validates the list and is refused when it would bring a new error (a legal list stays
legal; an illegal one may not get worse), unless --force is given. Exit codes: 0 the list written is
valid, 1 the edit was refused or the list written is invalid, 2 a usage error (unknown card, bad value).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypeVar

import typer

from armybuilder.cli.common import (
    DataOption,
    DataVersionOption,
    NamesOption,
    NoColorOption,
    fatal,
    require_files,
    use_color,
)
from armybuilder.games.asoiaf.commands.common import catalogue
from armybuilder.games.asoiaf.commands.limits import (
    MaxCopiesOption,
    MaxNcusOption,
    MaxUnitsOption,
    MinNcusOption,
    MinUnitsOption,
    WithOption,
    WithoutOption,
    read_limits,
)
from armybuilder.text import json_text

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.armylist import ArmyList
    from armybuilder.games.asoiaf.builder.document import Document
    from armybuilder.games.asoiaf.catalogue import Catalogue

T = TypeVar("T")

ForceOption = typer.Option(
    False, "--force", help="Write the change even when it makes the list illegal (the problems are shown)."
)


def _print(renderable: object, no_color: bool) -> None:
    from armybuilder.render.console import make_console

    make_console(color=use_color(no_color)).print(renderable)


@contextmanager
def _told_if_unreadable(path: Path) -> Iterator[None]:
    """A list file that cannot be read: one line naming it and why, exit 2."""
    from armybuilder.fileio import NotText

    try:
        yield
    except IsADirectoryError:
        fatal(f"{path}: is a folder; give a list file")
    except OSError as exc:
        fatal(f"{path}: cannot read: {exc.strerror or exc}")
    except NotText as exc:
        fatal(f"{path}: cannot read: {exc.message}")


def _read(path: Path) -> str:
    from armybuilder.fileio import decode_text, read_input

    require_files(path)
    with _told_if_unreadable(path):
        return decode_text(read_input(path), "YAML text")
    raise AssertionError("unreachable")  # pragma: no cover - (mypy: the context manager may swallow)


def _typed_faction(ctx: typer.Context, cat: Catalogue) -> str | None:
    """The faction of the list named so far on the command line, when it can be read quickly."""
    from armybuilder import yamlpos
    from armybuilder.fileio import read_input

    path = ctx.params.get("list_file")
    try:
        value = yamlpos.load(read_input(Path(str(path)))) if path else None  # never waits on a pipe
    except Exception:  # no list yet, or not one: complete from every faction
        return None
    faction = cat.faction(str(value.get("faction"))) if isinstance(value, dict) else None
    return faction.key if faction is not None else None


def _completer(*kinds: str, commanders: bool = False) -> Callable[[typer.Context, str], list[tuple[str, str]]]:
    """A shell completion callback for card names of some kinds (of the list's faction and neutral)."""

    def values(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
        from armybuilder.cli.completion import shell_values, typed_data
        from armybuilder.games.asoiaf import completion
        from armybuilder.games.asoiaf.cards import CardKind

        cat = completion.load(typed_data(ctx))
        if cat is None:
            return []
        wanted = [CardKind(k) for k in kinds] or None
        faction = _typed_faction(ctx, cat)
        found = completion.cards(cat, incomplete, wanted, faction=faction, commanders=commanders)
        return shell_values(found, incomplete)

    return values


def _complete_set_value(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """`set LIST faction ...` completes faction keys, `set LIST commander ...` commanders."""
    from armybuilder.cli.completion import shell_values, typed_data
    from armybuilder.games.asoiaf import completion

    key = ctx.params.get("key")
    if key not in ("faction", "commander"):
        return []
    cat = completion.load(typed_data(ctx))
    if cat is None:
        return []
    if key == "faction":
        return shell_values(completion.factions(cat, incomplete), incomplete)
    found = completion.cards(cat, incomplete, faction=_typed_faction(ctx, cat), commanders=True)
    return shell_values(found, incomplete)


def _edit(
    path: Path,
    data: Path | None,
    force: bool,
    no_color: bool,
    change: Callable[[Document, Catalogue], str],
    data_version: str | None = None,
    names: Path | None = None,
) -> NoReturn:
    """Apply one change to a list file: validate before and after, refuse a worsening edit, write atomically."""
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.games.asoiaf.builder.document import Document
    from armybuilder.games.asoiaf.builder.judge import judge
    from armybuilder.games.asoiaf.render.builder import totals_line
    from armybuilder.inplace import Editing
    from armybuilder.render.reports.people import problems_table

    cat = catalogue(data, data_version, names)  # the club's names too, as `validate` reads the list
    require_files(path)
    try:
        # held from reading to writing: a second edit of the file waits its turn, a change by another program
        # meanwhile is refused, and the file keeps its encoding and line endings
        with _told_if_unreadable(path), Editing(path) as held:
            before = held.text
            doc = Document(before, str(path))
            summary = change(doc, cat)
            after = doc.dump()
            verdict = judge(before, after, cat, str(path))
            if not verdict.allowed and not force:
                typer.echo(f"{path}: refused: {summary} would make the list illegal; nothing written")
                _print(problems_table(verdict.added), no_color)
                typer.echo("Pass --force to write it anyway.")
                raise typer.Exit(1)
            held.write(after)
            other_names = held.other_names
    except ArmyBuilderError as exc:
        fatal(str(exc))
    typer.echo(f"{path}: {summary}")
    if other_names:  # a hard link: the edit is a new file under this name, the other names keep the old list
        typer.echo(f"note: {path} had {other_names} other name(s) (hard links); they keep the list as it was")
    if doc.lost_comments:
        shown = "; ".join(doc.lost_comments[:5]) + ("; …" if len(doc.lost_comments) > 5 else "")
        typer.echo(f"note: {len(doc.lost_comments)} comment(s) on lines this edit removed or rewrote are gone: {shown}")
    typer.echo(totals_line(verdict.after))
    if verdict.added:
        typer.echo("Written with --force; the list now breaks these rules:")
        _print(problems_table(verdict.added), no_color)
    elif verdict.after.errors:
        typer.echo(f"The list still has {len(verdict.after.errors)} error(s); `armybuilder validate {path}`.")
    raise typer.Exit(0 if verdict.after.valid else 1)


def add(
    list_file: Path = typer.Argument(..., metavar="LIST", help="The list file (YAML)."),
    ref: str = typer.Argument(
        ...,
        metavar="REF",
        help="A combat unit, NCU or attachment (name or id).",
        autocompletion=_completer("combat-unit", "ncu", "attachment"),
    ),
    to: str | None = typer.Option(
        None, "--to", metavar="UNIT", help="The unit an attachment joins: 1-based position or name."
    ),
    force: bool = ForceOption,
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    no_color: bool = NoColorOption,
) -> None:
    """Add a combat unit, an NCU, or an attachment (to the unit --to names)."""
    from armybuilder.games.asoiaf.builder import edits

    _edit(list_file, data, force, no_color, lambda doc, cat: edits.add(doc, cat, ref, to), data_version, names)


def remove(
    list_file: Path = typer.Argument(..., metavar="LIST", help="The list file (YAML)."),
    ref: str = typer.Argument(
        ..., metavar="REF|POSITION", help="A unit (name or position), attachment or NCU."
    ),
    force: bool = ForceOption,
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    no_color: bool = NoColorOption,
) -> None:
    """Remove a combat unit with its attachments, an attachment, or an NCU."""
    from armybuilder.games.asoiaf.builder import edits

    _edit(list_file, data, force, no_color, lambda doc, cat: edits.remove(doc, cat, ref), data_version, names)


def move(
    list_file: Path = typer.Argument(..., metavar="LIST", help="The list file (YAML)."),
    ref: str = typer.Argument(
        ..., metavar="ATTACHMENT", help="The attachment to move.", autocompletion=_completer("attachment")
    ),
    to: str = typer.Option(..., "--to", metavar="UNIT", help="The unit it joins: 1-based position or name."),
    force: bool = ForceOption,
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    no_color: bool = NoColorOption,
) -> None:
    """Move an attachment to another unit."""
    from armybuilder.games.asoiaf.builder import edits

    _edit(list_file, data, force, no_color, lambda doc, cat: edits.move(doc, cat, ref, to), data_version, names)


def set_(
    list_file: Path = typer.Argument(..., metavar="LIST", help="The list file (YAML)."),
    key: str = typer.Argument(
        ..., metavar="KEY", help="What to change: points, faction, commander, name or player."
    ),
    value: str = typer.Argument(
        ...,
        metavar="VALUE",
        help="The new value (for name and player, an empty value removes it).",
        autocompletion=_complete_set_value,
    ),
    unit: str | None = typer.Option(
        None,
        "--unit",
        metavar="UNIT",
        help="For a new attachment commander: the unit it leads (position or name).",
    ),
    force: bool = ForceOption,
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    no_color: bool = NoColorOption,
) -> None:
    """Change the game size, the faction, the commander (the new commander takes the old one's place), the
    list's name or its player."""
    from armybuilder.games.asoiaf.builder import edits

    if key not in edits.SETTABLE:
        fatal(f"cannot set {key!r}; choose one of {', '.join(edits.SETTABLE)}")
    _edit(
        list_file,
        data,
        force,
        no_color,
        lambda doc, cat: edits.set_value(doc, cat, key, value, unit),
        data_version,
        names,
    )


def _load(path: Path, cat: Catalogue) -> ArmyList:
    from armybuilder.games.asoiaf.armylist import load_list_text

    army = load_list_text(_read(path), cat, str(path))
    if not army.readable:
        first = army.problems[0]
        fatal(f"{path}:{first.line}: cannot read the list: {first.message}")
    if army.faction is None:  # what a faction may field is unknown: offering neutral cards alone would mislead
        said = [p for p in army.problems if p.message.startswith(("unknown faction", "missing `faction:`"))]
        line, reason = (said[0].line, said[0].message) if said else (army.pos("faction")[0], "no faction")
        fatal(f"{path}:{line}: cannot tell what the army may field: {reason}")
    return army


OwnedOption = typer.Option(
    None, "--collection", metavar="FILE", help="Offer only cards you own (a collection file), beyond what the list holds."
)


def _owned(path: Path | None, cat: Catalogue) -> dict[str, int] | None:
    """Copies owned per card id from a collection file (None: no limit); exit 2 on an unusable file."""
    if path is None:
        return None
    from armybuilder.games.asoiaf.commands.collection import load

    return load(path, cat).owned


def _unit_names(army: ArmyList) -> dict[int, str]:
    return {i + 1: u.unit.card.title for i, u in enumerate(army.units) if u.unit.card is not None}


class OutputFormat(StrEnum):
    """What `options` and `complete` print: a table for people or JSON for programs."""

    text = "text"
    json = "json"


def _print_json(data: object) -> None:

    typer.echo(json_text(data, indent=2))


OPTIONS_TIMEOUT = 10.0


def options(
    list_file: Path = typer.Argument(..., metavar="LIST", help="The list file (YAML)."),
    for_unit: str | None = typer.Option(
        None, "--for", help="Only attachments for this unit (1-based position or name)."
    ),
    format: OutputFormat = typer.Option(
        OutputFormat.text, "--format", "-f", help="Output format: text or json."
    ),
    collection: Path | None = OwnedOption,
    timeout: float = typer.Option(
        OPTIONS_TIMEOUT, "--timeout", min=0.1, help="Seconds to try cards at most (a huge list stops there)."
    ),
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    no_color: bool = NoColorOption,
) -> None:
    """List what can legally be added now: combat units, attachments for each unit, NCUs, with costs.

    Exit 0 when every card was tried, 1 when --timeout stopped the search first (what was found is shown)."""
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.games.asoiaf.builder.document import Document, pick_unit
    from armybuilder.games.asoiaf.builder.options import options as legal_options
    from armybuilder.games.asoiaf.cards import CardKind
    from armybuilder.games.asoiaf.check import validate
    from armybuilder.games.asoiaf.render.builder import options_data, options_table, totals_line

    cat = catalogue(data, data_version, names)
    army = _load(list_file, cat)
    owned = _owned(collection, cat)
    try:
        position: int | None = None
        kinds = [CardKind.COMBAT_UNIT, CardKind.ATTACHMENT, CardKind.NCU]
        if for_unit is not None:
            picked = pick_unit(Document(_read(list_file), str(list_file)), cat, for_unit)
            position = picked.number if _unit_names(army).get(picked.number) == picked.title else None
            if position is None:
                fatal(f"unit {picked.number}. {picked.title} cannot be read; fix the list first")
            kinds = [CardKind.ATTACHMENT]
        found = legal_options(army, cat, kinds=kinds, for_unit=position, owned=owned, timeout=timeout)
    except ArmyBuilderError as exc:
        fatal(str(exc))
    report = validate(army, cat)
    if format is OutputFormat.json:
        _print_json({**options_data(found, str(list_file), report), "complete": found.complete})
    else:
        typer.echo(f"{list_file}: {totals_line(report)}")
        units = _unit_names(army)
        if position is not None:
            units = {position: units[position]}
        _print(options_table(found, units, army.faction_key), no_color)
    if not found.complete:
        print(
            f"armybuilder: warning: stopped after {timeout:g} s with {found.tried:,} of {found.total:,} cards "
            f"tried ({len(army.units):,} units in the list); pass --timeout to try longer",
            file=sys.stderr,
        )
        raise typer.Exit(1)


def _progress_wanted() -> bool:
    """Progress goes to standard error, and only when a person watches it there."""
    return sys.stderr.isatty()


# --- build: the interactive builder (the session itself is builder/session.py) ----------------------------


def build(
    collection: Path | None = OwnedOption,
    max_copies: int = MaxCopiesOption,
    min_units: int | None = MinUnitsOption,
    max_units: int | None = MaxUnitsOption,
    min_ncus: int | None = MinNcusOption,
    max_ncus: int | None = MaxNcusOption,
    with_cards: list[str] = WithOption,
    without: list[str] = WithoutOption,
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    no_color: bool = NoColorOption,
) -> None:
    """Build a list step by step from menus that offer only legal choices; save it (printing it) as often
    as you like.

    Every prompt reads one line, so a session can be scripted through standard input; input that ends
    with unsaved changes exits 1. The limits (--max-copies and the rest) are those of `complete`, for the
    step that completes the list.
    """
    from armybuilder.games.asoiaf.builder.session import InputEnded, Session, Terminal

    cat = catalogue(data, data_version, names)
    limits = read_limits(cat, None, max_copies, min_units, max_units, min_ncus, max_ncus, with_cards, without)
    terminal = Terminal(
        read_line=sys.stdin.readline,
        write=lambda text: typer.echo(text, nl=False),
        show=lambda renderable: _print(renderable, no_color),
        echo_answers=not sys.stdin.isatty(),
    )
    session = Session(cat, terminal, _owned(collection, cat), limits)
    try:
        code = session.run()
    except InputEnded:
        if session.saved is None:
            fatal("input ended before the list was saved; nothing written", 1)
        fatal(f"input ended with unsaved changes; {session.saved} holds the list as last saved", 1)
    raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.command()(add)
    app.command()(remove)
    app.command()(move)
    app.command(name="set")(set_)
    app.command()(options)
    app.command()(build)
