"""Printing in a language (`--lang` on show, export and cards) and a club's own names (`--names`, the
environment variable, an event's `names:`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from armybuilder.cli import app
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate_path
from armybuilder.games.asoiaf.names import title_of

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE_LISTS = [ROOT / "examples" / "stark-40.yaml", *sorted((ROOT / "tests" / "cases" / "valid").glob("*.yaml"))]
ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "200", "ARMYBUILDER_DATA": None, "ARMYBUILDER_NAMES": None}
runner = CliRunner(env=ENV)


def run(*args: str, env: dict[str, str | None] | None = None) -> Result:
    return runner.invoke(app, list(args), env=env)


def cards_of(catalogue: Catalogue, path: Path) -> list[str]:
    report = validate_path(str(path), catalogue)
    army = report.army
    entries = [e for u in army.units for e in (u.unit, *u.attachments)] + [*army.ncus, *army.enemy_attachments]
    assert all(e.card is not None for e in entries), path
    return [e.card.id for e in entries if e.card is not None]


@pytest.mark.parametrize("language", ["de", "fr"])
@pytest.mark.parametrize("fmt", ["text", "md", "html"])
@pytest.mark.parametrize("path", EXAMPLE_LISTS, ids=lambda p: p.stem)
def test_export_prints_every_card_translated(catalogue: Catalogue, language: str, fmt: str, path: Path) -> None:
    result = run("export", str(path), "--lang", language, "-f", fmt)
    assert result.exit_code == 0, result.output
    table = catalogue.names.tables[language]
    out = result.stdout
    if fmt == "md":
        out = out.replace("\\", "")
    if fmt == "html":
        import html

        out = html.unescape(out)
    for card_id in cards_of(catalogue, path):
        card = catalogue.cards[card_id]
        printed = catalogue.in_language(language).printed.title(card)
        assert printed in out, (card.title, printed)
        # the table's name where it has one (fr lacks Winterfell Guard: the sources have none), else English
        assert printed == (title_of(*table.cards[card_id]) if card_id in table.cards else card.title)


def test_a_card_the_table_lacks_prints_in_english(catalogue: Catalogue) -> None:
    german = catalogue.in_language("de").printed
    assert german.title(catalogue.cards["10616"]) == "Crownland Scouts"  # no German name in the sources
    assert german.title(catalogue.cards["10201"]) == "Geschworene Schwerter von Haus Stark"
    assert german.english(catalogue.cards["10201"]) == "Stark Sworn Swords"
    assert german.english(catalogue.cards["10616"]) is None


def test_the_sheet_s_labels_and_the_english_names_in_small_print() -> None:
    result = run("export", str(EXAMPLE_LISTS[0]), "--lang", "fr", "-f", "html")
    assert result.exit_code == 0
    assert '<html lang="fr">' in result.stdout
    assert ">Commandant<" in result.stdout
    assert '<span class="en" lang="en">Stark Sworn Swords</span>' in result.stdout
    text = run("export", str(EXAMPLE_LISTS[0]), "--lang", "de").stdout
    assert "Kommandant: Robb Stark, Der Wolfslord" in text.splitlines()
    assert "Haus Stark · 40 Punkte" in text.splitlines()
    french = run("export", str(EXAMPLE_LISTS[0]), "--lang", "fr").stdout.splitlines()
    assert any(line.startswith("Code de partage War Council: ") for line in french)
    english = run("export", str(EXAMPLE_LISTS[0]), "-f", "html").stdout
    assert '<html lang="en">' in english and 'class="en"' not in english.split("</style>")[1]


def test_show_and_cards_print_in_a_language() -> None:
    shown = run("show", str(EXAMPLE_LISTS[0]), "--lang", "zh-Hant")
    assert shown.exit_code == 0
    assert "史塔克家族" in shown.stdout and "史塔克誓言騎士" in shown.stdout
    assert "Umber Champion" in shown.stdout  # not in the Chinese table: English
    cards = run("cards", "--lang", "de", "Wolfslord")
    assert cards.exit_code == 0 and "Der Wolfslord" in cards.stdout and "1 card" in cards.stdout


def test_an_unknown_language_is_a_usage_error() -> None:
    result = run("export", str(EXAMPLE_LISTS[0]), "--lang", "xx")
    assert result.exit_code == 2
    assert "no card names in 'xx' here; the languages are en, de, fr, zh-Hant" in result.stderr


# --- a club's names -------------------------------------------------------------------------------------

CLUB = """\
language: zh-Hant
cards:
  "20201": {name: "羅柏·史塔克", subname: "狼王"}
  "20203": "安柏勇士"
  "20204": {name: "誓言騎士隊長", subname: null}
  "10206": {name: "徒利誓言盾衛", subname: null}
  "30201": {name: "凱特琳·史塔克", subname: "臨冬城夫人"}
