"""Army sheets (`render_sheet`): golden printouts of a 50-point list in every format, escaping, verdicts,
costs after modifiers, deck replacements, and lists that could not be read."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from armycheck import check
from goldens import assert_golden

from armybuilder import __version__
from armybuilder.errors import UsageError
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import ListReport, validate_path
from armybuilder.games.asoiaf.deck import Deck, build_deck
from armybuilder.games.asoiaf.render.sheet import SHEET_FORMATS, render_sheet

SHEET_LIST = Path(__file__).parent / "cases" / "sheets" / "stark-50.yaml"


def deck_of(report: ListReport) -> Deck | None:
    ctx = report.context
    if ctx is None or ctx.commander is None or ctx.faction is None:
        return None
    return build_deck(ctx.catalogue, ctx.faction, ctx.commander)


def sheet(fmt: str, report: ListReport) -> str:
    return render_sheet(fmt, report, deck_of(report))


@pytest.fixture(scope="module")
def stark50(catalogue: Catalogue) -> ListReport:
    # a relative path, so that nothing in the output depends on where the checkout is
    return validate_path(str(SHEET_LIST.relative_to(Path(__file__).parent.parent)), catalogue)


def test_formats() -> None:
    assert SHEET_FORMATS == ("html", "md", "text", "json")


def test_unknown_format_is_a_usage_error(stark50: ListReport) -> None:
    with pytest.raises(UsageError, match=r"unknown sheet format 'pdf'; choose one of html, md, text, json"):
        render_sheet("pdf", stark50, None)


@pytest.mark.parametrize(("fmt", "suffix"), [("text", "txt"), ("md", "md"), ("json", "json")])
def test_golden(stark50: ListReport, fmt: str, suffix: str) -> None:
    assert stark50.valid, stark50.problems
    assert_golden(f"sheet-stark-50.{suffix}", sheet(fmt, stark50))


def test_golden_html(stark50: ListReport) -> None:
    # the version in the footer changes with every release; the rest of the page must not
    assert_golden("sheet-stark-50.html", sheet("html", stark50).replace(__version__, "VERSION"))


@pytest.mark.parametrize("fmt", SHEET_FORMATS)
def test_output_is_deterministic_and_colourless(stark50: ListReport, fmt: str) -> None:
    first = sheet(fmt, stark50)
    assert first == sheet(fmt, stark50)
    assert "\x1b[" not in first
    assert first.endswith("\n")


def test_text_is_one_line_per_unit(stark50: ListReport) -> None:
    lines = sheet("text", stark50).splitlines()
    assert "Stark Sworn Swords (5) + Robb Stark, The Wolf Lord (C)" in lines
    assert "House Umber Berserkers (6) + Umber Champion (1)" in lines
    assert "Grey Wind (3)" in lines
    assert "NCUs: Catelyn Stark, Lady of Winterfell (4)" in lines
    assert "Points 50/50 · neutral 0/25 · 12 victory points to win · card data S07" in lines
    assert lines[-1] == "Verdict: valid"


def test_markdown_bullets(stark50: ListReport) -> None:
    text = sheet("md", stark50)
    assert text.startswith("## Winterfell Host\n")
    assert "- Stark Sworn Swords (5) + Robb Stark, The Wolf Lord (C)\n" in text
    assert "**Verdict: valid**" in text


def test_json_holds_the_resolved_list(stark50: ListReport) -> None:
    data: dict[str, Any] = json.loads(sheet("json", stark50))
    assert data["name"] == "Winterfell Host"
    assert data["player"] == "Test Player"
    assert data["faction"] == "stark"
    assert data["points"] == 50
    assert data["data_version"] == "S07"
    assert data["commander"] == {"id": "20201", "name": "Robb Stark, The Wolf Lord"}
    assert data["totals"] == {"total": 50, "neutral_total": 0, "neutral_cap": 25, "victory_points": 12}
    assert data["valid"] is True
    assert data["problems"] == []
    first = data["units"][0]
    assert (first["id"], first["name"], first["cost"], first["printed_cost"]) == (
        "10201",
        "Stark Sworn Swords",
        5,
        5,
    )
    robb = first["attachments"][0]
    assert (robb["id"], robb["cost"], robb["printed_cost"], robb["commander"]) == ("20201", 0, None, True)
    assert [u["name"] for u in data["units"]][-1] == "Grey Wind"
    assert [n["id"] for n in data["ncus"]] == ["30201"]
    assert data["enemy_attachments"] == []
    assert (
        sum(u["cost"] + sum(a["cost"] for a in u["attachments"]) for u in data["units"])
        + sum(n["cost"] for n in data["ncus"])
        == data["totals"]["total"]
    )
    deck = data["deck"]
    assert deck["size"] == 20
    assert len(deck["cards"]) == 10
    assert all(c["copies"] == 2 for c in deck["cards"])


def test_html_is_self_contained_and_made_for_print(stark50: ListReport) -> None:
    page = sheet("html", stark50)
    assert page.startswith("<!DOCTYPE html>")
    assert '<meta charset="utf-8">' in page
    assert "@page { size: A4;" in page
    assert "print-color-adjust: exact" in page
    # nothing that a browser would fetch: no scripts, links, images, web fonts or remote URLs
    for banned in (
        "<script",
        "<link",
        "<img",
        "src=",
        "@import",
        "url(",
        "http://",
        "https://",
        "@font-face",
    ):
        assert banned not in page, banned


def test_html_shows_units_stats_attachments_deck_and_totals(stark50: ListReport) -> None:
    page = sheet("html", stark50)
    assert "<h1>Winterfell Host</h1>" in page
    assert "House Stark · 50 points · Player: Test Player" in page
    assert "<b>Robb Stark, The Wolf Lord</b>" in page
    # Stark Outriders: speed, defense, morale, wounds; one melee attack with dice per rank
    outriders = page[page.index("Stark Outriders") : page.index("</article>", page.index("Stark Outriders"))]
    assert re.findall(r'<span class="stat">(\w+) <b>([^<]+)</b></span>', outriders) == [
        ("Spd", "6"),
        ("Def", "4+"),
        ("Mor", "6+"),
        ("Wounds", "3"),
    ]
    assert '<td class="hit">4+</td><td class="dice">7/4</td>' in outriders
    # Stark Bowmen have a long and a melee attack
    bowmen = page[page.index("Stark Bowmen") : page.index("</article>", page.index("Stark Bowmen"))]
    assert '<td class="rng">Long</td><td>Arrow Volley</td><td class="hit">3+</td>' in bowmen
    assert '<td class="rng">Melee</td><td>Short Sword</td>' in bowmen
    # an attachment with its ability names, and the commander marked
    assert "Umber Champion" in page
    assert "Order: Incite, Furious Charge" in page
    assert '<span class="cmd" title="commander">C</span>' in page
    # NCUs with ability names
    assert "Catelyn Stark, Lady of Winterfell" in page
    assert "Family, Duty, Honor" in page
    # the deck, the totals and the card data version
    assert "Tactics deck (20 cards)" in page
    assert page.count('<span class="copies">2×</span>') == 10
    assert '<span class="label">Points</span> <b>50/50</b>' in page
    assert '<span class="label">Neutral</span> <b>0/25</b>' in page
    assert '<span class="label">Victory points to win</span> <b>12</b>' in page
    assert '<span class="label">Card data</span> <b>S07</b>' in page
    assert '<section class="verdict valid">Verdict: valid</section>' in page


HOSTILE = """
name: "<script>alert(1)</script>"
player: "Bobby \\"Tables\\" & <b>Co</b>"
faction: stark
points: 40
commander: Robb Stark, The Wolf Lord
units:
  - unit: Stark Sworn Swords
    attachment: Robb Stark, The Wolf Lord
  - "<img src=x onerror=alert(2)>"
