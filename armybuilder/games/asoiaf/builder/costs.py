"""What cards can cost in an army being completed: the least a card can cost whatever else joins
(`CostFloors`), and the most each attachment of a unit can cost (`local_costs`).

Nothing here prints or exits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from armybuilder.games.asoiaf.cards import Card, CardKind, Requirement, Special
from armybuilder.games.asoiaf.catalogue import Catalogue


class CostFloors:
    """The least a card can cost in this army: its printed cost lowered by every cost modifier that could
    reach it, counting only modifiers printed on cards that could be in the army (and whose condition such
    a card could meet) and special cards that could be in force. Modifiers a unit gives the attachments
    that join it count only for that pairing (`attached`).

    A modifier limited to a number of cards (one free Crannogman Survivalist, one attachment 1 cheaper)
    lowers no floor: it is a discount the whole army shares, at most `pool` points (`neutral_pool` of them
    possibly on neutral cards)."""

    def __init__(self, catalogue: Catalogue, possible: Iterable[Card], specials: Iterable[Special]) -> None:
        self.catalogue = catalogue
        cards = {c.id: c for c in possible}
        ids = set(cards)

        def can_hold(req: Requirement) -> bool:
            refs = req.condition.in_army_any_of if req.condition is not None else ()
            return not refs or any(c.id in ids for ref in refs for c in catalogue.resolve_ref(ref))

        sources: list[tuple[Card | None, Requirement]] = [
            (c, r) for c in cards.values() for r in c.requirements_of("cost_modifier")
        ]
        sources += [(None, e) for s in specials for e in s.effects if e.kind == "cost_modifier"]
        self.general: dict[Requirement, None] = {}
        self.own: dict[str, list[Requirement]] = {}
        pooled: dict[object, tuple[Card | None, Requirement]] = {}
        for owner, req in sources:
            if not can_hold(req) or (req.condition is not None and req.condition.attached_to_this_unit):
                continue  # cannot happen here, or see attached()
            if req.condition is not None and req.condition.attached_to_unit_of:
                continue  # see local_costs(); attached() counts it
            if req.count is not None:
                pooled[(owner.id if owner and req.applies_to == "self" else None, req)] = (owner, req)
            elif req.applies_to == "self" and owner is not None:
                self.own.setdefault(owner.id, []).append(req)
            else:
                self.general.setdefault(req, None)
        self.cache: dict[str, int] = {}
        self.pool = self.neutral_pool = 0
        self.pools: list[tuple[frozenset[str], int, bool]] = []  # (target ids, most off, any neutral)
        for owner, req in pooled.values():
            targets = (
                [owner]
                if req.applies_to == "self" and owner
                else [c for c in cards.values() if self._hit(c, req)]
            )
            cuts = [c.points - self._after(req, c.points) for c in targets]
            if cuts and max(cuts) > 0:
                cut = (req.count or 0) * max(cuts)
                neutral = any(c.is_neutral for c in targets)
                self.pools.append((frozenset(c.id for c in targets), cut, neutral))
                self.pool += cut
                self.neutral_pool += cut if neutral else 0
        self.named: list[Requirement] = [  # a card's discount for joining a named unit (Ben Bones)
            r for _, r in sources if r.condition is not None and r.condition.attached_to_unit_of
        ]

    @staticmethod
    def _after(req: Requirement, cost: int) -> int:
        return min(cost, req.set_to if req.set_to is not None else max(0, cost + (req.amount or 0)))

    def _hit(self, card: Card, req: Requirement) -> bool:
        if req.applies_to == "any_attachment":
            return card.kind is CardKind.ATTACHMENT
        if isinstance(req.applies_to, tuple):
            return any(self.catalogue.matches(card, r) for r in req.applies_to)
        return req.applies_to == "self"

    def _lower(self, card: Card, reqs: Iterable[Requirement], cost: int) -> int:
        zero = False
        for req in reqs:
            if self._hit(card, req):
                zero = zero or req.set_to is not None
                cost += req.amount or 0
        return 0 if zero else max(0, cost)

    def card(self, card: Card) -> int:
        if card.id not in self.cache:
            self.cache[card.id] = self._lower(card, [*self.own.get(card.id, ()), *self.general], card.points)
        return self.cache[card.id]

    def attached(self, unit: Card, attachment: Card) -> int:
        """The floor of an attachment joining `unit`, with what the unit's own card takes off and what the
        attachment's own card takes off for joining a named unit."""
        mine = [
            r
            for r in unit.requirements_of("cost_modifier")
            if r.condition is not None and r.condition.attached_to_this_unit
        ]
        mine += [
            r
            for r in attachment.requirements_of("cost_modifier")
            if r in self.named
            and r.condition is not None
            and r.condition.attached_to_unit_of
            and self.catalogue.matches(unit, r.condition.attached_to_unit_of)
        ]
        return self._lower(attachment, mine, self.card(attachment)) if mine else self.card(attachment)


