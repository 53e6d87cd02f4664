"""Card catalogue printouts: the `cards` table (rich, JSON, CSV) and the full view of one card for `card`.

Everything here is built from catalogue data only (names, numbers, flags, our own sentences); functions
either return rich renderables or strings, so that tests can render them at a fixed width.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armybuilder.games.asoiaf.cards import Card, CardKind, Special, TacticsCard
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.describe import deck_role, describe_requirement, join_refs, tactics_owners
from armybuilder.text import json_text

TACTICS = "tactics"
CHARACTER_MARK = "●"
_HEADING = "bold"
_DIM = "dim"


def _table() -> Table:
    """A borderless table with a rule under the header and two spaces between columns."""
    return Table(
        box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1, 0, 0), header_style=_HEADING
    )


@dataclass(frozen=True, slots=True)
class CardRow:
    """One line of the `cards` listing, for any kind of card (tactics cards included)."""

    id: str
    name: str
    subname: str | None
    faction: str
    kind: str  # a CardKind value, or "tactics"
    commander: bool  # a commander card (printed cost C)
    type: str | None
    cost: int | str | None  # "C" for a commander, None for a tactics card
    character: bool
    characters: tuple[str, ...]
    commander_id: str | None  # tactics cards: the commander whose deck holds the card
    commander_title: str | None
    replaces: str | None  # tactics cards: the faction tactics id it replaces, or "all"

    @property
    def kind_label(self) -> str:
        return TACTICS if self.kind == TACTICS else CardKind(self.kind).label


def card_row(card: Card | TacticsCard, catalogue: Catalogue) -> CardRow:
    if isinstance(card, TacticsCard):
        owners = tactics_owners(card, catalogue)
        printed = catalogue.printed
        return CardRow(
            id=card.id,
            name=printed.tactics(card),
            subname=None,
            faction=card.faction,
            kind=TACTICS,
            commander=False,
            type=None,
            cost=None,
            character=False,
            characters=(),
            commander_id=card.commander,
            commander_title=join_refs([printed.title(o) for o in owners], "and") or None,
            replaces=card.replaces,
        )
    name, subname = catalogue.printed.parts(card)
    return CardRow(
        id=card.id,
        name=name,
        subname=subname,
        faction=card.faction,
        kind=card.kind.value,
        commander=card.commander,
        type=card.type,
        cost="C" if card.cost is None else card.cost,
        character=card.character,
        characters=card.characters,
        commander_id=None,
        commander_title=None,
        replaces=None,
    )


def card_rows(cards: Iterable[Card | TacticsCard], catalogue: Catalogue) -> list[CardRow]:
    return [card_row(c, catalogue) for c in cards]


# --- the listing ----------------------------------------------------------------------------------------


def cards_table(rows: Sequence[CardRow]) -> Table:
    """The `cards` listing as a table; a commander column appears when tactics cards are listed."""
    with_tactics = any(r.kind == TACTICS for r in rows)
    table = _table()
    table.add_column("id", no_wrap=True)
    table.add_column("name", ratio=3)
    table.add_column("subname", ratio=3)
    table.add_column("faction", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    table.add_column("type", no_wrap=True)
    table.add_column("cost", justify="right", no_wrap=True)
    table.add_column("char", justify="center", no_wrap=True)
    if with_tactics:
        table.add_column("commander", ratio=3)
    for row in rows:
        cells = [
            row.id,
            row.name,
            row.subname or "",
            row.faction,
            row.kind_label,
            row.type or "",
            "" if row.cost is None else str(row.cost),
            CHARACTER_MARK if row.character else "",
        ]
        if with_tactics:
            cells.append(row.commander_title or "")
        table.add_row(*cells)
    return table


def cards_count(rows: Sequence[CardRow]) -> Text:
    n = len(rows)
    return Text(f"{n} card{'' if n == 1 else 's'}", style=_DIM)


_FIELDS = (
    "id",
    "name",
    "subname",
    "faction",
    "kind",
    "commander",
    "type",
    "cost",
    "character",
    "characters",
    "commander_id",
    "replaces",
)


def _plain(row: CardRow) -> dict[str, object]:
    data = asdict(row)
    data["characters"] = list(row.characters)
    return {k: data[k] for k in _FIELDS}


def cards_json(rows: Sequence[CardRow]) -> str:
    """The listing as JSON: `cards`, one object per card (costs: numbers, "C" for commanders, null for
    tactics cards), beside the `format_version` every JSON output carries."""
    from armybuilder.games.base import FORMAT_VERSION

    document = {"format_version": FORMAT_VERSION, "cards": [_plain(r) for r in rows]}
    return json_text(document, indent=2) + "\n"


def cards_csv(rows: Sequence[CardRow]) -> str:
    """The listing as CSV with a header line; several character identities are joined with `; `."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_FIELDS)
    for row in rows:
        data = _plain(row)
        data["characters"] = "; ".join(row.characters)
        writer.writerow(["" if data[k] is None else data[k] for k in _FIELDS])
    return out.getvalue()


