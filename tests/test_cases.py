"""Example lists: every file in cases/valid must pass; every file in cases/invalid declares its errors.

An invalid case starts with a comment such as `# expect: unique-character@9, points-limit@3`: the test
asserts exactly that set of (rule, line) errors.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate_path
from armybuilder.problems import Severity

CASES = Path(__file__).parent / "cases"
VALID = sorted((CASES / "valid").glob("*.yaml"))
INVALID = sorted((CASES / "invalid").glob("*.yaml"))
FACTIONS = {
    "stark", "lannister", "freefolk", "nightswatch", "baratheon", "targaryen",
    "greyjoy", "martell", "bolton", "brotherhood", "neutral",
}  # fmt: skip


def expected(path: Path) -> set[tuple[str, int]]:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = re.fullmatch(r"# expect: (.+)", first)
    assert match, f"{path.name}: the first line must be `# expect: rule@line, ...`"
    pairs = set()
    for item in match.group(1).split(","):
        rule, line = item.strip().split("@")
        pairs.add((rule, int(line)))
    return pairs


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_case(catalogue: Catalogue, path: Path) -> None:
    report = validate_path(str(path), catalogue)
    assert [p for p in report.problems if p.severity is Severity.ERROR] == []
    assert report.valid


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_case(catalogue: Catalogue, path: Path) -> None:
    report = validate_path(str(path), catalogue)
    found = {(p.rule, p.line) for p in report.problems if p.severity is Severity.ERROR}
    assert found == expected(path)
    assert not report.valid


def test_every_faction_has_a_valid_case(catalogue: Catalogue) -> None:
    covered = {validate_path(str(p), catalogue).army.faction_key for p in VALID}
    assert covered >= FACTIONS


def test_every_requirement_kind_appears_in_a_case(catalogue: Catalogue) -> None:
    kinds: set[str] = set()
    for path in VALID + INVALID:
        report = validate_path(str(path), catalogue)
        if report.context is None:
            continue
        for entry in report.context.entries:
            kinds.update(r.kind for r in report.context.card(entry).requirements)
        kinds.update(e.kind for s in report.context.specials for e in s.effects)
    wanted = {
        "requires_in_army", "not_in_army_with", "must_attach_to", "must_join_unit_of", "limited",
        "limited_per_unit", "waives_limit_of", "ignores_attachment_limit", "cost_modifier",
        "exclusive_loyalty", "attach_only_to_faction", "attach_to_enemy_unit", "only_via_ability",
        "army_excludes", "army_may_include", "alternate_commander",
    }  # fmt: skip
    assert wanted <= kinds, f"no example case uses {sorted(wanted - kinds)}"
