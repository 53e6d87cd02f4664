"""`html`: a standalone page that prints well: each player's state, every list (sortable, linked to its
sheet), the field by faction and commander, the roster for pairings, then each list's sheet on a page
of its own."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from armybuilder.field import Field
from armybuilder.render.reports.assets import CSP, SORT, STYLE, e, page_rule, sheet_styles, table
from armybuilder.render.reports.common import counts
from armybuilder.rows import problem_text
from armybuilder.text import count, printable

if TYPE_CHECKING:
    from armybuilder.problems import Problem
    from armybuilder.render.reports import Meta, Rows
    from armybuilder.rows import Row


def _head(rows: Rows, meta: Meta) -> tuple[Field, set[str], bool]:
    """One pass before the page is written: the field, the games whose sheets it shows, whether any list
    names a team."""
    found = Field(meta.event.lists_per_player if meta.event is not None else None)
    sheets: set[str] = set()
    for row in rows:
        found.add(row)
        if row.sheet:
            sheets.add(row.game)
    return found, sheets, found.has_teams


def write(rows: Rows, meta: Meta) -> Iterator[str]:
    """A standalone page that prints well: each player's state, every list (sortable, linked to its
    sheet), the field by faction and commander, the roster for pairings, then each list's sheet on a page
    of its own."""
    event, data_version = meta.event, meta.data_version
    lists_per_player = event.lists_per_player if event is not None else None
    title = f"{event.name or 'Event'} — list check" if event is not None else "Army list check"
    found, sheets, teams = _head(rows, meta)
    yield "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
            f"<title>{e(title)}</title><style>{page_rule(meta.page)}{STYLE}{sheet_styles(sheets)}</style></head><body>",
            f"<h1>{e(title)}</h1>",
            f"<p>{e(counts(rows))}"
            + (f"; card data {e(data_version)}" if data_version else "")
            + (f"; {e(count(len(meta.skipped), 'file'))} skipped (no list)" if meta.skipped else "")
            + ".</p>",
            "",
        ]
    )
    # each player first: "is Alice done?"
    yield "<h2>Players</h2>"
    heads = ["player", *(["team"] if teams else []), "lists", "state"]
    body = []
    for player in found.players.values():
        state = player.status(lists_per_player)
        ok = player.done(lists_per_player)
        body.append(
            [f"<td>{e(player.name)}</td>", *([f"<td>{e(player.team or '')}</td>"] if teams else []),
             f'<td class="num">{player.valid}/{len(player.files)} valid</td>',
             f'<td class="{"ok" if ok else "fix"}">{e(state)}</td>']
        )  # fmt: skip
    yield table(heads, body, ("lists",)) + "\n"
    yield "<h2>Lists</h2>\n"
    yield '<table class="sortable" id="summary"><thead><tr>'
    heads = ["player", *(["team"] if teams else []), "file", "faction", "commander", "points", "verdict",
             "problems", "first problem"]  # fmt: skip
    yield "".join(f"<th{' class=num' if h in ('points', 'problems') else ''}>{e(h)}</th>" for h in heads)
    yield "</tr></thead><tbody>\n"
    for index, row in enumerate(rows):
        points = "" if row.total is None else f"{row.total}/{row.points}"
        cells = [
            f'<td><a href="#list-{index}">{e(row.player)}</a></td>',
            *([f"<td>{e(row.team or '')}</td>"] if teams else []),
            f'<td><a href="#list-{index}">{e(row.path)}</a></td>',
            f"<td>{e(row.side_name or row.side or '')}</td>",
            f"<td>{e(row.leader or '')}</td>",
            f'<td class="num" data-key="{row.total if row.total is not None else -1}">{e(points)}</td>',
            f'<td class="{row.verdict}">{row.verdict}</td>',
            f'<td class="num">{len(row.problems)}</td>',
            f"<td>{e(problem_text(row.first_problem))}</td>",
        ]
        yield f'<tr class="player">{"".join(cells)}</tr>\n'
    yield "</tbody></table>\n"
    # the field, for the event's announcement and its balance; the roster, for pairings
    yield '<h2>The field</h2><div class="field"><div>'
    yield table(["faction", "players", "lists"], (
        [f"<td>{e(name)}</td>", f'<td class="num">{players}</td>', f'<td class="num">{lists}</td>']
        for name, players, lists in found.factions()
    ), ("players", "lists"))  # fmt: skip
    yield "</div><div>"
    yield table(["commander", "lists"], (
        [f"<td>{e(name)}</td>", f'<td class="num">{lists}</td>'] for name, lists in found.commanders()
    ), ("lists",))  # fmt: skip
    yield "</div></div>\n<h2>Roster</h2>"
    heads = ["player", *(["team"] if teams else []), "faction", "commander", "share code"]
    yield table(heads, (
        [f"<td>{e(entry.player)}</td>", *([f"<td>{e(entry.team or '')}</td>"] if teams else []),
         f"<td>{e(entry.faction or '')}</td>", f"<td>{e(entry.commander or '')}</td>",
         f'<td class="code">{e(entry.code)}</td>' if entry.code else f"<td>{e(entry.code_note or '')}</td>"]
        for entry in found.ordered_roster()
    )) + "\n"  # fmt: skip
    if meta.skipped:
        yield f"<h2>Skipped</h2><p>{e(count(len(meta.skipped), 'file'))} that no player submitted as a list:</p><ul>"
        yield "".join(f"<li><code>{e(path)}</code></li>" for path in meta.skipped)
        yield "</ul>\n"
    for index, row in enumerate(rows):
        yield "\n".join(_html_section(index, row)) + "\n"
    yield f"<script>{SORT}</script></body></html>\n"


def _problems_table(problems: Iterable[Problem]) -> str:
    out = [
        "<table><thead><tr><th>line</th><th>severity</th><th>rule</th><th>problem</th></tr></thead><tbody>"
    ]
    for p in problems:
        line = f"{p.line}:{p.column}" if p.line else "whole file"
        out.append(
            f"<tr><td>{line}</td><td>{e(str(p.severity))}</td><td>{e(p.rule)}</td><td>{e(p.message)}</td></tr>"
        )
    out.append("</tbody></table>")
    return "".join(out)


def _html_section(index: int, row: Row) -> Iterable[str]:
    yield f'<section class="list" id="list-{index}"><h2>{e(row.player)}: {e(row.name or row.path)}</h2>'
    yield (
        f'<p><code>{e(row.path)}</code> ({e(row.format)}) — <span class="{row.verdict}">'
        f'{row.verdict}</span> <a class="screen" href="#summary">back to the lists</a></p>'
    )
    if row.sheet:
        # the sheet lists the file's own problems; those found across files are not on it
        if row.cross:
            yield "<p>Found across lists (the sheet below shows the list's own problems):</p>"
            yield _problems_table(row.cross)
        yield printable(row.sheet, one_line=False)
    else:
        if row.problems:
            yield _problems_table(row.problems)
        if row.outline:
            yield '<table class="list"><thead><tr><th>card</th><th class=num>points</th></tr></thead><tbody>'
            for text, cost in row.outline:
                yield f'<tr><td>{e(text)}</td><td class="num">{cost}</td></tr>'
            yield "</tbody></table>"
    yield "</section>"
