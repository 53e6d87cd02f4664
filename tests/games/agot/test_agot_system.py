"""The system as the core sees it: registry, problem docs, summary, show and the export formats."""

from __future__ import annotations

import html
import io
import json

from agot_helpers import SAMPLES, check, data
from test_agot_hostile import HEAD
from test_agot_rules import INVALID, VALID

from armybuilder.games import lookup
from armybuilder.games.agot.system import SYSTEM
from armybuilder.games.base import ProblemDoc


def test_registry_finds_the_game_by_key_and_alias() -> None:
    assert lookup("agot-board-game") is SYSTEM
    assert {"agot", "权力游戏"} <= set(SYSTEM.aliases)  # the alias index needs every bundled game importable
    assert SYSTEM.file_kinds == ("position",)


def test_every_emitted_id_is_documented() -> None:
    docs = {d.id: d for d in SYSTEM.problem_docs()}
    assert all(isinstance(d, ProblemDoc) and d.doc for d in docs.values())
    assert docs["syntax"].origin == "load" and docs["schema"].origin == "load"
    assert docs["data-schema"].origin == "data"
    texts = (
        [c[2] for c in INVALID]
        + [c[1] for c in VALID]
        + [p.read_text("utf-8") for p in SAMPLES.glob("*.yaml")]
    )
    texts += ["game: agot-board-game\nhouses: {\n", HEAD + "houses: []\n"]
    emitted = {p.rule for text in texts for p in check(text).problems}
    assert emitted <= set(docs)
    assert set(docs) - emitted <= {"data-syntax", "data-schema", "data-reference"}


def test_summary() -> None:
    report = check((SAMPLES / "agot-invalid.yaml").read_text("utf-8"))
    summary = report.summary
    assert summary.title == "edition 1, round 4, 4 players"
    assert str(summary.tally("houses")) == "houses 3"
    assert str(summary.tally("supply breaches")) == "supply breaches 1"
    lannister = summary.details["houses"]["lannister"]
    assert lannister["armies_allowed"] == [3, 2, 2, 2] and lannister["armies"] == [4, 3, 2, 2]
    assert lannister["units"]["knight"] == {"value": 5, "limit": 4}
    assert lannister["tracks"] == {"iron_throne": 1, "fiefdoms": 1, "kings_court": 3}
    json.dumps(summary.as_dict())


def test_title_from_name() -> None:
    report = check("name: Lannister's gambit\n" + HEAD + "houses:\n  stark: {}\n")
    assert report.summary.title == "Lannister's gambit"


def test_export_json() -> None:
    report = check((SAMPLES / "agot-valid.yaml").read_text("utf-8"))
    doc = json.loads(SYSTEM.export(report, "json"))
    assert doc["game"] == "agot-board-game" and doc["valid"] is True
    assert doc["summary"]["houses"]["lannister"]["supply"] == 3
    assert {p["rule"] for p in doc["problems"]} == {"supply-icons", "victory"}


def test_export_md_and_html_escape_input() -> None:
    report = check(
        "name: <script>alert(1)</script> | x\n"
        + HEAD
        + "houses:\n  stark:\n    units: {'<b>': {footman: 1}}\n"
    )
    md = SYSTEM.export(report, "md")
    assert "| house | supply |" in md and "\\|" in md
    page = SYSTEM.export(report, "html")
    assert "<script>" not in page and html.escape("<script>") in page
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    assert page.startswith("<!DOCTYPE html>")


def test_show_renders() -> None:
    from rich.console import Console

    report = check((SAMPLES / "agot-invalid.yaml").read_text("utf-8"))
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(SYSTEM.show(report))
    text = out.getvalue()
    assert "Lannister" in text and "3, 2, 2, 2" in text and "army-supply" in text
    assert "Harrenhal" in text  # an area with a problem
    assert "starred orders" in text and "3 of 2" in text  # used against what King's Court position 3 allows


def test_show_starred_orders_against_the_bounds_of_the_first_edition() -> None:
    from armybuilder.games.agot.render import rows

    report = check(
        "game: agot-board-game\nedition: 1\nplayers: 5\nround: 3\n"
        "influence:\n  kings_court: [stark, lannister, baratheon, tyrell, greyjoy]\nhouses:\n"
        "  stark:\n    units: {Winterfell: {footman: 1}}\n    orders: {Winterfell: raid-star}\n"
        "  tyrell:\n    units: {Highgarden: {footman: 1}}\n    orders: {Highgarden: raid}\n"
        "  starkk: {}\n"
    )
    cells = {row[0]: row[6] for row in rows(report)}
    assert cells == {"Stark": "1 (at least 2 allowed)", "Tyrell": "0 (at most 2 allowed)"}
    out = io.StringIO()
    from rich.console import Console

    Console(file=out, width=200, color_system=None).print(SYSTEM.show(report))
    assert "left out of the table: line 14 (unknown-house)" in out.getvalue()


def test_data_is_loaded_once_and_cached_names_are_shared() -> None:
    d = data()
    check(HEAD + "houses:\n  stark:\n    units: {Winterfell: {footman: 1}}\n")
    assert "Winterfell" in d.editions[2]._area_cache


def test_docs_list_every_id_and_their_example_is_clean() -> None:
    from pathlib import Path

    guide = Path(__file__).resolve().parents[3] / "docs" / "agot-board-game.md"
    doc = guide.read_text("utf-8")
    for d in SYSTEM.problem_docs():
        assert f"| `{d.id}` |" in doc
    example = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    report = check(example)
    assert report.problems == [], [str(p) for p in report.problems]
