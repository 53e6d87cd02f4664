"""How long `collection armies` takes for a collection of one whole faction at 40 points: every commander's
best list.

    .venv/bin/python benchmarks/collection_speed.py [--faction stark] [--points 40] [--runs N] [--target S]

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
    args = parser.parse_args()

    catalogue = load_catalogue()
    cards = [c for c in catalogue.cards.values() if c.faction == args.faction]
    shelf = Collection(f"<every {args.faction} card>", owned={c.id: 1 if c.characters else 2 for c in cards})
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


if __name__ == "__main__":
    raise SystemExit(main())
