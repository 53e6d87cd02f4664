"""reinforcements: declared beside the list, NCUs or attachments of the army's faction or neutral, no
commander, no character the army already fields; no points of the list, but the neutral cap counts them."""

from __future__ import annotations

from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue

LIST = """
faction: stark
points: 40
commander: Robb Stark, The Wolf Lord
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
  - unit: House Umber Berserkers
    attachment: Umber Champion
  - Stark Outriders
  - Stark Bowmen
  - unit: Stark Sworn Swords
    attachment: Sworn Sword Captain
  - House Tully Sworn Shields
ncus: [Catelyn Stark]
reinforcements: [{extra}]
"""


def test_own_and_neutral_cards_are_fine_and_cost_no_points(catalogue: Catalogue) -> None:
    report = check(catalogue, LIST.format(extra="Mormont Veteran, Petyr Baelish"))
    assert errors(report) == set()
    assert report.context is not None and report.context.total == 40  # as without reinforcements
    assert [e.card.id for e in report.army.reinforcements if e.card] == ["20222", "30402"]


def test_another_faction_s_card_is_refused(catalogue: Catalogue) -> None:
    report = check(catalogue, LIST.format(extra="Guard Captain"))
    assert errors(report) == {("reinforcements", 15)}
    assert "House Lannister card" in message(report, "reinforcements")


def test_a_character_the_list_fields_is_refused(catalogue: Catalogue) -> None:
    report = check(catalogue, LIST.format(extra='"Catelyn Stark, Lady of Winterfell"'))
    assert errors(report) == {("reinforcements", 15)}
    assert "already in the list at line 14" in message(report, "reinforcements")


def test_a_commander_is_refused(catalogue: Catalogue) -> None:
    report = check(catalogue, LIST.format(extra='"Greatjon Umber, Lord of Last Hearth"'))
    assert errors(report) == {("reinforcements", 15)}
    assert "is a commander" in message(report, "reinforcements")
    assert report.context is not None and report.context.commander is not None  # Robb still leads alone


def test_a_combat_unit_is_in_the_wrong_slot(catalogue: Catalogue) -> None:
    report = check(catalogue, LIST.format(extra="Stark Bowmen"))
    assert errors(report) == {("wrong-slot", 15)}
    assert "NCU or attachment" in message(report, "wrong-slot")


def test_neutral_reinforcements_count_toward_the_neutral_cap(catalogue: Catalogue) -> None:
    text = """
    faction: stark
    points: 40
    commander: Robb Stark, The Wolf Lord
    units:
      - unit: Stark Sworn Swords
        attachments: ["Robb Stark, The Wolf Lord"]
      - Hedge Knights
      - Golden Company Swordsmen
    ncus: [Petyr Baelish]
    reinforcements: [{extra}]
    """
    assert errors(check(catalogue, text.format(extra="Lord Varys"))) - {("neutral-cap", 10)} == set()
    assert ("neutral-cap", 10) not in errors(check(catalogue, text.format(extra="Mormont Veteran")))
    report = check(catalogue, text.format(extra="Lord Varys, Tycho Nestoris"))  # 18 + 4 + 5 = 27 of 20
    assert ("neutral-cap", 10) in errors(report)
    assert "with the reinforcements, neutral cards cost 27 points" in message(report, "neutral-cap")
