"""Hands of event cards stay within their limit (ch.5 drawing event cards, l.1251; ch.11, l.2492, 2584):
with 2 players 6 per side; with 3 players 6 for the Free Peoples player and 4 for each Shadow player; with
4 players 4 each.

Points at the `hands` entry.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.games.wotr.words import HOLD, SIDE_NAMES
from armybuilder.problems import Problem, Severity

ID = "hand-limit"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
hands: {free_peoples: 6, shadow: 6}
"""
INVALID = """\
game: war-of-the-ring
hands:
  free_peoples: 7  # <- hand-limit
"""


def check(position: Position) -> Iterator[Problem]:
    if position.hands is None:
        return
    data = position.data
    limits = data.hand_limits.get(position.players, {})
    for key, hand in position.hands.items():
        limit = limits.get(key)
        if limit is None or hand.value <= limit:
            continue
        if position.players == 2:
            who, verb = SIDE_NAMES[key], HOLD[key]
        else:
            who, verb = data.player_names[key], "holds"
        yield position.problem(
            ID, SEVERITY, f"{who} {verb} {hand.value} event cards; discard down to {limit}", hand.key_pos
        )