"""

CHINESE_LIST = """\
faction: 史塔克家族
points: 40
commander: 羅柏·史塔克，狼王
units:
  - unit: 史塔克誓言騎士
    attachments: ["羅柏・史塔克，狼王"]
  - unit: 安柏狂戰士
    attachment: 安柏勇士
  - 史塔克騎兵
  - 史塔克弓兵
  - unit: 史塔克誓言騎士
    attachment: 誓言騎士隊長
  - 徒利誓言盾衛
ncus: [凱特琳·史塔克，臨冬城夫人]
"""


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club-names.yaml"
    path.write_text(CLUB, encoding="utf-8")
    return path


def test_a_chinese_list_reads_with_the_club_s_names(tmp_path: Path, club: Path) -> None:
    listed = tmp_path / "list.yaml"
    listed.write_text(CHINESE_LIST, encoding="utf-8")
    without = run("validate", str(listed))
    assert without.exit_code == 1 and "unknown-card" in without.stdout
    assert "'安柏勇士'" in without.stdout  # English messages quote the player's words
    assert run("validate", str(listed), "--names", str(club)).exit_code == 0
    assert run("validate", str(listed), env={"ARMYBUILDER_NAMES": str(club)}).exit_code == 0
    shown = run("export", str(listed), "--names", str(club), "--lang", "zh-Hant")
    assert "統帥: 羅柏·史塔克, 狼王" in shown.stdout
    assert "凱特琳·史塔克, 臨冬城夫人 (4)" in shown.stdout


def test_bad_entries_of_a_names_file_are_positioned(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        'language: de\ncards:\n  "99999": {name: "X"}\n  "10202": "Geschworene Schwerter von Haus Stark"\n'
        '  "10203": {subname: "ohne Namen"}\n',
        encoding="utf-8",
    )
    result = run("validate", str(ROOT / "examples" / "stark-40.yaml"), "--names", str(bad))
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert "\n" not in line
    assert f"{bad}:3:3: 99999 is no card id" in line
    assert f"and 2 more: {bad}:4, {bad}:5" in line


def test_an_event_shares_its_names_file(tmp_path: Path, club: Path) -> None:
    lists = tmp_path / "lists"
    lists.mkdir()
    (lists / "alice.yaml").write_text(CHINESE_LIST, encoding="utf-8")
    event = tmp_path / "event.yaml"
    event.write_text("name: Taipei Open\npoints: 40\nnames: club-names.yaml\nbanned_cards: [安柏勇士]\n",
                     encoding="utf-8")  # fmt: skip
    result = run("batch", str(lists), "--event", str(event))
    assert result.exit_code == 1
    assert "event-ban" in result.stdout and "unknown-card" not in result.stdout
    broken = tmp_path / "broken.yaml"
    broken.write_text("points: 40\nnames: nowhere.yaml\n", encoding="utf-8")
    result = run("batch", str(lists), "--event", str(broken))
    assert result.exit_code == 2
    assert "broken.yaml:2" in result.stderr and "names nowhere.yaml" in result.stderr
