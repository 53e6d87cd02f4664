"""A batch none of whose files could be checked still prints its plain table (output to a file or a pipe)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import armybuilder.batch.check as batch_check
from armybuilder.cli import app

ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": None, "COLUMNS": None, "ARMYBUILDER_DATA": None}


def _broken(*_: object) -> None:
    raise RuntimeError("a bug in the check")


@pytest.mark.parametrize("count", [1, 3])
def test_every_file_unchecked_is_a_row_saying_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count: int) -> None:
    for i in range(count):
        (tmp_path / f"list{i}.yaml").write_text("faction: stark\npoints: 40\nunits: []\n", encoding="utf-8")
    monkeypatch.setattr(batch_check, "check_report", _broken)  # (the forked workers inherit it)
    result = CliRunner(env=ENV).invoke(app, ["batch", "-j1", str(tmp_path)])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert lines[0].split()[:2] == ["player", "file"]
    rows = [line for line in lines if line.startswith("list") and ".yaml" in line and "invalid" in line]
    assert len(rows) == count and all("internal: could not check this file (RuntimeError" in row for row in rows)
    assert lines[-1] == f"{count} {'file' if count == 1 else 'files'}: 0 valid, {count} invalid"  # no game known
