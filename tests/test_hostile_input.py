"""Hostile input: every malformed file is an invalid list with a positioned problem, never a traceback.

Each case runs twice: through `validate_text` and through the CLI (`validate --format json`, exit 1).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate_text
from armybuilder.problems import Severity

ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "100", "ARMYBUILDER_DATA": None}

NESTED = "faction: stark\npoints: 40\nunits: " + "[" * 200 + "]" * 200 + "\n"
ANCHORS = """\
faction: stark
points: 40
units:
  - &swords Stark Sworn Swords
  - *swords
"""
BILLION_LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n" + "".join(
    f"{chr(99 + i)}: &{chr(99 + i)} [" + ", ".join([f"*{chr(98 + i)}"] * 9) + "]\n" for i in range(6)
)
DUPLICATE = """\
faction: stark
points: 40
units: [Stark Sworn Swords]
units: [Stark Bowmen]
"""
SPLIT = """\
faction: stark
points: 40
units:
  - unit: Stark Sworn Swords
    attachments: [Robb Stark, The Wolf Lord]
"""

# name -> (content, rule, line, fragment of the message)
CASES: dict[str, tuple[str | bytes, str, int, str]] = {
    "empty": ("", "schema", 1, "the list is empty"),
    "only-a-comment": ("# nothing here\n", "schema", 1, "the list is empty"),
    "yaml-list": ("- Stark Sworn Swords\n- Stark Bowmen\n", "schema", 1, "must be a mapping"),
    "scalar": ("just some words\n", "schema", 1, "must be a mapping"),
    "binary": (bytes(range(256)) * 4, "syntax", 1, "binary"),
    "latin-1": ("faction: stark\nname: caf\xe9\n".encode("latin-1"), "syntax", 2, "UTF-8"),  # at the byte
    "ten-megabytes": (b"# " + b"x" * 10_000_000 + b"\n", "syntax", 1, "bytes"),
    "deeply-nested": (NESTED, "syntax", 3, "nesting deeper"),
    # yamlpos reports an alias at its anchor: the anchor is what to remove
    "anchors-and-aliases": (ANCHORS, "syntax", 4, "anchors and aliases"),
    "billion-laughs": (BILLION_LAUGHS, "syntax", 1, "anchors and aliases"),
    "duplicate-key": (DUPLICATE, "syntax", 4, "duplicate key 'units'"),
    "unknown-faction": ("faction: dornish\npoints: 40\n", "schema", 1, "unknown faction"),
    "negative-points": ("faction: stark\npoints: -40\n", "schema", 2, "positive game size"),
    "non-numeric-points": ("faction: stark\npoints: lots\n", "schema", 2, "whole number"),
    "boolean-points": ("faction: stark\npoints: yes\n", "schema", 2, "whole number"),
    "split-subname": (SPLIT, "unknown-card", 5, "in quotes"),
    "tab-indent": ("faction: stark\npoints: 40\nunits:\n\t- Stark Bowmen\n", "syntax", 4, "invalid YAML"),
    "units-mapping": ("faction: stark\npoints: 40\nunits: {a: b}\n", "schema", 3, "must be a list"),
    "merge-key": (
        "faction: stark\npoints: 40\nx: &x {a: 1}\ny:\n  <<: *x\n",
        "syntax",
        5,
        "merge keys",
    ),  # reported at the `<<` the user wrote
}


def _assert_problem(problems: list[tuple[str, int, str]], rule: str, line: int, fragment: str | None) -> None:
    hits = [(r, ln, m) for r, ln, m in problems if r == rule and ln == line]
    assert hits, f"expected {rule}@{line} among {problems}"
    if fragment is not None:
        assert any(fragment in m for _, _, m in hits), hits


@pytest.mark.parametrize("name", list(CASES))
def test_validate_text(catalogue: Catalogue, name: str) -> None:
    content, rule, line, fragment = CASES[name]
    report = validate_text(content, catalogue, f"{name}.yaml")
    assert not report.valid
    errors = [(p.rule, p.line, p.message) for p in report.problems if p.severity is Severity.ERROR]
    _assert_problem(errors, rule, line, fragment)
    assert all(p.line >= 1 and p.column >= 1 for p in report.problems)


@pytest.mark.parametrize("name", list(CASES))
def test_cli(tmp_path: Path, name: str) -> None:
    content, rule, line, fragment = CASES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    result = CliRunner(env=ENV).invoke(app, ["validate", "--format", "json", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    (entry,) = data["lists"]
    assert entry["valid"] is False
    problems = [(p["rule"], p["line"], p["message"]) for p in entry["problems"]]
    _assert_problem(problems, rule, line, fragment)


def test_missing_file_is_an_invalid_list(tmp_path: Path) -> None:
    result = CliRunner(env=ENV).invoke(app, ["validate", "--format", "parsable", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 1
    assert "syntax cannot read the file" in result.stdout


def test_a_folder_is_an_invalid_list(tmp_path: Path) -> None:
    result = CliRunner(env=ENV).invoke(app, ["validate", "--format", "parsable", str(tmp_path)])
    assert result.exit_code == 1
    assert "syntax cannot read the file" in result.stdout


def test_one_bad_file_does_not_stop_the_others(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\x00\x01")
    good = Path(__file__).parent / "cases" / "valid" / "stark-40.yaml"
    result = CliRunner(env=ENV).invoke(app, ["validate", "--format", "json", str(bad), str(good)])
    assert result.exit_code == 1
    assert [entry["valid"] for entry in json.loads(result.stdout)["lists"]] == [False, True]


def test_a_forbidden_character_is_one_line_at_its_position(catalogue: Catalogue) -> None:
    report = validate_text('faction: stark\npoints: 40\nname: "a\x07b"\n', catalogue, "ctl.yaml")
    (problem,) = report.errors
    assert (problem.rule, problem.line, problem.column) == ("syntax", 3, 9)
    assert "\n" not in problem.message and "U+0007" in problem.message
