"""Problems found in card data or army lists, as a linter reports them."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from operator import attrgetter

from armybuilder.record import record

# The order problems are reported in (Problem.sort_key): as a sort key, it makes no call of Python per problem.
BY_POSITION = attrgetter("file", "line", "column", "rule")


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"  # information only: never fails a file, not even with --strict

    def __str__(self) -> str:
        return self.value


@record(frozen=True, slots=True)
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
        return BY_POSITION(self)

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


_SET = tuple(Problem.__dict__[name].__set__ for name in Problem.__slots__)  # each field's slot, written directly
_rule, _severity, _message, _file, _line, _column, _card = _SET


def _init_problem(
    self: Problem,
    rule: str,
    severity: Severity,
    message: str,
    file: str,
    line: int = 0,
    column: int = 0,
    card: str | None = None,
) -> None:
    """Problem's __init__: the dataclass's own sets each field through `object.__setattr__` (the class is
    frozen), which costs more than the rule that found the problem; this writes the slots themselves."""
    _rule(self, rule)
    _severity(self, severity)
    _message(self, message)
    _file(self, file)
    _line(self, line)
    _column(self, column)
    _card(self, card)


setattr(Problem, "__init__", _init_problem)  # noqa: B010 - mypy keeps the dataclass's signature


@record(frozen=True)
class ProblemDoc:
    """One problem id the tool can emit, with its documentation.

    `origin` says where it is found: "load" (while a file is read), "rule" (a rule over the model),
    "cross" (across several files), "data" (data check), "event" (an event's own rules), "batch".
    """

    id: str
    severity: Severity
    doc: str
    origin: str = "rule"
    also: tuple[Severity, ...] = ()  # other severities it may be given, as `doc` says (a note besides errors)

    @property
    def severities(self) -> tuple[Severity, ...]:
        return (self.severity, *self.also)


_E = Severity.ERROR
# The ids the core emits itself, whatever the game.
CORE_DOCS = (
    ProblemDoc("syntax", _E, "The file cannot be read, or is not valid YAML (or not text); the parser's line "
               "and column are given.", "load"),
    ProblemDoc("schema", _E, "The file is not shaped like a file of its game: for the core, a `game:` that "
               "names no installed game (the message lists them).", "load"),
    ProblemDoc("import", _E, "A batch submission in a text format (a share code, a text export) that cannot "
               "be read as that format, or that is in no format the tool reads. A note (never failing the list) "
               "for each thing the reader guessed or left out, at its line: a misspelling or nickname read as "
               "a card, a skipped line, a game size given or chosen.", "batch", (Severity.NOTE,)),
    ProblemDoc("data", _E, "A batch submission of a game whose data cannot be used (a broken --data "
               "folder); the message says why.", "batch"),
    ProblemDoc("internal", _E, "Checking this submission hit a bug in armybuilder, or crashed the process "
               "checking it; the rest of the batch goes on. Please report it.", "batch"),
    ProblemDoc("limit", _E, "Checking this submission took longer or needed more memory than one "
               "submission may (10 s, 1 GB): no list does; the rest of the batch goes on.", "batch"),
    ProblemDoc("event-game", _E, "The file is of another game than the event's `game:`.", "event"),
    ProblemDoc("event-points", _E, "The list's game size is not the event's `points:`.", "event"),
    ProblemDoc("event-duplicate", _E, "The same file submitted twice, or more files from one player than "
               "the event's `lists_per_player:` takes.", "event"),
    ProblemDoc("event-two-lists", _E, "With `lists_per_player: 2`: a player submitted one list, two lists "
               "of different factions, or two lists sharing a character.", "event"),
    ProblemDoc("event-team", _E, "The player is on no team of the event's `teams:`, or the list names "
               "another team than the event gives the player, or (at an event with rules per team) the list "
               "names no team at all.", "event"),
    ProblemDoc("event-spare-list", _E, "With `spare_lists:`: a spare list of another faction than the "
               "player's other lists.", "event"),
    ProblemDoc("event-file", _E, "The event file itself cannot be used: not YAML, an unknown key or rule, "
               "a value of the wrong type or out of range, an unknown card, faction or character, rules "
               "that no list could meet together. `armybuilder event check` lists every one.", "event"),
)  # fmt: skip


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
