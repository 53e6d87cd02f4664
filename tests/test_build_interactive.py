"""`armybuilder build` scripted through standard input: one line per prompt, EOF ends cleanly."""

from __future__ import annotations

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


SESSION = [
    "stark",  # filter the faction menu
    "1",  # House Stark
    "",  # default game size: 40
    "Robb",  # filter commanders
    "1",  # Robb Stark, The Wolf Lord
    "sworn swords",  # filter the units Robb can lead
    "1",  # Stark Sworn Swords
    "u",  # add a combat unit
    "bowmen",
    "1",
    "a",  # an attachment
    "2",  # for unit 2 (Stark Bowmen)
    "umber champion",
    "1",
    "n",  # an NCU
    "Catelyn",
    "1",
    "u",
    "outriders",
    "1",
    "z",  # undo the outriders
    "r",  # remove ...
    "NCU",
    "1",  # ... Catelyn
    "z",  # undo the removal
    "s",
    "wolves.yaml",
]


def test_build_from_nothing_to_a_saved_legal_list(tmp_path: Path, catalogue: Catalogue) -> None:
    code, output = build(tmp_path, SESSION)
    assert code == 0, output
    saved = tmp_path.glob("wolves.yaml")
    path = next(iter(saved))
    text = path.read_text()
    assert 'commander: "Robb Stark, The Wolf Lord"' in text
    assert "Stark Sworn Swords" in text and "Umber Champion" in text and "Catelyn Stark" in text
    assert "Stark Outriders" not in text  # undone
    report = validate_path(str(path), catalogue)
    assert report.valid, [p.message for p in report.errors]
    assert "Saved wolves.yaml" in output and "Verdict: valid" in output  # the show printout


def test_menus_only_offer_legal_choices(tmp_path: Path) -> None:
    code, output = build(tmp_path, ["stark", "1", "30", "Robb", "1", "1", "u", ""])
    menu = output.split("Add a combat unit", 1)[1].split("\nArmy:", 1)[0]
    assert "Grey Wind" in menu and "page 1/" in menu  # short pages
    assert "Lannister Guardsmen" not in menu and "Robb Stark" not in menu
    assert code == 1 and "input ended" in output


@pytest.mark.parametrize("cut", [0, 1, 3, 7, 12, len(SESSION) - 1])
def test_end_of_input_anywhere_ends_gracefully(tmp_path: Path, cut: int) -> None:
    code, output = build(tmp_path, SESSION[:cut])
    assert code == 1
    assert "input ended before the list was saved; nothing written" in output
    assert not list(tmp_path.glob("wolves.yaml"))


def test_quit_without_saving(tmp_path: Path) -> None:
    code, output = build(tmp_path, ["1", "", "1", "1", "q"])
    assert code == 0 and "Quit without saving" in output


def test_bad_answers_are_asked_again(tmp_path: Path) -> None:
    code, output = build(tmp_path, ["99", "zzz", "1", "abc", "-5", "40", "1", "1", "x", "q"])
    assert "choose 1 to" in output and "nothing matches 'zzz'" in output
    assert "a positive whole number" in output and "choose u, a, n, r, z, s or q" in output
    assert code == 0
