"""`armybuilder rules`: every rule of every installed game from one source (the games' rule kits and
problem docs), one rule's documentation with its examples; and the examples a rule declares behave."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from armybuilder import games, ruledocs
from armybuilder.engine import Workspace, validate_text
from armybuilder.problems import Severity

runner = CliRunner()
BOARD_GAMES = ("war-of-the-ring", "agot-board-game")


def run(*args: str) -> tuple[int, str]:
    from armybuilder.cli import app

    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_json_lists_every_rule_of_every_game() -> None:
    code, out = run("rules", "--format", "json")
    assert code == 0
    listed = json.loads(out)["rules"]
    assert {"game", "id", "severity", "summary", "doc"} <= set(listed[0])
    for system in games.systems():
        rules = {(r["game"], r["id"]) for r in listed}
        assert {(system.key, rule.id) for rule in system.rules()} <= rules, system.key
        assert len(system.rules()) > 5, system.key
    documented = {(g, i) for g, docs in games.problem_docs().items() for i in docs}
    assert {(r["game"], r["id"]) for r in listed} == documented
    severity = {(r["game"], r["id"]): r["severity"] for r in listed}
    assert severity[("asoiaf", "points-unspent")] == "warning"
    assert severity[("war-of-the-ring", "hand-limit")] == "error"


def test_text_lists_one_game() -> None:
    code, out = run("rules", "--game", "wotr")
    assert code == 0
    assert all(line.startswith("war-of-the-ring ") for line in out.splitlines())
    assert any(" hand-limit " in line and " error " in line for line in out.splitlines())


def test_one_rule_with_its_examples() -> None:
    code, out = run("rules", "hand-limit")
    assert code == 0
    assert out.startswith("hand-limit (war-of-the-ring, error; rule)\n")
    assert "A valid file:" in out and "An invalid file:" in out and "# <- hand-limit" in out


def test_an_unknown_rule_is_a_usage_error() -> None:
    code, out = run("rules", "hand-limt")
    assert code == 2 and "did you mean `hand-limit`?" in out
    code, out = run("rules", "--game", "chess")
    assert code == 2 and "unknown game" in out


EXAMPLES = [
    pytest.param(e, id=f"{e.game}:{e.id}")
    for e in ruledocs.entries()
    if e.valid is not None or e.invalid is not None
]


MARK = re.compile(r"(?:# <-|#!)\s*([a-z-]+(?:\s*,\s*[a-z-]+)*)")  # `# <- rule-id`: a line the rule must name
# an example that cannot help breaking another rule as badly, and why
ALSO_BROKEN = {
    # the catalogue's only NCU commander (Doran Martell) needs Areo Hotah, an attachment, beside him
    ("asoiaf", "second-in-command"): {"card-requirement"},
    # no empire unit is cavalry: its one cavalry command, Dismount, then has no archers to turn into either
    ("horde-vs-empire-cards", "command-without-executor"): {"mount-target-missing"},
}
_WORKSPACE = Workspace()
RANK = {Severity.NOTE: 0, Severity.WARNING: 1, Severity.ERROR: 2}


def _marks(text: str) -> set[tuple[str, int]]:
    return {(rule.strip(), number) for number, line in enumerate(text.splitlines(), 1)
            if (found := MARK.search(line)) for rule in found.group(1).split(",")}  # fmt: skip


@pytest.mark.parametrize("entry", EXAMPLES)
def test_a_rule_s_examples_pass_and_break_it(entry: ruledocs.RuleEntry) -> None:
    """The examples `armybuilder rules ID` shows are the rule's own tests (one source): the valid file is
    valid and the rule silent in it; the invalid one breaks this rule at its documented severity, on the
    lines its `# <- rule-id` marks name, and no other rule breaks it as badly."""
    assert entry.valid is not None and entry.invalid is not None
    good = validate_text(entry.valid, _WORKSPACE, "valid.yaml")
    assert good.game == entry.game
    assert good.valid and entry.id not in {p.rule for p in good.problems}, good.problems
    bad = validate_text(entry.invalid, _WORKSPACE, "invalid.yaml")
    own = [p for p in bad.problems if p.rule == entry.id]
    assert own and {p.severity for p in own} == {entry.severity}, bad.problems
    worse = {p.rule for p in bad.problems if p.rule != entry.id and RANK[p.severity] >= RANK[entry.severity]}
    assert worse == ALSO_BROKEN.get((entry.game, entry.id), set()), bad.problems
    marked = {(rule, line) for rule, line in _marks(entry.invalid) if rule == entry.id}
    assert {(p.rule, p.line) for p in own} == marked, "mark each line the rule names with `# <- rule-id`"


def test_the_board_games_declare_examples_for_every_rule() -> None:
    for key in BOARD_GAMES:
        missing = [r.id for r in games.get(key).rules() if r.valid is None or r.invalid is None]
        assert not missing, f"{key}: {missing}"
