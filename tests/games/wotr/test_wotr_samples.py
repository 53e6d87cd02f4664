"""The spec's samples: the valid one validates clean; the invalid one yields exactly the rule ids of its
trailing comments, at those lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from wotr_support import SAMPLES, check, found

from armybuilder.games.wotr.rules import RULES
from armybuilder.problems import Severity

_ID = re.compile(r"[a-z]+(?:-[a-z]+)+")
_CHECKOUT = Path(__file__).resolve().parents[3]
# ../shared beside the checkout (CI), or beside the folder of worktrees (a developer's machine)
SHARED = next(
    (
        p / "shared" / "rules" / "samples"
        for p in (_CHECKOUT.parent, _CHECKOUT.parent.parent)
        if (p / "shared").is_dir()
    ),
    _CHECKOUT.parent / "shared" / "rules" / "samples",
)


def commented(text: str) -> list[tuple[str, int]]:
    """(rule id, line) for every rule id named in a line's trailing comment."""
    expected = []
    for number, line in enumerate(text.splitlines(), 1):
        if "#" not in line or line.lstrip().startswith("#"):
            continue
        comment = line.split("#", 1)[1]
        expected.extend((rule, number) for rule in _ID.findall(comment) if rule in RULES)
    return sorted(expected)


def test_valid_sample_is_clean() -> None:
    report = check((SAMPLES / "wotr-valid.yaml").read_text("utf-8"), "wotr-valid.yaml")
    assert report.problems == []
    assert report.valid


def test_invalid_sample_gives_exactly_its_listed_ids() -> None:
    text = (SAMPLES / "wotr-invalid.yaml").read_text("utf-8")
    report = check(text, "wotr-invalid.yaml")
    assert found(report) == commented(text)
    assert len(report.errors) == 15
    assert [p.rule for p in report.warnings] == ["minion-in-free-stronghold"]
    assert all(p.file == "wotr-invalid.yaml" and p.column > 0 for p in report.problems)


def test_invalid_sample_summary() -> None:
    report = check((SAMPLES / "wotr-invalid.yaml").read_text("utf-8"))
    summary = report.summary
    assert summary.title == "turn 6 position"
    assert summary.side is None
    assert summary.tally("Shadow VP") is not None and str(summary.tally("Shadow VP")) == "Shadow VP 2/10"
    assert str(summary.tally("Free Peoples VP")) == "Free Peoples VP 0/4"
    assert str(summary.tally("corruption")) == "corruption 13/12"
    assert summary.leader == "Meriadoc"


def test_data_sample_agrees_with_the_data() -> None:
    import yaml
    from wotr_support import data

    sample = yaml.safe_load((SAMPLES / "wotr-data.yaml").read_text("utf-8"))
    facts = data()
    assert {k: dict(n.box) for k, n in facts.nations.items()} == sample["box_totals"]
    assert {k: dict(v) for k, v in facts.setup_reinforcements.items()} == sample["standard_reinforcements"]
    board = {}
    for nation, places in sample["standard_setup"].items():
        for region, figures in places.items():
            board.setdefault(region, {})[nation] = figures
    assert {r: {n: dict(f) for n, f in s.items()} for r, s in facts.setup_board.items()} == board


@pytest.mark.parametrize("name", ["wotr-valid.yaml", "wotr-invalid.yaml", "wotr-data.yaml"])
def test_pinned_samples_match_the_spec(name: str) -> None:
    shared = SHARED / name
    if not shared.exists():
        pytest.skip("../shared is not beside the checkout")
    assert (SAMPLES / name).read_text("utf-8") == shared.read_text("utf-8")


def test_invalid_sample_severities() -> None:
    report = check((SAMPLES / "wotr-invalid.yaml").read_text("utf-8"))
    assert {p.rule: p.severity for p in report.problems}["minion-in-free-stronghold"] is Severity.WARNING
    assert not report.valid
