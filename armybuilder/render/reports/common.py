"""What several reporters share: a row of a checked file, a problem's place, the columns of the table
formats in the batch's own words (`RowTerms`), the rows game by game, and the closing count."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from armybuilder.games import terms as terms_of
from armybuilder.games.base import RowTerms
from armybuilder.rows import problem_text

if TYPE_CHECKING:
    from armybuilder.field import Field
    from armybuilder.games.base import Report
    from armybuilder.problems import Problem
    from armybuilder.render.reports import Meta, Rows
    from armybuilder.rows import Row


def row_of(report: Report[Any], player: str | None = None) -> Row:
    """A checked file as a report row."""
    from armybuilder.rows import Row

    summary = report.summary
    first = summary.tallies[0] if summary.tallies else None
    return Row(
        report.path, player or summary.player or "", summary.player is not None, summary.team, summary.title,
        report.game, summary.side, summary.leader, summary.details.get("points", first.limit if first else None),
        first.value if first else None, "yaml", tuple(report.problems), report.strict,
        details=summary.details or summary.as_dict(), tallies=summary.tallies,
    )  # fmt: skip


def where(p: Problem) -> str:
    return f"{p.file}:{p.line}:{p.column}" if p.line else p.file


HEAD_COLUMNS = ("player", "team", "path", "format")
TAIL_COLUMNS = ("verdict", "errors", "warnings", "first_problem")


def batch_games(rows: Rows, meta: Meta | None = None) -> Field:
    """One pass over the rows: the batch's field, which knows its games, their words and the roster."""
    from armybuilder.field import Field  # (not for a batch's plain table, which counts without it)

    event = meta.event if meta is not None else None
    found = Field(event.lists_per_player if event is not None else None)
    for row in rows:
        found.add(row)
    return found


def columns(found: Field) -> list[str]:
    """A row's CSV columns: who and which file, then each game's own columns (a mixed batch: `game` and
    every game's, empty where a row's game has none), then the verdict, and the share code and content."""
    keys = found.game_keys
    own: dict[str, None] = {}
    for game in keys:
        own.update((c.key, None) for c in terms_of(game).columns())
    mixed = len(keys) > 1
    tail = [*(["share_code"] if any(terms_of(g).codes for g in keys) else []), content_key(found.terms)]
    return [*HEAD_COLUMNS, *(["game"] if mixed else []), *own, *TAIL_COLUMNS, *tail]


def content_key(terms: RowTerms) -> str:
    """The column of a file's content: `list` for ASOIAF, `position`, `deck`; `content` for a mixed batch."""
    return terms.noun if terms.noun != "file" else "content"


def fields(row: Row, terms: RowTerms, found: Field | None = None) -> dict[str, Any]:
    mixed = found is not None and len(found.game_keys) > 1
    own = terms_of(found.group(row.game) if found is not None else row.game)
    return {
        "player": row.player,
        "team": row.team or "",
        "path": row.path,
        "format": row.format,
        **({"game": row.game} if mixed else {}),
        **own.cells(row),
        "verdict": row.verdict,
        "errors": len(row.errors),
        "warnings": len(row.warnings),
        "first_problem": problem_text(row.first_problem),
        "share_code": row.code or "",
        content_key(terms): "; ".join(text for text, _ in row.outline),
    }


def grouped(rows: Rows, found: Field) -> Iterator[Row]:
    """The rows game by game (one pass per game of a mixed batch), each game's in submission order."""
    keys = found.game_keys
    if len(keys) <= 1:
        yield from rows
        return
    for game in keys:
        yield from (row for row in rows if found.group(row.game) == game)


def counts(rows: Rows, found: Field | None = None) -> str:
    """`3 lists: 2 valid, 1 invalid` in the batch's words; a mixed batch names each game's files."""
    total, bad = len(rows), rows.invalid
    if found is None:
        found = batch_games(rows) if total else None
    if found is None:
        return f"{total} files: 0 valid, 0 invalid"
    keys = found.game_keys
    if len(keys) <= 1:
        return f"{count_of(total, found.terms)}: {total - bad} valid, {bad} invalid"
    per_game = Counter(found.group(e.game) for e in found.roster)
    parts = ", ".join(f"{per_game[g]} {g} {terms_of(g).noun if per_game[g] == 1 else terms_of(g).plural}" for g in keys)
    return f"{total} files ({parts}): {total - bad} valid, {bad} invalid"


def count_of(n: int, terms: RowTerms) -> str:
    return f"{n} {terms.noun if n == 1 else terms.plural}"
