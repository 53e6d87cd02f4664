"""`show` and the Markdown/HTML exports of a War of the Ring position: one set of blocks, three renderings."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armybuilder.games.base import Report
from armybuilder.games.wotr.data import SIDES
from armybuilder.games.wotr.position import Place, Position
from armybuilder.games.wotr.tables import figure_rows, limit_breaks, unstated
from armybuilder.games.wotr.words import SIDE_WORDS, join, plural
from armybuilder.games.wotr.words import place as words_place
from armybuilder.text import markdown_text

_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


@dataclass
class Block:
    """A titled part of the report: a table (headers and rows) or plain lines."""

    title: str
    headers: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


def _n(value: int | None) -> str:
    return "—" if value is None else str(value)


def _figures(position: Position) -> Block:
    data = position.data
    block = Block(
        "Figures per nation",
        ["nation", "kind", "board", "besieged", "reinforcements", "casualties", "left in the box"],
    )
    for row in figure_rows(position):
        nation = data.nations[row.nation]
        block.rows.append(
            [
                nation.short,
                data.kinds[row.kind].plural,
                _n(row.board),
                _n(row.besieged),
                _n(row.reinforcements),
                _n(row.casualties) if nation.side == "free_peoples" else "",
                _left(row.in_box, row.box),
            ]
        )
    missing = unstated(position)
    if missing:
        block.lines.append(f"not stated (counted as 0 for the box): {', '.join(missing)}")
    return block


def _left(left: int, box: int) -> str:
    """What the box still holds (`3 of 15`), or `1 too many (the box holds 15)`."""
    if left < 0:
        return f"{-left} too many (the box holds {box})"
    return f"{left} of {box}"


def _regions(position: Position) -> Block:
    """Each region with figures: who stands in the open, who is besieged in the Stronghold, who holds it."""
    block = Block("Regions", ["region", "in the open", "besieged in the Stronghold", "held by"])
    names = list(dict.fromkeys([*(position.board or {}), *(position.besieged or {})]))
    for name in names:
        open_ = (position.board or {}).get(name)
        box = (position.besieged or {}).get(name)
        block.rows.append(
            [
                name,
                _stacks(position, open_) if open_ is not None else ("—" if position.board is None else "nothing"),
                _stacks(position, box) if box is not None else ("—" if position.besieged is None else "nothing"),
                _holder(position, name),
            ]
        )
    if not names:
        block.lines.append("no region stated" if position.board is None and position.besieged is None else "none")
    return block


def _stacks(position: Position, place: Place) -> str:
    text = words_place(position.data, {n: s.counts for n, s in place.stacks.items()})
    return text + (" (and entries left out)" if place.damaged else "")


def _holder(position: Position, region: str) -> str:
    data = position.data
    nation = data.regions[region].nation
    if position.captured is not None and region in position.captured:
        return f"{SIDE_WORDS[position.captured[region].side]} (captured)"
    if nation is None:
        return "—"
    side = SIDE_WORDS[data.nations[nation].side]
    return f"{data.nations[nation].short} ({side})" + ("" if position.captured is not None else ", unless captured")


def _left_out(report: Report[Any]) -> Block | None:
    """Entries the tables leave out, so that none vanishes without a word."""
    dropped = [p for p in report.problems if p.rule in ("unknown-region", "unknown-figure", "schema")]
    if not dropped:
        return None
    block = Block("Left out of the tables above")
    block.lines += [f"line {p.line}: {p.message}" for p in dropped]
    return block


def _limits(position: Position) -> Block:
    breaks = limit_breaks(position)
    return Block("Regions over a limit", lines=breaks or ["none"])


def _fellowship(position: Position) -> Block:
    block = Block("Fellowship")
    f = position.fellowship
    if f is None:
        block.lines.append("not stated")
        return block
    data = position.data
    fields = f.fields
    if "location" in fields:
        location = fields["location"].value
        block.lines.append(f"location: {location if location is not None else 'none (on the Mordor track)'}")
    if "progress" in fields:
        hidden = ""
        if "revealed" in fields:
            hidden = " (revealed)" if fields["revealed"].value else " (hidden)"
        block.lines.append(f"progress: {fields['progress'].value}{hidden}")
    elif "revealed" in fields:
        block.lines.append("revealed" if fields["revealed"].value else "hidden")
    if "corruption" in fields:
        block.lines.append(f"corruption: {fields['corruption'].value}/{data.corruption_max}")
    step = f.value("mordor_step")
    block.lines.append(
        "Mordor track: not on it" if step is None else f"Mordor track: step {step} of {data.mordor_last_step}"
    )
    if "guide" in fields:
        block.lines.append(f"guide: {fields['guide'].value}")
    if f.companions is not None:
        names = [c.name for c in f.companions]
        block.lines.append(f"companions ({len(names)}): {join(names) if names else 'none'}")
    if position.characters:
        block.lines.append(
            "on the map: " + "; ".join(f"{c.name} in {c.region}" for c in position.characters.values())
        )
    if position.eliminated:
        block.lines.append("eliminated: " + join([n.name for n in position.eliminated]))
    return block


def _tracks(position: Position) -> Block:
    data = position.data
    block = Block("Dice, rings, politics and victory")
    if position.action_dice is not None:
        dice = [
            f"{SIDE_WORDS[s]} {position.action_dice[s].value}" for s in SIDES if s in position.action_dice
        ]
        block.lines.append("action dice: " + (", ".join(dice) or "—"))
    if position.hunt:  # what the file records of this turn's Hunt: the dice allocated, the dice taken back
        hunt = position.hunt
        parts = [f"{hunt['allocated'].value} Shadow dice allocated"] if "allocated" in hunt else []
        if "free_peoples_dice_returned" in hunt:
            taken = hunt["free_peoples_dice_returned"].value
            parts.append(f"the Free Peoples {'took' if taken else 'took no'} dice back in phase 1")
        block.lines.append("Hunt box: " + "; ".join(parts))
    if position.elven_rings is not None:
        rings = position.elven_rings
        parts = [
            f"{label} {rings[k].value}"
            for k, label in (("free_peoples", "Free Peoples"), ("shadow", "Shadow"), ("spent", "spent"))
            if k in rings
        ]
        block.lines.append("Elven Rings: " + ", ".join(parts))
    if position.political is not None:
        parts = []
        for entry in position.political.values():
            state = []
            if entry.box is not None:
                state.append("At War" if entry.box.value == 0 else f"box {entry.box.value}")
            if entry.active is not None:
                state.append("active" if entry.active.value else "passive")
            parts.append(f"{data.nations[entry.nation].short} {' '.join(state) or '?'}")
        block.lines.append("political track: " + ("; ".join(parts) or "—"))
    if position.hands is not None:
        block.lines.append(
            "event cards in hand: "
            + (", ".join(f"{_player(position, k)} {v.value}" for k, v in position.hands.items()) or "—")
        )
    if position.control:
        block.lines.append(
            "control: "
            + "; ".join(
                f"{_player(position, player)}: {join([_controlled(position, n.name) for n in names]) or '—'}"
                for player, names in position.control.items()
            )
        )
    vp = []
    for side in ("free_peoples", "shadow"):
        recorded = None if position.victory_points is None else position.victory_points.get(side)
        computed = position.captured_vp(side)
        text = []
        if recorded is not None:
            text.append(f"{recorded.value} recorded")
        if computed is not None:
            text.append(f"{computed[0]} from captured settlements")
        if text:
            vp.append(f"{SIDE_WORDS[side]} {', '.join(text)} (wins at {data.vp_needed[side]})")
    if vp:
        block.lines.append("victory points: " + "; ".join(vp))
    if position.captured:
        block.lines.append(
            "captured: "
            + "; ".join(f"{c.region} by {SIDE_WORDS[c.side]}" for c in position.captured.values())
        )
    if position.result is not None:
        block.lines.append(f"result claimed: {position.result.value}")
    if not block.lines:
        block.lines.append("not stated")
    return block


def _player(position: Position, key: str) -> str:
    """`Free Peoples`, `Shadow`, or a player's name (`Gondor`, `Witch-king`) for a `hands`/`control` key."""
    return SIDE_WORDS.get(key) or position.data.player_names.get(key, key)


