"""A power token stands where it cannot: in a sea area or port, in an area where another listed house
has units or a power token, in an area that still holds a neutral force, or twice in one house's list.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "power-token-placement"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:
    units: {Karhold: {footman: 1}}
    power_on_board: [Karhold, Winterfell]
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:
    power_on_board:
      - Bay of Ice  #! power-token-placement
      - Port of Winterfell  #! power-token-placement
      - Karhold
      - Karhold  #! power-token-placement
"""
LIVE = ("ok", "noted")


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    presence = position.presence()
    holders: dict[str, list[str]] = {}
    for hid, block in position.houses.items():
        for place, _ in block.tokens or ():
            if place.status in LIVE and hid not in holders.setdefault(place.name, []):
                holders[place.name].append(hid)
    neutral = {p.name for p, _ in position.neutral or () if p.status in LIVE}
    for hid, block in position.houses.items():
        seen: set[str] = set()
        for place, where in block.tokens or ():
            if place.status not in LIVE:
                continue
            name = place.name
            area = place.area
            if name in seen:
                message = f"{name} is listed twice in {block.name}'s power_on_board; an area takes one token: remove one"
            elif area is not None and area.kind != "land":
                what = "a sea area" if area.kind == "sea" else "a port"
                message = f"power tokens mark control of land areas only: {name} is {what}; remove the token"
            elif others := [h for h in presence.get(name, {}) if h != hid]:
                message = (
                    f"{name} holds {position.house_name(others[0])} units; a {block.name} power token cannot "
                    "stay there: remove it"
                )
            elif others := [h for h in holders.get(name, ()) if h != hid]:
                message = (
                    f"{name} holds a {position.house_name(others[0])} power token; a {block.name} power token "
                    "cannot stand beside it: remove one of them"
                )
            elif name in neutral:
                message = (
                    f"{name} still holds a neutral force; a {block.name} power token cannot be there: remove the "
                    f"token or remove {name} from neutral_forces"
                )
            else:
                seen.add(name)
                continue
            seen.add(name)
            yield position.problem(ID, SEVERITY, message, where)
