"""The validate, show and deck commands through the CLI: formats, exit codes, options, golden printouts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from goldens import assert_golden
from typer.testing import CliRunner, Result

from armybuilder.cli import app

ROOT = Path(__file__).parent.parent
VALID = "tests/cases/valid/stark-40.yaml"
INVALID = "tests/cases/invalid/over-points.yaml"
ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "100", "ARMYBUILDER_DATA": None}


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # relative paths keep the printouts stable


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner(env=ENV).invoke(app, list(args), input=stdin)


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --- golden printouts ---------------------------------------------------------------------------------


def test_show_valid_golden() -> None:
    result = run("show", VALID)
    assert result.exit_code == 0
    assert_golden("show-stark-40.txt", result.stdout)


def test_show_invalid_golden() -> None:
    result = run("show", INVALID)
    assert result.exit_code == 1
    assert_golden("show-over-points.txt", result.stdout)


@pytest.mark.parametrize("fmt", ["text", "parsable", "json"])
def test_validate_golden(fmt: str) -> None:
    result = run("validate", "--format", fmt, VALID, INVALID)
    assert result.exit_code == 1
    assert_golden(f"validate-{fmt}.{'json' if fmt == 'json' else 'txt'}", result.stdout)


# --- exit codes and formats -------------------------------------------------------------------------


def test_exit_codes() -> None:
    assert run("validate", VALID).exit_code == 0
    assert run("validate", VALID, INVALID).exit_code == 1
    assert run("validate").exit_code == 2  # no list given
    assert run("validate", "--format", "yaml", VALID).exit_code == 2
    bad_points = run("validate", "--points", "0", VALID)
    assert bad_points.exit_code == 2
    assert "--points must be a positive game size" in bad_points.stderr


def test_json_contract() -> None:
    data = json.loads(run("validate", "--format", "json", VALID, INVALID).stdout)
    assert set(data) == {"format_version", "data_version", "lists"}
    assert data["format_version"] == 1
    first, second = data["lists"]
    assert {
        "path",
        "valid",
        "faction",
        "points",
        "total",
        "neutral_total",
        "neutral_cap",
        "commander",
        "problems",
    } <= set(first)
    assert (
        first["valid"] is True and first["total"] == 38 and first["commander"] == "Robb Stark, The Wolf Lord"
    )
    assert second["valid"] is False
    for problem in second["problems"]:
        assert {"rule", "severity", "message", "line", "column", "card"} <= set(problem)


def test_parsable_lines() -> None:
    out = run("validate", "--format", "parsable", INVALID).stdout
    assert f"{INVALID}:3:1: error points-limit " in out
    assert all(line.startswith(f"{INVALID}:") for line in out.splitlines())


def test_github_format() -> None:
    out = run("validate", "--format", "github", VALID, INVALID).stdout
    lines = out.splitlines()
    assert (
        f"::warning file={VALID},line=3,col=1,title=points-unspent::2 points unspent (38 of 40)" in lines[0]
    )
    assert any(line.startswith(f"::error file={INVALID},line=12,col=5,title=faction::") for line in lines)


def test_stdin(tmp_path: Path) -> None:
    text = (ROOT / VALID).read_text(encoding="utf-8")
    result = run("validate", "--format", "parsable", "-", stdin=text)
    assert result.exit_code == 0
    assert result.stdout.startswith("<stdin>:3:1: warning points-unspent")
    bad = run("validate", "-", stdin="faction: stark\npoints: [\n")
    assert bad.exit_code == 1


def test_strict_turns_a_warning_into_a_failure() -> None:
    assert run("validate", VALID).exit_code == 0
    result = run("validate", "--strict", VALID)
    assert result.exit_code == 1
    assert "invalid (--strict)" in result.stdout


def test_points_override() -> None:
    result = run("validate", "--points", "35", "--format", "parsable", VALID)
    assert result.exit_code == 1
    assert "points-limit the list costs 38 points, 3 over the 35-point game size" in result.stdout
    assert run("validate", "--points", "38", "--strict", VALID).exit_code == 0


def test_team_flags_a_shared_character(tmp_path: Path) -> None:
    mine = write(
        tmp_path,
        "a.yaml",
        'faction: stark\npoints: 20\nunits:\n  - unit: Stark Sworn Swords\n    attachments: ["Robb Stark, The Wolf Lord"]\n',
    )
    mate = write(
        tmp_path,
        "b.yaml",
        'faction: stark\npoints: 20\nunits:\n  - unit: Stark Bowmen\n    attachments: ["Greatjon Umber, Lord of Last Hearth"]\n'
        'ncus: ["Robb Stark, King in the North"]\n',
    )
    assert run("validate", mine, mate).exit_code == 0
    result = run("validate", "--team", "--format", "parsable", mine, mate)
    assert result.exit_code == 1
    assert f"{mate}:6:8: error unique-character Robb Stark, King in the North is Robb Stark" in result.stdout
    assert "team-mates may not share a character" in result.stdout


# --- deck -------------------------------------------------------------------------------------------


def test_deck_text() -> None:
    result = run("deck", VALID)
    assert result.exit_code == 0
    assert "Tactics deck (20 cards)" in result.stdout


def test_deck_json_stark() -> None:
    data = json.loads(run("deck", "--format", "json", VALID).stdout)
    assert data["format_version"] == 1
    assert data["size"] == 20 and data["removed"] == [] and data["problems"] == []
    assert [c["from"] for c in data["cards"]].count("faction") == 7
    assert sum(c["copies"] for c in data["cards"]) == 20


def test_deck_targaryen_commander_replaces_a_faction_card() -> None:
    data = json.loads(run("deck", "--format", "json", "tests/cases/valid/targaryen-40.yaml").stdout)
    assert data["size"] == 20
    assert [c["from"] for c in data["cards"]].count("faction") == 6
    (removed,) = data["removed"]
    replacing = [c for c in data["cards"] if c["id"] == removed["by"]]
    assert replacing and replacing[0]["replaces"] == removed["id"]


def test_deck_mag_the_mighty() -> None:
    data = json.loads(run("deck", "--format", "json", "tests/cases/valid/freefolk-40.yaml").stdout)
    assert data["size"] == 20
    assert all(c["from"] == "commander" for c in data["cards"]) and len(data["cards"]) == 10
    assert len(data["removed"]) == 7
    text = run("deck", "tests/cases/valid/freefolk-40.yaml").stdout
    assert "replaces every faction card" in text


def test_deck_without_a_commander() -> None:
    result = run("deck", "tests/cases/invalid/no-commander.yaml")
    assert result.exit_code == 1
    assert "no tactics deck: the list has no commander" in result.stderr


@pytest.mark.parametrize(("written", "read_as"), [("No", "the boolean false"), ("on", "the boolean true"), ("3.10", "the number 3.1")])
def test_a_name_yaml_reads_as_no_text_is_a_problem_where_it_is_written(tmp_path: Path, written: str, read_as: str) -> None:
    # `name: No` printed as "False" on the sheet, `name: 3.10` as "3.1"; quoted, the name is as written
    text = (ROOT / "examples" / "stark-40.yaml").read_text(encoding="utf-8")
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t == "name: Wolves of the North")
    result = run("validate", write(tmp_path, "l.yaml", text.replace("name: Wolves of the North", f"name: {written}")))
    assert result.exit_code == 1
    assert f"{line}:7" in result.output
    assert f"`name` is read by YAML as {read_as}, not text; put it in quotes" in result.output
    quoted = run("show", write(tmp_path, "q.yaml", text.replace("name: Wolves of the North", f'name: "{written}"')))
    assert quoted.exit_code == 0 and written in quoted.output
