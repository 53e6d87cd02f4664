"""`armybuilder new --game agot-board-game FILE [--edition N] [--players N]`: the start of a game.

The file says `phase: setup`, so `standard-setup` compares it with the start the data gives. The first
edition's data gives Lannister's start only: the other houses get their power and cards, and a comment
where their units go.
"""

from __future__ import annotations

import re
from typing import Any

from armybuilder.errors import UsageError
from armybuilder.games.agot.data import TOKENS, TRACKS, AgotData
from armybuilder.games.agot.position import Position
from armybuilder.games.agot.rules.standard_setup import start_units

_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9' ]*")


def _name(text: str) -> str:
    """A YAML scalar for a name: plain when safe, double-quoted otherwise."""
    if _PLAIN.fullmatch(text) and text.lower() not in ("yes", "no", "on", "off", "true", "false", "null"):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _number(value: Any, what: str, low: int, high: int, default: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool):
        raise UsageError(f"--{what} takes a number from {low} to {high}")
    try:
        number = int(str(value).strip())
    except ValueError:
        raise UsageError(f"--{what} {value!r} is not a number; use {low} to {high}") from None
    if not low <= number <= high:
        raise UsageError(f"--{what} {number} is out of range; use {low} to {high}")
    return number


def new_position(data: AgotData, edition: Any = None, players: Any = None) -> str:
    number = _number(edition, "edition", 1, 2, 2)
    ed = data.editions[number]
    count = _number(players, "players", ed.players_min, ed.players_max, ed.players_max)
    playing = ed.by_players[count]
    lines = [
        f"# A Game of Thrones: The Board Game, {ed.word} edition, {count} players: the start of the game.",
        "# Written by `armybuilder new`; `phase: setup` makes `validate` compare it with the standard set-up.",
        "game: agot-board-game",
        f"edition: {number}",
        f"players: {count}",
        "round: 1",
        "phase: setup",
        f"wildling_threat: {ed.wildling_start}",
    ]
    if number == 2:
        tracks = {t: [h for h in data.start_ed2["influence"][t] if h in playing] for t in TRACKS}
        lines.append("influence:                     # position 1 first")
    else:
        tracks = {t: [h for h in data.influence_start_ed1[t] if h in playing] for t in TRACKS}
        lines.append("influence:                     # position 1 first; inferred except Lannister's places")
    for t in TRACKS:
        lines.append(f"  {t}: [{', '.join(tracks[t])}]")
    holders = {token: tracks[track][0] for token, track in TOKENS.items()}
    lines.append("dominance_tokens: {" + ", ".join(f"{token}: {hid}" for token, hid in holders.items()) + "}")
    neutral = ed.neutral.get(count, {})
    strengths = ", ".join(f"{a} {s if s is not None else '?'}" for a, s in neutral.items())
    lines.append(f"neutral_forces: [{', '.join(_name(a) for a in neutral)}]   # strength: {strengths}")
    if number == 1 and count < 5:
        lines.append("# the unused houses' starting units stay as neutral strength: add their areas above")
    lines.append("houses:")
    probe = Position("", data, ed, players=count)
    for hid in playing:
        lines.append(f"  {hid}:")
        if number == 2:
            lines.append(f"    supply: {int(data.start_ed2['supply'][hid])}")
        lines.append(f"    power_available: {data.power_start}")
        lines.append("    power_on_board: []")
        lines.append(f"    house_cards: {{hand: {data.cards_per_house}, discarded: 0}}")
        start = start_units(probe, hid)
        if start is None:
            lines.append("    # units: the first-edition data gives Lannister's start only; add this house's")
            lines.append("    # units from its House Start Card, e.g. units: {Winterfell: {footman: 1}}")
            continue
        lines.append("    units:")
        for area, kinds in start.items():
            counts = ", ".join(f"{k}: {n}" for k, n in kinds.items())
            lines.append(f"      {_name(area)}: {{{counts}}}")
    return "\n".join(lines) + "\n"
