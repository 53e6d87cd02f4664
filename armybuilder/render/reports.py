"""Reporters: every format a check's results are written in, for `validate`, `batch` and `data check` alike.

Each reporter reads only rows (`armybuilder.batch.results.Row`: a file's summary and problems) and writes
text piece by piece, so a report of ten thousand files is never held whole. `text` is for people (rich);
every other format is plain text for machines: no colour, everything escaped. Text from files (names,
paths, messages quoting them) is written so that it cannot act: control characters escaped in the
line formats, spreadsheet formulas neutralised in CSV, only XML 1.0 characters in JUnit, HTML escaped
under a Content-Security-Policy that lets nothing but the page's own script run.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import html
import io
import json
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from armybuilder.games import DEFAULT_GAME
from armybuilder.games import terms as terms_of
from armybuilder.games.base import FORMAT_VERSION, RowTerms
from armybuilder.problems import Problem, Severity
from armybuilder.text import count, json_text, printable

if TYPE_CHECKING:  # rich is imported where a renderable is built: the machine formats never need it
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from armybuilder.batch.event import Event
    from armybuilder.batch.field import Field
    from armybuilder.games.base import Report
    from armybuilder.rows import Row


class Rows(Protocol):
    """What the reports read: every row in order (as often as needed), how many, how many invalid."""

    @property
    def invalid(self) -> int: ...

    def __iter__(self) -> Iterator[Row]: ...

    def __len__(self) -> int: ...


class RowList(list["Row"]):
    """Rows held in memory (a `validate` of a few files, a data check)."""

    @property
    def invalid(self) -> int:
        return sum(not r.valid for r in self)


@dataclass(frozen=True)
class Meta:
    """What a report says besides its rows: the data it was checked against, the event, and whether it is
    a batch report (with counts and the organiser's columns) or a `validate` report."""

    data_version: str | None = None
    event: Event | None = None
    batch: bool = False
    skipped: tuple[str, ...] = ()  # files of the batch's folders that are no submissions
    refused: tuple[tuple[str, str], ...] = ()  # (path, why) of entries not read: links leaving the folder…
    page: str = "a4"  # the paper the HTML report and the list pack are printed on


class Reporter(NamedTuple):
    name: str
    help: str
    suffixes: tuple[str, ...]  # file names that ask for it (`batch --report FILE`)
    write: Callable[[Rows, Meta], Iterator[str]] | None  # None: for people, rendered with rich (`text`)


def row_of(report: Report, player: str | None = None) -> Row:
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


def problem_text(p: Problem | None) -> str:
    """`rule: message (line 7)`; a problem with no line (in a converted list) says so."""
    from armybuilder.batch.field import problem_text as text_of

    return text_of(p)


HEAD_COLUMNS = ("player", "team", "path", "format")
TAIL_COLUMNS = ("verdict", "errors", "warnings", "first_problem")


def batch_games(rows: Rows, meta: Meta | None = None) -> Field:
    """One pass over the rows: the batch's field, which knows its games, their words and the roster."""
    from armybuilder.batch.field import Field

    event = meta.event if meta is not None else None
    found = Field(event.lists_per_player if event is not None else None)
    for row in rows:
        found.add(row)
    return found


def columns(found: Field) -> list[str]:
    """A row's CSV columns: who and which file, then each game's own columns (a mixed batch: `game` and
    every game's, empty where a row's game has none), then the verdict, and the share code and content."""
    keys = found.game_keys
    own: dict[str, None] = {}
    for game in keys:
        own.update((c.key, None) for c in terms_of(game).columns())
    mixed = len(keys) > 1
    tail = [*(["share_code"] if any(terms_of(g).codes for g in keys) else []), _content_key(found.terms)]
    return [*HEAD_COLUMNS, *(["game"] if mixed else []), *own, *TAIL_COLUMNS, *tail]


def _content_key(terms: RowTerms) -> str:
    """The column of a file's content: `list` for ASOIAF, `position`, `deck`; `content` for a mixed batch."""
    return terms.noun if terms.noun != "file" else "content"


def _fields(row: Row, terms: RowTerms, found: Field | None = None) -> dict[str, Any]:
    mixed = found is not None and len(found.game_keys) > 1
    own = terms_of(found.group(row.game) if found is not None else row.game)
    return {
        "player": row.player,
        "team": row.team or "",
        "path": row.path,
        "format": row.format,
        **({"game": row.game} if mixed else {}),
        **own.cells(row),
        "verdict": row.verdict,
        "errors": len(row.errors),
        "warnings": len(row.warnings),
        "first_problem": problem_text(row.first_problem),
        "share_code": row.code or "",
        _content_key(terms): "; ".join(text for text, _ in row.outline),
    }


def grouped(rows: Rows, found: Field) -> Iterator[Row]:
    """The rows game by game (one pass per game of a mixed batch), each game's in submission order."""
    keys = found.game_keys
    if len(keys) <= 1:
        yield from rows
        return
    for game in keys:
        yield from (row for row in rows if found.group(row.game) == game)


def counts(rows: Rows, found: Field | None = None) -> str:
    """`3 lists: 2 valid, 1 invalid` in the batch's words; a mixed batch names each game's files."""
    total, bad = len(rows), rows.invalid
    if found is None:
        found = batch_games(rows) if total else None
    if found is None:
        return f"{total} files: 0 valid, 0 invalid"
    keys = found.game_keys
    if len(keys) <= 1:
        return f"{count_of(total, found.terms)}: {total - bad} valid, {bad} invalid"
    per_game = Counter(found.group(e.game) for e in found.roster)
    parts = ", ".join(f"{per_game[g]} {g} {terms_of(g).noun if per_game[g] == 1 else terms_of(g).plural}" for g in keys)
    return f"{total} files ({parts}): {total - bad} valid, {bad} invalid"


def count_of(n: int, terms: RowTerms) -> str:
    return f"{n} {terms.noun if n == 1 else terms.plural}"


# --- machine formats -------------------------------------------------------------------------------------------


def parsable(rows: Rows, meta: Meta | None = None) -> Iterator[str]:
    """`file:line:col: severity rule-id message`, one problem a line (the flake8 template); a newline or
    control character in a file name or message is escaped, so a line is always one problem."""
    for row in rows:
        for p in row.problems:
            yield printable(f"{p.file}:{p.line}:{p.column}: {p.severity} {p.rule} {p.message}") + "\n"


def github(rows: Rows, meta: Meta | None = None) -> Iterator[str]:
    """GitHub Actions workflow commands, so problems show on the pull request's files."""

    def esc(text: str) -> str:
        return printable(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))

    def prop(text: str) -> str:
        return esc(text).replace(":", "%3A").replace(",", "%2C")

    for row in rows:
        for p in row.problems:
            level = {Severity.ERROR: "error", Severity.WARNING: "warning"}.get(p.severity, "notice")
            yield (
                f"::{level} file={prop(p.file)},line={p.line},col={p.column},title={prop(p.rule)}::{esc(p.message)}\n"
            )


