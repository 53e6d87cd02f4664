"""The Supply track and the army fit, with the seed's own examples."""

from __future__ import annotations

import pytest
from agot_helpers import check, data, ids, messages

from armybuilder.games.agot.supply import cuts, destroy_text, fits


def test_supply_rows_of_the_seed() -> None:
    track = data().supply_track
    assert track[3] == (3, 2, 2, 2)  # seed L151-152, L185: supply 3 allows armies 3-2-2-2
    assert track[5] == (4, 3, 2, 2)  # seed L143-149: supply 5 held armies 4, 3, 2, 2
    assert len(track) == 7


@pytest.mark.parametrize(
    ("supply", "armies", "ok"),
    [
        (3, [3, 2, 2, 2], True),
        (3, [4, 3, 2, 2], False),
        (3, [3, 2, 2, 2, 2], False),
        (5, [4, 3, 2, 2], True),
        (5, [4, 4, 2, 2], False),
        (0, [2, 2], True),
        (0, [3], False),
        (6, [4, 3, 2, 2, 2], True),
        (1, [], True),
    ],
)
def test_fits(supply: int, armies: list[int], ok: bool) -> None:
    named = [(f"area {i}", size) for i, size in enumerate(armies)]
    assert fits(named, data().supply_track[supply]) is ok
    assert (not cuts(named, data().supply_track[supply])) is ok


def test_seed_example_supply_3_with_4_3_2_2() -> None:
    armies = [("Harrenhal", 4), ("The Golden Sound", 3), ("Searoad Marches", 2), ("Stoney Sept", 2)]
    found = cuts(armies, data().supply_track[3])
    assert found == [("Harrenhal", 1), ("The Golden Sound", 1)]
    assert destroy_text(found) == "destroy 2 units, 1 in Harrenhal and 1 in The Golden Sound"


def test_equal_armies_keep_file_order() -> None:
    armies = [("A", 2), ("B", 3), ("C", 2), ("D", 2)]
    assert cuts(armies, (3, 2)) == [("C", 1), ("D", 1)]


HEAD = "game: agot-board-game\nedition: 1\nplayers: 5\nround: 2\nhouses:\n  lannister:\n"


def test_seed_supply_3_position_is_valid() -> None:
    text = (
        HEAD
        + "    supply: 3\n    units:\n      Harrenhal: {knight: 2, footman: 1}\n      The Golden Sound: {ship: 2}\n"
        "      Searoad Marches: {knight: 2}\n      Stoney Sept: {footman: 2}\n      Lannisport: {footman: 1}\n"
    )
    assert "army-supply" not in ids(check(text))


def test_seed_supply_5_then_3_after_the_supply_update() -> None:
    # seed L143-158: Lannister at supply 5 with armies 4, 3, 2, 2 drops to supply 3 and must destroy units
    units = (
        "    units:\n      Harrenhal: {footman: 4}\n      Riverrun: {footman: 3}\n      Seagard: {footman: 2}\n"
        "      Stoney Sept: {footman: 2}\n"
    )
    assert "army-supply" not in ids(check(HEAD + "    supply: 5\n" + units))
    assert messages(check(HEAD + "    supply: 3\n" + units), "army-supply") == [
        "Lannister (supply 3) may field armies of 3, 2, 2, 2; it has 4, 3, 2, 2: destroy 2 units, "
        "1 in Harrenhal and 1 in Riverrun"
    ]
