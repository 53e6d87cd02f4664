"""What a new user meets in the first ten minutes (issue #32): the help page of a bare command, one answer
for a missing file, hints for files that are no lists, the builder's attach menu, the HTML sheet of an
ambiguous card, plain placeholders, `export -o` saying what it wrote, `new` listing commanders and
`batch --report` into a missing folder."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from armybuilder.cli import app, main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "stark-40.yaml"
ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "120", "ARMYBUILDER_DATA": None}
runner = CliRunner(env=ENV)

# A real War Council share code (the Greyjoy list the players' guide imports).
CODE = "EglWaWN0YXJpb24YCCAoKABaAwi4VFoHCLdUEMOiAVoDCLFUWgMIslRaCwi0VBDCogEQyaIBYNPwAWDU8AFgw+0B"

AMBIGUOUS = """\
faction: lannister
points: 40
commander: Tywin Lannister, Lord of Casterly Rock
units:
  - unit: Lannister Guardsmen
    attachment: Tywin Lannister, Lord of Casterly Rock
  - unit: Lannister Halberdiers
    attachment: Tyrion Lannister
"""


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


def _main(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["armybuilder", *args])
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("ARMYBUILDER_DATA", raising=False)
    with pytest.raises(SystemExit) as exited:
        main()
    code = exited.value.code
    out = capsys.readouterr()
    return code if isinstance(code, int) else 0, out.out, out.err


# --- 2. a bare command prints the help page ------------------------------------------------------------------


@pytest.mark.parametrize("args", [[], ["data"], ["event"], ["collection"]], ids=lambda a: " ".join(a) or "bare")
def test_a_bare_command_prints_the_help_page_laid_out(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = _main(args, capsys, monkeypatch)
    assert code == 2  # as git: no command is a usage error, shown as the help page
    assert err == ""
    assert out.startswith(f"Usage: {' '.join(['armybuilder', *args])} [OPTIONS] COMMAND [ARGS]...\n")
    assert "\nCommands:\n" in out and "\nOptions:\n" in out
    assert max(len(line) for line in out.splitlines()) <= 100  # laid out as --help lays it out
    assert "error" not in out.splitlines()[0]


# --- 3. a missing file: one answer, one exit code ------------------------------------------------------------

MISSING = [
    ["validate", "{f}"],
    ["validate", "{example}", "{f}"],
    ["show", "{f}"],
    ["export", "{f}", "--format", "md"],
    ["deck", "{f}"],
    ["options", "{f}"],
    ["complete", "{f}"],
    ["add", "{f}", "Stark Bowmen"],
    ["remove", "{f}", "1"],
    ["set", "{f}", "points", "50"],
    ["collection", "check", "{f}"],
    ["collection", "armies", "{f}", "--points", "40"],
    ["event", "check", "{f}"],
    ["event", "explain", "{f}"],
    ["validate", "{example}", "--collection", "{f}"],
    ["validate", "{example}", "--event", "{f}"],
    ["batch", "{example}", "--event", "{f}"],
    ["data", "diff", "2025.02", "S07", "{f}"],
]


@pytest.mark.parametrize("args", MISSING, ids=lambda a: " ".join(a))
def test_a_missing_file_gets_one_answer_everywhere(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "no-such-list.yaml"
    code, out, err = _main([a.format(f=missing, example=EXAMPLE) for a in args], capsys, monkeypatch)
    assert (code, out, err) == (2, "", f"armybuilder: error: {missing}: no such file\n")


def test_import_of_a_missing_file_says_the_same_and_why_it_is_no_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "no-such-list.txt"
    code, _, err = _main(["import", str(missing)], capsys, monkeypatch)
    assert (code, err) == (2, f"armybuilder: error: {missing}: no such file (and it is not a list code either)\n")


# --- 4. files that are no lists get a hint -----------------------------------------------------------------


def test_validate_of_a_share_code_points_to_import(tmp_path: Path) -> None:
    code = tmp_path / "code.txt"
    code.write_text(CODE + "\n")
    result = run("validate", "--format", "parsable", str(code))
    assert result.exit_code == 1
    assert result.stdout == (
        f"{code}:1:1: error schema this is a War Council share code, not a YAML list; "
        f"`armybuilder import {code} -o list.yaml` converts it (batch and `validate --event` read it as it is)\n"
    )


def test_validate_of_an_asoiaf_stats_export_points_to_import(tmp_path: Path) -> None:
    text = tmp_path / "stats.txt"
    assert run("export", str(EXAMPLE), "--format", "asoiaf-stats", "-o", str(text)).exit_code == 0
    result = run("validate", "--format", "parsable", str(text))
    assert result.exit_code == 1
    assert "it looks like an asoiaf-stats text, not a YAML list; `armybuilder import" in result.stdout


def test_validate_of_a_collection_points_to_collection_check() -> None:
    shelf = ROOT / "examples" / "collection-stark.yaml"
    result = run("validate", "--format", "parsable", str(shelf))
    assert result.exit_code == 1
    (line,) = result.stdout.splitlines()  # one problem, not four list errors
    assert line.startswith(f"{shelf}:6:1: error schema this is a collection file (`owned:`), not an army list; ")
    assert f"`armybuilder collection check {shelf}` checks it" in line


def test_a_yaml_list_with_a_syntax_error_keeps_its_own_message(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("faction: [\n")
    result = run("validate", "--format", "parsable", str(broken))
    assert "syntax invalid YAML" in result.stdout and "import" not in result.stdout


def test_batch_of_the_examples_folder_reads_no_event_or_collection_as_a_pasted_list(tmp_path: Path) -> None:
    folder = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", folder)
    result = run("batch", str(folder), "--report", str(tmp_path / "r.csv"))
    assert "cannot read this text list" not in result.stdout
    rows = (tmp_path / "r.csv").read_text(encoding="utf-8")
    for event in (folder / "events").glob("*.yaml"):
        assert f"this is an event file, not a list; give it to the batch with `--event {event}`" in rows
    assert "this is a collection file (`owned:`), not an army list" in rows
    assert "stark-40.yaml" in rows


def test_batch_problems_of_a_pasted_list_have_1_based_columns(tmp_path: Path) -> None:
    (tmp_path / "ann.txt").write_text("Faction: House Stark\nStark Sworn Swordz (5)\n")
    result = run("batch", str(tmp_path), "--report", str(tmp_path / "r.json"))
    assert result.exit_code == 1
    assert ":0 " not in result.stdout and ":0  " not in result.stdout
    import json

    (row,) = json.loads((tmp_path / "r.json").read_text())["lists"]
    # a problem at a line has a 1-based column; line 0, column 0 is the whole file
    assert all(p["column"] >= 1 for p in row["problems"] if p["line"] > 0), row["problems"]


# --- 5. the builder's attach menu -------------------------------------------------------------------------

BUILD = "lannister\n40\nTywin\nLannister Guardsmen\nT\nAnn\nu\nLannister Halberdiers\nu\nPoor Fellows\na\n{pick}\n\n\nq\ny\n"


def test_the_attach_menu_shows_each_unit_under_its_own_number_and_that_number_picks_it(tmp_path: Path) -> None:
    result = runner.invoke(app, ["build"], input=BUILD.format(pick=2))
    menu = result.stdout.split("Attach to which unit\n", 1)[1].split("\n")
    # unit 1 leads with Tywin and takes no attachment: units 2 and 3, one number each
    assert menu[:2] == ["    2. Lannister Halberdiers — infantry", "    3. Poor Fellows — infantry"]
    assert "Attachment for 2. Lannister Halberdiers" in result.stdout
    result = runner.invoke(app, ["build"], input=BUILD.format(pick=3))
    assert "Attachment for 3. Poor Fellows" in result.stdout
    result = runner.invoke(app, ["build"], input=BUILD.format(pick=1))
    assert "choose one of 2, 3" in result.stdout


# --- 6. the HTML sheet of an ambiguous card ---------------------------------------------------------------


def test_the_html_sheet_shows_an_ambiguous_card_and_counts_points_as_show_does(tmp_path: Path) -> None:
    listed = tmp_path / "tyrion.yaml"
    listed.write_text(AMBIGUOUS)
    shown = run("show", str(listed)).stdout
    assert "Points: at least 10 of 40" in shown and "ambiguous-card" in shown
    sheet = run("export", str(listed), "--format", "html").stdout
    assert "(unknown card)" not in sheet
    assert "Tyrion Lannister (not counted: ambiguous-card, line 8 — " in sheet
    assert "Tyrion Lannister, The Giant of Lannister (20120), Tyrion Lannister, Halfman (20105)" in sheet
    assert "<b>at least 10 of 40 (1 card could not be counted)</b>" in sheet
    assert "10/40" not in sheet
    text = run("export", str(listed), "--format", "text").stdout
    assert "Points: at least 10 of 40 (1 card could not be counted)" in text


# --- 7. small things --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "shown"),
    [
        ("complete", "--top N"),
        ("complete", "--timeout SECONDS"),
        ("collection armies", "--timeout SECONDS"),
        ("collection armies", "--points N"),
        ("cards", "--faction KEY"),
        ("validate", "--format NAME"),
    ],
)
def test_help_shows_plain_placeholders_never_the_option_name_again(command: str, shown: str) -> None:
    text = run(*command.split(), "--help").stdout
    assert shown in text
    for echo in ("--top TOP", "--timeout TIMEOUT", "--points POINTS", "--format FORMAT", "--faction FACTION"):
        assert echo not in text


def test_export_to_a_file_says_what_it_wrote(tmp_path: Path) -> None:
    sheet = tmp_path / "my-list.html"
    result = run("export", str(EXAMPLE), "--format", "html", "-o", str(sheet))
    assert result.exit_code == 0 and sheet.exists()
    assert result.stdout == f"Exported {EXAMPLE} as html to {sheet}.\n"
    assert run("export", str(EXAMPLE), "--format", "md").stdout.startswith("#")  # standard output: the sheet only


def test_new_without_a_commander_lists_the_faction_s_commanders(tmp_path: Path) -> None:
    result = run("new", str(tmp_path / "x.yaml"), "--faction", "stark")
    assert result.exit_code == 2
    assert result.output.startswith("armybuilder: error: a new House Stark list needs --commander, one of: ")
    assert "Robb Stark, The Wolf Lord; " in result.output
    assert "Roose Bolton, The Leech Lord [neutral]" in result.output  # neutral commanders may lead it too
    assert "Catelyn Stark, Lady Stoneheart" not in result.output  # she leads Brotherhood armies
    assert not (tmp_path / "x.yaml").exists()
    bare = run("new", str(tmp_path / "x.yaml"))
    assert "needs --faction (one of stark, lannister, " in bare.output


def test_batch_report_into_a_missing_folder_is_refused_before_any_list_is_checked(tmp_path: Path) -> None:
    target = tmp_path / "no-folder" / "report.html"
    result = run("batch", str(EXAMPLE), "--report", str(target))
    assert result.exit_code == 2
    assert result.output == (
        f"armybuilder: error: --report {target}: folder {target.parent} does not exist; "
        "create it first or choose another file\n"
    )  # one line, naming --report, and no table: nothing was checked
    pack = run("batch", str(EXAMPLE), "--pack", str(target))
    assert pack.exit_code == 2 and pack.output.startswith(f"armybuilder: error: --pack {target}: folder ")


def test_an_event_problem_of_a_share_code_points_at_the_player_s_file_not_the_converted_yaml(tmp_path: Path) -> None:
    folder = tmp_path / "submissions"
    folder.mkdir()
    code = run("export", str(EXAMPLE), "--format", "warcouncil").stdout
    (folder / "bob.txt").write_text(code)  # one line, Umber Champion in it
    event = ROOT / "examples" / "events" / "spring-open.yaml"  # bans Umber Champion
    result = run("batch", str(folder), "--event", str(event), "--report", str(tmp_path / "r.json"))
    assert result.exit_code == 1
    import json

    (row,) = json.loads((tmp_path / "r.json").read_text())["lists"]
    bans = [p for p in row["problems"] if p["rule"] == "event-ban"]
    assert bans and all(p["line"] in (0, 1) for p in bans), bans  # the code's line, or the whole file
