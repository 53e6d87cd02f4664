"""A reporter written by ARCHITECTURE.md's recipe (registered by tests/test_reporter_recipe.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from armybuilder.render.reports import Meta, Rows


def write(rows: Rows, meta: Meta) -> Iterator[str]:
    """`path<TAB>verdict<TAB>problems`, one file a line."""
    for row in rows:
        yield f"{row.path}\t{row.verdict}\t{len(row.problems)}\n"