# --- one card -------------------------------------------------------------------------------------------


def _facts(pairs: Sequence[tuple[str, str]]) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style=_HEADING, no_wrap=True)
    grid.add_column()
    for key, value in pairs:
        grid.add_row(key, value)
    return grid


def _bullets(lines: Iterable[str | Text]) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for line in lines:
        grid.add_row("  •", line)
    return grid


def _section(title: str) -> Text:
    return Text(f"\n{title}", style=_HEADING)


def _title(name: str, ident: str) -> Text:
    text = Text(name, style="bold underline")
    text.append(f"  ({ident})", style=_DIM)
    return text


def _kind_text(card: Card) -> str:
    kind = card.kind.label
    return f"commander ({kind})" if card.commander else kind


def _type_text(card: Card) -> str | None:
    if card.kind is CardKind.COMBAT_UNIT:
        tray = f" ({card.tray} tray)" if card.tray and card.tray != card.type else ""
        return f"{card.type}{tray}" if card.type else None
    if card.kind is CardKind.ATTACHMENT and card.type:
        return "ability only, joins no unit type" if card.type == "none" else f"joins {card.type} units"
    return None


def _faction_name(key: str, catalogue: Catalogue) -> str:
    faction = catalogue.factions.get(key)
    return f"{faction.name} ({key})" if faction else key


def _stats(card: Card) -> Table:
    table = _table()
    for name in ("speed", "defense", "morale", "wounds"):
        table.add_column(name, justify="right")

    def plus(value: int | None) -> str:
        return "–" if value is None else f"{value}+"

    table.add_row(
        "–" if card.speed is None else str(card.speed),
        plus(card.defense),
        plus(card.morale),
        "–" if card.wounds is None else str(card.wounds),
    )
    return table


def _attacks(card: Card) -> Table:
    table = _table()
    table.add_column("attack")
    table.add_column("range", no_wrap=True)
    table.add_column("to hit", justify="right", no_wrap=True)
    table.add_column("dice per rank", no_wrap=True)
    for attack in card.attacks:
        table.add_row(
            attack.name, attack.range_label, f"{attack.hit}+", " / ".join(str(d) for d in attack.dice)
        )
    return table


def _tactics_table(cards: Sequence[TacticsCard], catalogue: Catalogue) -> Table:
    table = _table()
    table.add_column("id", no_wrap=True)
    table.add_column("tactics card")
    table.add_column("replaces faction card")
    for tactic in cards:
        if tactic.replaces == "all":
            replaces = "all of them"
        elif tactic.replaces:
            replaced = catalogue.tactics.get(tactic.replaces)
            replaces = f"{replaced.name} ({replaced.id})" if replaced else tactic.replaces
        else:
            replaces = ""
        table.add_row(tactic.id, tactic.name, replaces)
    return table


def _special_lines(special: Special, catalogue: Catalogue) -> list[RenderableType]:
    head = Text(f"{special.name}", style=_HEADING)
    head.append(f"  ({special.id}, {special.type} card)", style=_DIM)
    return [head, _bullets(describe_requirement(e, catalogue) for e in special.effects)]


