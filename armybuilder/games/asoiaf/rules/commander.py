"""Exactly one commander, and `commander:` (when given) must name the army's commander card (000, 建軍)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.cards import NEUTRAL, CardKind
from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.rules.examples import EXAMPLE_LIST
from armybuilder.problems import Problem, Severity

ID = "commander"
SEVERITY = Severity.ERROR
VALID = EXAMPLE_LIST
INVALID = """\
faction: stark  # <- commander
points: 40
"""

_PLACE = {
    CardKind.ATTACHMENT: "attach it to a combat unit of its type",
    CardKind.NCU: "list it under `ncus:`",
    CardKind.COMBAT_UNIT: "list it under `units:`",
}


def check(army: Army) -> Iterator[Problem]:
    commanders = army.commanders
    named = army.army.commander_text
    named_cards = army.named_cards
    if not commanders:
        if named_cards:
            card = named_cards[0]
            yield army.problem(
                ID,
                f"`commander:` names {card.title}, but the card is not in the list; {_PLACE[card.kind]}",
                army.army.commander_pos,
            )
        else:
            options = _examples(army)
            hint = f" (for example {'; '.join(options)})" if options else ""
            yield army.problem(
                ID, f"the list has no commander; add exactly one commander card{hint}", army.army.pos("units")
            )
        return
    first = army.card(commanders[0])
    for extra in commanders[1:]:
        yield army.problem(
            ID,
            f"{army.card(extra).title} is a second commander (the first is {first.title}, line "
            f"{commanders[0].line}); an army has exactly one — remove one of them",
            extra,
        )
    if named is not None and len(commanders) == 1:
        if not named_cards:
            yield army.problem(
                ID,
                f"`commander:` names '{named}', which is no card; the army's commander is {first.title}",
                army.army.commander_pos,
            )
        elif first not in named_cards:
            yield army.problem(
                ID,
                f"`commander:` names {named_cards[0].title}, but the army's commander is {first.title}; "
                "make them the same card",
                army.army.commander_pos,
            )


def _examples(army: Army) -> list[str]:
    """Three commanders the army could take: its own faction's first, then neutral ones (once per faction:
    sorting the whole catalogue for every list without a commander cost a batch more than its checks)."""
    memo = army.catalogue.memo
    key = ("commander-examples", army.faction)
    if key not in memo:
        memo[key] = [
            c.title
            for c in sorted(army.catalogue.cards.values(), key=lambda c: c.faction != army.faction)
            if c.commander and c.faction in (army.faction, NEUTRAL) and army.faction is not None
        ][:3]  # the army's own commanders first, then neutral ones
    found: list[str] = memo[key]  # type: ignore[assignment]
    return found
