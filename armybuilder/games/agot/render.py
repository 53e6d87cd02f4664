"""How a checked position looks: `show` (rich), Markdown and one self-contained HTML page.

Per house: its supply level with the armies it allows beside the armies it has, units against the caps,
power tokens, its places on the influence tracks, and the areas with problems; then the position itself
(`render_lines`: the game block, and per house its units and orders by area, power tokens, house cards and
muster plan); then every problem.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from armybuilder.games.agot.data import TRACK_NAMES, UNIT_PLURAL
from armybuilder.games.agot.position import Position
from armybuilder.games.agot.render_lines import Lines, position_blocks
from armybuilder.games.base import Report
from armybuilder.text import markdown_text

if TYPE_CHECKING:
    from rich.console import RenderableType

COLUMNS = (
    "house",
    "supply",
    "armies allowed",
    "armies",
    "units / caps",
    "power",
    "starred orders",
    "tracks",
    "areas with problems",
)


def _numbers(values: Any) -> str:
    if values is None:
        return "-"
    return ", ".join(str(v) for v in values) or "none"


def _units(units: Any) -> str:
    if not units:
        return "-"
    return ", ".join(f"{UNIT_PLURAL.get(k, k)} {v['value']}/{v['limit']}" for k, v in units.items())


def _power(f: dict[str, Any]) -> str:
    available, board = f.get("power_available"), f.get("power_on_board")
    if available is None and board is None:
        return "-"
    return f"{available if available is not None else '?'} available, {board if board is not None else '?'} on board"


def _starred(f: dict[str, Any]) -> str:
    """`2 of 2`, `3 (at least 2 allowed)`: starred orders placed against what King's Court allows."""
    stars = f.get("starred_orders")
    if stars is None:
        return "-"
    used, allowed = stars["used"], stars["allowed"]
    if allowed is None:
        return str(used)
    return f"{used} of {allowed}" if allowed.isdigit() else f"{used} ({allowed} allowed)"


def _tracks(f: dict[str, Any]) -> str:
    tracks = f.get("tracks") or {}
    return ", ".join(f"{TRACK_NAMES[t]} {p if p is not None else '-'}" for t, p in tracks.items()) or "-"


def problem_areas(report: Report[Any]) -> dict[str, list[str]]:
    """House -> the areas (units, orders, power tokens) that a problem points at, in file order."""
    position = report.model
    if not isinstance(position, Position):
        return {}
    lines = {p.line for p in report.problems if p.severity.value != "note"}
    result: dict[str, list[str]] = {}
    for hid, block in position.houses.items():
        found: list[str] = []
        entries = [(s.pos, name) for name, s in (block.stacks or {}).items()]
        entries += [(o.pos, o.place.name) for o in block.orders or ()]
        entries += [(where, place.name) for place, where in block.tokens or ()]
        for pos, name in sorted(entries):
            if pos[0] in lines and name not in found:
                found.append(name)
        result[hid] = found
    return result


def rows(report: Report[Any]) -> list[tuple[str, ...]]:
    figures = report.summary.details.get("houses") or {}
    areas = problem_areas(report)
    result: list[tuple[str, ...]] = []
    for hid, f in figures.items():
        supply = f.get("supply")
        result.append(
            (
                f.get("name", hid),
                "-" if supply is None else str(supply),
                _numbers(f.get("armies_allowed")),
                _numbers(f.get("armies")) + (" (breach)" if f.get("supply_breach") else ""),
                _units(f.get("units")),
                _power(f),
                _starred(f),
                _tracks(f),
                ", ".join(areas.get(hid, ())) or "-",
            )
        )
    return result


DROPPING = ("unknown-house", "unknown-unit-type", "schema")  # entries the reader leaves out of the model


def left_out(report: Report[Any]) -> list[str]:
    """The entries the table leaves out (unknown names, malformed entries), so that none vanishes without
    a word: `line 7 (unknown-house)`."""
    return [f"line {p.line} ({p.rule})" for p in report.problems if p.rule in DROPPING and p.is_error]


def _verdict(report: Report[Any]) -> str:
    errors, warnings, notes = len(report.errors), len(report.warnings), len(report.notes)
    word = "valid" if report.valid else "invalid"
    return f"{word}: {errors} error(s), {warnings} warning(s), {notes} note(s)"


