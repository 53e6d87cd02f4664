"""second-in-command (warning): an NCU commander and no attachment to deploy as second-in-command.

Season 2025.02: there Doran Martell, Lord of Sunspear commands alone; from S07 on he commands only with Areo
Hotah, Captain of The Guard (an attachment) in the army (tests/test_seasons.py)."""

from __future__ import annotations

from armycheck import check, errors, message, warnings

from armybuilder.games.asoiaf.catalogue import Catalogue


def test_ncu_commander_with_an_attachment(catalogue_2025_02: Catalogue) -> None:
    report = check(
        catalogue_2025_02,
        """
        faction: martell
        points: 30
        units:
          - unit: Martell Spearmen
            attachments: [Spearmen Captain]
        ncus: ["Doran Martell, Lord of Sunspear"]
        """,
    )
    assert ("second-in-command", 6) not in warnings(report)
    assert errors(report) == set()


def test_ncu_commander_alone(catalogue_2025_02: Catalogue) -> None:
    catalogue = catalogue_2025_02
    report = check(
        catalogue,
        """
        faction: martell
        points: 30
        units:
          - Martell Spearmen
        ncus: ["Doran Martell, Lord of Sunspear"]
        """,
    )
    assert ("second-in-command", 5) in warnings(report)
    assert errors(report) == set()
    assert report.valid
    assert "needs one deployed as second-in-command" in message(report, "second-in-command")
    assert not check(
        catalogue,
        "faction: martell\npoints: 9\nunits: [Martell Spearmen]\nncus: [Doran Martell]\n",
        strict=True,
    ).valid


def test_areo_hotah_is_doran_s_second(catalogue: Catalogue) -> None:
    # Areo Hotah, Captain of The Guard shares Doran's command: one commander, and an attachment
    report = check(
        catalogue,
        """
        faction: martell
        points: 30
        units:
          - unit: Martell Spearmen
            attachments: ["Areo Hotah, Captain of The Guard"]
        ncus: ["Doran Martell, Lord of Sunspear"]
        """,
    )
    assert errors(report) == set()
    assert warnings(report) == {("points-unspent", 2)}
    assert report.context is not None and report.context.commander is not None
    assert report.context.commander.id == "30901"
