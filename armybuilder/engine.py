"""Validation: run every rule of a game system over a loaded list and collect one Report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from armybuilder.problems import Problem, Verdict

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.armylist import ArmyList
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.context import Army
    from armybuilder.games.asoiaf.deck import Deck


@dataclass(frozen=True)
class Options:
    points: int | None = None  # override the list's game size
    strict: bool = False  # warnings fail the list too


_DEFAULT = Options()


@dataclass
class Report(Verdict):
    """The verdict on one list: its problems (sorted by position) and the context they were found in."""

    army: ArmyList
    context: Army | None
    problems: list[Problem] = field(default_factory=list)
    strict: bool = False

    @property
    def deck(self) -> Deck | None:
        """The list's tactics deck (built once, during validation), when it has exactly one commander."""
        return self.context.deck if self.context is not None else None

    @property
    def path(self) -> str:
        return self.army.path

    def add(self, problems: list[Problem]) -> None:
        self.problems = sorted([*self.problems, *problems], key=Problem.sort_key)


def validate(army: ArmyList, catalogue: Catalogue, options: Options | None = None) -> Report:
    """Check a loaded list against every rule; never raises for anything wrong with the list."""
    from armybuilder.games.asoiaf.context import Army
    from armybuilder.games.asoiaf.rules import REGISTRY

    options = options or _DEFAULT
    report = Report(army, None, strict=options.strict)
    problems = list(army.problems)
    if army.readable:
        ctx = Army.build(army, catalogue, options.points)
        report.context = ctx
        for rule in REGISTRY.values():
            problems.extend(rule.check(ctx))
    if problems:
        report.add(problems)
    return report


def validate_team(reports: list[Report]) -> None:
    """Team-mates may not field the same character: add a problem to each later list that repeats one."""
    from armybuilder.games.asoiaf.rules.unique_character import team_problems

    for report, problems in zip(reports, team_problems(reports), strict=True):
        report.add(problems)


def validate_path(path: str, catalogue: Catalogue, options: Options | None = None) -> Report:
    """Load a list file and validate it; an unreadable file is an invalid list, never an exception."""
    from armybuilder.games.asoiaf.armylist import load_list

    return validate(load_list(path, catalogue), catalogue, options)


def validate_text(
    text: str | bytes, catalogue: Catalogue, path: str, options: Options | None = None
) -> Report:
    """Validate a list given as YAML text (from stdin, an archive, a test)."""
    from armybuilder.games.asoiaf.armylist import load_list_text

    return validate(load_list_text(text, catalogue, path), catalogue, options)
