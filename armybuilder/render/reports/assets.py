"""What the HTML report and the list pack share: their style, the table-sorting script, the
Content-Security-Policy that lets nothing else run, and escaping text from files."""

from __future__ import annotations

import base64
import hashlib
import html
from collections.abc import Iterable

from armybuilder.text import printable

STYLE = """
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
SORT = """
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

# The page loads nothing and runs nothing but its own sorting script (by hash): were a name ever to slip
# past the escaping, no script of a player's would run. The army sheets in its frames inherit the policy.
CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
    f"script-src 'sha256-{base64.b64encode(hashlib.sha256(SORT.encode()).digest()).decode()}'; "
    "base-uri 'none'; form-action 'none'"
)
PACK_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"


def e(text: str) -> str:
    """HTML-escaped text, control characters from files escaped as visible text."""
    return html.escape(printable(text, one_line=False))


def page_rule(page: str) -> str:
    return "@page{size:%s;margin:12mm}" % ("letter" if page == "letter" else "A4")


def sheet_styles(games_with_sheets: Iterable[str], page: str | None = None) -> str:
    """The CSS of the sheets shown inline, once per game."""
    from armybuilder import games
    from armybuilder.games.capabilities import SHEETS

    sheets = [SHEETS.of(games.get(key)) for key in sorted(games_with_sheets)]
    return "".join(s.sheet_css(page) for s in sheets if s is not None)


def table(head: Iterable[str], body: Iterable[Iterable[str]], numeric: tuple[str, ...] = ()) -> str:
    out = ["<table><thead><tr>"]
    out += [f"<th{' class=num' if h in numeric else ''}>{e(h)}</th>" for h in head]
    out.append("</tr></thead><tbody>")
    out += ["<tr>" + "".join(cells) + "</tr>" for cells in body]
    out.append("</tbody></table>")
    return "".join(out)
