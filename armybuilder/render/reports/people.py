"""`text`: the report for people, rendered with rich: per file a verdict line with its figures, then its
problems; the verdict and the problems table are shared with `show` and the games' printouts."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from armybuilder.problems import Problem, Severity
from armybuilder.text import count, printable

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from armybuilder.games.base import Report
    from armybuilder.rows import Row


def verdict_label(report: Row | Report[Any]) -> str:
    """`valid`, `valid, 2 warnings`, `invalid: 1 error, 1 warning` (plain: a printed sheet's, without rich)."""
    if report.valid:
        return "valid" if not report.warnings else f"valid, {count(len(report.warnings), 'warning')}"
    errors = len(report.errors)
    label = f"invalid: {count(errors, 'error')}" if errors else "invalid (--strict): warnings"
    if errors and report.warnings:
        label += f", {count(len(report.warnings), 'warning')}"
    return label


def verdict_text(report: Row | Report[Any]) -> Text:
    from rich.text import Text

    return Text(verdict_label(report), style="bold green" if report.valid else "bold red")


def problems_table(problems: list[Problem]) -> Table:
    from rich.table import Table
    from rich.text import Text

    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False, expand=False)
    table.add_column("line", justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column("rule", no_wrap=True)
    table.add_column("problem", overflow="fold")
    styles = {Severity.ERROR: "red", Severity.WARNING: "yellow"}
    for p in problems:
        table.add_row(
            f"{p.line}:{p.column}" if p.line else "whole file",  # a problem of no line of the file
            Text(str(p.severity), style=styles.get(p.severity, "blue")),
            Text(p.rule, style="cyan"),
            p.message,
        )
    return table


def tallies_text(tallies: Iterable[Any]) -> str:
    """`38/40 points, neutral 0/20`: the first figure leads with its numbers."""
    parts = []
    for index, t in enumerate(tallies):
        figure = "?" if t.value is None else str(t.value)
        figure += f"/{t.limit}" if t.limit is not None else ""
        parts.append(f"{figure} {t.label}" if index == 0 else f"{t.label} {figure}")
    return ", ".join(parts)


def text(rows: Iterable[Row]) -> RenderableType:
    """The report for people: per file a verdict line with its figures, then its problems."""
    from rich.console import Group
    from rich.text import Text

    from armybuilder.games import terms as terms_of

    parts: list[RenderableType] = []
    total = bad = 0
    seen: dict[str, None] = {}
    for row in rows:
        total += 1
        bad += not row.valid
        seen.setdefault(row.game, None)
        head = Text.assemble(Text(printable(row.path), style="bold"), ": ", verdict_text(row))
        if row.tallies:
            head.append(f"  ({tallies_text(row.tallies)})", style="dim")
        parts.append(head)
        if row.problems:
            parts.append(problems_table(list(row.problems)))
    if total > 1:
        games = [g for g in seen if g != "?"] or list(seen)
        plural = terms_of(games[0]).plural if len(games) == 1 else "files"  # in the files' own words
        parts.append(Text(f"{total} {plural}: {total - bad} valid, {bad} invalid", style="bold"))
    return Group(*parts)
