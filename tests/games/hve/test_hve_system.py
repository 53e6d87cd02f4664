"""The Horde vs Empire system as the core calls it: registry, problem docs, summary, show, exports and
`new`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hve_support import SAMPLES, check_text
from rich.console import Console

from armybuilder import games, yamlpos
from armybuilder.errors import UsageError
from armybuilder.games.base import Document, Report
from armybuilder.games.hve import rules
from armybuilder.games.hve.catalogue import Catalogue
from armybuilder.games.hve.system import SYSTEM

ROOT = Path(__file__).resolve().parents[3]

DECK_IDS = {
    "unknown-card", "faction", "faction-card", "wrong-section", "deck-unit-count", "deck-command-count",
    "unit-copies", "command-copies", "command-without-executor", "opening-unit", "mount-target-missing",
}  # fmt: skip
DATA_IDS = {
    "card-kind", "duplicate-card", "unit-card-fields", "command-card-fields", "keyword-unknown",
    "keyword-number", "keyword-qualifier", "keyword-command-type", "mount-target", "file-not-read",
}  # fmt: skip
WARNINGS = {"command-without-executor", "mount-target-missing", "keyword-command-type", "file-not-read"}


def test_registered() -> None:
    assert games.BUNDLED["horde-vs-empire-cards"] == "armybuilder.games.hve.system"
    assert games.get("horde-vs-empire-cards") is SYSTEM
    assert SYSTEM.key == "horde-vs-empire-cards"
    assert "hve" in SYSTEM.aliases
    assert SYSTEM.file_kinds == ("deck",)


def test_alias_lookup() -> None:
    try:
        found_system = games.lookup("HVE")
    except ImportError:  # another bundled game is not in this checkout yet
        pytest.skip("the registry cannot import every bundled game here")
    assert found_system is SYSTEM


def test_problem_docs_cover_every_id() -> None:
    docs = {d.id: d for d in SYSTEM.problem_docs()}
    assert set(docs) == DECK_IDS | DATA_IDS | {"syntax", "schema"}
    assert len(SYSTEM.problem_docs()) == len(docs)  # no id twice
    for doc in docs.values():
        assert doc.doc and "\n" not in doc.doc
        assert doc.severity.value == ("warning" if doc.id in WARNINGS else "error")
    assert {d.id for d in docs.values() if d.origin == "data"} == DATA_IDS
    assert {d.id for d in docs.values() if d.origin == "load"} == {"syntax", "schema"}


def test_every_rule_module_is_documented() -> None:
    for rule in rules.RULES:
        assert len(rule.doc) > 20, rule.id


def test_summary(bundled: Catalogue) -> None:
    path = ROOT / "examples" / "hve-golden-horde.yaml"
    report = SYSTEM.check(Document(str(path), yamlpos.load(path.read_bytes())), bundled)
    s = report.summary
    assert (s.title, s.side, s.side_name, s.leader) == (
        "Riders of the Golden Horde", "golden-horde", "Golden Horde", "Starfall Cavalry"
    )
    assert [(t.label, t.value, t.limit) for t in s.tallies] == [("units", 5, 5), ("commands", 10, 10)]
    assert s.fielded[:3] == ("Starfall Cavalry", "Horse Archers", "Steppe Lancers")
    assert len(s.fielded) == len(set(s.fielded)) == 9
    json.dumps(s.as_dict())


def test_summary_of_a_broken_deck(sample: Catalogue) -> None:
    report = check_text("game: hve\nname: X\nfaction: 帝国\nunits: 3\nopening_unit: spearmen\n", sample)
    s = report.summary
    assert (s.side, s.leader) == ("empire", "Spearmen")
    assert [(t.value, t.limit) for t in s.tallies] == [(None, 5), (0, 10)]
    assert check_text("[]", sample).summary.title is None


def _sample(sample: Catalogue, name: str) -> Report:
    path = SAMPLES / name
    return SYSTEM.check(Document(str(path), yamlpos.load(path.read_bytes())), sample)


def _shown(report: Report) -> str:
    console = Console(record=True, width=120, color_system=None)
    console.print(SYSTEM.show(report))
    return console.export_text()


def test_show(sample: Catalogue) -> None:
    text = _shown(_sample(sample, "hve-valid.yaml"))
    for expected in (
        "Iron Wall — Empire (帝国)",
        "units 5/5",
        "commands 10/10",
        "opening unit: Spearmen",
        "Imperial Guard (御林军)",
        "Mounted Archers: cavalry, strength 2, HP 2",
        "Commands: move (移动)",
        "Commands: defend (防御)",
        "Commands: attack (攻击)",
        "机动 maneuver 1 (逼近 approach, 掩护 cover)",
        "上马 mount: Mounted Archers (cavalry)",  # the icon from the profile, as the card prints it
        "VALID (0 errors, 0 warnings)",
    ):
        assert expected in text, expected
    invalid = _shown(_sample(sample, "hve-invalid.yaml"))
    assert "INVALID (7 errors, 0 warnings)" in invalid
    assert "not in the catalogue" not in invalid  # War Elephants is the opening unit only


def test_show_unknown_and_misplaced(sample: Catalogue) -> None:
    report = check_text("game: hve\nname: X\nfaction: empire\nunits: [Volley, Zzz]\ncommands: [Spearmen, Yyy]\n", sample)
    text = _shown(report)
    assert text.count("not in the catalogue") == 2
    assert "a command card" in text and "a unit card" in text
    assert "Commands: other" in text
    assert _shown(check_text("- 1\n", sample))


def test_export_json(sample: Catalogue) -> None:
    data = json.loads(SYSTEM.export(_sample(sample, "hve-invalid.yaml"), "json"))
    assert data["game"] == "horde-vs-empire-cards" and data["valid"] is False
    assert data["deck"]["faction"] == "golden-horde"
    assert data["deck"]["units"][0] == {"card": "Horse Archers", "count": 4, "known": True, "line": 5}
    assert len(data["problems"]) == 7
    assert data["summary"]["tallies"]["units"] == {"value": 6, "limit": 5}


def test_export_md(sample: Catalogue) -> None:
    text = SYSTEM.export(_sample(sample, "hve-valid.yaml"), "md")
    assert text.startswith("# Iron Wall — Empire (帝国)\n")
    assert "## Units" in text and "### defend (防御)" in text
    assert "| 2 | Hold the Line | 1 | infantry | - | 坚阵 steadfast (正面 frontal); 铜甲 bronze-armour 1 |" in text
    assert "**VALID (0 errors, 0 warnings)**" in text


HOSTILE = """\
game: hve
name: "<script>alert('x')</script> | **bold**"
faction: empire
units: ["<img src=x onerror=alert(1)>"]
"""


def test_export_html_is_escaped_and_self_contained(sample: Catalogue) -> None:
    report = check_text(HOSTILE, sample)
    page = SYSTEM.export(report, "html")
    assert page.startswith("<!DOCTYPE html>")
    assert (
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; img-src data:\">"
    ) in page
    assert "<script>" not in page and "<img" not in page
    assert "&lt;script&gt;" in page
    assert "http" not in page.replace('http-equiv', '')
    md = SYSTEM.export(report, "md")
    assert "<script>" not in md and "\\|" in md


def test_export_unknown_format(sample: Catalogue) -> None:
    with pytest.raises(UsageError):
        SYSTEM.export(_sample(sample, "hve-valid.yaml"), "pdf")


@pytest.mark.parametrize(("faction", "key"), [("empire", "empire"), ("金帐", "golden-horde"), ("Golden-Horde", "golden-horde")])
def test_new_file(faction: str, key: str, bundled: Catalogue) -> None:
    text = SYSTEM.new_file(bundled, faction=faction, name="Night's Watch: \"Iron\" # deck")
    report = check_text(text, bundled)
    assert report.summary.title == 'Night\'s Watch: "Iron" # deck'
    assert report.summary.side == key
    assert {p.rule for p in report.problems} == {"deck-unit-count", "deck-command-count"}
    assert "units: []" in text
    default = SYSTEM.new_file(bundled, faction=faction)
    assert check_text(default, bundled).summary.title


@pytest.mark.parametrize(
    "options",
    [{}, {"faction": "orcs"}, {"faction": "empire", "name": "  "}, {"faction": "empire", "points": 40}, {"faction": 3}],
)
def test_new_file_bad_options(options: dict[str, object], bundled: Catalogue) -> None:
    with pytest.raises(UsageError):
        SYSTEM.new_file(bundled, **options)


def test_new_options() -> None:
    assert [o.name for o in SYSTEM.new_options] == ["faction", "name"]
    assert set(SYSTEM.export_formats) == {"json", "md", "html"}


def test_data_version(bundled: Catalogue, sample: Catalogue, sample_folder: Path) -> None:
    assert SYSTEM.data_version(bundled) == "bundled example catalogue"
    assert SYSTEM.data_version(sample) == str(sample_folder)


def test_check_without_data_uses_the_bundled_catalogue() -> None:
    path = ROOT / "examples" / "hve-empire.yaml"
    report = SYSTEM.check(Document(str(path), yamlpos.load(path.read_bytes())), None)
    assert report.problems == [] and report.valid
