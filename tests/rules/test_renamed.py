"""renamed: a card named by its title of an earlier season (a list written last season still validates)."""

from __future__ import annotations

from armycheck import check, errors, message, warnings

from armybuilder.games.asoiaf.catalogue import Catalogue


def test_a_card_named_as_it_is_now(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: brotherhood
        points: 40
        units:
          - unit: Peasant Levy
            attachment: "Beric Dondarrion, Lightning Lord"
        """,
    )
    assert not [p for p in report.problems if p.rule == "renamed"]


def test_a_card_named_as_it_was_last_season(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: brotherhood
        points: 40
        units:
          - unit: Peasant Levy
            attachment: "Beric Dondarrion, Lightining Lord"
        """,
    )
    assert ("renamed", 5) in warnings(report)
    assert not [p for p in errors(report) if p[0] in ("unknown-card", "ambiguous-card")]
    assert "'Beric Dondarrion, Lightining Lord' is the name of 2025.02; this card is Beric Dondarrion, " in (
        message(report, "renamed")
    )
    assert report.context is not None and report.context.commander is not None
    assert report.context.commander.id == "21101"
