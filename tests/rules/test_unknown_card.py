"""unknown-card: a reference that matches no card, with the closest names suggested."""

from __future__ import annotations

from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue


def test_known_cards_by_name_title_and_id(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - "10201"
          - unit: House Umber Berserkers
            attachments: [umber champion]
        ncus: ["Catelyn Stark, Lady of Winterfell"]
        """,
    )
    assert not [p for p in report.problems if p.rule == "unknown-card"]


def test_misspelt_card_suggests(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - Stark Sword Swords
          - unit: Stark Bowmen
            attachments: [Umbr Champion]
        """,
    )
    assert {p for p in errors(report) if p[0] == "unknown-card"} == {("unknown-card", 4), ("unknown-card", 6)}
    text = message(report, "unknown-card")
    assert "did you mean 'Stark Sworn Swords'" in text
    assert "'Umber Champion'" in text


def test_unquoted_name_subname_in_flow_list(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - unit: Stark Sworn Swords
            attachments: [Robb Stark, The Wolf Lord]
        """,
    )
    assert ("unknown-card", 5) in errors(report)
    assert 'write "Robb Stark, The Wolf Lord" in quotes' in message(report, "unknown-card")