def _controlled(position: Position, name: str) -> str:
    nation = position.data.nations.get(name)
    return nation.short if nation is not None else name


def _problems(report: Report[Any]) -> Block:
    block = Block("Problems", ["line", "severity", "rule", "message"])
    for p in report.problems:
        block.rows.append([f"{p.line}:{p.column}", p.severity.value, p.rule, p.message])
    if not report.problems:
        block.lines.append("none: the position is valid")
    return block


def blocks(report: Report[Any]) -> list[Block]:
    position = report.model
    if not isinstance(position, Position) or not position.readable:
        return [_problems(report)]
    left_out = _left_out(report)
    return [
        _figures(position),
        _regions(position),
        _limits(position),
        _fellowship(position),
        _tracks(position),
        *([left_out] if left_out is not None else []),
        _problems(report),
    ]


def heading(report: Report[Any]) -> str:
    verdict = "valid" if report.valid else "invalid"
    counts = f"{plural(len(report.errors), 'error')}, {plural(len(report.warnings), 'warning')}"
    title = report.summary.title or "position"
    details = report.summary.details
    if getattr(report.model, "name", None):  # a named position: its turn and phase too (the title has neither)
        when = [f"{key} {details[key]}" for key in ("turn", "phase") if details.get(key) is not None]
        title += f" ({', '.join(when)})" if when else ""
    return f"{title} — {report.path} — {verdict} ({counts})"


