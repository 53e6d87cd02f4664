"""A long fuzzing run of every reader of input, counting the inputs tried.

    .venv/bin/python benchmarks/fuzz.py [--examples N] [--targets yaml-text tts ...] [--seed S]

Runs each property of tests/hostile/fuzzing.py (the YAML reader on text and bytes, the list checker, the
event reader, the War Council, asoiaf-stats and Tabletop Simulator decoders) on N generated inputs each
(default 2,000) and prints, per target, how many inputs were tried and how long it took. A property that
fails is a crash found: its smallest failing input is printed and the script exits 1.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "hostile"))
sys.path.insert(0, str(ROOT))


def _counting(prop: Callable[[Any], None], tried: list[int]) -> Callable[[Any], None]:
    def counted(value: Any) -> None:
        tried[0] += 1
        prop(value)

    return counted


def main() -> None:
    from fuzzing import TARGETS
    from hypothesis import HealthCheck, given, seed, settings

    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--examples", type=int, default=2000, help="inputs per target (default 2000)")
    parser.add_argument("--targets", nargs="+", choices=list(TARGETS), default=list(TARGETS))
    parser.add_argument("--seed", type=int, default=None, help="a fixed seed, to repeat a run")
    args = parser.parse_args()
    total, failed = 0, []
    for name in args.targets:
        prop, strategy = TARGETS[name]
        tried = [0]
        counted = _counting(prop, tried)
        test = settings(
            max_examples=args.examples, deadline=None, database=None, suppress_health_check=list(HealthCheck)
        )(given(strategy)(counted))
        if args.seed is not None:
            test = seed(args.seed)(test)
        start = time.perf_counter()
        try:
            test()
            verdict = "ok"
        except Exception:  # a crash found: hypothesis has shrunk it; show it
            verdict = "FAILED"
            failed.append(name)
            traceback.print_exc()
        seconds = time.perf_counter() - start
        total += tried[0]
        print(f"{name:14} {tried[0]:>7} inputs tried  {seconds:6.1f} s  {verdict}", flush=True)
    print(f"{'total':14} {total:>7} inputs tried, {len(failed)} target(s) failing{': ' + ', '.join(failed) if failed else ''}")
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
