"""Printable army sheets: one resolved list as HTML (for print), Markdown, plain text or JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.errors import UsageError

if TYPE_CHECKING:
    from armybuilder.engine import Report
    from armybuilder.games.asoiaf.deck import Deck

SHEET_FORMATS = ("html", "md", "text", "json")


def render_sheet(fmt: str, report: Report, deck: Deck | None) -> str:
    """The army sheet of a validated list in `fmt` (one of SHEET_FORMATS), as one string."""
    if fmt not in SHEET_FORMATS:
        raise UsageError(f"unknown sheet format {fmt!r}; choose one of {', '.join(SHEET_FORMATS)}")
    raise NotImplementedError(fmt)
