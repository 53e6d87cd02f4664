"""A batch of each game's files reports in that game's own words: CSV headers, JSON keys, the HTML page's
headings and summary, and the terminal table. A mixed batch groups its files by game. No ASOIAF word
(faction, commander, points, list) and no `None` in another game's report."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from armybuilder.cli import app

ROOT = Path(__file__).resolve().parent
SAMPLES = {
    "wotr": [ROOT / "games" / "wotr" / "samples" / f"wotr-{k}.yaml" for k in ("valid", "invalid")],
    "agot": [ROOT / "games" / "agot" / "samples" / f"agot-{k}.yaml" for k in ("valid", "invalid", "muster")],
    "hve": [ROOT / "games" / "hve" / "samples" / f"hve-{k}.yaml" for k in ("valid", "invalid")],
    "asoiaf": [ROOT.parent / "examples" / "stark-40.yaml"],
}
ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "200", "ARMYBUILDER_NO_CACHE": None, "ARMYBUILDER_DATA": None}
runner = CliRunner(env=ENV)
ASOIAF_WORDS = re.compile(r"\b(faction|commander|points|lists?|card data)\b", re.I)
HVE_WORDS = re.compile(r"\b(commander|points|lists?|card data)\b", re.I)  # its cards have factions


def foreign(game: str) -> re.Pattern[str]:
    """The words of another game's report that must not show in this game's."""
    return HVE_WORDS if game == "hve" else ASOIAF_WORDS


def folder_of(tmp_path: Path, *games: str) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    for game in games:
        for sample in SAMPLES[game]:
            shutil.copy(sample, folder / sample.name)
    return folder


def batch(folder: Path, report: Path) -> Result:
    return runner.invoke(app, ["batch", str(folder), "--report", str(report)])


def csv_of(tmp_path: Path, folder: Path) -> tuple[list[str], list[dict[str, str]]]:
    out = tmp_path / "r.csv"
    batch(folder, out)
    reader = csv.DictReader(io.StringIO(out.read_text(encoding="utf-8")))
    return list(reader.fieldnames or []), list(reader)


def report_of(tmp_path: Path, folder: Path, suffix: str) -> str:
    out = tmp_path / f"r.{suffix}"
    batch(folder, out)
    return out.read_text(encoding="utf-8")


HEADERS = {
    "wotr": ["guide", "shadow_vp", "free_peoples_vp", "corruption"],
    "agot": ["houses", "supply_breaches"],
    "hve": ["faction", "opening_unit", "units", "commands"],
}
SUMMARIES = {
    "wotr": "2 positions: 1 valid, 1 invalid",
    "agot": "3 positions: 2 valid, 1 invalid",
    "hve": "2 decks: 1 valid, 1 invalid",
}


@pytest.mark.parametrize("game", ["wotr", "agot", "hve"])
def test_csv_header_is_the_game_s_own(tmp_path: Path, game: str) -> None:
    head, rows = csv_of(tmp_path, folder_of(tmp_path, game))
    noun = "deck" if game == "hve" else "position"
    assert head == ["player", "team", "path", "format", *HEADERS[game], "verdict", "errors", "warnings",
                    "first_problem", noun]  # fmt: skip
    assert all("None" not in value for row in rows for value in row.values())


def test_wotr_row_names_the_guide_and_both_sides_victory_points(tmp_path: Path) -> None:
    _, rows = csv_of(tmp_path, folder_of(tmp_path, "wotr"))
    valid = next(r for r in rows if r["path"].endswith("wotr-valid.yaml"))
    assert (valid["guide"], valid["shadow_vp"], valid["free_peoples_vp"]) == ("Gandalf the Grey", "0/10", "0/4")


def test_agot_row_counts_houses_and_supply_breaches(tmp_path: Path) -> None:
    _, rows = csv_of(tmp_path, folder_of(tmp_path, "agot"))
    bad = next(r for r in rows if r["path"].endswith("agot-invalid.yaml"))
    assert (bad["houses"], bad["supply_breaches"]) == ("3", "1")


def test_hve_row_names_the_faction_and_the_opening_unit(tmp_path: Path) -> None:
    _, rows = csv_of(tmp_path, folder_of(tmp_path, "hve"))
    valid = next(r for r in rows if r["path"].endswith("hve-valid.yaml"))
    assert (valid["faction"], valid["opening_unit"], valid["units"], valid["commands"]) == (
        "Empire", "Spearmen", "5/5", "10/10")  # fmt: skip


@pytest.mark.parametrize("game", ["wotr", "agot", "hve"])
def test_json_report_in_the_game_s_words(tmp_path: Path, game: str) -> None:
    data = json.loads(report_of(tmp_path, folder_of(tmp_path, game), "json"))
    plural = "decks" if game == "hve" else "positions"
    assert "lists" not in data and len(data[plural]) == len(SAMPLES[game])
    assert data["data_version"] is None  # ASOIAF's card data is no part of these files
    for item in data[plural]:
        assert not {"points", "total", "commander", "list", "share_code"} & set(item)
        assert set(HEADERS[game]) <= set(item)
    assert all(plural in p for p in data["players"])
    assert "None" not in json.dumps(data)


@pytest.mark.parametrize("game", ["wotr", "agot", "hve"])
def test_html_report_in_the_game_s_words(tmp_path: Path, game: str) -> None:
    page = report_of(tmp_path, folder_of(tmp_path, game), "html")
    text = re.sub(r"<style>.*?</style>|<script>.*?</script>|<[^>]+>", " ", page, flags=re.S)
    assert SUMMARIES[game] in text
    assert "Army list check" not in text and "None" not in text
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", page.split('<section class="list"')[0])
    assert not [h for h in heads if foreign(game).search(h)], heads
    if game == "agot":  # no side and no leader: the roster names each position
        assert "<th>houses</th>" in page.replace(" class=num", "") and "<h2>Roster</h2>" in page
    if game == "wotr":
        assert "<th>guide</th>" in page and "The field" in page


@pytest.mark.parametrize("game", ["wotr", "agot", "hve"])
def test_terminal_table_in_the_game_s_words(tmp_path: Path, game: str) -> None:
    result = runner.invoke(app, ["batch", str(folder_of(tmp_path, game))])
    head = result.stdout.splitlines()[0].split()
    assert head[:2] == ["player", "file"] and not foreign(game).search(" ".join(head))
    assert SUMMARIES[game] in result.stdout


def test_mixed_batch_groups_by_game(tmp_path: Path) -> None:
    folder = folder_of(tmp_path, "asoiaf", "wotr", "hve")
    head, rows = csv_of(tmp_path, folder)
    assert head[:5] == ["player", "team", "path", "format", "game"]
    assert {"faction", "commander", "points", "guide", "shadow_vp", "opening_unit", "units"} <= set(head)
    assert head[-1] == "content"
    games = [r["game"] for r in rows]
    assert games == sorted(games, key=games.index)  # each game's rows together
    wotr = next(r for r in rows if r["game"] == "war-of-the-ring")
    assert wotr["commander"] == "" and wotr["points"] == "" and wotr["guide"]
    data = json.loads(report_of(tmp_path, folder, "json"))
    assert len(data["files"]) == 5 and data["data_version"]  # ASOIAF's list reads card data
    assert {g["game"] for g in data["field"]["games"]} == {"asoiaf", "war-of-the-ring", "horde-vs-empire-cards"}
    summary = "5 files (2 horde-vs-empire-cards decks, 1 asoiaf list, 2 war-of-the-ring positions)"  # as met
    page = report_of(tmp_path, folder, "html")
    assert summary in page and "<title>Submission check</title>" in page
    for part in ("Lists (A Song of Ice", "Positions (War of the Ring", "Decks (Horde vs Empire"):
        assert part in page
    terminal = runner.invoke(app, ["batch", str(folder)]).stdout
    assert summary in terminal and "Positions (war-of-the-ring)" in terminal


@pytest.mark.browser
@pytest.mark.parametrize("game", ["wotr", "agot", "hve", "mixed"])
def test_html_report_prints_in_the_browser(tmp_path: Path, game: str) -> None:
    """Headless Chromium prints each game's report: the summary and the game's headings are on the page."""
    from test_sheet_browser import page_count, pdf_text, print_to_pdf

    games = ("asoiaf", "wotr", "agot", "hve") if game == "mixed" else (game,)
    page = tmp_path / "r.html"
    batch(folder_of(tmp_path, *games), page)
    pdf = tmp_path / "r.pdf"
    data = print_to_pdf(page, pdf, tmp_path / "profile")
    assert page_count(pdf, data) >= 1
    if not shutil.which("pdftotext"):
        return
    printed = " ".join(pdf_text(pdf, data).split())
    if game == "mixed":
        assert "8 files (3 agot-board-game positions, 2 horde-vs-empire-cards decks, 1 asoiaf list, " in printed
        assert "Positions (War of the Ring" in printed and "Decks (Horde vs Empire" in printed
    else:
        assert SUMMARIES[game] in printed
        assert "None" not in printed and "Army list check" not in printed
        assert {"wotr": "guide", "agot": "houses", "hve": "opening unit"}[game] in printed


def test_validate_counts_files_in_their_game_s_words() -> None:
    result = runner.invoke(app, ["validate", *map(str, SAMPLES["wotr"])])
    assert result.stdout.rstrip().endswith("2 positions: 1 valid, 1 invalid")
    mixed = runner.invoke(app, ["validate", *map(str, SAMPLES["hve"] + SAMPLES["asoiaf"])])
    assert mixed.stdout.rstrip().endswith("3 files: 2 valid, 1 invalid")


def test_plain_mixed_batch_puts_a_file_of_no_game_with_the_first_game(tmp_path: Path) -> None:
    """Plain rows (output to a file or a pipe): a file no game could check, met before any game's file,
    is a row of the first game's table and a problem section among that game's, counted with that game."""
    folder = folder_of(tmp_path, "asoiaf", "wotr", "hve")
    (folder / "0-unknown.yaml").write_text("game: chess\n", encoding="utf-8")
    result = runner.invoke(app, ["batch", str(folder)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    tables = [i for i, line in enumerate(lines) if re.fullmatch(r"\w+ \([\w-]+\)", line)]
    assert len(tables) == 3
    first_table = lines[tables[0] : tables[1]]
    assert first_table[3].split()[0] == "0-unknown"  # its row first: submission order
    sections = [line for line in lines if line.endswith("): invalid")]
    assert "(0-unknown)" in sections[0]  # its problems first, among the first game's
    assert lines[tables[0]] == "Decks (horde-vs-empire-cards)"  # the first game met
    assert lines[-1].startswith("6 files (3 horde-vs-empire-cards decks, 1 asoiaf list, 2 war-of-the-ring positions)")
