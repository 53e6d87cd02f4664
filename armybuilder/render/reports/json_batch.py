"""The JSON report of a batch: the totals, every file (indented like `json.dumps(..., indent=2)`), then
each player's state, the field and the roster (`armybuilder.field`), in the batch's own words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from armybuilder.games import DEFAULT_GAME
from armybuilder.games import terms as terms_of
from armybuilder.games.base import FORMAT_VERSION
from armybuilder.render.reports.common import batch_games, content_key, fields, grouped
from armybuilder.text import json_text

if TYPE_CHECKING:
    from armybuilder.render.reports import Meta, Rows


def write(rows: Rows, meta: Meta) -> Iterator[str]:
    """One JSON document: the totals, then every list (indented like `json.dumps(..., indent=2)`)."""
    found = batch_games(rows, meta)
    keys = found.game_keys
    data_version = meta.data_version if any(terms_of(g).data for g in keys) or not keys else None
    head: dict[str, Any] = {"format_version": FORMAT_VERSION, "data_version": data_version}
    event = meta.event
    if event is not None:
        head["event"] = {
            "name": event.name,
            "file": event.path,
            "points": event.points,
            "lists_per_player": event.lists_per_player,
        }
    head.update(total=len(rows), valid=len(rows) - rows.invalid, invalid=rows.invalid, skipped=list(meta.skipped))
    if meta.refused:
        head["refused"] = [{"path": path, "reason": why} for path, why in meta.refused]
    teams = getattr(rows, "teams", None)  # a batch's teams with the figures the event's team rules read
    if teams:
        head["teams"] = [{"team": name, **figures} for name, figures in teams.items()]
    terms = found.terms
    noun = terms.plural
    head[noun] = []
    opening = json_text(head, indent=2)
    assert opening.endswith(f'"{noun}": []\n}}')
    yield opening[: -len("]\n}")]
    first = True
    content = content_key(terms)
    for row in grouped(rows, found):
        item = fields(row, terms, found)
        item.pop("game", None)
        if row.game != DEFAULT_GAME:
            item["game"] = row.game
        item.update(valid=row.valid, name=row.name)
        if terms_of(found.group(row.game)).points:
            item.update(points=row.points, total=row.total)
        item["problems"] = [p.as_dict(file=False) for p in row.problems]
        if terms.codes or row.code is not None or row.code_note is not None:
            item.update(share_code=row.code, share_code_note=row.code_note)
        else:
            del item["share_code"]
        item[content] = dict(row.content) if row.content is not None else None
        del item["first_problem"]
        body = json_text(item, indent=2).replace("\n", "\n    ")
        yield ("\n    " if first else ",\n    ") + body
        first = False
    yield "]" if first else "\n  ]"
    # after the files: each player's state, the field, the roster
    tail = json_text(found.as_dict(), indent=2)
    yield ",\n" + tail[2:-2] + "\n}\n"
