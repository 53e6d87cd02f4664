"""Meta-tests: every rule is documented and tested; every command explains itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.games import problem_docs
from armybuilder.games.asoiaf.rules import RULES
from armybuilder.problems import ProblemDoc, Severity

RULE_TESTS = Path(__file__).parent / "rules"
ROOT = Path(__file__).parent.parent


PROBLEM_DOCS = problem_docs()
ALL_DOCS = [(game, doc) for game, docs in PROBLEM_DOCS.items() for doc in docs.values()]


@pytest.mark.parametrize(("game", "doc"), ALL_DOCS, ids=[f"{g}:{d.id}" for g, d in ALL_DOCS])
def test_every_problem_id_is_documented(game: str, doc: ProblemDoc) -> None:
    assert doc.id and doc.id == doc.id.strip().lower()
    assert isinstance(doc.severity, Severity)
    assert doc.origin in {"load", "rule", "cross", "data", "event", "batch"}
    assert len(doc.doc.strip()) > 20, f"{game} problem {doc.id} has no documentation"


@pytest.mark.parametrize("rule_id", RULES.ids())
def test_rule_is_documented_and_tested(rule_id: str) -> None:
    rule = RULES[rule_id]
    assert isinstance(rule.severity, Severity)
    assert len(rule.doc) > 20, f"rule {rule_id} has no docstring"
    assert callable(rule.check)
    assert rule_id in PROBLEM_DOCS["asoiaf"]


@pytest.mark.parametrize("rule_id", [d.id for d in PROBLEM_DOCS["asoiaf"].values() if d.origin in ("load", "rule")])
def test_every_list_problem_has_its_tests(rule_id: str) -> None:
    test_file = RULE_TESTS / f"test_{rule_id.replace('-', '_')}.py"
    assert test_file.is_file(), f"rule {rule_id} has no {test_file.name}"
    assert "def test_" in test_file.read_text(encoding="utf-8")


def test_no_rule_module_is_empty() -> None:
    """Ids found while a list is read are documented entries, not rule modules whose check does nothing."""
    load_ids = {d.id for d in PROBLEM_DOCS["asoiaf"].values() if d.origin == "load"}
    assert not load_ids & set(RULES.ids())


def test_the_issue_s_rule_ids_are_all_registered() -> None:
    wanted = {
        "syntax", "schema", "unknown-card", "ambiguous-card", "wrong-slot", "points-limit", "faction",
        "neutral-cap", "commander", "unique-character", "attachment-type", "attachment-limit",
        "card-requirement", "tactics-deck", "points-unspent", "second-in-command",
    }  # fmt: skip
    docs = PROBLEM_DOCS["asoiaf"]
    assert wanted <= {d.id for d in docs.values() if d.origin in ("load", "rule")}
    warnings = {d.id for d in docs.values() if d.severity is Severity.WARNING}
    assert warnings == {"points-unspent", "second-in-command", "collection", "renamed"}


def test_every_emitted_id_is_registered(tmp_path: Path) -> None:
    """Every problem a corpus of lists, examples, imports and an event batch produces has a documented id
    and its documented severity (the whole session is held to the same at its end: conftest.py)."""
    from shared_fixtures import EMITTED, undocumented

    runner = CliRunner()
    lists = sorted(str(p) for p in (ROOT / "tests" / "cases").rglob("*.yaml"))
    examples = sorted(str(p) for p in (ROOT / "examples").glob("*.yaml"))
    runner.invoke(app, ["validate", "--format", "parsable", *lists, *examples])
    runner.invoke(app, ["batch", str(ROOT / "tests" / "cases"), "--quiet"])
    assert EMITTED, "no problem was recorded: the recorder is not wired"
    assert undocumented(EMITTED) == ([], [])


def test_the_severity_check_can_fail() -> None:
    """A rule documented as a warning that gives an error is caught, and so is an id no one documented."""
    from shared_fixtures import undocumented

    unknown, wrong = undocumented({("points-unspent", "error"), ("no-such-rule", "error")})
    assert unknown == ["no-such-rule"]
    assert wrong == ["points-unspent: error (documented warning)"]


def test_the_runner_stamps_the_documented_severity() -> None:
    """Whatever a rule's check builds, the problem reported carries the rule's id and documented severity."""
    from shared_fixtures import EMITTED

    from armybuilder.kit.rules import Rule
    from armybuilder.problems import Problem

    def check(model: object) -> list[Problem]:
        return [Problem("typo-id", Severity.ERROR, "m", "f", 1, 1), Problem("x", Severity.NOTE, "n", "f", 2, 1)]

    before = set(EMITTED)
    rule = Rule("points-unspent", Severity.WARNING, "Doc.", check, also=(Severity.NOTE,))
    try:
        assert [(p.rule, p.severity) for p in rule.run(None)] == [
            ("points-unspent", Severity.WARNING),
            ("points-unspent", Severity.NOTE),
        ]
    finally:  # the planted mistakes are this test's own, not the session's
        EMITTED.intersection_update(before)


def test_the_runner_stamps_as_the_rule_does() -> None:
    """`Rules.run` answers at once for a problem already as stamped, and gives what `Rule.stamp` gives for
    every problem: another id, an undocumented severity, a message that would steer a terminal."""
    from shared_fixtures import EMITTED

    from armybuilder.kit.rules import Rule, Rules
    from armybuilder.problems import Problem

    before = set(EMITTED)
    made = [
        Problem(rule, severity, message, "f", line, 1)
        for line, (rule, severity, message) in enumerate(
            (rule, severity, message)
            for rule in ("points-unspent", "typo-id")
            for severity in (Severity.WARNING, Severity.NOTE, Severity.ERROR)
            for message in ("plain", "a \x1b[2J clear", "two\nlines", "")
        )
    ]
    rule = Rule("points-unspent", Severity.WARNING, "Doc.", lambda model: made, also=(Severity.NOTE,))
    try:
        ran = Rules((rule,)).run(None)
        assert ran == [rule.stamp(p) for p in made]
        assert ran[0] is made[0]  # already as stamped: kept
        assert {p.message for p in ran} == {"plain", "a \\x1b[2J clear", "two\\nlines", ""}
    finally:  # the planted mistakes are this test's own, not the session's
        EMITTED.intersection_update(before)


def _commands(group: Any, prefix: str = "") -> list[tuple[str, Any]]:
    """Every registered command, sub-apps' commands included (typer vendors click: duck typing)."""
    found = []
    for name, command in group.commands.items():
        found.append((f"{prefix}{name}", command))
        if hasattr(command, "commands"):
            found += _commands(command, f"{prefix}{name} ")
    return found


COMMANDS = _commands(typer.main.get_group(app))


def test_there_are_commands() -> None:
    assert {"validate", "show", "deck"} <= {name for name, _ in COMMANDS}


@pytest.mark.parametrize(("name", "command"), COMMANDS, ids=[n for n, _ in COMMANDS])
def test_command_has_help(name: str, command: Any) -> None:
    assert (command.help or "").strip(), f"`armybuilder {name}` has no help text"
    for param in command.params:
        if param.param_type_name == "option" and not getattr(param, "hidden", False):
            assert (param.help or "").strip(), f"`armybuilder {name}` option {param.opts} has no help"
