"""Batch reports: the terminal summary table and progress bar (rich), and CSV, JSON, JUnit XML and HTML files.

The file formats are plain strings (no colour, everything escaped), built from the small per-list rows of
`armybuilder.batch`, so a report of ten thousand lists never needs the lists themselves.
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from xml.etree import ElementTree as ET

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.progress import Progress

    from armybuilder.batch import Event, Row
    from armybuilder.problems import Problem

REPORT_FORMATS = ("csv", "json", "junit", "html")
SUFFIXES = {".csv": "csv", ".json": "json", ".xml": "junit", ".html": "html", ".htm": "html"}
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
)


def format_for(path: str) -> str | None:
    """The report format a file name asks for, by its extension."""
    lower = path.lower()
    return next((fmt for suffix, fmt in SUFFIXES.items() if lower.endswith(suffix)), None)


def where(p: Problem) -> str:
    return f"{p.file}:{p.line}:{p.column}" if p.line else p.file


def problem_text(p: Problem | None) -> str:
    return "" if p is None else f"{p.rule}: {p.message}" + (f" (line {p.line})" if p.line else "")


def _fields(row: Row) -> dict[str, Any]:
    return {
        "player": row.player,
        "team": row.team or "",
        "path": row.path,
        "format": row.format,
        "faction": row.faction or "",
        "commander": row.commander or "",
        "points": "" if row.points is None else row.points,
        "total": "" if row.total is None else row.total,
        "verdict": row.verdict,
        "errors": len(row.errors),
        "warnings": len(row.warnings),
        "first_problem": problem_text(row.first_problem),
    }


def _counts(rows: Sequence[Row]) -> str:
    bad = sum(not r.valid for r in rows)
    return f"{len(rows)} lists: {len(rows) - bad} valid, {bad} invalid"


# --- terminal ------------------------------------------------------------------------------------------------


def table(rows: Sequence[Row], *, problems: bool = True) -> RenderableType:
    """The summary for the organiser: one line per list, then every problem of the invalid ones."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from armybuilder.render.reports import problems_table

    summary = Table(show_header=True, header_style="bold", expand=False)
    for name, justify in (
        ("player", "left"),
        ("faction", "left"),
        ("commander", "left"),
        ("points", "right"),
        ("verdict", "left"),
        ("first problem", "left"),
    ):
        summary.add_column(name, justify=justify, overflow="fold")  # type: ignore[arg-type]
    for row in rows:
        points = "" if row.total is None else f"{row.total}/{row.points}"
        verdict = Text(row.verdict, style="bold green" if row.valid else "bold red")
        summary.add_row(
            row.player,
            row.faction or "",
            row.commander or "",
            points,
            verdict,
            problem_text(row.first_problem),
        )
    parts: list[RenderableType] = [summary]
    if problems:
        for row in rows:
            if row.problems and not row.valid:
                parts.append(
                    Text.assemble(
                        Text(row.path, style="bold"), f" ({row.player}): ", Text("invalid", style="bold red")
                    )
                )
                parts.append(problems_table(list(row.problems)))
    parts.append(Text(_counts(rows), style="bold"))
    return Group(*parts)


def progress(console: Any) -> Progress:
    """A progress bar for a batch on `console` (stderr): lists checked, rate and time left."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(
        TextColumn("checking lists"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


# --- files ---------------------------------------------------------------------------------------------------


def csv_report(rows: Sequence[Row]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(_fields(row))
    return out.getvalue()


def json_report(rows: Sequence[Row], data_version: str, event: Event | None = None) -> str:
    lists = []
    for row in rows:
        item = _fields(row)
        item.update(
            valid=row.valid,
            name=row.name,
            points=row.points,
            total=row.total,
            problems=[p.as_dict(file=False) for p in row.problems],
        )
        del item["first_problem"]
        lists.append(item)
    head: dict[str, Any] = {"data_version": data_version}
    if event is not None:
        head["event"] = {
            "name": event.name,
            "file": event.path,
            "points": event.points,
            "lists_per_player": event.lists_per_player,
        }
    bad = sum(not r.valid for r in rows)
    head.update(total=len(rows), valid=len(rows) - bad, invalid=bad, lists=lists)
    return json.dumps(head, indent=2, ensure_ascii=False) + "\n"


def junit_report(rows: Sequence[Row], suite: str = "armybuilder batch") -> str:
    """JUnit XML: one test case per list, failing with its problems, for a club repository's CI."""
    bad = sum(not r.valid for r in rows)
    root = ET.Element("testsuites", name=suite, tests=str(len(rows)), failures=str(bad))
    tests = ET.SubElement(
        root, "testsuite", name=suite, tests=str(len(rows)), failures=str(bad), errors="0", skipped="0"
    )
    for row in rows:
        case = ET.SubElement(tests, "testcase", classname=row.player, name=row.path, file=row.path)
        if not row.valid:
            first = row.first_problem
            failure = ET.SubElement(
                case, "failure", type=first.rule if first else "invalid", message=problem_text(first)
            )
            failure.text = "".join(f"{where(p)}: {p.severity} {p.rule} {p.message}\n" for p in row.problems)
        elif row.problems:
            ET.SubElement(case, "system-out").text = "".join(
                f"{where(p)}: {p.severity} {p.rule} {p.message}\n" for p in row.problems
            )
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


