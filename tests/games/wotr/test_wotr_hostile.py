"""Input from strangers: wrong types everywhere, negative and huge counts, unknown names, deep junk. Every
fault is a positioned problem; `check` never raises."""

from __future__ import annotations

import string
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wotr_support import check, data, found

from armybuilder.games.base import Document
from armybuilder.games.wotr.position import FELLOWSHIP_FIELDS, TOP_KEYS
from armybuilder.games.wotr.system import SYSTEM

G = "game: war-of-the-ring\n"

HOSTILE = [
    "[1, 2, 3]\n",
    "just text\n",
    "",
    "42\n",
    G + "board: 5\nbesieged: text\ncaptured: [1]\nreinforcements: true\ncasualties: 1.5\n",
    G + "fellowship: [1]\ncharacters: []\neliminated: {}\naction_dice: 3\nhunt: []\nelven_rings: x\n",
    G + "political: [gondor]\nhands: 7\nvictory_points: null\nresult: 5\ncontrol: x\nplayers: 3\n",
    G + "board:\n  Erebor: {dwarves: {regular: -1, elite: 99999999999999999999999, leader: 1e3}}\n",
    G + "board:\n  Erebor:\n    dwarves:\n      regular: {a: [1, {b: [2, {c: 3}]}]}\n",
    G + "board: {null: {}, true: {}, 3: {}, 1.5: {}, 2024-01-01: {}}\n",
    G + "fellowship: {location: 5, progress: [], revealed: 1, corruption: 1e9, mordor_step: x, guide: 3, companions: x}\n",
    G + "fellowship: {companions: [null, 1, [], {}, Saruman, Gollum, Nobody]}\n",
    G + "characters: {null: Moria, 3: x, Strider: null, Legolas: [Moria]}\n",
    G + "political: {gondor: 3, rohan: [], elves: {box: x, active: maybe, colour: red}}\n",
    G + "players: 4\nhands: {gondor_player: -1, rohan_player: x, shadow: 1, 3: 4}\ncontrol: {gondor_player: x, rohan_player: [1, null, Strider]}\n",
    G + "turn: 99999999999999999999\nphase: -5\nedition: two\nplayers: [2]\nname: [x]\ngame: 5\n",
    G + "eliminated: [Boromir, [1], {a: b}, null]\n",
    G + "\n".join(f"k{i}: {i}" for i in range(200)) + "\n",
    G + "board:\n" + "".join(f"  Region {i}: {{sauron: {{regular: {i}}}}}\n" for i in range(300)),
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_input_gives_positioned_problems(text: str) -> None:
    report = check(text)
    assert report.problems, "hostile input must not pass"
    assert not report.valid
    for problem in report.problems:
        assert problem.line >= 1 and problem.column >= 1, problem
        assert problem.message
    assert {p.rule for p in report.problems} <= {d.id for d in SYSTEM.problem_docs()}


def test_wrong_types_are_schema_problems_at_the_node() -> None:
    text = G + "board:\n  Erebor: {dwarves: {regular: -1}}\nfellowship:\n  progress: x\n"
    assert found(check(text)) == [("schema", 3), ("schema", 5)]


def test_deep_junk_is_refused_or_reported() -> None:
    deep = "a: " + "[" * 200 + "]" * 200 + "\n"
    report = check(G + deep)
    assert report.problems and not report.valid


def test_plain_python_values_without_positions() -> None:
    value = {"game": "war-of-the-ring", "board": {"Erebor": {"dwarves": {"regular": 99}}, 5: None}}
    report = SYSTEM.check(Document("x.yaml", value), data())
    assert {p.rule for p in report.problems} == {"figure-pool", "schema", "stacking-limit"}


# --- random documents -----------------------------------------------------------------------------

_VOCAB = [
    *TOP_KEYS,
    *FELLOWSHIP_FIELDS,
    "regular",
    "elite",
    "leader",
    "nazgul",
    "free_peoples",
    "shadow",
    "spent",
    "box",
    "active",
    "allocated",
    "gondor",
    "sauron",
    "rohan",
    "elves",
    "Erebor",
    "Minas Tirith",
    "Helm's Deep",
    "Lorien",
    "Westemnet",
    "Dale",
    "Osgiliath",
    "Strider",
    "Aragorn",
    "Gollum",
    "Saruman",
    "Witch-king",
    "Gandalf the White",
    "gondor_player",
    "witch_king_player",
]
_keys = st.one_of(st.sampled_from(_VOCAB), st.text(string.printable, max_size=8), st.integers(-3, 3))
_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.integers(-3, 20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(_VOCAB),
    st.text(max_size=12),
)
_junk = st.recursive(
    _scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(_keys, inner, max_size=5)),
    max_leaves=30,
)
_documents = st.dictionaries(st.sampled_from(TOP_KEYS), _junk, max_size=10).map(
    lambda d: {**d, "game": "war-of-the-ring"}
)


def _dump(value: Any) -> str:
    return yaml.safe_dump(value, allow_unicode=True, sort_keys=False)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_documents)
def test_random_documents_never_raise(value: dict[Any, Any]) -> None:
    report = check(_dump(value))
    for problem in report.problems:
        assert problem.line >= 0 and problem.column >= 0
    SYSTEM.export(report, "json")
    SYSTEM.export(report, "md")
    SYSTEM.export(report, "html")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_junk)
def test_random_junk_without_positions_never_raises(value: Any) -> None:
    SYSTEM.check(Document("junk.yaml", value), data())
    SYSTEM.check(Document("junk.yaml", {"game": "wotr", "board": value, "fellowship": value}), data())
