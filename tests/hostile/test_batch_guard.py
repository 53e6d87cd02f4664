"""A batch survives anything one submission can do: crash its checker, hang it, exhaust its memory, or
be any of the hostile files; a thousand lists with ten hostile ones mixed in report all of them."""

from __future__ import annotations

import csv
import ctypes
import faulthandler
import importlib.util
import os
import time
from pathlib import Path

import pytest
from hostile_checks import ENV, assert_sane
from hostile_corpus import list_cases, text_cases, write_corpus
from typer.testing import CliRunner

from armybuilder import batch
from armybuilder.batch import check
from armybuilder.cli import app
from armybuilder.engine import Workspace

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "examples" / "stark-40.yaml").read_text()


def _lists(folder: Path, count: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for n in range(count):
        path = folder / f"p{n:02d}.yaml"
        path.write_text(EXAMPLE + f"player: p{n:02d}\n")
        paths.append(path)
    return paths


@pytest.fixture
def evil(monkeypatch: pytest.MonkeyPatch) -> None:
    """Checking p05 crashes the process (SIGSEGV), p11 hangs, p17 allocates 3 GB, p23 is killed."""
    real = check.check_report

    def check_report(sub: batch.Submission, ws: Workspace, config: batch.Config) -> object:
        name = os.path.basename(sub.path)
        if name == "p05.yaml":
            faulthandler.disable()  # pytest's fault handler would print a crash dump from this worker
            ctypes.string_at(0)  # a read at address 0: what a bug in C code does
        if name == "p11.yaml":
            time.sleep(600)
        if name == "p17.yaml":
            bytearray(3 << 30)
        if name == "p23.yaml":
            os.kill(os.getpid(), 9)
        return real(sub, ws, config)

    monkeypatch.setattr(check, "check_report", check_report)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the bounds need fork")
@pytest.mark.parametrize("jobs", [1, 2])
def test_crash_hang_and_memory_are_rows(evil: None, tmp_path: Path, jobs: int) -> None:
    subs = batch.collect([str(f) for f in _lists(tmp_path / "s", 30)])
    start = time.monotonic()
    # 20 s per list: far more than a list takes on a loaded machine, far less than p11's 600 s hang
    with batch.run(subs, Workspace(), batch.Config(seconds=20, memory=512 << 20), jobs=jobs) as results:
        rows = list(results)
        assert (len(rows), results.invalid) == (30, 4)
    assert time.monotonic() - start < 300  # the hang was stopped, not waited out
    bad = {os.path.basename(r.path): r.errors[0] for r in rows if not r.valid}
    assert set(bad) == {"p05.yaml", "p11.yaml", "p17.yaml", "p23.yaml"}
    assert bad["p05.yaml"].rule == "internal" and "SIGSEGV" in bad["p05.yaml"].message
    assert bad["p11.yaml"].rule == "limit" and "longer than 20 s" in bad["p11.yaml"].message
    assert bad["p17.yaml"].rule == "limit" and "memory" in bad["p17.yaml"].message
    assert bad["p23.yaml"].rule == "internal" and "SIGKILL" in bad["p23.yaml"].message
    assert [r.path for r in rows] == [s.path for s in subs]


@pytest.mark.slow
def test_a_thousand_lists_with_ten_hostile_ones(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("batch_speed", ROOT / "benchmarks" / "batch_speed.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    folder = tmp_path / "subs"
    bench.generate(folder, 1000, seed=11)
    by_name = {c.name: c for c in list_cases() + text_cases()}
    chosen = [by_name[n] for n in ("deep-flow-list", "deep-flow-map", "alias-bomb", "binary", "utf16-no-bom",
                                   "over-a-megabyte", "many-values", "sexagesimal", "code-huge-length")]  # fmt: skip
    hostile = write_corpus(folder / "hostile", chosen)
    special = []
    if hasattr(os, "mkfifo"):  # a named pipe nobody writes to: ten hostile files in all
        os.mkfifo(folder / "hostile" / "pipe.yaml")
        special.append("pipe.yaml")
    else:
        hostile += write_corpus(folder / "hostile", [by_name["utf16-broken"]])
    report = tmp_path / "report.csv"
    result = CliRunner(env=ENV).invoke(app, ["batch", str(folder), "--quiet", "--report", str(report)])
    assert_sane(result, "batch", codes=(1,))
    rows = list(csv.DictReader(report.open(encoding="utf-8")))
    assert len(rows) == 1010 == len(hostile) + len(special) + 1000
    verdicts = {r["path"]: r["verdict"] for r in rows}
    assert all(verdicts[str(p)] == "invalid" for p in hostile)
    assert all(verdicts[str(folder / "hostile" / name)] == "invalid" for name in special)
    assert "1010 lists" in result.stdout
