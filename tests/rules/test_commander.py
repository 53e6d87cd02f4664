"""commander: exactly one commander card, and `commander:` names it when given."""

from __future__ import annotations

from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue


def test_one_commander_named_right(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        commander: Robb Stark, The Wolf Lord
        units:
          - unit: Stark Sworn Swords
            attachments: ["Robb Stark, The Wolf Lord"]
        """,
    )
    assert not [p for p in report.problems if p.rule == "commander"]
    assert report.context is not None and report.context.commander is not None


def test_no_commander(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - Stark Sworn Swords
        """,
    )
    assert errors(report) == {("commander", 3)}
    assert "add exactly one commander card" in message(report, "commander")


def test_two_commanders(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - unit: Stark Sworn Swords
            attachments: ["Robb Stark, The Wolf Lord"]
          - unit: Stark Sworn Swords
            attachments: ["Eddard Stark, Lord of Winterfell"]
        """,
    )
    assert errors(report) == {("commander", 7)}
    assert "second commander" in message(report, "commander")
    assert "remove one of them" in message(report, "commander")


def test_commander_key_names_a_card_not_in_the_list(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        commander: Eddard Stark, Lord of Winterfell
        units:
          - Stark Sworn Swords
        """,
    )
    assert errors(report) == {("commander", 3)}
    assert "the card is not in the list; attach it to a combat unit" in message(report, "commander")


def test_commander_key_disagrees(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        commander: Eddard Stark, Lord of Winterfell
        units:
          - unit: Stark Sworn Swords
            attachments: ["Robb Stark, The Wolf Lord"]
        """,
    )
    assert errors(report) == {("commander", 3)}
    assert "make them the same card" in message(report, "commander")


def test_ncu_and_solo_commanders(catalogue: Catalogue) -> None:
    doran = check(
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
    assert not [p for p in doran.problems if p.rule == "commander"]
    assert doran.context is not None and doran.context.commander is not None
    assert doran.context.commander.id == "30901"
