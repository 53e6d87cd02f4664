"""The system as the core sees it: registry, documented ids, names."""

from __future__ import annotations

import pytest
from wotr_support import SAMPLES, check, data

from armybuilder import games
from armybuilder.games.wotr import rules
from armybuilder.games.wotr.names import matched
from armybuilder.games.wotr.system import SYSTEM
from armybuilder.problems import Severity


def test_registry_finds_the_system() -> None:
    assert games.get("war-of-the-ring") is SYSTEM
    assert games.lookup("war-of-the-ring") is SYSTEM
    assert SYSTEM.file_kinds == ("position",)
    assert set(SYSTEM.aliases) == {"wotr", "魔戒聖戰"}


def test_registry_finds_the_aliases() -> None:
    # the alias index loads every bundled system; the ASOIAF one arrives with the core's refactoring
    pytest.importorskip("armybuilder.games.asoiaf.system")
    for alias in ("wotr", "WOTR", "魔戒聖戰"):
        assert games.lookup(alias) is SYSTEM


def test_every_rule_is_documented() -> None:
    docs = {d.id: d for d in SYSTEM.problem_docs()}
    assert len(docs) == len(SYSTEM.problem_docs())
    for rule in rules.RULES:
        assert rule.id in docs
        assert isinstance(rule.severity, Severity)
        assert len(rule.doc) > 60, rule.id
        assert docs[rule.id].origin == "rule"
    assert all(docs[d.id].origin == "load" for d in rules.RULES.load)
    assert {"data-schema", "data-consistency"} <= set(docs)
    assert docs["not-at-war-abroad"].severity is Severity.WARNING


def test_emitted_ids_are_documented() -> None:
    from test_wotr_hostile import HOSTILE
    from test_wotr_rules import INVALID

    docs = {d.id for d in SYSTEM.problem_docs()}
    texts = [t for ts in INVALID.values() for t in ts] + HOSTILE
    texts.append((SAMPLES / "wotr-invalid.yaml").read_text("utf-8"))
    emitted = {p.rule for t in texts for p in check(t).problems}
    assert emitted <= docs
    assert emitted >= set(rules.RULES.ids())  # every rule is reached by some test


@pytest.mark.parametrize(
    ("given", "kind", "canonical"),
    [
        ("Barad Dur", "regions", "Barad-dur"),
        ("barad~dur", "regions", "Barad-dur"),
        ("BARAD-DÛR", "regions", "Barad-dur"),
        ("Eagle's Eyrie", "regions", "Eagles' Eyrie"),
        ("Eagles Eyrie", "regions", "Eagles' Eyrie"),
        ("helms deep", "regions", "Helm's Deep"),
        ("Lórien", "regions", "Lorien"),
        ("Lothlorien", "regions", "Lorien"),
        ("米納斯提力斯", "regions", "Minas Tirith"),
        ("莫瑞亞", "regions", "Moria"),
        ("free-peoples", "sides", "free_peoples"),
        ("Free Peoples", "sides", "free_peoples"),
        ("Nazgûl", "figure_kinds", "nazgul"),
        ("常規", "figure_kinds", "regular"),
        ("witch king", "characters", "Witch-king"),
        ("神行者", "characters", "Strider"),
        ("Merry", "characters", "Meriadoc"),
        ("梅里雅達克·烈酒鹿", "characters", "Meriadoc"),
        ("Southrons & Easterlings", "nations", "southrons"),
        ("剛鐸", "nations", "gondor"),
        ("Shadow military", "results", "shadow-military"),
    ],
)
def test_names(given: str, kind: str, canonical: str) -> None:
    assert data().names[kind].resolve(given) == canonical


def test_ambiguous_names_are_unknown_with_both_candidates() -> None:
    characters = data().names["characters"]
    for name in ("Gandalf", "甘道夫", "亞拉岡", "阿拉岡"):
        assert characters.resolve(name) is None
        assert len(characters.suggest(name)) == 2
    [problem] = check("game: wotr\nfellowship: {guide: 亞拉岡}\n").problems
    assert problem.message == '"亞拉岡" is not a character; did you mean "Strider" or "Aragorn"?'


def test_matching_rule() -> None:
    assert matched("  Helm’s   Deep ") == "helms deep"
    assert matched("a_b-c~d·e") == "a b c d e"
