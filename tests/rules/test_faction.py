"""faction: only cards of the army's faction and neutral cards; a neutral army takes neutral cards only."""

from __future__ import annotations

from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue


def test_own_faction_and_neutral(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - unit: Stark Sworn Swords
            attachments: ["Robb Stark, The Wolf Lord"]
          - unit: Hedge Knights
            attachments: [Glory Seeker]
        ncus: ["Petyr Baelish, Littlefinger"]
        """,
    )
    assert not [p for p in report.problems if p.rule == "faction"]


def test_card_of_another_house(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - unit: Stark Sworn Swords
            attachments: ["Robb Stark, The Wolf Lord"]
          - Lannister Guardsmen
        ncus: ["Cersei Lannister"]
        """,
    )
    assert {e for e in errors(report) if e[0] == "faction"} == {("faction", 6), ("faction", 7)}
    text = message(report, "faction")
    assert "Lannister Guardsmen is a House Lannister card" in text
    assert "House Stark and neutral cards only — remove it" in text


def test_neutral_army_takes_only_neutral_cards(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: neutral
        points: 40
        units:
          - unit: Stormcrow Mercenaries
            attachments: ["Daario Naharis, Stormcrow Captain"]
          - Stark Sworn Swords
        """,
    )
    assert {e for e in errors(report) if e[0] == "faction"} == {("faction", 6)}
    assert "neutral cards only" in message(report, "faction")
