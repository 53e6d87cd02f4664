"""War of the Ring check speed: checking a position must cost little beside parsing it.

Writes 1,000 varied position files (fixed seed) to a temporary folder: set-ups, snapshots with armies
moved, sieges, captures, a Fellowship on its way, ladder results, some with Chinese names, some broken.
Measures, best of 5, the YAML parse floor (`yamlpos.load` of each file's bytes) and parse + `SYSTEM.check`
(data loaded once, outside the timing). Prints both and their ratio; PASS when the ratio is at most 1.5,
else FAIL and exit 1.

    python benchmarks/war-of-the-ring_speed.py [--files 1000] [--runs 5]
"""

from __future__ import annotations

import argparse
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
from armybuilder.games.wotr.data import WotrData  # noqa: E402
from armybuilder.games.wotr.system import SYSTEM  # noqa: E402

TARGET = 1.5
CHINESE = {"Erebor": "依魯伯", "Minas Tirith": "米那斯提力斯", "Moria": "摩瑞亞", "Rivendell": "瑞文戴爾"}


def _figures(counts: dict[str, int]) -> str:
    return "{" + ", ".join(f"{k}: {n}" for k, n in counts.items() if n) + "}"


def _name(text: str) -> str:
    return f'"{text}"' if "'" in text else text


def position(data: WotrData, rng: random.Random) -> str:
    """One varied position file."""
    board = {r: {n: dict(c) for n, c in s.items()} for r, s in data.setup_board.items()}
    pools = {n: dict(c) for n, c in data.setup_reinforcements.items()}
    regions = list(data.regions)
    turn = rng.choice([0, 0, *range(1, 15)])
    for _ in range(0 if turn == 0 else rng.randint(3, 25)):
        source = rng.choice(list(board))
        nation = rng.choice(list(board[source]))
        kind = rng.choice(list(board[source][nation]))
        if board[source][nation][kind] == 0:
            continue
        board[source][nation][kind] -= 1
        target = board.setdefault(rng.choice(regions), {}).setdefault(nation, {})
        target[kind] = target.get(kind, 0) + 1
    for nation, counts in pools.items():  # recruit a little
        for kind in counts:
            if turn and counts[kind] and rng.random() < 0.3:
                counts[kind] -= 1
                place = board.setdefault(rng.choice(regions), {}).setdefault(nation, {})
                place[kind] = place.get(kind, 0) + 1
    lines = ["game: war-of-the-ring", "edition: 2", f"turn: {turn}"]
    if turn and rng.random() < 0.5:
        lines.append(f"phase: {rng.randint(1, 6)}")
    lines.append("board:")
    for region, stacks in board.items():
        inner = ", ".join(f"{n}: {_figures(c)}" for n, c in stacks.items() if any(c.values()))
        if inner:
            name = CHINESE.get(region, region) if rng.random() < 0.1 else region
            lines.append(f"  {_name(name)}: {{{inner}}}")
    besieged = [r for r, reg in data.regions.items() if reg.is_stronghold and rng.random() < 0.05 * bool(turn)]
    lines.append("besieged:" + ("" if besieged else " {}"))
    for region in besieged:
        nation = data.regions[region].nation
        lines.append(f"  {_name(region)}: {{{nation}: {{regular: {rng.randint(1, 6)}}}}}")
    captured = [r for r, reg in data.regions.items() if reg.is_settlement and rng.random() < 0.05 * bool(turn)]
    side = {"free_peoples": "shadow", "shadow": "free_peoples"}
    lines.append(
        "captured: {"
        + ", ".join(f"{_name(r)}: {side[data.owner_side(r) or 'shadow']}" for r in captured)
        + "}"
    )
    if rng.random() < 0.8:
        lines.append("reinforcements:")
        lines += [f"  {n}: {_figures(c) if any(c.values()) else '{}'}" for n, c in pools.items()]
    companions = list(data.setup_fellowship["companions"])
    rng.shuffle(companions)
    companions = companions[: rng.randint(0, 7)] if turn else companions
    guide = max(companions, key=lambda c: data.characters[c].level or 0) if companions else "Gollum"
    lines += [
        "fellowship:",
        f"  location: {rng.choice(regions) if turn else 'Rivendell'}",
        f"  progress: {rng.randint(0, 10) if turn else 0}",
        f"  revealed: {'true' if rng.random() < 0.3 else 'false'}",
        f"  corruption: {rng.randint(0, 13) if turn else 0}",
        f"  guide: {guide}",
        f"  companions: [{', '.join(companions)}]",
    ]
    lines.append("characters: {}" if turn == 0 or rng.random() < 0.5 else "characters: {Saruman: Orthanc}")
    lines.append(f"action_dice: {{free_peoples: 4, shadow: {7 if 'Saruman' not in lines[-1] else 8}}}")
    lines.append(f"elven_rings: {{free_peoples: {3 - (spent := rng.randint(0, 3 if turn else 0))}, shadow: 0, spent: {spent}}}")
    lines.append("political:")
    lines += [f"  {n}: {{box: {b if not turn else rng.randint(0, b)}, active: {str(a or bool(turn)).lower()}}}"
              for n, (b, a) in data.setup_political.items()]
    lines.append(f"hands: {{free_peoples: {rng.randint(0, 7) if turn else 0}, shadow: {rng.randint(0, 6) if turn else 0}}}")
    lines.append(f"victory_points: {{free_peoples: 0, shadow: {rng.randint(0, 4) if turn else 0}}}")
    if turn > 8 and rng.random() < 0.5:
        lines.append(f"result: {rng.choice(list(data.results))}")
    return "\n".join(lines) + "\n"


def timed(work: Callable[[], None]) -> float:
    """CPU seconds of one call: steadier than wall time on a machine shared with other jobs."""
    start = time.process_time()
    work()
    return time.process_time() - start


def best_of(runs: int, *works: Callable[[], None]) -> list[float]:
    """The best time of each piece of work, the runs interleaved so that load spikes hit both alike."""
    best = [float("inf")] * len(works)
    for _ in range(runs):
        for i, work in enumerate(works):
            best[i] = min(best[i], timed(work))
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    data = SYSTEM.load_data()
    rng = random.Random(20240615)
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i in range(args.files):
            path = Path(tmp) / f"position-{i:04}.yaml"
            path.write_text(position(data, rng), "utf-8")
            paths.append(path)
        blobs = [(str(p), p.read_bytes()) for p in paths]

    def parse() -> None:
        for _, blob in blobs:
            yamlpos.load(blob)

    problems = 0

    def parse_and_check() -> None:
        nonlocal problems
        problems = 0
        for path, blob in blobs:
            report = SYSTEM.check(Document(path, yamlpos.load(blob)), data)
            problems += len(report.problems)

    floor, total = best_of(args.runs, parse, parse_and_check)
    ratio = total / floor
    per_file = total / len(blobs) * 1e6
    print(f"{len(blobs)} position files, {problems} problems found")
    print(f"parse only:      {floor * 1000:8.1f} ms  (CPU time, best of {args.runs})")
    print(f"parse + check:   {total * 1000:8.1f} ms  ({per_file:.0f} µs per file)")
    print(f"ratio:           {ratio:8.2f}  (target ≤ {TARGET})")
    print("PASS" if ratio <= TARGET else "FAIL")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
