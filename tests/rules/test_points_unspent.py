"""points-unspent (warning): legal, but the player usually wants to know; fails only with --strict."""

from __future__ import annotations

from armycheck import check, errors, message, warnings

from armybuilder.games.asoiaf.catalogue import Catalogue

LIST = """
faction: stark
points: 40
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
  - Stark Bowmen
"""


def test_every_point_spent(catalogue: Catalogue) -> None:
    report = check(catalogue, LIST, points=11)
    assert warnings(report) == set()


def test_points_left_is_a_warning(catalogue: Catalogue) -> None:
    report = check(catalogue, LIST)
    assert warnings(report) == {("points-unspent", 2)}
    assert errors(report) == set()
    assert report.valid
    assert "29 points unspent (11 of 40)" in message(report, "points-unspent")


def test_strict_fails_on_the_warning(catalogue: Catalogue) -> None:
    report = check(catalogue, LIST, strict=True)
    assert warnings(report) == {("points-unspent", 2)}
    assert not report.valid
