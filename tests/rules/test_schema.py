"""schema: the list is YAML but not shaped like a list (missing or mistyped keys, unknown keys)."""

from __future__ import annotations

import pytest
from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue


def test_well_formed_list(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        name: Test
        player: Someone
        faction: stark
        points: 40
        commander: Robb Stark, The Wolf Lord
        units:
          - unit: Stark Sworn Swords
            attachments: ["Robb Stark, The Wolf Lord"]
        notes: fine
        """,
    )
    assert not [p for p in report.problems if p.rule == "schema"]


def test_missing_faction_and_points(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        name: no header
        units: [Stark Sworn Swords]
        """,
    )
    assert {(r, ln) for r, ln in errors(report) if r == "schema"} == {("schema", 1)}
    text = message(report, "schema")
    assert "missing `faction:`" in text and "missing `points:`" in text


def test_unknown_key_suggests_the_close_one(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        unit: [Stark Sworn Swords]
        """,
    )
    assert ("schema", 3) in errors(report)
    assert "did you mean `units`" in message(report, "schema")


@pytest.mark.parametrize(
    ("value", "hint"),
    [
        ("-5", "positive game size"),
        ("0", "positive game size"),
        ("forty", "whole number"),
        ("40.5", "whole number"),
        ("1001", "no game size (at most 1,000)"),
        ("1000000000", "`points: 1,000,000,000` is no game size"),
        ("9" * 99, "is no game size"),
    ],
)
def test_bad_points(catalogue: Catalogue, value: str, hint: str) -> None:
    report = check(catalogue, f"faction: stark\npoints: {value}\nunits: [Stark Sworn Swords]\n")
    assert errors(report) >= {("schema", 2)}
    assert hint in message(report, "schema")


def test_unknown_faction(catalogue: Catalogue) -> None:
    report = check(catalogue, "faction: starks\npoints: 40\n")
    assert ("schema", 1) in errors(report)
    assert "did you mean `stark`" in message(report, "schema")


def test_not_a_mapping(catalogue: Catalogue) -> None:
    report = check(catalogue, "- Stark Sworn Swords\n- Stark Bowmen\n")
    assert errors(report) == {("schema", 1)}
    assert "must be a mapping" in message(report, "schema")


def test_unit_entry_shape(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - attachments: [Umber Champion]
          - unit: Stark Sworn Swords
            atachments: [Umber Champion]
          - {unit: Stark Bowmen, attachment: [Umber Champion], attachments: [Sworn Sword Captain]}
        """,
    )
    assert {(r, ln) for r, ln in errors(report) if r == "schema"} == {
        ("schema", 4),
        ("schema", 6),
        ("schema", 7),
    }
    assert "did you mean `attachments`" in message(report, "schema")


def test_card_entry_must_be_a_name(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        ncus:
          - {name: Catelyn Stark}
        """,
    )
    assert ("schema", 4) in errors(report)
    assert "card name or id" in message(report, "schema")
