"""Outputs under attack (the second hostile campaign): a full disk, an output that is a device or a pipe,
runs racing for one file, outputs that are the same file or an input, and a command killed while it works.

These run the real program in a process of its own: the streams, signals and forked workers are the
subject here, and a test runner's stand-ins for them would hide exactly what goes wrong.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "stark-40.yaml"
POSIX = pytest.mark.skipif(os.name != "posix", reason="devices, pipes and signals of POSIX")


def armybuilder(*args: str, stdout: object = subprocess.PIPE, **kwargs: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("ARMYBUILDER_DATA", None)
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "armybuilder", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        timeout=240,
        **kwargs,
    )


def _one_line_error(result: subprocess.CompletedProcess[str], fragment: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("armybuilder: error: "), result.stderr
    assert fragment in result.stderr, result.stderr


def _leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


@POSIX
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize(
    "args",
    [
        ["validate", str(EXAMPLE)],
        ["validate", "--format", "json", str(EXAMPLE)],
        ["show", str(EXAMPLE)],
        ["export", str(EXAMPLE), "--format", "html"],
        ["batch", str(ROOT / "examples")],
        ["import", "--from", "tts", "{code}"],
        ["schema"],
        ["cards"],
    ],
    ids=lambda a: "-".join(a[:3:2]),
)
def test_a_full_disk_is_a_one_line_error(args: list[str], tmp_path: Path) -> None:
    code = tmp_path / "code.txt"
    code.write_text("House Stark;10201,20201,10203,20203,10202,10205,10201,20204,10206,30201\n")
    with open("/dev/full", "w") as full:
        result = armybuilder(*[a.format(code=code) for a in args], stdout=full)
    _one_line_error(result, "cannot write: no space left on device")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["validate", "missing.yaml"], ["export", "missing.yaml"], ["import", "{example}"]])
def test_an_error_when_standard_error_is_full_keeps_its_exit_code(args: list[str]) -> None:
    """No line can be written, but the exit code still says usage error (2), never 1 (an invalid list) or
    Python's 120 for a stream it could not flush."""
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "armybuilder", *[a.format(example=EXAMPLE) for a in args]],
            stdout=subprocess.PIPE,
            stderr=full,
            text=True,
            env={**os.environ, "NO_COLOR": "1"},
            timeout=240,
        )
    assert result.returncode == 2


@POSIX
def test_a_named_pipe_output_is_written_through_not_replaced(tmp_path: Path) -> None:
    pipe = tmp_path / "out.html"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()), daemon=True)
    reader.start()
    result = armybuilder("export", str(EXAMPLE), "--format", "html", "-o", str(pipe), "--force")
    reader.join(60)
    assert result.returncode == 0, result.stderr
    assert pipe.is_fifo() and got and got[0].rstrip().endswith(b"</html>")
    assert _leftovers(tmp_path) == []


@POSIX
@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null here")
@pytest.mark.parametrize(
    "args",
    [
        ["export", str(EXAMPLE), "-o", "/dev/null", "--force"],
        ["batch", str(EXAMPLE), "--report", "/dev/null", "--report-format", "csv", "--force"],
        ["import", "--from", "tts", "{code}", "-o", "/dev/null", "--force"],
    ],
    ids=lambda a: a[0],
)
def test_a_device_is_never_renamed_over(args: list[str], tmp_path: Path) -> None:
    code = tmp_path / "code.txt"
    code.write_text("House Stark;10201,20201,10203,20203,10202,10205,10201,20204,10206,30201\n")
    before = os.stat("/dev/null")
    result = armybuilder(*[a.format(code=code) for a in args])
    after = os.stat("/dev/null")
    assert result.returncode in (0, 1), result.stderr
    assert (after.st_ino, after.st_mode, after.st_rdev) == (before.st_ino, before.st_mode, before.st_rdev)


@POSIX
def test_runs_racing_for_one_file_without_force(tmp_path: Path) -> None:
    """Six exports to one new file at once: exactly one succeeds, the others say the file exists."""
    target = tmp_path / "same.html"
    env = {**os.environ, "NO_COLOR": "1"}
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "armybuilder", "export", str(EXAMPLE), "--format", "html", "-o", str(target)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(6)
    ]
    results = [(run.wait(240), run.stderr.read() if run.stderr else "") for run in runs]
    assert sorted(code for code, _ in results) == [0, 2, 2, 2, 2, 2], results
    assert all("exists" in err for code, err in results if code == 2), results
    assert target.read_text(encoding="utf-8").rstrip().endswith("</html>")
    assert _leftovers(tmp_path) == []


def test_outputs_that_are_one_file_are_refused_before_any_work(tmp_path: Path) -> None:
    report = tmp_path / "r.csv"
    report.write_text("old\n")
    result = armybuilder("batch", str(EXAMPLE), "--report", str(report), "--pack", str(report), "--force")
    _one_line_error(result, "same file")
    assert report.read_text() == "old\n"
    os.link(report, tmp_path / "r2.html")
    result = armybuilder("batch", str(EXAMPLE), "--report", str(report), "--pack", str(tmp_path / "r2.html"), "--force")
    _one_line_error(result, "same file")
    assert report.read_text() == "old\n"


def test_a_dangling_link_to_the_other_output_is_the_same_file(tmp_path: Path) -> None:
    report = tmp_path / "r.csv"  # not there yet: the link to it dangles
    (tmp_path / "pack.html").symlink_to(report)
    result = armybuilder("batch", str(EXAMPLE), "--report", str(report), "--pack", str(tmp_path / "pack.html"))
    _one_line_error(result, "same file")
    assert not report.exists() and (tmp_path / "pack.html").is_symlink()


# A batch whose checking takes its time: every list sleeps in the checker (in the forked workers too).
_SLOW_BATCH = """
import sys, time
from pathlib import Path
from armybuilder.batch import check
real = check.check_report
marker = Path(sys.argv[1], "started")
def slow(sub, ws, config):
    marker.touch()
    time.sleep(3)
    return real(sub, ws, config)
check.check_report = slow
sys.argv = ["armybuilder", *sys.argv[2:]]
from armybuilder.cli import main
main()
"""


def _workers_left(marker: str) -> list[int]:
    """Processes still running whose command line holds `marker` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if marker.encode() in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


@POSIX
@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs /proc to find the workers")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_interrupted_batch_keeps_the_old_report(tmp_path: Path, sig: signal.Signals, jobs: str) -> None:
    subs = tmp_path / "subs"
    subs.mkdir()
    for n in range(6):
        shutil.copy(EXAMPLE, subs / f"p{n}.yaml")
    report = tmp_path / "r.html"
    report.write_text("the old report\n")
    env = {**os.environ, "NO_COLOR": "1"}
    args = ["batch", str(subs), "--report", str(report), "--force", "-j", jobs, "-q"]
    run = subprocess.Popen(
        [sys.executable, "-c", _SLOW_BATCH, str(tmp_path), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    deadline = time.monotonic() + 120
    while not (tmp_path / "started").exists() and run.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    run.send_signal(sig)
    _, err = run.communicate(timeout=120)
    assert run.returncode == 128 + sig, err
    assert err == "armybuilder: interrupted\n"
    assert report.read_text() == "the old report\n"
    assert _leftovers(tmp_path) == []
    time.sleep(0.5)
    assert _workers_left(str(subs)) == [], "a worker outlived the batch"
