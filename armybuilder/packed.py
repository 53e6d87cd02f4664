"""A report row as plain tuples: what a batch's worker sends and spills (pickled several times faster than the
dataclasses), and what the batch's plain table reads straight, without building a `Row` per file."""

# (no `from __future__ import annotations`: a NamedTuple's field types as text are compiled on every run)

from collections.abc import Mapping
from typing import Any, NamedTuple

from armybuilder.problems import Problem


class Packed(NamedTuple):
    """A row as a worker sends it: Row's fields, each problem a plain tuple (`pack_problem`), each figure of
    the summary a plain (label, value, limit)."""

    path: str
    player: str
    declared_player: bool
    team: str | None
    name: str | None
    game: str
    side: str | None
    leader: str | None
    points: int | None
    total: int | None
    format: str
    problems: tuple[tuple[Any, ...], ...]
    strict: bool
    outline: tuple[tuple[str, int], ...]
    sheet: str | None
    side_name: str | None = None
    code: str | None = None
    code_note: str | None = None
    content: Mapping[str, Any] | None = None
    tallies: tuple[tuple[str, int | None, int | None], ...] = ()  # the summary's figures, plain


# where each field sits in a packed row (workers pickle the plain tuple of a Packed's fields)
PATH, PLAYER, TEAM, GAME, SIDE, LEADER, POINTS, TOTAL, PROBLEMS, STRICT, TALLIES = (
    Packed._fields.index(name)
    for name in ("path", "player", "team", "game", "side", "leader", "points", "total", "problems", "strict", "tallies")
)


def pack_problem(p: Problem) -> tuple[Any, ...]:
    """(rule, severity's value, message, file, line, column, card). (`_value_` is the member's own attribute:
    `.value` goes through enum's descriptor, a Python call per problem.)"""
    return (p.rule, p.severity._value_, p.message, p.file, p.line, p.column, p.card)
