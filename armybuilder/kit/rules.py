"""The rule kit every game uses: a rule declares itself once, the runner runs it and stamps what it found.

A rule is a module (the yamllint shape): `ID`, `SEVERITY`, a docstring that is its documentation (the
first sentence its summary), `check(model)` yielding the problems it finds, and optionally `ALSO` (the
other severities its documentation says it may give, e.g. a note besides its errors) and `VALID` /
`INVALID` (a file that passes and one that breaks it, shown by `armybuilder rules ID`).

`Rules` is the one registry form of every game: the rules in the order they run, by id, plus the
problems found while a file is read (`load`, documented but no rule modules). The runner stamps each
problem with its rule's id and documented severity, so a rule cannot give what its documentation does
not say; `tests/conftest.py` fails the test session if any problem is ever built with another one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import field
from types import ModuleType
from typing import Any, Generic, TypeVar

from armybuilder.problems import Problem, ProblemDoc, Severity
from armybuilder.record import record
from armybuilder.text import printable

M = TypeVar("M")


def doc_text(text: str | None) -> str:
    """A docstring as documentation: one paragraph per blank line, each on one line."""
    return "\n\n".join(" ".join(part.split()) for part in (text or "").strip().split("\n\n"))


def summary_of(doc: str) -> str:
    """The first sentence of a rule's documentation."""
    first = doc.split("\n\n")[0]
    return first.split(". ")[0].rstrip(".") + "." if ". " in first else first


@record(frozen=True)
class Rule(Generic[M]):
    """One rule of a game: what it is called, how bad breaking it is, what it says, and its check."""

    id: str
    severity: Severity
    doc: str
    check: Callable[[M], Iterable[Problem]]
    also: tuple[Severity, ...] = ()  # the other severities its documentation allows (notes besides errors)
    valid: str | None = None  # a file that passes the rule
    invalid: str | None = None  # a file that breaks it

    @classmethod
    def of(cls, module: ModuleType) -> Rule[Any]:
        """The rule a module declares (`ID`, `SEVERITY`, docstring, `check`, optional `ALSO`/`VALID`/`INVALID`)."""
        return cls(
            module.ID,
            module.SEVERITY,
            doc_text(module.__doc__),
            module.check,
            tuple(getattr(module, "ALSO", ())),
            getattr(module, "VALID", None),
            getattr(module, "INVALID", None),
        )

    @property
    def summary(self) -> str:
        return summary_of(self.doc)

    @property
    def severities(self) -> tuple[Severity, ...]:
        return (self.severity, *self.also)

    def run(self, model: M) -> Iterator[Problem]:
        """The rule's problems with `model`, stamped with its id and a documented severity, each message one
        printable line whatever text of the file it quotes (a name holding a newline or an escape)."""
        for found in self.check(model):
            yield self.stamp(found)

    def stamp(self, found: Problem) -> Problem:
        """`found` with the rule's id, a documented severity and a one-line printable message."""
        severity = found.severity if found.severity in self.also else self.severity
        message = printable(found.message)
        if found.rule != self.id or found.severity is not severity or message is not found.message:
            found = dataclasses.replace(found, rule=self.id, severity=severity, message=message)
        return found

    def stamper(self) -> Callable[[Problem], Problem]:
        """`stamp` as the runner calls it: a problem already as stamped (made with the rule's own id and
        severity, its message printable as it is) is answered at once, one call per problem, not three."""
        rule_id, severity, stamp = self.id, self.severity, self.stamp

        def stamped(found: Problem) -> Problem:
            if found.rule is rule_id and found.severity is severity and found.message.isprintable():
                return found
            return stamp(found)

        return stamped

    def problem_doc(self, origin: str = "rule") -> ProblemDoc:
        return ProblemDoc(self.id, self.severity, self.doc, origin, self.also)


@record(frozen=True)
class Rules(Generic[M]):
    """A game's rules in the order they run, and the problems its reader finds (documented only)."""

    rules: tuple[Rule[M], ...]
    load: tuple[ProblemDoc, ...] = ()
    by_id: Mapping[str, Rule[M]] = field(init=False, repr=False, compare=False)
    _runs: tuple[tuple[Callable[[M], Iterable[Problem]], Callable[[Problem], Problem]], ...] = field(
        init=False, repr=False, compare=False
    )  # each rule's check and stamp, looked up once

    def __post_init__(self) -> None:
        ids = [r.id for r in self.rules] + [d.id for d in self.load]
        clash = {i for i in ids if ids.count(i) > 1}
        by_id = {r.id: r for r in self.rules}
        if clash:
            raise ValueError(f"rule ids declared twice: {', '.join(sorted(clash))}")
        object.__setattr__(self, "by_id", by_id)
        object.__setattr__(self, "_runs", tuple((r.check, r.stamper()) for r in self.rules))

    @classmethod
    def of(cls, modules: Iterable[ModuleType], load: Iterable[ProblemDoc] = ()) -> Rules[Any]:
        return cls(tuple(Rule.of(m) for m in modules), tuple(load))

    def __iter__(self) -> Iterator[Rule[M]]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.by_id

    def __getitem__(self, rule_id: str) -> Rule[M]:
        return self.by_id[rule_id]

    def ids(self) -> list[str]:
        return list(self.by_id)

    def run(self, model: M, only: Callable[[Rule[M]], bool] | None = None) -> list[Problem]:
        """Every rule's problems with `model` (those `only` keeps), stamped."""
        found: list[Problem] = []
        if only is None:  # every rule (a list's check): each rule's check called directly, no generator around it
            for check, stamp in self._runs:
                found.extend(map(stamp, check(model)))
            return found
        for rule in self.rules:
            if only(rule):
                found.extend(map(rule.stamp, rule.check(model)))
        return found

    def docs(self) -> tuple[ProblemDoc, ...]:
        """What the reader finds, then every rule: for a system's `problem_docs`."""
        return (*self.load, *(r.problem_doc() for r in self.rules))
