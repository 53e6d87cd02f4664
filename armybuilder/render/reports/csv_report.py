"""`csv`: one row per file, for a spreadsheet; every text cell neutralised, since players write names and files."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from armybuilder.render.reports.common import batch_games, columns, fields, grouped
from armybuilder.text import printable

if TYPE_CHECKING:
    from armybuilder.render.reports import Meta, Rows


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


def write(rows: Rows, meta: Meta) -> Iterator[str]:
    """One row per file; every text cell neutralised (`csv_cell`), since players write names and files."""

    found = batch_games(rows, meta)
    out = io.StringIO()
    heads = columns(found)
    writer = csv.DictWriter(out, fieldnames=heads, lineterminator="\n", restval="")
    writer.writeheader()
    terms = found.terms
    for row in grouped(rows, found):
        cells = fields(row, terms, found)
        writer.writerow({key: csv_cell(value) for key, value in cells.items() if key in heads})
        if out.tell() > 1 << 16:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()
