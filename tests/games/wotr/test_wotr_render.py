"""`show` and the exports: what a player reads of a position."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console
from wotr_support import SAMPLES, check

from armybuilder.games.wotr.system import SYSTEM

G = "game: war-of-the-ring\n"


def _text(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=140, color_system=None, force_terminal=False).print(renderable)
    return out.getvalue()


def test_show_invalid_sample() -> None:
    report = check((SAMPLES / "wotr-invalid.yaml").read_text("utf-8"), "wotr-invalid.yaml")
    text = _text(SYSTEM.show(report))
    assert "turn 6 position" in text and "invalid" in text
    assert "Figures per nation" in text
    assert "Minas Tirith: 11 Free Peoples army units (at most 10)" in text
    assert "Helm's Deep (besieged): 6 army units (at most 5)" in text
    assert "corruption: 13/12" in text
    assert "guide: Meriadoc" in text
    assert "companions (3): Gandalf the Grey, Strider and Meriadoc" in text
    assert "action dice: Free Peoples 6, Shadow 8" in text
    assert "Elven Rings: Free Peoples 2, Shadow 2, spent 0" in text
    assert "Gondor At War passive" in text
    assert "Shadow 2 recorded, 1 from captured settlements" in text
    assert "stacking-limit" in text
    assert "not stated (counted as 0 for the box): reinforcements, casualties" in text


def test_show_figures_per_nation_for_the_set_up() -> None:
    report = check((SAMPLES / "wotr-valid.yaml").read_text("utf-8"))
    text = _text(SYSTEM.show(report))
    gondor = next(
        line for line in text.splitlines() if line.strip().startswith("Gondor") and "regulars" in line
    )
    assert [cell for cell in gondor.split() if cell != "│"] == [
        "Gondor",
        "regulars",
        "9",
        "0",
        "6",
        "0",
        "0",
        "of",
        "15",
    ]
    assert "none: the position is valid" in text
    assert "Regions over a limit" in text


def test_show_unreadable() -> None:
    report = check("[1, 2]\n")
    assert "schema" in _text(SYSTEM.show(report))
    report = check("game: [\n")
    assert "syntax" in _text(SYSTEM.show(report))


def test_export_json() -> None:
    text = G + "name: T\nboard:\n  依魯伯: {矮人: {常規: 1}}\nfellowship: {corruption: 3}\n"
    document = json.loads(SYSTEM.export(check(text), "json"))
    assert document["game"] == "war-of-the-ring"
    assert document["valid"] is True
    assert document["position"]["board"] == {"Erebor": {"dwarves": {"regular": 1}}}
    assert document["position"]["fellowship"] == {"corruption": 3, "mordor_step": None}
    assert document["summary"]["tallies"]["corruption"] == {"value": 3, "limit": 12}
    assert "captured" not in document["position"]


def test_export_markdown_and_html_escape_input() -> None:
    text = G + 'name: "<script>alert(1)</script> | *x*"\nboard:\n  "<b>Mordor</b>": {}\n'
    report = check(text)
    page = SYSTEM.export(report, "html")
    assert "<script>" not in page and "<b>Mordor" not in page
    assert "&lt;script&gt;" in page
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    md = SYSTEM.export(report, "md")
    assert md.startswith("# ")
    assert "\\<script\\>" in md
    assert "| line | severity | rule | message |" in md


def test_export_unknown_format() -> None:
    import pytest

    from armybuilder.errors import UsageError

    with pytest.raises(UsageError):
        SYSTEM.export(check(G), "pdf")


def test_show_has_a_view_per_region_with_who_holds_it() -> None:
    report = check((SAMPLES / "wotr-invalid.yaml").read_text("utf-8"), "wotr-invalid.yaml")
    text = _text(SYSTEM.show(report))
    assert "besieged in the Stronghold" in text
    helms = next(line for line in text.splitlines() if line.startswith("Helm's Deep "))
    assert "5 Isengard regulars and 2 elites" in helms and "4 Rohan regulars, 2 elites and 1 leader" in helms
    assert "Rohan (Free Peoples)" in helms
    assert "left in the box" in text and "1 too many (the box holds 15)" in text and "none of" not in text


def test_show_names_players_control_and_what_was_left_out() -> None:
    text = _text(
        SYSTEM.show(
            check(
                G + "players: 4\ncontrol:\n  gondor_player: [gondor, elves]\nhands: {gondor_player: 3, witch_king_player: 2}\n"
                "board:\n  Mordr: {sauron: {regular: 1}}\n"
            )
        )
    )
    assert "control: the Gondor player: Gondor and Elves" in text
    assert "event cards in hand: the Gondor player 3, the Witch-king player 2" in text
    assert "Left out of the tables above" in text and '"Mordr" is not a region' in text


def test_a_named_position_keeps_its_turn_and_phase_on_the_sheet() -> None:
    named = check(G + "name: Ladder game 17\nturn: 5\nphase: 6\n")
    assert SYSTEM.export(named, "md").startswith("# Ladder game 17 (turn 5, phase 6) — position.yaml — ")
    assert "<h1>Ladder game 17 (turn 5, phase 6) — " in SYSTEM.export(named, "html")
    unnamed = check(G + "turn: 5\nphase: 6\n")  # the title says the turn already
    assert SYSTEM.export(unnamed, "md").startswith("# turn 5 position — position.yaml — ")


@pytest.mark.parametrize(
    ("hunt", "line"),
    [
        ("{allocated: 2, free_peoples_dice_returned: true}", "Hunt box: 2 Shadow dice allocated; the Free Peoples took dice back in phase 1"),
        ("{free_peoples_dice_returned: false}", "Hunt box: the Free Peoples took no dice back in phase 1"),
        ("{allocated: 1}", "Hunt box: 1 Shadow dice allocated"),
    ],
)
def test_the_report_prints_all_the_file_records_of_the_hunt(hunt: str, line: str) -> None:
    # `free_peoples_dice_returned` was printed nowhere, and a hunt holding only it gave no Hunt line at all
    report = check(f"game: war-of-the-ring\nturn: 3\nhunt: {hunt}\n")
    assert line in SYSTEM.export(report, "md")
    assert line in _text(SYSTEM.show(report))
