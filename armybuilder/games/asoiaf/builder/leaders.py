"""The cards a commander leads the army only with (Varamyr Sixskins with Shadowcat and Wolf Pack, Doran
Martell with Areo Hotah), and a list that holds them: what `new` writes and what `collection armies`
starts from.

Nothing here prints or exits.
"""

from __future__ import annotations

from collections.abc import Callable

from armybuilder.games.asoiaf.builder.options import fits
from armybuilder.games.asoiaf.cards import Card, CardKind
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.listwriter import ListSpec


def companions(catalogue: Catalogue, commander: Card) -> list[tuple[str, ...]]:
    """The cards `commander` leads the army only with, or may be fielded only with (Areo Hotah with Doran
    Martell): for each, the references any of which will do (none for most commanders)."""
    needs = [
        (ref,)
        for special in catalogue.specials.values()
        for effect in special.effects
        if effect.kind == "alternate_commander" and effect.commander_card_id == commander.id
        for ref in effect.requires_in_army_all_of
    ]
    return needs + [req.any_of for req in commander.requirements_of("requires_in_army") if req.any_of]


def with_companions(
    spec: ListSpec,
    commander: Card,
    catalogue: Catalogue,
    pick: Callable[[tuple[str, ...]], Card | None],
    host: Callable[[Card], Card | None],
) -> ListSpec:
    """`spec` with the cards the commander leads only with: `pick(refs)` chooses a card for one of the
    references (None: none to have, the list stays without it and the validator says so); an attachment joins a unit
    of the list that has none and may take it, else a new unit `host(attachment)` chooses."""
    present = {c.id for unit, atts in spec.units for c in (unit, *atts)} | {c.id for c in spec.ncus}
    for refs in companions(catalogue, commander):
        if any(catalogue.matches(catalogue.cards[i], r) for i in present if i in catalogue.cards for r in refs):
            continue
        card = pick(refs)
        if card is None:
            continue
        present.add(card.id)
        if card.kind is CardKind.NCU:
            spec.ncus.append(card)
        elif card.kind is CardKind.COMBAT_UNIT:
            spec.units.append((card, []))
        else:
            free = next(
                (i for i, (unit, atts) in enumerate(spec.units) if not atts and fits(unit, card, catalogue)),
                None,
            )
            if free is not None:
                spec.units[free] = (spec.units[free][0], [card])
            elif (unit := host(card)) is not None:
                spec.units.append((unit, [card]))
    return spec
