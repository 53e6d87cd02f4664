"""Batch reports: the terminal summary table and progress bar (rich), and CSV, JSON, JUnit XML and HTML files.

The file formats are plain text (no colour, everything escaped) streamed piece by piece from the rows of
`armybuilder.batch.Results` as they are read back, so a report of ten thousand lists never holds them all.
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Protocol
from xml.sax.saxutils import escape as xml_escape
from xml.sax.saxutils import quoteattr

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

    from armybuilder.batch import Event, Row
    from armybuilder.problems import Problem


class Rows(Protocol):
    """What the reports read: every row in order (as often as needed), how many, how many invalid."""

    invalid: int

    def __iter__(self) -> Iterator[Row]: ...

    def __len__(self) -> int: ...


TABLE_CHUNK = 200  # summary rows rendered at once

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


def counts(rows: Rows) -> str:
    return f"{len(rows)} lists: {len(rows) - rows.invalid} valid, {rows.invalid} invalid"


# --- terminal ------------------------------------------------------------------------------------------------


SUMMARY_COLUMNS = (  # heading, justification, narrowest width when the terminal is too narrow for all
    ("player", "left", 8),
    ("faction", "left", 7),
    ("commander", "left", 10),
    ("points", "right", 6),
    ("verdict", "left", 7),
    ("first problem", "left", 20),
)


def fit_widths(natural: list[int], least: list[int], room: int) -> list[int]:
    """Column widths within `room` cells: the widest column gives way first, none below its least width."""
    widths = list(natural)
    while sum(widths) > room:
        shrinkable = [i for i, w in enumerate(widths) if w > least[i]]
        if not shrinkable:
            break
        widest = max(shrinkable, key=lambda i: widths[i])
        widths[widest] -= 1
    return widths


def _summary_cells(row: Row) -> tuple[str, ...]:
    points = "" if row.total is None else f"{row.total}/{row.points}"
    return (
        row.player,
        row.faction or "",
        row.commander or "",
        points,
        row.verdict,
        problem_text(row.first_problem),
    )


def print_table(console: Console, rows: Rows, *, problems: bool = True) -> None:
    """The summary for the organiser, printed as it streams: one line per list, then every problem of the
    invalid ones, then the count. Column widths come from a first pass, so every run of lines aligns."""
    from rich.box import SIMPLE_HEAD
    from rich.cells import cell_len
    from rich.table import Table
    from rich.text import Text

    from armybuilder.render.reports import problems_table

    natural = [cell_len(name) for name, _, _ in SUMMARY_COLUMNS]
    for row in rows:
        natural = [max(w, cell_len(cell)) for w, cell in zip(natural, _summary_cells(row), strict=True)]
    gaps = 3 * len(SUMMARY_COLUMNS) - 1  # a space either side of each cell, one between cells
    widths = fit_widths(natural, [least for _, _, least in SUMMARY_COLUMNS], console.width - gaps)

    def new_table(header: bool) -> Table:
        table = Table(box=SIMPLE_HEAD, show_header=header, header_style="bold", show_edge=False, expand=False)
        for (name, justify, _), width in zip(SUMMARY_COLUMNS, widths, strict=True):
            table.add_column(name, justify=justify, overflow="fold", width=width)  # type: ignore[arg-type]
        return table

    table = new_table(header=True)
    for row in rows:
        cells = _summary_cells(row)
        verdict = Text(row.verdict, style="bold green" if row.valid else "bold red")
        table.add_row(*cells[:4], verdict, cells[5])
        if table.row_count == TABLE_CHUNK:
            console.print(table)
            table = new_table(header=False)
    if table.row_count or len(rows) == 0:
        console.print(table)
    if problems:
        for row in rows:
            if row.problems and not row.valid:
                console.print(
                    Text.assemble(
                        Text(row.path, style="bold"), f" ({row.player}): ", Text("invalid", style="bold red")
                    )
                )
                console.print(problems_table(list(row.problems)))
    console.print(Text(counts(rows), style="bold"))


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


def csv_report(rows: Rows) -> Iterator[str]:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(_fields(row))
        if out.tell() > 1 << 16:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()


def json_report(rows: Rows, data_version: str, event: Event | None = None) -> Iterator[str]:
    """One JSON document: the totals, then every list (indented like `json.dumps(..., indent=2)`)."""
    head: dict[str, Any] = {"data_version": data_version}
    if event is not None:
        head["event"] = {
            "name": event.name,
            "file": event.path,
            "points": event.points,
            "lists_per_player": event.lists_per_player,
        }
    head.update(total=len(rows), valid=len(rows) - rows.invalid, invalid=rows.invalid, lists=[])
    opening = json.dumps(head, indent=2, ensure_ascii=False)
    assert opening.endswith('"lists": []\n}')
    yield opening[: -len("]\n}")]
    first = True
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
        body = json.dumps(item, indent=2, ensure_ascii=False).replace("\n", "\n    ")
        yield ("\n    " if first else ",\n    ") + body
        first = False
    yield "]\n}\n" if first else "\n  ]\n}\n"


def junit_report(rows: Rows, suite: str = "armybuilder batch") -> Iterator[str]:
    """JUnit XML: one test case per list, failing with its problems, for a club repository's CI."""
    total, bad, name = str(len(rows)), str(rows.invalid), quoteattr(suite)
    yield '<?xml version="1.0" encoding="utf-8"?>\n'
    yield f"<testsuites name={name} tests={quoteattr(total)} failures={quoteattr(bad)}>\n"
    yield (
        f"  <testsuite name={name} tests={quoteattr(total)} failures={quoteattr(bad)} "
        'errors="0" skipped="0">\n'
    )
    for row in rows:
        case = f"    <testcase classname={quoteattr(row.player)} name={quoteattr(row.path)} file={quoteattr(row.path)}"
        lines = "".join(f"{where(p)}: {p.severity} {p.rule} {p.message}\n" for p in row.problems)
        if not row.valid:
            first = row.first_problem
            kind = quoteattr(first.rule if first else "invalid")
            yield (
                f"{case}>\n      <failure type={kind} message={quoteattr(problem_text(first))}>"
                f"{xml_escape(lines)}</failure>\n    </testcase>\n"
            )
        elif row.problems:
            yield f"{case}>\n      <system-out>{xml_escape(lines)}</system-out>\n    </testcase>\n"
        else:
            yield f"{case} />\n"
    yield "  </testsuite>\n</testsuites>\n"


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


