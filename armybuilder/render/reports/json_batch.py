"""The JSON report of a batch: the totals, every list (indented like `json.dumps(..., indent=2)`), then
each player's state, the field and the roster (`armybuilder.field`), written as the lists stream by."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from armybuilder.field import Field
from armybuilder.games import DEFAULT_GAME
from armybuilder.games.base import FORMAT_VERSION
from armybuilder.render.reports.common import fields

if TYPE_CHECKING:
    from armybuilder.render.reports import Meta, Rows


def write(rows: Rows, meta: Meta) -> Iterator[str]:
    head: dict[str, Any] = {"format_version": FORMAT_VERSION, "data_version": meta.data_version}
    event = meta.event
    if event is not None:
        head["event"] = {
            "name": event.name,
            "file": event.path,
            "points": event.points,
            "lists_per_player": event.lists_per_player,
        }
    head.update(
        total=len(rows), valid=len(rows) - rows.invalid, invalid=rows.invalid, skipped=list(meta.skipped)
    )
    teams = getattr(rows, "teams", None)  # a batch's teams with the figures the event's team rules read
    if teams:
        head["teams"] = [{"team": name, **figures} for name, figures in teams.items()]
    head["lists"] = []
    opening = json.dumps(head, indent=2, ensure_ascii=False)
    assert opening.endswith('"lists": []\n}')
    yield opening[: -len("]\n}")]
    first = True
    found = Field(event.lists_per_player if event is not None else None)
    for row in rows:
        found.add(row)
        item = fields(row)
        if row.game != DEFAULT_GAME:
            item["game"] = row.game
        item.update(
            valid=row.valid,
            name=row.name,
            points=row.points,
            total=row.total,
            problems=[p.as_dict(file=False) for p in row.problems],
            share_code=row.code,
            share_code_note=row.code_note,
            list=dict(row.content) if row.content is not None else None,
        )
        del item["first_problem"]
        body = json.dumps(item, indent=2, ensure_ascii=False).replace("\n", "\n    ")
        yield ("\n    " if first else ",\n    ") + body
        first = False
    yield "]" if first else "\n  ]"
    # after the lists, in the same pass: each player's state, the field, the roster
    tail = json.dumps(found.as_dict(), indent=2, ensure_ascii=False)
    yield ",\n" + tail[2:-2] + "\n}\n"
