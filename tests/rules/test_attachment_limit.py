"""attachment-limit: one attachment per combat unit, unless a card ignores the limit (ignores_attachment_limit)."""

from __future__ import annotations

from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue


def test_one_attachment_each(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - unit: Stark Sworn Swords
            attachments: ["Robb Stark, The Wolf Lord"]
          - unit: Stark Bowmen
            attachment: Umber Champion
        """,
    )
    assert not [p for p in report.problems if p.rule == "attachment-limit"]


def test_two_attachments_on_one_unit(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - unit: Stark Sworn Swords
            attachments: ["Robb Stark, The Wolf Lord", Umber Champion, Sworn Sword Captain]
        """,
    )
    assert errors(report) == {("attachment-limit", 5)}  # one problem per extra attachment, same line
    assert len([p for p in report.problems if p.rule == "attachment-limit"]) == 2
    assert "a unit takes one — move Umber Champion to another unit" in message(report, "attachment-limit")


def test_ignores_attachment_limit(catalogue: Catalogue) -> None:
    # Jarl joins a unit that already has its attachment
    report = check(
        catalogue,
        """
        faction: freefolk
        points: 40
        units:
          - unit: Free Folk Raiders
            attachments: ["Mance Rayder, King Beyond the Wall", "Jarl, Advance Raid Leader"]
        """,
    )
    assert errors(report) == set()


def test_ignores_attachment_limit_only_with_a_named_unit(catalogue: Catalogue) -> None:
    # Pypar ignores the limit only when joining Grenn's unit
    text = """
    faction: nightswatch
    points: 40
    units:
      - unit: Sworn Brothers
        attachments: ["Jon Snow, 998th Lord Commander"]
      - unit: Veterans of the Watch
        attachments: ["Grenn, Aurochs"]
      - unit: Ranger Hunters
        attachments: [{where}]
    """
    fine = check(
        catalogue,
        text.format(where='"Watch Captain"').replace(
            '["Grenn, Aurochs"]', '["Grenn, Aurochs", "Pypar, Monkey"]'
        ),
    )
    assert errors(fine) == set()
    wrong = check(catalogue, text.format(where='"Watch Captain", "Pypar, Monkey"'))
    assert errors(wrong) == {("attachment-limit", 9)}
    assert "move Pypar, Monkey to another unit" in message(wrong, "attachment-limit")


def test_ability_only_models_are_not_counted(catalogue: Catalogue) -> None:
    # an Eagle is never recruited (card-requirement says so); it is not also "a second attachment"
    report = check(
        catalogue,
        """
        faction: freefolk
        points: 40
        units:
          - unit: Free Folk Raiders
            attachments: ["Mance Rayder, King Beyond the Wall", Eagle]
        """,
    )
    assert errors(report) == {("card-requirement", 5)}
