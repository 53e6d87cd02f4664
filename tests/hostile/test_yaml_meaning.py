"""YAML 1.1's own readings, in every game's files (the second hostile campaign): `040` is 32, `1:00` is 60,
`on:` is the key True, `!!binary` is bytes and `!!timestamp` a date. One fix in the shared loader: a number
means what a person reads or is a positioned problem saying so, a key is the word written, and no value is
ever of a type that would print as a Python repr (`b'…'`, `datetime…`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hostile_checks import ENV, assert_sane
from typer.testing import CliRunner

from armybuilder import yamlpos
from armybuilder.cli import app

ROOT = Path(__file__).resolve().parents[2]
WOTR = ROOT / "tests" / "games" / "wotr" / "samples" / "wotr-valid.yaml"
AGOT = ROOT / "tests" / "games" / "agot" / "samples" / "agot-valid.yaml"
HVE = ROOT / "examples" / "hve-empire.yaml"
ASOIAF = ROOT / "examples" / "stark-40.yaml"
EVENT = ROOT / "examples" / "events" / "starter-30.yaml"
COLLECTION = ROOT / "examples" / "collection-stark.yaml"

# (file, command, the numeric field's line as written, the same field with a YAML 1.1 number, its line)
NUMBERS = [
    (ASOIAF, ["validate", "--format", "parsable"], "points: 40", "points: {n}"),
    (WOTR, ["validate", "--format", "parsable"], "turn: 0 ", "turn: {n} "),
    (AGOT, ["validate", "--format", "parsable"], "wildling_threat: 4", "wildling_threat: {n}"),
    (HVE, ["validate", "--format", "parsable"], "{card: Imperial Guard, count: 2}", "{card: Imperial Guard, count: {n}}"),
    (EVENT, ["event", "check"], "points: 30", "points: {n}"),
    (COLLECTION, ["collection", "check"], "Stark Sworn Swords: 2", "Stark Sworn Swords: {n}"),
]
SURPRISES = [
    ("040", "`040` is read by YAML as 32 (a leading 0 makes an octal number); write `40`"),
    ("1:00", "`1:00` is read by YAML as 60 (colons make a base-60 number"),
    ("0x1f", "`0x1f` is read by YAML as 31"),
    ("1_0", "`1_0` is read by YAML as 10"),
]


def run(args: list[str]) -> object:
    result = CliRunner(env=ENV).invoke(app, args)
    if args[0] == "event":  # `event check` ends with its own count line on stderr: the rest of the checks
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    else:
        assert_sane(result, " ".join(args), codes=(1,))
    return result


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize(("number", "said"), SURPRISES)
@pytest.mark.parametrize(("source", "command", "written", "template"), NUMBERS, ids=lambda v: getattr(v, "stem", None))
def test_a_yaml_number_is_a_positioned_problem_in_every_file(
    source: Path, command: list[str], written: str, template: str, number: str, said: str, tmp_path: Path
) -> None:
    text = source.read_text(encoding="utf-8")
    assert written in text
    changed = text.replace(written, template.replace("{n}", number), 1)
    path = tmp_path / source.name
    path.write_text(changed, encoding="utf-8")
    result = run([*command, str(path)])
    line = _line_of(changed, template.replace("{n}", number).strip())
    assert said in result.stdout, result.stdout
    assert f"{path.name}:{line}:" in result.stdout, result.stdout


def test_a_leading_zero_that_changes_nothing_is_the_number() -> None:
    assert dict(yamlpos.load("a: 04\nb: -07\nc: 00\n")) == {"a": 4, "b": -7, "c": 0}


@pytest.mark.parametrize("key", ["on", "yes", "no", "off", "040", "1:00", "2024-01-01"])
def test_a_key_is_the_word_written(key: str) -> None:
    value = yamlpos.load(f"{key}: 1\nother: 2\n")
    assert list(value) == [key, "other"] and value.key_pos[key] == (1, 1)


def test_on_yes_and_no_keys_together_are_three_keys() -> None:
    assert dict(yamlpos.load("on: 1\nyes: 2\nno: 3\nTrue: 4\n")) == {"on": 1, "yes": 2, "no": 3, True: 4}


@pytest.mark.parametrize(
    ("source", "key"),
    [(ASOIAF, "name"), (HVE, "name"), (EVENT, "name"), (COLLECTION, "name")],
    ids=lambda v: getattr(v, "stem", None),
)
@pytest.mark.parametrize("value", ["!!binary aGVsbG8=", "!!timestamp 2024-01-01", '!!binary "aGVsbG8="'])
def test_a_tag_no_field_takes_is_refused_at_its_place(source: Path, key: str, value: str, tmp_path: Path) -> None:
    text = source.read_text(encoding="utf-8")
    changed, n = re.subn(rf"(?m)^{key}: .*$", f"{key}: {value}", text, count=1)
    assert n == 1
    path = tmp_path / source.name
    path.write_text(changed, encoding="utf-8")
    command = {EVENT: ["event", "check"], COLLECTION: ["collection", "check"]}.get(source, ["validate", "--format", "parsable"])
    result = run([*command, str(path)])
    tag = value.split()[0]
    line = _line_of(changed, f"{key}: {value}")
    assert f"{path.name}:{line}:{len(key) + 3}:" in result.stdout and f"the tag {tag} is not supported" in result.stdout
    assert "b'" not in result.stdout and "datetime" not in result.stdout


@pytest.mark.parametrize("value", ["2024-01-01", "2024-01-01 10:00:00", "2001-12-14t21:59:43.10-05:00"])
def test_an_unquoted_date_is_the_text_written(value: str, tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(re.sub(r"(?m)^name: .*$", f"name: {value}", HVE.read_text(encoding="utf-8"), count=1))
    result = CliRunner(env=ENV).invoke(app, ["export", "-f", "json", str(path)])
    assert_sane(result, value, codes=(0,))
    assert f'"{value}"' in result.stdout


def test_an_absurd_game_size_is_invalid_in_a_batch(tmp_path: Path) -> None:
    """`points: 1000000000` passed `batch` as valid: any size may be agreed, but not one no army reaches."""
    folder = tmp_path / "lists"
    folder.mkdir()
    (folder / "big.yaml").write_text(ASOIAF.read_text(encoding="utf-8").replace("points: 40", "points: 1000000000"))
    report = tmp_path / "r.csv"
    result = CliRunner(env=ENV).invoke(app, ["batch", str(folder), "--report", str(report)])
    assert_sane(result, "batch points 1e9", codes=(1,))
    row = report.read_text(encoding="utf-8").splitlines()[1]
    assert ",invalid," in row and "is no game size (at most 1,000)" in row and "(line 4)" in row
