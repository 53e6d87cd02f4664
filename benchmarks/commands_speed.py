"""Whole commands as users run them, each against its floor, as ratios of CPU time.

    .venv/bin/python benchmarks/commands_speed.py [--pairs 15] [--only startup|batch] [--sizes 1000 10000]

Every figure is a fresh process, output included, timed in CPU time (user + system of the process and of
every worker it forks), so that a machine busy with other work weighs on the command and its floor alike.
Each command runs in interleaved pairs with its floor; the ratio is the median of the pairs' ratios.

- start-up: `validate`, `show` and `export` of `examples/stark-40.yaml` (output to a file) against a
  trivial one-command typer app in the same environment (one path argument, printing it). Target <= 1.2.
- batch: `armybuilder batch DIR > table.txt` (the table written to a file) against a script that loads
  every file of DIR with PyYAML's C loader: ASOIAF lists at 1,000 and 10,000 (`batch_speed.generate`),
  and 1,000 files of each other bundled game (the generators of their own benchmarks). Target <= 2.0.
- memory: peak RSS of the 10,000-list batch (the command or any of its workers). Target < 100 MB.

Prints each ratio with PASS/FAIL; exits 1 when any target is missed. Python files are compiled first, as an
installed package's are (PYTHONDONTWRITEBYTECODE would otherwise make every run compile its imports).
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
EXAMPLE = ROOT / "examples" / "stark-40.yaml"
STARTUP_TARGET = 1.2
BATCH_TARGET = 2.0
MEMORY_TARGET_MB = 100

TRIVIAL_APP = """\
from pathlib import Path

import typer

app = typer.Typer()


@app.command()
def main(path: Path) -> None:
    print(path)


app()
"""

PARSE_FLOOR = """\
import contextlib
import sys
from pathlib import Path

import yaml

for path in sorted(Path(sys.argv[1]).rglob("*.yaml")):
    with open(path, "rb") as handle, contextlib.suppress(yaml.YAMLError):
        yaml.load(handle.read(), Loader=yaml.CSafeLoader)
"""


def cpu_seconds(command: list[str], output: Path) -> float:
    """CPU seconds of one run of `command` (its workers included), its standard output to `output`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(output, "wb") as out:
        done = subprocess.run(command, stdout=out, stderr=subprocess.PIPE, env=ENV, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def paired(command: list[str], floor: list[str], pairs: int, output: Path) -> tuple[float, float, float]:
    """Median CPU seconds of `command` and of `floor`, and the median of their ratios, over interleaved pairs
    (one warm-up each first: the OS file cache and the card cache)."""
    cpu_seconds(floor, output)
    cpu_seconds(command, output)
    mine, theirs, ratios = [], [], []
    for _ in range(pairs):
        f = cpu_seconds(floor, output)
        c = cpu_seconds(command, output)
        mine.append(c)
        theirs.append(f)
        ratios.append(c / f)
    return statistics.median(mine), statistics.median(theirs), statistics.median(ratios)


def peak_rss_mb(command: list[str], output: Path) -> float:
    """Peak resident memory of `command` or any process it forks, in MB (measured in a fresh process)."""
    probe = (
        "import resource, subprocess, sys\n"
        f"subprocess.run({command!r}, stdout=open({str(output)!r}, 'wb'), stderr=subprocess.DEVNULL)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=ENV, check=True)
    return int(done.stdout.strip()) / 1024


def load_benchmark(name: str) -> ModuleType:
    """Another benchmark's module (for its generator): its file name need not be a Python name."""
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def other_games(base: Path, count: int) -> dict[str, Path]:
    """`count` generated files of each other bundled game, in a folder per game."""
    folders: dict[str, Path] = {}
    hve = load_benchmark("horde-vs-empire-cards_speed")
    folders["horde-vs-empire-cards"] = base / "hve"
    folders["horde-vs-empire-cards"].mkdir()
    hve.generate_decks(folders["horde-vs-empire-cards"], count, hve.SYSTEM.load_data())
    agot = load_benchmark("agot-board-game_speed")
    folders["agot-board-game"] = base / "agot"
    folders["agot-board-game"].mkdir()
    rng = random.Random(16)
    for i in range(count):
        (folders["agot-board-game"] / f"position-{i:04}.yaml").write_text(
            agot.position(rng), encoding="utf-8"
        )
    wotr = load_benchmark("war-of-the-ring_speed")
    folders["war-of-the-ring"] = base / "wotr"
    folders["war-of-the-ring"].mkdir()
    rng = random.Random(20240615)
    data = wotr.SYSTEM.load_data()
    for i in range(count):
        (folders["war-of-the-ring"] / f"position-{i:04}.yaml").write_text(wotr.position(data, rng), "utf-8")
    return folders


ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "ARMYBUILDER_WIDTH")}
ENV.pop("ARMYBUILDER_DATA", None)
ENV.pop("ARMYBUILDER_NO_CACHE", None)
ENV["NO_COLOR"] = "1"


