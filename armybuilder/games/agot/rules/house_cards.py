"""A house's cards do not add up: hand and discarded together are not 7, the hand is empty (when the
seventh card is played the other six return to the hand), a card name is listed twice, or (second
edition) a name is not one of the house's seven cards. First-edition names are not checked (one note).
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.agot.data import suggest
from armybuilder.games.agot.position import Position
from armybuilder.kit.words import marked
from armybuilder.problems import Problem, Severity

ID = "house-cards"
SEVERITY = Severity.ERROR
ALSO = (Severity.NOTE,)  # see the docstring
GATED = True  # runs only when the reader noted a way to break it (`Position.may_break`)
VALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:
    house_cards: {hand: 1, discarded: 6}
"""
INVALID = """\
game: agot-board-game
edition: 2
players: 6
round: 3
houses:
  stark:
    house_cards: {hand: 6, discarded: 2}  #! house-cards
"""


def check(position: Position) -> Iterator[Problem]:
    if ID not in position.may_break:  # the reader saw nothing this rule could find
        return
    per_house = position.data.cards_per_house
    ed = position.edition
    noted = False
    for block in position.houses.values():
        cards = block.cards
        if cards is None:
            continue
        total = cards.hand + cards.discarded
        if total != per_house:
            yield position.problem(
                ID,
                SEVERITY,
                f"{block.name} lists {total} house cards ({cards.hand} in hand, {cards.discarded} discarded); "
                f"each house has {per_house}: correct the counts",
                cards.pos,
            )
        if cards.hand == 0:
            yield position.problem(
                ID,
                SEVERITY,
                f"{block.name} has no house card in hand; when the last card is played, the others return to "
                "the hand: move the discarded cards back to hand",
                cards.pos,
            )
        if not cards.names:
            continue
        seen: set[str] = set()
        for name, where in cards.names:
            if name in seen:
                yield position.problem(
                    ID, SEVERITY, f'"{name}" is listed twice in {block.name}\'s house cards: keep one', where
                )
                continue
            seen.add(name)
            if ed.number == 1:
                continue
            own = ed.house_cards.get(block.id, {})
            if name in own:
                continue
            owner = ed.card_owner.get(name)
            if owner is not None:
                message = (
                    f'"{name}" is a {position.house_name(owner)} card, not a {block.name} card: remove it'
                )
            else:
                close = suggest(name, list(own))
                hint = (
                    f'; did you mean "{close}"?' if close else f": {block.name}'s cards are {', '.join(own)}"
                )
                message = f'"{marked(name)}" is not a {block.name} house card{hint}'
            yield position.problem(ID, SEVERITY, message, where)
        if ed.number == 1 and not noted:
            noted = True
            yield position.problem(
                ID,
                Severity.NOTE,
                "card names not checked in the first edition: its house cards differ from the second "
                "edition's and are not in the data",
                cards.names[0][1],
            )
