"""Commands: `cards` (browse the catalogue with filters) and `card` (one card in full)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from armybuilder.cli.common import (
    DataOption,
    DataVersionOption,
    LangOption,
    NamesOption,
    NoColorOption,
    fatal,
    use_color,
)
from armybuilder.games.asoiaf.commands.common import catalogue
from armybuilder.kit.words import closest, closest_in

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.cards import Card, Special, TacticsCard
    from armybuilder.games.asoiaf.catalogue import Catalogue

# `--kind` values and the spellings accepted for them (after normalising case, `_` and spaces to `-`).
KINDS = ("combat-unit", "attachment", "ncu", "commander", "tactics")
_KIND_ALIASES = {"unit": "combat-unit", "combat": "combat-unit", "tactic": "tactics"}
FORMATS = ("table", "json", "csv")


def _closest(text: str, choices: Iterable[str], cutoff: float = 0.5) -> str | None:
    close = closest(text, choices, cutoff=cutoff)
    return close[0] if close else None


def _unknown(what: str, value: str, close: str | None, known: Sequence[str] = ()) -> str:
    """`unknown faction 'starks'; did you mean stark? known: stark, lannister, ...`"""
    text = f"unknown {what} {value!r}"
    text += f"; did you mean {close}?" if close else ""
    if known:
        text += f"{' ' if close else '; '}known: {', '.join(known)}"
    return text


def _kind_key(text: str) -> str | None:
    from armybuilder.games.asoiaf.catalogue import normalize

    key = normalize(text).replace("_", "-").replace(" ", "-")
    for candidate in (key, key.removesuffix("s")):
        candidate = _KIND_ALIASES.get(candidate, candidate)
        if candidate in KINDS:
            return candidate
    return None


def resolve_factions(cat: Catalogue, values: Sequence[str]) -> set[str]:
    """Faction keys for `--faction` values (key or display name); unknown → one line, exit 2."""
    from armybuilder.games.asoiaf.catalogue import normalize

    keys = set()
    for value in values:
        faction = cat.faction(value)
        if faction is None:
            known = list(cat.factions)
            names = {normalize(f.name): f.key for f in cat.factions.values()}
            close = _closest(normalize(value), [*known, *names])
            fatal(_unknown("faction", value, close and names.get(close, close), known))
        keys.add(faction.key)
    return keys


def resolve_kinds(values: Sequence[str]) -> set[str]:
    kinds = set()
    for value in values:
        key = _kind_key(value)
        if key is None:
            fatal(_unknown("kind", value, _closest(value, KINDS), KINDS))
        kinds.add(key)
    return kinds


def resolve_types(cat: Catalogue, values: Sequence[str]) -> set[str]:
    from armybuilder.games.asoiaf.catalogue import normalize

    known = sorted({c.type for c in cat.cards.values() if c.type})
    types = set()
    for value in values:
        key = normalize(value).replace(" ", "").replace("-", "").replace("_", "")
        if key not in known:
            fatal(_unknown("type", value, _closest(key, known), known))
        types.add(key)
    return types


def resolve_character(cat: Catalogue, value: str) -> str:
    """The character identity `--character` names, as the data spells it; unknown → exit 2."""
    from armybuilder.games.asoiaf.catalogue import normalize

    identities = {normalize(i): i for c in cat.cards.values() for i in c.characters}
    found = identities.get(normalize(value))
    if found is None:
        close = _closest(normalize(value), identities, cutoff=0.6)
        fatal(_unknown("character", value, close and identities[close]))
    return found


def select_cards(
    cat: Catalogue,
    *,
    factions: set[str] | None = None,
    kinds: set[str] | None = None,
    types: set[str] | None = None,
    character: str | None = None,
    search: Sequence[str] = (),
) -> list[Card | TacticsCard]:
    """The cards and tactics cards passing every filter, by faction (data order), kind and id."""
    from armybuilder.games.asoiaf.cards import TacticsCard
    from armybuilder.games.asoiaf.catalogue import normalize

    words = [normalize(s) for s in search if s.strip()]
    picked: list[Card | TacticsCard] = []
    for card in cat.cards.values():
        if kinds and not (card.kind.value in kinds or (card.commander and "commander" in kinds)):
            continue
        if types is not None and card.type not in types:
            continue
        if character is not None and character not in card.characters:
            continue
        title = normalize(card.title) + "\n" + normalize(cat.printed.title(card))  # --lang: its names match too
        if not all(w in title for w in words):
            continue
        picked.append(card)
    if (not kinds or "tactics" in kinds) and types is None and character is None:
        picked += [
            t
            for t in cat.tactics.values()
            if all(w in normalize(t.name) + "\n" + normalize(cat.printed.tactics(t)) for w in words)
        ]
    if factions:
        picked = [c for c in picked if c.faction in factions]
    faction_order = {key: i for i, key in enumerate(cat.factions)}
    kind_order = {"combat-unit": 0, "attachment": 1, "ncu": 2}

    def order(item: Card | TacticsCard) -> tuple[int, int, str]:
        kind = 3 if isinstance(item, TacticsCard) else kind_order.get(item.kind.value, 3)
        return (faction_order.get(item.faction, len(faction_order)), kind, item.id)

    return sorted(picked, key=order)


def find_card(cat: Catalogue, ref: str) -> list[Card | TacticsCard | Special]:
    """Every card, tactics card or special card a user reference may mean: an id, `Name`, `Name, Subname`."""
    from armybuilder.games.asoiaf.catalogue import normalize

    text = ref.strip()
    for ids in (cat.cards, cat.tactics, cat.specials):
        if text in ids:
            return [ids[text]]
    key = normalize(text)
    found: list[Card | TacticsCard | Special] = list(cat.find(text))
    found += [t for t in cat.tactics.values() if normalize(t.name) == key]
    found += [s for s in cat.specials.values() if normalize(s.name) == key]
    return found


def _suggestions(cat: Catalogue, ref: str) -> list[str]:
    from armybuilder.games.asoiaf.catalogue import normalize

    names = cat.suggest(ref)
    others = [t.name for t in cat.tactics.values()] + [s.name for s in cat.specials.values()]
    tactics = {normalize(name): name for name in others}
    names += [name for name in closest_in(normalize(ref), tactics, n=2, cutoff=0.75) if name not in names]
    return names


def complete_faction(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """Shell completion: faction keys (the catalogue is loaded only now, never at start-up)."""
    from armybuilder.cli.completion import shell_values, typed_data
    from armybuilder.games.asoiaf import completion

    cat = completion.load(typed_data(ctx))
    return shell_values(completion.factions(cat, incomplete), incomplete) if cat is not None else []


def complete_any_card(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """Shell completion: card, tactics card and special card names for `card REF`."""
    from armybuilder.cli.completion import shell_values, typed_data
    from armybuilder.games.asoiaf import completion

    cat = completion.load(typed_data(ctx))
    return shell_values(completion.anything(cat, incomplete), incomplete) if cat is not None else []


def cards_command(
    text: Annotated[
        str | None,
        typer.Argument(metavar="SEARCH", help="Show only cards whose name or subname contains this text."),
    ] = None,
    faction: Annotated[
        list[str] | None,
        typer.Option(
            "--faction",
            "-f",
            metavar="FACTION",
            help='Faction key or name (stark, "House Stark"); repeat for several.',
            autocompletion=complete_faction,
        ),
    ] = None,
    kind: Annotated[
        list[str] | None,
        typer.Option(
            "--kind",
            "-k",
            metavar="KIND",
            help="combat-unit, attachment, ncu, commander or tactics; repeat for several.",
        ),
    ] = None,
    type_: Annotated[
        list[str] | None,
        typer.Option(
            "--type",
            "-t",
            metavar="TYPE",
            help="Unit type: infantry, cavalry, monster, siegeengine, or none (ability-only attachments).",
        ),
    ] = None,
    character: Annotated[
        str | None,
        typer.Option(
            "--character", "-c", metavar="NAME", help="Only the cards of this character (every version)."
        ),
    ] = None,
    search: Annotated[
        str | None,
        typer.Option(
            "--search", "-s", metavar="TEXT", help="Same as SEARCH: a piece of the name or subname, any case."
        ),
    ] = None,
    fmt: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help="table (for people), json or csv.")
    ] = "table",
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    lang: str | None = LangOption,
    no_color: bool = NoColorOption,
) -> None:
    """List cards of the catalogue, filtered by faction, kind, type, character or name."""
    if fmt not in FORMATS:
        fatal(_unknown("format", fmt, _closest(fmt, FORMATS), FORMATS))
    cat = catalogue(data, data_version, names, lang)
    picked = select_cards(
        cat,
        factions=resolve_factions(cat, faction) if faction else None,
        kinds=resolve_kinds(kind) if kind else None,
        types=resolve_types(cat, type_) if type_ else None,
        character=resolve_character(cat, character) if character else None,
        search=[s for s in (text, search) if s],
    )

    from armybuilder.games.asoiaf.render.cards import (
        card_rows,
        cards_count,
        cards_csv,
        cards_json,
        cards_table,
    )

    rows = card_rows(picked, cat)
    if fmt == "json":
        sys.stdout.write(cards_json(rows))
        return
    if fmt == "csv":
        sys.stdout.write(cards_csv(rows))
        return

    from armybuilder.render.console import make_console

    console = make_console(color=use_color(no_color))
    if not rows:
        console.print("no cards match these filters")
        return
    console.print(cards_table(rows))
    console.print(cards_count(rows))


def card_command(
    ref: Annotated[
        str,
        typer.Argument(
            metavar="REF",
            help='Card id, Name, or "Name, Subname" (any case, any apostrophes).',
            autocompletion=complete_any_card,
        ),
    ],
    data: Path | None = DataOption,
    data_version: str | None = DataVersionOption,
    names: Path | None = NamesOption,
    no_color: bool = NoColorOption,
) -> None:
    """Show one card in full: stats, requirements, tactics cards and every other version of its character."""
    from armybuilder.games.asoiaf.cards import Special, TacticsCard

    cat = catalogue(data, data_version, names)
    found = find_card(cat, ref)
    if not found:
        close = _suggestions(cat, ref)
        hint = f"did you mean: {'; '.join(close)}?" if close else "try `armybuilder cards SEARCH`"
        fatal(f"unknown card {ref!r}; {hint}")

    from armybuilder.games.asoiaf.render.cards import candidate_lines, card_view, special_view, tactics_view

    if len(found) > 1:
        listed = "; ".join(line.strip() for line in candidate_lines(sorted(found, key=lambda c: c.id), cat))
        fatal(f'{ref!r} matches {len(found)} cards: {listed} — name one by its id or as "Name, Subname"')

    from armybuilder.render.console import make_console

    item = found[0]
    console = make_console(color=use_color(no_color))
    if isinstance(item, TacticsCard):
        console.print(tactics_view(item, cat))
    elif isinstance(item, Special):
        console.print(special_view(item, cat))
    else:
        console.print(card_view(item, cat))


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
    app.command("cards")(cards_command)
    app.command("card")(card_command)
