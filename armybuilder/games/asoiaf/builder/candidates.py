"""Checking a candidate of the completion search (see `complete`): members picked for its attachment
classes, each pick checked with the validator while it could still rank; the best completion kept for
each set of new combat units, and the best `top` of them ranked.

Nothing here prints or exits.
"""

from __future__ import annotations

from armybuilder.games.asoiaf.builder.judge import new_errors
from armybuilder.games.asoiaf.builder.model import Model, _Class, _Item
from armybuilder.games.asoiaf.builder.options import with_additions
from armybuilder.games.asoiaf.builder.proposals import WORST, Addition, Completion, Key, Rank
from armybuilder.games.asoiaf.cards import Card
from armybuilder.games.asoiaf.check import validate
from armybuilder.games.asoiaf.context import Army

ASSIGN_LIMIT = 20_000  # member assignments tried for one candidate before giving up on proving
CHECK_LIMIT = 1000  # validator checks for one candidate before giving up on proving (some take hundreds)
DIVE_CHECKS = 20  # validator checks for one candidate in a dive (the exhaustive pass checks it again)


class Checker(Model):
    """The candidates of one search, checked: what the search found so far and the bar to beat."""

    own_ids: frozenset[str]  # the list's cards but enemy attachments (set when the search starts)
    copies: dict[str, int]  # card id -> copies in the list and the chosen additions' concrete cards

    def threshold(self) -> Key:
        if len(self.ranked) >= self.top:
            return self.ranked[-1][0]
        return self.bar if self.bar is not None else WORST

    # --- checking a candidate ------------------------------------------------------------------------------

    def _visit(
        self,
        items: list[_Item],
        chosen: list[int],
        foreign: int,
        state: tuple[int, int, int, int, int, int, int],
    ) -> Rank | None:
        """The chosen additions as a completion: members picked for their classes and each pick checked
        with the validator, while it could still rank. Returns the best rank it could have (the same
        for every arrangement of peer cards, see symmetry.py), None when it cannot rank whatever its
        place in the fixed order."""
        lo, hi, neutral, units, ncus, most, _ = state
        limits = self.limits
        if (limits.min_units is not None and units < limits.min_units) or (
            limits.min_ncus is not None and ncus < limits.min_ncus
        ):
            return None  # fewer combat units or NCUs than the player asks for
        if (max(0, self.budget - hi), -(units + ncus), most) > self.threshold()[:3]:
            return None  # behind the bar whatever its members and discounts (the start of `low` below)
        pools = [pool for pool, live in zip(self.floors.pools, self.pool_live, strict=True) if live]
        slack = self.base_loss + sum(cut for _, cut, _ in pools)  # discounts these cards can get
        nslack = self.base_neutral_loss + sum(cut for _, cut, n in pools if n)
        if lo > self.budget + slack or (self.cap is not None and neutral - nslack > self.cap):
            return None  # over the budget or the neutral cap whatever the discounts
        concrete = [c for i in chosen if (c := items[i].card) is not None]
        slots = sorted((i, pos, k) for i in chosen for pos, k in enumerate(items[i].classes))
        # the members of one-member classes count as concrete cards: the search took their rules and copies
        fixed = {(i, pos) for i in chosen for pos in items[i].fixed}
        held = self.own_ids | {c.id for c in concrete} | {items[i].classes[p].members[0].id for i, p in fixed}
        # each attachment to pick may bring a new card when one of its class is not in the list yet
        distinct = len(held) + sum(1 for _, _, k in slots if any(m.id not in held for m in k.members))
        low: Key = (
            max(0, self.budget - hi),
            -(units + ncus),
            most,
            -distinct,
            max(0, neutral - nslack),
            (tuple(chosen), ()),
        )
        rank: Rank = low[:5]
        if low >= self.threshold():
            return rank
        group = tuple(sorted(items[i].card.id for i in chosen if items[i].kind == "unit" and items[i].card))  # type: ignore[union-attr]
        known = self.found.get(group)
        if known is not None and known.key <= low:
            return rank
        reachable = self.present_ids | held | {m.id for _, _, k in slots for m in k.members}
        # the costs again, knowing every card the finished list can hold: a discount none of them brings goes
        lo, slack = self.floor_within(items, chosen, reachable)
        if lo > self.budget + slack:
            return None  # over the budget with only the discounts the finished list can bring
        if any(not ids & reachable for c in concrete for ids in self._needs(c)):
            return None  # a card it needs cannot be there
        if any(not ids & reachable for ids in limits.with_cards):
            return None  # a card the player wants cannot be there
        high = (self.budget + slack - lo, neutral)
        picks: list[Card] = []
        counts = {"assign": 0, "check": 0, "foreign": foreign}
        present_tags, forbidden = self.present_tags, self.forbidden
        limit_count, limit_max = self.limit_count, self.limit_max
        copies = self.copies  # the list's cards and the chosen additions' concrete ones; picks join below
        base_distinct = len(held)

        def behind(most: int, new: int, rest: int) -> bool:
            """Picks so far that cannot beat the bar whatever the other slots take (`new` distinct cards
            so far, `rest` slots to go)."""
            bar = self.threshold()
            known = self.found.get(group)
            if known is not None and known.key < bar:
                bar = known.key
            order = (tuple(chosen), tuple(m.id for m in picks))  # every pick from here on comes after it
            return (low[0], low[1], max(low[2], most), -(base_distinct + new + rest), low[4], order) >= bar

        def assign(s: int, first: int, most: int, new: int) -> bool:
            """Pick members for slots s..; True to stop (the best this candidate can do was found)."""
            if behind(most, new, len(slots) - s):
                return False
            if s == len(slots):
                before = self.search.checked
                stop = self._check_picks(items, chosen, slots, picks, concrete, group, low, high)
                counts["check"] += self.search.checked - before  # picks refused unchecked cost little
                return stop
            counts["assign"] += 1
            if self.diving and counts["check"] >= DIVE_CHECKS:
                return True  # a dive looks for good lists fast: the exhaustive pass tries the rest
            if counts["assign"] > ASSIGN_LIMIT or counts["check"] >= CHECK_LIMIT:
                self.gave_up = True
                return True
            index, pos, k = slots[s]
            if (index, pos) in fixed:  # its member's rules and copies were counted when it was taken
                picks.append(k.members[0])
                stop = assign(s + 1, 0, most, new)
                picks.pop()
                return stop
            for m_index in range(first, len(k.members)):
                m = k.members[m_index]
                tags, forbids, limits = self.card_tags[m.id], self.card_forbids[m.id], self.card_limits[m.id]
                if any(forbidden[t] for t in tags) or any(present_tags[t] for t in forbids):
                    continue
                if any(limit_count[g] >= limit_max[g] for g in limits):
                    continue
                away = int(m.faction not in self.home)
                if away > counts["foreign"]:
                    continue
                if any(not ids & reachable for ids in self._needs(m)):
                    continue
                for t in tags:
                    present_tags[t] += 1
                for t in forbids:
                    forbidden[t] += 1
                for g in limits:
                    limit_count[g] += 1
                counts["foreign"] -= away
                picks.append(m)
                held_now = copies.get(m.id, 0) + 1
                copies[m.id] = held_now
                # identical slots (the same addition taken twice) pick members in order: each set once
                same = s + 1 < len(slots) and slots[s + 1][0] == index and slots[s + 1][1] == pos
                stop = assign(s + 1, m_index if same else 0, max(most, held_now), new + (held_now == 1))
                copies[m.id] = held_now - 1
                picks.pop()
                counts["foreign"] += away
                for t in tags:
                    present_tags[t] -= 1
                for t in forbids:
                    forbidden[t] -= 1
                for g in limits:
                    limit_count[g] -= 1
                if stop:
                    return True
            return False

        assign(0, 0, most, 0)
        return rank

    def _check_picks(
        self,
        items: list[_Item],
        chosen: list[int],
        slots: list[tuple[int, int, _Class]],
        picks: list[Card],
        concrete: list[Card],
        group: tuple[str, ...],
        low: Key,
        high: tuple[int, int],
    ) -> bool:
        """Validate one pick of members; True when nothing better can come of this candidate."""
        pool = self.present_ids | {c.id for c in concrete} | {m.id for m in picks}
        if any(not ids & pool for c in [*concrete, *picks] for ids in self._needs(c)):
            return False
        if any(not ids & pool for ids in self.limits.with_cards):
            return False
        picked: dict[tuple[int, int], list[Card]] = {}
        for (index, pos, _), card in zip(slots, picks, strict=True):
            picked.setdefault((index, pos), []).append(card)
        additions: list[Addition] = []
        for index in chosen:
            item = items[index]
            atts = tuple(picked[(index, pos)].pop() for pos in range(len(item.classes)))
            additions.append(Addition(item.kind, item.card, atts, item.unit))
        variant = with_additions(
            self.army,
            units=[(a.card, a.attachments) for a in additions if a.kind == "unit" and a.card is not None],
            ncus=[a.card for a in additions if a.kind == "ncu" and a.card is not None],
            attach=[
                (a.unit, att)
                for a in additions
                if a.kind == "attach" and a.unit is not None
                for att in a.attachments
            ],
        )
        self.search.checked += 1
        if variant.readable:  # the costs first: over the points, the rules need not run (the list was not)
            costed = Army.build(variant, self.catalogue)
            if costed.points is not None and costed.total > costed.points:
                return False
        after = validate(variant, self.catalogue)
        if after.context is None or new_errors(self.base, after):
            return False
        actx = after.context
        assert actx.points is not None
        left = actx.points - actx.total
        order = (tuple(chosen), tuple(m.id for m in picks))
        done = Completion(
            tuple(additions), actx.total - self.ctx.total, left, actx.neutral_total, after, order
        )
        key = done.key
        if not (low[0] <= left <= high[0] and low[4] <= actx.neutral_total and low[1:4] <= key[1:4]):
            self.mismatch = True  # the model's cost range was wrong: its bounds cannot be trusted
        known = self.found.get(group)
        if key < self.threshold() and (known is None or key < known.key):
            self.found[group] = done
            self.ranked = sorted([(k, g) for k, g in self.ranked if g != group] + [(key, group)])
            for _, dropped in self.ranked[self.top :]:
                del self.found[dropped]
            self.ranked = self.ranked[: self.top]
        # nothing this candidate can pick does better (members are picked in the fixed order): its bound is
        # reached, or every pick costs the same (classes of one cost, the same shared discounts) and this
        # one reached the bound on variety
        if key[:5] <= low[:5]:
            return True
        return all(k.lo == k.hi for _, _, k in slots) and key[2:4] <= low[2:4]
