"""Validation speed: cold start of one `armybuilder validate` and 1,000 lists in one call.

Targets: a single list validated in a fresh process within 300 ms (median of 10, card cache warm), and
1,000 lists in one `validate --format json` call within 5 s. Prints the figures and PASS/FAIL; exits 1
when a target is missed.

    python benchmarks/validate_speed.py [--runs 10] [--lists 1000]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "stark-40.yaml"
COLD_TARGET_MS = 300.0
BULK_TARGET_S = 5.0


def armybuilder_command() -> list[str]:
    script = Path(sys.executable).with_name("armybuilder")
    if script.exists():
        return [str(script)]
    found = shutil.which("armybuilder")
    if found:
        return [found]
    return [sys.executable, "-c", "from armybuilder.cli import main; main()"]


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_ms(cmd: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    """Median wall and CPU milliseconds; CPU time is the steadier figure on a busy machine."""
    timed(cmd, env)  # warm-up: fills the catalogue cache and the OS file cache
    samples = [timed(cmd, env) for _ in range(runs)]
    return (
        statistics.median(w for w, _ in samples) * 1000,
        statistics.median(c for _, c in samples) * 1000,
    )


def generate_lists(folder: Path, count: int, seed: int = 2025) -> list[Path]:
    """`count` plausible lists from the bundled cards (fixed seed): a commander on a fitting unit and more."""
    from armybuilder.games.asoiaf.cards import CardKind
    from armybuilder.games.asoiaf.catalogue import load_catalogue

    cat = load_catalogue()
    rng = random.Random(seed)
    factions = [f for f in cat.factions if f != "neutral"]
    by = {
        (f, k): [c for c in cat.cards.values() if c.faction == f and c.kind is k]
        for f in cat.factions
        for k in CardKind
    }
    paths = []
    for n in range(count):
        faction = rng.choice(factions)
        units = [c for c in by[(faction, CardKind.COMBAT_UNIT)] if not c.is_solo] or by[
            (faction, CardKind.COMBAT_UNIT)
        ]
        atts = [c for c in by[(faction, CardKind.ATTACHMENT)] if not c.commander]
        commanders = [c for c in by[(faction, CardKind.ATTACHMENT)] if c.commander]
        lines = [
            f"name: Generated {n}",
            f"faction: {faction}",
            f"points: {rng.choice((30, 40, 50))}",
            "units:",
        ]
        for i in range(rng.randint(3, 6)):
            unit = rng.choice(units)
            lines.append(f"  - unit: {json.dumps(unit.title)}")
            if i == 0 and commanders:
                lines.append(f"    attachments: [{json.dumps(rng.choice(commanders).title)}]")
            elif atts and rng.random() < 0.6:
                lines.append(f"    attachments: [{json.dumps(rng.choice(atts).title)}]")
        ncus = by[(faction, CardKind.NCU)]
        if ncus and rng.random() < 0.7:
            lines.append(f"ncus: [{json.dumps(rng.choice(ncus).title)}]")
        path = folder / f"list-{n:04d}.yaml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--lists", type=int, default=1000)
    args = parser.parse_args()
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("ARMYBUILDER_NO_CACHE", None)
    cmd = armybuilder_command()
    ok = True

    print(
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs (wall times suffer on a busy machine)"
    )
    floor, floor_cpu = median_ms([sys.executable, "-c", "pass"], env, args.runs)
    cold, cold_cpu = median_ms([*cmd, "validate", str(EXAMPLE)], env, args.runs)
    passed = cold <= COLD_TARGET_MS
    ok &= passed
    print(
        f"python -c pass (floor)              {floor:8.1f} ms   cpu {floor_cpu:6.1f} ms   median of {args.runs}"
    )
    print(
        f"validate {EXAMPLE.name} (cold)     {cold:8.1f} ms   cpu {cold_cpu:6.1f} ms   median of {args.runs}, "
        f"{cold - floor:.1f} ms above the floor; target <= {COLD_TARGET_MS:.0f} ms: {'PASS' if passed else 'FAIL'}"
    )

    with tempfile.TemporaryDirectory(prefix="armybuilder-bench-") as tmp:
        paths = generate_lists(Path(tmp), args.lists)
        start = time.perf_counter()
        proc = subprocess.run(
            [*cmd, "validate", "--format", "json", *map(str, paths)],
            env=env,
            capture_output=True,
            check=False,
        )
        bulk = time.perf_counter() - start
        lists = json.loads(proc.stdout)["lists"] if proc.returncode in (0, 1) else []
    passed = bulk <= BULK_TARGET_S and len(lists) == args.lists
    ok &= passed
    valid = sum(entry["valid"] for entry in lists)
    print(
        f"validate {args.lists} lists (one call)   {bulk:8.2f} s    {len(lists)} reported, {valid} valid, "
        f"exit {proc.returncode}; target <= {BULK_TARGET_S:.0f} s: {'PASS' if passed else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
