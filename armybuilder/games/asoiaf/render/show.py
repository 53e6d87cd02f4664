"""`show` and `deck`: the printouts a player reads before a game."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from armybuilder.games.asoiaf.armylist import Entry
from armybuilder.games.asoiaf.cards import Card
from armybuilder.games.asoiaf.check import ListReport, unresolved_count
from armybuilder.games.asoiaf.context import Army, victory_points
from armybuilder.games.asoiaf.deck import COPIES, Deck
from armybuilder.games.asoiaf.names import ENGLISH, Printing
from armybuilder.render.reports.people import problems_table, verdict_text
from armybuilder.text import json_text, printable


def stat_line(card: Card) -> str:
    """`Spd 5 · Def 4+ · Mor 6+ · Wounds 3`, with what the card has."""
    parts = []
    if card.speed is not None:
        parts.append(f"Spd {card.speed}")
    if card.defense is not None:
        parts.append(f"Def {card.defense}+")
    if card.morale is not None:
        parts.append(f"Mor {card.morale}+")
    if card.wounds is not None:
        parts.append(f"Wounds {card.wounds}")
    return " · ".join(parts)


def attack_line(card: Card) -> str:
    """`Melee Winter's Bite 4+ [7/5/4]` for each attack."""
    return "; ".join(
        f"{a.range_label} {a.name} {a.hit}+ [{'/'.join(str(d) for d in a.dice)}]" for a in card.attacks
    )


def _cost(ctx: Army, entry: Entry) -> str:
    card = ctx.card(entry)
    cost = ctx.cost(entry)
    if card.cost is None:
        return "C"
    if cost != card.cost:
        return f"{cost} (printed {card.cost})"
    return str(cost)


def _name(card: Card, ctx: Army) -> Text:
    text = Text(ctx.catalogue.printed.title(card), style="bold")
    if card.commander:
        text.append(" (C)", style="bold magenta")
    if card.faction != ctx.faction:
        text.append(f" [{card.faction}]", style="dim")
    return text


def _unresolved(entry: Entry, report: ListReport) -> Text:
    """An entry whose card could not be found: what is written, and why it is not counted."""
    rule = next(
        (p.rule for p in report.problems if (p.line, p.column) == (entry.line, entry.column)), "unresolved"
    )
    text = Text("? ", style="bold red")
    text.append(entry.text, style="red")
    text.append(f"  (not counted: {rule}, line {entry.line})", style="dim")
    return text


def show(report: ListReport, deck: Deck | None) -> RenderableType:
    ctx = report.context
    army = report.army
    if ctx is None:  # unreadable list: only the verdict and its problems
        return Group(
            Text.assemble(Text(printable(army.path), style="bold"), ": ", verdict_text(report)),
            problems_table(report.problems),
        )
    faction = ctx.catalogue.factions.get(ctx.faction or "")
    title = army.name or army.path
    header = Text(title, style="bold")
    sub = Text()
    printed = ctx.catalogue.printed
    sub.append(printed.faction(faction.key, faction.name) if faction else "unknown faction")
    commander = ctx.commander
    sub.append("  ·  Commander: ")
    sub.append(printed.title(commander) if commander else "none", style="magenta")
    if army.player:
        sub.append(f"  ·  Player: {army.player}")
    if army.team:
        sub.append(f"  ·  Team: {army.team}")

    units = Table(box=None, show_header=True, header_style="bold", pad_edge=False, expand=False)
    units.add_column("Combat units", overflow="fold")
    units.add_column("Cost", justify="right", no_wrap=True)
    for unit in army.units:
        card = unit.unit.card
        if card is None:
            units.add_row(_unresolved(unit.unit, report), "?")
        else:
            line = _name(card, ctx)
            line.append(f"  {card.type or ''}", style="dim")
            details = Text(f"    {stat_line(card)}", style="dim")
            if card.attacks:
                details.append(f"\n    {attack_line(card)}", style="dim")
            units.add_row(Group(line, details), _cost(ctx, unit.unit))
        for att in unit.attachments:
            row = Text("  + ")
            row.append_text(_name(att.card, ctx) if att.card is not None else _unresolved(att, report))
            units.add_row(row, _cost(ctx, att) if att.card is not None else "?")
    parts: list[RenderableType] = [header, sub, Text(""), units]

    lists = (("NCUs", army.ncus), ("Enemy attachments", army.enemy_attachments), ("Reinforcements", army.reinforcements))
    for label, entries in lists:
        if not entries:
            continue
        table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
        table.add_column(label, overflow="fold")
        table.add_column("Cost", justify="right", no_wrap=True)
        for entry in entries:
            if entry.card is None:
                table.add_row(_unresolved(entry, report), "?")
            else:
                # a reinforcement costs the list nothing: its printed cost is what the event counts
                cost = ctx.card(entry).cost_label if entries is army.reinforcements else _cost(ctx, entry)
                table.add_row(_name(ctx.card(entry), ctx), cost)
        parts += [Text(""), table]

    totals = Text()
    missing = unresolved_count(report)
    if missing:  # the total leaves these out: never present it as the list's cost
        of = f" of {ctx.points}" if ctx.points is not None else ""
        totals.append(f"Points: at least {ctx.total}{of}", style="bold")
        totals.append(f" — {missing} card{'s' if missing != 1 else ''} could not be counted (unresolved)")
    elif ctx.points is not None:
        totals.append(f"Points {ctx.total}/{ctx.points}", style="bold")
        left = ctx.points - ctx.total
        totals.append(f" ({left} left)" if left >= 0 else f" ({-left} over)")
    else:
        totals.append(f"Points {ctx.total}", style="bold")
    if ctx.neutral_cap is not None:
        totals.append(f"  ·  Neutral {ctx.neutral_total}/{ctx.neutral_cap}")
    vp = victory_points(ctx.points)
    totals.append(f"  ·  Victory points to win: {vp if vp is not None else '—'}")
    parts += [Text(""), totals]
    notes = (army.notes or "").rstrip()
    if notes:
        parts += [Text(""), Text("Notes", style="bold"), Text(notes)]
    if deck is not None:
        parts += [Text(""), deck_table(deck, printed)]
    verdict = Text.assemble("Verdict: ", verdict_text(report))
    verdict.append(f"   (card data {ctx.catalogue.data_version})", style="dim")
    parts += [Text(""), verdict]
    if report.problems:
        parts.append(problems_table(report.problems))
    return Panel(Group(*parts), expand=False, padding=(0, 1))


def deck_table(deck: Deck, printed: Printing = ENGLISH) -> Table:
    table = Table(
        title=f"Tactics deck ({deck.size} cards)",
        title_justify="left",
        box=None,
        header_style="bold",
        pad_edge=False,
    )
    table.add_column("Card", overflow="fold")
    table.add_column("×", justify="right")
    table.add_column("From", overflow="fold")
    for card in deck.faction_cards:
        table.add_row(printed.tactics(card), str(COPIES), "faction")
    replaced = {by.id: gone for gone, by in deck.removed if by is not None}
    for card in deck.commander_cards:
        origin = printed.title(deck.commander)
        if card.replaces == "all":
            origin += " (replaces every faction card)"
        elif card.id in replaced:
            origin += f" (replaces {printed.tactics(replaced[card.id])})"
        table.add_row(printed.tactics(card), str(COPIES), origin)
    return table


def deck_json(deck: Deck) -> str:
    from armybuilder.games.base import FORMAT_VERSION

    return json_text({"format_version": FORMAT_VERSION, **deck.as_dict()}, indent=2) + "\n"