def _versions_table(cards: Sequence[Card]) -> Table:
    table = _table()
    table.add_column("id", no_wrap=True)
    table.add_column("card")
    table.add_column("faction", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    table.add_column("cost", justify="right", no_wrap=True)
    for other in cards:
        table.add_row(other.id, other.title, other.faction, _kind_text(other), other.cost_label)
    return table


def card_view(card: Card, catalogue: Catalogue) -> Group:
    """Everything the data holds about one card, as one renderable."""
    parts: list[RenderableType] = [_title(card.title, card.id)]
    facts = [("faction", _faction_name(card.faction, catalogue)), ("kind", _kind_text(card))]
    type_text = _type_text(card)
    if type_text:
        facts.append(("type", type_text))
    facts += [("cost", card.cost_label), ("version", card.version or "–")]
    if card.abilities:
        facts.append(("abilities", ", ".join(card.abilities)))
    if card.characters:
        facts.append(("character", join_refs(card.characters, "and")))
    parts.append(_facts(facts))

    if card.kind is CardKind.COMBAT_UNIT:
        parts += [_section("Stats"), _stats(card)]
        if card.attacks:
            parts += [_section("Attacks"), _attacks(card)]

    if card.requirements:
        lines: list[str | Text] = []
        for req in card.requirements:
            line = Text(describe_requirement(req, catalogue))
            if req.note:
                line.append(f" ({req.note})", style=_DIM)
            lines.append(line)
        parts += [_section("Requirements"), _bullets(lines)]

    if card.commander:
        parts.append(_section("Tactics cards"))
        tactics = catalogue.commander_tactics(card.id)
        if card.replaces_faction_tactics:
            parts.append(Text("  Uses no faction tactics cards: its own cards make up the whole deck."))
        if tactics:
            parts.append(_tactics_table(tactics, catalogue))
        else:
            parts.append(Text("  none in the data", style=_DIM))

    specials = [s for s in catalogue.specials.values() if card.id in s.used_by]
    if specials:
        parts.append(_section("Special cards"))
        for special in specials:
            parts += _special_lines(special, catalogue)

    if card.characters:
        parts.append(_section("Other versions of this character"))
        others = sorted(catalogue.versions_of(card), key=lambda c: c.id)
        parts.append(_versions_table(others) if others else Text("  none", style=_DIM))
    return Group(*parts)


def tactics_view(card: TacticsCard, catalogue: Catalogue) -> Group:
    """One tactics card: its faction, version and place in the decks (never its text)."""
    parts: list[RenderableType] = [_title(card.name, card.id)]
    facts = [
        ("faction", _faction_name(card.faction, catalogue)),
        ("kind", "tactics card"),
        ("version", card.version or "–"),
        ("deck", deck_role(card, catalogue)),
    ]
    parts.append(_facts(facts))
    if card.commander is None:
        replacing = [t for t in catalogue.tactics.values() if t.faction == card.faction]
        replacing = [t for t in replacing if t.replaces in (card.id, "all") and t.commander is not None]
        if replacing:
            parts.append(_section("Left out of the deck of"))
            lines = []
            for t in replacing:
                owners = join_refs([o.label for o in tactics_owners(t, catalogue)], "and")
                lines.append(f"{owners}, by {t.name} ({t.id})")
            parts.append(_bullets(lines))
    return Group(*parts)


def special_view(special: Special, catalogue: Catalogue) -> Group:
    """One special card: what it is, which cards use it, and its effects in our own words."""
    parts: list[RenderableType] = [_title(special.name, special.id)]
    users = [catalogue.cards[i].label for i in special.used_by if i in catalogue.cards]
    facts = [
        ("faction", _faction_name(special.faction, catalogue)),
        ("kind", f"special card ({special.type})"),
        ("version", special.version or "–"),
        ("used by", join_refs(users, "and") if users else "the whole faction"),
    ]
    parts.append(_facts(facts))
    if special.effects:
        parts += [_section("Effects"), _bullets(describe_requirement(e, catalogue) for e in special.effects)]
    if special.note:
        parts.append(Text(f"\nNote: {special.note}", style=_DIM))
    return Group(*parts)


def candidate_lines(items: Sequence[Card | TacticsCard | Special], catalogue: Catalogue) -> list[str]:
    """The cards an ambiguous reference may mean, one plain line each with its id (for stderr)."""
    lines = []
    for item in items:
        if isinstance(item, Special):
            lines.append(f"  {item.id}  {item.name}  [{item.faction} special card]")
            continue
        row = card_row(item, catalogue)
        title = f"{row.name}, {row.subname}" if row.subname else row.name
        if row.kind == TACTICS:
            what = f"tactics card of {row.commander_title}" if row.commander_title else "faction tactics card"
        else:
            kind = f"commander ({row.kind_label})" if row.commander else row.kind_label
            what = f"{kind}, cost {row.cost}"
        lines.append(f"  {row.id}  {title}  [{row.faction} {what}]")
    return lines
