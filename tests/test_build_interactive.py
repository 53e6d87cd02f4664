"""`armybuilder build` scripted through standard input: one line per prompt, EOF ends cleanly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate_path

ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "120", "ARMYBUILDER_DATA": None}


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # `build` saves where it runs


def build(tmp_path: Path, lines: list[str]) -> tuple[int, str]:
    result = CliRunner(env=ENV).invoke(app, ["build"], input="\n".join(lines) + "\n" if lines else "")
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.output


START = [
    "stark",  # a filter with one match picks it: House Stark
    "",  # default game size: 40
    "Robb",  # the one Robb commander: Robb Stark, The Wolf Lord
    "stark sworn swords",  # the unit Robb leads
    "Wolves of the North",  # the list's name
    "Ann",  # the player
]
SESSION = [
    *START,
    "u",  # add a combat unit
    "stark bowmen",
    "a",  # an attachment
    "2",  # for unit 2 (Stark Bowmen)
    "umber champion",
    "n",  # an NCU
    "Catelyn Stark, Lady",
    "u",
    "stark outriders",
    "z",  # undo the outriders
    "r",  # remove ...
    "NCU",  # ... the one NCU, Catelyn
    "z",  # undo the removal
    "s",
    "wolves.yaml",
    "q",  # everything is saved: quits without asking
]


def test_build_from_nothing_to_a_saved_legal_list(tmp_path: Path, catalogue: Catalogue) -> None:
    code, output = build(tmp_path, SESSION)
    assert code == 0, output
    text = (tmp_path / "wolves.yaml").read_text()
    assert 'commander: "Robb Stark, The Wolf Lord"' in text
    assert 'name: "Wolves of the North"' in text and 'player: "Ann"' in text
    assert "Stark Sworn Swords" in text and "Umber Champion" in text and "Catelyn Stark" in text
    assert "Stark Outriders" not in text  # undone
    assert text.startswith("# yaml-language-server: $schema=")
    report = validate_path(str(tmp_path / "wolves.yaml"), catalogue)
    assert report.valid, [p.message for p in report.errors]
    assert report.army.name == "Wolves of the North" and report.army.player == "Ann"
    assert "Saved wolves.yaml" in output and "Verdict: valid" in output  # the show printout
    assert "Army: Wolves of the North — House Stark, 40 points, played by Ann" in output
    assert "Done; the list is in wolves.yaml." in output


def test_the_name_gives_the_default_file_name(tmp_path: Path) -> None:
    code, output = build(tmp_path, [*START, "s", "", "q"])
    assert code == 0, output
    assert "Save as [wolves-of-the-north.yaml]" in output
    assert (tmp_path / "wolves-of-the-north.yaml").is_file()


def test_a_name_with_control_characters_is_asked_again(tmp_path: Path) -> None:
    code, output = build(tmp_path, [*START[:4], "bad\x07name", "Wolves", "", "s", "", "q"])
    assert code == 0, output
    assert "must be one line of text without control characters" in output
    assert (tmp_path / "wolves.yaml").is_file()


def test_menus_only_offer_legal_choices(tmp_path: Path) -> None:
    code, output = build(tmp_path, ["stark", "30", "Robb", "1", "", "", "u", ""])
    menu = output.split("Add a combat unit", 1)[1].split("\nArmy:", 1)[0]
    assert "Grey Wind" in menu and "page 1/" in menu  # short pages
    assert "Lannister Guardsmen" not in menu and "Robb Stark" not in menu
    assert code == 1 and "input ended" in output


def test_menus_show_type_cost_and_the_neutral_marker(tmp_path: Path) -> None:
    _, output = build(tmp_path, [*START, "u", "neutral"])
    menu = output.split("Add a combat unit", 2)[2].split("\nArmy:", 1)[0]  # the filtered page
    assert re.search(r"Stormcrow Mercenaries \[neutral\] — infantry, 5 pts, \d+ left", menu), menu
    assert re.search(r"Bloody Mummer Zorse Riders \[neutral\] — cavalry, 6 pts", menu), menu
    assert "Stark Sworn Swords" not in menu  # not neutral: filtered out
    commanders = output.split("Commander", 1)[1].split("Unit Robb", 1)[0]
    assert "Robb Stark, The Wolf Lord (commander) — infantry attachment, C" in commanders


def test_look_alike_cards_are_told_apart(tmp_path: Path) -> None:
    # House Targaryen fields its own Stormcrow Mercenaries and the neutral ones: same name, two cards
    _, output = build(tmp_path, ["targaryen", "", "Grey Worm", "Unsullied Pikemen", "", "", "u", "stormcrow merc"])
    menu = output.split("(filter: stormcrow merc)", 1)[1].split("\nArmy:", 1)[0]
    own = re.search(r"Stormcrow Mercenaries — infantry, 5 pts, \d+ left \(id 10713\)", menu)
    neutral = re.search(r"Stormcrow Mercenaries \[neutral\] — infantry, 5 pts, \d+ left \(id 10406\)", menu)
    assert own and neutral, menu
    commanders = output.split("Commander", 1)[1].split("number to pick", 1)[0]
    assert "Daario Naharis, Stormcrow Captain (commander) — infantry attachment, C (id 20717)" in commanders


def test_a_filter_with_one_match_picks_it(tmp_path: Path) -> None:
    _, output = build(tmp_path, [*START, "u", "grey wind"])
    assert "  → Grey Wind — monster, 3 pts, 32 left" in output
    assert "  2. Grey Wind" in output  # picked at once, without asking for a number


def test_the_main_menu_says_whether_the_list_is_legal(tmp_path: Path) -> None:
    # Varamyr leads an army only with Shadowcat and Wolf Pack in it: legal once both are added
    lines = ["freefolk", "", "Varamyr", "", "", "u", "shadowcat", "u", "wolf pack", "s", "", "q"]
    code, output = build(tmp_path, lines)
    assert "Legal: no — 2 errors to fix:" in output
    assert "Legal: no — 1 error to fix:" in output
    assert "Legal: yes (unsaved changes)" in output
    assert "Legal: yes (saved)" in output
    assert code == 0, output


def test_complete_the_list_is_a_step(tmp_path: Path, catalogue: Catalogue) -> None:
    lines = ["stark", "30", "Robb", "stark sworn swords", "", "", "u", "stark bowmen", "u", "stark outriders"]
    code, output = build(tmp_path, [*lines, "c", "1", "s", "wolves.yaml", "q"])
    assert code == 0, output
    assert "Complete the list with" in output and "— spends 13, 0 left" in output
    report = validate_path(str(tmp_path / "wolves.yaml"), catalogue)
    assert report.valid and report.context is not None
    assert report.context.total == 30


def test_quit_with_unsaved_changes_asks_first(tmp_path: Path) -> None:
    code, output = build(tmp_path, [*START, "q", "n", "u", "grey wind", "q", "y"])
    assert output.count("The list has unsaved changes; quit without saving? (y/N)") == 2
    assert "  2. Grey Wind" in output  # "n" went back to building
    assert "Quit without saving." in output and code == 0
    assert not list(tmp_path.glob("*.yaml"))


def test_quit_after_saving_does_not_ask(tmp_path: Path) -> None:
    code, output = build(tmp_path, [*START, "s", "wolves.yaml", "q"])
    assert "unsaved changes" not in output.split("Saved wolves.yaml", 1)[1]
    assert code == 0 and "Done; the list is in wolves.yaml." in output


def test_saving_twice_replaces_the_file_without_asking(tmp_path: Path) -> None:
    code, output = build(tmp_path, [*START, "s", "wolves.yaml", "u", "grey wind", "s", "", "q"])
    assert code == 0, output
    assert "exists; replace it" not in output
    assert "Grey Wind" in (tmp_path / "wolves.yaml").read_text()


def test_an_existing_file_is_replaced_only_when_confirmed(tmp_path: Path) -> None:
    (tmp_path / "wolves.yaml").write_text("keep me\n")
    code, output = build(tmp_path, [*START, "s", "wolves.yaml", "n", "q", "y"])
    assert "wolves.yaml exists; replace it? (y/N)" in output
    assert (tmp_path / "wolves.yaml").read_text() == "keep me\n" and code == 0


@pytest.mark.parametrize("cut", [0, 1, 3, 5, 7, 12, len(SESSION) - 3])
def test_end_of_input_anywhere_ends_gracefully(tmp_path: Path, cut: int) -> None:
    code, output = build(tmp_path, SESSION[:cut])
    assert code == 1
    assert "input ended before the list was saved; nothing written" in output
    assert not list(tmp_path.glob("wolves.yaml"))


def test_end_of_input_after_saving_everything_is_fine(tmp_path: Path) -> None:
    code, _ = build(tmp_path, SESSION[:-1])
    assert code == 0


def test_end_of_input_with_changes_since_the_save(tmp_path: Path) -> None:
    code, output = build(tmp_path, [*START, "s", "wolves.yaml", "u", "grey wind"])
    assert code == 1
    assert "input ended with unsaved changes; wolves.yaml holds the list as last saved" in output


def test_bad_answers_are_asked_again(tmp_path: Path) -> None:
    lines = ["99", "zzz", "1", "abc", "-5", "40", "1", "1", "", "", "x", "q", "y"]
    code, output = build(tmp_path, lines)
    assert "choose 1 to" in output and "nothing matches 'zzz'" in output
    assert "a positive whole number" in output and "choose u, a, n, c, r, z, s or q" in output
    assert code == 0


def test_the_session_reads_and_writes_only_through_its_terminal(tmp_path: Path, catalogue: Catalogue) -> None:
    """The session is driven without standard input: its input and output are passed in."""
    from armybuilder.games.asoiaf.builder.session import Session, Terminal

    answers = iter(line + "\n" for line in SESSION)
    written: list[str] = []
    shown: list[object] = []
    terminal = Terminal(lambda: next(answers, ""), written.append, shown.append, echo_answers=False)
    assert Session(catalogue, terminal).run() == 0
    transcript = "".join(written)
    assert "Saved wolves.yaml." in transcript and "Legal: yes (saved)" in transcript
    assert len(shown) == 1  # the saved list's printout
    assert validate_path(str(tmp_path / "wolves.yaml"), catalogue).valid


def test_the_add_menus_search_with_a_time_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The builder's menus of what may be added stop searching at a bound, as `complete` does (a list of
    10,000 units would otherwise search for minutes), and say so."""
    from armybuilder.games.asoiaf.builder import session

    monkeypatch.setattr(session, "OPTIONS_TIMEOUT", 0.0)
    code, output = build(tmp_path, [*START, "u", "", "q", "y"])
    assert "(searched for 0 s: 0 of " in output and "cards tried; the menu shows what fits of those)" in output
    assert code in (0, 1)


def test_saving_to_a_folder_asks_for_a_file_name_and_offers_no_replace(tmp_path: Path) -> None:
    (tmp_path / "lists").mkdir()
    code, output = build(tmp_path, [*START, "s", "lists", "s", "lists/wolves.yaml", "q"])
    assert code == 0, output
    assert "cannot save: lists is a folder; give a file name" in output
    assert "lists exists; replace it" not in output and "with -o" not in output
    assert (tmp_path / "lists" / "wolves.yaml").is_file()