def ceiling(
    card: Card,
    held: frozenset[str],
    catalogue: Catalogue,
    general: Iterable[Requirement] = (),
    start: int | None = None,
) -> int:
    """The most `card` can cost in an army that holds the cards `held` whatever else joins: its printed cost
    lowered by the modifiers sure to apply there: its own and the `general` ones (on other cards: printed
    on those cards, or on special cards in force, each once) whose condition those cards meet, not limited
    to a number of cards, not depending on the unit it joins (Cortnay Penrose 1 cheaper where Renly
    Baratheon leads). Modifiers only ever lower a cost, so whatever else applies costs no more. `start`:
    the cost to lower instead of the printed one (what its unit's modifiers leave of it, when they apply
    in any order alike)."""
    cost = card.points if start is None else start
    own = [r for r in card.requirements_of("cost_modifier") if r.applies_to == "self"]
    for req in [*own, *general]:
        cond = req.condition
        if req.count is not None:
            continue
        if cond is not None and (cond.attached_to_this_unit or cond.attached_to_unit_of):
            continue
        refs = cond.in_army_any_of if cond is not None else ()
        if refs and not any(c.id in held for ref in refs for c in catalogue.resolve_ref(ref)):
            continue
        if req not in own and not _hits(card, req, catalogue):
            continue
        cost = min(cost, req.set_to if req.set_to is not None else max(0, cost + (req.amount or 0)))
    return cost


def _hits(card: Card, req: Requirement, catalogue: Catalogue) -> bool:
    if req.applies_to == "any_attachment":
        return card.kind is CardKind.ATTACHMENT
    if isinstance(req.applies_to, tuple):
        return any(catalogue.matches(card, r) for r in req.applies_to)
    return False


def local_costs(unit: Card, attachments: Sequence[Card], catalogue: Catalogue) -> list[int]:
    """What each attachment of a unit costs at most, whatever else is in the army: its printed cost
    lowered by the modifiers its unit prints for the attachments joining it, and by its own modifier for
    joining a named unit, applied the way the validator applies them (in list order, a counted discount
    skipping free cards)."""
    costs = [a.points for a in attachments]
    for req in unit.requirements_of("cost_modifier"):
        if req.condition is None or not req.condition.attached_to_this_unit:
            continue
        remaining = req.count
        for i, att in enumerate(attachments):
            hit = req.applies_to == "any_attachment" or (
                isinstance(req.applies_to, tuple) and any(catalogue.matches(att, r) for r in req.applies_to)
            )
            if not hit:
                continue
            if remaining is not None and remaining <= 0:
                break
            if remaining is not None and costs[i] == 0:
                continue
            after = req.set_to if req.set_to is not None else max(0, costs[i] + (req.amount or 0))
            costs[i] = min(costs[i], after)
            if remaining is not None:
                remaining -= 1
    members = [unit, *attachments]
    for i, att in enumerate(attachments):
        for req in att.requirements_of("cost_modifier"):
            cond = req.condition
            if (
                req.applies_to != "self"
                or cond is None
                or not cond.attached_to_unit_of
                or cond.in_army_any_of
            ):
                continue
            if any(catalogue.matches(m, cond.attached_to_unit_of) for m in members):
                after = req.set_to if req.set_to is not None else max(0, costs[i] + (req.amount or 0))
                costs[i] = min(costs[i], after)
    return costs
