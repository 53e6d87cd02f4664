"""Validation reports: `parsable`, `json` and `github` as plain strings; `text` as rich renderables."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from armybuilder.engine import Report
from armybuilder.problems import Problem, Severity

if TYPE_CHECKING:  # rich is imported where a renderable is built: the machine formats never need it
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text


def parsable(reports: Iterable[Report]) -> str:
    """`file:line:col: severity rule-id message`, one problem a line (the flake8 template)."""
    return "".join(
        f"{p.file}:{p.line}:{p.column}: {p.severity} {p.rule} {p.message}\n"
        for r in reports
        for p in r.problems
    )


def github(reports: Iterable[Report]) -> str:
    """GitHub Actions workflow commands, so problems show on the pull request's files."""

    def esc(text: str) -> str:
        return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")

    def prop(text: str) -> str:
        return esc(text).replace(":", "%3A").replace(",", "%2C")

    lines = []
    for report in reports:
        for p in report.problems:
            level = "error" if p.severity is Severity.ERROR else "warning"
            lines.append(
                f"::{level} file={prop(p.file)},line={p.line},col={p.column},title={prop(p.rule)}::{esc(p.message)}\n"
            )
    return "".join(lines)


def summary(report: Report) -> dict[str, Any]:
    """One list's verdict and totals as plain data (the `json` format's list object)."""
    ctx = report.context
    army = report.army
    commander = ctx.commander if ctx else None
    return {
        "path": report.path,
        "valid": report.valid,
        "name": army.name,
        "player": army.player,
        "faction": army.faction_key,
        "points": ctx.points if ctx else army.points,
        "total": ctx.total if ctx else None,
        "neutral_total": ctx.neutral_total if ctx else None,
        "neutral_cap": ctx.neutral_cap if ctx else None,
        "commander": commander.title if commander else None,
        "problems": [p.as_dict(file=False) for p in report.problems],
    }


def json_report(reports: Iterable[Report], data_version: str) -> str:
    return json.dumps({"data_version": data_version, "lists": [summary(r) for r in reports]}, indent=2) + "\n"


def verdict_text(report: Report) -> Text:
    from rich.text import Text

    if report.valid:
        label = "valid" if not report.warnings else f"valid, {_count(len(report.warnings), 'warning')}"
        return Text(label, style="bold green")
    errors = len(report.errors)
    label = f"invalid: {_count(errors, 'error')}" if errors else "invalid (--strict): warnings"
    if errors and report.warnings:
        label += f", {_count(len(report.warnings), 'warning')}"
    return Text(label, style="bold red")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"


def problems_table(problems: list[Problem]) -> Table:
    from rich.table import Table
    from rich.text import Text

    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False, expand=False)
    table.add_column("line", justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column("rule", no_wrap=True)
    table.add_column("problem", overflow="fold")
    for p in problems:
        style = "red" if p.severity is Severity.ERROR else "yellow"
        table.add_row(
            f"{p.line}:{p.column}" if p.line else "",  # an imported list has no lines to point at
            Text(str(p.severity), style=style),
            Text(p.rule, style="cyan"),
            p.message,
        )
    return table


def text(reports: list[Report]) -> RenderableType:
    """The report for people: per list a verdict line with totals, then its problems."""
    from rich.console import Group
    from rich.text import Text

    parts: list[RenderableType] = []
    for report in reports:
        head = Text.assemble(Text(report.path, style="bold"), ": ", verdict_text(report))
        ctx = report.context
        if ctx is not None and ctx.points is not None:
            head.append(f"  ({ctx.total}/{ctx.points} points", style="dim")
            if ctx.neutral_cap is not None:
                head.append(f", neutral {ctx.neutral_total}/{ctx.neutral_cap}", style="dim")
            head.append(")", style="dim")
        parts.append(head)
        if report.problems:
            parts.append(problems_table(report.problems))
    if len(reports) > 1:
        bad = sum(not r.valid for r in reports)
        parts.append(Text(f"{len(reports)} lists: {len(reports) - bad} valid, {bad} invalid", style="bold"))
    return Group(*parts)