def _blocks(report: Report[Any]) -> list[Lines]:
    """The position's blocks (none for a file that is no position)."""
    position = report.model
    return position_blocks(position) if isinstance(position, Position) else []


def _heading(report: Report[Any]) -> str:
    title = report.summary.title or report.path
    return f"{title} ({report.path})" if report.summary.title else title


def show(report: Report[Any]) -> RenderableType:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts: list[RenderableType] = [
        Text(_heading(report), style="bold"),
        Text(_verdict(report), style="green" if report.valid else "red"),
    ]
    table_rows = rows(report)
    if table_rows:
        table = Table(*COLUMNS, show_lines=False)
        for row in table_rows:
            table.add_row(*row)
        parts.append(table)
    dropped = left_out(report)
    if dropped:
        parts.append(Text("left out of the table: " + "; ".join(dropped), style="yellow"))
    for block in _blocks(report):
        parts.append(Text(""))
        parts.append(Text(block.title, style="bold underline"))
        parts.extend(Text(line) for line in block.lines)
    if report.problems:
        parts += [Text(""), Text("Problems", style="bold underline")]
    for p in report.problems:
        style = {"error": "red", "warning": "yellow"}.get(p.severity.value, "cyan")
        line = Text()
        line.append(f"{p.line}:{p.column} ", style="dim")
        line.append(f"{p.severity.value} ", style=style)
        line.append(f"{p.rule} ", style="bold")
        line.append(p.message)
        parts.append(line)
    return Group(*parts)


def _md_cell(text: str) -> str:
    return markdown_text(text)


def markdown(report: Report[Any]) -> str:
    out = [f"# {_md_cell(_heading(report))}", "", f"**{_verdict(report)}**", ""]
    table_rows = rows(report)
    if table_rows:
        out.append("| " + " | ".join(COLUMNS) + " |")
        out.append("|" + "---|" * len(COLUMNS))
        out.extend("| " + " | ".join(_md_cell(c) for c in row) + " |" for row in table_rows)
        out.append("")
    if left_out(report):
        out += ["Left out of the table: " + _md_cell("; ".join(left_out(report))), ""]
    for block in _blocks(report):
        out += [f"## {_md_cell(block.title)}", ""]
        out += [f"- {_md_cell(line)}" for line in block.lines]
        out.append("")
    if report.problems:
        out.append("## Problems")
        out.append("")
        out.append("| line | severity | rule | message |")
        out.append("|---|---|---|---|")
        out.extend(
            f"| {p.line}:{p.column} | {p.severity.value} | `{p.rule}` | {_md_cell(p.message)} |"
            for p in report.problems
        )
        out.append("")
    return "\n".join(out)


_CSS = (
    "body{font-family:system-ui,sans-serif;margin:2em;color:#222}"
    "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:.3em .6em;text-align:left}"
    "th{background:#eee}.error{color:#b00}.warning{color:#a60}.note{color:#06a}.valid{color:#070}"
)


def html_page(report: Report[Any]) -> str:
    e = html.escape
    head = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; img-src data:\">"
        f"<title>{e(_heading(report))}</title><style>{_CSS}</style></head><body>"
    )
    body = [f"<h1>{e(_heading(report))}</h1>"]
    body.append(
        f'<p class="{"valid" if report.valid else "error"}"><strong>{e(_verdict(report))}</strong></p>'
    )
    table_rows = rows(report)
    if table_rows:
        body.append("<table><tr>" + "".join(f"<th>{e(c)}</th>" for c in COLUMNS) + "</tr>")
        body.extend("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in table_rows)
        body.append("</table>")
    if left_out(report):
        body.append(f"<p>Left out of the table: {e('; '.join(left_out(report)))}</p>")
    for block in _blocks(report):
        body.append(f"<h2>{e(block.title)}</h2><ul>")
        body.extend(f"<li>{e(line)}</li>" for line in block.lines)
        body.append("</ul>")
    if report.problems:
        body.append(
            "<h2>Problems</h2><table><tr><th>line</th><th>severity</th><th>rule</th><th>message</th></tr>"
        )
        body.extend(
            f'<tr class="{e(p.severity.value)}"><td>{p.line}:{p.column}</td><td>{e(p.severity.value)}</td>'
            f"<td><code>{e(p.rule)}</code></td><td>{e(p.message)}</td></tr>"
            for p in report.problems
        )
        body.append("</table>")
    return head + "".join(body) + "</body></html>\n"
