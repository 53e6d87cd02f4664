"""neutral-cap: neutral cards may cost at most half the game size (rulebook: 20 of 40 for a Stark army)."""

from __future__ import annotations

from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue

NEUTRAL_20 = """
faction: stark
points: 40
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
  - Hedge Knights
  - Golden Company Swordsmen
  - unit: {third}
    attachments: ["Bronn, The Sellsword"]
"""


def test_rulebook_example_twenty_of_forty_is_allowed(catalogue: Catalogue) -> None:
    # Hedge Knights 7 + Golden Company Swordsmen 7 + Lysene Sellswords 5 + Bronn 1 = 20
    report = check(catalogue, NEUTRAL_20.format(third="Lysene Sellswords"))
    assert report.context is not None and report.context.neutral_total == 20
    assert report.context.neutral_cap == 20
    assert errors(report) == set()


def test_rulebook_example_twenty_one_of_forty_is_not(catalogue: Catalogue) -> None:
    # Stormcrow Archers cost 6: 21 points of neutral cards; the card that crosses the cap is flagged
    report = check(catalogue, NEUTRAL_20.format(third="Stormcrow Archers"))
    assert report.context is not None and report.context.neutral_total == 21
    assert errors(report) == {("neutral-cap", 9)}
    text = message(report, "neutral-cap")
    assert "21 points, over the cap of 20 (half of 40)" in text
    assert "drop or swap 1 point of neutral cards" in text


def test_odd_game_size_rounds_down(catalogue: Catalogue) -> None:
    report = check(catalogue, NEUTRAL_20.format(third="Lysene Sellswords"), points=39)
    assert report.context is not None and report.context.neutral_cap == 19
    assert ("neutral-cap", 9) in errors(report)


def test_neutral_army_has_no_cap(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: neutral
        points: 40
        units:
          - unit: Stormcrow Mercenaries
            attachments: ["Daario Naharis, Stormcrow Captain"]
          - Hedge Knights
          - Golden Company Swordsmen
          - Stormcrow Archers
          - Lysene Sellswords
        """,
    )
    assert report.context is not None and report.context.neutral_cap is None
    assert not [p for p in report.problems if p.rule == "neutral-cap"]
