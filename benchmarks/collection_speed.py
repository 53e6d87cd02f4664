"""How long `collection armies` takes for a collection of one whole faction at 40 points: every commander's
best list.

    .venv/bin/python benchmarks/collection_speed.py [--faction stark] [--points 40] [--runs N] [--target S]
                                                    [--profile]

`--profile` runs once under cProfile and prints where the time goes: building the search's model (its
candidates, and the relaxation's bound tables), the search itself, and the validator's checks.

The collection holds every card of the faction: two copies of each card without a character (combat units,
generic attachments), one of each character. The run is in process with the catalogue loaded, through the
same function the command calls; the figure is the median of the runs. PASS when the median is within the
target (5 s) and every commander's list is proven the best; exit 1 otherwise.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 5.0  # seconds for every commander of the faction


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from armybuilder.games.asoiaf.armies import armies
    from armybuilder.games.asoiaf.catalogue import load_catalogue
    from armybuilder.games.asoiaf.collection import Collection

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--faction", default="stark", help="the faction the collection holds whole")
    parser.add_argument("--points", type=int, default=40, help="the game size")
    parser.add_argument("--runs", type=int, default=3, help="runs (the median is reported)")
    parser.add_argument("--target", type=float, default=TARGET, help="seconds allowed")
    parser.add_argument("--profile", action="store_true", help="one run under cProfile: where the time goes")
    args = parser.parse_args()

    catalogue = load_catalogue()
    cards = [c for c in catalogue.cards.values() if c.faction == args.faction]
    shelf = Collection(f"<every {args.faction} card>", owned={c.id: 1 if c.characters else 2 for c in cards})
    if args.profile:
        return profile(lambda: armies(shelf, catalogue, args.points, timeout=max(args.target * 2, 10.0)))
    times = []
    cpu = []  # the process's CPU time too: on a busy machine the wall time says more about the others
    found = []
    for _ in range(args.runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        found = armies(shelf, catalogue, args.points, timeout=max(args.target * 2, 10.0))
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    median = statistics.median(times)
    print(f"{'commander':<40} {'left':>4} {'acts':>5} {'searches':>8} {'s':>6}  proven")
    for f in found:
        key = f.key
        left, acts = (str(key[0]), str(-key[1])) if key else ("-", "-")  # points left, activations
        shown = "yes" if f.proven else f"no ({f.why})"
        print(f"{f.commander.title:<40} {left:>4} {acts:>5} {f.searches:>8} {f.seconds:>6.2f}  {shown}")
    proven = all(f.proven for f in found)
    ok = median <= args.target and proven and bool(found)
    verdict = "PASS" if ok else "FAIL"
    print(
        f"collection armies, every {args.faction} card ({len(cards)} cards, {len(found)} commanders) at "
        f"{args.points} points: median {median:.2f} s of {args.runs} (target {args.target:g} s; "
        f"CPU {statistics.median(cpu):.2f} s) · "
        f"{'all proven' if proven else 'not all proven'} · {verdict}"
    )
    return 0 if ok else 1


def profile(run: Callable[[], object]) -> int:
    """One run under cProfile, its time split by part (cumulative seconds of the functions that do it)."""
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    profiler.runcall(run)
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    parts = {
        "model: candidates": ("model.py", "_items"),
        "model: bound tables": ("model.py", "_relaxation"),
        "search (all of it)": ("complete.py", "_search"),
        "validator checks": ("check.py", "validate"),
    }
    total = max(v[3] for v in stats.values())
    spent = {
        name: sum(v[3] for k, v in stats.items() if k[0].endswith(module) and k[2] == function)
        for name, (module, function) in parts.items()
    }
    spent["search: branch and bound"] = spent.pop("search (all of it)") - spent["model: candidates"]
    spent["search: branch and bound"] -= spent["model: bound tables"]  # the search builds its model first
    print(f"{'part':<26} {'s':>7} {'share':>6}")
    for name, seconds in spent.items():
        print(f"{name:<26} {seconds:>7.2f} {seconds / total:>6.0%}")
    print(f"{'the whole run':<26} {total:>7.2f}  (the validator's checks run inside the search too)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
