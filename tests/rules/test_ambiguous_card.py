"""ambiguous-card: a reference matching several cards of equal standing after the faction preference."""

from __future__ import annotations

from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue


def test_name_with_subname_is_unambiguous(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: lannister
        points: 40
        units:
          - unit: Stone Crows
            attachments: ["Tyrion Lannister, Halfman"]
        """,
    )
    assert not [p for p in report.problems if p.rule == "ambiguous-card"]


def test_bare_name_of_two_versions(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: lannister
        points: 40
        units:
          - unit: Stone Crows
            attachments: [Tyrion Lannister]
        """,
    )
    assert ("ambiguous-card", 5) in errors(report)
    text = message(report, "ambiguous-card")
    assert "Tyrion Lannister, Halfman (20105)" in text and "write `Name, Subname` or the id" in text


def test_own_faction_copy_beats_neutral_copy(catalogue: Catalogue) -> None:
    # Theon Greyjoy, Reek exists as a Bolton card and as a neutral card: a Bolton list means the Bolton one
    report = check(
        catalogue,
        """
        faction: bolton
        points: 40
        units:
          - unit: Cutthroats
            attachments: ["Ramsay Snow, Spiteful Heir", "Theon Greyjoy, Reek"]
        """,
    )
    assert not [p for p in report.problems if p.rule == "ambiguous-card"]
    assert report.context is not None
    assert [report.context.card(e).id for e in report.context.entries][-1] == "21004"


def test_same_name_twice_in_one_faction(catalogue: Catalogue) -> None:
    # two Mag the Mighty combat units in freefolk: only the id tells them apart
    report = check(catalogue, "faction: freefolk\npoints: 40\nunits: [Mag the Mighty]\n")
    assert errors(report) >= {("ambiguous-card", 3)}
    assert "10313" in message(report, "ambiguous-card")
