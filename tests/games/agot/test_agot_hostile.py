"""Hostile input: wrong types, negative counts, huge numbers, unknown names and random nested data give
positioned `schema` problems (or the rules' own ids), never an exception."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from agot_helpers import check, data, ids
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armybuilder.games.agot.system import SYSTEM
from armybuilder.games.base import Document
from armybuilder.problems import Problem, Severity

HEAD = "game: agot-board-game\nedition: 2\nplayers: 6\nround: 3\n"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("game: agot-board-game\nedition: 3\nplayers: 6\nround: 3\nhouses: {stark: {}}\n", 2),
        ("game: agot-board-game\nedition: '2'\nplayers: 6\nround: 3\nhouses: {stark: {}}\n", 2),
        ("game: agot-board-game\nplayers: 6\nround: 3\nhouses: {stark: {}}\n", 1),
        ("game: chess\nedition: 2\nplayers: 6\nround: 3\nhouses: {stark: {}}\n", 1),
        ("game: agot-board-game\nedition: 2\nplayers: 7\nround: 3\nhouses: {stark: {}}\n", 3),
        ("game: agot-board-game\nedition: 2\nplayers: six\nround: 3\nhouses: {stark: {}}\n", 3),
        ("game: agot-board-game\nedition: 2\nplayers: 6\nround: third\nhouses: {stark: {}}\n", 4),
        (HEAD + "houses: {}\n", 5),
        (HEAD + "houses: [stark]\n", 5),
        (HEAD + "houses:\n  stark: [1, 2]\n", 6),
        (HEAD + "houses:\n  stark:\n    suply: 2\n", 7),
        (HEAD + "houses:\n  stark:\n    supply: two\n", 7),
        (HEAD + "houses:\n  stark:\n    supply: 2.5\n", 7),
        (HEAD + "houses:\n  stark:\n    supply: true\n", 7),
        (HEAD + "houses:\n  stark:\n    power_available: -3\n", 7),
        (HEAD + "houses:\n  stark:\n    power_on_board: Karhold\n", 7),
        (HEAD + "houses:\n  stark:\n    power_on_board: [12]\n", 7),
        (HEAD + "houses:\n  stark:\n    house_cards: {hand: 7}\n", 7),
        (HEAD + "houses:\n  stark:\n    house_cards: {hand: 7, discarded: 0, lost: 1}\n", 7),
        (HEAD + "houses:\n  stark:\n    house_cards: {hand: [1, 2], discarded: 0}\n", 7),
        (HEAD + "houses:\n  stark:\n    units:\n      Winterfell: {footman: -1}\n", 8),
        (HEAD + "houses:\n  stark:\n    units:\n      Winterfell: {footman: many}\n", 8),
        (HEAD + "houses:\n  stark:\n    units:\n      Winterfell: 3\n", 8),
        (HEAD + "houses:\n  stark:\n    units:\n      12: {footman: 1}\n", 8),
        (
            HEAD
            + "houses:\n  stark:\n    units:\n      Winterfell: {footman: 1}\n      临冬城: {footman: 1}\n      ' Winterfell ': {knight: 1}\n",
            10,
        ),
        (HEAD + "houses:\n  stark:\n    units: [Winterfell]\n", 7),
        (HEAD + "houses:\n  stark:\n    orders:\n      Winterfell: march-2\n", 8),
        (HEAD + "houses:\n  stark:\n    orders:\n      Winterfell: [march-0]\n", 8),
        (HEAD + "houses:\n  stark: {}\n  史塔克: {}\n", 7),
        (HEAD + "phase: lunch\nhouses:\n  stark: {}\n", 5),
        (HEAD + "wildling_threat: lots\nhouses:\n  stark: {}\n", 5),
        (HEAD + "influence: [stark]\nhouses:\n  stark: {}\n", 5),
        (HEAD + "influence:\n  iron_thron: [stark]\nhouses:\n  stark: {}\n", 6),
        (HEAD + "influence:\n  iron_throne: stark\nhouses:\n  stark: {}\n", 6),
        (HEAD + "dominance_tokens: {raven: stark}\nhouses:\n  stark: {}\n", 5),
        (HEAD + "neutral_forces: King's Landing\nhouses:\n  stark: {}\n", 5),
        (
            HEAD
            + "westeros_cards: [Supply, Mustering, Game of Thrones, Clash of Kings]\nhouses:\n  stark: {}\n",
            5,
        ),
        (HEAD + "westeros_cards: [Suply]\nhouses:\n  stark: {}\n", 5),
        (HEAD + "put_to_the_sword: maybe\nhouses:\n  stark: {}\n", 5),
        (
            "game: agot-board-game\nedition: 1\nplayers: 5\nround: 3\nput_to_the_sword: none\nhouses:\n  stark: {}\n",
            5,
        ),
        (HEAD + "colour: red\nhouses:\n  stark: {}\n", 5),
        (HEAD + "houses:\n  stark: {}\nmuster:\n  lannister: {Lannisport: [footman]}\n", 8),
        (HEAD + "houses:\n  stark: {}\nmuster:\n  stark: {Winterfell: [ship]}\n", 8),
        (HEAD + "houses:\n  stark: {}\nmuster:\n  stark: {Winterfell: [{upgrade: footman}]}\n", 8),
        (HEAD + "houses:\n  stark: {}\nmuster:\n  stark: {Winterfell: [{buy: knight}]}\n", 8),
        (HEAD + "houses:\n  stark: {}\nmuster:\n  stark: {Winterfell: footman}\n", 8),
        (HEAD + "houses:\n  stark: {}\nmuster: [stark]\n", 7),
    ],
)
def test_wrong_shapes_are_positioned_schema_problems(text: str, line: int) -> None:
    report = check(text)
    schema = [p for p in report.problems if p.rule == "schema"]
    assert schema, [str(p) for p in report.problems]
    assert line in {p.line for p in schema}, [str(p) for p in report.problems]
    assert all(p.line > 0 and p.column > 0 for p in schema)


@pytest.mark.parametrize("text", ["", "- a\n- b\n", "just text\n", "42\n"])
def test_not_a_mapping(text: str) -> None:
    report = check(text)
    assert ids(report) == ["schema"]
    assert report.problems[0].line >= 1


def test_syntax_error_document_is_reported() -> None:
    report = check("game: agot-board-game\nhouses: {stark: [\n")
    assert ids(report) == ["syntax"] and not report.valid


def test_repeated_key_is_syntax() -> None:
    report = check(
        HEAD + "houses:\n  stark:\n    orders:\n      Winterfell: march-0\n      Winterfell: raid\n"
    )
    assert ids(report) == ["syntax"]


def test_huge_numbers_do_not_break_the_rules() -> None:
    big = 10**40
    text = (
        HEAD + f"wildling_threat: {big}\nhouses:\n  stark:\n    supply: {big}\n    power_available: {big}\n"
        f"    house_cards: {{hand: {big}, discarded: {big}}}\n    units:\n      Winterfell: {{footman: {big}, knight: {big}}}\n"
        f"      Bay of Ice: {{ship: {big}}}\n      The Shivering Sea: {{ship: 2}}\n"
    )
    report = check(text)
    assert {"wildling-track", "supply-range", "power-tokens", "house-cards", "unit-cap"} <= set(ids(report))
    assert "schema" not in ids(report)


def test_unknown_names_are_their_own_rules_not_schema() -> None:
    report = check(
        HEAD
        + "houses:\n  targaryen:\n    units: {Meereen: {dragon: 3}}\n  stark:\n    units:\n      Meereen: {dragon: 3}\n"
    )
    assert set(ids(report)) == {"unknown-house", "unknown-area", "unknown-unit-type"}


# --- random data ------------------------------------------------------------------------------------

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(
        [
            "stark",
            "lannister",
            "martell",
            "Winterfell",
            "Port of Pyke",
            "ship",
            "footman",
            "knight",
            "siege_engine",
            "march-0",
            "raid-star",
            "Summer Sea",
            "北方",
            "奔流城",
            "兰尼斯特",
            "setup",
            "Beyond the Wall",
            "Storm of Swords",
            "Put to the Sword",
            "upgrade",
            "hand",
            "discarded",
        ]
    ),
)
keys = st.one_of(
    st.sampled_from(
        [
            "game",
            "edition",
            "players",
            "round",
            "houses",
            "units",
            "orders",
            "supply",
            "muster",
            "influence",
            "iron_throne",
            "kings_court",
            "dominance_tokens",
            "power_on_board",
            "power_available",
            "house_cards",
            "hand",
            "discarded",
            "neutral_forces",
            "westeros_cards",
            "wildling_threat",
            "phase",
            "put_to_the_sword",
            "ship",
            "upgrade",
            "stark",
            "greyjoy",
            "Winterfell",
            "Pyke",
            "Port of Pyke",
            "footman",
            "knight",
            "messenger_raven",
            "name",
        ]
    ),
    st.text(max_size=8),
    st.integers(min_value=-5, max_value=5),
)
nested = st.recursive(
    scalars,
    lambda children: st.one_of(st.lists(children, max_size=5), st.dictionaries(keys, children, max_size=5)),
    max_leaves=40,
)


def _internal(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if "internal error" in p.message]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested)
def test_random_nested_data_never_raises(value: Any) -> None:
    report = SYSTEM.check(Document("random.yaml", value), data())
    assert not _internal(report.problems)


def _base() -> dict[str, Any]:
    return yaml.safe_load(SYSTEM.new_file(data(), edition=2, players=6))


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found.extend(_paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found.extend(_paths(v, (*prefix, i)))
    return found


BASE_PATHS = _paths(_base())


def junked(path: tuple[Any, ...], junk: Any) -> Any:
    """A fresh standard position with `junk` at `path` (the whole document when `path` is empty)."""
    value = _base()
    if not path:
        return junk
    target = value
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = junk
    return value


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(BASE_PATHS), nested, st.integers(min_value=1, max_value=2), st.sampled_from([3, 4, 5, 6])
)
def test_random_junk_in_a_real_position_never_raises(
    path: tuple[Any, ...], junk: Any, edition: int, players: int
) -> None:
    base = _base()
    base["edition"], base["players"], base["phase"] = edition, players, "planning"
    value = junked(path, junk)
    if isinstance(value, dict) and path:
        value.update((k, base[k]) for k in ("edition", "players", "phase") if path[0] != k)
    report = SYSTEM.check(Document("junk.yaml", value), data())
    assert not _internal(report.problems)
    text = yaml.safe_dump(value, allow_unicode=True) if isinstance(value, dict) else "x: 1\n"
    report = check(text)
    assert not _internal(report.problems)
    for p in report.problems:
        assert p.severity in (Severity.ERROR, Severity.WARNING, Severity.NOTE)
