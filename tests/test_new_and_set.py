"""`new --commander` among commanders only, `new --player`, `set name` and `set player`."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from armybuilder.cli import app
from armybuilder.errors import ArmyBuilderError
from armybuilder.games.asoiaf.builder.document import find_commander
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate_path

ROOT = Path(__file__).resolve().parent.parent
ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "120", "ARMYBUILDER_DATA": None}


def run(*args: str) -> Result:
    return CliRunner(env=ENV).invoke(app, list(args))


def test_euron_greyjoy_is_the_one_euron_who_commands(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "krakens.yaml"
    result = run("new", str(path), "--faction", "greyjoy", "--commander", "Euron Greyjoy")
    assert result.exit_code == 0, result.output
    report = validate_path(str(path), catalogue)
    assert report.context is not None and report.context.commander is not None
    assert report.context.commander.id == "20812"  # Lord Reaper of Pyke, not Crow's Eye


def test_a_commander_of_another_faction_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "wolves.yaml"
    result = run("new", str(path), "--faction", "stark", "--commander", "Catelyn Stark")
    assert result.exit_code == 2
    assert "there is no House Stark commander called 'Catelyn Stark'" in result.output
    assert "Catelyn Stark, Lady Stoneheart is a Brotherhood Without Banners commander" in result.output
    assert not path.exists()  # nothing written, no Lady Stoneheart in a Stark list


def test_the_same_name_works_for_its_own_faction(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "bwb.yaml"
    result = run("new", str(path), "--faction", "brotherhood", "--commander", "Catelyn Stark")
    assert result.exit_code == 0, result.output
    assert "Lady Stoneheart" in path.read_text()


def test_own_faction_commander_before_the_neutral_one(catalogue: Catalogue) -> None:
    assert find_commander(catalogue, "Daario Naharis", "targaryen").id == "20717"
    assert find_commander(catalogue, "Daario Naharis", "stark").id == "20411"  # the neutral one


@pytest.mark.parametrize(
    ("ref", "fragment"),
    [
        ("Umber Champion", "Umber Champion is not a commander card"),
        ("Rob Stark", "no House Stark commander called 'Rob Stark'; did you mean 'Robb Stark, The Wolf Lord'"),
        ("Brynden Tully", "'Brynden Tully' matches 2 commanders"),
    ],
)
def test_commander_lookup_errors(ref: str, fragment: str, catalogue: Catalogue) -> None:
    with pytest.raises(ArmyBuilderError) as raised:
        find_commander(catalogue, ref, "stark")
    assert fragment in raised.value.message


def test_set_commander_also_looks_among_commanders(tmp_path: Path) -> None:
    path = tmp_path / "krakens.yaml"
    assert run("new", str(path), "--faction", "greyjoy", "--commander", "Victarion Greyjoy").exit_code in (0, 1)
    result = run("set", str(path), "commander", "Euron Greyjoy")
    assert "Euron Greyjoy, Lord Reaper of Pyke" in path.read_text(), result.output


def test_new_player_and_name(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "wolves.yaml"
    result = run(
        "new", str(path), "--faction", "stark", "--commander", "Robb Stark, The Wolf Lord",
        "--name", "Wolves of the North", "--player", "Ann",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    report = validate_path(str(path), catalogue)
    assert (report.army.name, report.army.player) == ("Wolves of the North", "Ann")


def test_new_player_must_be_one_line(tmp_path: Path) -> None:
    path = tmp_path / "wolves.yaml"
    result = run("new", str(path), "--faction", "stark", "--commander", "Robb Stark, The Wolf Lord", "--player", "A\nB")
    assert result.exit_code == 2 and "one line of text" in result.output
    assert not path.exists()


def test_set_name_and_player_keep_the_rest(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "wolves.yaml"
    path.write_text((ROOT / "examples" / "stark-40.yaml").read_text())
    before = path.read_text()
    result = run("set", str(path), "player", "Ann: the Wolf")
    assert result.exit_code == 0, result.output
    assert "player set to 'Ann: the Wolf'" in result.output
    result = run("set", str(path), "name", "Winter Is Coming")
    assert result.exit_code == 0 and "name 'Wolves of the North' → 'Winter Is Coming'" in result.output
    report = validate_path(str(path), catalogue)
    assert (report.army.name, report.army.player) == ("Winter Is Coming", "Ann: the Wolf")
    after = path.read_text()
    assert after.splitlines()[0] == before.splitlines()[0]  # the comment stays
    assert after.index("name:") < after.index("player:") < after.index("faction:")  # keys in their order


def test_set_with_an_empty_value_removes_it(tmp_path: Path) -> None:
    path = tmp_path / "wolves.yaml"
    path.write_text((ROOT / "examples" / "stark-40.yaml").read_text())
    result = run("set", str(path), "name", "")
    assert result.exit_code == 0, result.output
    assert "name:" not in path.read_text()


def test_set_unknown_key_lists_the_keys(tmp_path: Path) -> None:
    path = tmp_path / "wolves.yaml"
    path.write_text((ROOT / "examples" / "stark-40.yaml").read_text())
    result = run("set", str(path), "colour", "grey")
    assert result.exit_code == 2
    assert "choose one of points, faction, commander, name, player" in result.output


@pytest.mark.parametrize(
    ("faction", "commander", "unit", "expected"),
    [
        ("martell", "Doran Martell, Lord of Sunspear", None, {"Areo Hotah, Captain of The Guard"}),
        ("martell", "Doran Martell, Lord of Sunspear", "Sand Skirmishers", {"Sand Skirmishers"}),
        ("martell", "Areo Hotah, Captain of The Guard", None, {"Doran Martell, Lord of Sunspear"}),
        ("freefolk", "Varamyr Sixskins", None, {"Shadowcat", "Wolf Pack"}),
    ],
    ids=["doran", "doran-unit", "areo", "varamyr"],
)
def test_new_brings_the_cards_a_commander_leads_only_with(
    tmp_path: Path, catalogue: Catalogue, faction: str, commander: str, unit: str | None, expected: set[str]
) -> None:
    """Doran Martell leads only with Areo Hotah (on the --unit named), Areo Hotah only beside Doran Martell,
    Varamyr Sixskins only with Shadowcat and Wolf Pack: the new list holds them and is legal."""
    path = tmp_path / "new.yaml"
    result = run("new", str(path), "--faction", faction, "--commander", commander, *(["--unit", unit] if unit else []))
    assert result.exit_code == 0, result.output
    report = validate_path(str(path), catalogue)
    assert report.valid, [p.message for p in report.errors]
    assert report.context is not None and report.context.commander is not None
    assert commander in report.context.commander.title
    assert expected <= {card.title for _, card in report.context.pairs}


@pytest.mark.parametrize(("key", "value"), [("name", "On"), ("player", "No"), ("name", "1e3"), ("player", "null")])
def test_set_name_or_player_that_yaml_would_read_as_no_text_is_quoted(
    tmp_path: Path, catalogue: Catalogue, key: str, value: str
) -> None:
    path = tmp_path / "wolves.yaml"
    path.write_text((ROOT / "examples" / "stark-40.yaml").read_text())
    result = run("set", str(path), key, value)
    assert result.exit_code == 0, result.output
    assert f"{key}: {value}\n" not in path.read_text()  # quoted
    army = validate_path(str(path), catalogue).army
    assert getattr(army, key) == value


def test_new_names_its_own_argument_for_a_folder_or_a_missing_folder(tmp_path: Path) -> None:
    (tmp_path / "lists").mkdir()
    robb = ["--faction", "stark", "--commander", "Robb Stark, The Wolf Lord"]
    for target, said in ((tmp_path / "lists", "is a folder"), (tmp_path / "nodir" / "x.yaml", "does not exist")):
        result = run("new", str(target), *robb, "--force")
        assert result.exit_code == 2 and said in result.stderr
        assert " -o" not in result.stderr
    assert list((tmp_path / "lists").iterdir()) == [] and not (tmp_path / "nodir").exists()
