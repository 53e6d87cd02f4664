"""Combat units the completion search cannot tell apart: the same additions (cost ranges, attachment
classes, rules) but for the card. The search explores one arrangement of such cards (`Peers.allows`) and
checks every other arrangement of a candidate it reaches (`Peers.images`).

Why this is exact. Cards of one peer class have identical additions in the search's order (item `base + l`
of one is item `base' + l` of another), no rules of their own and no card that needs one of them, so
swapping them maps every candidate to one with the same rank; only the fixed order (the additions' places)
differs. Write a candidate's additions of card e as the places `t_e` within its block, in order. Among all
ways of dealing the same `t`s to the class's cards, the one dealing them in ascending order, where a `t` that
stops where another goes on comes after it, holds the smallest places first: the candidate first in the
fixed order, the canonical one. The search takes only canonical candidates (a refusal in `allows` is final:
no later addition makes the candidate canonical again), and checks with the validator every other
arrangement of each candidate it reaches before the candidate's own checks can cut it. A subtree it cuts on
its bound holds candidates ranked at or behind the bar, and their arrangements rank the same and come later
in the fixed order, so behind it too. Cuts that rest on the best completion of a set of new units (which an
arrangement changes) apply to peer cards only when that completion ranks strictly better (`Peers.moves`).

Nothing here prints or exits.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from armybuilder.games.asoiaf.builder.model import Model, _Item


def _signature(model: Model, item: _Item) -> tuple[object, ...]:
    """What the search and its bound see of one addition, but for its card."""
    classes = tuple((tuple(m.id for m in k.members), k.lo, k.hi, k.neutral) for k in item.classes)
    return (
        item.kind, classes, item.unit, item.lo, item.hi, item.nlo, item.units, item.ncus, item.cards,
        len(item.tags), len(item.forbids), item.foreign, item.repeat, item.cap, item.plain, item.variants,
        item.pools, item.charged, item.charge, item.carries, item.fixed, len(item.counted),
        tuple(model.limit_max[g] for g in item.limits), tuple(model.limit_count[g] for g in item.limits),
    )  # fmt: skip


class Peers:
    """The peer classes of one search: for each item of a peer card, the card's block and its place."""

    def __init__(self, model: Model, items: Sequence[_Item], held: dict[str, int]) -> None:
        self.items = items
        blocks: dict[str, list[int]] = {}
        for j, item in enumerate(items):
            if item.kind in ("unit", "ncu") and item.card is not None:
                blocks.setdefault(item.card.id, []).append(j)
        needed = {i for c in model.catalogue.cards.values() for ids in model._needs(c) for i in ids}
        wanted = {i for ids in model.limits.with_cards for i in ids}
        owners: dict[int, set[str]] = {}  # tag -> the cards that bring or forbid it
        for table in (model.card_tags, model.card_forbids):
            for cid, brought in table.items():
                for t in brought:
                    owners.setdefault(t, set()).add(cid)
        grouped: dict[tuple[object, ...], list[str]] = {}
        for cid, places in blocks.items():
            card = items[places[0]].card
            assert card is not None
            if card.requirements or cid in needed or cid in wanted or cid in model.satisfier_of:
                continue  # rules of its own, or another card (or the player) asks for this one
            # its own character only: no other card (nor the list) brings or forbids what it does
            tags = {*model.card_tags.get(cid, ()), *model.card_forbids.get(cid, ())}
            if any(owners[t] != {cid} or model.present_tags[t] or model.forbidden[t] for t in tags):
                continue
            if cid in model.charge_sets or places != list(range(places[0], places[0] + len(places))):
                continue
            key = (
                card.points, card.is_neutral, card.faction, held.get(cid, 0), model.pool_of.get(cid, ()),
                tuple(_signature(model, items[j]) for j in places),
            )  # fmt: skip
            grouped.setdefault(key, []).append(cid)
        self.base: dict[str, int] = {}  # card id -> its first item
        self.width: dict[str, int] = {}  # card id -> its items
        self.prev: dict[str, str] = {}  # card id -> the card before it in its class
        self.of: list[tuple[str, int] | None] = [None] * len(items)  # item -> (card id, place in block)
        self.unit_classes: list[list[str]] = []  # NCUs' classes need no images: see `moves`
        for members in grouped.values():
            if len(members) < 2:
                continue
            members.sort(key=lambda c: blocks[c][0])
            if items[blocks[members[0]][0]].kind == "unit":
                self.unit_classes.append(members)
            for before, cid in zip([None, *members], members, strict=False):
                self.base[cid] = blocks[cid][0]
                self.width[cid] = len(blocks[cid])
                if before is not None:
                    self.prev[cid] = before
                for place, j in enumerate(blocks[cid]):
                    self.of[j] = (cid, place)
        self.taken: dict[str, list[int]] = {cid: [] for cid in self.base}  # places taken, per card

    def allows(self, j: int) -> bool:
        """Taking item j keeps the candidate canonical: its card's places stay at or after the card's
        before it (a sequence that stops where the other goes on counting as after it)."""
        at = self.of[j]
        if at is None:
            return True
        cid, place = at
        before = self.prev.get(cid)
        if before is None:
            return True
        mine, theirs = self.taken[cid], self.taken[before]
        size = len(mine)
        if mine != theirs[:size]:
            return True  # already after it
        return size < len(theirs) and place >= theirs[size]

    def past(self, j: int) -> int:
        """Where the search goes on when item j's card can take none of its items (its card before it
        took none, or took as many and no later ones): after the card's block; j itself otherwise."""
        at = self.of[j]
        if at is None or at[0] not in self.prev:
            return j
        cid = at[0]
        mine, theirs = self.taken[cid], self.taken[self.prev[cid]]
        if len(mine) >= len(theirs) and mine == theirs[: len(mine)]:
            return self.base[cid] + self.width[cid]
        return j

    def skips(self) -> list[tuple[list[int], list[int], int] | None]:
        """`past` made once for every item: (the places its card took, those its card before it took,
        where its card's block ends), None for an item of no card before it: the search goes on after
        the block when the two are equal, with no call per item (the lists are those `take` and `undo`
        change)."""
        found: list[tuple[list[int], list[int], int] | None] = []
        for at in self.of:
            before = None if at is None else self.prev.get(at[0])
            if at is None or before is None:
                found.append(None)
            else:
                found.append((self.taken[at[0]], self.taken[before], self.base[at[0]] + self.width[at[0]]))
        return found

    def take(self, j: int) -> None:
        at = self.of[j]
        if at is not None:
            self.taken[at[0]].append(at[1])

    def undo(self, j: int) -> None:
        at = self.of[j]
        if at is not None:
            self.taken[at[0]].pop()

    def moves(self, chosen: Sequence[int]) -> bool:
        """The candidate holds a peer combat unit: its other arrangements hold other sets of new units.
        (Other arrangements of peer NCUs hold the same units, rank the same and come later in the fixed
        order: never the best completion of their units, which is all the search keeps of them.)"""
        return any(self.moving(j) for j in chosen)

    def moving(self, j: int) -> bool:
        """Item j is a peer combat unit's."""
        return self.of[j] is not None and self.items[j].kind == "unit"

    def images(self, chosen: Sequence[int]) -> Iterator[list[int]]:
        """Every other arrangement of the candidate (its additions, in the search's order): each class's
        cards dealt to any of the class's cards, one each."""
        per_class: list[list[dict[str, str]]] = []
        for members in self.unit_classes:
            used = [cid for cid in members if self.taken[cid]]
            if not used:
                continue
            per_class.append(
                [dict(zip(used, target, strict=True)) for target in itertools.permutations(members, len(used))]
            )
        if not per_class:
            return
        fixed = [j for j in chosen if not self.moving(j)]
        seen = {tuple(chosen)}
        for maps in itertools.product(*per_class):
            out = list(fixed)
            for mapping in maps:
                for cid, target in mapping.items():
                    out += [self.base[target] + place for place in self.taken[cid]]
            out.sort()
            key = tuple(out)
            if key not in seen:
                seen.add(key)
                yield out
