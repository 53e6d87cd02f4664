"""`html`: a standalone page that prints well: each player's state, every file (sortable, linked to its
sheet), the field by side and leader, the roster for pairings, then each file's sheet on a page of its
own, in the game's own words."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from armybuilder.field import Field
from armybuilder.games import DEFAULT_GAME
from armybuilder.games import terms as terms_of
from armybuilder.games.base import RowTerms
from armybuilder.render.reports.assets import CSP, SORT, STYLE, e, page_rule, sheet_styles, table
from armybuilder.render.reports.common import batch_games, counts
from armybuilder.rows import problem_text
from armybuilder.text import count, printable

if TYPE_CHECKING:
    from armybuilder.problems import Problem
    from armybuilder.render.reports import Meta, Rows
    from armybuilder.rows import Row


def write(rows: Rows, meta: Meta) -> Iterator[str]:
    """A standalone page that prints well: each player's state, every file (sortable, linked to its
    sheet), the field by side and leader, the roster for pairings, then each file's sheet on a page of
    its own. Every heading is in the game's own words; a mixed batch has a part per game."""
    event, data_version = meta.event, meta.data_version
    lists_per_player = event.lists_per_player if event is not None else None
    found = batch_games(rows, meta)
    keys, terms = found.game_keys, found.terms
    sheets = {row.game for row in rows if row.sheet}
    teams = found.has_teams
    title = f"{event.name or 'Event'} — {terms.noun} check" if event is not None else _page_title(keys)
    data = next((terms_of(g).data for g in keys if terms_of(g).data), None)
    yield "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
            f"<title>{e(title)}</title><style>{page_rule(meta.page)}{STYLE}{sheet_styles(sheets)}</style></head><body>",
            f"<h1>{e(title)}</h1>",
            f"<p>{e(counts(rows, found))}" + (f"; {e(data)} {e(data_version)}" if data and data_version else "")
            + (f"; {e(count(len(meta.skipped), 'file'))} skipped (not submitted)" if meta.skipped else "") + ".</p>",
            "",
        ]
    )
    # each player first: "is Alice done?"
    yield "<h2>Players</h2>"
    heads = ["player", *(["team"] if teams else []), terms.plural, "state"]
    body = []
    for player in found.players.values():
        state = player.status(lists_per_player)
        ok = player.done(lists_per_player)
        body.append(
            [f"<td>{e(player.name)}</td>", *([f"<td>{e(player.team or '')}</td>"] if teams else []),
             f'<td class="num">{player.valid}/{len(player.files)} valid</td>',
             f'<td class="{"ok" if ok else "fix"}">{e(state)}</td>']
        )  # fmt: skip
    yield table(heads, body, (terms.plural,)) + "\n"
    index = {row.path: i for i, row in enumerate(rows)} if len(keys) > 1 else None
    for game in keys:
        own = terms_of(game)
        part = f" ({_game_title(game)})" if len(keys) > 1 else ""
        yield f"<h2>{e(own.plural.capitalize() + part)}</h2>\n"
        yield from _lists_table(rows, found, game, own, teams, index)
        side = found.side(game)
        tables = []
        if own.side is not None and side.side_files:
            tables.append(table([own.side.heading, "players", own.plural], (
                [f"<td>{e(name)}</td>", f'<td class="num">{players}</td>', f'<td class="num">{n}</td>']
                for name, players, n in side.sides()
            ), ("players", own.plural)))  # fmt: skip
        if own.leader is not None and side.leader_files:
            tables.append(table([own.leader.heading, own.plural], (
                [f"<td>{e(name)}</td>", f'<td class="num">{n}</td>'] for name, n in side.leaders()
            ), (own.plural,)))  # fmt: skip
        if tables:
            yield f'<h2>The field{e(part)}</h2><div class="field"><div>' + "</div><div>".join(tables) + "</div></div>\n"
        yield f"<h2>Roster{e(part)}</h2>" + _roster(found, game, own, teams) + "\n"
    if meta.skipped:
        yield f"<h2>Skipped</h2><p>{e(count(len(meta.skipped), 'file'))} that no player submitted:</p><ul>"
        yield "".join(f"<li><code>{e(path)}</code></li>" for path in meta.skipped)
        yield "</ul>\n"
    if meta.refused:
        yield f"<h2>Not read</h2><p>{e(count(len(meta.refused), 'entry', 'entries'))} of the folders not read:</p><ul>"
        yield "".join(f"<li><code>{e(path)}</code>: {e(why)}</li>" for path, why in meta.refused)
        yield "</ul>\n"
    for i, row in enumerate(rows):
        yield "\n".join(_html_section(i, row)) + "\n"
    yield f"<script>{SORT}</script></body></html>\n"


