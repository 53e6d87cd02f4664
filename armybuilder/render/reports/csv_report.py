"""`csv`: one row per file, for a spreadsheet; every text cell neutralised, since players write names and files."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from armybuilder.render.reports.common import batch_games, columns, fields, grouped
from armybuilder.text import printable

if TYPE_CHECKING:
    from armybuilder.render.reports import Meta, Rows


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as text: a text starting like a formula (`=`, `+`, `-`, `@`, tab,
    carriage return; the OWASP rule) gets a leading `'`, and control characters are escaped."""
    if not isinstance(value, str):
        return value
    if value.startswith(_FORMULA_START):
        value = "'" + value
    return printable(value, one_line=False)


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
