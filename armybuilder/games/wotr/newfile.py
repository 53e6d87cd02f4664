"""`armybuilder new --game war-of-the-ring FILE`: the standard set-up written as a position file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from armybuilder.errors import UsageError
from armybuilder.games.wotr.data import KINDS, WotrData
from armybuilder.text import json_text


def _name(text: str) -> str:
    """A plain YAML scalar when that reads back as the same text, else a JSON-quoted one."""
    if text.replace(" ", "").replace("-", "").isalnum() and text[:1].isalpha():
        return text
    return json_text(text)


def _figures(counts: Mapping[str, int], *, keep_zero: bool = False) -> str:
    parts = [f"{k}: {counts[k]}" for k in KINDS if k in counts and (counts[k] or keep_zero)]
    return "{" + ", ".join(parts) + "}"


def _flow(values: Mapping[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {_scalar(v)}" for k, v in values.items()) + "}"


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _name(str(value))


def players_option(value: Any) -> int:
    if value is None:
        return 2
    try:
        players = int(str(value).strip())
    except ValueError:
        players = 0
    if players not in (2, 3, 4):
        raise UsageError(f"--players must be 2, 3 or 4, not {value!r}")
    return players


def standard_setup(data: WotrData, *, players: Any = None, name: Any = None) -> str:
    """The YAML text of the standard set-up before turn 1 (it validates with no problem)."""
    count = players_option(players)
    lines = [
        "# War of the Ring (2nd edition): the standard set-up before turn 1.",
        "# Written by `armybuilder new --game war-of-the-ring`; check it with `armybuilder validate`.",
        "game: war-of-the-ring",
        "edition: 2",
    ]
    if name is not None:
        text = str(name).strip()
        if not text or "\n" in text:
            raise UsageError("--name must be one line of text")
        lines.append(f"name: {json_text(text)}")
    lines += [
        f"players: {count}",
        "turn: 0                      # 0 = the set-up, compared with the standard set-up",
    ]
    width = max(len(_name(r)) for r in data.setup_board) + 2
    lines.append("board:                       # region -> nation -> figures in the open region")
    for region, stacks in data.setup_board.items():
        inner = ", ".join(f"{nation}: {_figures(counts)}" for nation, counts in stacks.items())
        lines.append(f"  {(_name(region) + ':').ljust(width)}{{{inner}}}")
    lines += [
        "besieged: {}                 # Stronghold -> nation -> figures inside its Stronghold box",
        "captured: {}                 # settlement -> side now holding it (only when not its own side)",
        "reinforcements:              # nation -> figures available as reinforcements",
    ]
    for nation, counts in data.setup_reinforcements.items():
        lines.append(f"  {(nation + ':').ljust(11)}{_figures(counts, keep_zero=True)}")
    lines.append("casualties: {}               # Free Peoples figures removed for good")
    lines.append("fellowship:")
    start = data.setup_fellowship
    for key in ("location", "progress", "revealed", "corruption", "mordor_step", "guide"):
        lines.append(f"  {key}: {_scalar(start[key])}")
    lines.append(f"  companions: [{', '.join(_name(c) for c in start['companions'])}]")
    lines += [
        "characters: {}               # characters on the map: name -> region",
        "eliminated: []",
        f"action_dice: {_flow(data.setup_action_dice)}",
        f"elven_rings: {_flow(data.setup_elven_rings)}",
        f"hunt: {_flow(data.setup_hunt)}",
        "political:                   # box = steps still to go to At War (0 = At War)",
    ]
    for nation, (box, active) in data.setup_political.items():
        lines.append(f"  {(nation + ':').ljust(11)}{_flow({'box': box, 'active': active})}")
    hands = dict.fromkeys(data.hand_limits[count], data.setup_hand_size)
    lines.append(f"hands: {_flow(hands)}")
    lines.append(f"victory_points: {_flow(data.setup_victory_points)}")
    if count in data.control:
        lines.append("control:                     # who plays what (ch.11)")
        for player, names in data.control[count].items():
            lines.append(f"  {player}: [{', '.join(_name(n) for n in names)}]")
    return "\n".join(lines) + "\n"
