"""A Horde vs Empire deck laid out as a player would: the units with strength and HP, the commands grouped
by type with cost, icons and keywords spelled out, the counts and the verdict; as a rich renderable
(`show`), Markdown and a self-contained HTML sheet. rich is imported lazily, inside `show` only."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armybuilder.games.base import Report
from armybuilder.games.hve.catalogue import Card, Catalogue
from armybuilder.games.hve.deck import Deck, Entry
from armybuilder.games.hve.keywords import COMMAND_TYPES, Keyword
from armybuilder.games.hve.names import FACTIONS
from armybuilder.text import markdown_text

if TYPE_CHECKING:
    from rich.console import RenderableType

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
UNIT_HEAD = ("×", "unit", "icon", "strength", "HP", "other side")
COMMAND_HEAD = ("×", "command", "cost", "icons", "strength", "keywords")


@dataclass(frozen=True)
class Line:
    """One card of the layout, its copies summed over the entries of its name in its section."""

    count: int
    name: str
    card: Card | None

    @property
    def label(self) -> str:
        return self.card.label if self.card is not None else self.name


def _lines(entries: list[Entry]) -> list[Line]:
    counts: dict[str, int] = {}
    first: dict[str, Entry] = {}
    for e in entries:
        counts[e.key] = counts.get(e.key, 0) + e.count
        first.setdefault(e.key, e)
    lines = []
    for key, entry in first.items():
        card = entry.card
        lines.append(Line(counts[key], card.name if card is not None else entry.name, card))
    return lines


def unit_cells(line: Line) -> tuple[str, ...]:
    card = line.card
    if card is None or not card.is_unit:
        return (str(line.count), line.label, *_not_unit(card))
    side = card.other_side
    other = "" if side is None else f"{side.name}: {side.icon}, strength {side.strength}, HP {side.hp}"
    return (str(line.count), line.label, card.icon or "", str(card.strength), str(card.hp), other)


def _not_unit(card: Card | None) -> tuple[str, ...]:
    note = "not in the catalogue" if card is None else "a command card: list it under commands"
    return ("?", "?", "?", note)


def command_cells(line: Line, catalogue: Catalogue | None = None) -> tuple[str, ...]:
    card = line.card
    if card is None or card.is_unit:
        note = "not in the catalogue" if card is None else "a unit card"
        return (str(line.count), line.label, "?", "?", "?", note)

    def icon(k: Keyword) -> str | None:
        return catalogue.profile_icon(k.unit) if catalogue is not None and k.unit is not None else None

    keywords = "; ".join(k.spelled(icon=icon(k)) for k in card.keywords) or "—"
    return (
        str(line.count),
        line.label,
        str(card.cost),
        ", ".join(card.icons),
        card.strength_text,
        keywords,
    )


def command_groups(deck: Deck) -> list[tuple[str, list[Line]]]:
    """The command lines grouped by type (move, defend, attack), then the cards of no known type."""
    groups: dict[str, list[Line]] = {t: [] for t in COMMAND_TYPES}
    other: list[Line] = []
    for line in _lines(deck.commands.entries):
        ctype = line.card.type if line.card is not None else None
        groups.get(ctype or "", other).append(line)
    titled = [(f"{t} ({COMMAND_TYPES[t]})", lines) for t, lines in groups.items() if lines]
    if other:
        titled.append(("other", other))
    return titled


def heading(report: Report[Any]) -> str:
    deck = report.model
    name = report.summary.title or "(unnamed deck)"
    if isinstance(deck, Deck) and deck.faction is not None:
        return f"{name} — {FACTIONS[deck.faction].label}"
    return name


def verdict(report: Report[Any]) -> str:
    errors, warnings = len(report.errors), len(report.warnings)
    counts = f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    return f"{'VALID' if report.valid else 'INVALID'} ({counts})"


def counts(report: Report[Any]) -> str:
    return "   ".join(str(t) for t in report.summary.tallies)


def problem_lines(report: Report[Any]) -> list[str]:
    return [f"{p.line}:{p.column} {p.severity} {p.rule}: {p.message}" for p in report.problems]


# --- rich ------------------------------------------------------------------------------------------------


def show(report: Report[Any]) -> RenderableType:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts: list[RenderableType] = [Text(heading(report), style="bold")]
    deck = report.model
    if isinstance(deck, Deck) and deck.is_deck:
        parts.append(Text(counts(report)))
        if report.summary.leader:
            parts.append(Text(f"opening unit: {report.summary.leader}"))
        units = Table(title="Units", title_justify="left", expand=False)
        for head in UNIT_HEAD:
            units.add_column(head, justify="right" if head in ("×", "strength", "HP") else "left")
        for line in _lines(deck.units.entries):
            units.add_row(*unit_cells(line))
        parts.append(units)
        for title, lines in command_groups(deck):
            table = Table(title=f"Commands: {title}", title_justify="left")
            for head in COMMAND_HEAD:
                table.add_column(head, justify="right" if head in ("×", "cost", "strength") else "left")
            for line in lines:
                table.add_row(*command_cells(line, deck.catalogue))
            parts.append(table)
    for p in report.problems:
        style = "red" if p.is_error else "yellow"
        parts.append(Text(f"{p.line}:{p.column} ", style="dim") + Text(f"{p.severity} {p.rule}", style=style) + Text(f": {p.message}"))
    parts.append(Text(verdict(report), style="bold green" if report.valid else "bold red"))
    return Group(*parts)


# --- Markdown --------------------------------------------------------------------------------------------


def _md(text: str) -> str:
    return markdown_text(text)


def _md_table(head: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(_md(cell) for cell in row) + " |" for row in rows]
    return [*out, ""]


def markdown(report: Report[Any]) -> str:
    out = [f"# {_md(heading(report))}", ""]
    deck = report.model
    if isinstance(deck, Deck) and deck.is_deck:
        out += [_md(counts(report)), ""]
        if report.summary.leader:
            out += [f"Opening unit: {_md(report.summary.leader)}", ""]
        out += ["## Units", ""]
        out += _md_table(UNIT_HEAD, [unit_cells(line) for line in _lines(deck.units.entries)])
        out += ["## Commands", ""]
        for title, lines in command_groups(deck):
            out += [f"### {_md(title)}", ""]
            out += _md_table(COMMAND_HEAD, [command_cells(line, deck.catalogue) for line in lines])
    if report.problems:
        out += ["## Problems", ""]
        out += [f"- {_md(text)}" for text in problem_lines(report)]
        out.append("")
    out += [f"**{verdict(report)}**", ""]
    return "\n".join(out)


# --- HTML ------------------------------------------------------------------------------------------------

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
h1 { margin-bottom: 0.2em; }
table { border-collapse: collapse; margin: 0.5em 0 1.2em; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #eee; }
td.n { text-align: right; }
.error { color: #a00; } .warning { color: #a60; }
.valid { color: #070; font-weight: bold; } .invalid { color: #a00; font-weight: bold; }
"""


