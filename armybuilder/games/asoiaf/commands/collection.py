"""Commands: collection armies, collection next, collection check — what a player can field from the cards
they own, and what to buy next.

Exit codes: 0 done (for `check`: the collection is usable), 1 `check` found errors, 2 a usage error (an
unusable collection file prints every problem, positioned).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

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
from armybuilder.kit.size import MAX_POINTS
from armybuilder.text import json_text

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.armies import Fielding
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.collection import Collection

app = typer.Typer(
    name="collection",
    help="What you can field from the cards you own, and what to buy next (a collection file: `owned:`).",
    no_args_is_help=True,
)

CollectionFile = typer.Argument(..., metavar="COLLECTION", help="The collection file (YAML with `owned:`).")
ARMIES_FORMATS = ("text", "json", "yaml")
NEXT_FORMATS = ("text", "json")
PointsOption = typer.Option(..., "--points", min=1, max=MAX_POINTS, help="The game size, e.g. 30, 40 or 50.")


def _print(renderable: object, no_color: bool, stderr: bool = False) -> None:
    from armybuilder.render.console import make_console

    make_console(color=use_color(no_color), stderr=stderr).print(renderable)


def load(path: Path, cat: Catalogue) -> Collection:
    """The collection, or every problem (`file:line:col: error rule message`) and exit 2."""
    from armybuilder.games.asoiaf.collection import read_collection

    require_files(path)
    collection = read_collection(str(path), cat)
    if collection.errors:
        for p in collection.errors:
            typer.echo(f"{p.file}:{p.line}:{p.column}: {p.severity} {p.rule} {p.message}", err=True)
        fatal(f"{path}: the collection cannot be used; fix the {len(collection.errors)} problem(s) above")
    return collection


def _faction(cat: Catalogue, text: str | None) -> str | None:
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.games.asoiaf.builder.document import find_faction

    if text is None:
        return None
    try:
        return find_faction(cat, text)
    except ArmyBuilderError as exc:
        fatal(str(exc))


@app.command()
def armies(
    collection_file: Path = CollectionFile,
    points: int = PointsOption,
    faction: str | None = typer.Option(
        None, "--faction", help="Only this faction's commanders, and neutral commanders leading it."
    ),
    format: str = typer.Option(
        "text", "--format", metavar="FORMAT", help="Output format: text, json or yaml."
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        metavar="DIR",
        help="Also write each list to a file in DIR, named FACTION-POINTS-COMMANDER.yaml.",
    ),
    force: bool = typer.Option(False, "--force", help="Replace list files that exist in --out."),
    timeout: float = typer.Option(
        5.0, "--timeout", min=0.1, help="Seconds to search each commander at most."
    ),
    total: float = typer.Option(
        60.0,
        "--total-timeout",
        min=1.0,
        metavar="SECONDS",
        help="Seconds for every commander together, about (each gets at most an even share of what is left).",
    ),
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
    """For every commander you own, the best legal list from your collection at --points (ranked as
    `complete` ranks), with its totals, or why none exists. --format json|yaml writes the lists."""
    from contextlib import nullcontext

    from armybuilder.games.asoiaf import armies as search
    from armybuilder.games.asoiaf.render import collection as render

    if format not in ARMIES_FORMATS:
        fatal(f"--format {format}: choose one of {', '.join(ARMIES_FORMATS)}")
    if out is not None and _would_replace(out, collection_file, points):  # said before the search
        fatal(f"--out {out} holds the collection file {collection_file}, named like a list it writes; choose another folder")
    cat = catalogue(data, data_version, names)
    key = _faction(cat, faction)
    owned = load(collection_file, cat)
    limits = read_limits(cat, key, max_copies, min_units, max_units, min_ncus, max_ncus, with_cards, without)
    display = render.ArmiesProgress(use_color(no_color)) if sys.stderr.isatty() else None
    with display if display is not None else nullcontext():
        found = search.armies(
            owned,
            cat,
            points,
            faction=key,
            timeout=timeout,
            progress=display.update if display else None,
            limits=limits,
            total=total,
        )
    if out is not None:
        _write_all(out, found, owned, cat, points, force, collection_file)
    if format == "json":
        typer.echo(render.armies_json(found, owned, cat, points, key), nl=False)
    elif format == "yaml":
        typer.echo(render.armies_yaml(found, owned, cat, points), nl=False)
    else:
        _print(render.armies_text(found, owned, points), no_color)


def _would_replace(folder: Path, collection: Path, points: int) -> bool:
    """Whether the collection file lies in `folder` with a name `--out` writes (FACTION-POINTS-COMMANDER.yaml)."""
    import os
    import re

    try:
        same = os.path.samefile(collection.parent, folder)
    except OSError:
        return False
    return same and re.fullmatch(rf"[a-z]+-{points}-[a-z0-9-]+\.yaml", collection.name) is not None


def _write_all(
    folder: Path,
    found: list[Fielding],
    owned: Collection,
    cat: Catalogue,
    points: int,
    force: bool,
    collection: Path,
) -> None:
    import re

    from armybuilder.errors import ArmyBuilderError
    from armybuilder.fileio import is_input, write_atomic
    from armybuilder.games.asoiaf.listwriter import dump_list
    from armybuilder.games.asoiaf.render.collection import list_comment

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fatal(f"--out {folder}: cannot make the folder: {exc.strerror or exc}")
    for fielding in found:
        if fielding.spec is None:
            continue
        slug = re.sub(r"[^a-z0-9]+", "-", fielding.commander.title.casefold()).strip("-")
        path = folder / f"{fielding.spec.faction}-{points}-{slug}.yaml"
        text = dump_list(fielding.spec, cat, comment=list_comment(fielding, owned, points))
        if is_input(path, [collection]):  # --force or not: never the file the lists were built from
            fatal(f"{path} is the collection file; write the lists to another folder with --out")
        if path.is_dir():  # (this command takes --out, not -o: the file write's own wording would not fit)
            fatal(f"{path} is a folder; move it away or write the lists to another folder with --out")
        if path.exists() and not force:
            fatal(f"{path} exists; pass --force to replace it, or write the lists to another folder with --out")
        try:
            write_atomic(path, text, force=force)
        except ArmyBuilderError as exc:
            fatal(str(exc))
        typer.echo(f"wrote {path}", err=True)


@app.command(name="next")
def next_(
    collection_file: Path = CollectionFile,
    points: int = PointsOption,
    faction: str = typer.Option(
        ..., "--faction", help="The faction to grow (its commanders and neutral ones)."
    ),
    format: str = typer.Option(
        "text", "--format", metavar="FORMAT", help=f"Output format: {', '.join(NEXT_FORMATS)}."
    ),
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    no_color: bool = NoColorOption,
) -> None:
    """The cards whose purchase would make the most more commanders playable at --points: single cards
    first, then a commander with a unit for it to lead; each with what it unlocks."""

    from armybuilder.games.asoiaf.armies import next_purchases
    from armybuilder.games.asoiaf.render.collection import next_data, next_table

    if format not in NEXT_FORMATS:
        fatal(f"--format {format}: choose one of {', '.join(NEXT_FORMATS)}")
    cat = catalogue(data, data_version, names)
    key = _faction(cat, faction)
    assert key is not None
    owned = load(collection_file, cat)
    shopping = next_purchases(owned, cat, points, key)
    if format == "json":
        typer.echo(json_text(next_data(shopping, owned, points, key), indent=2))
        return
    _print(next_table(shopping, owned, points, key), no_color)


@app.command()
def check(
    collection_file: Path = CollectionFile,
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    no_color: bool = NoColorOption,
) -> None:
    """Check a collection file: every problem positioned (unknown or ambiguous cards with "did you mean"),
    then what it holds. Exit 0 when it is usable, 1 when not."""
    from armybuilder.games.asoiaf.collection import read_collection
    from armybuilder.text import count

    require_files(collection_file)
    cat = catalogue(data, data_version, names)
    owned = read_collection(str(collection_file), cat)
    for p in owned.problems:
        typer.echo(f"{p.file}:{p.line}:{p.column}: {p.severity} {p.rule} {p.message}")
    cards = owned.cards(cat)
    commanders = [c for c in cards if c.commander]
    copies = sum(owned.count(c) for c in cards)
    typer.echo(
        f"{collection_file}: {count(len(cards), 'card')}, {count(copies, 'copy', 'copies')}, "
        f"{count(len(commanders), 'commander')}"
        + (f" ({', '.join(c.title for c in commanders)})" if commanders else "")
    )
    raise typer.Exit(1 if owned.errors else 0)


def register(root: typer.Typer) -> None:
    """Add the `collection` command group to the application."""
    root.add_typer(app)
