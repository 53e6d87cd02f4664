"""`github`: GitHub Actions workflow commands, so problems show on the pull request's files."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.problems import Severity
from armybuilder.text import printable

if TYPE_CHECKING:
    from armybuilder.render.reports import Meta, Rows


def write(rows: Rows, meta: Meta | None = None) -> Iterator[str]:
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
