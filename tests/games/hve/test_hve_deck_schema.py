"""Malformed deck files: `syntax` and `schema` at the offending node, and a malformed entry takes no part
in any count or rule."""

from __future__ import annotations

import pytest
from hve_support import check_text, found
from test_hve_deck_rules import variant

from armybuilder.games.hve.catalogue import Catalogue

NOT_COUNTED = ("deck-unit-count", 4)  # line 5 (two Imperial Guard) replaced by a broken entry


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("- game: hve\n", [("schema", 1)], id="a-list"),
        pytest.param("just words\n", [("schema", 1)], id="a-scalar"),
        pytest.param("# nothing but a comment\n", [("schema", 1)], id="empty"),
        pytest.param(variant({15: "player: Bob"}), [("schema", 15)], id="unknown-top-key"),
        pytest.param(variant({15: "1: one"}), [("schema", 15)], id="non-string-key"),
        pytest.param(variant({2: None}), [("schema", 1)], id="name-missing"),
        pytest.param(variant({2: "name: ''"}), [("schema", 2)], id="name-empty"),
        pytest.param(variant({2: "name: '   '"}), [("schema", 2)], id="name-blank"),
        pytest.param(variant({2: "name: 3"}), [("schema", 2)], id="name-number"),
        pytest.param(variant({2: "name:"}), [("schema", 2)], id="name-no-value"),
        pytest.param(variant({5: "  - 3"}), [("schema", 5), NOT_COUNTED], id="entry-number"),
        pytest.param(variant({5: "  - ''"}), [("schema", 5), NOT_COUNTED], id="entry-empty-name"),
        pytest.param(variant({5: "  -"}), [("schema", 5), NOT_COUNTED], id="entry-null"),
        pytest.param(variant({5: "  - [Spearmen]"}), [("schema", 5), NOT_COUNTED], id="entry-list"),
        pytest.param(variant({5: "  - {count: 2}"}), [("schema", 5), NOT_COUNTED], id="entry-no-card"),
        pytest.param(variant({5: "  - {card: '', count: 2}"}), [("schema", 5), NOT_COUNTED], id="entry-card-empty"),
        pytest.param(variant({5: "  - {card: 7, count: 2}"}), [("schema", 5), NOT_COUNTED], id="entry-card-number"),
        pytest.param(variant({5: "  - {card: Imperial Guard, count: 0}"}), [("schema", 5), NOT_COUNTED], id="count-0"),
        pytest.param(variant({5: "  - {card: Imperial Guard, count: -2}"}), [("schema", 5), NOT_COUNTED], id="count-negative"),
        pytest.param(variant({5: "  - {card: Imperial Guard, count: true}"}), [("schema", 5), NOT_COUNTED], id="count-bool"),
        pytest.param(variant({5: "  - {card: Imperial Guard, count: 2.0}"}), [("schema", 5), NOT_COUNTED], id="count-float"),
        pytest.param(variant({5: "  - {card: Imperial Guard, count: '2'}"}), [("schema", 5), NOT_COUNTED], id="count-string"),
        pytest.param(variant({5: "  - {card: Imperial Guard, count: }"}), [("schema", 5), NOT_COUNTED], id="count-no-value"),
        pytest.param(
            variant({5: "  - {card: Imperial Guard, count: 2, note: x}"}), [("schema", 5), NOT_COUNTED], id="entry-extra-key"
        ),
        pytest.param(
            variant({4: "units: Imperial Guard", 5: None, 6: None, 7: None, 15: None}),
            [("schema", 4), ("mount-target-missing", 13)] + [("command-without-executor", n) for n in range(9, 15)],
            id="units-not-a-list",
        ),
        pytest.param(
            variant({8: "commands: {Volley: 2}"} | dict.fromkeys(range(9, 15))),
            [("schema", 8)],
            id="commands-not-a-list",
        ),
        pytest.param(variant({15: "opening_unit: 3"}), [("schema", 15)], id="opening-number"),
        pytest.param(variant({15: "opening_unit: [Spearmen]"}), [("schema", 15)], id="opening-list"),
        pytest.param(variant({15: "opening_unit: '  '"}), [("schema", 15)], id="opening-blank"),
        pytest.param(variant({5: "  - {card: [Imperial Guard"}), [("syntax", 6)], id="syntax"),
    ],
)
def test_malformed(text: str, expected: list[tuple[str, int]], sample: Catalogue) -> None:
    report = check_text(text, sample)
    assert found(report) == sorted(expected)
    assert not report.valid


def test_huge_count(sample: Catalogue) -> None:
    report = check_text(variant({5: "  - {card: Imperial Guard, count: 99999999999999999999999}"}), sample)
    assert found(report) == [("deck-unit-count", 4), ("unit-copies", 5)]
    assert "100000000000000000000002 unit cards" in report.problems[0].message


def test_schema_points_at_the_node(sample: Catalogue) -> None:
    report = check_text(variant({5: "  - {card: Imperial Guard, count: 0}"}), sample)
    schema = next(p for p in report.problems if p.rule == "schema")
    assert (schema.line, schema.column) == (5, 35)
    assert "count must be an integer of 1 or more, not 0" in schema.message
    report = check_text(variant({15: "player: Bob"}), sample)
    assert "game, name, faction, units, commands, opening_unit" in report.problems[0].message


def test_syntax_document_error_is_carried(sample: Catalogue) -> None:
    report = check_text("game: hve\nname: [unclosed\n", sample)
    assert [p.rule for p in report.problems] == ["syntax"]
    assert report.summary.title is None
