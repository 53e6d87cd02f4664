"""An upgraded figure replaces the old one (ch.2 characters, l.508-514; ch.6 Free Peoples characters
entering play, l.1351-1356; ch.8, l.2194): Gandalf the Grey and Gandalf the White cannot both be in play, nor
Strider and Aragorn ("in play": in `fellowship.companions` or under `characters`); and Gandalf the White and
Aragorn enter play on the map, never in the Fellowship.

Points at the upgrade's listing.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos

ID = "replaced-character"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
characters: {Aragorn: Minas Tirith}
eliminated: [Strider]
"""
INVALID = """\
game: war-of-the-ring
fellowship:
  companions:
    - Gandalf the White  # <- replaced-character
"""


def check(position: Position) -> Iterator[Problem]:
    characters = position.data.characters
    listings: list[tuple[str, Pos, bool]] = []  # (name, where, in the Fellowship)
    if position.fellowship is not None and position.fellowship.companions is not None:
        listings.extend((n.name, n.pos, True) for n in position.fellowship.companions)
    if position.characters is not None:
        listings.extend((e.name, e.pos, False) for e in position.characters.values())
    if not listings:
        return
    in_play = {name for name, _, _ in listings}
    for name, pos, in_fellowship in listings:
        replaces = characters[name].replaces
        if replaces is None:
            continue
        if in_fellowship:
            yield position.problem(
                ID,
                SEVERITY,
                f"{name} enters play on the map and cannot be in the Fellowship; list him under characters",
                pos,
            )
        if replaces in in_play:
            yield position.problem(
                ID,
                SEVERITY,
                f"{name} replaces {replaces}; both cannot be in play: remove {replaces}",
                pos,
            )
