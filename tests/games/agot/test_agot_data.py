"""The bundled data passes `check_data`; broken data gives positioned problems and a one-line DataError."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from agot_helpers import data

from armybuilder.errors import DataError
from armybuilder.games.agot.data import FOLDER
from armybuilder.games.agot.system import SYSTEM
from armybuilder.games.base import bundled_data


def test_bundled_data_is_clean() -> None:
    assert SYSTEM.check_data() == []
    assert SYSTEM.check_data(bundled_data(FOLDER)) == []


def test_facts() -> None:
    d = data()
    ed1, ed2 = d.editions[1], d.editions[2]
    assert sum(a.kind == "land" for a in ed2.areas.values()) == 38
    assert sum(a.kind == "sea" for a in ed2.areas.values()) == 12
    assert sum(a.kind == "port" for a in ed2.areas.values()) == 8
    assert sum(a.kind == "land" for a in ed1.areas.values()) == 38
    assert sum(a.kind == "sea" for a in ed1.areas.values()) == 11 and "Summer Sea" in ed1.areas
    assert ed1.caps == {"footman": 10, "knight": 4, "ship": 5}  # the seed's 5 ships
    assert "6" in ed1.cap_notes["ship"]
    assert ed2.caps == {"footman": 10, "knight": 5, "ship": 6, "siege_engine": 2}
    assert all(len(cards) == 7 for cards in ed2.house_cards.values())
    assert ed2.house_cards["lannister"]["Tywin Lannister"] == (4, 0, 0)
    assert ed1.stars_known == {3: 2, 5: 0}
    assert ed2.stars_by_players[6] == (3, 3, 2, 1, 0, 0) and ed2.stars_by_players[4] == (3, 2, 1, 0)
    assert d.order_tokens["defense-plus1"] == 2 and sum(d.order_tokens.values()) == 15
    assert ed2.neutral[4]["Storm's End"] == 4 and ed1.neutral[5]["Sunspear"] == 5
    assert ed2.areas["Lannisport"].port == "Port of Lannisport"
    assert ed2.muster_points["Lannisport"] == 2 and ed2.muster_points["Harrenhal"] == 1
    assert ed1.muster_points == {"Lannisport": 2, "Riverrun": 2, "Harrenhal": 1, "Stoney Sept": 0}
    assert ed1.area("兰斯尼港").name == "Lannisport"
    assert ed2.area("夏海").status == "unknown" and ed1.area("夏海").name == "Summer Sea"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "agot"
    shutil.copytree(bundled_data(FOLDER), target)
    return target


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / f"{name}.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line(folder: Path, name: str, needle: str) -> int:
    lines = (folder / f"{name}.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


def test_schema_problem_is_positioned(copy: Path) -> None:
    _edit(copy, "tables", "  - [3, 2, 2, 2]       # 3", "  - [3, two, 2, 2]       # 3")
    problems = SYSTEM.check_data(copy)
    assert [p.rule for p in problems] == ["data-schema"]
    assert problems[0].line == _line(copy, "tables", "[3, two, 2, 2]")
    assert problems[0].file.endswith("tables.yaml")


def test_reference_problem_is_positioned(copy: Path) -> None:
    _edit(copy, "areas", "  奔流城: Riverrun", "  奔流城: Riverrunn")
    problems = SYSTEM.check_data(copy)
    assert [p.rule for p in problems] == ["data-reference"]
    assert problems[0].line == _line(copy, "areas", "奔流城")


def test_start_units_must_stand_where_they_can(copy: Path) -> None:
    _edit(copy, "setups", "Sea of Dorne: {ship: 1}", "Sea of Dorne: {footman: 1}")
    problems = SYSTEM.check_data(copy)
    assert [p.rule for p in problems] == ["data-reference"]
    assert "land units" in problems[0].message


def test_seven_cards_a_house(copy: Path) -> None:
    _edit(copy, "house_cards", "Catelyn Stark: [0, 0, 0]", "Catelyn Stark: [0, 0, 0], Arya Stark: [1, 0, 0]")
    assert [p.rule for p in SYSTEM.check_data(copy)] == ["data-reference"]


def test_syntax_problem(copy: Path) -> None:
    (copy / "houses.yaml").write_text("houses: {stark: [\n", encoding="utf-8")
    problems = SYSTEM.check_data(copy)
    assert [p.rule for p in problems] == ["data-syntax"]
    with pytest.raises(DataError):
        SYSTEM.load_data(copy)


def test_missing_file(copy: Path) -> None:
    (copy / "setups.yaml").unlink()
    assert [p.rule for p in SYSTEM.check_data(copy)] == ["data-syntax"]
    with pytest.raises(DataError):
        SYSTEM.load_data(copy)


def test_unusable_data_is_one_line(copy: Path) -> None:
    _edit(copy, "tables", "rounds: 10", "rounds: ten")
    with pytest.raises(DataError) as info:
        SYSTEM.load_data(copy)
    assert "\n" not in str(info.value) and "data check" in str(info.value)
