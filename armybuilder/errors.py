"""The one family of errors the core raises; the CLI turns them into a one-line message and exit code 2."""

from __future__ import annotations

from typing import Any


class ArmyBuilderError(Exception):
    """A problem the user can fix: the message names the file, line and what to do."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        self.message = message
        self.path = path
        self.line = line
        super().__init__(self.where() + message)

    def where(self) -> str:
        if self.path is None:
            return ""
        return f"{self.path}:{self.line}: " if self.line else f"{self.path}: "


class DataError(ArmyBuilderError):
    """The card data cannot be used (missing folder, unreadable or invalid file)."""


class CardReferenceError(ArmyBuilderError):
    """A card reference given by the user resolves to no card or to several."""

    def __init__(self, message: str, *, candidates: tuple[str, ...] = (), ambiguous: bool = False) -> None:
        super().__init__(message)
        self.candidates = candidates  # suggestions (unknown) or matching cards (ambiguous)
        self.ambiguous = ambiguous


class UsageError(ArmyBuilderError):
    """A command was given arguments that cannot work together."""


class EventError(ArmyBuilderError):
    """The event file cannot be used (unreadable, malformed, unknown key, unknown card).

    `problems` holds every positioned problem found in the file (`event-file` Problems), when the reader
    got as far as collecting them; the message is the first one's."""

    def __init__(
        self, message: str, *, path: str | None = None, line: int | None = None, problems: tuple[Any, ...] = ()
    ) -> None:
        super().__init__(message, path=path, line=line)
        self.problems = problems
