"""Printouts of the list-building commands: totals after an edit, the options table, completions."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armybuilder.games.asoiaf.builder.complete import Addition, Search
from armybuilder.games.asoiaf.builder.options import Option
from armybuilder.games.asoiaf.cards import Card
from armybuilder.games.asoiaf.check import ListReport


def totals_line(report: ListReport) -> str:
    """`Points 35/40 · 5 left · Neutral 4/20`: what a player checks after every change."""
    ctx = report.context
    if ctx is None:
        return "Points ? (the list cannot be read)"
    if ctx.points is None:
        parts = [f"Points {ctx.total}"]
    else:
        left = ctx.points - ctx.total
        parts = [f"Points {ctx.total}/{ctx.points}", f"{left} left" if left >= 0 else f"{-left} over"]
    cap = ctx.neutral_cap
    parts.append(f"Neutral {ctx.neutral_total}/{cap}" if cap is not None else f"Neutral {ctx.neutral_total}")
    return " · ".join(parts)


def _title(card: Card, own: str | None) -> str:
    title = card.title
    if card.commander:
        title += " (C)"
    if card.faction != own:
        title += f" [{card.faction}]"
    return title


def options_table(options: list[Option], unit_names: dict[int, str], faction: str | None) -> RenderableType:
    """What can be added now, grouped: combat units, attachments per unit, NCUs."""
    if not options:
        return Text("Nothing more can be added without breaking a rule.")
    parts: list[RenderableType] = []
    groups: list[tuple[str, list[Option]]] = [
        ("Combat units", [o for o in options if o.slot.value == "units"]),
    ]
    for position, name in unit_names.items():
        found = [o for o in options if o.slot.value == "attachments" and o.unit == position]
        if found:
            groups.append((f"Attachments for {position}. {name}", found))
    groups.append(("NCUs", [o for o in options if o.slot.value == "ncus"]))
    for heading, rows in groups:
        if not rows:
            continue
        table = Table(box=None, header_style="bold", pad_edge=False, title_justify="left")
        table.add_column(heading, overflow="fold")
        table.add_column("Id", no_wrap=True, style="dim")
        table.add_column("Cost", justify="right", no_wrap=True)
        table.add_column("Left after", justify="right", no_wrap=True)
        for option in rows:
            left = "" if option.left is None else str(option.left)
            table.add_row(_title(option.card, faction), option.card.id, str(option.cost), left)
        if parts:
            parts.append(Text(""))
        parts.append(table)
    return Group(*parts)


def addition_text(addition: Addition, unit_names: dict[int, str]) -> str:
    if addition.kind == "unit":
        text = addition.card.title
        return text + (f" + {addition.attachment.title}" if addition.attachment else "")
    if addition.kind == "attach":
        position = (addition.unit or 0) + 1
        return f"{addition.card.title} → {position}. {unit_names.get(position, '?')}"
    return f"NCU {addition.card.title}"


def completions_table(search: Search, unit_names: dict[int, str]) -> RenderableType:
    """The best completions, one per row, and how the search went."""
    how = (
        "exhaustive search"
        if search.exhaustive
        else "search stopped at the time limit: best found so far (raise --timeout to look further)"
    )
    footer = Text(
        f"{search.budget} points to spend · {search.generated} candidate sets, {search.verified} checked "
        f"with the validator · {how}",
        style="dim",
    )
    if not search.completions:
        return Group(Text("No legal completion spends any of the remaining points."), footer)
    table = Table(box=None, header_style="bold", pad_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Add", overflow="fold")
    table.add_column("Spent", justify="right", no_wrap=True)
    table.add_column("Left", justify="right", no_wrap=True)
    table.add_column("Neutral", justify="right", no_wrap=True)
    for rank, completion in enumerate(search.completions, 1):
        table.add_row(
            str(rank),
            "\n".join(addition_text(a, unit_names) for a in completion.additions),
            str(completion.spent),
            str(completion.left),
            str(completion.neutral),
        )
    return Group(table, Text(""), footer)
