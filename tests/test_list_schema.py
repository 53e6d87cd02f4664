"""The published JSON Schema of the list format: it ships, `schema` prints it, it agrees with the loader."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from armybuilder import yamlpos
from armybuilder.cli import app
from armybuilder.games.asoiaf.armylist import TOP_KEYS, UNIT_KEYS, load_list_text
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.listschema import SCHEMA_PATH, modeline, schema

ROOT = Path(__file__).resolve().parent.parent
ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "100", "ARMYBUILDER_DATA": None}
LISTS = sorted([*(ROOT / "tests" / "cases").rglob("*.yaml"), *(ROOT / "examples").glob("*.yaml")])
VALIDATOR = jsonschema.Draft7Validator(schema())


def _shape_ok(text: str, catalogue: Catalogue) -> bool | None:
    """Whether the loader finds the list well shaped (no `schema` problem); None when it is not YAML."""
    try:
        yamlpos.load(text)
    except yamlpos.YamlError:
        return None
    army = load_list_text(text, catalogue, "x.yaml")
    if any(p.rule == "syntax" for p in army.problems):
        return None
    shape = [p for p in army.problems if p.rule == "schema" and "unknown faction" not in p.message]
    return not shape


def _value(text: str) -> Any:
    return yaml.safe_load(text)


def test_the_schema_is_a_draft_07_schema_shipped_in_the_package() -> None:
    jsonschema.Draft7Validator.check_schema(schema())  # what the YAML language server reads
    assert SCHEMA_PATH.is_file()
    assert SCHEMA_PATH.is_relative_to(ROOT / "armybuilder")  # inside the package: installed with it


def test_the_schema_command_prints_it(tmp_path: Path) -> None:
    result = CliRunner(env=ENV).invoke(app, ["schema"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == schema()
    out = tmp_path / "list.schema.json"
    assert CliRunner(env=ENV).invoke(app, ["schema", "-o", str(out)]).exit_code == 0
    assert json.loads(out.read_text()) == schema()
    again = CliRunner(env=ENV).invoke(app, ["schema", "-o", str(out)])
    assert again.exit_code == 2 and "--force" in again.output


def test_the_schema_knows_every_key_of_the_loader() -> None:
    assert set(schema()["properties"]) == set(TOP_KEYS)
    unit = next(a for a in schema()["definitions"]["unit"]["anyOf"] if a.get("type") == "object")
    assert set(unit["properties"]) == set(UNIT_KEYS)


def test_the_faction_examples_are_the_faction_keys(catalogue: Catalogue) -> None:
    assert schema()["properties"]["faction"]["examples"] == list(catalogue.factions)


@pytest.mark.parametrize("path", LISTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_schema_and_loader_agree_on_every_case(path: Path, catalogue: Catalogue) -> None:
    text = path.read_text(encoding="utf-8")
    shape = _shape_ok(text, catalogue)
    if shape is None:
        pytest.skip("not YAML the schema could read")
    assert VALIDATOR.is_valid(_value(text)) == shape, list(VALIDATOR.iter_errors(_value(text)))


MALFORMED = {
    "unknown key": "faction: stark\npoints: 40\nunit: [Stark Sworn Swords]\n",
    "points as text": "faction: stark\npoints: forty\n",
    "points zero": "faction: stark\npoints: 0\n",
    "no faction": "points: 40\nunits: [Stark Sworn Swords]\n",
    "units as a mapping": "faction: stark\npoints: 40\nunits: {unit: Stark Sworn Swords}\n",
    "unit entry without unit": "faction: stark\npoints: 40\nunits:\n  - attachments: [Umber Champion]\n",
    "attachment and attachments": (
        "faction: stark\npoints: 40\nunits:\n  - unit: Stark Bowmen\n    attachment: Umber Champion\n"
        "    attachments: [Sworn Sword Captain]\n"
    ),
    "unknown unit key": "faction: stark\npoints: 40\nunits:\n  - unit: Stark Bowmen\n    attachmnet: Umber Champion\n",
    "a card as a mapping": "faction: stark\npoints: 40\nncus:\n  - {name: Catelyn Stark}\n",
    "name as a list": "faction: stark\npoints: 40\nname: [a, b]\n",
    "not a mapping": "- faction: stark\n",
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_lists_fail_the_schema_and_the_loader(case: str, catalogue: Catalogue) -> None:
    text = MALFORMED[case]
    assert not VALIDATOR.is_valid(_value(text)), case
    assert _shape_ok(text, catalogue) is False, case


WELL_FORMED = {
    "minimal": "faction: stark\npoints: 40\n",
    "ids and one attachment list": "faction: stark\npoints: 40\nunits:\n  - unit: 10201\n    attachment: [20201]\n",
    "single ncu": "faction: stark\npoints: 40\nncus: Catelyn Stark\n",
    "empty units": "faction: stark\npoints: 40\nunits:\nncus: []\n",
    "game key": "game: asoiaf\nfaction: stark\npoints: 40\nname: 40\nnotes: null\n",
}


@pytest.mark.parametrize("case", list(WELL_FORMED))
def test_well_formed_lists_pass_both(case: str, catalogue: Catalogue) -> None:
    text = WELL_FORMED[case]
    assert VALIDATOR.is_valid(_value(text)), list(VALIDATOR.iter_errors(_value(text)))
    assert _shape_ok(text, catalogue) is True, case


def test_new_writes_the_modeline(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "wolves.yaml"
    result = CliRunner(env=ENV).invoke(
        app, ["new", str(path), "--faction", "stark", "--commander", "Robb Stark, The Wolf Lord"]
    )
    assert result.exit_code == 0, result.output
    first = path.read_text().splitlines()[0]
    assert first == f"# {modeline()}"
    assert Path(first.split("$schema=", 1)[1]) == SCHEMA_PATH  # a file that exists
    assert VALIDATOR.is_valid(_value(path.read_text()))


@pytest.mark.parametrize(
    ("written", "shown"), [(".inf", "`.inf`"), ("-.Inf", "`-.inf`"), (".NaN", "`.nan`"), ("40.5", "40.5")]
)
def test_a_game_size_that_is_no_whole_number_is_quoted_as_yaml_writes_it(
    written: str, shown: str, catalogue: Catalogue
) -> None:
    army = load_list_text(f"faction: stark\npoints: {written}\n", catalogue, "x.yaml")
    [problem] = [p for p in army.problems if p.rule == "schema"]
    assert problem.message == f"`points` must be a whole number such as 40, not {shown}"
    assert (problem.line, problem.column) == (2, 9)