"""


def test_html_escapes_every_user_string(catalogue: Catalogue) -> None:
    report = check(catalogue, HOSTILE)
    page = sheet("html", report)
    assert "<script" not in page
    assert "<img" not in page
    assert "<b>Co</b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Bobby &quot;Tables&quot; &amp; &lt;b&gt;Co&lt;/b&gt;" in page
    assert "&lt;img src=x onerror=alert(2)&gt; (unknown card)" in page
    # card names with apostrophes are escaped too
    assert "Winter&#x27;s Bite" in page
    # problem messages quote what the user wrote; they are escaped as well
    assert "unknown-card" in page
    assert "onerror=alert(2)&gt;" in page.split('class="verdict invalid"')[1].split("</section>")[0]


def test_markdown_escapes_markup(catalogue: Catalogue) -> None:
    text = sheet("md", check(catalogue, HOSTILE))
    assert not re.search(r"(?<!\\)[<>]", text), "an unescaped angle bracket"
    assert "- \\<img src=x onerror=alert(2)\\> (?)" in text
    assert "## \\<script\\>alert(1)\\</script\\>" in text


def test_invalid_list_has_a_red_banner_with_every_problem(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 25
        commander: Robb Stark, The Wolf Lord
        units:
          - unit: Stark Sworn Swords
            attachment: Robb Stark, The Wolf Lord
          - Stark Outriders
          - Stark Bowmen
          - House Tully Sworn Shields
          - House Umber Greataxes
        """,
    )
    assert not report.valid
    page = sheet("html", report)
    banner = page.split('<section class="verdict invalid">')[1].split("</section>")[0]
    assert banner.startswith("Verdict: invalid")
    for p in report.problems:
        assert f'line {p.line}: <span class="rule">{p.rule}</span>' in banner
    assert "points-limit" in banner
    text = sheet("text", report)
    assert "Verdict: invalid: 1 error" in text
    assert re.search(r"^  line 2: points-limit: the list costs 30", text, re.M)
    md = sheet("md", report)
    assert "**Verdict: invalid: 1 error**" in md
    assert "- line 2: `points-limit` the list costs 30" in md
    data = json.loads(sheet("json", report))
    assert data["valid"] is False
    assert [(p["rule"], p["line"]) for p in data["problems"]] == [("points-limit", 2)]