_STYLE = """
body{font:15px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left;
vertical-align:top}th{background:#eee;cursor:pointer;user-select:none}th.num,td.num{text-align:right}
.valid{color:#176317;font-weight:bold}.invalid{color:#a31515;font-weight:bold}
section{border-top:2px solid #ccc;margin-top:1.5em}iframe{width:100%;height:40em;border:1px solid #ccc}
"""

# A click on a column heading sorts the table by it (numbers as numbers), a second click reverses.
_SORT = """
document.querySelectorAll("table.sortable th").forEach(function (th, col) {
  th.addEventListener("click", function () {
    var body = th.closest("table").tBodies[0], rows = Array.from(body.rows);
    var dir = th.dataset.dir === "asc" ? -1 : 1; th.dataset.dir = dir === 1 ? "asc" : "desc";
    rows.sort(function (a, b) {
      var x = a.cells[col].dataset.key || a.cells[col].textContent, y = b.cells[col].dataset.key || b.cells[col].textContent;
      var nx = parseFloat(x), ny = parseFloat(y);
      return dir * (!isNaN(nx) && !isNaN(ny) ? nx - ny : x.localeCompare(y));
    });
    rows.forEach(function (r) { body.appendChild(r); });
  });
});
"""


def html_report(rows: Sequence[Row], data_version: str, event: Event | None = None) -> str:
    """A standalone page: a sortable summary table, then one section per list with its problems and sheet."""
    e = html.escape
    title = f"{event.name or 'Event'} — list check" if event is not None else "Army list check"
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        f"<p>{e(_counts(rows))}; card data {e(data_version)}.</p>",
        '<table class="sortable" id="summary"><thead><tr>',
    ]
    heads = ("player", "team", "faction", "commander", "points", "verdict", "problems", "first problem")
    out.append(
        "".join(f"<th{' class=num' if h in ('points', 'problems') else ''}>{e(h)}</th>" for h in heads)
    )
    out.append("</tr></thead><tbody>")
    for index, row in enumerate(rows):
        points = "" if row.total is None else f"{row.total}/{row.points}"
        cells = [
            f'<td><a href="#list-{index}">{e(row.player)}</a></td>',
            f"<td>{e(row.team or '')}</td>",
            f"<td>{e(row.faction or '')}</td>",
            f"<td>{e(row.commander or '')}</td>",
            f'<td class="num" data-key="{row.total if row.total is not None else -1}">{e(points)}</td>',
            f'<td class="{row.verdict}">{row.verdict}</td>',
            f'<td class="num">{len(row.problems)}</td>',
            f"<td>{e(problem_text(row.first_problem))}</td>",
        ]
        out.append(f'<tr class="player">{"".join(cells)}</tr>')
    out.append("</tbody></table>")
    for index, row in enumerate(rows):
        out.append(f'<section id="list-{index}"><h2>{e(row.player)}: {e(row.name or row.path)}</h2>')
        out.append(
            f'<p><code>{e(row.path)}</code> ({e(row.format)}) — <span class="{row.verdict}">'
            f"{row.verdict}</span></p>"
        )
        if row.problems:
            out.append(
                "<table><thead><tr><th>line</th><th>severity</th><th>rule</th><th>problem</th></tr>"
                "</thead><tbody>"
            )
            for p in row.problems:
                line = f"{p.line}:{p.column}" if p.line else ""
                out.append(
                    f"<tr><td>{line}</td><td>{e(str(p.severity))}</td><td>{e(p.rule)}</td>"
                    f"<td>{e(p.message)}</td></tr>"
                )
            out.append("</tbody></table>")
        if row.sheet:
            out.append(f'<iframe title="army sheet of {e(row.path)}" srcdoc="{e(row.sheet)}"></iframe>')
        elif row.outline:
            out.append(
                '<table class="list"><thead><tr><th>card</th><th class=num>points</th></tr></thead><tbody>'
            )
            out += [f'<tr><td>{e(text)}</td><td class="num">{cost}</td></tr>' for text, cost in row.outline]
            out.append("</tbody></table>")
        out.append("</section>")
    out.append(f"<script>{_SORT}</script></body></html>")
    return "\n".join(out) + "\n"


def render(fmt: str, rows: Sequence[Row], data_version: str, event: Event | None = None) -> str:
    """A report file's content in one of REPORT_FORMATS."""
    if fmt == "csv":
        return csv_report(rows)
    if fmt == "json":
        return json_report(rows, data_version, event)
    if fmt == "junit":
        return junit_report(
            rows, f"{event.name or 'event'}" if event is not None and event.name else "armybuilder batch"
        )
    if fmt == "html":
        return html_report(rows, data_version, event)
    raise ValueError(fmt)
