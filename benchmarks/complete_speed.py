"""How long `complete` takes to prove its top 5 on each faction's example list cut down to the commander.

    .venv/bin/python benchmarks/complete_speed.py [--runs N] [--top N] [--target SECONDS]

Each faction's example list (tests/cases/valid/*-40.yaml, the ASOIAF lists in examples/; Martell's 30-point
one raised to 40) keeps only its commander, the unit an attachment commander leads and the cards a commander
leads only with (Doran Martell's Areo Hotah); enemy attachments go too. So up to 40 points are left to spend.
The search runs in process with the catalogue loaded; the figure is the median of the runs, with
the nodes searched and the candidates checked with the validator. PASS when the top 5 are proven optimal
within the target (2 s); exit 1 on any miss.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 2.0  # seconds for the top 5, proven
LISTS = [
    *sorted((ROOT / "tests" / "cases" / "valid").glob("*-40.yaml")),
    ROOT / "tests" / "cases" / "valid" / "martell-30.yaml",
    *sorted((ROOT / "examples").glob("*.yaml")),
]


def asoiaf(path: Path) -> bool:
    """An ASOIAF list (no `game:` key, or `game: asoiaf`, and a `faction:`); examples/ holds other games'
    files and a collection too."""
    text = path.read_text(encoding="utf-8")
    found = re.search(r"^game:\s*(\S+)", text, re.MULTILINE)
    return (found is None or found.group(1) == "asoiaf") and re.search(r"^faction:", text, re.MULTILINE) is not None


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from armybuilder.games.asoiaf.armylist import load_list
    from armybuilder.games.asoiaf.builder.complete import complete
    from armybuilder.games.asoiaf.cards import Card
    from armybuilder.games.asoiaf.catalogue import load_catalogue
    from armybuilder.games.asoiaf.check import validate

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="searches per list (the median is reported)")
    parser.add_argument("--top", type=int, default=5, help="completions to prove")
    parser.add_argument("--target", type=float, default=TARGET, help="seconds allowed per list")
    args = parser.parse_args()

    catalogue = load_catalogue()
    status = 0
    print(f"{'list':<28} {'faction':<12} {'left':>4} {'median s':>9} {'nodes':>7} {'checked':>7}  verdict")
    for path in (p for p in LISTS if asoiaf(p)):
        army = load_list(path, catalogue)
        ctx = validate(army, catalogue).context
        assert ctx is not None and ctx.commander is not None, f"{path}: no commander"
        lead = ctx.commander
        needed = [  # the cards a commander leads only with stay too (Doran Martell's Areo Hotah)
            ref
            for _special, effect in ctx.effects("alternate_commander")
            if effect.commander_card_id == lead.id
            for ref in effect.requires_in_army_all_of
        ]

        def keep(card: Card | None, lead: Card = lead, needed: list[str] = needed) -> bool:
            return card is lead or (card is not None and any(catalogue.matches(card, r) for r in needed))

        units = [
            dataclasses.replace(u, attachments=[a for a in u.attachments if keep(a.card)])
            for u in army.units
            if keep(u.unit.card) or any(keep(a.card) for a in u.attachments)
        ]
        ncus = [n for n in army.ncus if keep(n.card)]
        bare = dataclasses.replace(army, units=units, ncus=ncus, enemy_attachments=[], points=40)
        times, searches = [], []
        for _ in range(args.runs):
            start = time.perf_counter()
            search = complete(bare, catalogue, top=args.top, timeout=max(args.target * 5, 10.0))
            times.append(time.perf_counter() - start)
            searches.append(search)
        median = statistics.median(times)
        last = searches[-1]
        ok = median <= args.target and all(s.proven for s in searches) and len(last.completions) == args.top
        status |= not ok
        verdict = "PASS" if ok else "FAIL" + ("" if last.proven else f" (not proven: {last.why})")
        name = path.relative_to(ROOT).as_posix().removeprefix("tests/cases/valid/")
        print(
            f"{name:<28} {army.faction_key or '?':<12} {last.budget:>4} {median:>9.3f} {last.nodes:>7} "
            f"{last.checked:>7}  {verdict}"
        )
    print(f"target: top {args.top} proven optimal in at most {args.target:g} s per list")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