def _html_table(head: tuple[str, ...], rows: list[tuple[str, ...]], numeric: tuple[int, ...]) -> list[str]:
    out = ["<table>", "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for row in rows:
        cells = "".join(
            f'<td class="n">{html.escape(c)}</td>' if i in numeric else f"<td>{html.escape(c)}</td>"
            for i, c in enumerate(row)
        )
        out.append(f"<tr>{cells}</tr>")
    return [*out, "</table>"]


def html_sheet(report: Report[Any]) -> str:
    title = html.escape(heading(report))
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        f"<title>{title}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{title}</h1>",
    ]
    deck = report.model
    if isinstance(deck, Deck) and deck.is_deck:
        out.append(f"<p>{html.escape(counts(report))}</p>")
        if report.summary.leader:
            out.append(f"<p>Opening unit: {html.escape(report.summary.leader)}</p>")
        out.append("<h2>Units</h2>")
        out += _html_table(UNIT_HEAD, [unit_cells(line) for line in _lines(deck.units.entries)], (0, 3, 4))
        out.append("<h2>Commands</h2>")
        for group, lines in command_groups(deck):
            out.append(f"<h3>{html.escape(group)}</h3>")
            out += _html_table(COMMAND_HEAD, [command_cells(line, deck.catalogue) for line in lines], (0, 2, 4))
    if report.problems:
        out.append("<h2>Problems</h2>")
        out.append("<ul>")
        for p in report.problems:
            out.append(
                f'<li class="{html.escape(str(p.severity))}">{p.line}:{p.column} {html.escape(str(p.severity))} '
                f"{html.escape(p.rule)}: {html.escape(p.message)}</li>"
            )
        out.append("</ul>")
    klass = "valid" if report.valid else "invalid"
    out += [f'<p class="{klass}">{html.escape(verdict(report))}</p>', "</body>", "</html>", ""]
    return "\n".join(out)
