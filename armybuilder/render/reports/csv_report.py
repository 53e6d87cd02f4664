"""`csv`: one row per file, for a spreadsheet; every text cell neutralised, since players write names and files."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from armybuilder.render.reports.common import COLUMNS, fields
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
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: csv_cell(value) for key, value in fields(row).items()})
        if out.tell() > 1 << 16:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()
