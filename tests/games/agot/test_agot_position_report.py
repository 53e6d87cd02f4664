"""What a player reads of the position in `show` and the Markdown and HTML exports: the game block and, per
house, its units and the order placed in each area, power tokens, house cards and muster plan. Each file's
expected lines are made from the file loaded independently (plain PyYAML), its names mapped through the
data, and looked for in all three printouts."""

from __future__ import annotations

import html
import io
from pathlib import Path
from typing import Any

import pytest
import yaml
from agot_helpers import SAMPLES, check, data
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_agot_hostile import BASE_PATHS, junked, nested

from armybuilder.games.agot.system import SYSTEM
from armybuilder.games.base import Document, Report
from armybuilder.text import markdown_text

REAL = Path(__file__).parent / "real"
FILES = sorted(SAMPLES.glob("*.yaml")) + sorted(REAL.glob("*.yaml"))
HEAD = "game: agot-board-game\nedition: 2\nplayers: 6\nround: 3\n"
FORMATS = ("md", "html", "show")

# the tokens as the board shows them (written out here, not taken from the code under test)
TOKENS = {
    "march-minus1": "march -1",
    "march-0": "march 0",
    "march-plus1-star": "march +1 ★",
    "defense-plus1": "defense +1",
    "defense-plus2-star": "defense +2 ★",
    "support": "support",
    "support-plus1-star": "support +1 ★",
    "raid": "raid",
    "raid-star": "raid ★",
    "consolidate": "consolidate power",
    "consolidate-star": "consolidate power ★",
}
WORDS = {"footman": ("footman", "footmen"), "knight": ("knight", "knights"), "ship": ("ship", "ships")}
WORDS["siege_engine"] = ("siege engine", "siege engines")


def printed(report: Report, fmt: str) -> list[str]:
    """The lines a reader sees, with the format's escaping undone: Markdown's list items, HTML's items."""
    if fmt == "show":
        from rich.console import Console

        out = io.StringIO()
        Console(file=out, width=1000, color_system=None).print(SYSTEM.show(report))
        return [line.rstrip() for line in out.getvalue().splitlines()]
    text = SYSTEM.export(report, fmt)
    if fmt == "md":
        return [line[2:] for line in text.splitlines() if line.startswith("- ")]
    return [html.unescape(item.split("</li>")[0]) for item in text.split("<li>")[1:]]


def escaped(report: Report, fmt: str, line: str) -> bool:
    """Whether `line` is printed, escaped as the format escapes it."""
    if fmt == "md":
        return f"- {markdown_text(line)}" in SYSTEM.export(report, "md").splitlines()
    if fmt == "html":
        return f"<li>{html.escape(line)}</li>" in SYSTEM.export(report, "html")
    return line in printed(report, "show")


def expected(doc: dict[str, Any]) -> list[str]:
    """The lines of a file whose every name resolves: its game facts, each area's units with its order."""
    ed = data().editions[doc["edition"]]

    def area(name: str) -> str:
        return ed.area_aliases.get(name.strip(), name.strip())

    lines = [f"edition: {doc['edition']}", f"round: {doc['round']}"]
    if "phase" in doc:
        lines.append(f"phase: {doc['phase']}")
    if "wildling_threat" in doc:
        lines.append(f"wildling threat: {doc['wildling_threat']}")
    if "westeros_cards" in doc:
        lines.append("Westeros cards: " + (", ".join(c.strip() for c in doc["westeros_cards"]) or "none"))
    if "neutral_forces" in doc:
        lines.append("neutral force tokens: " + (", ".join(area(a) for a in doc["neutral_forces"]) or "none"))
    for block in doc["houses"].values():
        units = {area(a): u for a, u in ((block or {}).get("units") or {}).items()}
        orders = {area(a): TOKENS[t] for a, t in ((block or {}).get("orders") or {}).items()}
        for name, counts in units.items():
            text = ", ".join(f"{n} {WORDS[k][n != 1]}" for k, n in counts.items())
            lines.append(f"{name}: {text}" + (f" — {orders[name]}" if name in orders else ""))
        lines += [f"{name}: no unit listed — {token}" for name, token in orders.items() if name not in units]
    return lines


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_area_order_card_and_threat_is_printed(path: Path, fmt: str) -> None:
    text = path.read_text("utf-8")
    report = check(text)
    lines = printed(report, fmt)
    missing = [line for line in expected(yaml.safe_load(text)) if line not in lines]
    assert not missing, "\n".join(lines)
    for line in expected(yaml.safe_load(text)):
        assert escaped(report, fmt, line)


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_valid_sample_in_full(fmt: str) -> None:
    report = check((SAMPLES / "agot-valid.yaml").read_text("utf-8"))
    lines = printed(report, fmt)
    for line in (
        "players: 5",
        "wildling threat: 4",
        "Westeros cards: Supply, Clash of Kings, Last Days of Summer",
        "Iron Throne track: Greyjoy, Lannister, Stark, Baratheon, Tyrell",
        "dominance tokens: Iron Throne token held by Greyjoy, Valyrian Steel Blade held by Lannister, "
        "Messenger Raven held by Stark",
        "neutral force tokens: King's Landing, The Eyrie, Sunspear",
        "Harrenhal: 2 knights, 1 footman — march +1 ★",
        "Searoad Marches: 2 knights — defense +2 ★",
        "Lannisport: 1 footman — consolidate power",
        "power tokens on the board: Riverrun",
        "house cards: 5 in hand; 2 discarded",
        "Winterfell: 2 footmen, 1 knight — march 0",
    ):
        assert line in lines, line
    if fmt == "show":
        assert lines.index("Game") < lines.index("Lannister") < lines.index("Stark")
    else:
        text = SYSTEM.export(report, fmt)
        titles = [f"## {t}\n" if fmt == "md" else f"<h2>{t}</h2>" for t in ("Game", "Lannister", "Stark")]
        assert text.index(titles[0]) < text.index(titles[1]) < text.index(titles[2])


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_muster_plan_is_printed(fmt: str) -> None:
    lines = printed(check((SAMPLES / "agot-muster.yaml").read_text("utf-8")), fmt)
    assert "muster at Lannisport: footman, ship into The Golden Sound" in lines
    assert "muster at Harrenhal: upgrade to knight" in lines
    assert "muster at Riverrun: ship into The Golden Sound" in lines