def armybuilder() -> list[str]:
    script = Path(sys.executable).with_name("armybuilder")
    return [str(script)] if script.exists() else [sys.executable, "-m", "armybuilder"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--pairs", type=int, default=15, help="interleaved pairs for start-up (batches: fewer)"
    )
    parser.add_argument("--only", choices=("startup", "batch"))
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--keep", type=Path, help="generate the corpora here and keep them")
    args = parser.parse_args()
    compileall.compile_dir(str(ROOT / "armybuilder"), quiet=1)
    results: list[tuple[str, float, float, bool]] = []

    def report(what: str, value: float, target: float, ok: bool, detail: str) -> None:
        results.append((what, value, target, ok))
        print(
            f"  {'PASS' if ok else 'FAIL'}  {what:<44} {value:6.2f}  (target {target:g}; {detail})",
            flush=True,
        )

    print(
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; CPU time, medians of interleaved pairs"
    )
    base = args.keep or Path(tempfile.mkdtemp(prefix="armybuilder-commands-"))
    base.mkdir(parents=True, exist_ok=True)
    output = base / "output.txt"
    try:
        trivial = base / "trivial_app.py"
        trivial.write_text(TRIVIAL_APP)
        floor_script = base / "parse_floor.py"
        floor_script.write_text(PARSE_FLOOR)
        if args.only in (None, "startup"):
            floor = [sys.executable, str(trivial), str(EXAMPLE)]
            for command in ("validate", "show", "export"):
                mine, theirs, ratio = paired(
                    [*armybuilder(), command, str(EXAMPLE)], floor, args.pairs, output
                )
                report(
                    f"cold `{command}` / trivial typer app",
                    ratio,
                    STARTUP_TARGET,
                    ratio <= STARTUP_TARGET,
                    f"{mine * 1000:.0f} ms against {theirs * 1000:.0f} ms",
                )
        if args.only in (None, "batch"):
            batch_speed = load_benchmark("batch_speed")
            corpora: list[tuple[str, Path, int]] = []
            for size in args.sizes:
                folder = base / f"asoiaf-{size}"
                if not folder.exists():
                    batch_speed.generate(folder, size)
                corpora.append((f"asoiaf {size}", folder, 5 if size <= 2000 else 3))
            games = base / "games"
            if not games.exists():
                games.mkdir()
                other_games(games, 1000)
            corpora += [(f"{key} 1000", games / short, 5) for key, short in _SHORT.items()]
            for name, folder, pairs in corpora:
                command = [*armybuilder(), "batch", str(folder)]
                mine, theirs, ratio = paired(
                    command, [sys.executable, str(floor_script), str(folder)], pairs, output
                )
                report(
                    f"`batch` {name} > file / C-loader parse",
                    ratio,
                    BATCH_TARGET,
                    ratio <= BATCH_TARGET,
                    f"{mine:.2f} s against {theirs:.2f} s",
                )
            largest = max(args.sizes)
            peak = peak_rss_mb([*armybuilder(), "batch", str(base / f"asoiaf-{largest}")], output)
            report(
                f"`batch` asoiaf {largest}: peak RSS (MB)",
                peak,
                MEMORY_TARGET_MB,
                peak < MEMORY_TARGET_MB,
                "any process",
            )
    finally:
        if args.keep is None:
            shutil.rmtree(base, ignore_errors=True)
    failed = [what for what, _, _, ok in results if not ok]
    print(
        f"{len(results) - len(failed)} of {len(results)} targets hold"
        + (f"; missed: {', '.join(failed)}" if failed else "")
    )
    return 1 if failed else 0


_SHORT = {"horde-vs-empire-cards": "hve", "agot-board-game": "agot", "war-of-the-ring": "wotr"}

if __name__ == "__main__":
    sys.exit(main())
