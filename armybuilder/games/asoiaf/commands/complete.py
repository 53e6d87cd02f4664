"""Command: complete — the best legal ways to spend what a list has left, proven when the search finishes,
within the player's limits; --apply N writes one of them into the list.

Exit codes: 0 done, 1 the list written is invalid, 2 a usage error.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from armybuilder.cli.common import DataOption, DataVersionOption, NamesOption, NoColorOption, fatal, use_color
from armybuilder.games.asoiaf.commands import edit
from armybuilder.games.asoiaf.commands.common import catalogue
from armybuilder.games.asoiaf.commands.edit import (
    ForceOption,
    OutputFormat,
    OwnedOption,
    _edit,
    _load,
    _owned,
    _print,
    _print_json,
    _unit_names,
)
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

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.armylist import ArmyList
    from armybuilder.games.asoiaf.catalogue import Catalogue


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
    """Propose the best legal ways to spend the remaining points, proven optimal when the search finishes
    within --timeout: fewest points left, then most activations (combat units and NCUs), then variety
    (fewest copies of the most repeated card, more distinct cards), then fewer neutral points, then a fixed
    order. --apply N writes proposal N, row N of the table the same command prints, into the list."""
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
    cat = catalogue(data, data_version, names)
    army = _load(list_file, cat)
    owned = _owned(collection, cat)
    limits = read_limits(
        cat, army.faction_key, max_copies, min_units, max_units, min_ncus, max_ncus, with_cards, without
    )
    _check_wanted(army, cat, with_cards, [next(iter(ids)) for ids in limits.with_cards])
    display = SearchProgress(use_color(no_color)) if edit._progress_wanted() else None
    try:
        with display if display is not None else nullcontext():
            search = search_completions(
                army,
                cat,
                top=top if apply is None else max(top, apply),
                timeout=timeout,
                progress=display.update if display is not None else None,
                owned=owned,
                limits=limits,
            )
    except ArmyBuilderError as exc:
        fatal(str(exc))
    if apply is not None:
        if apply > len(search.completions):
            fatal(f"--apply {apply}: the search found {len(search.completions)} completion(s)")
        chosen = search.completions[apply - 1]
        typer.echo(f"{list_file}: writing completion {apply} of {len(search.completions)} ({search_verdict(search)})")
        _edit(
            list_file,
            data,
            force,
            no_color,
            lambda doc, c: apply_additions(doc, c, chosen.additions),
            data_version,
            names,
        )
    if format is OutputFormat.json:
        _print_json(completions_data(search, str(list_file)))
        return
    typer.echo(f"{list_file}: {totals_line(validate(army, cat))}")
    _print(completions_table(search, _unit_names(army), tuple(with_cards)), no_color)


def _check_wanted(army: ArmyList, cat: Catalogue, texts: list[str], ids: list[str]) -> None:
    """A --with card of a faction this army can never field is a usage error naming the option, not a search
    that finds nothing."""
    from armybuilder.games.asoiaf.builder.options import candidate_factions
    from armybuilder.games.asoiaf.check import validate

    report = validate(army, cat)
    held = {c.id for c in army.cards()}
    factions = candidate_factions(report)
    army_name = army.faction.name if army.faction is not None else "this"
    for text, card in ((t, cat.cards[i]) for t, i in zip(texts, ids, strict=True)):
        if card.id in held:
            continue
        if card.faction not in factions:
            owner = cat.factions[card.faction].name if card.faction in cat.factions else card.faction
            fatal(f"--with {text}: a {army_name} army cannot field {card.title}, a {owner} card; leave it out")


def register(app: typer.Typer) -> None:
    """Add this module's command to the application."""
    app.command()(complete)
