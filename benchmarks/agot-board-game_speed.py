"""Checking speed of A Game of Thrones: The Board Game positions against the YAML parse floor.

Writes 1,000 varied position files (both editions, every player count, units, orders, power tokens,
tracks, Westeros cards, some mustering plans and some mistakes) with a fixed seed into a temporary folder,
then measures, best of 5 (CPU time; each file is parsed alone and then parsed and checked, in turn): the parse floor (`yamlpos.load` of each file's bytes) and parse + `SYSTEM.check`
of each file (the data loaded once, outside the timing). Prints both and their ratio; PASS when the ratio
is at most 1.5, else FAIL and exit 1.

    python benchmarks/agot-board-game_speed.py [--files 1000] [--runs 5] [--seed 16]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from armybuilder import yamlpos  # noqa: E402
from armybuilder.games.agot.system import SYSTEM  # noqa: E402
from armybuilder.games.base import Document  # noqa: E402

TARGET = 1.5
SYSTEM_DATA = SYSTEM.load_data()
NORMAL = [
    "march-minus1",
    "march-0",
    "defense-plus1",
    "defense-plus1",
    "support",
    "support",
    "raid",
    "raid",
    "consolidate",
    "consolidate",
]
AT_SEA = ["march-minus1", "march-0", "defense-plus1", "support", "raid"]
STARRED = ["march-plus1-star", "defense-plus2-star", "support-plus1-star", "raid-star", "consolidate-star"]
MISTAKES = ["supply", "wildling", "order", "knights", "cards", "power", "contested", "track", "unknown"]


def _row_armies(rng: random.Random, row: tuple[int, ...]) -> list[int]:
    """Army sizes that fit a supply row, then some single units."""
    sizes = [rng.randint(2, limit) for limit in row[: rng.randint(0, len(row))]]
    return sizes + [1] * rng.randint(1, 3)


def position(rng: random.Random) -> str:
    """One position: a plausible game state (neighbourhoods are not modelled), now and then with a mistake."""
    data = SYSTEM_DATA
    edition = rng.choice((1, 2, 2))
    ed = data.editions[edition]
    players = rng.randint(ed.players_min, ed.players_max)
    playing = list(ed.by_players[players])
    neutral = ed.neutral.get(players, {})
    live = [a for a in ed.areas.values() if not (edition == 2 and players == 3 and a.name in ed.out_3p)]
    land = [a.name for a in live if a.kind == "land" and a.name not in neutral and a.home is None]
    sea = [a.name for a in live if a.kind == "sea"]
    rng.shuffle(land)
    rng.shuffle(sea)
    mistake = rng.choice(MISTAKES) if rng.random() < 0.2 else None
    lines = [
        "game: agot-board-game",
        f"edition: {edition}",
        f"players: {players}",
        f"round: {rng.randint(2, 10)}",
    ]
    if rng.random() < 0.5:
        lines.append(f"name: table {rng.randint(1, 999)}")
    lines.append(f"phase: {rng.choice(['westeros', 'planning', 'action'])}")
    lines.append(f"wildling_threat: {5 if mistake == 'wildling' else rng.choice([0, 2, 4, 6, 8, 10])}")
    quiet = sorted(c for c, kinds in ed.westeros.items() if not kinds)
    if rng.random() < 0.6:
        lines.append("westeros_cards: [" + ", ".join(f'"{c}"' for c in rng.sample(quiet, 3)) + "]")
    tracks = {}
    lines.append("influence:")
    for track in ("iron_throne", "fiefdoms", "kings_court"):
        order = playing[:]
        rng.shuffle(order)
        tracks[track] = order
        shown = order[:-1] if mistake == "track" and track == "fiefdoms" else order
        lines.append(f"  {track}: [{', '.join(shown)}]")
    lines.append(
        "dominance_tokens: {"
        f"iron_throne: {tracks['iron_throne'][0]}, valyrian_steel_blade: {tracks['fiefdoms'][0]}, "
        f"messenger_raven: {tracks['kings_court'][0]}" + "}"
    )
    lines.append("neutral_forces: [" + ", ".join(f'"{a}"' for a in neutral) + "]")
    lines.append("houses:")
    homes = {h: a for a, h in ed.homes.items()}
    home_armies: list[tuple[str | None, str]] = []
    for hid in playing:
        supply = rng.randint(0, 6)
        lines.append(f"  {hid}:")
        lines.append(f"    supply: {7 if mistake == 'supply' and hid == playing[0] else supply}")
        tokens = [land.pop() for _ in range(rng.randint(0, 2)) if land]
        lines.append(
            f"    power_available: {rng.randint(0, 12) + (20 if mistake == 'power' and hid == playing[0] else 0)}"
        )
        if tokens:
            lines.append("    power_on_board: [" + ", ".join(f'"{a}"' for a in tokens) + "]")
        hand = rng.randint(1, 7)
        extra = int(mistake == "cards" and hid == playing[0])
        lines.append(f"    house_cards: {{hand: {hand}, discarded: {7 - hand + extra}}}")
        lines.append("    units:")
        places: list[tuple[str, str]] = []
        knights = ships = 0
        for size in _row_armies(rng, data.supply_track[supply]):
            at_sea = rng.random() < 0.3 and sea and ships + size <= 4
            ships += size if at_sea else 0
            if at_sea:
                area = sea.pop()
                kinds = {"ship": size}
            elif homes.get(hid) and not places:
                area = homes[hid]
                kinds = {"footman": size}
            elif land:
                area = land.pop()
                knight = min(size, rng.randint(0, 1)) if knights < 3 else 0
                knights += knight
                kinds = {"footman": size - knight, "knight": knight}
            else:
                continue
            if area == homes.get(hid):
                home_armies.append((area, "land"))
            body = ", ".join(f"{k}: {n}" for k, n in kinds.items() if n)
            lines.append(f'      "{area}": {{{body}}}')
            places.append((area, "sea" if at_sea else "land"))
        if mistake == "knights" and hid == playing[0]:
            lines.append(
                '      "Beyond the Wall": {knight: 6}' if edition == 1 else "      Nowhere: {knight: 6}"
            )
        if mistake == "contested" and hid == playing[-1] and len(playing) > 1:
            lines.append(f'      "{homes[playing[0]]}": {{footman: 1}}')
        if mistake == "unknown" and hid == playing[0]:
            lines.append("      Winterfel: {footman: 1}")
        lines.append("    orders:")
        normal = NORMAL[:]
        rng.shuffle(normal)
        stars = 1 if tracks["kings_court"][0] == hid else 0
        for area, kind in places:
            if stars and kind == "land":
                token, stars = rng.choice(STARRED), 0
            elif kind == "sea":
                token = rng.choice(AT_SEA)
                if token in normal:
                    normal.remove(token)
                else:
                    continue
            else:
                token = normal.pop() if normal else "march-0"
                if token == "support" and area in ed.islands:
                    token = "defense-plus1"
            lines.append(f'      "{area}": {token}')
        if mistake == "order" and hid == playing[0] and land:
            lines.append(f'      "{land[-1]}": raid')
    if rng.random() < 0.25:
        hid = rng.choice(playing)
        if (homes.get(hid), "land") in home_armies:
            lines.append(f'muster:\n  {hid}:\n    "{homes[hid]}": [{{upgrade: knight}}]')
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    data = SYSTEM_DATA
    with tempfile.TemporaryDirectory(prefix="agot-speed-") as tmp:
        folder = Path(tmp)
        for i in range(args.files):
            (folder / f"position-{i:04}.yaml").write_text(position(rng), encoding="utf-8")
        files = [(str(p), p.read_bytes()) for p in sorted(folder.glob("*.yaml"))]

    invalid = 0

    def run() -> tuple[float, float]:
        """One pass over the files: for each, the parse alone, then parse + check (CPU time), so a busy
        moment of the machine weighs on both alike."""
        nonlocal invalid
        invalid = 0
        floor = full = 0.0
        clock = time.process_time
        for path, raw in files:
            start = clock()
            yamlpos.load(raw)
            middle = clock()
            report = SYSTEM.check(Document(path, yamlpos.load(raw)), data)
            end = clock()
            floor += middle - start
            full += end - middle
            invalid += not report.valid
        return floor, full

    run()  # warm-up: fills the edition's name caches, as the first files of a batch do
    runs = [run() for _ in range(args.runs)]
    floor = min(f for f, _ in runs)
    full = min(c for _, c in runs)
    ratio = full / floor
    n = len(files)
    print(f"{n} positions ({invalid} invalid), best of {args.runs}")
    print(f"parse floor      {floor * 1000:8.1f} ms  ({floor / n * 1e6:6.1f} us/file)")
    print(f"parse + check    {full * 1000:8.1f} ms  ({full / n * 1e6:6.1f} us/file)")
    print(f"ratio            {ratio:8.2f}  (target <= {TARGET})")
    print("PASS" if ratio <= TARGET else "FAIL")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
