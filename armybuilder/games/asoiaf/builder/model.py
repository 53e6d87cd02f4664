"""The completion search's model of an army: the candidate additions (`_Item`, with attachment classes),
the rules between them as tags and counters (the knapsack relaxation that bounds the search: `relaxation`).

Nothing here prints or exits.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from armybuilder.games.asoiaf.armylist import ArmyList
from armybuilder.games.asoiaf.builder.costs import CostFloors, ceiling, local_costs
from armybuilder.games.asoiaf.builder.options import candidates, fits
from armybuilder.games.asoiaf.builder.proposals import (
    DEFAULT_LIMITS,
    Completion,
    Key,
    Limits,
    Progress,
    Search,
)
from armybuilder.games.asoiaf.cards import NEUTRAL, Card, CardKind, Requirement, Special
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import ListReport
from armybuilder.games.asoiaf.context import Army

MOST_EXTRAS = 3  # attachments beyond the limit on one unit, at most (two Reaver Captains and Qarl)


class _Stop(Exception):
    """The time limit was reached."""


@dataclass(frozen=True)
class _Class:
    """Attachments that are the same to the ranking on one unit: the same cost range and neutrality.
    The search picks a class; which member joins is settled when a completion is checked."""

    members: tuple[Card, ...]
    lo: int
    hi: int
    neutral: bool


@dataclass
class _Item:
    """One addition as the search sees it: a concrete unit or NCU, and attachment classes."""

    kind: str  # "unit" | "attach" | "ncu"
    card: Card | None  # the new unit or the NCU
    classes: tuple[_Class, ...]
    unit: int | None  # the existing unit (0-based) attachments join
    lo: int  # least it can cost
    hi: int  # most it can cost
    nlo: int  # least neutral points it can add
    units: int  # combat units it adds
    ncus: int  # NCUs it adds
    cards: int
    tags: tuple[int, ...]  # what its concrete card brings that others may forbid
    forbids: tuple[int, ...]  # what may not be in the army with its concrete card
    limits: tuple[int, ...]  # the copy limits its concrete card counts against
    foreign: int  # 1 when its concrete card is of another faction
    repeat: int | None  # how often it may be taken at most (None: no limit of its own)
    group: tuple[str, ...]  # items of one group share `cap`: one card, one character, one existing unit
    cap: int | None  # how many items of its group a list may hold at most (None: no limit)
    plain: tuple[tuple[int, int], ...]  # the (cost, neutral) pairs it may have
    variants: tuple[tuple[int, int], ...] = ()  # the pairs the relaxation uses (never a needed card's)
    pools: tuple[int, ...] = ()  # the shared discounts its cards may take
    charged: frozenset[str] = frozenset()  # it needs one of these cards: the search charges for one
    charge: tuple[int, int, int] = (0, 0, 0)  # what that card may cost: least, most, least neutral
    carries: tuple[tuple[int, frozenset[str]], ...] = ()  # (class position or -1 for its card, need met)
    fixed: tuple[int, ...] = ()  # positions of its classes of one member: the search counts them as concrete
    counted: tuple[str, ...] = ()  # the ids of its card and of those members: copies the search counts



class Model:
    """The candidates of one search and what the search needs to know about them."""

    def __init__(
        self,
        army: ArmyList,
        catalogue: Catalogue,
        base: ListReport,
        ctx: Army,
        top: int,
        start: float,
        timeout: float,
        clock: Callable[[], float],
        progress: Callable[[Progress], None] | None,
        owned: Mapping[str, int] | None = None,
        bar: Key | None = None,
        limits: Limits = DEFAULT_LIMITS,
        no_bare: frozenset[str] = frozenset(),
    ) -> None:
        assert ctx.points is not None
        self.army, self.catalogue, self.base, self.ctx = army, catalogue, base, ctx
        self.top, self.start, self.timeout, self.clock, self.progress = top, start, timeout, clock, progress
        self.owned, self.bar, self.limits = owned, bar, limits
        self.no_bare = no_bare  # combat units not to add without attachments (the caller covers those lists)
        self.budget = ctx.points - ctx.total
        self.cap = ctx.neutral_cap
        self.present = [ctx.card(e) for e in ctx.entries]
        self.present_ids = frozenset(c.id for c in self.present)
        self.search = Search(budget=self.budget)
        self.tag_ids: dict[str, int] = {}
        self.found: dict[tuple[str, ...], Completion] = {}  # the best completion per set of new units
        self.ranked: list[tuple[Key, tuple[str, ...]]] = []  # the best `top` of them, best first
        self.mismatch = False  # a checked cost fell outside its modelled range
        self.gave_up = False  # a candidate's members were not all tried
        self.diving = False  # in the greedy dives (whose checks the exhaustive pass repeats)
        self.reported = start
        self.home = {NEUTRAL} | ({ctx.faction} if ctx.faction else set())


    # --- the candidates and the rules between them ------------------------------------------------------

    def _tag(self, name: str) -> int:
        return self.tag_ids.setdefault(name, len(self.tag_ids))

    def _pool(self) -> tuple[list[Card], list[Card], list[Card]]:
        """Candidate units, attachments and NCUs, and how many other-faction cards may still come."""
        ctx, catalogue = self.ctx, self.catalogue
        used_chars = {name for card in self.present for name in card.characters}
        factions: dict[CardKind, set[str]] = {kind: set(self.home) for kind in CardKind}
        self.foreign_room = 0
        for _special, effect in ctx.effects("army_may_include"):
            for kind in effect.card_kinds or ("combat_units", "attachments", "ncus"):
                key = {"combat_units": CardKind.COMBAT_UNIT, "attachments": CardKind.ATTACHMENT}.get(
                    kind, CardKind.NCU
                )
                factions[key].update(effect.factions)
            self.foreign_room += effect.max if effect.max is not None else 99
        self.foreign_room -= len(ctx.allowed_foreign)

        owned = self.owned

        def allowed(card: Card) -> bool:
            if owned is not None and owned.get(card.id, 0) < 1:
                return False  # the player has no copy of it
            if card.id in self.limits.without:
                return False  # the player asked for lists without it
            if card.commander or card.points == 0 or used_chars.intersection(card.characters):
                return False  # a free card spends nothing; a commander or a present character cannot be added
            return not any(r.kind in ("only_via_ability", "attach_to_enemy_unit") for r in card.requirements)

        units, attachments, ncus = (
            [c for c in candidates(catalogue, kind, factions[kind]) if allowed(c)]
            for kind in (CardKind.COMBAT_UNIT, CardKind.ATTACHMENT, CardKind.NCU)
        )
        return units, attachments, ncus

    def _specials(self, possible: Sequence[Card]) -> list[Special]:
        """Special cards that are or could come in force: the faction's rules, those a card brings."""
        ids = {c.id for c in possible}
        return [
            s
            for s in self.catalogue.specials.values()
            if (not s.used_by and s.faction == self.ctx.faction) or ids.intersection(s.used_by)
        ]

    def _rules(self, possible: Sequence[Card], specials: Sequence[Special]) -> None:
        """Pairwise rules as tags: characters, exclusive loyalties, cards that may not be together, cards a
        special card excludes; copy limits as counters."""
        catalogue = self.catalogue
        self.card_tags: dict[str, list[int]] = {c.id: [] for c in possible}
        self.card_forbids: dict[str, list[int]] = {c.id: [] for c in possible}
        self.excluded: set[str] = set()
        loyalties = {r.loyalty for c in possible for r in c.requirements_of("exclusive_loyalty") if r.loyalty}
        for card in possible:
            for name in card.characters:
                self.card_tags[card.id].append(self._tag(f"char:{name}"))
                self.card_forbids[card.id].append(self._tag(f"char:{name}"))
            for req in card.requirements_of("exclusive_loyalty"):
                if req.loyalty:
                    self.card_tags[card.id].append(self._tag(f"loyal:{req.loyalty}"))
                    self.card_forbids[card.id] += [
                        self._tag(f"loyal:{o}") for o in sorted(loyalties - {req.loyalty})
                    ]
            for req in card.requirements_of("not_in_army_with"):
                for ref in req.any_of:
                    for other in catalogue.resolve_ref(ref):
                        if other.id != card.id:
                            self.card_forbids[card.id].append(self._tag(f"card:{other.id}"))
        in_force = {s.id for s in self.ctx.specials}
        for special in specials:
            for effect in special.effects:
                if effect.kind != "army_excludes":
                    continue
                refs = effect.condition.in_army_any_of if effect.condition is not None else ()

                def hit(card: Card, refs: tuple[str, ...] = refs, effect: Requirement = effect) -> bool:
                    if any(catalogue.matches(card, r) for r in refs):
                        return False  # the card that brings the rule is not excluded by it
                    return card.faction in effect.factions or any(
                        catalogue.matches(card, r) for r in effect.any_of
                    )

                if not refs:
                    if special.id in in_force:
                        self.excluded.update(c.id for c in possible if hit(c))
                    continue
                for holder in possible:
                    brings = special.id in in_force or not special.used_by or holder.id in special.used_by
                    if brings and any(catalogue.matches(holder, r) for r in refs):
                        self.card_forbids[holder.id] += [
                            self._tag(f"card:{c.id}") for c in possible if hit(c)
                        ]
        forbidden = {t for ts in self.card_forbids.values() for t in ts}
        for card in possible:
            tag = self.tag_ids.get(f"card:{card.id}")
            if tag is not None and tag in forbidden:
                self.card_tags[card.id].append(tag)
        # copy limits: kept when every card of the group prints the same limit and none can be waived
        waivable = {
            c.id
            for card in possible
            for r in card.requirements_of("waives_limit_of")
            if r.target
            for c in catalogue.resolve_ref(r.target)
        }

        def group_of(card: Card, req: Requirement) -> frozenset[str]:
            return frozenset(
                {card.id} | {c.id for ref in req.shared_with for c in catalogue.resolve_ref(ref)}
            )

        self.limit_max: list[int] = []
        self.card_limits: dict[str, list[int]] = {c.id: [] for c in possible}
        groups: dict[frozenset[str], int] = {}
        for card in possible:
            for req in card.requirements_of("limited"):
                members = group_of(card, req)
                if req.max is None or members in groups or waivable.intersection(members):
                    continue
                same = all(
                    any(
                        r.max == req.max and group_of(catalogue.cards[m], r) == members
                        for r in catalogue.cards[m].requirements_of("limited")
                    )
                    for m in members
                )
                if not same:
                    continue
                groups[members] = len(self.limit_max)
                self.limit_max.append(req.max)
                for m in members:
                    if m in self.card_limits:
                        self.card_limits[m].append(groups[members])
        if self.owned is not None:  # no more copies of a card than the player owns (those in the list count)
            for card in possible:
                self.card_limits[card.id].append(len(self.limit_max))
                self.limit_max.append(self.owned.get(card.id, 0))
        if self.limits.max_copies is not None:  # no card more often than the player allows
            for card in possible:
                self.card_limits[card.id].append(len(self.limit_max))
                self.limit_max.append(self.limits.max_copies)

    def _needs(self, card: Card) -> list[frozenset[str]]:
        return [
            frozenset(c.id for ref in req.any_of for c in self.catalogue.resolve_ref(ref))
            for req in card.requirements_of("requires_in_army")
        ]

    # --- the additions ---------------------------------------------------------------------------------

    def _items(self) -> list[_Item]:
        ctx, catalogue = self.ctx, self.catalogue
        units, attachments, ncus = self._pool()
        possible = list({c.id: c for c in [*self.present, *units, *attachments, *ncus]}.values())
        specials = self._specials(possible)
        self.floors = CostFloors(catalogue, possible, specials)
        self._rules(possible, specials)
        self.pool_of: dict[str, tuple[int, ...]] = {}  # card id -> the shared discounts it may take
        for p, (targets, _, _) in enumerate(self.floors.pools):
            for i in targets:
                self.pool_of[i] = (*self.pool_of.get(i, ()), p)
        self.pool_live = [
            sum(1 for c in self.present if c.id in targets) for targets, _, _ in self.floors.pools
        ]

        # what the cards already in the list bring and forbid; candidates that clash with them go
        self.present_tags = [0] * len(self.tag_ids)
        self.forbidden = [0] * len(self.tag_ids)
        self.limit_count = [0] * len(self.limit_max)
        for card in self.present:
            for t in self.card_tags.get(card.id, ()):
                self.present_tags[t] += 1
            for t in self.card_forbids.get(card.id, ()):
                self.forbidden[t] += 1
            for g in self.card_limits.get(card.id, ()):
                self.limit_count[g] += 1
        pool_ids = {c.id for c in [*units, *attachments, *ncus]} | self.present_ids

        def usable(card: Card) -> bool:
            if card.id in self.excluded:
                return False
            if any(self.forbidden[t] for t in self.card_tags[card.id]):
                return False
            if any(self.present_tags[t] for t in self.card_forbids[card.id]):
                return False
            return all(ids & pool_ids for ids in self._needs(card))  # a card it needs can be there

        units = [c for c in units if usable(c)]
        attachments = [c for c in attachments if usable(c)]
        ncus = [c for c in ncus if usable(c)]

        self._plan_charges(units, attachments, ncus)
        # the modifiers sure to apply: on the list's cards and the special cards in force (see `ceiling`)
        sure = [r for c in self.present for r in c.requirements_of("cost_modifier") if r.applies_to != "self"]
        sure += [e for special in ctx.specials for e in special.effects if e.kind == "cost_modifier"]
        general = list(dict.fromkeys(sure))

        def most(card: Card, body: Card, before: Sequence[Card]) -> tuple[int, bool]:
            """The most an attachment can cost joining `body` beside `before`, and whether it is offered
            there: not where its unit makes it free (it would spend nothing), but where the army surely
            does (Devan Seaworth beside Stannis Baratheon: a card for nothing, as before)."""
            local = local_costs(body, [*before, card], catalogue)[-1]
            if before:  # a discount for one attachment may go to another first: either bound, not both
                return min(local, ceiling(card, self.present_ids, catalogue, general)), local > 0
            return ceiling(card, self.present_ids, catalogue, general, start=local), local > 0

        def extra_for(members: Sequence[Card], att: Card) -> bool:
            """The attachment joins beyond the one-attachment limit on a unit of these cards."""
            return any(
                r.only_when_joining_unit_of is None
                or any(catalogue.matches(m, r.only_when_joining_unit_of) for m in members)
                for r in att.requirements_of("ignores_attachment_limit")
            )

        def may_join(body: Card, others: Sequence[Card], att: Card) -> bool:
            if not fits(body, att, catalogue):
                return False
            for req in att.requirements_of("must_join_unit_of"):
                if req.target and not any(catalogue.matches(m, req.target) for m in [body, *others]):
                    return False
            return all(
                body.faction == req.faction
                for req in att.requirements_of("attach_only_to_faction")
                if req.faction
            )

        # attachments that let another one join beyond the limit beside them (Thoros of Myr for Edric Dayne)
        companions = {
            c.id
            for x in attachments
            for r in x.requirements_of("ignores_attachment_limit")
            if r.only_when_joining_unit_of
            for c in catalogue.resolve_ref(r.only_when_joining_unit_of)
            if c.kind is CardKind.ATTACHMENT
        }

        def classes(members: Iterable[tuple[Card, int, int, bool]]) -> list[_Class]:
            """Group (attachment, least cost, most cost, offered) by what the ranking sees."""
            grouped: dict[tuple[int, int, bool, str, tuple[tuple[int, ...], int]], list[Card]] = {}
            for att, lo, hi, offered in members:
                if not offered:
                    continue  # an attachment its unit makes free adds a card and spends nothing
                # a needed card, or one another attachment needs beside it, is a class of its own
                alone = att.id if att.id in self.satisfier_of or att.id in companions else ""
                pooled = (self.pool_of.get(att.id, ()), att.points if att.id in self.pool_of else 0)
                key = (min(lo, hi), hi, att.is_neutral, alone, pooled)
                grouped.setdefault(key, []).append(att)
            return [
                _Class(tuple(sorted(m, key=lambda c: c.id)), lo, hi, n)
                for (lo, hi, n, _, _), m in sorted(grouped.items())
            ]

        def profiles(
            body: Card, before: Sequence[Card], free_slot: bool, carry: Sequence[str]
        ) -> list[tuple[_Class, ...]]:
            """The attachment classes a unit may take: one, one beyond the limit, or one of each."""
            members = [body, *before]
            extra = [a for a in attachments if extra_for(members, a) and may_join(body, before, a)]
            normal = [a for a in attachments if free_slot and a not in extra and may_join(body, before, a)]
            if carry:  # a unit that must carry a named attachment is only offered with it
                normal = [a for a in normal if all(catalogue.matches(a, t) for t in carry)]
                extra = [a for a in extra if all(catalogue.matches(a, t) for t in carry)]

            def alone(a: Card) -> tuple[Card, int, int, bool]:
                return a, self.floors.attached(body, a), *most(a, body, before)

            ncls = classes(alone(a) for a in normal)
            out: list[tuple[_Class, ...]] = [] if carry else [()]
            out += [(c,) for c in ncls] + [(c,) for c in classes(alone(x) for x in extra)]
            if carry:
                return out
            for n in ncls:
                rep = n.members[0]  # the class's members cost the same here: one stands for all
                # after an attachment that always pays, the unit's own discount is spent on it
                paying = all(self.floors.card(m) > 0 for m in n.members)
                paired = classes(
                    (
                        x,
                        self.floors.card(x) if paying else self.floors.attached(body, x),
                        *most(x, body, [*before, rep]),
                    )
                    for x in extra
                )
                out += [(n, x) for x in paired]
                if (
                    len(n.members) == 1 and rep.id in companions
                ):  # extras that need this attachment beside them
                    late = [
                        x
                        for x in attachments
                        if x not in extra
                        and extra_for([body, *before, rep], x)
                        and may_join(body, [*before, rep], x)
                    ]
                    out += [
                        (n, x)
                        for x in classes(
                            (
                                x,
                                self.floors.card(x) if paying else self.floors.attached(body, x),
                                *most(x, body, [*before, rep]),
                            )
                            for x in late
                        )
                    ]
            # two or more attachments beyond the limit (two Crannogman Survivalists), after none or one
            # normal one: each its own class, taken in the order of `extra`, within their copy limits
            out += stacked(body, before, (), extra, 0, 0, False)
            for n in ncls:
                paying = all(self.floors.card(m) > 0 for m in n.members)
                out += stacked(body, [*before, n.members[0]], (n,), extra, 0, 0, paying)
            return out

        def stacked(
            body: Card,
            beside: Sequence[Card],
            prefix: tuple[_Class, ...],
            extra: list[Card],
            start: int,
            depth: int,
            spent: bool,
        ) -> list[tuple[_Class, ...]]:
            """The profiles `prefix` followed by extras from extra[start:] (`depth` extras so far), two
            extras at least. `spent`: an attachment before them always pays, so the unit's own discount
            (one attachment 1 cheaper on the Stormcrow Mercenaries) is spent on it."""
            found: list[tuple[_Class, ...]] = []
            if depth >= MOST_EXTRAS:
                return found
            for i in range(start, len(extra)):
                x = extra[i]
                held = sum(1 for c in [*self.present, *beside] if c.id == x.id)
                if x.characters and (held or any(set(x.characters) & set(c.characters) for c in beside)):
                    continue  # a character once
                if any(held >= r.max for r in x.requirements_of("limited") if r.max is not None):
                    continue
                if not may_join(body, beside, x):
                    continue
                hi, offered = most(x, body, beside)
                if not offered:
                    continue
                lo = self.floors.card(x) if spent else self.floors.attached(body, x)
                k = _Class((x,), min(lo, hi), hi, x.is_neutral)
                if depth >= 1:
                    found.append((*prefix, k))
                found += stacked(body, [*beside, x], (*prefix, k), extra, i, depth + 1, spent or lo > 0)
            return found

        def make(
            kind: str, card: Card | None, body: Card | None, classes: tuple[_Class, ...], unit: int | None
        ) -> _Item:
            lo = hi = nlo = 0
            if card is not None:
                hi = ceiling(card, self.present_ids, catalogue, general)
                lo = min(hi, self.floors.card(card))
                nlo = lo if card.is_neutral else 0
            variants = {
                (sum(costs), sum(c for c, n in zip(costs, neutral, strict=True) if n))
                for costs, neutral in [
                    (combo, ([card.is_neutral] if card else []) + [k.neutral for k in classes])
                    for combo in itertools.product(
                        *([range(lo, hi + 1)] if card else []), *(range(k.lo, k.hi + 1) for k in classes)
                    )
                ]
            }
            repeat: int | None = None
            concrete = [card] if card is not None else []
            for c in concrete:
                if c.characters:
                    repeat = 1
                for g in self.card_limits[c.id]:
                    repeat = min(repeat if repeat is not None else self.limit_max[g], self.limit_max[g])
            for k in classes:
                if all(m.characters for m in k.members):
                    repeat = min(repeat if repeat is not None else len(k.members), len(k.members))
            cap: int | None = 1
            group: tuple[str, ...] = ("unit", str(unit))
            if card is not None:  # the kind too: units, attachments and NCUs stay apart in the search order
                group = (kind, "character", *sorted(card.characters)) if card.characters else (kind, card.id)
                cap = 1 if card.characters else None
                for g in self.card_limits[card.id]:
                    cap = self.limit_max[g] if cap is None else min(cap, self.limit_max[g])
            charged = self.charge_sets.get(card.id, frozenset()) if card is not None else frozenset()
            carries = tuple(
                (pos, self.satisfier_of[k.members[0].id])
                for pos, k in enumerate(classes)
                if len(k.members) == 1 and k.members[0].id in self.satisfier_of
            )
            if card is not None and card.id in self.satisfier_of:
                carries += ((-1, self.satisfier_of[card.id]),)
            pools = sorted(
                {p for c in [*concrete, *(k.members[0] for k in classes)] for p in self.pool_of.get(c.id, ())}
            )
            # a class of one member is that card: its rules count as soon as the addition is taken (a
            # character on two units is refused there, not when members are picked); two such classes
            # of one card (two Crannogman Survivalists) are two copies of it, one new card
            known, fixed = list(concrete), []
            for pos, k in enumerate(classes):
                if len(k.members) == 1 and all(k.members[0].id != c.id for c in concrete):
                    known.append(k.members[0])
                    fixed.append(pos)
            copies = len(fixed) - len({known[len(concrete) + i].id for i in range(len(fixed))})
            return _Item(
                kind=kind,
                card=card,
                classes=classes,
                pools=tuple(pools),
                charged=charged,
                charge=self.charges.get(charged, (0, 0, 0)),
                carries=carries,
                unit=unit,
                lo=lo + sum(k.lo for k in classes),
                hi=hi + sum(k.hi for k in classes),
                nlo=nlo + sum(k.lo for k in classes if k.neutral),
                units=1 if kind == "unit" else 0,
                ncus=1 if kind == "ncu" else 0,
                cards=len(concrete) + len(classes) - copies,
                tags=tuple(t for c in known for t in self.card_tags[c.id]),
                forbids=tuple(t for c in known for t in self.card_forbids[c.id]),
                limits=tuple(g for c in known for g in self.card_limits[c.id]),
                fixed=tuple(fixed),
                counted=tuple(c.id for c in known),
                foreign=sum(1 for c in known if c.faction not in self.home),
                repeat=repeat,
                group=group,
                cap=cap,
                plain=tuple(sorted(variants)),
                variants=tuple(sorted(variants)),
            )

        items: list[_Item] = []
        for body in units:
            carry = [r.target for r in body.requirements_of("must_attach_to") if r.target]
            items += [
                make("unit", body, body, p, None)
                for p in profiles(body, [], True, carry)
                if p or body.id not in self.no_bare
            ]
        for index, unit_entry in enumerate(self.army.units):
            host = unit_entry.unit.card
            if host is None:
                continue
            before = [a.card for a in unit_entry.attachments if a.card is not None]
            counted = [a for a in before if a.type != "none" and not extra_for([host, *before], a)]
            items += [
                make("attach", None, host, p, index) for p in profiles(host, before, not counted, []) if p
            ]
        items += [make("ncu", card, None, (), None) for card in ncus]
        # units first (needers, then own before neutral, cheapest first: more units), then attachments, NCUs;
        # a unit's or an existing unit's additions stay together, dearest first, so that taking an
        # attachment class away from an addition always leaves one that comes later (see _order_charges)
        kind_order = {"unit": 0, "attach": 1, "ncu": 2}
        charged = set(self.charge_sets)
        items.sort(
            key=lambda it: (
                kind_order[it.kind],
                not (it.card is not None and it.card.id in charged),
                it.card is not None and it.card.is_neutral,
                it.card.points if it.card else 0,
                it.card.title if it.card else "",
                it.card.id if it.card else "",
                it.unit if it.unit is not None else -1,
                -it.hi,
                -it.cards,
            )
        )
        # the items of a group together (where its first one stands), for the relaxation's shared caps
        places: dict[tuple[str, ...], int] = {}
        for it in items:
            places.setdefault(it.group, len(places))
        items.sort(key=lambda it: places[it.group])  # stable: the order within a group stays
        self._order_charges(items)
        # the most the cards already in the list could still lose to modifiers that additions bring
        self.slack = self.neutral_slack = 0
        for entry in ctx.entries:
            holder = ctx.unit_of.get(id(entry))
            card = ctx.card(entry)
            floor = (
                self.floors.attached(holder.unit.card, card)
                if holder is not None and holder.unit.card is not None
                else self.floors.card(card)
            )
            loss = max(0, ctx.cost(entry) - floor)
            self.slack += loss
            self.neutral_slack += loss if card.is_neutral else 0
        self.base_loss, self.base_neutral_loss = self.slack, self.neutral_slack
        self.slack += self.floors.pool
        self.neutral_slack += self.floors.neutral_pool
        # per set of cards the finished list can hold: its floors, the list's loss, each item's least cost
        self.within_cache: dict[frozenset[str], tuple[CostFloors, int, dict[int, int]]] = {}
        return items

    def floor_within(
        self, items: Sequence[_Item], chosen: Sequence[int], reachable: frozenset[str]
    ) -> tuple[int, int]:
        """The least the chosen additions can cost, and the most the list's cards and the shared discounts
        can still take off, in an army that holds no card outside `reachable`: a discount whose condition
        no such card meets (Jaime Lannister's without Cersei), or that a special card none of them brings
        gives, does not apply. At least each item's own least cost: never looser than the search's."""
        cached = self.within_cache.get(reachable)
        if cached is None:
            cards = [self.catalogue.cards[i] for i in sorted(reachable)]
            floors = CostFloors(self.catalogue, cards, self._specials(cards))
            loss = 0
            for entry in self.ctx.entries:
                holder = self.ctx.unit_of.get(id(entry))
                card = self.ctx.card(entry)
                if holder is not None and holder.unit.card is not None:
                    floor = floors.attached(holder.unit.card, card)
                else:
                    floor = floors.card(card)
                loss += max(0, self.ctx.cost(entry) - floor)
            cached = self.within_cache[reachable] = (floors, loss, {})
        floors, loss, known = cached
        lo = 0
        for i in chosen:
            least_here = known.get(i)
            if least_here is None:
                least_here = known[i] = self._item_floor(items[i], floors)
            lo += least_here
        slack = loss + sum(cut for targets, cut, _ in floors.pools if targets & reachable)
        return lo, slack

    def _item_floor(self, item: _Item, floors: CostFloors) -> int:
        """The least one addition can cost under `floors` (no class below its own least cost)."""
        lo = 0
        body = item.card
        if item.card is not None:
            lo += min(item.card.points, floors.card(item.card))
        elif item.unit is not None:
            body = self.army.units[item.unit].unit.card
        for k in item.classes:
            least = min(floors.attached(body, m) if body is not None else floors.card(m) for m in k.members)
            lo += max(k.lo, min(k.hi, least))
        return lo

    def _plan_charges(self, units: list[Card], attachments: list[Card], ncus: list[Card]) -> None:
        """A combat unit or NCU that needs a card the list lacks is charged for that card when it is taken
        (cost and one more card), and refunded when an addition later brings the card. Only where that
        is fair: one copy of it at most, no other card needs the same ones, and (see _order_charges) every
        addition that could bring the card comes later in the search order."""
        claims: dict[str, int] = {}
        for card in [*units, *attachments, *ncus]:
            for ids in self._needs(card):
                for i in ids:
                    claims[i] = claims.get(i, 0) + 1
        pool = {c.id: c for c in [*attachments, *ncus]}
        bodies = [*units, *(u.unit.card for u in self.army.units if u.unit.card is not None)]
        self.charge_sets: dict[str, frozenset[str]] = {}
        self.satisfier_of: dict[str, frozenset[str]] = {}
        self.charges: dict[frozenset[str], tuple[int, int, int]] = {}
        for card in [*units, *ncus]:
            single = bool(card.characters) or any(self.limit_max[g] == 1 for g in self.card_limits[card.id])
            needs = [ids for ids in self._needs(card) if not ids & self.present_ids]
            if not single or not needs or any(claims.get(i, 0) > 1 for i in needs[0]):
                continue
            ids = needs[0]
            if any(
                self.catalogue.cards[i].kind is CardKind.COMBAT_UNIT for i in ids if i in self.catalogue.cards
            ):
                continue
            satisfiers = [pool[i] for i in sorted(ids) if i in pool]
            if not satisfiers:
                continue

            def floor(s: Card) -> int:
                if s.kind is CardKind.NCU:
                    return self.floors.card(s)
                return min([self.floors.card(s), *(self.floors.attached(b, s) for b in bodies)])

            self.charge_sets[card.id] = ids
            self.charges[ids] = (
                min(floor(s) for s in satisfiers),
                max(s.points for s in satisfiers),
                min(floor(s) if s.is_neutral else 0 for s in satisfiers),
            )
            for s in satisfiers:
                self.satisfier_of[s.id] = ids

    def _order_charges(self, items: list[_Item]) -> None:
        """Keep a charge only when every addition that could bring the needed card comes after the
        needer: then a partial list holding the card's carrier cannot hold the needer too early. The
        charge is the search's, never the relaxation's: the relaxation counts the card where a carrier
        brings it, so a needer charged there too would count it twice in a multiset holding both
        (Gilly charged for Samwell Tarly, then Samwell Tarly at his cost: 4 points too many, which cut
        Alliser Thorne's best lists); the bound gives a pending charge back for the same reason."""
        self.last_carrier: dict[frozenset[str], int] = {}
        spans: dict[frozenset[str], list[tuple[int, int, int]]] = {}
        for index, item in enumerate(items):
            for pos, ids in item.carries:
                self.last_carrier[ids] = index
                if pos < 0:
                    assert item.card is not None
                    hi, neutral = item.card.points, item.card.is_neutral
                    lo = min(hi, self.floors.card(item.card))
                else:
                    k = item.classes[pos]
                    lo, hi, neutral = k.lo, k.hi, k.neutral
                spans.setdefault(ids, []).append((lo, hi, lo if neutral else 0))
        # the card charged for comes with one of these additions: it costs what it can cost there (not on
        # a unit that takes it for nothing, which no addition offers: Tyrion Lannister on the Stone Crows)
        for ids, costs in spans.items():
            if ids in self.charges:
                lows, highs, neutrals = zip(*costs, strict=True)
                self.charges[ids] = (min(lows), max(highs), min(neutrals))
        for index, item in enumerate(items):
            ids = item.charged
            if not ids:
                continue
            first = next(
                (i for i, other in enumerate(items) if any(c == ids for _, c in other.carries)), None
            )
            if first is None or first <= index:
                item.charged, item.charge = frozenset(), (0, 0, 0)
                continue
            item.charge = self.charges[ids]
