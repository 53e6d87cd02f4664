"""The spec's samples give exactly their expected problems; the two example decks are valid; decks are
checked against a catalogue given as a folder."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hve_support import SAMPLES, check_text, found

from armybuilder import yamlpos
from armybuilder.games.base import Document, Report
from armybuilder.games.hve.catalogue import Catalogue
from armybuilder.games.hve.system import SYSTEM

ROOT = Path(__file__).resolve().parents[3]
# ../shared beside the checkout (CI), or beside the folder of worktrees
SHARED = next(
    (p / "shared" / "rules" / "samples" for p in (ROOT.parent, ROOT.parent.parent) if (p / "shared").is_dir()),
    ROOT.parent / "shared" / "rules" / "samples",
)
EXAMPLES = [ROOT / "examples" / "hve-golden-horde.yaml", ROOT / "examples" / "hve-empire.yaml"]


def check_file(path: Path, catalogue: Catalogue) -> Report:
    return SYSTEM.check(Document(str(path), yamlpos.load(path.read_bytes())), catalogue)


def test_valid_sample(sample: Catalogue) -> None:
    report = check_file(SAMPLES / "hve-valid.yaml", sample)
    assert report.problems == []
    assert report.valid


def test_invalid_sample(sample: Catalogue) -> None:
    report = check_file(SAMPLES / "hve-invalid.yaml", sample)
    assert found(report) == sorted(
        [
            ("deck-unit-count", 4),
            ("unit-copies", 5),
            ("faction-card", 6),
            ("deck-command-count", 8),
            ("command-copies", 9),
            ("unknown-card", 13),
            ("opening-unit", 13),
        ]
    )
    assert report.errors == report.problems  # seven errors, no warning


@pytest.mark.skipif(not SHARED.exists(), reason="../shared is not beside the checkout")
@pytest.mark.parametrize("name", ["hve-catalogue.yaml", "hve-valid.yaml", "hve-invalid.yaml"])
def test_pinned_samples_match_the_spec(name: str) -> None:
    assert (SAMPLES / name).read_bytes() == (SHARED / name).read_bytes()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_decks_are_valid(path: Path, bundled: Catalogue) -> None:
    report = check_file(path, bundled)
    assert report.problems == []
    assert report.summary.tallies[0].value == 5 and report.summary.tallies[1].value == 10


def test_example_decks_one_per_faction(bundled: Catalogue) -> None:
    sides = {check_file(path, bundled).summary.side for path in EXAMPLES}
    assert sides == {"golden-horde", "empire"}


def test_deck_against_a_catalogue_folder(write_catalogue: Callable[..., Path]) -> None:
    """A designer's folder replaces the bundled catalogue: cards it lacks are unknown."""
    folder = write_catalogue(
        {
            "units.yaml": """\
            cards:
              - {name: Spearmen, zh: 长枪队, kind: unit, faction: empire, icon: infantry, strength: 2, hp: 3}
            """,
            "commands.yaml": """\
            cards:
              - {name: Shove, kind: command, faction: empire, cost: 0, icons: [infantry], strength: "-", type: attack,
                 keywords: [melee, push]}
            """,
        }
    )
    catalogue = SYSTEM.load_data(folder)
    deck = """\
    game: horde-vs-empire-cards
    name: Minimal
    faction: empire
    units: [{card: Spearmen, count: 3}, {card: spearmen, count: 2}]
    commands: [{card: Shove, count: 2}, {card: Volley, count: 8}]
    """
    assert found(check_text(deck, catalogue)) == [
        ("command-copies", 5),
        ("unit-copies", 4),
        ("unknown-card", 5),
    ]
    unknown = [p.card for p in check_text(deck, catalogue).problems if p.rule == "unknown-card"]
    assert unknown == ["Volley"]
    # the same deck against the bundled example catalogue, which has Volley and no Shove
    unknown = [p.card for p in check_text(deck, SYSTEM.load_data()).problems if p.rule == "unknown-card"]
    assert unknown == ["Shove"]


def test_valid_sample_against_the_samples_folder_copy(tmp_path: Path) -> None:
    folder = tmp_path / "only-the-catalogue"
    folder.mkdir()
    shutil.copy(SAMPLES / "hve-catalogue.yaml", folder)
    assert check_file(SAMPLES / "hve-valid.yaml", SYSTEM.load_data(folder)).problems == []
