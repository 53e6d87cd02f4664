"""Card names in other languages: the bundled tables (data/names/) say what the shared reference says, every id
is a card, the translated names several cards share are known, and lists name cards in any language."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from armycheck import check, errors

from armybuilder.games.asoiaf.catalogue import Catalogue, normalize
from armybuilder.games.asoiaf.datafiles import bundled_data_dir
from armybuilder.games.asoiaf.names import read_table

REFERENCE = Path(
    os.environ.get("ASOIAF_REFERENCE")
    or Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "asoiaf-cards"
)
TABLES = {"de": "de.yaml", "fr": "fr.yaml", "zh-Hant": "zh-Hant-seed.yaml"}  # ours -> the reference's file
# One translated name for cards whose English titles differ (README of the reference, "Collisions").
LANGUAGE_ONLY = {
    "de": {
        ("10401", "11001"), ("10402", "11004"), ("10403", "11005"), ("10404", "11002"), ("20902", "30904"),
        ("40302", "40830"), ("40322", "40735", "41001"), ("40323", "40606"),
    },
    "fr": {("20901", "30904"), ("40302", "40830"), ("40322", "40735"), ("40323", "40606")},
    "zh-Hant": set(),
}  # fmt: skip


@pytest.mark.parametrize("language", list(TABLES))
def test_every_id_of_a_table_is_a_card(catalogue: Catalogue, language: str) -> None:
    table = catalogue.names.tables[language]
    assert table.cards and set(table.cards) <= set(catalogue.cards)
    assert set(table.tactics) <= set(catalogue.tactics)
    assert set(table.factions) <= set(catalogue.factions)


@pytest.mark.skipif(not REFERENCE.is_dir(), reason=f"reference card facts not found at {REFERENCE}")
@pytest.mark.parametrize("language", list(TABLES))
def test_tables_match_the_reference(catalogue: Catalogue, language: str) -> None:
    reference = yaml.safe_load((REFERENCE / "names" / TABLES[language]).read_text(encoding="utf-8"))
    table = catalogue.names.tables[language]
    assert reference["language"] == table.language
    assert {k: (v["name"], v["subname"]) for k, v in reference["cards"].items()} == dict(table.cards)
    assert {k: v["name"] for k, v in (reference["tactics"] or {}).items()} == dict(table.tactics)
    assert reference["factions"] == dict(table.factions)


@pytest.mark.parametrize("language", list(TABLES))
def test_collisions_are_the_known_ones(catalogue: Catalogue, language: str) -> None:
    table = catalogue.names.tables[language]
    english = {**{i: c.title for i, c in catalogue.cards.items()}, **{i: t.name for i, t in catalogue.tactics.items()}}
    by_name: dict[str, set[str]] = {}
    for card_id, (name, subname) in table.cards.items():
        by_name.setdefault(normalize(f"{name}, {subname}" if subname else name), set()).add(card_id)
    for card_id, name in table.tactics.items():
        by_name.setdefault("tactics:" + normalize(name), set()).add(card_id)
    found = {
        tuple(sorted(ids))
        for ids in by_name.values()
        if len({normalize(english[i]) for i in ids}) > 1
    }
    assert found == LANGUAGE_ONLY[language]


def test_the_data_folder_reads_no_broken_table(tmp_path: Path) -> None:
    (tmp_path / "x.yaml").write_text(
        'language: de\ncards:\n  "1": {name: ""}\n  "2": "A, B"\n  "3": "A\\u001b[2J"\n  "4": "A\\nB"\nfoo: 1\n'
    )
    table, problems = read_table(tmp_path / "x.yaml", "x.yaml")
    assert table is not None and dict(table.cards) == {"2": ("A", "B")}
    assert sorted((p.rule, p.line) for p in problems) == [("names-file", n) for n in (3, 5, 6, 7)]
    assert (bundled_data_dir() / "names" / "de.yaml").is_file()


# --- lists in other languages -----------------------------------------------------------------------------

GERMAN = """
faction: Haus Stark
points: 40
commander: Robb Stark, Der Wolfslord
units:
  - unit: Geschworene Schwerter von Haus Stark
    attachments: ["Robb Stark, Der Wolfslord"]
  - unit: Berserker von Haus Umber
    attachment: Streiter von Haus Umber
  - Vorreiter von Haus Stark
  - Bogenschützen von Haus Stark
  - unit: Geschworene Schwerter von Haus Stark
    attachment: Hauptmann der geschworenen Schwerter
  - Geschworene Schilde von Haus Tully
ncus: ["Catelyn Stark, Lady von Winterfell"]
"""

FRENCH = """
faction: Maison Stark
points: 40
commander: Robb Stark, Le Seigneur Loup
units:
  - unit: Épées Liges Stark
    attachments: ["Robb Stark, Le Seigneur Loup"]
  - unit: Berserkers de la Maison Omble
    attachment: Champion Omble
  - Cavaliers Stark
  - Archers Stark
  - unit: Épées Liges Stark
    attachment: Capitaine Épée Lige
  - Boucliers Liges de la Maison Tully
