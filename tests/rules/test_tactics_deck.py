"""tactics-deck: the commander's 20-card deck must be buildable from the card data."""

from __future__ import annotations

import dataclasses

from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue

LIST = """
faction: stark
points: 40
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
"""


def test_buildable_deck(catalogue: Catalogue) -> None:
    assert not [p for p in check(catalogue, LIST).problems if p.rule == "tactics-deck"]


def test_commander_without_tactics_cards(catalogue: Catalogue) -> None:
    robb = catalogue.resolve_ref("Robb Stark, The Wolf Lord")[0]
    broken = dataclasses.replace(
        catalogue, tactics={k: v for k, v in catalogue.tactics.items() if k not in robb.tactics}
    )
    report = check(broken, LIST)
    assert errors(report) == {("tactics-deck", 5)}
    assert "no tactics cards for Robb Stark, The Wolf Lord" in message(report, "tactics-deck")
    assert "check the card data" in message(report, "tactics-deck")


def test_missing_faction_tactics_card(catalogue: Catalogue) -> None:
    first = catalogue.faction_tactics("stark")[0]
    broken = dataclasses.replace(
        catalogue, tactics={k: v for k, v in catalogue.tactics.items() if k != first.id}
    )
    report = check(broken, LIST)
    assert errors(report) == {("tactics-deck", 5)}
    assert "6 faction tactics cards for stark, not 7" in message(report, "tactics-deck")
