"""A list's `team:` and the `reinforcements:` it declares beside it reach the user: every sheet (text,
Markdown, HTML, JSON), `show`, the batch reports and the list pack print them, and our own text and Markdown
sheets, pasted back through `import`, give them back (before, each dropped them without a word)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from test_interchange import reimport, run, shape, spec_of

from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate_path
from armybuilder.games.asoiaf.interchange import import_list

EVENT = Path(__file__).parents[1] / "examples" / "events" / "reinforcements.yaml"
FULL = """\
name: Full
player: Ann
team: Team Direwolf
faction: stark
points: 40
notes: "Screen left."
commander: Robb Stark, The Wolf Lord
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
  - unit: House Umber Berserkers
    attachment: Umber Champion
  - Stark Outriders
  - Stark Bowmen
  - Stark Sworn Swords
  - House Tully Sworn Shields
ncus: [Arya Stark]
enemy_attachments: [Jaqen H'ghar]
reinforcements: [Sworn Sword Captain, Mormont Veteran]
"""
DECLARED = ("Sworn Sword Captain (1)", "Mormont Veteran (1)")


@pytest.fixture
def full(tmp_path: Path) -> Path:
    path = tmp_path / "full.yaml"
    path.write_text(FULL, encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", ["text", "md", "html"])
def test_every_sheet_prints_the_team_beside_the_player_and_the_reinforcements_with_their_costs(
    fmt: str, full: Path
) -> None:
    sheet = run("export", str(full), "--format", fmt)
    assert sheet.exit_code == 0, sheet.output
    assert "Player: Ann · Team: Team Direwolf" in sheet.stdout
    assert "Reinforcements" in sheet.stdout
    assert all(card in sheet.stdout for card in DECLARED)


def test_the_text_sheet_lists_the_reinforcements_after_the_enemy_attachments_before_the_tactics_deck(
    full: Path,
) -> None:
    lines = run("export", str(full), "--format", "text").stdout.splitlines()
    at = lines.index("Reinforcements: Sworn Sword Captain (1), Mormont Veteran (1)")
    assert lines[at - 1].startswith("Enemy attachments: Jaqen H'ghar")
    assert lines[at + 2].startswith("Tactics deck")


def test_a_list_without_reinforcements_or_team_prints_neither(tmp_path: Path) -> None:
    plain = tmp_path / "plain.yaml"
    plain.write_text(FULL.replace("team: Team Direwolf\n", "").split("reinforcements:")[0], encoding="utf-8")
    for fmt in ("text", "md", "html"):
        sheet = run("export", str(plain), "--format", fmt).stdout
        assert "Team" not in sheet and "Reinforcements" not in sheet and "Player: Ann" in sheet


def test_the_json_sheet_holds_the_team_and_the_reinforcements_as_its_other_card_lists(full: Path) -> None:
    data = json.loads(run("export", str(full), "--format", "json").stdout)
    assert data["team"] == "Team Direwolf"
    declared = data["reinforcements"]
    assert [(c["id"], c["name"], c["cost"]) for c in declared] == [
        ("20204", "Sworn Sword Captain", 1),
        ("20222", "Mormont Veteran", 1),
    ]
    assert set(declared[0]) == set(data["ncus"][0])  # written as the other card lists are
    assert data["totals"]["total"] == 40  # beside the list: its total leaves them out


def test_show_prints_the_team_and_the_reinforcements(full: Path) -> None:
    shown = run("show", str(full))
    assert shown.exit_code == 0, shown.output
    assert "Player: Ann  ·  Team: Team Direwolf" in shown.stdout
    assert "Reinforcements" in shown.stdout
    assert "Sworn Sword Captain" in shown.stdout and "Mormont Veteran" in shown.stdout


@pytest.mark.parametrize(
    ("lang", "label", "team"),
    [
        ("de", "Verstärkungen:", "Team: Team Direwolf"),
        ("fr", "Renforts:", "Équipe : Team Direwolf"),
        ("zh-Hant", "增援:", "隊伍：Team Direwolf"),
    ],
)
def test_the_sheet_in_another_language_labels_them_in_its_words(lang: str, label: str, team: str, full: Path) -> None:
    sheet = run("export", str(full), "--format", "text", "--lang", lang).stdout
    assert team in sheet.splitlines()[1]
    assert any(line.startswith(label) for line in sheet.splitlines())


@pytest.mark.parametrize("lang", ["en", "de", "fr", "zh-Hant"])
@pytest.mark.parametrize("fmt", ["text", "md"])
def test_our_sheet_imports_back_with_its_team_and_reinforcements(
    fmt: str, lang: str, full: Path, catalogue: Catalogue
) -> None:
    """The sheet's `Reinforcements:` line was read as spare cards set aside, and its `Team:` part made the
    header line no header: the name, the player and the notes were lost too."""
    sheet = run("export", str(full), "--format", fmt, "--lang", lang)
    assert sheet.exit_code == 0, sheet.output
    spec, report = reimport("text", sheet.stdout, catalogue)
    assert shape(spec) == shape(spec_of(validate_path(str(full), catalogue)))
    assert spec.team == "Team Direwolf" and spec.player == "Ann" and spec.list_notes == "Screen left."
    assert [r.card.title for r in report.army.reinforcements if r.card] == ["Sworn Sword Captain", "Mormont Veteran"]
    assert not spec.not_read, spec.not_read


def test_a_reinforcements_heading_in_another_pasted_list_is_still_set_aside(catalogue: Catalogue) -> None:
    pasted = (
        "Faction: Stark\nPoints: 40\nCommander: Robb Stark, The Wolf Lord\n"
        "Stark Sworn Swords + Robb Stark, The Wolf Lord\nStark Bowmen\nReinforcements: Mormont Veteran\n"
    )
    spec = import_list("text", pasted, catalogue)
    assert spec.reinforcements == []
    assert "Mormont Veteran" not in [c.name for c in spec.cards()]
    assert any("not part of the army" in note and "Mormont Veteran" in note for note in spec.notes)


def test_a_pasted_team_line_is_read_as_the_lists_team(catalogue: Catalogue) -> None:
    pasted = "Faction: Stark\nPoints: 40\nPlayer: Ann\nTeam: Direwolves\nStark Sworn Swords + Robb Stark, The Wolf Lord (C)\n"
    spec = import_list("text", pasted, catalogue)
    assert (spec.player, spec.team) == ("Ann", "Direwolves")


@pytest.fixture
def batch(tmp_path: Path) -> Path:
    folder = tmp_path / "lists"
    folder.mkdir()
    (folder / "ann.yaml").write_text(FULL, encoding="utf-8")
    return folder


def test_the_batch_reports_and_the_pack_show_the_declared_reinforcements(batch: Path, tmp_path: Path) -> None:
    out = {suffix: tmp_path / f"report.{suffix}" for suffix in ("json", "csv", "html")}
    for path in out.values():
        done = run("batch", str(batch), "--event", str(EVENT), "--report", str(path))
        assert done.exit_code == 0, done.output  # 2 points of reinforcements: the event takes up to 3
    pack = tmp_path / "pack.html"
    assert run("batch", str(batch), "--event", str(EVENT), "--pack", str(pack)).exit_code == 0

    content = json.loads(out["json"].read_text(encoding="utf-8"))["lists"][0]["list"]
    assert [(c["name"], c["cost"]) for c in content["reinforcements"]] == [("Sworn Sword Captain", 1), ("Mormont Veteran", 1)]
    assert content["notes"] == "Screen left."
    (row,) = csv.DictReader(out["csv"].read_text(encoding="utf-8").splitlines())
    assert "Sworn Sword Captain (reinforcement)" in row["list"] and row["team"] == "Team Direwolf"
    for page in (out["html"], pack):
        text = page.read_text(encoding="utf-8")
        assert "Team: Team Direwolf" in text
        assert all(card in text for card in DECLARED)
