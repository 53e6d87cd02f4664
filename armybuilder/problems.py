"""Problems found in card data or army lists, as a linter reports them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"  # information only: never fails a file, not even with --strict

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True, order=False)
class Problem:
    """One finding: which rule, how bad, what is wrong and how to fix it, and where."""

    rule: str
    severity: Severity
    message: str
    file: str
    line: int = 0
    column: int = 0
    card: str | None = None  # the card id the problem is about, when there is one

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.file, self.line, self.column, self.rule)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def as_dict(self, *, file: bool = True) -> dict[str, object]:
        """Plain data for JSON reports; `file=False` where the report already says which file."""
        data: dict[str, object] = {
            "rule": self.rule,
            "severity": self.severity.value,
            "message": self.message,
        }
        if file:
            data["file"] = self.file
        data.update(line=self.line, column=self.column, card=self.card)
        return data


class Verdict:
    """The verdict of anything holding `problems` and `strict`: errors fail it, warnings only when strict."""

    __slots__ = ()
    problems: Sequence[Problem]
    strict: bool

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.WARNING]

    @property
    def notes(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.NOTE]

    @property
    def valid(self) -> bool:
        return not self.errors and not (self.strict and self.warnings)
