"""renamed: a card named by its title of an earlier season (a list written last season still validates)."""

from __future__ import annotations

from pathlib import Path

from armycheck import check, errors, message, warnings

from armybuilder.games.asoiaf.catalogue import Catalogue, load_catalogue


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


def test_a_misspelt_name_is_told_from_an_old_one_by_the_cached_names_of_that_season(cache: Path) -> None:
    """Whether a name that matches no card is a name of an earlier season is read from that season's names,
    cached beside the catalogue: a plain misspelling is an unknown card, an old name is still `renamed`,
    whether the names were just worked out or read back from the cache."""
    typo = """
        faction: brotherhood
        points: 40
        units:
          - unit: Peasant Levy
            attachment: "Beric Dondarrion, Lightningg Lord"
        """
    old = typo.replace("Lightningg", "Lightining")
    for cached in (False, True):  # the names of the earlier season: worked out (loading it), then read back
        fresh = load_catalogue()
        assert ("unknown-card", 5) in errors(check(fresh, typo))
        assert list(cache.glob("season-keys-*.pickle"))
        if cached:  # the season's catalogue is left unread for a name it does not have
            assert not [key for key in fresh.memo if key[0] == "season"]
        assert ("renamed", 5) in warnings(check(fresh, old))
        assert not [p for p in errors(check(fresh, old)) if p[0] == "unknown-card"]
