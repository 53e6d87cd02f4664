"""unique-character: one card per character identity, whatever the version; across a team too."""

from __future__ import annotations

from armycheck import check, errors, message

from armybuilder.engine import validate_team
from armybuilder.games.asoiaf.catalogue import Catalogue

JAIME = """
faction: lannister
points: 40
units:
  - unit: Lannister Guardsmen
    attachments: ["Jaime Lannister, The Kingslayer"]
  - unit: Knights of Casterly Rock
    attachments: [{other}]
"""


def test_different_characters(catalogue: Catalogue) -> None:
    report = check(catalogue, JAIME.format(other='"Tyrion Lannister, The Giant of Lannister"'))
    assert not [p for p in report.problems if p.rule == "unique-character"]


def test_rulebook_example_two_jaimes(catalogue: Catalogue) -> None:
    # 000's own example: The Kingslayer and The Young Lion are one character
    report = check(catalogue, JAIME.format(other='"Jaime Lannister, The Young Lion"'))
    assert ("unique-character", 7) in errors(report)
    text = message(report, "unique-character")
    assert "Jaime Lannister again (as Jaime Lannister, The Kingslayer" in text
    assert "line 5" in text and "remove one" in text


def test_second_copy_of_a_character(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - unit: Stark Sworn Swords
            attachments: ["Robb Stark, The Wolf Lord"]
          - unit: Stark Sworn Swords
            attachments: ["Greatjon Umber, Fierce Bannerman"]
          - unit: Stark Bowmen
            attachments: ["Greatjon Umber, Fierce Bannerman"]
        """,
    )
    assert errors(report) == {("unique-character", 9)}
    assert "a second copy" in message(report, "unique-character")


def test_multi_character_card(catalogue: Catalogue) -> None:
    # Bran and Hodor carries both identities: Bran Stark elsewhere clashes
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - unit: Stark Sworn Swords
            attachments: ["Robb Stark, The Wolf Lord"]
          - unit: Stark Bowmen
            attachments: ["Bran and Hodor, Protector and Ward"]
          - Summer
        """,
    )
    assert not [p for p in report.problems if p.rule == "unique-character"]


def test_team_mates_share_a_character(catalogue: Catalogue) -> None:
    first = check(catalogue, JAIME.format(other='"Tyrion Lannister, The Giant of Lannister"'))
    second = check(
        catalogue,
        """
        faction: lannister
        points: 40
        units:
          - unit: Lannister Guardsmen
            attachments: ["Tywin Lannister, Lord of Casterly Rock"]
          - unit: Lannister Halberdiers
            attachments: ["Jaime Lannister, The Young Lion"]
        """,
    )
    validate_team([first, second], ["ann", "bob"])  # two players (both files are test.yaml)
    assert not [p for p in first.problems if p.rule == "unique-character"]
    assert errors(second) == {("unique-character", 7)}
    assert "team-mates may not share a character" in message(second, "unique-character")


def test_team_of_different_characters(catalogue: Catalogue) -> None:
    first = check(catalogue, JAIME.format(other='"Tyrion Lannister, The Giant of Lannister"'))
    second = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - unit: Stark Sworn Swords
            attachments: ["Robb Stark, The Wolf Lord"]
        """,
    )
    validate_team([first, second], ["ann", "bob"])  # two players (both files are test.yaml)
    assert not [p for r in (first, second) for p in r.problems if p.rule == "unique-character"]
