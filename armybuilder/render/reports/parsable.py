"""`parsable`: `file:line:col: severity rule-id message`, one problem a line (the flake8 template)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.text import printable

if TYPE_CHECKING:
    from armybuilder.render.reports import Meta, Rows


def write(rows: Rows, meta: Meta | None = None) -> Iterator[str]:
    """`file:line:col: severity rule-id message`, one problem a line (the flake8 template); a newline or
    control character in a file name or message is escaped, so a line is always one problem."""
    for row in rows:
        for p in row.problems:
            yield printable(f"{p.file}:{p.line}:{p.column}: {p.severity} {p.rule} {p.message}") + "\n"