# --- rich ------------------------------------------------------------------------------------------------


def show(report: Report[Any]) -> RenderableType:
    parts: list[RenderableType] = [Text(heading(report), style="bold")]
    for block in blocks(report):
        parts.append(Text(""))
        parts.append(Text(block.title, style="bold underline"))
        if block.headers:
            table = Table(show_edge=False, pad_edge=False)
            for header in block.headers:
                table.add_column(header, overflow="fold")
            for row in block.rows:
                table.add_row(*(Text(cell) for cell in row))
            parts.append(table)
        for line in block.lines:
            parts.append(Text(line))
    return Group(*parts)


# --- Markdown -----------------------------------------------------------------------------------------


def _md_cell(text: str) -> str:
    return markdown_text(text)  # a cell escaped as all text: a problem quotes names from the file (`<a href=…>`)


def _md_text(text: str) -> str:
    return markdown_text(text)


def markdown(report: Report[Any]) -> str:
    lines = [f"# {_md_text(heading(report))}", ""]
    for block in blocks(report):
        lines += [f"## {_md_text(block.title)}", ""]
        if block.headers:
            lines.append("| " + " | ".join(block.headers) + " |")
            lines.append("|" + "---|" * len(block.headers))
            lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in block.rows]
            lines.append("")
        if block.lines:
            lines += [f"- {_md_text(line)}" for line in block.lines]
            lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


# --- HTML ----------------------------------------------------------------------------------------------

_STYLE = (
    "body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;margin:.5em 0}"
    "td,th{border:1px solid #bbb;padding:.2em .6em;text-align:left}th{background:#eee}"
    "h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.5em}"
)


def html_page(report: Report[Any]) -> str:
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">',
        f"<title>{e(report.summary.title or 'position')}</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>{e(heading(report))}</h1>",
    ]
    for block in blocks(report):
        out.append(f"<h2>{e(block.title)}</h2>")
        if block.headers:
            out.append("<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in block.headers) + "</tr>")
            out += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in block.rows]
            out.append("</table>")
        if block.lines:
            out.append("<ul>" + "".join(f"<li>{e(line)}</li>" for line in block.lines) + "</ul>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
