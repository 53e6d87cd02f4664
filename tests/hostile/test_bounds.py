"""Inputs that made a command run for minutes or exhaust its memory (the second hostile campaign): a list of
10,000 units through `options`, a game size of a billion or of 99 digits through every export, a batch over
a folder tree 300 levels deep, `collection armies` on 99 copies of every card. Each ends, with an answer or one
of our one-line errors."""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

import pytest
from hostile_checks import ENV, assert_sane
from hostile_corpus import collection_cases
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.games.asoiaf.armylist import load_list_text
from armybuilder.games.asoiaf.catalogue import Catalogue

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "stark-40.yaml"
HEAD = 'faction: stark\npoints: 40\ncommander: "Robb Stark, The Wolf Lord"\nunits:\n'
COMMANDER = '  - {unit: Stark Sworn Swords, attachments: ["Robb Stark, The Wolf Lord"]}\n'


def run(args: list[str]) -> object:
    return CliRunner(env=ENV).invoke(app, args)


def test_options_on_ten_thousand_units_stops_at_its_timeout(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text(HEAD + COMMANDER + "  - Stark Bowmen\n" * 9_999)
    start = time.monotonic()
    result = run(["options", str(path), "--timeout", "2"])
    took = time.monotonic() - start
    assert_sane(result, "options 10,000 units", codes=(0, 1))
    assert took < 120, f"options took {took:.0f} s"  # generous: reading and checking the list is most of it
    if result.exit_code == 1:  # cut short: said so, with what to do
        assert "stopped after 2 s" in result.stderr and "--timeout" in result.stderr


def test_options_says_when_it_tried_everything(tmp_path: Path) -> None:
    result = run(["options", str(EXAMPLE), "--format", "json"])
    assert result.exit_code == 0 and '"complete": true' in result.stdout


def test_identical_units_get_the_same_attachments(tmp_path: Path) -> None:
    """Trying each group of identical units once gives what trying every unit gives."""
    import json

    path = tmp_path / "three.yaml"
    path.write_text(HEAD.replace("40", "50") + COMMANDER + "  - Stark Bowmen\n" * 3)
    data = json.loads(run(["options", str(path), "--format", "json"]).stdout)
    per_unit = {}
    for option in data["options"]:
        if option["slot"] == "attachments":
            per_unit.setdefault(option["unit"], set()).add(option["title"])
    assert per_unit.get(2) and per_unit[2] == per_unit[3] == per_unit[4]


@pytest.mark.parametrize("points", ["1000000000", "9" * 99])
@pytest.mark.parametrize("fmt", ["html", "md", "text", "json"])
def test_an_absurd_game_size_through_every_export(points: str, fmt: str, tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(EXAMPLE.read_text().replace("points: 40", f"points: {points}"))
    result = run(["export", str(path), "--format", fmt])
    assert_sane(result, f"export {fmt} points {points[:12]}")
    assert len(result.stdout) < 200_000


def test_options_json_is_the_same_when_units_are_grouped(tmp_path: Path) -> None:
    """The grouping of identical units changes no answer: a unit differing by an attachment is tried anew."""
    import json

    path = tmp_path / "mixed.yaml"
    path.write_text(
        HEAD.replace("40", "50") + COMMANDER + "  - Stark Bowmen\n  - {unit: Stark Sworn Swords, attachment: Sworn Sword Captain}\n  - Stark Sworn Swords\n"
    )
    data = json.loads(run(["options", str(path), "--format", "json"]).stdout)
    at = {o["unit"] for o in data["options"] if o["slot"] == "attachments"}
    assert 4 in at and not any(o["unit"] == 3 and o["title"] == "Sworn Sword Captain" for o in data["options"])


def test_a_folder_tree_300_deep(tmp_path: Path) -> None:
    folder = tmp_path / "subs"
    deep = folder
    for _ in range(300):
        deep = deep / "d"
    deep.mkdir(parents=True)
    (deep / "alice.yaml").write_text(EXAMPLE.read_text())
    result = run(["batch", str(folder), "--report", str(tmp_path / "r.csv")])
    assert_sane(result, "batch 300 deep", codes=(0, 1))
    assert "alice.yaml" in (tmp_path / "r.csv").read_text(encoding="utf-8")


def test_import_of_a_mistyped_file_name_says_no_such_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for typo in ("mylist.txt", "lists/stark.yaml"):
        result = run(["import", typo])
        assert_sane(result, f"import {typo}", codes=(2,))
        assert result.stderr == f"armybuilder: error: {typo}: no such file (and it is not a list code either)\n"


def test_collection_armies_never_writes_over_its_collection(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    collection = out / "stark-40-robb-stark-the-wolf-lord.yaml"
    collection.write_text((ROOT / "examples" / "collection-stark.yaml").read_text())
    before = collection.read_bytes()
    result = run(["collection", "armies", str(collection), "--points", "40", "--out", str(out), "--force"])
    assert_sane(result, "collection armies over its input", codes=(2,))
    assert "holds the collection file" in result.stderr
    assert collection.read_bytes() == before


def test_collection_armies_on_99_of_every_card_ends_with_every_commander_accounted_for(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    """Every commander of the catalogue is owned: each gets a list or why not, each list is proven or says
    why not (the time limit), and the run keeps to about its total time (generously: a slow machine)."""
    (case,) = collection_cases(catalogue.cards)
    path = tmp_path / case.filename
    path.write_bytes(case.content)
    start = time.monotonic()
    result = run(["collection", "armies", str(path), "--points", "40", "--format", "json", "--total-timeout", "10"])
    took = time.monotonic() - start
    assert_sane(result, "collection armies, 99 of every card", codes=(0,))
    assert took < 300, f"collection armies took {took:.0f} s"
    data = json.loads(result.stdout)
    commanders = sorted(c.id for c in catalogue.cards.values() if c.commander)
    assert sorted(a["commander"]["id"] for a in data["armies"]) == commanders
    for army in data["armies"]:
        if army["playable"]:
            assert army["proven"] or army["why_not_proven"], army["commander"]["title"]
            fielded = load_list_text(json.dumps(army["list"]), catalogue, "<json>").cards()
            assert max(Counter(c.id for c in fielded).values()) <= 3, army["commander"]["title"]  # --max-copies
        else:
            assert army["why"], army["commander"]["title"]