ncus: ["Catelyn Stark, Dame de Winterfell"]
"""

MIXED = """
faction: stark
points: 40
commander: Robb Stark, The Wolf Lord
units:
  - unit: 史塔克誓言騎士
    attachments: ["Robb Stark, Der Wolfslord"]
  - unit: Berserkers de la Maison Omble
    attachment: Umber Champion
  - Vorreiter von Haus Stark
  - Stark Bowmen
  - unit: Épées Liges Stark
    attachment: Hauptmann der geschworenen Schwerter
  - House Tully Sworn Shields
ncus: ["Catelyn Stark, Lady of Winterfell"]
"""


@pytest.mark.parametrize("text", [GERMAN, FRENCH, MIXED], ids=["de", "fr", "mixed"])
def test_a_list_in_any_language_reads_as_the_english_one(catalogue: Catalogue, text: str) -> None:
    report = check(catalogue, text)
    assert errors(report) == set()
    army = report.context.army if report.context else None
    assert army is not None and army.faction is not None and army.faction.key == "stark"
    assert [u.unit.card.id for u in army.units if u.unit.card] == ["10201", "10203", "10202", "10205", "10201", "10206"]
    assert army.ncus[0].card is not None and army.ncus[0].card.id == "30201"


def test_faction_and_slot_decide_a_shared_german_name(catalogue: Catalogue) -> None:
    # "Gehäutete von Haus Bolton" is House Bolton's Flayed Men (neutral) and Bolton's Flayed Men
    bolton = check(catalogue, "faction: bolton\npoints: 40\nunits: [Gehäutete von Haus Bolton]\n")
    assert ("ambiguous-card", 3) not in errors(bolton) and ("unknown-card", 3) not in errors(bolton)
    army = bolton.context.army if bolton.context else None
    assert army is not None and army.units[0].unit.card is not None
    assert army.units[0].unit.card.id == "11005"
    stark = check(catalogue, "faction: stark\npoints: 40\nunits: [Gehäutete von Haus Bolton]\n")
    army = stark.context.army if stark.context else None
    assert army is not None and army.units[0].unit.card is not None
    assert army.units[0].unit.card.id == "10403"  # the neutral card: a Stark army cannot field Bolton's


def test_a_name_no_language_has_is_unknown_quoting_the_player(catalogue: Catalogue) -> None:
    report = check(catalogue, "faction: stark\npoints: 40\nunits: [Geschworene Schwerter von Haus Strak]\n")
    assert ("unknown-card", 3) in errors(report)
    message = next(p.message for p in report.problems if p.rule == "unknown-card")
    assert "'Geschworene Schwerter von Haus Strak'" in message
    assert "did you mean 'Geschworene Schwerter von Haus Stark'" in message  # in the player's language


def test_a_collection_names_cards_in_any_language(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from armybuilder.cli import app

    shelf = tmp_path / "shelf.yaml"
    shelf.write_text(
        "owned:\n  Robb Stark, Der Wolfslord: 1\n  Épées Liges Stark: 1\n  Berserker von Haus Umber: 1\n",
        encoding="utf-8",
    )
    listed = Path(__file__).resolve().parents[1] / "examples" / "names" / "stark-40-de.yaml"
    env = {"NO_COLOR": "1", "ARMYBUILDER_DATA": None, "ARMYBUILDER_NAMES": None}
    result = CliRunner(env=env).invoke(app, ["validate", str(listed), "--collection", str(shelf)])
    assert result.exit_code == 0, result.output  # warnings only: fielded more often than owned
    assert "collection" in result.stdout and "unknown-card" not in result.stdout
    assert "Stark Sworn Swords" in result.stdout  # messages name the card in English


def test_data_check_reads_a_folder_s_name_tables(tmp_path: Path) -> None:
    import shutil

    from typer.testing import CliRunner

    from armybuilder.cli import app

    folder = tmp_path / "data"
    shutil.copytree(bundled_data_dir(), folder, ignore=shutil.ignore_patterns("agot*", "war-*", "horde-*"))
    german = folder / "names" / "de.yaml"
    german.write_text(german.read_text(encoding="utf-8").replace('"10101":', '"10199":', 1), encoding="utf-8")
    runner = CliRunner(env={"NO_COLOR": "1", "ARMYBUILDER_DATA": None})
    result = runner.invoke(app, ["data", "check", str(folder)])
    assert result.exit_code == 1
    assert "names/de.yaml:13:3" in result.stdout and "10199 is no card id" in result.stdout
    loaded = runner.invoke(app, ["validate", "--data", str(folder), str(Path(__file__).parents[1] / "examples" / "stark-40.yaml")])
    assert loaded.exit_code == 2 and "names/de.yaml:13: 10199 is no card id" in loaded.stderr


def test_messages_quote_the_player_s_words(catalogue: Catalogue) -> None:
    report = check(catalogue, 'faction: stark\npoints: 40\nunits: ["Catelyn Stark, Lady von Winterfell"]\n')
    assert ("wrong-slot", 3) in errors(report)
    message = next(p.message for p in report.problems if p.rule == "wrong-slot")
    assert message.startswith("'Catelyn Stark, Lady von Winterfell' (Catelyn Stark, Lady of Winterfell) is an NCU")
