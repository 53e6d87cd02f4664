"""ARCHITECTURE.md's recipe for a rule, followed: a module in a game's `rules/` with ID, SEVERITY, its
docstring and check(), listed in `_MODULES`, is all the game, `armybuilder rules`, the problem
registry and the documentation checks need."""

from __future__ import annotations

import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from shared_fixtures import EMITTED

from armybuilder import games
from armybuilder.kit.rules import Rules
from armybuilder.problems import Problem, Severity

PACKAGE = Path(__file__).parent.parent / "armybuilder" / "games"
NOT_RULES = {"__init__", "examples"}


@pytest.mark.parametrize("key", ["asoiaf", "war-of-the-ring", "agot-board-game", "horde-vs-empire-cards"])
def test_every_rule_module_is_registered(key: str) -> None:
    """A module in `rules/` that is not in the game's RULES would be a rule that never runs."""
    system = games.get(key)
    folder = Path(type(system).__module__.replace(".", "/")).parent.name
    modules = {p.stem for p in (PACKAGE / folder / "rules").glob("*.py")} - NOT_RULES
    registered = {r.check.__module__.rpartition(".")[2] for r in system.rules()}
    assert modules == registered
    documented = {d.id for d in system.problem_docs()}
    assert set(system.rules().ids()) <= documented


def test_a_new_rule_module_needs_nothing_else() -> None:
    """The recipe's module, registered: documented, run, stamped, its examples carried."""
    rule = types.ModuleType("armybuilder.games.tiny.rules.too_many", "A squad of more than ten is too many.")

    def check(model: list[str]) -> Iterator[Problem]:
        if len(model) > 10:
            yield Problem("too-many", Severity.ERROR, "field ten at most", "f.yaml", 1, 1)

    rule.ID, rule.SEVERITY, rule.check = "too-many", Severity.WARNING, check  # type: ignore[attr-defined]
    rule.VALID, rule.INVALID = "squad: []\n", "squad: [a, a, a, a, a, a, a, a, a, a, a]\n"  # type: ignore[attr-defined]
    kit = Rules.of([rule])
    assert [(d.id, d.severity, d.doc) for d in kit.docs()] == [
        ("too-many", Severity.WARNING, "A squad of more than ten is too many.")
    ]
    before = set(EMITTED)
    try:
        assert [(p.rule, p.severity) for p in kit.run(["a"] * 11)] == [("too-many", Severity.WARNING)]
    finally:  # this rule belongs to no installed game: its problems are not the session's
        EMITTED.intersection_update(before)
    assert kit["too-many"].invalid is not None and kit["too-many"].summary == "A squad of more than ten is too many."
