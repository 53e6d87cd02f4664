"""Judging an edit: the list before and after, validated for real, and the errors the edit brought."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from armybuilder.games.asoiaf.armylist import load_list_text
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import ListReport, validate
from armybuilder.games.asoiaf.listwriter import ListSpec, dump_list
from armybuilder.problems import Problem


def validate_spec(spec: ListSpec, catalogue: Catalogue, path: str = "<list>") -> ListReport:
    """The report on a list written from a spec (what the interactive builder and `new` check)."""
    return validate(load_list_text(dump_list(spec, catalogue), catalogue, path), catalogue)


def error_keys(report: ListReport) -> Counter[tuple[str, str | None]]:
    return Counter((p.rule, p.card) for p in report.errors)


def new_errors(before: ListReport, after: ListReport) -> list[Problem]:
    """Errors the edit brought: (rule, card) pairs that were not there before (counted with repeats), and
    an over-budget or over-cap list that the edit made more over (its overspend, total less size, grew)."""
    extra = error_keys(after) - error_keys(before)
    found: list[Problem] = []
    for p in after.errors:
        key = (p.rule, p.card)
        if extra[key] > 0:
            extra[key] -= 1
            found.append(p)
    b, a = before.context, after.context
    if a is not None and b is not None and p_not_in(found, ("points-limit", "neutral-cap")):
        # how far over, not the totals: lowering `points:` of an over-budget list makes it more over
        over_points = a.total - (a.points or 0) > b.total - (b.points or 0)
        over_cap = a.neutral_total - (a.neutral_cap or 0) > b.neutral_total - (b.neutral_cap or 0)
        for p in after.errors:
            if (p.rule == "points-limit" and over_points) or (p.rule == "neutral-cap" and over_cap):
                found.append(p)
    return found


def p_not_in(problems: list[Problem], rules: tuple[str, ...]) -> bool:
    return not any(p.rule in rules for p in problems)


@dataclass
class Verdict:
    before: ListReport
    after: ListReport
    added: list[Problem]

    @property
    def allowed(self) -> bool:
        """An edit is allowed when it brings no new error (a legal list stays legal)."""
        return not self.added


def judge(before_text: str, after_text: str, catalogue: Catalogue, path: str) -> Verdict:
    before = validate(load_list_text(before_text, catalogue, path), catalogue)
    after = validate(load_list_text(after_text, catalogue, path), catalogue)
    return Verdict(before, after, new_errors(before, after))
