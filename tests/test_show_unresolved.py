"""`show` of a list with cards that could not be resolved: shown as such, never a full total."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from armybuilder.cli import app

ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "160", "ARMYBUILDER_DATA": None}

# 40 points of cards that resolve, and three that do not: the resolved cards alone add up to 40/40
FORTY_AND_THREE = """\
faction: stark
points: 40
commander: Robb Stark, The Wolf Lord
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord", Sentinal Enforcer]
  - unit: House Umber Berserkers
    attachment: Umber Champion
  - Stark Outriders
  - Stark Bowmen
  - unit: Stark Sworn Swords
    attachment: Sworn Sword Captain
  - House Tully Sworn Shields
  - House Tully Sworn Shieldz
ncus: [Catelyn Stark, Nobody]
"""


def show(tmp_path: Path, text: str) -> tuple[int, str]:
    path = tmp_path / "list.yaml"
    path.write_text(text)
    result = CliRunner(env=ENV).invoke(app, ["show", str(path)])
    return result.exit_code, result.output


def test_unresolved_cards_are_not_counted_as_a_full_list(tmp_path: Path) -> None:
    code, out = show(tmp_path, FORTY_AND_THREE)
    assert code == 1
    assert "40/40" not in out
    assert "Points: at least 40 of 40 — 3 cards could not be counted (unresolved)" in out


def test_each_unresolved_entry_is_shown_where_it_stands(tmp_path: Path) -> None:
    _, out = show(tmp_path, FORTY_AND_THREE)
    lines = out.splitlines()
    attachment = next(line for line in lines if "Sentinal Enforcer" in line)
    assert "+ ? Sentinal Enforcer  (not counted: unknown-card, line 6)" in attachment
    unit = next(line for line in lines if "House Tully Sworn Shieldz" in line)
    assert "? House Tully Sworn Shieldz  (not counted: unknown-card, line 14)" in unit and unit.rstrip(" │").endswith("?")
    ncu = next(line for line in lines if "Nobody" in line)
    assert "? Nobody  (not counted: unknown-card, line 15)" in ncu
    assert lines.index(attachment) < lines.index(next(li for li in lines if "House Umber Berserkers" in li))


def test_a_card_in_the_wrong_slot_is_shown_too(tmp_path: Path) -> None:
    text = "faction: stark\npoints: 40\ncommander: Robb Stark, The Wolf Lord\nunits:\n" \
           "  - unit: Stark Sworn Swords\n    attachment: Robb Stark, The Wolf Lord\n  - Catelyn Stark\n"
    _, out = show(tmp_path, text)
    assert "? Catelyn Stark  (not counted: wrong-slot, line 7)" in out
    assert "1 card could not be counted" in out


def test_a_fully_resolved_list_shows_its_total(tmp_path: Path) -> None:
    fixed = FORTY_AND_THREE.replace(", Sentinal Enforcer", "").replace("  - House Tully Sworn Shieldz\n", "")
    code, out = show(tmp_path, fixed.replace("[Catelyn Stark, Nobody]", "[]"))
    assert "Points 36/40 (4 left)" in out and "could not be counted" not in out and "?" not in out
    assert code == 0
