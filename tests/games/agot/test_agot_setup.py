"""`new` writes the start of a game for every edition and player count; it validates clean."""

from __future__ import annotations

import pytest
from agot_helpers import check, data, ids

from armybuilder import yamlpos
from armybuilder.errors import UsageError
from armybuilder.games.agot.system import SYSTEM
from armybuilder.problems import Severity

COUNTS = [(1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5), (2, 6)]


@pytest.mark.parametrize(("edition", "players"), COUNTS)
def test_new_file_validates_clean(edition: int, players: int) -> None:
    text = SYSTEM.new_file(data(), edition=edition, players=players)
    value = yamlpos.load(text)
    assert value["edition"] == edition and value["players"] == players and value["phase"] == "setup"
    report = check(text)
    assert report.valid
    assert ids(report, Severity.ERROR) == [] and ids(report, Severity.WARNING) == []
    if edition == 2:
        assert report.problems == []
    else:  # only notes: what the first edition's data cannot check
        assert set(ids(report, Severity.NOTE)) <= {"standard-setup", "victory", "supply-icons"}


@pytest.mark.parametrize(("edition", "players"), [c for c in COUNTS if c[0] == 2])
def test_second_edition_start_has_every_house_and_the_tracks(edition: int, players: int) -> None:
    value = yamlpos.load(SYSTEM.new_file(data(), edition=edition, players=players))
    playing = data().editions[2].by_players[players]
    assert list(value["houses"]) == list(playing)
    for track in ("iron_throne", "fiefdoms", "kings_court"):
        assert sorted(value["influence"][track]) == sorted(playing)
    port_ship = "Port of Lannisport" in value["houses"]["lannister"]["units"]
    assert port_ship is (players != 3)  # removed in a 3-player game


def test_new_file_options_come_as_text_too() -> None:
    assert SYSTEM.new_file(data(), edition="1", players="3") == SYSTEM.new_file(data(), edition=1, players=3)
    assert "edition: 2" in SYSTEM.new_file(data())


@pytest.mark.parametrize(
    "options",
    [
        {"edition": 3},
        {"edition": "two"},
        {"edition": 1, "players": 6},
        {"players": 2},
        {"edition": True},
        {"colour": "red"},
    ],
)
def test_new_file_bad_options(options: dict[str, object]) -> None:
    with pytest.raises(UsageError):
        SYSTEM.new_file(data(), **options)


def test_a_moved_unit_breaks_the_set_up() -> None:
    text = SYSTEM.new_file(data(), edition=2, players=6).replace(
        "      Stoney Sept: {footman: 1}", "      Stoney Sept: {footman: 2}"
    )
    report = check(text)
    assert [p.message for p in report.problems] == [
        "set-up: Lannister starts with 1 footman in Stoney Sept, not 2"
    ]


def test_without_phase_setup_the_start_is_not_compared() -> None:
    text = (
        SYSTEM.new_file(data(), edition=2, players=6)
        .replace("phase: setup", "phase: planning")
        .replace("round: 1", "round: 5")
    )
    assert "standard-setup" not in ids(check(text))


def test_first_edition_lannister_start_is_checked() -> None:
    text = SYSTEM.new_file(data(), edition=1, players=5).replace(
        "      The Golden Sound: {ship: 1}", "      The Golden Sound: {ship: 2}"
    )
    report = check(text)
    assert "set-up: Lannister starts with 1 ship in The Golden Sound, not 2" in [
        p.message for p in report.errors
    ]