def test_modified_cost_shows_the_printed_cost(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 30
        commander: Robb Stark, The Wolf Lord
        units:
          - unit: Stark Sworn Swords
            attachment: Robb Stark, The Wolf Lord
          - unit: Winterfell Guard
            attachment: Sworn Sword Captain
        """,
    )
    assert "Winterfell Guard (7) + Sworn Sword Captain (0, printed 1)" in sheet("text", report)
    unit = json.loads(sheet("json", report))["units"][1]
    captain = unit["attachments"][0]
    assert (captain["name"], captain["cost"], captain["printed_cost"]) == ("Sworn Sword Captain", 0, 1)
    assert ">0, printed 1</span>" in sheet("html", report)


def test_neutral_card_is_marked(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 30
        commander: Robb Stark, The Wolf Lord
        units:
          - unit: Stark Sworn Swords
            attachment: Robb Stark, The Wolf Lord
        ncus: [Lord Varys]
        """,
    )
    ncu = report.army.ncus[0].card
    assert ncu is not None and ncu.faction == "neutral"
    assert f"NCUs: {ncu.title} [neutral] ({ncu.cost})" in sheet("text", report)
    assert '<span class="foreign">[neutral]</span>' in sheet("html", report)


def test_deck_notes_replaced_cards(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: baratheon
        points: 30
        commander: Davos Seaworth, Hero of Blackwater
        units:
          - unit: Baratheon Wardens
            attachment: Davos Seaworth, Hero of Blackwater
        """,
    )
    deck = deck_of(report)
    assert deck is not None and deck.removed
    gone, by = deck.removed[0]
    assert by is not None
    page = render_sheet("html", report, deck)
    assert f"Davos Seaworth, Hero of Blackwater (replaces {gone.name})" in page
    assert f'<span class="name">{gone.name}</span>' not in page
    assert f'<span class="name">{by.name}</span>' in page
    data = json.loads(render_sheet("json", report, deck))
    assert data["deck"]["removed"] == [{"id": gone.id, "name": gone.name, "by": by.id}]


@pytest.mark.parametrize("fmt", SHEET_FORMATS)
def test_unreadable_list_still_renders(catalogue: Catalogue, fmt: str) -> None:
    report = check(catalogue, "faction: [stark\n")
    assert report.context is None
    out = render_sheet(fmt, report, None)
    assert "syntax" in out
    if fmt == "json":
        data = json.loads(out)
        assert (data["valid"], data["data_version"], data["units"], data["deck"]) == (False, None, [], None)


def test_list_without_commander_has_no_deck(catalogue: Catalogue) -> None:
    report = check(catalogue, "faction: stark\npoints: 30\nunits: [Stark Sworn Swords]\n")
    assert deck_of(report) is None
    assert "Commander: none" in sheet("text", report)
    assert "Tactics deck" not in sheet("html", report)
    assert json.loads(sheet("json", report))["commander"] is None