def _game_title(key: str) -> str:
    from armybuilder import games

    system = games.lookup(key)
    return system.title if system is not None else "files no game could read"


def _page_title(keys: list[str]) -> str:
    """`Army list check`, `War of the Ring position check`; a mixed batch: `Submission check`."""
    if len(keys) != 1:
        return "Submission check"
    terms = terms_of(keys[0])
    if keys[0] == DEFAULT_GAME:
        return "Army list check"
    return f"{_game_title(keys[0])}: {terms.noun} check"


def _lists_table(
    rows: Rows, found: Field, game: str, own: RowTerms, teams: bool, index: dict[str, int] | None
) -> Iterator[str]:
    """One game's files: who, which file, the game's own columns, the verdict and the first problem."""
    ident = ' id="summary"' if game == found.game_keys[0] else ""
    yield f'<table class="sortable"{ident}><thead><tr>'
    numeric = {c.heading for c in own.tallies} | ({"points"} if own.points else set())
    heads = ["player", *(["team"] if teams else []), "file"]
    if own.side is not None:
        heads.append(own.side.heading)
    if own.leader is not None:
        heads.append(own.leader.heading)
    heads += [*(["points"] if own.points else []), *(c.heading for c in own.tallies)]
    heads += ["verdict", "problems", "first problem"]
    yield "".join(f"<th{' class=num' if h in numeric or h == 'problems' else ''}>{e(h)}</th>" for h in heads)
    yield "</tr></thead><tbody>\n"
    for position, row in enumerate(rows):
        if found.group(row.game) != game:
            continue
        at = index[row.path] if index is not None else position
        cells = [
            f'<td><a href="#list-{at}">{e(row.player)}</a></td>',
            *([f"<td>{e(row.team or '')}</td>"] if teams else []),
            f'<td><a href="#list-{at}">{e(row.path)}</a></td>',
        ]
        if own.side is not None:
            cells.append(f"<td>{e(row.side_name or row.side or '')}</td>")
        if own.leader is not None:
            cells.append(f"<td>{e(row.leader or '')}</td>")
        if own.points:
            points = "" if row.total is None else f"{row.total}/{row.points}"
            cells.append(f'<td class="num" data-key="{row.total if row.total is not None else -1}">{e(points)}</td>')
        values = own.cells(row)
        cells += [f'<td class="num">{e(str(values[c.key]))}</td>' for c in own.tallies]
        cells += [
            f'<td class="{row.verdict}">{row.verdict}</td>',
            f'<td class="num">{len(row.problems)}</td>',
            f"<td>{e(problem_text(row.first_problem))}</td>",
        ]
        yield f'<tr class="player">{"".join(cells)}</tr>\n'
    yield "</tbody></table>\n"


def _roster(found: Field, game: str, own: RowTerms, teams: bool) -> str:
    """Who plays what, for pairings: the game's side and leader (or the file's title), and share codes."""
    heads = ["player", *(["team"] if teams else [])]
    heads += [c.heading for c in (own.side, own.leader) if c is not None] or ["name"]
    heads += ["share code"] if own.codes else []
    body = []
    for entry in found.ordered_roster():
        if found.group(entry.game) != game:
            continue
        cells = [f"<td>{e(entry.player)}</td>", *([f"<td>{e(entry.team or '')}</td>"] if teams else [])]
        if own.side is not None:
            cells.append(f"<td>{e(entry.faction or '')}</td>")
        if own.leader is not None:
            cells.append(f"<td>{e(entry.commander or '')}</td>")
        if own.side is None and own.leader is None:
            cells.append(f"<td>{e(entry.title or os.path.basename(entry.path))}</td>")
        if own.codes:
            cells.append(f'<td class="code">{e(entry.code)}</td>' if entry.code else f"<td>{e(entry.code_note or '')}</td>")
        body.append(cells)
    return table(heads, body)


def _problems_table(problems: Iterable[Problem]) -> str:
    out = ["<table><thead><tr><th>line</th><th>severity</th><th>rule</th><th>problem</th></tr></thead><tbody>"]
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
        f'{row.verdict}</span> <a class="screen" href="#summary">back to the {terms_of(row.game).plural}</a></p>'
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
