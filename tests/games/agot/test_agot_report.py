"""A position's report is built without the dataclass's __init__ and makes its summary on first use
(`system.PositionReport`): every field of a Report still reads as the dataclass would give it, and the
summary counts the supply breaches the check found, whatever an event's rules do to the problems later."""

from __future__ import annotations

from dataclasses import fields

from agot_helpers import check
from test_agot_rules import ED1

from armybuilder.games.agot.system import summary
from armybuilder.games.base import Report, Summary

BREACH = (
    ED1 + "houses:\n  lannister:\n    supply: 3\n    units:\n      Harrenhal: {knight: 3, footman: 1}\n"
    "      The Golden Sound: {ship: 3}\n      Searoad Marches: {knight: 1, footman: 1}\n"
    "      Stoney Sept: {footman: 2}\n"
)


def _breaches(report: Report) -> int | None:
    tally = report.summary.tally("supply breaches")
    assert tally is not None
    return tally.value


def test_every_field_of_a_report_reads() -> None:
    report = check(BREACH)
    for f in fields(Report):
        getattr(report, f.name)
    assert report.path == "position.yaml" and report.game == "agot-board-game" and not report.strict
    assert report.context is None and report.converted is False and report.model is not None
    assert "army-supply" in [p.rule for p in report.problems]


def test_the_summary_is_the_positions_made_once_and_can_be_set() -> None:
    report = check(BREACH)
    assert report.model is not None
    assert report.summary == summary(report.model, {p.line for p in report.problems if p.rule == "army-supply"})
    assert report.summary is report.summary  # made once
    assert _breaches(report) == 1 and report.summary.details["houses"]["lannister"]["supply_breach"] is True
    report.summary = Summary("other")
    assert report.summary.title == "other"


def test_the_summary_counts_the_breaches_as_checked() -> None:
    report = check(BREACH)
    report.problems = []  # as an event's rule that replaces army-supply would leave it
    assert _breaches(report) == 1


def test_a_file_that_is_no_position_has_an_empty_summary() -> None:
    assert check("[]").summary == Summary()
    assert check("a: [").summary == Summary()
