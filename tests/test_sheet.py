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
    assert "&lt;img src=x onerror=alert(2)&gt; (not counted: unknown-card, line " in page
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


# --- what players carry away: the share code, their notes, the game's trackers ---------------------------


def qr_matrix_from_svg(svg: str) -> list[list[bool]]:
    """The dark modules of segno's inline SVG (one path of `M x y.5 h n m dx dy` runs), as a matrix."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))  # type: ignore[union-attr]
    path = re.search(r'class="qrline"[^>]* d="([^"]+)"', svg).group(1)  # type: ignore[union-attr]
    grid = [[False] * size for _ in range(size)]
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmhv])(-?[\d.]+)(?:\s+(-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        elif op == "h":
            for dx in range(int(float(a))):
                grid[int(y)][int(x) + dx] = True
            x += float(a)
    return grid


def test_every_sheet_carries_the_share_code(stark50: ListReport, catalogue: Catalogue) -> None:
    from armybuilder.games.asoiaf.interchange import export_list

    code = export_list("warcouncil", stark50, catalogue).strip()
    assert f"War Council share code: {code}" in sheet("text", stark50).splitlines()
    assert f"War Council share code: `{code}`" in sheet("md", stark50)
    assert json.loads(sheet("json", stark50))["share_code"] == {"code": code, "why_not": None}
    page = sheet("html", stark50)
    assert f"<code>{code}</code>" in page


def test_the_qr_code_is_the_share_code(stark50: ListReport, catalogue: Catalogue) -> None:
    """The inline SVG draws exactly the modules of the share code's QR symbol (segno's own matrix)."""
    import segno

    from armybuilder.games.asoiaf.interchange import export_list

    code = export_list("warcouncil", stark50, catalogue).strip()
    page = sheet("html", stark50)
    svg = page[page.index("<svg") : page.index("</svg>") + 6]
    expected = [[bool(v) for v in row] for row in segno.make(code, error="m", micro=False).matrix_iter(border=4)]
    assert qr_matrix_from_svg(svg) == expected
    assert page.count("<svg") == 1


def test_a_list_without_a_war_council_number_says_so(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: brotherhood
        points: 30
        units:
          - unit: Men-At-Arms
            attachment: Beric Dondarrion
        """,
    )
    line = "No War Council share code: War Council's faction number for Brotherhood Without Banners is not known."
    assert line in sheet("text", report).splitlines()
    assert "none: War Council's faction number for Brotherhood Without Banners is not known" in sheet("md", report)
    page = sheet("html", report)
    assert "<svg" not in page and "<code>" not in page
    assert "Brotherhood Without Banners is not known" in page
    data = json.loads(sheet("json", report))
    assert data["share_code"]["code"] is None and "Brotherhood" in data["share_code"]["why_not"]


def test_notes_appear_on_every_sheet_and_in_show(stark50: ListReport) -> None:
    from rich.console import Console

    from armybuilder.games.asoiaf.render.show import show

    assert "  Grey Wind screens the Berserkers." in sheet("text", stark50).splitlines()
    assert "> Deploy Catelyn's tactics early \\& keep \\<Robb\\> safe." in sheet("md", stark50)
    assert json.loads(sheet("json", stark50))["notes"].startswith("Grey Wind screens")
    page = sheet("html", stark50)
    assert "Deploy Catelyn&#x27;s tactics early &amp; keep &lt;Robb&gt; safe." in page
    console = Console(width=120, record=True, color_system=None)
    console.print(show(stark50, deck_of(stark50)))
    shown = console.export_text()
    assert "Grey Wind screens the Berserkers." in shown and "keep <Robb> safe" in shown


def test_html_has_the_trackers_of_the_game_size(stark50: ListReport, catalogue: Catalogue) -> None:
    page = sheet("html", stark50)
    vp = page.split('<div class="track vp">')[1].split("</div>")[0]
    assert "Victory points (12 to win)" in vp
    assert re.findall(r"<span(?: class=\"goal\")?>(\d+)</span>", vp) == [str(n) for n in range(1, 13)]
    rounds = page.split('<div class="track rounds">')[1].split("</div>")[0]
    assert re.findall(r"<span>(\d+)</span>", rounds) == [str(n) for n in range(1, 7)]
    forty = check(catalogue, (Path(__file__).parent.parent / "examples" / "stark-40.yaml").read_text())
    assert "Victory points (10 to win)" in sheet("html", forty)


def test_tactics_deck_in_text_and_markdown(stark50: ListReport) -> None:
    text = sheet("text", stark50)
    assert "Tactics deck (20 cards, 2 of each):" in text
    assert "  Robb Stark, The Wolf Lord: Sudden Retreat, Superior Positioning, Hit and Run" in text.splitlines()
    assert "- Robb Stark, The Wolf Lord: Sudden Retreat, Superior Positioning, Hit and Run" in sheet("md", stark50)


@pytest.mark.parametrize(("page", "css"), [("a4", "size: A4;"), ("letter", "size: letter;")])
def test_page_size(stark50: ListReport, page: str, css: str) -> None:
    assert f"@page {{ {css}" in render_sheet("html", stark50, deck_of(stark50), page)


def test_unknown_page_size_is_a_usage_error(stark50: ListReport) -> None:
    with pytest.raises(UsageError, match="unknown page size 'a5'"):
        render_sheet("html", stark50, None, "a5")


def test_faction_accent(stark50: ListReport, catalogue: Catalogue) -> None:
    from armybuilder.games.asoiaf.render.sheet import FACTION_ACCENTS

    assert set(FACTION_ACCENTS) == set(catalogue.factions)
    assert len(set(FACTION_ACCENTS.values())) == len(FACTION_ACCENTS)
    page = sheet("html", stark50)
    assert '<div class="sheet f-stark">' in page
    assert f".sheet.f-stark {{ --accent: {FACTION_ACCENTS['stark']}; }}" in page
    for colour in FACTION_ACCENTS.values():  # dark enough for white-paper print and black-and-white copies
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        assert 0.299 * r + 0.587 * g + 0.114 * b < 130, colour
