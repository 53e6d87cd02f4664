"""A deck's report is built without the dataclass's __init__ and makes its summary on first use
(`system.DeckReport`): every field of a Report still reads as the dataclass would give it."""

from __future__ import annotations

from dataclasses import fields

from hve_support import check_text

from armybuilder.games.base import Report, Summary
from armybuilder.games.hve.catalogue import Catalogue
from armybuilder.games.hve.rules.examples import SAMPLE_DECK
from armybuilder.games.hve.system import summary


def test_every_field_of_a_report_reads(sample: Catalogue) -> None:
    report = check_text(SAMPLE_DECK, sample, strict=True)
    for f in fields(Report):
        getattr(report, f.name)
    assert report.path == "deck.yaml" and report.game == "horde-vs-empire-cards" and report.strict
    assert report.context is None and report.converted is False and report.problems == []


def test_the_summary_is_the_decks_and_can_be_set(sample: Catalogue) -> None:
    report = check_text(SAMPLE_DECK.replace("Spearmen\n", "Spearmen\n  - Spearmen\n", 1), sample)
    assert report.model is not None
    assert report.summary == summary(report.model) and report.summary.title == "Iron Wall"
    assert report.summary is report.summary  # made once
    report.summary = Summary("other")
    assert report.summary.title == "other"


def test_a_file_that_is_no_deck_has_an_empty_summary(sample: Catalogue) -> None:
    assert check_text("[]", sample).summary == Summary()
    assert check_text("a: [", sample).summary == Summary()
