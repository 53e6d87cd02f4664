"""Lists pasted in German, French and Chinese (and a mix): their card and faction names from the name tables,
their label words (`Kommandant:`, `mit`, `(K)`, `Punkte`, `Unités de combat`, `統帥：`, full-width punctuation)
read as the English ones. Each comes to the same list as `examples/stark-40.yaml`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.interchange import detect, import_list
from armybuilder.games.asoiaf.interchange.pasted.languages import in_english
from armybuilder.games.asoiaf.names import read_table

ROOT = Path(__file__).resolve().parents[1]
CASES = Path(__file__).parent / "cases" / "pasted-lang"
CLUB = ROOT / "examples" / "names" / "club-zh-Hant.yaml"
STARK_40 = {  # examples/stark-40.yaml, card by card
    "faction": "stark",
    "points": 40,
    "commander": "20201",
    "units": [("10201", ["20201"]), ("10203", ["20203"]), ("10202", []), ("10205", []), ("10201", ["20204"]),
              ("10206", [])],
    "ncus": ["30201"],
}  # fmt: skip


def reading(text: str, catalogue: Catalogue) -> dict[str, Any]:
    spec = import_list("text", text, catalogue, "pasted.txt")
    return {
        "faction": spec.faction,
        "points": spec.points,
        "commander": spec.commander.id if spec.commander else None,
        "units": [(u.id, [a.id for a in atts]) for u, atts in spec.units],
        "ncus": [n.id for n in spec.ncus],
    }


@pytest.fixture(scope="module")
def with_club(catalogue: Catalogue) -> Catalogue:
    table, problems = read_table(CLUB)
    assert table is not None and not problems
    extended, problems = catalogue.with_names(table)
    assert not problems
    return extended


@pytest.mark.parametrize("name", ["de", "fr", "mixed"])
def test_a_pasted_list_in_german_french_or_a_mix(catalogue: Catalogue, name: str) -> None:
    text = (CASES / f"{name}.txt").read_text(encoding="utf-8")
    assert detect(text) == "text"
    assert reading(text, catalogue) == STARK_40


def test_a_chinese_list_with_the_club_s_names(with_club: Catalogue) -> None:
    text = (CASES / "zh-Hant.txt").read_text(encoding="utf-8")
    assert detect(text) == "text"
    assert reading(text, with_club) == STARK_40


def test_the_chinese_list_without_the_club_s_names_says_which_line(catalogue: Catalogue) -> None:
    from armybuilder.games.asoiaf.interchange import InterchangeError

    with pytest.raises(InterchangeError) as caught:
        reading((CASES / "zh-Hant.txt").read_text(encoding="utf-8"), catalogue)
    assert caught.value.line == 3  # 統帥：羅柏·史塔克，狼王 — the seed rulebooks name no Robb card


@pytest.mark.parametrize(
    ("line", "english"),
    [
        ("Kommandant: Robb Stark, Der Wolfslord", "Commander: Robb Stark, Der Wolfslord"),
        ("Commandant : Robb Stark", "Commander : Robb Stark"),
        ("統帥：羅柏·史塔克，狼王", "Commander: 羅柏·史塔克, 狼王"),
        ("  mit Streiter von Haus Umber (1 Punkt)", "  with Streiter von Haus Umber (1 pts)"),
        ("Épées Liges Stark (5 pts) avec Champion Omble", "Épées Liges Stark (5 pts) with Champion Omble"),
        ("Robb Stark, Der Wolfslord (K)", "Robb Stark, Der Wolfslord (C)"),
        ("史塔克誓言騎士（5點）＋安柏勇士（統帥）", "史塔克誓言騎士 (5 pts) + 安柏勇士 (C)"),
        ("Nicht-Kampfeinheiten:", "Non-Combat Units:"),
        ("Unités de combat :", "Combat Units :"),
        ("非戰鬥單位：", "Non-Combat Units: "),
        ("Haus Stark – 40 Punkte", "Haus Stark – 40 pts"),
        # a German name holding `mit` keeps it; English lines are left alone
        ("Styr, Tyrann mit eiserner Faust (C)", "Styr, Tyrann mit eiserner Faust (C)"),
        ("Stark Sworn Swords (5) with Robb Stark (C)", "Stark Sworn Swords (5) with Robb Stark (C)"),
    ],
)
def test_label_words_are_read_as_english(line: str, english: str) -> None:
    assert in_english(line) == english


def test_import_writes_the_chinese_list_with_the_club_s_names_file(tmp_path: Path) -> None:
    out = tmp_path / "list.yaml"
    env = {"NO_COLOR": "1", "ARMYBUILDER_DATA": None, "ARMYBUILDER_NAMES": str(CLUB)}
    result = CliRunner(env=env).invoke(app, ["import", str(CASES / "zh-Hant.txt"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    check = CliRunner(env=env).invoke(app, ["validate", str(out)])
    assert check.exit_code == 0, check.output
