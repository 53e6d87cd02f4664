"""`new --game war-of-the-ring`: the standard set-up, which validates clean and holds exactly the box."""

from __future__ import annotations

import pytest
from wotr_support import check, data

from armybuilder import yamlpos
from armybuilder.errors import UsageError
from armybuilder.games.wotr.system import SYSTEM


@pytest.mark.parametrize("players", [2, 3, 4, "3", None])
def test_new_file_validates_clean(players: object) -> None:
    text = SYSTEM.new_file(data(), players=players)
    report = check(text, "new.yaml")
    assert report.problems == []
    assert report.summary.title == "turn 0 position (set-up)"


def test_new_file_figures_sum_exactly_to_the_box() -> None:
    value = yamlpos.load(SYSTEM.new_file(data()))
    totals: dict[tuple[str, str], int] = {}
    for section in ("board", "besieged"):
        for nations in value[section].values():
            for nation, figures in nations.items():
                for kind, n in figures.items():
                    totals[(nation, kind)] = totals.get((nation, kind), 0) + n
    for section in ("reinforcements", "casualties"):
        for nation, figures in value[section].items():
            for kind, n in figures.items():
                totals[(nation, kind)] = totals.get((nation, kind), 0) + n
    box = {(n.key, kind): count for n in data().nations.values() for kind, count in n.box.items()}
    assert {k: v for k, v in totals.items() if v or k in box} == box
    assert len(value["board"]) == 35


def test_new_file_name_and_players() -> None:
    text = SYSTEM.new_file(data(), players=4, name='Ladder "final" <b>')
    value = yamlpos.load(text)
    assert value["name"] == 'Ladder "final" <b>'
    assert set(value["hands"]) == {"gondor_player", "rohan_player", "witch_king_player", "saruman_player"}
    assert set(value["control"]) == set(value["hands"])
    assert check(text).summary.title == 'Ladder "final" <b>'


@pytest.mark.parametrize("options", [{"players": 5}, {"players": "two"}, {"name": "a\nb"}, {"colour": "red"}])
def test_new_file_bad_options(options: dict[str, object]) -> None:
    with pytest.raises(UsageError):
        SYSTEM.new_file(data(), **options)