def html_report(rows: Rows, data_version: str, event: Event | None = None) -> Iterator[str]:
    """A standalone page: a sortable summary table, then one section per list with its problems and sheet."""
    e = html.escape
    title = f"{event.name or 'Event'} — list check" if event is not None else "Army list check"
    yield "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{e(title)}</title><style>{_STYLE}</style></head><body>",
            f"<h1>{e(title)}</h1>",
            f"<p>{e(counts(rows))}; card data {e(data_version)}.</p>",
            '<table class="sortable" id="summary"><thead><tr>',
            "",
        ]
    )
    heads = ("player", "team", "faction", "commander", "points", "verdict", "problems", "first problem")
    yield "".join(f"<th{' class=num' if h in ('points', 'problems') else ''}>{e(h)}</th>" for h in heads)
    yield "\n</tr></thead><tbody>\n"
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
        yield f'<tr class="player">{"".join(cells)}</tr>\n'
    yield "</tbody></table>\n"
    for index, row in enumerate(rows):
        yield "\n".join(_html_section(index, row)) + "\n"
    yield f"<script>{_SORT}</script></body></html>\n"


def _html_section(index: int, row: Row) -> Iterable[str]:
    e = html.escape
    yield f'<section id="list-{index}"><h2>{e(row.player)}: {e(row.name or row.path)}</h2>'
    yield (
        f'<p><code>{e(row.path)}</code> ({e(row.format)}) — <span class="{row.verdict}">'
        f"{row.verdict}</span></p>"
    )
    if row.problems:
        yield "<table><thead><tr><th>line</th><th>severity</th><th>rule</th><th>problem</th></tr></thead><tbody>"
        for p in row.problems:
            line = f"{p.line}:{p.column}" if p.line else ""
            yield (
                f"<tr><td>{line}</td><td>{e(str(p.severity))}</td><td>{e(p.rule)}</td>"
                f"<td>{e(p.message)}</td></tr>"
            )
        yield "</tbody></table>"
    if row.sheet:
        yield f'<iframe title="army sheet of {e(row.path)}" srcdoc="{e(row.sheet)}"></iframe>'
    elif row.outline:
        yield '<table class="list"><thead><tr><th>card</th><th class=num>points</th></tr></thead><tbody>'
        for text, cost in row.outline:
            yield f'<tr><td>{e(text)}</td><td class="num">{cost}</td></tr>'
        yield "</tbody></table>"
    yield "</section>"


def render(fmt: str, rows: Rows, data_version: str, event: Event | None = None) -> Iterator[str]:
    """A report file's content in one of REPORT_FORMATS, piece by piece."""
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
