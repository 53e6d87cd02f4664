"""The list pack: one printable document with the sheet of every valid file, one to a page, in the
order of the batch (what an organiser hands to the players)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.render.reports.assets import PACK_CSP, e, sheet_styles
from armybuilder.text import printable

if TYPE_CHECKING:
    from armybuilder.render.reports import Meta, Rows


def write(rows: Rows, meta: Meta) -> Iterator[str]:
    """The list pack: one printable document with the sheet of every valid list, one to a page, in the
    order of the batch (what an organiser hands to the players)."""
    event = meta.event
    title = f"{event.name or 'Event'} — list pack" if event is not None else "List pack"
    sheets: set[str] = {row.game for row in rows if row.valid and row.sheet}
    yield (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{PACK_CSP}">'
        f"<title>{e(title)}</title><style>{sheet_styles(sheets, meta.page)}</style></head><body>\n"
    )
    for row in rows:
        if row.valid and row.sheet:
            yield printable(row.sheet, one_line=False) + "\n"
    yield "</body></html>\n"
