"""Horde vs Empire check speed: 1,000 varied deck files (fixed seed) checked against the bundled example
catalogue, compared with the floor of only parsing their YAML.

Measures, in CPU time, best of 5: the YAML parse of every file's bytes (`yamlpos.load`), and parse + `SYSTEM.check` of
every file (the catalogue loaded once, outside the timing). Prints both, the ratio, and PASS when the
ratio is at most 1.5, else FAIL (exit 1).

    python benchmarks/horde-vs-empire-cards_speed.py [--decks 1000] [--runs 5]
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from armybuilder import yamlpos  # noqa: E402
from armybuilder.games.base import Document  # noqa: E402
from armybuilder.games.hve.catalogue import Card, Catalogue  # noqa: E402
from armybuilder.games.hve.system import SYSTEM  # noqa: E402

TARGET = 1.5
FACTION_SPELLINGS = {"empire": ["empire", "帝国", "Empire", "帝国阵营"], "golden-horde": ["golden-horde", "金帐"]}
TYPOS = ["War Elephants", "Spearman", "Horse Archer", "长枪队", "Mounted Archers", "Volleys"]


def _pick(rng: random.Random, cards: list[Card], total: int, limit: int) -> dict[str, int]:
    """`total` copies of `cards`, at most `limit` of one (fewer when the cards run out)."""
    counts: dict[str, int] = {}
    pool = list(cards)
    while sum(counts.values()) < total and pool:
        card = rng.choice(pool)
        counts[card.name] = counts.get(card.name, 0) + 1
        if counts[card.name] >= limit:
            pool.remove(card)
    return counts


def _entries(rng: random.Random, counts: dict[str, int]) -> list[str]:
    lines = []
    for name, count in counts.items():
        style = rng.random()
        if count == 1 and style < 0.5:
            lines.append(f"  - {name}")
        elif style < 0.3 and count > 1:
            lines += [f"  - {name}"] * count  # repeated bare names add up
        elif style < 0.7:
            lines.append(f"  - {{card: {name}, count: {count}}}")
        else:
            lines += [f"  - card: {name}", f"    count: {count}"]
    return lines


def generate_decks(folder: Path, count: int, catalogue: Catalogue, seed: int = 17) -> list[Path]:
    """`count` deck files: most legal, some with the mistakes players make (fixed seed)."""
    rng = random.Random(seed)
    paths = []
    for n in range(count):
        faction = rng.choice(["empire", "golden-horde"])
        units = _pick(rng, catalogue.of(faction, "unit"), 5, 3)
        commands = _pick(rng, catalogue.of(faction, "command"), 10, 2)
        mistake = rng.random()
        if mistake < 0.1:
            units[rng.choice(TYPOS)] = 1
        elif mistake < 0.2:
            other = "golden-horde" if faction == "empire" else "empire"
            commands[rng.choice(catalogue.of(other, "command")).name] = 1
        elif mistake < 0.3:
            commands.pop(next(iter(commands)))
        lines = [
            "game: horde-vs-empire-cards",
            f"name: Deck {n} of the {rng.choice(['North', 'Steppe', 'River', 'Capital'])}",
            f"faction: {rng.choice(FACTION_SPELLINGS[faction])}",
            "units:",
            *_entries(rng, units),
            "commands:",
            *_entries(rng, commands),
        ]
        if rng.random() < 0.7:
            lines.append(f"opening_unit: {next(iter(units))}")
        path = folder / f"deck-{n:04d}.yaml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def best_of(runs: int, *jobs: Callable[[], None]) -> list[float]:
    """The best time of each job over `runs` rounds; the jobs take turns, so a busy moment of the machine
    does not fall on one of them only. The garbage collector is off while a job runs, as in timeit."""
    best = [float("inf")] * len(jobs)
    for _ in range(runs):
        for index, job in enumerate(jobs):
            gc.collect()
            gc.disable()
            try:
                start = time.process_time()  # CPU time: other jobs on the machine weigh on neither
                job()
                best[index] = min(best[index], time.process_time() - start)
            finally:
                gc.enable()
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    catalogue = SYSTEM.load_data()
    with tempfile.TemporaryDirectory() as tmp:
        paths = generate_decks(Path(tmp), args.decks, catalogue)
        blobs = [(str(p), p.read_bytes()) for p in paths]

    def parse_only() -> None:
        for _, raw in blobs:
            yamlpos.load(raw)

    invalid = 0

    def parse_and_check() -> None:
        nonlocal invalid
        invalid = 0
        for path, raw in blobs:
            report = SYSTEM.check(Document(path, yamlpos.load(raw)), catalogue)
            invalid += not report.valid

    parse_and_check()  # warm-up
    floor, full = best_of(args.runs, parse_only, parse_and_check)
    ratio = full / floor
    per = 1e6 / len(blobs)
    print(f"{len(blobs)} decks ({invalid} invalid), best of {args.runs}")
    print(f"parse only:      {floor * 1000:8.1f} ms  ({floor * per:6.1f} µs per deck)")
    print(f"parse + check:   {full * 1000:8.1f} ms  ({full * per:6.1f} µs per deck)")
    print(f"ratio:           {ratio:8.2f}  (target ≤ {TARGET})")
    print("PASS" if ratio <= TARGET else "FAIL")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
