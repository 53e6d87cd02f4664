"""A dominance token is held by a house that is not playing, or (when its track is given) by a house
other than the one first on that track: Iron Throne token and Iron Throne, Valyrian Steel Blade and
Fiefdoms, Messenger Raven and King's Court.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.data import TOKEN_NAMES, TOKENS, TRACK_NAMES
from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "dominance-tokens"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 3
round: 3
influence:
  iron_throne: [lannister, stark, baratheon]
dominance_tokens: {iron_throne: lannister, messenger_raven: stark}
houses:
  stark: {}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 3
round: 3
influence:
  iron_throne: [lannister, stark, baratheon]
dominance_tokens: {iron_throne: stark, messenger_raven: greyjoy}  #! dominance-tokens
houses:
  stark: {}
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    if not position.dominance:
        return
    playing = position.playing
    name = position.house_name
    for token, (hid, where) in position.dominance.items():
        track = TOKENS[token]
        if playing is not None and hid not in playing:
            yield position.problem(
                ID,
                SEVERITY,
                f"the {TOKEN_NAMES[token]} is held by {name(hid)}, who is not playing: give it to the house first "
                f"on the {TRACK_NAMES[track]} track",
                where,
            )
            continue
        t = (position.influence or {}).get(track)
        if t is None or t.broken or not t.houses:
            continue
        first = t.houses[0][0]
        if first != hid:
            yield position.problem(
                ID,
                SEVERITY,
                f"the {TOKEN_NAMES[token]} belongs to {name(first)} (first on the {TRACK_NAMES[track]} track), "
                f"not {name(hid)}",
                where,
            )
