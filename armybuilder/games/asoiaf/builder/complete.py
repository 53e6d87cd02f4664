"""The completion search: the best ways to spend the points a list has left, each verified by the validator."""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from armybuilder.errors import UsageError
from armybuilder.games.asoiaf.armylist import ArmyList, Entry
from armybuilder.games.asoiaf.builder.judge import new_errors
from armybuilder.games.asoiaf.builder.options import candidates, fits, with_additions
from armybuilder.games.asoiaf.cards import NEUTRAL, Card, CardKind, Requirement
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import ListReport, validate

CANDIDATE_LIMIT = 50_000  # completion candidates kept for verification (the best estimates)
MIN_CHECKS = 100  # candidates verified even past the time limit, so a slow machine still gets answers


@dataclass(frozen=True)
class Addition:
    """One step of a completion: a new unit (with an optional attachment), an attachment for an existing
    unit (0-based index), or an NCU."""

    kind: str  # "unit" | "attach" | "ncu"
    card: Card
    attachment: Card | None = None
    unit: int | None = None

    def cards(self) -> tuple[Card, ...]:
        return (self.card,) if self.attachment is None else (self.card, self.attachment)


@dataclass
class Completion:
    additions: tuple[Addition, ...]
    spent: int
    left: int
    neutral: int
    units: int
    report: ListReport

    @property
    def key(self) -> tuple[int, int, int, int]:
        """Closest use of the budget first, then fewer neutral points, more combat units, fewer cards."""
        return (self.left, self.neutral, -self.units, sum(len(a.cards()) for a in self.additions))


@dataclass
class Search:
    completions: list[Completion] = field(default_factory=list)
    exhaustive: bool = True
    generated: int = 0
    verified: int = 0
    budget: int = 0


class CostFloors:
    """The least a card can ever cost in an army of `faction`: its printed cost lowered by every cost
    modifier that could reach it. Sums of floors bound totals from below, so budget pruning stays exact.

    Modifiers a unit gives the attachment that joins it count only for that pairing (`attached`).
    """

    def __init__(self, catalogue: Catalogue, faction: str | None) -> None:
        self.catalogue = catalogue
        sources: list[tuple[Card | None, Requirement]] = [
            (c, r) for c in catalogue.cards.values() for r in c.requirements_of("cost_modifier")
        ]
        for special in catalogue.specials.values():
            if special.faction == faction or special.used_by:
                sources += [(None, e) for e in special.effects if e.kind == "cost_modifier"]
        self.general: dict[Requirement, None] = {}
        self.own: dict[str, list[Requirement]] = {}
        for owner, req in sources:
            per_unit = req.condition is not None and req.condition.attached_to_this_unit
            if per_unit:
                continue  # see attached()
            if req.applies_to == "self" and owner is not None:
                self.own.setdefault(owner.id, []).append(req)
            else:
                self.general.setdefault(req, None)
        self.cache: dict[str, int] = {}

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
        """The floor of an attachment joining `unit`, with what the unit's own card takes off."""
        mine = [
            r
            for r in unit.requirements_of("cost_modifier")
            if r.condition is not None and r.condition.attached_to_this_unit
        ]
        return self._lower(attachment, mine, self.card(attachment)) if mine else self.card(attachment)


