"""How long `complete` takes to prove its top 5 for every commander at 40 and 50 points.

    .venv/bin/python benchmarks/complete_speed.py [--points 40 50] [--top N] [--target SECONDS] [--only TEXT]

Each commander's list is the one `armybuilder new` writes for it (an attachment commander on the cheapest
unit that makes a legal list, the cards a commander leads only with beside it; a neutral commander leads
the neutral faction), so nearly all the points are left to spend. The search runs in process with the
catalogue loaded, under the default limits (no card more than 3 times, at most 2 NCUs), with a time
limit of twice the target; the figure is its time, with the nodes searched and the candidates checked
with the validator.
PASS when the top 5 are proven optimal within the target (2 s); exit 1 on any miss.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 2.0  # seconds for the top 5, proven


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from armybuilder.games.asoiaf.armylist import load_list_text
    from armybuilder.games.asoiaf.builder.complete import complete
    from armybuilder.games.asoiaf.builder.edits import new_list
    from armybuilder.games.asoiaf.cards import NEUTRAL
    from armybuilder.games.asoiaf.catalogue import load_catalogue

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--points", type=int, nargs="+", default=[40, 50], help="game sizes")
    parser.add_argument("--top", type=int, default=5, help="completions to prove")
    parser.add_argument("--target", type=float, default=TARGET, help="seconds allowed per list")
    parser.add_argument("--only", default="", help="only commanders whose title holds this text")
    args = parser.parse_args()

    catalogue = load_catalogue()
    commanders = sorted(
        (c for c in catalogue.cards.values() if c.commander and args.only.casefold() in c.title.casefold()),
        key=lambda c: (c.faction, c.title, c.id),
    )
    status = 0
    passed = total = 0
    print(f"{'commander':<44} {'faction':<12} {'pts':>3} {'left':>4} {'s':>6} {'nodes':>7} {'checked':>7}  verdict")
    for card in commanders:
        faction = card.faction if card.faction != NEUTRAL else "neutral"
        for points in args.points:
            total += 1
            name = card.title[:44]
            try:
                army = load_list_text(new_list(catalogue, faction, points, card.title), catalogue, "<list>")
            except Exception as exc:
                status = 1
                print(f"{name:<44} {faction:<12} {points:>3}  FAIL (no list to start from: {exc})")
                continue
            start = time.perf_counter()
            search = complete(army, catalogue, top=args.top, timeout=args.target * 2)
            seconds = time.perf_counter() - start
            ok = seconds <= args.target and search.proven and len(search.completions) > 0
            passed += ok
            status |= not ok
            verdict = "PASS" if ok else "FAIL" + ("" if search.proven else f" (not proven: {search.why})")
            print(
                f"{name:<44} {faction:<12} {points:>3} {search.budget:>4} {seconds:>6.2f} {search.nodes:>7} "
                f"{search.checked:>7}  {verdict}"
            )
    print(f"{passed} of {total} lists: top {args.top} proven optimal in at most {args.target:g} s")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
