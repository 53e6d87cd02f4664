"""The spec's samples (copied into samples/) give exactly their expected problem sets."""

from __future__ import annotations

from collections import Counter

import pytest
from agot_helpers import SAMPLES, at, check, ids

from armybuilder.problems import Severity

NOTES = ["supply-icons", "victory"]


def _read(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def test_valid_sample() -> None:
    report = check(_read("agot-valid.yaml"))
    assert report.valid
    assert ids(report, Severity.ERROR) == [] and ids(report, Severity.WARNING) == []
    assert sorted(ids(report, Severity.NOTE)) == NOTES


def test_invalid_sample() -> None:
    report = check(_read("agot-invalid.yaml"))
    assert not report.valid
    errors = Counter(ids(report, Severity.ERROR))
    assert errors == Counter(
        [
            "wildling-track",
            "influence-tracks",
            "dominance-tokens",
            "house-not-playing",
            "power-tokens",
            "power-token-placement",
            "house-cards",
            "army-supply",
            "unit-cap",
            "ship-on-land",
            "land-unit-at-sea",
            "special-orders-limit",
            "consolidate-at-sea",
            "order-without-units",
            "supply-range",
            "contested-area",
        ]
    )
    assert ids(report, Severity.WARNING) == []
    assert sorted(ids(report, Severity.NOTE)) == NOTES
    assert "order-supply" not in ids(report)


@pytest.mark.parametrize(
    ("rule", "line"),
    [
        ("wildling-track", 10),
        ("influence-tracks", 14),
        ("dominance-tokens", 15),
        ("house-not-playing", 17),
        ("power-token-placement", 22),
        ("house-cards", 24),
        ("ship-on-land", 30),
        ("land-unit-at-sea", 31),
        ("consolidate-at-sea", 36),
        ("order-without-units", 37),
        ("supply-range", 39),
        ("contested-area", 42),
        ("army-supply", 19),
        ("unit-cap", 19),
        ("power-tokens", 19),
        ("special-orders-limit", 19),
    ],
)
def test_invalid_sample_positions(rule: str, line: int) -> None:
    assert at(check(_read("agot-invalid.yaml")), rule) == {(rule, line)}


def test_invalid_sample_army_supply_message_is_the_seeds_example() -> None:
    report = check(_read("agot-invalid.yaml"))
    (message,) = [p.message for p in report.problems if p.rule == "army-supply"]
    assert message == (
        "Lannister (supply 3) may field armies of 3, 2, 2, 2; it has 4, 3, 2, 2: destroy 2 units, "
        "1 in Harrenhal and 1 in The Golden Sound"
    )


def test_muster_sample() -> None:
    report = check(_read("agot-muster.yaml"))
    assert report.valid
    assert ids(report, Severity.ERROR) == [] and ids(report, Severity.WARNING) == []
    assert sorted(ids(report, Severity.NOTE)) == NOTES


def test_muster_sample_spending_riverruns_last_point_breaks_supply() -> None:
    text = _read("agot-muster.yaml").replace(
        "      - {ship: The Golden Sound}               # a second ship",
        "      - footman\n      - {ship: The Golden Sound}               # a second ship",
    )
    assert text != _read("agot-muster.yaml")
    report = check(text)
    assert ids(report, Severity.ERROR) == ["muster-plan"]
    (problem,) = report.errors
    assert "Riverrun to 4" in problem.message and "3, 2, 2, 2" in problem.message
