"""(Warning) An order is of a kind that one of this round's Westeros cards forbids: Sea of Storms (raid),
Storm of Swords (defense), Feast for Crows (consolidate), and in the second edition Rains of Autumn
(march-plus1-star), Web of Lies (support) and Put to the Sword (the Valyrian Steel Blade holder's
choice). Round 1 has no Westeros phase: cards listed then are ignored, with this warning. A
`put_to_the_sword` choice without Put to the Sword among this round's cards restricts nothing: warned too.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.position import Position
from armybuilder.problems import Problem, Severity

ID = "westeros-restriction"
SEVERITY = Severity.WARNING
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
westeros_cards: [Put to the Sword, Supply]
put_to_the_sword: none
houses:
  stark:
    units: {Winterfell: {footman: 1}}
    orders: {Winterfell: defense-plus1}
"""
INVALID = """\
game: agot-board-game
edition: 1
players: 5
round: 1
westeros_cards: [Supply]  #! westeros-restriction
houses:
  stark: {}
"""
KIND_NAMES = {
    "march": "March",
    "defense": "Defense",
    "support": "Support",
    "raid": "Raid",
    "consolidate": "Consolidate Power",
    "march-plus1-star": "March +1",
}
CHOICE = {"no-defense": "defense", "no-march-plus1": "march-plus1-star"}


def check(position: Position) -> Iterator[Problem]:
    chosen = position.put_to_the_sword
    if chosen not in (None, "none") and position.round != 1 and not any(
        "chosen" in position.edition.westeros.get(card, ()) for card, _ in position.westeros or ()
    ):  # the choice of a card this round did not reveal: never dropped without a word
        yield position.problem(
            ID,
            SEVERITY,
            f"put_to_the_sword is {chosen}, but Put to the Sword is not among this round's westeros_cards, so it "
            "restricts nothing; list the card or remove the choice",
            position.put_to_the_sword_pos,
        )
    if not position.westeros or position.round is None:
        return
    if position.round == 1:
        yield position.problem(
            ID,
            SEVERITY,
            "round 1 has no Westeros phase: the westeros_cards listed are ignored; remove them",
            position.westeros_pos,
        )
        return
    if not any(b.has_orders() for b in position.houses.values()):
        return
    forbidden: dict[str, str] = {}  # order kind or token -> the card forbidding it
    for card, _ in position.westeros:
        for kind in position.edition.westeros.get(card, ()):
            if kind == "chosen":
                choice = CHOICE.get(position.put_to_the_sword or "none")
                if choice:
                    forbidden.setdefault(choice, card)
            else:
                forbidden.setdefault(kind, card)
    if not forbidden:
        return
    kinds = position.data.order_kinds
    for block in position.houses.values():
        for order in block.orders or ():
            if order.place.status not in ("ok", "noted"):
                continue
            kind = order.token if order.token in forbidden else kinds.get(order.token, "")
            by = forbidden.get(kind)
            if by is None:
                continue
            yield position.problem(
                ID,
                SEVERITY,
                f"no {KIND_NAMES.get(kind, kind)} orders may be placed this round ({by}): "
                f"{order.place.name} has {order.token}; place another order",
                order.pos,
            )
