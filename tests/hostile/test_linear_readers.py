"""Every reader of free text runs in time linear in its input (the second hostile campaign): crafted lines
that made a backtracking pattern or a peeling loop take minutes, read through format detection, each
import format and a batch of `.txt` submissions, within a bound generous enough for a loaded machine.
(`test_fuzz.py` runs generated long lines of the same kind: the `long-lines` target.)"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fuzzing import LONG_SECONDS, linear_readers
from hostile_checks import ENV, assert_sane
from typer.testing import CliRunner

from armybuilder.cli import app

N = 60_000  # just under the 64,000 characters a text reader accepts
CRAFTED = {
    "tts-spaces": "House Stark;" + " " * N + "!",
    "tts-tabs": "\t" * N + ";",
    "stats-header-spaces": "Faction: House Stark\nCombat Units\n• a" + " " * N + "x",
    "stats-entry-spaces": "Faction: House Stark\nCombat Units\n•" + " a" * (N // 2) + " (",
    "stats-bullet-cost": "• " + "(" * N + "x",
    "pasted-costs": "• " + " 1" * (N // 2),
    "pasted-hyphens": "• " + "a-" * (N // 2),
    "pasted-heading-costs": "# " + "1 " * (N // 2),
    "pasted-section-in-german": "Kampfeinheiten" + " " * N + "x",
    "pasted-with-in-french": "• a" + " " * N + "avec",
    "pasted-no-break-indent": "\xa0" * N + "!",  # held-out campaign: the kept indent, tried from each place
}


@pytest.mark.parametrize("text", list(CRAFTED.values()), ids=list(CRAFTED))
def test_crafted_lines_are_read_in_linear_time(text: str) -> None:
    linear_readers(text)


def test_a_batch_of_crafted_txt_submissions(tmp_path: Path) -> None:
    folder = tmp_path / "subs"
    folder.mkdir()
    for name, text in CRAFTED.items():
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    start = time.perf_counter()
    result = CliRunner(env=ENV).invoke(app, ["batch", str(folder), "--report", str(tmp_path / "r.csv"), "-j", "1"])
    assert_sane(result, "batch of crafted .txt", codes=(1,))
    assert time.perf_counter() - start < LONG_SECONDS * len(CRAFTED)
    assert (tmp_path / "r.csv").read_text(encoding="utf-8").count("\n") == len(CRAFTED) + 1


def test_import_of_no_known_format_is_linear(tmp_path: Path) -> None:
    """`import` without --from, of a text no reader takes, looks for a YAML list's keys before giving up:
    a `\\s*` at each line start ran over every blank line after it (60,000 blank lines: half a minute)."""
    path = tmp_path / "blank.txt"
    path.write_text("\n" * N + "Stark\n", encoding="utf-8")
    start = time.perf_counter()
    result = CliRunner(env=ENV).invoke(app, ["import", str(path)])
    assert_sane(result, "import of blank lines", codes=(2,))
    assert "cannot tell which format this is" in result.stderr
    assert time.perf_counter() - start < LONG_SECONDS
