"""The bundled data: clean under `check_data`, and the facts it must hold. Broken copies are reported with
positions and refused by `load_data`."""

from __future__ import annotations

from pathlib import Path

import pytest
from wotr_support import copy_data, data, edit_data

from armybuilder.errors import DataError
from armybuilder.games.base import bundled_data
from armybuilder.games.wotr.datacheck import FILES
from armybuilder.games.wotr.system import SYSTEM

BUNDLED = bundled_data("war-of-the-ring")


def test_bundled_data_is_clean() -> None:
    assert SYSTEM.check_data() == []
    assert SYSTEM.check_data(BUNDLED) == []


def test_every_data_file_has_a_schema() -> None:
    schemas = Path(__file__).resolve().parents[3] / "armybuilder" / "games" / "wotr" / "schemas"
    for name in FILES:
        assert (BUNDLED / f"{name}.yaml").is_file()
        assert (schemas / f"{name}.json").is_file()


def test_the_facts() -> None:
    facts = data()
    assert len(facts.regions) == 105
    settlements = [r.settlement for r in facts.regions.values()]
    assert (settlements.count("stronghold"), settlements.count("city"), settlements.count("town")) == (
        16,
        6,
        14,
    )
    assert settlements.count("fortification") == 2
    assert sum(r.nation is not None for r in facts.regions.values()) == 52
    assert facts.regions["Druadan Forest"].nation == "gondor"  # the reading chosen where sources disagree
    assert len(facts.characters) == 13
    assert facts.characters["Aragorn"].leadership == 2
    assert facts.characters["Witch-king"].level is None
    assert len(facts.setup_board) == 35
    for nation in facts.nations.values():
        for kind, box in nation.box.items():
            placed = sum(s.get(nation.key, {}).get(kind, 0) for s in facts.setup_board.values())
            assert placed + facts.setup_reinforcements[nation.key].get(kind, 0) == box
    fp = [n for n in facts.nations.values() if n.side == "free_peoples"]
    shadow = [n for n in facts.nations.values() if n.side == "shadow"]
    assert sum(n.box.get("regular", 0) + n.box.get("elite", 0) for n in fp) == 75
    assert sum(n.box.get("leader", 0) for n in fp) == 20
    assert sum(n.box.get("regular", 0) + n.box.get("elite", 0) for n in shadow) == 90
    assert facts.nations["sauron"].box["nazgul"] == 8


def test_box_that_disagrees_with_the_set_up(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    edit_data(folder, "nations", "figures_in_box: {regular: 15,", "figures_in_box: {regular: 16,")
    line = edit_data(
        folder,
        "setup",
        "  gondor:    {regular: 6, elite: 4, leader: 3}",
        "  gondor:    {regular: 6, elite: 4, leader: 3}",
    )
    problems = SYSTEM.check_data(folder)
    rules = {(p.rule, Path(p.file).name, p.line) for p in problems}
    assert ("data-consistency", "setup.yaml", line) in rules
    assert any(p.file.endswith("nations.yaml") and "army_units" in p.message for p in problems)
    with pytest.raises(DataError):
        SYSTEM.load_data(folder)


def test_schema_fault_is_positioned(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    line = edit_data(
        folder,
        "regions",
        "Erebor:                  {nation: dwarves, settlement: stronghold}",
        "Erebor:                  {nation: dwarves, settlement: castle}",
    )
    [problem] = SYSTEM.check_data(folder)
    assert (problem.rule, Path(problem.file).name, problem.line) == ("data-schema", "regions.yaml", line)


def test_alias_collision_and_unknown_names(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    line = edit_data(folder, "aliases", "Bree:           [布理]", "Bree:           [布理, Dale]")
    edit_data(folder, "setup", "    Bree: {regular: 1}", "    Brie: {regular: 1}")
    problems = SYSTEM.check_data(folder)
    assert any(p.file.endswith("aliases.yaml") and p.line == line for p in problems)
    assert any(p.file.endswith("setup.yaml") and "'Brie' is not a region" in p.message for p in problems)


def test_missing_and_unreadable_files(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    (folder / "tracks.yaml").unlink()
    (folder / "characters.yaml").write_text("characters: [unclosed\n", "utf-8")
    problems = SYSTEM.check_data(folder)
    assert {Path(p.file).name for p in problems} == {"tracks.yaml", "characters.yaml"}
    assert {p.rule for p in problems} == {"data-schema"}
    with pytest.raises(DataError):
        SYSTEM.load_data(folder)
    with pytest.raises(DataError):
        SYSTEM.load_data(tmp_path / "nowhere")
