"""Printouts of the list-building commands: totals after an edit, the options table, completions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armybuilder.games.asoiaf.builder.complete import Addition, Progress, Search
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
    """`Stark Sworn Swords + Greatjon Umber`, `Greatjon Umber → 2. Stark Sworn Swords`, `NCU Catelyn Stark`."""
    joined = " + ".join(a.title for a in addition.attachments)
    if addition.kind == "unit" and addition.card is not None:
        return addition.card.title + (f" + {joined}" if joined else "")
    if addition.kind == "attach":
        position = (addition.unit or 0) + 1
        return f"{joined} → {position}. {unit_names.get(position, '?')}"
    return f"NCU {addition.card.title if addition.card else '?'}"


def additions_lines(additions: Iterable[Addition], unit_names: dict[int, str]) -> list[str]:
    """One line per different addition, with how many times it is added: `6× Crannogman Trackers`."""
    counts: dict[str, int] = {}
    for addition in additions:
        text = addition_text(addition, unit_names)
        counts[text] = counts.get(text, 0) + 1
    return [f"{n}× {text}" if n > 1 else text for text, n in counts.items()]


def search_verdict(search: Search) -> str:
    """Whether the proposals are proven the best, in a few words."""
    if search.proven:
        return "proven optimal: no legal completion ranks better"
    how = f"best found, not proven optimal ({search.why}"
    return how + ("; raise --timeout to look further)" if "time" in search.why else ")")


def search_summary(search: Search) -> str:
    """How the search went, in one line."""
    return (
        f"{search.budget} points to spend · {search.nodes} nodes searched, {search.checked} checked with the "
        f"validator in {search.seconds:.2f} s"
    )


def completions_table(search: Search, unit_names: dict[int, str], wanted: tuple[str, ...] = ()) -> RenderableType:
    """The best completions, one per row, and how the search went; `wanted`: the cards --with asked for."""
    footer = Group(Text(search_summary(search), style="dim"), Text(search_verdict(search)))
    if not search.completions and wanted:  # the option, not the list, may be what no completion meets
        asked = ", ".join(f"--with {w}" for w in wanted)
        return Group(Text(f"No legal completion holds {asked}; without it the search may find some."), footer)
    if not search.completions:
        return Group(Text("No legal completion spends any of the remaining points."), footer)
    table = Table(box=None, header_style="bold", pad_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Add", overflow="fold")
    table.add_column("Spent", justify="right", no_wrap=True)
    table.add_column("Left", justify="right", no_wrap=True)
    table.add_column("Activations", justify="right", no_wrap=True)
    table.add_column("Copies", justify="right", no_wrap=True)
    table.add_column("Neutral", justify="right", no_wrap=True)
    for rank, completion in enumerate(search.completions, 1):
        table.add_row(
            str(rank),
            "\n".join(additions_lines(completion.additions, unit_names)),
            str(completion.spent),
            str(completion.left),
            str(completion.activations),
            str(completion.copies),
            str(completion.neutral),
        )
    return Group(table, Text(""), footer)


def _card(card: Card) -> dict[str, Any]:
    return {"id": card.id, "title": card.title, "faction": card.faction, "cost": card.cost_label}


def completions_data(search: Search, path: str) -> dict[str, Any]:
    """The completions as plain data for `--format json`."""
    return {
        "file": path,
        "budget": search.budget,
        "proven": search.proven,
        "why_not_proven": search.why or None,
        "nodes": search.nodes,
        "checked": search.checked,
        "seconds": round(search.seconds, 3),
        "completions": [
            {
                "rank": rank,
                "spent": c.spent,
                "left": c.left,
                "neutral": c.neutral,
                "activations": c.activations,
                "copies": c.copies,
                "distinct_cards": c.distinct,
                "units": c.units,
                "cards": c.cards,
                "additions": [
                    {
                        "kind": a.kind,
                        "card": _card(a.card) if a.card is not None else None,
                        "attachments": [_card(x) for x in a.attachments],
                        "unit": None if a.unit is None else a.unit + 1,
                    }
                    for a in c.additions
                ],
            }
            for rank, c in enumerate(search.completions, 1)
        ],
    }


def options_data(options: list[Option], path: str, report: ListReport) -> dict[str, Any]:
    """What can be added now, as plain data for `--format json`."""
    ctx = report.context
    return {
        "file": path,
        "points": None if ctx is None else ctx.points,
        "total": None if ctx is None else ctx.total,
        "options": [
            {
                **_card(o.card),
                "kind": o.card.kind.value,
                "slot": o.slot.value,
                "unit": o.unit,
                "cost": o.cost,
                "left": o.left,
                "neutral_after": o.neutral,
            }
            for o in options
        ],
    }


class SearchProgress:
    """A transient progress line on standard error while `complete` searches (only on a terminal)."""

    def __init__(self, color: bool) -> None:
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        from armybuilder.render.console import make_console

        self.progress = Progress(
            TextColumn("searching"),
            BarColumn(),
            TextColumn("{task.fields[what]}"),
            TimeElapsedColumn(),
            console=make_console(color=color, stderr=True, terminal=True),  # made only for a terminal
            transient=True,
        )
        self.task = self.progress.add_task("search", total=1.0, what="")

    def __enter__(self) -> SearchProgress:
        self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()

    def update(self, state: Progress) -> None:
        best = "" if state.best is None else f", best: {state.best[0]} left"
        what = f"{state.nodes} nodes, {state.checked} checked, {state.found} found{best}"
        self.progress.update(self.task, completed=min(1.0, state.elapsed / state.timeout), what=what)
        self.progress.refresh()
