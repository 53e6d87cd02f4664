"""attachment-type: an attachment joins a unit of its own type; solo units take none unless a card says so."""

from __future__ import annotations

from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue


def test_matching_types(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - unit: Stark Sworn Swords
            attachments: ["Robb Stark, The Wolf Lord"]
          - unit: Stark Outriders
            attachments: ["Brynden Tully, Vanguard Infiltrator"]
        """,
    )
    assert not [p for p in report.problems if p.rule == "attachment-type"]


def test_wrong_type_and_solo_unit(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - unit: Stark Outriders
            attachments: ["Robb Stark, The Wolf Lord"]
          - unit: Stark Sworn Swords
            attachments: ["Brynden Tully, Vanguard Infiltrator"]
          - unit: Grey Wind
            attachments: [Umber Champion]
        """,
    )
    assert {e for e in errors(report) if e[0] == "attachment-type"} == {
        ("attachment-type", 5),
        ("attachment-type", 7),
        ("attachment-type", 9),
    }
    text = message(report, "attachment-type")
    assert "(infantry) cannot join Stark Outriders (cavalry); attach it to an infantry unit" in text
    assert "attach it to a cavalry unit" in text
    assert "a solo unit takes no attachment" in text


def test_named_pairing_with_a_war_machine(catalogue: Catalogue) -> None:
    # Scorpion Modifications must join a Builder Scorpion Crew, a war machine: the card allows it
    report = check(
        catalogue,
        """
        faction: nightswatch
        points: 40
        units:
          - unit: Sworn Brothers
            attachments: ["Othell Yarwyck, First Builder"]
          - unit: Builder Scorpion Crew
            attachments: ["Scorpion Modifications (Builder)"]
        """,
    )
    assert not [p for p in report.problems if p.rule == "attachment-type"]