def complete(
    army: ArmyList,
    catalogue: Catalogue,
    *,
    top: int = 5,
    timeout: float = 5.0,
    clock: Callable[[], float] = time.monotonic,
) -> Search:
    """The best ways to spend the remaining points, each verified by the validator.

    Depth-first over multisets of additions in a fixed canonical order, pruned by remaining budget (with
    cost floors), the neutral cap, unique characters and attachment fit; then best-first verification.
    """
    start = clock()
    deadline = start + timeout
    base = validate(army, catalogue)
    ctx = base.context
    if ctx is None or ctx.points is None:
        raise UsageError("the list cannot be read or has no `points:`; fix it with `armybuilder validate`")
    if ctx.commander is None:
        raise UsageError("the list needs exactly one commander first; `armybuilder set LIST commander NAME`")
    floors = CostFloors(catalogue, ctx.faction)

    def base_floor(entry: Entry) -> int:
        unit = ctx.unit_of.get(id(entry))
        if unit is not None and unit.unit.card is not None:
            return floors.attached(unit.unit.card, ctx.card(entry))
        return floors.card(ctx.card(entry))

    budget = ctx.points - sum(base_floor(e) for e in ctx.entries)
    cap = ctx.neutral_cap
    neutral_room = None if cap is None else cap - sum(base_floor(e) for e in ctx.entries if ctx.is_neutral(e))
    search = Search(budget=ctx.points - ctx.total)
    used_chars = {name for e in ctx.entries for name in ctx.card(e).characters}
    present = [ctx.card(e) for e in ctx.entries]

    def allowed(card: Card) -> bool:
        if card.commander or card.points == 0 or used_chars.intersection(card.characters):
            return False  # a free card spends nothing; a commander or a present character cannot be added
        if any(r.kind in ("only_via_ability", "attach_to_enemy_unit") for r in card.requirements):
            return False
        return not any(
            catalogue.matches(other, ref)
            for r in card.requirements_of("not_in_army_with")
            for ref in r.any_of
            for other in present
        )

    # other factions only where a special card allows them, of the kinds and in the number it allows
    home = {NEUTRAL} | ({ctx.faction} if ctx.faction else set())
    foreign: dict[CardKind, set[str]] = {kind: set() for kind in CardKind}
    foreign_room = 0
    for _special, effect in ctx.effects("army_may_include"):
        for kind in effect.card_kinds or ("combat_units", "attachments", "ncus"):
            key = {"combat_units": CardKind.COMBAT_UNIT, "attachments": CardKind.ATTACHMENT}.get(
                kind, CardKind.NCU
            )
            foreign[key].update(effect.factions)
        foreign_room += effect.max if effect.max is not None else 99
    foreign_room -= len(ctx.allowed_foreign)
    units = [
        c
        for c in candidates(catalogue, CardKind.COMBAT_UNIT, home | foreign[CardKind.COMBAT_UNIT])
        if allowed(c)
    ]
    attachments = [
        c
        for c in candidates(catalogue, CardKind.ATTACHMENT, home | foreign[CardKind.ATTACHMENT])
        if allowed(c)
    ]
    ncus = [c for c in candidates(catalogue, CardKind.NCU, home | foreign[CardKind.NCU]) if allowed(c)]
    items: list[Addition] = []
    for unit in units:
        carry = [r.target for r in unit.requirements_of("must_attach_to") if r.target]
        if not carry:  # a unit that must carry a named attachment is only offered with it
            items.append(Addition("unit", unit))
        items += [
            Addition("unit", unit, a)
            for a in attachments
            if fits(unit, a, catalogue) and all(catalogue.matches(a, t) for t in carry)
        ]
    for index, entry in enumerate(army.units):
        body = entry.unit.card
        if body is None or entry.attachments:
            continue
        items += [Addition("attach", a, unit=index) for a in attachments if fits(body, a, catalogue)]
    items += [Addition("ncu", c) for c in ncus]

    def item_floors(item: Addition) -> list[tuple[Card, int]]:
        if item.kind == "attach" and item.unit is not None:
            body = army.units[item.unit].unit.card
            assert body is not None
            return [(item.card, floors.attached(body, item.card))]
        out = [(item.card, floors.card(item.card))]
        if item.attachment is not None:
            out.append((item.attachment, floors.attached(item.card, item.attachment)))
        return out

    priced = [item_floors(item) for item in items]
    costs = [sum(f for _, f in p) for p in priced]
    neutral_costs = [sum(f for c, f in p if c.is_neutral) for p in priced]
    chars = [frozenset(n for c in item.cards() for n in c.characters) for item in items]
    foreigners = [sum(c.faction not in home for c in item.cards()) for item in items]
    order = sorted(range(len(items)), key=lambda i: -costs[i])  # dearest first: budget prunes early
    items = [items[i] for i in order]
    costs = [costs[i] for i in order]
    neutral_costs = [neutral_costs[i] for i in order]
    chars = [chars[i] for i in order]
    foreigners = [foreigners[i] for i in order]
    # requires_in_army is not monotone (a later card may satisfy it), so it filters candidates, never prunes
    needs = [
        [r.any_of for c in item.cards() for r in c.requirements_of("requires_in_army")] for item in items
    ]
    satisfies: dict[str, set[str]] = {}
    for refs in (refs for need in needs for refs in need):
        for ref in refs:
            if ref not in satisfies:
                satisfies[ref] = {c.id for c in catalogue.resolve_ref(ref)}
    present_ids = {c.id for c in present}

    def satisfied() -> bool:
        wanted = [refs for i in chosen for refs in needs[i]]
        if not wanted:
            return True
        pool = present_ids | {c.id for i in chosen for c in items[i].cards()}
        return all(any(satisfies[ref] & pool for ref in refs) for refs in wanted)

    Key = tuple[int, int, int, int]
    kept: list[tuple[Key, tuple[int, ...]]] = []  # a max-heap on the estimate (negated) of the best LIMIT
    dropped: Key | None = None
    chosen: list[int] = []
    units_taken: set[int] = set()
    taken_chars: set[str] = set()
    gen_deadline = start + timeout * 0.5
    ticks = 0
    foreign_left = foreign_room

    def record(key: Key) -> None:
        nonlocal dropped
        search.generated += 1
        entry = ((-key[0], -key[1], -key[2], -key[3]), tuple(chosen))
        if len(kept) < CANDIDATE_LIMIT:
            heapq.heappush(kept, entry)
            return
        out = heapq.heappushpop(kept, entry)
        worst: Key = (-out[0][0], -out[0][1], -out[0][2], -out[0][3])
        dropped = worst if dropped is None else min(dropped, worst)

    def dfs(first: int, room: int, nroom: int | None, spent_neutral: int, new_units: int, cards: int) -> bool:
        nonlocal ticks, foreign_left
        for i in range(first, len(items)):
            ticks += 1
            if ticks % 2048 == 0 and clock() > gen_deadline:
                return False
            cost = costs[i]
            if cost > room:
                continue
            if nroom is not None and neutral_costs[i] > nroom:
                continue
            item = items[i]
            if chars[i] & taken_chars or foreigners[i] > foreign_left:
                continue
            if item.kind == "attach" and item.unit in units_taken:
                continue
            chosen.append(i)
            taken_chars.update(chars[i])
            foreign_left -= foreigners[i]
            if item.kind == "attach":
                assert item.unit is not None
                units_taken.add(item.unit)
            units_now = new_units + (item.kind == "unit")
            neutral_now = spent_neutral + neutral_costs[i]
            cards_now = cards + len(item.cards())
            if satisfied():
                record((room - cost, neutral_now, -units_now, cards_now))
            nroom_now = None if nroom is None else nroom - neutral_costs[i]
            ok = dfs(i, room - cost, nroom_now, neutral_now, units_now, cards_now)
            chosen.pop()
            taken_chars.difference_update(chars[i])
            foreign_left += foreigners[i]
            if item.kind == "attach":
                units_taken.discard(item.unit or 0)
            if not ok:
                return False
        return True

    search.exhaustive = dfs(0, budget, neutral_room, 0, 0, 0)
    found = sorted(((-k[0], -k[1], -k[2], -k[3]), picks) for k, picks in kept)
    results: list[Completion] = []
    finished = False
    for estimate, picks in found:
        if len(results) >= top and results[top - 1].key <= estimate:
            finished = True
            break
        if clock() > deadline and search.verified >= MIN_CHECKS:
            search.exhaustive = False
            break
        additions = tuple(items[i] for i in picks)
        variant = with_additions(
            army,
            units=[(a.card, a.attachment) for a in additions if a.kind == "unit"],
            ncus=[a.card for a in additions if a.kind == "ncu"],
            attach=[(a.unit, a.card) for a in additions if a.kind == "attach" and a.unit is not None],
        )
        after = validate(variant, catalogue)
        search.verified += 1
        if after.context is None or new_errors(base, after):
            continue
        actx = after.context
        assert actx.points is not None
        results.append(
            Completion(
                additions,
                actx.total - ctx.total,
                actx.points - actx.total,
                actx.neutral_total,
                sum(1 for a in additions if a.kind == "unit"),
                after,
            )
        )
        results.sort(key=lambda c: c.key)
    if not finished and dropped is not None and (len(results) < top or results[top - 1].key > dropped):
        search.exhaustive = False  # better candidates may have been among those not kept
    search.completions = results[:top]
    return search
