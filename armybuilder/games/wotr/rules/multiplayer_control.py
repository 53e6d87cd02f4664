"""In a 3- or 4-player game each nation and minion belongs to one player (ch.11 four players, l.2462-2474,
summary l.2522-2539; three players, l.2582-2586): with 4, the Gondor player has Gondor and the Elves, the
Rohan player Rohan, the North and the Dwarves, the Witch-king player Sauron, the Witch-king and the Mouth of
Sauron, the Saruman player Isengard, the Southrons & Easterlings and Saruman; with 3, one Free Peoples player
has all five Free Peoples nations.

Needs `players` 3 or 4 and `control`; points at the name in the `control` list.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.games.wotr.words import join
from armybuilder.problems import Problem, Severity

ID = "multiplayer-control"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
players: 4
control:
  gondor_player: [gondor, elves]
  witch_king_player: [sauron, 巫王]
"""
INVALID = """\
game: war-of-the-ring
players: 3
control:
  witch_king_player:
    - Saruman  # <- multiplayer-control
"""


def _shown(position: Position, name: str) -> str:
    nation = position.data.nations.get(name)
    if nation is not None:
        return nation.name
    return "the " + name if name in ("Witch-king", "Mouth of Sauron") else name


def check(position: Position) -> Iterator[Problem]:
    if position.control is None:
        return
    data = position.data
    split = data.control.get(position.players)
    if split is None:
        return
    for player, names in position.control.items():
        own = split.get(player, ())
        for named in names:
            if named.name in own:
                continue
            owner = next((p for p, listed in split.items() if named.name in listed), None)
            theirs = f" ({data.player_names[owner]} does)" if owner is not None else ""
            yield position.problem(
                ID,
                SEVERITY,
                f"{data.player_names[player]} controls {join([_shown(position, n) for n in own])}, not "
                f"{_shown(position, named.name)}{theirs}",
                named.pos,
            )
