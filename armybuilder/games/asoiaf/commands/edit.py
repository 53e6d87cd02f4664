"""Commands: new, add, remove, move, set, options, complete, build — building lists from the command line.

Every edit re-validates the list and is refused when it would bring a new error (a legal list stays
legal; an illegal one may not get worse), unless --force is given. Exit codes: 0 the list written is
valid, 1 the edit was refused or the list written is invalid, 2 a usage error (unknown card, bad value).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypeVar

import typer

from armybuilder.cli.common import DataOption, DataVersionOption, NoColorOption, fatal, use_color
from armybuilder.games.asoiaf.commands.common import catalogue
from armybuilder.text import json_text

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.armylist import ArmyList
    from armybuilder.games.asoiaf.builder.document import Document
    from armybuilder.games.asoiaf.cards import Card
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.check import ListReport
    from armybuilder.games.asoiaf.listwriter import ListSpec

T = TypeVar("T")

ForceOption = typer.Option(
    False, "--force", help="Write the change even when it makes the list illegal (the problems are shown)."
)


def _print(renderable: object, no_color: bool) -> None:
    from armybuilder.render.console import make_console

    make_console(color=use_color(no_color)).print(renderable)


def _read(path: Path) -> str:
    from armybuilder.fileio import NotText, decode_text, read_input

    try:
        return decode_text(read_input(path), "YAML text")
    except FileNotFoundError:
        fatal(f"{path}: no such file; create one with `armybuilder new {path} --faction ... --commander ...`")
    except IsADirectoryError:
        fatal(f"{path}: is a folder; give a list file")
    except OSError as exc:
        fatal(f"{path}: cannot read: {exc.strerror or exc}")
    except NotText as exc:
        fatal(f"{path}: cannot read: {exc.message}")


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
) -> NoReturn:
    """Apply one change to a list file: validate before and after, refuse a worsening edit, write atomically."""
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.fileio import write_atomic
    from armybuilder.games.asoiaf.builder.document import Document
    from armybuilder.games.asoiaf.builder.judge import judge
    from armybuilder.games.asoiaf.render.builder import totals_line
    from armybuilder.render.reports import problems_table

    cat = catalogue(data, data_version)
    before = _read(path)
    try:
        doc = Document(before, str(path))
        summary = change(doc, cat)
        after = doc.dump()
    except ArmyBuilderError as exc:
        fatal(str(exc))
    verdict = judge(before, after, cat, str(path))
    if not verdict.allowed and not force:
        typer.echo(f"{path}: refused: {summary} would make the list illegal; nothing written")
        _print(problems_table(verdict.added), no_color)
        typer.echo("Pass --force to write it anyway.")
        raise typer.Exit(1)
    try:
        write_atomic(path, after, force=True)
    except ArmyBuilderError as exc:
        fatal(str(exc))
    typer.echo(f"{path}: {summary}")
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
    no_color: bool = NoColorOption,
) -> None:
    """Add a combat unit, an NCU, or an attachment (to the unit --to names)."""
    from armybuilder.games.asoiaf.builder import edits

    _edit(list_file, data, force, no_color, lambda doc, cat: edits.add(doc, cat, ref, to), data_version)


def remove(
    list_file: Path = typer.Argument(..., metavar="LIST", help="The list file (YAML)."),
    ref: str = typer.Argument(
        ..., metavar="REF|POSITION", help="A unit (name or position), attachment or NCU."
    ),
    force: bool = ForceOption,
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    no_color: bool = NoColorOption,
) -> None:
    """Remove a combat unit with its attachments, an attachment, or an NCU."""
    from armybuilder.games.asoiaf.builder import edits

    _edit(list_file, data, force, no_color, lambda doc, cat: edits.remove(doc, cat, ref), data_version)


def move(
    list_file: Path = typer.Argument(..., metavar="LIST", help="The list file (YAML)."),
    ref: str = typer.Argument(
        ..., metavar="ATTACHMENT", help="The attachment to move.", autocompletion=_completer("attachment")
    ),
    to: str = typer.Option(..., "--to", metavar="UNIT", help="The unit it joins: 1-based position or name."),
    force: bool = ForceOption,
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    no_color: bool = NoColorOption,
) -> None:
    """Move an attachment to another unit."""
    from armybuilder.games.asoiaf.builder import edits

    _edit(list_file, data, force, no_color, lambda doc, cat: edits.move(doc, cat, ref, to), data_version)


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
    no_color: bool = NoColorOption,
) -> None:
    """Change the game size, the faction, the commander (the new commander takes the old one's place), the
    list's name or its player."""
    from armybuilder.games.asoiaf.builder import edits

    if key not in edits.SETTABLE:
        fatal(f"cannot set {key!r}; choose one of {', '.join(edits.SETTABLE)}")
    _edit(list_file, data, force, no_color, lambda doc, cat: edits.set_value(doc, cat, key, value, unit), data_version)


def _load(path: Path, cat: Catalogue) -> ArmyList:
    from armybuilder.games.asoiaf.armylist import load_list_text

    army = load_list_text(_read(path), cat, str(path))
    if not army.readable:
        first = army.problems[0]
        fatal(f"{path}:{first.line}: cannot read the list: {first.message}")
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

    cat = catalogue(data, data_version)
    army = _load(list_file, cat)
    owned = _owned(collection, cat)
    try:
        position: int | None = None
        kinds = [CardKind.COMBAT_UNIT, CardKind.ATTACHMENT, CardKind.NCU]
        if for_unit is not None:
            picked = pick_unit(Document(_read(list_file), str(list_file)), cat, for_unit)
            names = _unit_names(army)
            position = picked.position if names.get(picked.position) == picked.title else None
            if position is None:
                fatal(f"unit {picked.position}. {picked.title} cannot be read; fix the list first")
            kinds = [CardKind.ATTACHMENT]
        found = legal_options(army, cat, kinds=kinds, for_unit=position, owned=owned, timeout=timeout)
    except ArmyBuilderError as exc:
        fatal(str(exc))
    report = validate(army, cat)
    if format is OutputFormat.json:
        _print_json({**options_data(found, str(list_file), report), "complete": found.complete})
    else:
        typer.echo(f"{list_file}: {totals_line(report)}")
        names = _unit_names(army)
        if position is not None:
            names = {position: names[position]}
        _print(options_table(found, names, army.faction_key), no_color)
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


def complete(
    list_file: Path = typer.Argument(..., metavar="LIST", help="The list file (YAML)."),
    top: int = typer.Option(5, "--top", min=1, help="How many completions to print."),
    timeout: float = typer.Option(5.0, "--timeout", min=0.1, help="Seconds to search at most."),
    apply: int | None = typer.Option(
        None, "--apply", min=1, metavar="N", help="Write completion N into the list (comments are kept)."
    ),
    format: OutputFormat = typer.Option(
        OutputFormat.text, "--format", "-f", help="Output format: text or json."
    ),
    force: bool = ForceOption,
    collection: Path | None = OwnedOption,
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    no_color: bool = NoColorOption,
) -> None:
    """Propose the best legal ways to spend the remaining points (closest to the budget first), proven
    optimal when the search finishes within --timeout; --apply N writes proposal N into the list."""
    from contextlib import nullcontext

    from armybuilder.errors import ArmyBuilderError
    from armybuilder.games.asoiaf.builder.complete import complete as search_completions
    from armybuilder.games.asoiaf.builder.edits import apply_additions
    from armybuilder.games.asoiaf.check import validate
    from armybuilder.games.asoiaf.render.builder import (
        SearchProgress,
        completions_data,
        completions_table,
        search_verdict,
        totals_line,
    )

    if apply is not None and format is not OutputFormat.text:
        fatal("--apply writes the list and prints what it did; leave out --format json")
    cat = catalogue(data, data_version)
    army = _load(list_file, cat)
    owned = _owned(collection, cat)
    display = SearchProgress(use_color(no_color)) if _progress_wanted() else None
    try:
        with display if display is not None else nullcontext():
            search = search_completions(
                army,
                cat,
                top=max(top, apply or 0),
                timeout=timeout,
                progress=display.update if display is not None else None,
                owned=owned,
            )
    except ArmyBuilderError as exc:
        fatal(str(exc))
    if apply is not None:
        if apply > len(search.completions):
            fatal(f"--apply {apply}: the search found {len(search.completions)} completion(s)")
        chosen = search.completions[apply - 1]
        typer.echo(f"{list_file}: writing completion {apply} of {len(search.completions)} ({search_verdict(search)})")
        _edit(
            list_file, data, force, no_color, lambda doc, c: apply_additions(doc, c, chosen.additions), data_version
        )
    if format is OutputFormat.json:
        _print_json(completions_data(search, str(list_file)))
        return
    typer.echo(f"{list_file}: {totals_line(validate(army, cat))}")
    _print(completions_table(search, _unit_names(army)), no_color)


# --- build: the interactive builder ---------------------------------------------------------------------

PAGE = 10
COMPLETE_TIMEOUT = 3.0  # seconds the builder's "complete the list" step searches
COMPLETE_TOP = 5


class _InputEnded(Exception):
    """Standard input ended before the builder was done."""


def kind_text(card: Card) -> str:
    """`infantry`, `cavalry attachment`, `NCU`: what a menu says a card is."""
    from armybuilder.games.asoiaf.cards import CardKind

    if card.kind is CardKind.NCU:
        return "NCU"
    if card.kind is CardKind.ATTACHMENT:
        return "attachment" if card.type in (None, "none") else f"{card.type} attachment"
    return card.type or "combat unit"


def card_items(entries: list[tuple[Card, str]]) -> list[tuple[str, Card]]:
    """Menu items for cards, each with its type, cost text and a neutral marker; cards that share a title
    (the neutral and a faction's Stormcrow Mercenaries) also show their ids."""
    titles = [card.title for card, _ in entries]
    items = []
    for card, cost in entries:
        label = card.title + (" [neutral]" if card.is_neutral else "") + (" (commander)" if card.commander else "")
        label += f" — {kind_text(card)}, {cost}"
        if titles.count(card.title) > 1:
            label += f" (id {card.id})"
        items.append((label, card))
    return items


class _Session:
    """One interactive build: every prompt reads one line of standard input."""

    def __init__(self, cat: Catalogue, no_color: bool, owned: dict[str, int] | None = None) -> None:
        self.cat = cat
        self.no_color = no_color
        self.owned = owned  # copies per card id the player owns (None: every card)
        self.history: list[ListSpec] = []
        self.saved: Path | None = None  # where the list was last saved
        self.saved_text: str | None = None  # what was written there
        self.saved_valid = True

    def ask(self, prompt: str, default: str | None = None) -> str:
        shown = f"{prompt} [{default}]: " if default is not None else f"{prompt}: "
        typer.echo(shown, nl=False)
        line = sys.stdin.readline()
        if not line:
            typer.echo("")
            raise _InputEnded
        answer = line.strip()
        if not sys.stdin.isatty():
            typer.echo(answer)  # a scripted session reads like a typed one
        return answer or (default or "")

    def menu(self, title: str, items: list[tuple[str, T]], allow_back: bool = True) -> T | None:
        """Pick one item by number; text filters the menu (one match is picked), > and < turn pages,
        empty goes back."""
        if not items:
            typer.echo(f"{title}: nothing fits.")
            return None
        shown, page, query = items, 0, ""
        while True:
            pages = max(1, (len(shown) + PAGE - 1) // PAGE)
            page = min(page, pages - 1)
            head = f"{title}" + (f" (filter: {query})" if query else "")
            typer.echo(head + (f" — page {page + 1}/{pages}" if pages > 1 else ""))
            for n, (label, _) in enumerate(shown[page * PAGE : (page + 1) * PAGE], page * PAGE + 1):
                typer.echo(f"  {n:>3}. {label}")
            hints = ["number to pick", "text to filter"]
            if pages > 1:
                hints.append("> / < for pages")
            if allow_back:
                hints.append("empty to go back")
            answer = self.ask("  " + ", ".join(hints))
            if answer == "":
                if allow_back:
                    return None
                continue
            if answer == ">":
                page += 1
            elif answer == "<":
                page = max(0, page - 1)
            elif answer.isdigit():
                n = int(answer)
                if 1 <= n <= len(shown):
                    return shown[n - 1][1]
                typer.echo(f"  choose 1 to {len(shown)}")
            else:
                filtered = [i for i in items if answer.casefold() in i[0].casefold()]
                if len(filtered) == 1:
                    typer.echo(f"  → {filtered[0][0]}")
                    return filtered[0][1]
                if filtered:
                    shown, page, query = filtered, 0, answer
                else:
                    typer.echo(f"  nothing matches '{answer}'")
                    shown, page, query = items, 0, ""

    def report(self, spec: ListSpec) -> ListReport:
        from armybuilder.games.asoiaf.builder.judge import validate_spec

        return validate_spec(spec, self.cat)

    def army(self, spec: ListSpec) -> ArmyList:
        from armybuilder.games.asoiaf.armylist import load_list_text
        from armybuilder.games.asoiaf.listwriter import dump_list

        return load_list_text(dump_list(spec, self.cat), self.cat)

    def text(self, spec: ListSpec) -> str:
        from armybuilder.games.asoiaf.listschema import modeline
        from armybuilder.games.asoiaf.listwriter import dump_list

        return dump_list(spec, self.cat, comment=f"{modeline()}\nBuilt with `armybuilder build`.")

    def free_text(self, prompt: str) -> str | None:
        from armybuilder.errors import ArmyBuilderError
        from armybuilder.games.asoiaf.builder.edits import plain_text

        while True:
            try:
                return plain_text(prompt.split(" (")[0].casefold(), self.ask(prompt)) or None
            except ArmyBuilderError as exc:
                typer.echo(f"  {exc.message}")

    def start(self) -> ListSpec:
        from armybuilder.games.asoiaf.builder.edits import commanders_of
        from armybuilder.games.asoiaf.cards import CardKind
        from armybuilder.games.asoiaf.listwriter import ListSpec

        factions = [(f"{f.name} ({f.key})", f.key) for f in self.cat.factions.values()]
        faction = self.menu("Faction", factions, allow_back=False)
        assert faction is not None
        while True:
            size = self.ask("Game size in points", "40")
            if size.isdigit() and int(size) > 0:
                break
            typer.echo("  a positive whole number, e.g. 30, 40 or 50")
        while True:
            commanders = [
                (c, "C" if c.cost is None else f"{c.cost} pts")
                for c in commanders_of(self.cat, faction)
                if self._owns(c) and (c.kind is not CardKind.ATTACHMENT or self._hosts(faction, c))
            ]
            commander = self.menu("Commander", card_items(commanders), allow_back=False)
            assert commander is not None
            spec = ListSpec(faction=faction, points=int(size))
            if commander.kind is CardKind.ATTACHMENT:
                hosts = self._hosts(faction, commander)
                fitting = [
                    (h, f"{h.points} pts")
                    for h in hosts
                    if self._legal(ListSpec(faction, int(size), units=[(h, [commander])]))
                ]
                host = self.menu(f"Unit {commander.title} leads", card_items(fitting))
                if host is None:
                    continue
                spec.units.append((host, [commander]))
            elif commander.kind is CardKind.NCU:
                spec.ncus.append(commander)
            else:
                spec.units.append((commander, []))
            break
        spec.name = self.free_text("List name (empty for none)")
        spec.player = self.free_text("Player (empty for none)")
        return spec

    def _owns(self, card: Card) -> bool:
        return self.owned is None or self.owned.get(card.id, 0) > 0

    def _hosts(self, faction: str, commander: Card) -> list[Card]:
        from armybuilder.games.asoiaf.builder.edits import host_units

        return [h for h in host_units(self.cat, faction, commander) if self._owns(h)]

    def _legal(self, spec: ListSpec) -> bool:
        return not self.report(spec).errors

    def summary(self, spec: ListSpec) -> None:
        from armybuilder.games.asoiaf.render.builder import totals_line

        typer.echo("")
        named = f"{spec.name} — " if spec.name else ""
        played = f", played by {spec.player}" if spec.player else ""
        typer.echo(f"Army: {named}{self.cat.factions[spec.faction].name}, {spec.points} points{played}")
        for n, (unit, atts) in enumerate(spec.units, 1):
            extra = "".join(f" + {a.title}" for a in atts)
            typer.echo(f"  {n}. {unit.title}{extra}")
        for ncu in spec.ncus:
            typer.echo(f"  NCU {ncu.title}")
        report = self.report(spec)
        typer.echo(totals_line(report))
        errors = len(report.errors)
        if errors:
            typer.echo(f"Legal: no — {errors} error{'s' if errors != 1 else ''} to fix:")
        else:
            typer.echo("Legal: yes" + (" (unsaved changes)" if self.unsaved(spec) else " (saved)"))
        for problem in report.errors:
            typer.echo(f"  ! {problem.message}")

    def unsaved(self, spec: ListSpec) -> bool:
        return self.saved_text != self.text(spec)

    def add(self, spec: ListSpec, kind: str) -> ListSpec | None:
        import copy

        from armybuilder.games.asoiaf.builder.options import options
        from armybuilder.games.asoiaf.cards import CardKind

        army = self.army(spec)
        if kind == "u":
            found = options(army, self.cat, kinds=[CardKind.COMBAT_UNIT], owned=self.owned)
            card = self.menu("Add a combat unit", card_items([(o.card, self._cost(o.cost, o.left)) for o in found]))
            if card is None:
                return None
            new = copy.deepcopy(spec)
            new.units.append((card, []))
            return new
        if kind == "n":
            found = options(army, self.cat, kinds=[CardKind.NCU], owned=self.owned)
            card = self.menu("Add an NCU", card_items([(o.card, self._cost(o.cost, o.left)) for o in found]))
            if card is None:
                return None
            new = copy.deepcopy(spec)
            new.ncus.append(card)
            return new
        found = options(army, self.cat, kinds=[CardKind.ATTACHMENT], owned=self.owned)
        hosts = sorted({o.unit for o in found if o.unit is not None})
        unit = self.menu(
            "Attach to which unit",
            [(f"{u}. {spec.units[u - 1][0].title} — {kind_text(spec.units[u - 1][0])}", u) for u in hosts],
        )
        if unit is None:
            return None
        mine = [o for o in found if o.unit == unit]
        card = self.menu(
            f"Attachment for {unit}. {spec.units[unit - 1][0].title}",
            card_items([(o.card, self._cost(o.cost, o.left)) for o in mine]),
        )
        if card is None:
            return None
        new = copy.deepcopy(spec)
        new.units[unit - 1][1].append(card)
        return new

    @staticmethod
    def _cost(cost: int, left: int | None) -> str:
        return f"{cost} pts" + (f", {left} left" if left is not None else "")

    def complete(self, spec: ListSpec) -> ListSpec | None:
        """The completion search (`armybuilder complete`) as a step: pick one of the best ways to spend
        what is left."""
        import copy

        from armybuilder.errors import ArmyBuilderError
        from armybuilder.games.asoiaf.builder.complete import complete
        from armybuilder.games.asoiaf.render.builder import addition_text

        army = self.army(spec)
        typer.echo(f"  searching for the best ways to spend the rest (up to {COMPLETE_TIMEOUT:g} s) ...")
        try:
            search = complete(army, self.cat, top=COMPLETE_TOP, timeout=COMPLETE_TIMEOUT, owned=self.owned)
        except ArmyBuilderError as exc:
            typer.echo(f"  cannot complete the list: {exc.message}")
            return None
        names = {n: unit.title for n, (unit, _) in enumerate(spec.units, 1)}
        items = [
            (
                " + ".join(addition_text(a, names) for a in c.additions)
                + f" — spends {c.spent}, {c.left} left, neutral {c.neutral}",
                c,
            )
            for c in search.completions
        ]
        if not items:
            typer.echo("  nothing legal fits in the points left")
            return None
        picked = self.menu("Complete the list with", items)
        if picked is None:
            return None
        new = copy.deepcopy(spec)
        for addition in picked.additions:
            if addition.kind == "unit" and addition.card is not None:
                new.units.append((addition.card, list(addition.attachments)))
            elif addition.kind == "attach" and addition.unit is not None:
                new.units[addition.unit][1].extend(addition.attachments)
            elif addition.card is not None:
                new.ncus.append(addition.card)
        return new

    def remove(self, spec: ListSpec) -> ListSpec | None:
        import copy

        items: list[tuple[str, tuple[str, int, int]]] = []
        for n, (unit, atts) in enumerate(spec.units):
            if not (unit.commander or any(a.commander for a in atts)):  # the commander's unit stays
                items.append(
                    (f"unit {n + 1}. {unit.title}" + "".join(f" + {a.title}" for a in atts), ("u", n, 0))
                )
            items += [
                (f"attachment {a.title} (from {n + 1}. {unit.title})", ("a", n, i))
                for i, a in enumerate(atts)
                if not a.commander
            ]
        items += [(f"NCU {c.title}", ("n", i, 0)) for i, c in enumerate(spec.ncus) if not c.commander]
        picked = self.menu("Remove", items)
        if picked is None:
            return None
        what, n, i = picked
        new = copy.deepcopy(spec)
        if what == "u":
            del new.units[n]
        elif what == "a":
            del new.units[n][1][i]
        else:
            del new.ncus[n]
        return new

    def save(self, spec: ListSpec) -> None:
        import re

        from armybuilder.errors import ArmyBuilderError
        from armybuilder.fileio import write_atomic
        from armybuilder.games.asoiaf.check import validate_path
        from armybuilder.games.asoiaf.render.show import show

        slug = re.sub(r"[^a-z0-9]+", "-", (spec.name or "").casefold()).strip("-")
        default = str(self.saved) if self.saved else f"{slug or spec.faction + '-' + str(spec.points)}.yaml"
        path = Path(self.ask("Save as", default))
        if path.exists() and path != self.saved:
            replace = self.ask(f"{path} exists; replace it? (y/N)", "n")
            if replace.casefold() not in ("y", "yes"):
                return
        text = self.text(spec)
        try:
            write_atomic(path, text, force=True)
        except ArmyBuilderError as exc:
            typer.echo(f"  cannot save: {exc.message}")
            return
        self.saved, self.saved_text = path, text
        typer.echo(f"Saved {path}.")
        report = validate_path(str(path), self.cat)
        self.saved_valid = report.valid
        _print(show(report, report.deck), self.no_color)

    def quit(self, spec: ListSpec) -> bool:
        """Whether to quit now: at once when everything is saved, else only when the player confirms."""
        if not self.unsaved(spec):
            return True
        answer = self.ask("The list has unsaved changes; quit without saving? (y/N)", "n")
        return answer.casefold() in ("y", "yes")

    def run(self) -> int:
        """The session until the player quits: the exit code (0, or 1 when the list saved is illegal)."""
        spec = self.start()
        while True:
            self.summary(spec)
            try:
                action = self.ask(
                    "[u] add unit, [a] attachment, [n] NCU, [c] complete the list, [r] remove, [z] undo, "
                    "[s] save, [q] quit"
                ).casefold()[:1]
            except _InputEnded:
                if self.unsaved(spec):
                    raise
                return 0 if self.saved_valid else 1
            changed: ListSpec | None = None
            if action in ("u", "a", "n"):
                changed = self.add(spec, action)
            elif action == "c":
                changed = self.complete(spec)
            elif action == "r":
                changed = self.remove(spec)
            elif action == "z":
                if not self.history:
                    typer.echo("  nothing to undo")
                    continue
                spec = self.history.pop()
                continue
            elif action == "s":
                self.save(spec)
                continue
            elif action == "q":
                if self.quit(spec):
                    saved = self.saved is not None and not self.unsaved(spec)
                    typer.echo(f"Done; the list is in {self.saved}." if saved else "Quit without saving.")
                    return 0 if not saved or self.saved_valid else 1
                continue
            else:
                typer.echo("  choose u, a, n, c, r, z, s or q")
                continue
            if changed is not None:
                self.history.append(spec)
                spec = changed


def build(
    collection: Path | None = OwnedOption,
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    no_color: bool = NoColorOption,
) -> None:
    """Build a list step by step from menus that offer only legal choices; save it (printing it) as often
    as you like.

    Every prompt reads one line, so a session can be scripted through standard input; input that ends
    with unsaved changes exits 1.
    """
    cat = catalogue(data, data_version)
    session = _Session(cat, no_color, _owned(collection, cat))
    try:
        code = session.run()
    except _InputEnded:
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
    app.command()(complete)
    app.command()(build)
