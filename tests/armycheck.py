"""Helpers for rule tests: validate an inline YAML list and look at its problems as (rule, line) pairs.

Inline lists start right after the opening quotes' newline, so line 1 is the first YAML line::

    report = check(catalogue, '''
    faction: stark
    points: 40
    ''')
"""

from __future__ import annotations

import textwrap

from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import ListReport, Options, validate_text
from armybuilder.problems import Severity


def check(catalogue: Catalogue, text: str, *, points: int | None = None, strict: bool = False) -> ListReport:
    """Validate `text` (dedented, first newline dropped) as the list `test.yaml`."""
    body = textwrap.dedent(text.removeprefix("\n"))
    return validate_text(body, catalogue, "test.yaml", Options(points=points, strict=strict))


def errors(report: ListReport) -> set[tuple[str, int]]:
    """The (rule, line) pairs of the report's errors."""
    return {(p.rule, p.line) for p in report.problems if p.severity is Severity.ERROR}


def warnings(report: ListReport) -> set[tuple[str, int]]:
    return {(p.rule, p.line) for p in report.problems if p.severity is Severity.WARNING}


def pairs(report: ListReport, rule: str) -> set[tuple[str, int]]:
    """The (rule, line) pairs of one rule, whatever their severity."""
    return {(p.rule, p.line) for p in report.problems if p.rule == rule}


def message(report: ListReport, rule: str) -> str:
    """The messages of one rule, joined, for asserting a fix hint."""
    return "\n".join(p.message for p in report.problems if p.rule == rule)


def cost_of(report: ListReport, text: str) -> list[int]:
    """The costs (after modifiers) of every entry written as `text`, in list order."""
    ctx = report.context
    assert ctx is not None
    return [ctx.cost(e) for e in ctx.entries if e.text == text]
