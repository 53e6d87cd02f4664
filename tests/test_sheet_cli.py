"""`armybuilder export LIST --format html|md|text|json`: the army sheet written to a file (atomically,
`--force` to replace) or to standard output, the same text `render_sheet` returns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from armybuilder.cli import app
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate_path
from armybuilder.games.asoiaf.deck import build_deck
from armybuilder.games.asoiaf.render.sheet import SHEET_FORMATS, render_sheet

SHEET_LIST = Path(__file__).parent / "cases" / "sheets" / "stark-50.yaml"
ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "100", "ARMYBUILDER_DATA": None}
runner = CliRunner(env=ENV)


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def expected(catalogue: Catalogue, fmt: str, path: Path = SHEET_LIST) -> str:
    report = validate_path(str(path), catalogue)
    ctx = report.context
    assert ctx is not None and ctx.commander is not None and ctx.faction is not None
    return render_sheet(fmt, report, build_deck(catalogue, ctx.faction, ctx.commander))


def leftovers(folder: Path) -> list[str]:
    """Temporary files an interrupted or refused write would leave behind."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.parametrize("fmt", SHEET_FORMATS)
def test_export_to_a_file(catalogue: Catalogue, tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"sheet.{fmt}"
    result = run("export", str(SHEET_LIST), "--format", fmt, "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"Exported {SHEET_LIST} as {fmt} to {out}.\n"  # the sheet went to the file
    assert out.read_text(encoding="utf-8") == expected(catalogue, fmt)
    assert leftovers(tmp_path) == []
    assert oct(out.stat().st_mode & 0o777) == oct(0o644)


@pytest.mark.parametrize("fmt", ["md", "text", "json"])
def test_export_to_standard_output(catalogue: Catalogue, fmt: str) -> None:
    result = run("export", str(SHEET_LIST), "-f", fmt)
    assert result.exit_code == 0, result.output
    assert result.stdout == expected(catalogue, fmt)
    if fmt == "json":
        assert json.loads(result.stdout)["valid"] is True


def test_html_export_is_the_printable_sheet(tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    result = run("export", str(SHEET_LIST), "--format", "html", "-o", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "@page { size: A4;" in page
    assert "Robb Stark, The Wolf Lord" in page
    assert '<section class="verdict valid">' in page


@pytest.mark.parametrize(
    ("name", "fmt"), [("s.html", "html"), ("s.HTM", "html"), ("s.md", "md"), ("s.markdown", "md"), ("s.json", "json"), ("s.txt", "text")]
)
def test_the_output_name_picks_the_sheet(catalogue: Catalogue, tmp_path: Path, name: str, fmt: str) -> None:
    out = tmp_path / name
    result = run("export", str(SHEET_LIST), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"Exported {SHEET_LIST} as {fmt} to {out}.\n"
    assert out.read_text(encoding="utf-8") == expected(catalogue, fmt)


@pytest.mark.parametrize(("fmt", "name", "kind"), [("json", "s.html", "an HTML file"), ("html", "s.md", "a Markdown file"), ("md", "s.json", "a JSON file")])
def test_a_format_the_output_name_contradicts_is_refused(tmp_path: Path, fmt: str, name: str, kind: str) -> None:
    out = tmp_path / name
    result = run("export", str(SHEET_LIST), "-f", fmt, "-o", str(out))
    assert result.exit_code == 2 and not out.exists()
    assert f"--format {fmt} but {out} is named as {kind}; drop --format" in result.stderr


@pytest.mark.parametrize(("fmt", "name"), [("text", "s.txt"), ("json", "s.txt"), ("warcouncil", "code.txt"), ("md", "notes")])
def test_a_format_the_name_allows_is_written(tmp_path: Path, fmt: str, name: str) -> None:
    result = run("export", str(SHEET_LIST), "-f", fmt, "-o", str(tmp_path / name))
    assert result.exit_code == 0 and f" as {fmt} to " in result.stdout, result.output


def test_existing_file_is_kept_without_force(tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    out.write_text("my notes\n", encoding="utf-8")
    result = run("export", str(SHEET_LIST), "--format", "html", "-o", str(out))
    assert result.exit_code == 2
    assert "exists; pass --force" in result.stderr
    assert out.read_text(encoding="utf-8") == "my notes\n"
    assert leftovers(tmp_path) == []


def test_force_replaces_the_file(catalogue: Catalogue, tmp_path: Path) -> None:
    out = tmp_path / "sheet.md"
    out.write_text("old\n", encoding="utf-8")
    out.chmod(0o600)
    result = run("export", str(SHEET_LIST), "--format", "md", "-o", str(out), "--force")
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == expected(catalogue, "md")
    assert out.stat().st_mode & 0o777 == 0o600  # the replaced file keeps its permissions
    assert leftovers(tmp_path) == []


def test_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = run("export", str(SHEET_LIST), "--format", "html", "-o", str(tmp_path / "nope" / "s.html"))
    assert result.exit_code == 2
    assert "does not exist" in result.stderr
    assert not (tmp_path / "nope").exists()


def test_unknown_format_is_refused() -> None:
    result = run("export", str(SHEET_LIST), "--format", "pdf")
    assert result.exit_code == 2


def test_invalid_list_is_exported_with_a_warning(tmp_path: Path) -> None:
    bad = tmp_path / "over.yaml"
    bad.write_text(
        SHEET_LIST.read_text(encoding="utf-8").replace("points: 50", "points: 40"), encoding="utf-8"
    )
    out = tmp_path / "over.html"
    result = run("export", str(bad), "--format", "html", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "is not a valid list" in result.stderr
    page = out.read_text(encoding="utf-8")
    banner = page.split('<section class="verdict invalid">')[1].split("</section>")[0]
    assert '<span class="rule">points-limit</span>' in banner


def test_page_option(tmp_path: Path) -> None:
    out = tmp_path / "letter.html"
    result = run("export", str(SHEET_LIST), "--format", "html", "--page", "letter", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "@page { size: letter;" in out.read_text(encoding="utf-8")
    default = run("export", str(SHEET_LIST), "--format", "html")
    assert "@page { size: A4;" in default.stdout
    refused = run("export", str(SHEET_LIST), "--format", "html", "--page", "a3")
    assert refused.exit_code == 2 and "--page a3: choose one of a4, letter" in refused.output



@pytest.mark.parametrize(
    "path",
    [Path(__file__).parent / "games" / g / "samples" / f"{g}-valid.yaml" for g in ("hve", "wotr", "agot")],
    ids=["hve", "wotr", "agot"],
)
def test_export_without_a_format_is_a_sheet_a_person_reads_in_every_game(path: Path) -> None:
    """`--help` promises text, or Markdown where a game has no text sheet: never JSON unasked."""
    result = run("export", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("# ") and "## " in result.stdout, result.stdout[:200]


@pytest.mark.parametrize(
    ("fmt", "left_out"),
    [("warcouncil", "`player:`, `notes:`, `reinforcements:`"), ("asoiaf-stats", "`player:`, `notes:`, `reinforcements:`"), ("tts", "`name:`, `player:`, `notes:`, `reinforcements:`")],
)
def test_an_export_to_another_tools_format_says_what_it_leaves_out(tmp_path: Path, fmt: str, left_out: str) -> None:
    """A share code has no place for the player or the notes: the export says so rather than drop them."""
    listed = tmp_path / "ann.yaml"
    listed.write_text("name: Wolves\nplayer: Ann\nnotes: Grey Wind screens the Berserkers.\n" + _cards_only() + "reinforcements: [Sansa Stark]\n", encoding="utf-8")
    result = run("export", str(listed), "--format", fmt)
    assert result.exit_code == 0, result.output
    assert f"has no place for the list's {left_out};" in result.stderr


def test_an_export_that_carries_everything_warns_of_nothing(tmp_path: Path) -> None:
    listed = tmp_path / "ann.yaml"
    listed.write_text("name: Wolves\n" + _cards_only(), encoding="utf-8")
    for fmt in ("warcouncil", "text"):
        result = run("export", str(listed), "--format", fmt)
        assert result.exit_code == 0 and "no place" not in result.stderr, result.stderr


def _cards_only() -> str:
    """A list's cards, without a name, player or notes."""
    return 'faction: stark\npoints: 40\nunits:\n  - unit: Stark Sworn Swords\n    attachments: ["Robb Stark, The Wolf Lord"]\n'
