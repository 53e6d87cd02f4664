"""How long loading the card catalogue takes, cold (no cache) and warm (cache present).

    .venv/bin/python benchmarks/catalogue_load.py [--runs N] [--warm-runs N] [--data PATH]

Cold: a fresh subprocess with an empty ARMYBUILDER_CACHE_DIR, timing `load_catalogue()` inside it (parse,
schema and integrity check, build, write the cache). Warm: the same with the cache present, in-process (the
median of many calls) and in fresh subprocesses (which includes importing the package). Exit 1 when a
median misses its target.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COLD_TARGET = 1.0  # seconds
WARM_TARGET = 0.030

# Runs inside a fresh interpreter: import, then time one load; prints "import_s load_s".
_CHILD = """
import sys, time
t0 = time.perf_counter()
from armybuilder.games.asoiaf.catalogue import load_catalogue
t1 = time.perf_counter()
load_catalogue(sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] else None)
t2 = time.perf_counter()
print(f"{t1 - t0:.6f} {t2 - t1:.6f}")
"""


def _child(cache: Path, data: str) -> tuple[float, float]:
    env = {**os.environ, "ARMYBUILDER_CACHE_DIR": str(cache)}
    env.pop("ARMYBUILDER_NO_CACHE", None)
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, data], env=env, check=True, capture_output=True, text=True
    ).stdout.split()
    return float(out[0]), float(out[1])


def _verdict(value: float, target: float) -> str:
    return "PASS" if value <= target else "FAIL"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh subprocesses per measurement")
    parser.add_argument("--warm-runs", type=int, default=50, help="in-process warm loads")
    parser.add_argument("--data", default="", help="card data folder (default: the bundled data)")
    args = parser.parse_args()

    cold_load: list[float] = []
    cold_import: list[float] = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="ab-bench-") as tmp:
            imp, load = _child(Path(tmp), args.data)
            cold_import.append(imp)
            cold_load.append(load)

    with tempfile.TemporaryDirectory(prefix="ab-bench-") as tmp:
        cache = Path(tmp)
        _child(cache, args.data)  # fill the cache
        warm_sub = [_child(cache, args.data) for _ in range(args.runs)]

        os.environ["ARMYBUILDER_CACHE_DIR"] = str(cache)
        os.environ.pop("ARMYBUILDER_NO_CACHE", None)
        from armybuilder.games.asoiaf.catalogue import load_catalogue

        data = args.data or None
        catalogue = load_catalogue(data)
        warm_in: list[float] = []
        for _ in range(args.warm_runs):
            t0 = time.perf_counter()
            load_catalogue(data)
            warm_in.append(time.perf_counter() - t0)

    cold = statistics.median(cold_load)
    warm = statistics.median(warm_in)
    sub_import = statistics.median(i for i, _ in warm_sub)
    sub_load = statistics.median(load for _, load in warm_sub)
    print(
        f"catalogue: {len(catalogue.cards)} cards, {len(catalogue.tactics)} tactics cards, "
        f"{len(catalogue.specials)} special cards (data {catalogue.data_version})"
    )
    print(
        f"cold load  (fresh process, empty cache; median of {args.runs}): {cold * 1000:7.1f} ms  "
        f"target {COLD_TARGET * 1000:.0f} ms  {_verdict(cold, COLD_TARGET)}"
        f"   [+ import {statistics.median(cold_import) * 1000:.1f} ms]"
    )
    print(
        f"warm load  (in process, cache present; median of {args.warm_runs}): {warm * 1000:7.1f} ms  "
        f"target {WARM_TARGET * 1000:.0f} ms  {_verdict(warm, WARM_TARGET)}"
    )
    print(
        f"warm load  (fresh process, cache present; median of {args.runs}): {sub_load * 1000:7.1f} ms  "
        f"target {WARM_TARGET * 1000:.0f} ms  {_verdict(sub_load, WARM_TARGET)}"
        f"   [+ import {sub_import * 1000:.1f} ms]"
    )
    ok = cold <= COLD_TARGET and warm <= WARM_TARGET and sub_load <= WARM_TARGET
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
