"""points-limit: the total after every cost modifier must not exceed the game size (or --points)."""

from __future__ import annotations

from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue

# 5 + 6 + 1 + 6 + 6 + 5 + 1 + 6 + 4 = 40 points (the README's example list)
FORTY = """
faction: stark
points: {points}
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
"""


def test_exactly_the_game_size(catalogue: Catalogue) -> None:
    report = check(catalogue, FORTY.format(points=40))
    assert errors(report) == set()
    assert report.context is not None and report.context.total == 40


def test_one_point_over(catalogue: Catalogue) -> None:
    report = check(catalogue, FORTY.format(points=39))
    assert errors(report) == {("points-limit", 2)}
    assert "1 over the 39-point game size" in message(report, "points-limit")
    assert "remove or swap cards worth at least 1 point" in message(report, "points-limit")


def test_points_override(catalogue: Catalogue) -> None:
    assert errors(check(catalogue, FORTY.format(points=40), points=35)) == {("points-limit", 2)}
    assert errors(check(catalogue, FORTY.format(points=30), points=40)) == set()


def test_discounts_count(catalogue: Catalogue) -> None:
    # Jaime Lannister, Kingsguard costs 1 instead of 2 with Cersei in the army: 30 + 1 + 4 = ... exactly 10
    report = check(
        catalogue,
        """
        faction: lannister
        points: 10
        units:
          - unit: Lannister Guardsmen
            attachments: ["Jaime Lannister, Kingsguard"]
        ncus: ["Cersei Lannister"]
        """,
    )
    assert not [p for p in report.problems if p.rule == "points-limit"]
    assert report.context is not None and report.context.total == 10
