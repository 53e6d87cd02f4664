"""A report row: what every reporter reads of one checked file (its summary's fields and its problems).

`validate`, `batch` and `data check` all hand their reporters rows; this module is kept light so that
`validate` does not import the batch machinery."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from armybuilder.games.base import Tally
from armybuilder.problems import Problem, Verdict
from armybuilder.record import compared


@compared
@dataclass(slots=True, eq=False, repr=False)  # not frozen: built for every row read back, and frozen fields cost twice as much
class Row(Verdict):
    """What a report needs of one submission: who, what, the verdict and every problem."""

    path: str
    player: str
    declared_player: bool  # named in the file itself (not guessed from the file name)
    team: str | None
    name: str | None  # the file's title
    game: str
    side: str | None  # faction, house, side
    leader: str | None  # commander, general
    points: int | None  # the limit of the file's first tally (the game size)
    total: int | None  # the value of the file's first tally
    format: str
    problems: tuple[Problem, ...]
    strict: bool = False
    outline: tuple[tuple[str, int], ...] = ()  # (a line of the file's content, its number) for reports
    sheet: str | None = None  # the file's printable sheet, one HTML element (`GameSystem.sheet_fragment`)
    side_name: str | None = None  # the faction's name for people ("House Stark")
    code: str | None = None  # the code another tool imports the file from (ASOIAF: War Council's)
    code_note: str | None = None  # why the file has no such code
    content: Mapping[str, Any] | None = None  # the file's content as plain data (`GameSystem.content`)
    tallies: tuple[Tally, ...] = ()  # the summary's figures
    details: Mapping[str, Any] = field(default_factory=dict)  # the summary's JSON (`validate` only)
    cross: tuple[Problem, ...] = ()  # problems found across files (duplicates, teams), also in `problems`

    @property
    def first_problem(self) -> Problem | None:
        """The first problem that fails the file (None for a valid file: its warnings fail nothing)."""
        failing = self.errors or (self.warnings if self.strict else [])
        return failing[0] if failing else None

    @property
    def verdict(self) -> str:
        return "valid" if self.valid else "invalid"


def problem_text(p: Problem | None) -> str:
    """`rule: message (line 7)`; a problem with no line says so."""
    return "" if p is None else problem_words(p.rule, p.message, p.line)


def problem_words(rule: str, message: str, line: int) -> str:
    """`problem_text` of a problem's fields (the batch's plain table reads them packed)."""
    return f"{rule}: {message} (line {line})" if line else f"{rule}: {message} (whole file)"
