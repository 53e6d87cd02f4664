"""`json`: one JSON document: for `validate` every file with its summary and problems; for a batch
the totals and the event, every file, then the roll-ups (`json_batch.py`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from armybuilder.games import DEFAULT_GAME
from armybuilder.games.base import FORMAT_VERSION

if TYPE_CHECKING:
    from armybuilder.render.reports import Meta, Rows


def write(rows: Rows, meta: Meta) -> Iterator[str]:
    """One JSON document: for a batch the totals and the event, then every file."""
    if meta.batch:
        from armybuilder.render.reports.json_batch import write as write_batch

        yield from write_batch(rows, meta)
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
