"""A house places more order tokens of one name than it owns: of each kind 2 normal and 1 starred (the
normal marches are march-minus1 and march-0, the normal defenses both defense-plus1).
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "order-supply"
SEVERITY = Severity.ERROR
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:
    units: {Winterfell: {footman: 1}, Karhold: {footman: 1}}
    orders: {Winterfell: defense-plus1, Karhold: defense-plus1}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:  #! order-supply
    units: {Winterfell: {footman: 1}, Karhold: {footman: 1}}
    orders: {Winterfell: march-0, Karhold: march-0}
"""
OTHER = {"march-0": "march-minus1", "march-minus1": "march-0"}


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    owned = position.data.order_tokens
    for block in position.houses.values():
        if not block.orders:
            continue
        used: dict[str, int] = {}
        for order in block.orders:
            used[order.token] = used.get(order.token, 0) + 1
        for token, n in used.items():
            have = owned.get(token, 0)
            if n <= have:
                continue
            other = f" (its other normal march is {OTHER[token]})" if token in OTHER else ""
            yield position.problem(
                ID,
                SEVERITY,
                f"{block.name} placed {n} {token} orders; it has {have}{other}: change {n - have} of them",
                block.pos,
            )
