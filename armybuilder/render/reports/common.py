"""What several reporters share: a problem's place, a row's columns for the table formats, the count."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from armybuilder.rows import problem_text

if TYPE_CHECKING:
    from armybuilder.games.base import Report
    from armybuilder.problems import Problem
    from armybuilder.render.reports import Rows
    from armybuilder.rows import Row


def row_of(report: Report[Any], player: str | None = None) -> Row:
    """A checked file as a report row."""
    from armybuilder.rows import Row

    summary = report.summary
    first = summary.tallies[0] if summary.tallies else None
    return Row(
        report.path, player or summary.player or "", summary.player is not None, summary.team, summary.title,
        report.game, summary.side, summary.leader, summary.details.get("points", first.limit if first else None),
        first.value if first else None, "yaml", tuple(report.problems), report.strict,
        details=summary.details or summary.as_dict(), tallies=summary.tallies,
    )  # fmt: skip


def where(p: Problem) -> str:
    return f"{p.file}:{p.line}:{p.column}" if p.line else p.file


COLUMNS = (
    "player",
    "team",
    "path",
    "format",
    "faction",
    "commander",
    "points",
    "total",
    "verdict",
    "errors",
    "warnings",
    "first_problem",
    "share_code",
    "list",
)


def fields(row: Row) -> dict[str, Any]:
    """A row's `COLUMNS` (CSV, the batch JSON)."""
    return {
        "player": row.player,
        "team": row.team or "",
        "path": row.path,
        "format": row.format,
        "faction": row.side or "",
        "commander": row.leader or "",
        "points": "" if row.points is None else row.points,
        "total": "" if row.total is None else row.total,
        "verdict": row.verdict,
        "errors": len(row.errors),
        "warnings": len(row.warnings),
        "first_problem": problem_text(row.first_problem),
        "share_code": row.code or "",
        "list": "; ".join(text for text, _ in row.outline),
    }


def counts(rows: Rows) -> str:
    return f"{len(rows)} lists: {len(rows) - rows.invalid} valid, {rows.invalid} invalid"
