"""wrong-slot: a card listed where a card of another kind belongs."""

from __future__ import annotations

from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue


def test_every_card_in_its_slot(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - unit: Stark Sworn Swords
            attachments: [Umber Champion]
        ncus: [Catelyn Stark]
        """,
    )
    assert not [p for p in report.problems if p.rule == "wrong-slot"]


def test_cards_in_the_wrong_slots(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - Umber Champion
          - unit: Stark Sworn Swords
            attachments: ["Sansa Stark, Little Bird"]
        ncus: [Stark Bowmen]
        """,
    )
    assert {p for p in errors(report) if p[0] == "wrong-slot"} == {
        ("wrong-slot", 4),
        ("wrong-slot", 6),
        ("wrong-slot", 7),
    }
    text = message(report, "wrong-slot")
    assert "list it under a unit's `attachments:`" in text
    assert "list it under `ncus:`" in text
    assert "list it under `units:`" in text
