"""ARCHITECTURE.md's recipe for a reporter, followed: a module with `write(rows, meta)` and one entry in
`REPORTERS` is all `validate`, `batch` and `data check` need to offer it."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from armybuilder.render import reports

CASES = Path(__file__).parent / "cases"
runner = CliRunner()


@pytest.fixture
def tsv(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = reports.Reporter("tsv", "path, verdict and problems, tab-separated", (".tsv",), "tiny_reporter")
    monkeypatch.setitem(reports.REPORTERS, "tsv", entry)


def run(*args: object) -> tuple[int, str]:
    from armybuilder.cli import app

    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.output


def test_validate_writes_the_new_format(tsv: None) -> None:
    good, bad = CASES / "valid" / "baratheon-40.yaml", CASES / "invalid" / "attachments.yaml"
    code, out = run("validate", "--format", "tsv", good, bad)
    assert code == 1
    lines = [line.split("\t") for line in out.splitlines()]
    assert [(Path(p).name, verdict) for p, verdict, _ in lines] == [
        ("baratheon-40.yaml", "valid"),
        ("attachments.yaml", "invalid"),
    ]
    assert int(lines[1][2]) > 0


def test_batch_picks_it_by_the_file_name(tsv: None, tmp_path: Path) -> None:
    report = tmp_path / "report.tsv"
    code, out = run("batch", CASES / "valid" / "baratheon-40.yaml", "--report", report, "--quiet")
    assert code == 0, out
    assert report.read_text(encoding="utf-8").endswith("baratheon-40.yaml\tvalid\t1\n")  # a warning: no player named
    assert reports.format_for("x.TSV") == "tsv"


def test_data_check_offers_it(tsv: None) -> None:
    code, out = run("data", "check", "--format", "tsv")
    assert code == 0, out


def test_the_registry_is_what_help_and_errors_offer() -> None:
    """The commands' choices come from the registry alone: an unknown format names every registered one."""
    code, out = run("validate", "--format", "nope", CASES / "valid" / "baratheon-40.yaml")
    assert code == 2
    assert f"choose one of {', '.join(reports.REPORTERS)}" in out
    assert reports.help_text() == "text, parsable, json, github, junit, csv or html"
    assert reports.suffix_text() == ".json, .xml (junit), .csv or .html"
