"""Hostile decks and catalogues give positioned problems, never an exception (hypothesis)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armybuilder import yamlpos
from armybuilder.games.base import Document
from armybuilder.games.hve.catalogue import Catalogue
from armybuilder.games.hve.system import SYSTEM

DOC_IDS = {d.id for d in SYSTEM.problem_docs()}

DECK_WORDS = [
    "game", "name", "faction", "units", "commands", "opening_unit", "card", "count", "empire", "golden-horde",
    "金帐", "Spearmen", "Volley", "To Horse", "Foot Archers", "Mounted Archers", "长枪队", "Horse Archers",
]  # fmt: skip
CARD_WORDS = [
    "cards", "name", "zh", "kind", "unit", "command", "faction", "empire", "icon", "icons", "strength", "hp",
    "other_side", "cost", "type", "attack", "move", "defend", "keywords", "number", "qualifier", "melee",
    "ranged", "maneuver", "cover", "frontal", "encircle", "support", "mount", "dismount", "drive", "swap", "-",
    "infantry", "Spearmen",
]  # fmt: skip


def values(words: list[str]) -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**30), max_value=10**30),
        st.floats(allow_nan=False, allow_infinity=False),
        st.sampled_from(words),
        st.text(max_size=12),
    )
    keys = st.one_of(st.sampled_from(words), st.text(max_size=8), st.integers(-3, 3))
    return st.recursive(
        scalars,
        lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(keys, inner, max_size=6)),
        max_leaves=30,
    )


def deck_like() -> st.SearchStrategy[Any]:
    entry = st.one_of(
        st.sampled_from(DECK_WORDS),
        st.fixed_dictionaries({"card": st.sampled_from(DECK_WORDS)}, optional={"count": values(DECK_WORDS)}),
        values(DECK_WORDS),
    )
    section = st.one_of(st.lists(entry, max_size=8), values(DECK_WORDS))
    deck = st.fixed_dictionaries(
        {"game": st.just("hve")},
        optional={
            "name": values(DECK_WORDS),
            "faction": st.one_of(st.sampled_from(["empire", "golden-horde", "帝国", "orcs"]), values(DECK_WORDS)),
            "units": section,
            "commands": section,
            "opening_unit": values(DECK_WORDS),
            "extra": values(DECK_WORDS),
        },
    )
    return st.one_of(deck, values(DECK_WORDS))


def _load(value: Any) -> Any:
    """The value written as YAML and read back with positions, as the core would read the file."""
    text = yaml.safe_dump(value, allow_unicode=True, sort_keys=False)
    return yamlpos.load(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck_like())
def test_hostile_decks(value: Any) -> None:
    catalogue: Catalogue = SYSTEM.load_data()
    try:
        loaded = _load(value)
    except yamlpos.YamlError:
        return
    report = SYSTEM.check(Document("hostile.yaml", loaded), catalogue)
    for p in report.problems:
        assert p.rule in DOC_IDS
        assert p.line >= 1 and p.column >= 1
        assert p.message and "\n" not in p.message
    SYSTEM.show(report)
    for fmt in SYSTEM.export_formats:
        SYSTEM.export(report, fmt)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(list("-:{}[], \n'\"#&*!|>0123abcUnitsCard长")), max_size=80))
def test_hostile_deck_text(text: str) -> None:
    try:
        value = yamlpos.load("game: hve\n" + text)
    except yamlpos.YamlError:
        return
    report = SYSTEM.check(Document("hostile.yaml", value), SYSTEM.load_data())
    assert all(p.rule in DOC_IDS and p.line >= 1 for p in report.problems)


def card_like() -> st.SearchStrategy[Any]:
    keyword = st.one_of(
        st.sampled_from(CARD_WORDS),
        st.dictionaries(st.sampled_from(CARD_WORDS), values(CARD_WORDS), min_size=1, max_size=2),
        st.fixed_dictionaries(
            {},
            optional={
                k: st.fixed_dictionaries(
                    {},
                    optional={
                        "number": values(CARD_WORDS),
                        "qualifier": st.one_of(st.sampled_from(CARD_WORDS), st.lists(values(CARD_WORDS), max_size=3)),
                    },
                )
                for k in ("maneuver", "support", "steadfast", "melee")
            },
        ),
    )
    card = st.fixed_dictionaries(
        {},
        optional={
            "name": st.one_of(st.sampled_from(CARD_WORDS), values(CARD_WORDS)),
            "kind": st.one_of(st.sampled_from(["unit", "command"]), values(CARD_WORDS)),
            "faction": st.one_of(st.just("empire"), values(CARD_WORDS)),
            "icon": values(CARD_WORDS),
            "icons": st.one_of(st.lists(st.sampled_from(CARD_WORDS), max_size=3), values(CARD_WORDS)),
            "strength": values(CARD_WORDS),
            "hp": values(CARD_WORDS),
            "cost": values(CARD_WORDS),
            "type": st.one_of(st.sampled_from(["attack", "move", "defend"]), values(CARD_WORDS)),
            "other_side": values(CARD_WORDS),
            "keywords": st.one_of(st.lists(keyword, max_size=4), values(CARD_WORDS)),
            "zh": values(CARD_WORDS),
        },
    )
    return st.one_of(st.fixed_dictionaries({"cards": st.lists(card, max_size=4)}), values(CARD_WORDS))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(card_like(), min_size=1, max_size=3))
def test_hostile_catalogues(files: list[Any]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for index, value in enumerate(files):
            text = yaml.safe_dump(value, allow_unicode=True, sort_keys=False)
            (folder / f"f{index}.yaml").write_text(text, encoding="utf-8")
        problems = SYSTEM.check_data(folder)
        for p in problems:
            assert p.rule in DOC_IDS
            assert p.line >= 1 and p.column >= 1
            assert p.message and "\n" not in p.message
        if not any(p.is_error for p in problems):
            catalogue = SYSTEM.load_data(folder)
            SYSTEM.new_file(catalogue, faction="empire")


@pytest.mark.parametrize(
    "text",
    [
        "game: hve\nunits: [{card: {a: b}}, {card: [x]}, {card: x, count: 1e400}, {card: x, count: .inf}]\n",
        "game: hve\nname: {a: 1}\nfaction: {empire: 1}\ncommands: [[[]]]\nopening_unit: {x: 1}\n",
        "game: hve\nunits: [{card: Spearmen, count: 99999999999999999999999999999999999999}]\n",
        "game: hve\nunits:\n  - ? [a]\n    : b\n",
        "game: hve\nfaction: !!binary aGVsbG8=\n",
        "game: hve\nname: 2024-01-01\nfaction: 2024-01-01\nunits: [2024-01-01, null, true, 1.5]\n",
        "game: hve\n" + "units: [" * 20 + "]" * 20 + "\n",
        "game: hve\nfaction: 0x" + "f" * 4000 + "\nunits: [{card: Spearmen, count: 0x" + "f" * 4000 + "}]\n",
        "game: hve\nunits: [{card: Spearmen, count: -0x" + "f" * 4000 + "}]\n",
    ],
)
def test_hostile_decks_written_out(text: str) -> None:
    try:
        value = yamlpos.load(text)
    except yamlpos.YamlError:
        return
    report = SYSTEM.check(Document("hostile.yaml", value), SYSTEM.load_data())
    assert report.problems and not report.valid
    assert all(p.rule in DOC_IDS and p.line >= 1 for p in report.problems)
    for fmt in SYSTEM.export_formats:
        SYSTEM.export(report, fmt)
    str(report.summary.tallies[0])


@pytest.mark.parametrize(
    "entry",
    [
        "{name: {a: 1}, kind: [unit], faction: {x: 1}}",
        "{name: X, kind: unit, faction: empire, icon: infantry, strength: 99999999999999999999999999, hp: 1e400}",
        "{name: X, kind: command, faction: empire, cost: 1, icons: [[a]], strength: .nan, type: attack,"
        " keywords: [{mount: [a]}, {maneuver: {number: {a: 1}, qualifier: {b: {c: d}}}}, {support: {qualifier: [{encircle: {x: 1}}]}}]}",
        "{name: X, kind: unit, faction: empire, icon: infantry, strength: 1, hp: 1, other_side: {name: {a: 1}, icon: [x], zh: []}}",
        "{name: X, kind: unit, faction: empire, icon: infantry, strength: 0x" + "f" * 4000 + ", hp: 1}",
        "{name: X, kind: command, faction: empire, cost: 1, icons: [a], strength: 1, type: move,"
        " keywords: [{maneuver: 0x" + "f" * 4000 + "}]}",
    ],
)
def test_hostile_card_entries_written_out(entry: str, tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text(f"cards:\n  - {entry}\n", encoding="utf-8")
    problems = SYSTEM.check_data(tmp_path)
    assert problems and all(p.rule in DOC_IDS and p.line == 2 for p in problems)
