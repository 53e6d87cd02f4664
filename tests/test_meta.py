"""Meta-tests: every rule is documented and tested; every command explains itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer

from armybuilder.cli import app
from armybuilder.games.asoiaf.rules import REGISTRY
from armybuilder.problems import Severity

RULE_TESTS = Path(__file__).parent / "rules"


@pytest.mark.parametrize("rule_id", list(REGISTRY))
def test_rule_is_documented_and_tested(rule_id: str) -> None:
    module = REGISTRY[rule_id]
    assert rule_id == module.ID
    assert isinstance(module.SEVERITY, Severity)
    doc = getattr(module, "__doc__", None)
    assert doc and len(doc.strip()) > 20, f"rule {rule_id} has no docstring"
    assert callable(module.check)
    test_file = RULE_TESTS / f"test_{rule_id.replace('-', '_')}.py"
    assert test_file.is_file(), f"rule {rule_id} has no {test_file.name}"
    assert "def test_" in test_file.read_text(encoding="utf-8")


def test_the_issue_s_rule_ids_are_all_registered() -> None:
    wanted = {
        "syntax", "schema", "unknown-card", "ambiguous-card", "wrong-slot", "points-limit", "faction",
        "neutral-cap", "commander", "unique-character", "attachment-type", "attachment-limit",
        "card-requirement", "tactics-deck", "points-unspent", "second-in-command",
    }  # fmt: skip
    assert set(REGISTRY) == wanted
    warnings = {rid for rid, m in REGISTRY.items() if m.SEVERITY is Severity.WARNING}
    assert warnings == {"points-unspent", "second-in-command"}


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