@pytest.mark.parametrize("fmt", FORMATS)
def test_aliases_are_printed_in_english(fmt: str) -> None:
    report = check(
        "game: agot-board-game\nedition: 1\nplayers: 5\nround: 3\n"
        "dominance_tokens: {iron_throne: 史塔克家族}\n"
        "neutral_forces: [君临]\n"
        "houses:\n"
        "  兰尼斯特:\n"
        "    power_on_board: [海强城]\n"
        "    units: {奔流城: {footman: 1}}\n"
        "    orders: {奔流城: march-0}\n"
        "muster:\n  lannister:\n    兰斯尼港: [{ship: 金声湾}]\n"
    )
    lines = printed(report, fmt)
    for line in (
        "Riverrun: 1 footman — march 0",
        "power tokens on the board: Seagard",
        "muster at Lannisport: ship into The Golden Sound",
        "neutral force tokens: King's Landing",
        "dominance tokens: Iron Throne token held by Stark",
    ):
        assert line in lines, line
    assert not any(
        name in line for line in lines for name in ("奔流城", "海强城", "兰斯尼港", "金声湾", "君临")
    )


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_section_the_file_does_not_state_prints_no_line(fmt: str) -> None:
    lines = printed(check(HEAD + "houses:\n  stark:\n    units: {Winterfell: {footman: 1}}\n"), fmt)
    assert "Winterfell: 1 footman" in lines
    words = ("phase", "wildling", "Westeros", "Put to the Sword", "track:", "dominance", "neutral")
    words += ("power tokens", "house cards", "muster", "orders", "no unit")
    table = ("┃", "│")  # (show's per-house table: its headings name orders and tracks)
    assert not [line for line in lines if any(w in line for w in words) and not any(t in line for t in table)]


@pytest.mark.parametrize("fmt", FORMATS)
def test_stated_but_empty_sections_say_none(fmt: str) -> None:
    report = check(
        HEAD
        + "phase: planning\n"
        + "westeros_cards: []\nneutral_forces: []\nput_to_the_sword: no-march-plus1\n"
        + "houses:\n  stark:\n    units: {}\n    orders: {}\n    power_on_board: []\n  lannister: {}\n"
        + "  baratheon: {supply: 2}\n"
        + "muster:\n  stark: {}\n"
    )
    lines = printed(report, fmt)
    for line in (
        "phase: planning",
        "Westeros cards: none",
        "neutral force tokens: none",
        "Put to the Sword: no march +1 ★ order this round",
        "units: none",
        "orders: none",
        "power tokens on the board: none",
        "muster: nothing planned",
        "nothing stated but the house",
        "nothing stated beyond the table above",
    ):
        assert line in lines, line


@pytest.mark.parametrize("fmt", FORMATS)
def test_orders_without_units_two_orders_and_named_cards(fmt: str) -> None:
    report = check(
        "game: agot-board-game\nedition: 1\nplayers: 5\nround: 3\n"
        "houses:\n  lannister:\n    units: {Riverrun: {footman: 1, knight: 0}}\n"
        "    orders:\n      Riverrun: march-0\n      奔流城: raid-star\n      Harrenhal: support-plus1-star\n"
        "  stark:\n    house_cards: {hand: [Eddard Stark, ' Robb Stark'], discarded: []}\n"
    )
    lines = printed(report, fmt)
    assert "Riverrun: 1 footman, 0 knights — march 0 and raid ★" in lines
    assert "Harrenhal: no unit listed — support +1 ★" in lines
    assert "house cards: in hand: Eddard Stark, Robb Stark; discarded: none" in lines


def test_names_from_the_file_are_escaped() -> None:
    report = check(HEAD + "houses:\n  stark:\n    units: {'<b>x</b> | *y*': {footman: 1}}\n")
    md = SYSTEM.export(report, "md")
    assert "- \\<b\\>x\\</b\\> \\| \\*y\\*: 1 footman" in md.splitlines()
    page = SYSTEM.export(report, "html")
    assert "<li>&lt;b&gt;x&lt;/b&gt; | *y*: 1 footman</li>" in page and "<b>x" not in page
    assert "<b>x</b> | *y*: 1 footman" in printed(report, "show")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BASE_PATHS), nested)
def test_junk_in_a_position_still_prints(path: tuple[Any, ...], junk: Any) -> None:
    value = junked(path, junk)
    report = SYSTEM.check(Document("junk.yaml", value), data())
    md, page = SYSTEM.export(report, "md"), SYSTEM.export(report, "html")
    printed(report, "show")
    if report.model is not None:
        assert "## Game" in md and "<h2>Game</h2>" in page
