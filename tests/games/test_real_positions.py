"""Positions of real games of War of the Ring and A Game of Thrones: The Board Game (rulebook set-ups,
session reports, an annotated example of play, online games' bug reports), one file each in
`games/*/real/`, retyped as facts with the source and date in its header. Each checks exactly as a player of
that game would rule it: the legal ones pass, and the two real rule breaks (Gollum guiding while companions
are left; ships in a port whose castle another house holds) and a table's own choice of houses are the
errors the rules give, on their lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armybuilder.cli import app

HERE = Path(__file__).parent
REAL = sorted(HERE.glob("*/real/*.yaml"))
runner = CliRunner(env={"NO_COLOR": "1", "ARMYBUILDER_DATA": None})

# file -> (line, rule, severity) of each problem, as a player of the game would rule the position
EXPECTED: dict[str, list[tuple[int, str, str]]] = {
    "agot/real/ed2-4p-setup-gmsmagazine.yaml": [],
    "agot/real/ed2-6p-setup.yaml": [],
    "agot/real/ru-diary-4p-final.yaml": [(12, "house-not-playing", "error"), (13, "house-not-playing", "error")],
    "agot/real/snr1015-baratheon-port-dragonstone.yaml": [],
    "agot/real/snr1626-martell-port-dragonstone-r5.yaml": [(13, "port-owner", "error")],
    "wotr/real/bgg1175749-turn4.yaml": [(22, "action-dice", "warning")],
    "wotr/real/bgg498092-turn6.yaml": [(16, "fellowship-guide", "error")],
    "wotr/real/bgg776009-tournament-final.yaml": [],
    "wotr/real/uthoroc-goodgulf-turn1.yaml": [],
}


def test_every_real_position_has_its_ruling_and_its_source() -> None:
    assert sorted(EXPECTED) == [p.relative_to(HERE).as_posix() for p in REAL]
    for path in REAL:
        header = " ".join(line[1:].strip() for line in path.read_text("utf-8").splitlines() if line.startswith("#"))
        assert re.search(r"https?://\S+", header) and "read 2026-11-27" in header.lower(), path.name


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.relative_to(HERE).as_posix())
def test_a_real_position_is_ruled_as_its_game_rules_it(path: Path) -> None:
    result = runner.invoke(app, ["validate", str(path), "--format", "parsable"])
    found = [
        (int(m["line"]), m["rule"], m["severity"])
        for m in re.finditer(r"^.+?:(?P<line>\d+):\d+: (?P<severity>\w+) (?P<rule>[\w-]+) ", result.stdout, re.M)
    ]
    expected = EXPECTED[path.relative_to(HERE).as_posix()]
    assert found == expected, result.stdout
    assert result.exit_code == (1 if any(s == "error" for _, _, s in expected) else 0)


def test_a_missing_die_giver_says_what_to_add() -> None:
    result = runner.invoke(app, ["validate", str(HERE / "wotr/real/bgg1175749-turn4.yaml"), "--format", "parsable"])
    assert "should have 4 action dice (4 to start with; no character under `characters` adds one), not 5" in result.stdout
