"""`armybuilder rules`: every rule of every installed game from one source (the games' rule kits and
problem docs), one rule's documentation with its examples; and the examples a rule declares behave."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from armybuilder import games, ruledocs
from armybuilder.engine import Workspace, validate_text

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


@pytest.mark.parametrize("entry", EXAMPLES)
def test_a_rule_s_examples_pass_and_break_it(entry: ruledocs.RuleEntry) -> None:
    """Examples are shown to users: the valid one must not break the rule, the invalid one must."""
    assert entry.valid is not None and entry.invalid is not None
    ws = Workspace()
    good = validate_text(entry.valid, ws, "valid.yaml")
    assert good.game == entry.game and entry.id not in {p.rule for p in good.problems}
    bad = validate_text(entry.invalid, ws, "invalid.yaml")
    assert entry.id in {p.rule for p in bad.problems}


def test_the_board_games_declare_examples_for_every_rule() -> None:
    for key in BOARD_GAMES:
        missing = [r.id for r in games.get(key).rules() if r.valid is None or r.invalid is None]
        assert not missing, f"{key}: {missing}"