def json_report(rows: Rows, meta: Meta) -> Iterator[str]:
    """One JSON document: for a batch the totals and the event, then every file."""
    if meta.batch:
        yield from _json_batch(rows, meta)
        return
    items = []
    for row in rows:
        item: dict[str, Any] = {"path": row.path, "valid": row.valid}
        if row.game != DEFAULT_GAME:
            item["game"] = row.game
        item.update(row.details)
        item["problems"] = [p.as_dict(file=False) for p in row.problems]
        items.append(item)
    document = {"format_version": FORMAT_VERSION, "data_version": meta.data_version, "lists": items}
    yield json.dumps(document, indent=2) + "\n"


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


_SEPARATED_FORMULA = re.compile(r"([;\t|])(\s*)(?=[=+\-@])")


def csv_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as text: a text starting like a formula (`=`, `+`, `-`, `@`, tab,
    carriage return; the OWASP rule) gets a leading `'`, and so does a formula after a `;`, tab or `|` (a
    spreadsheet that splits on that separator would start a cell there: `T;@SUM(1)`); control characters
    and line breaks are escaped, so that a file name never starts a row of its own."""
    if not isinstance(value, str):
        return value
    if value.startswith(_FORMULA_START):
        value = "'" + value
    if _SEPARATED_FORMULA.search(value):
        value = _SEPARATED_FORMULA.sub(r"\1\2'", value)
    return printable(value)


def csv_report(rows: Rows, meta: Meta) -> Iterator[str]:
    """One row per file; every text cell neutralised (`csv_cell`), since players write names and files."""

    found = batch_games(rows, meta)
    out = io.StringIO()
    heads = columns(found)
    writer = csv.DictWriter(out, fieldnames=heads, lineterminator="\n", restval="")
    writer.writeheader()
    terms = found.terms
    for row in grouped(rows, found):
        cells = _fields(row, terms, found)
        writer.writerow({key: csv_cell(value) for key, value in cells.items() if key in heads})
        if out.tell() > 1 << 16:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()


def _json_batch(rows: Rows, meta: Meta) -> Iterator[str]:
    """One JSON document: the totals, then every list (indented like `json.dumps(..., indent=2)`)."""
    found = batch_games(rows, meta)
    keys = found.game_keys
    data_version = meta.data_version if any(terms_of(g).data for g in keys) or not keys else None
    head: dict[str, Any] = {"format_version": FORMAT_VERSION, "data_version": data_version}
    event = meta.event
    if event is not None:
        head["event"] = {
            "name": event.name,
            "file": event.path,
            "points": event.points,
            "lists_per_player": event.lists_per_player,
        }
    head.update(total=len(rows), valid=len(rows) - rows.invalid, invalid=rows.invalid, skipped=list(meta.skipped))
    if meta.refused:
        head["refused"] = [{"path": path, "reason": why} for path, why in meta.refused]
    teams = getattr(rows, "teams", None)  # a batch's teams with the figures the event's team rules read
    if teams:
        head["teams"] = [{"team": name, **figures} for name, figures in teams.items()]
    terms = found.terms
    noun = terms.plural
    head[noun] = []
    opening = json_text(head, indent=2)
    assert opening.endswith(f'"{noun}": []\n}}')
    yield opening[: -len("]\n}")]
    first = True
    content = _content_key(terms)
    for row in grouped(rows, found):
        item = _fields(row, terms, found)
        item.pop("game", None)
        if row.game != DEFAULT_GAME:
            item["game"] = row.game
        item.update(valid=row.valid, name=row.name)
        if terms_of(found.group(row.game)).points:
            item.update(points=row.points, total=row.total)
        item["problems"] = [p.as_dict(file=False) for p in row.problems]
        if terms.codes or row.code is not None or row.code_note is not None:
            item.update(share_code=row.code, share_code_note=row.code_note)
        else:
            del item["share_code"]
        item[content] = dict(row.content) if row.content is not None else None
        del item["first_problem"]
        body = json_text(item, indent=2).replace("\n", "\n    ")
        yield ("\n    " if first else ",\n    ") + body
        first = False
    yield "]" if first else "\n  ]"
    # after the files: each player's state, the field, the roster
    tail = json_text(found.as_dict(), indent=2)
    yield ",\n" + tail[2:-2] + "\n}\n"


# characters XML 1.0 does not allow at all (not even as references): most C0 controls, lone surrogates
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    """`text` with every character XML 1.0 forbids, and every one a terminal would obey, escaped as visible
    text (`\\x1b`): the report parses, and printed it steers nothing."""
    text = printable(text, one_line=False)
    return text if _NOT_XML.search(text) is None else _NOT_XML.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def junit_report(rows: Rows, meta: Meta) -> Iterator[str]:
    """JUnit XML: one test case per list, failing with its problems, for a club repository's CI. Only
    characters legal in XML 1.0 are written: others from file names or lists are escaped as text."""
    for piece in _junit(rows, meta):
        yield xml_text(piece)


def _junit(rows: Rows, meta: Meta) -> Iterator[str]:
    from xml.sax.saxutils import escape as xml_escape  # imported here: it brings in urllib and ssl
    from xml.sax.saxutils import quoteattr

    suite = meta.event.name if meta.event is not None and meta.event.name else "armybuilder batch"
    total, bad, name = str(len(rows)), str(rows.invalid), quoteattr(suite)
    yield '<?xml version="1.0" encoding="utf-8"?>\n'
    yield f"<testsuites name={name} tests={quoteattr(total)} failures={quoteattr(bad)}>\n"
    yield (
        f"  <testsuite name={name} tests={quoteattr(total)} failures={quoteattr(bad)} "
        'errors="0" skipped="0">\n'
    )
    for row in rows:
        case = f"    <testcase classname={quoteattr(row.player)} name={quoteattr(row.path)} file={quoteattr(row.path)}"
        # one line a problem, whatever the file name holds (a newline in it must not start another)
        lines = "".join(printable(f"{where(p)}: {p.severity} {p.rule} {p.message}") + "\n" for p in row.problems)
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
td.num{white-space:nowrap}.valid,.ok{color:#176317;font-weight:bold}.invalid,.fix{color:#a31515;font-weight:bold}
section.list{border-top:2px solid #ccc;margin-top:1.5em}td.code{font:12px/1.3 monospace;word-break:break-all}
.field{display:flex;gap:3em;flex-wrap:wrap}
@media print{
  body{margin:0;font-size:10pt}th{cursor:auto}a{color:inherit;text-decoration:none}
  thead{display:table-header-group}tr{break-inside:avoid}
  section.list{break-before:page;border-top:0;margin-top:0}
  .screen{display:none}
}
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


def _e(text: str) -> str:
    """HTML-escaped text, control characters from files escaped as visible text."""

    return html.escape(printable(text, one_line=False))


def _page_rule(meta: Meta) -> str:
    return "@page{size:%s;margin:12mm}" % ("letter" if meta.page == "letter" else "A4")


def _sheet_styles(games_with_sheets: Iterable[str], page: str | None = None) -> str:
    """The CSS of the sheets shown inline, once per game."""
    from armybuilder import games

    return "".join(games.get(key).sheet_css(page) for key in sorted(games_with_sheets))


def _table(head: Iterable[str], body: Iterable[Iterable[str]], numeric: tuple[str, ...] = ()) -> str:
    e = _e
    out = ["<table><thead><tr>"]
    out += [f"<th{' class=num' if h in numeric else ''}>{e(h)}</th>" for h in head]
    out.append("</tr></thead><tbody>")
    out += ["<tr>" + "".join(cells) + "</tr>" for cells in body]
    out.append("</tbody></table>")
    return "".join(out)


# The page loads nothing and runs nothing but its own sorting script (by hash): were a name ever to slip
# past the escaping, no script of a player's would run. The army sheets in its frames inherit the policy.
CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
    f"script-src 'sha256-{base64.b64encode(hashlib.sha256(_SORT.encode()).digest()).decode()}'; "
    "base-uri 'none'; form-action 'none'"
)
PACK_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"


def html_report(rows: Rows, meta: Meta) -> Iterator[str]:
    """A standalone page that prints well: each player's state, every file (sortable, linked to its
    sheet), the field by side and leader, the roster for pairings, then each file's sheet on a page of
    its own. Every heading is in the game's own words; a mixed batch has a part per game."""
    e = _e
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
            f"<title>{e(title)}</title><style>{_page_rule(meta)}{_STYLE}{_sheet_styles(sheets)}</style></head><body>",
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
    yield _table(heads, body, (terms.plural,)) + "\n"
    index = {row.path: i for i, row in enumerate(rows)} if len(keys) > 1 else None
    for game in keys:
        own = terms_of(game)
        part = f" ({_game_title(game)})" if len(keys) > 1 else ""
        yield f"<h2>{e(own.plural.capitalize() + part)}</h2>\n"
        yield from _lists_table(rows, found, game, own, teams, index)
        side = found.side(game)
        tables = []
        if own.side is not None and side.side_files:
            tables.append(_table([own.side.heading, "players", own.plural], (
                [f"<td>{e(name)}</td>", f'<td class="num">{players}</td>', f'<td class="num">{n}</td>']
                for name, players, n in side.sides()
            ), ("players", own.plural)))  # fmt: skip
        if own.leader is not None and side.leader_files:
            tables.append(_table([own.leader.heading, own.plural], (
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
    yield f"<script>{_SORT}</script></body></html>\n"


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
    e = _e
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
    e = _e
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
    return _table(heads, body)


def _problems_table(problems: Iterable[Problem]) -> str:
    e = _e
    out = ["<table><thead><tr><th>line</th><th>severity</th><th>rule</th><th>problem</th></tr></thead><tbody>"]
    for p in problems:
        line = f"{p.line}:{p.column}" if p.line else "whole file"
        out.append(
            f"<tr><td>{line}</td><td>{e(str(p.severity))}</td><td>{e(p.rule)}</td><td>{e(p.message)}</td></tr>"
        )
    out.append("</tbody></table>")
    return "".join(out)


def _html_section(index: int, row: Row) -> Iterable[str]:
    e = _e
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


def pack_html(rows: Rows, meta: Meta) -> Iterator[str]:
    """The list pack: one printable document with the sheet of every valid list, one to a page, in the
    order of the batch (what an organiser hands to the players)."""
    e = _e
    event = meta.event
    title = f"{event.name or 'Event'} — list pack" if event is not None else "List pack"
    sheets: set[str] = {row.game for row in rows if row.valid and row.sheet}
    yield (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{PACK_CSP}">'
        f"<title>{e(title)}</title><style>{_sheet_styles(sheets, meta.page)}</style></head><body>\n"
    )
    for row in rows:
        if row.valid and row.sheet:
            yield printable(row.sheet, one_line=False) + "\n"
    yield "</body></html>\n"


REPORTERS: dict[str, Reporter] = {
    r.name: r
    for r in (
        Reporter("text", "for people: each file's verdict, totals and problems", (".txt",), None),
        Reporter("parsable", "file:line:col: severity rule-id message, one problem a line", (), parsable),
        Reporter("json", "one JSON document", (".json",), json_report),
        Reporter("github", "GitHub Actions annotations", (), github),
        Reporter("junit", "JUnit XML, one test case per file", (".xml",), junit_report),
        Reporter("csv", "one row per file, for a spreadsheet", (".csv",), csv_report),
        Reporter("html", "one standalone page", (".html", ".htm"), html_report),
    )
}
FILE_FORMATS = tuple(name for name, r in REPORTERS.items() if r.write is not None)


def format_for(path: str) -> str | None:
    """The report format a file name asks for, by its extension."""
    lower = path.lower()
    return next(
        (r.name for r in REPORTERS.values() if r.write is not None for s in r.suffixes if lower.endswith(s)),
        None,
    )


def render(fmt: str, rows: Rows, meta: Meta) -> Iterator[str]:
    """A report's content in one of the machine formats, piece by piece."""
    write = REPORTERS[fmt].write
    if write is None:
        raise ValueError(f"{fmt} is rendered with rich")
    return write(rows, meta)


# --- for people ---------------------------------------------------------------------------------------------


def verdict_text(report: Row | Report) -> Text:
    from rich.text import Text

    if report.valid:
        label = "valid" if not report.warnings else f"valid, {count(len(report.warnings), 'warning')}"
        return Text(label, style="bold green")
    errors = len(report.errors)
    label = f"invalid: {count(errors, 'error')}" if errors else "invalid (--strict): warnings"
    if errors and report.warnings:
        label += f", {count(len(report.warnings), 'warning')}"
    return Text(label, style="bold red")


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

    parts: list[RenderableType] = []
    total = bad = 0
    for row in rows:
        total += 1
        bad += not row.valid
        head = Text.assemble(Text(printable(row.path), style="bold"), ": ", verdict_text(row))
        if row.tallies:
            head.append(f"  ({tallies_text(row.tallies)})", style="dim")
        parts.append(head)
        if row.problems:
            parts.append(problems_table(list(row.problems)))
    if total > 1:
        parts.append(Text(f"{total} lists: {total - bad} valid, {bad} invalid", style="bold"))
    return Group(*parts)
