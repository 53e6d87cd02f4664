"""The completion search: provably the best ways to spend the points a list has left.

Branch and bound over multisets of *additions* (a new combat unit with its attachments, attachments for an
existing unit, an NCU), ranked as `proposals` says: points left, activations, variety (most copies of one
card, distinct cards), neutral points, then a fixed order. Each node's bound comes from a knapsack
relaxation solved by dynamic programming over costs: for every suffix of the (ordered) additions and every
budget, the fewest points left, most activations and most cards any multiset of those additions could
reach when uniqueness and the other pairwise rules are forgotten (but not the NCUs the player still
allows: one table per count of NCUs left; nor a needed card: a direwolf comes with an addition that
brings his Stark; and one set of tables per most copies of a card below the limit, so that a branch
that needs more copies to spend its points ranks behind on variety); copies of
a card only grow as cards are added, distinct cards grow by at most the cards added, and the additions
are taken in the fixed order, so the node's own additions start the order of everything below it. A
subtree whose bound cannot beat the fifth-best proposal found so far is cut; when the search runs to the end, nothing it cut could
have ranked better, so the proposals are proven the best within the player's `Limits`. Every proposal is
checked with the real validator before it counts. Proposals differ in their new combat units: for each
set of new units only its best completion is kept.

Costs after modifiers depend on the whole army, so each addition carries a range: at most its printed cost
(lowered by what its own unit prints for attachments joining it), at least its cost floor (lowered by
every modifier that could reach it in this army). The relaxation may pick any cost in the range, so it
stays a relaxation; a validated proposal whose real cost falls outside its range marks the search as
unproven rather than trusting a wrong bound.

Nothing here prints or exits.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from armybuilder.errors import UsageError
from armybuilder.games.asoiaf.armylist import ArmyList, Slot
from armybuilder.games.asoiaf.builder.candidates import Checker
from armybuilder.games.asoiaf.builder.costs import CostFloors, local_costs
from armybuilder.games.asoiaf.builder.model import _Stop
from armybuilder.games.asoiaf.builder.proposals import (
    DEFAULT_LIMITS,
    WORST,
    Addition,
    Completion,
    Key,
    Limits,
    Progress,
    Rank,
    Search,
)
from armybuilder.games.asoiaf.builder.relaxation import TableMemo, bound_tables, pick, unpacked
from armybuilder.games.asoiaf.builder.symmetry import Peers
from armybuilder.games.asoiaf.cards import CardKind
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate

__all__ = [
    "Addition",
    "Completion",
    "CostFloors",
    "Key",
    "Limits",
    "Progress",
    "Search",
    "complete",
    "local_costs",
]

TICK = 256  # nodes between looks at the clock
PROGRESS_EVERY = 0.1  # seconds between progress reports


def complete(
    army: ArmyList,
    catalogue: Catalogue,
    *,
    top: int = 5,
    timeout: float = 5.0,
    clock: Callable[[], float] = time.monotonic,
    progress: Callable[[Progress], None] | None = None,
    owned: Mapping[str, int] | None = None,
    bar: Key | None = None,
    limits: Limits = DEFAULT_LIMITS,
    no_bare: frozenset[str] = frozenset(),
    memo: TableMemo | None = None,
) -> Search:
    """The `top` best legal ways to spend the remaining points, differing in their new combat units, each
    verified by the validator; `Search.proven` when the search ran to the end. With `owned` (card id -> copies
    the player owns), only from the copies the list does not yet hold; with `bar`, only completions ranking
    better than it (a completion key found elsewhere); always within the player's `limits`. `no_bare`: combat
    units (card ids) not to add without attachments, lists the caller has searched otherwise. `memo`: bound
    tables to reuse."""
    start = clock()
    ctx = (base := validate(army, catalogue)).context
    if ctx is None or ctx.points is None:
        raise UsageError("the list cannot be read or has no `points:`; fix it with `armybuilder validate`")
    if ctx.commander is None:
        raise UsageError("the list needs exactly one commander first; `armybuilder set LIST commander NAME`")
    unknown = [ids for ids in limits.with_cards if not ids]
    if unknown:
        raise UsageError("a card to include matches no card")
    return _Searcher(
        army, catalogue, base, ctx, top, start, timeout, clock, progress, owned, bar, limits, no_bare
    ).run(memo)


DIVES = 40  # greedy dives before the exhaustive pass
DIVE_SHARE = 0.2  # of the time limit, at most, for the dives
LEAN_DIVES = 8  # lean dives, from the most promising first additions (see `dive`); as many closed dives
LEAN_SHARE = 0.1  # of the time limit, at most, for the lean dives (see `dive`); as much for the closed ones
UNBOUNDED = 1 << 30  # more distinct cards than any list holds
COPIES_LEVELS = 3  # relaxations by most copies of a card: 1 .. this (the last one: this or more)


class _Searcher(Checker):
    """Branch and bound over the model's additions."""

    # --- the search ----------------------------------------------------------------------------------

    def run(self, memo: TableMemo | None = None) -> Search:
        search = self.search
        finished = self._search(memo) if self.budget >= 0 else True  # over budget: nothing can be added
        if not finished:
            search.why = "stopped at the time limit"
        elif self.base.errors:
            search.why = "the list has errors"
        elif self.mismatch:
            search.why = "a cost fell outside its modelled range"
        elif self.gave_up:
            search.why = "too many ways to pick attachments for one candidate"
        search.proven = finished and not (self.base.errors or self.mismatch or self.gave_up)
        search.completions = [self.found[g] for _, g in self.ranked]
        search.seconds = self.clock() - self.start
        return search

    def _search(self, memo: TableMemo | None) -> bool:
        items = self._items()
        present = [c for e, c in self.ctx.pairs if e.slot is not Slot.ENEMY]
        self.copies: dict[str, int] = {}
        for card in present:
            self.copies[card.id] = self.copies.get(card.id, 0) + 1
        self.root = (
            0,
            0,
            self.ctx.neutral_total,
            sum(1 for u in self.army.units if u.unit.card is not None),
            sum(1 for x in self.army.ncus if x.card is not None),
            max(self.copies.values(), default=0),
            len(self.copies),
        )
        self.own_ids = frozenset(self.copies)  # the list's cards but enemy attachments
        # the relaxations by the NCUs the player still allows (one table when there is no limit)
        max_ncus = self.limits.max_ncus
        room = None if max_ncus is None else max(0, max_ncus - self.root[4])
        most_levels = min(self.limits.max_copies or COPIES_LEVELS, COPIES_LEVELS)
        relaxed = bound_tables(self, items, room, self.copies, most_levels, memo)  # see `bound`
        levels, thrifty, guide, settled = relaxed.levels, relaxed.thrifty, relaxed.guide, relaxed.settled
        settles, pool_last, pad, bits = relaxed.settles, relaxed.pool_last, relaxed.pad, relaxed.bits
        high, mask, half = 2 * bits, (1 << bits) - 1, 1 << (bits - 1)  # (see `unpacked`)
        pool_end = max(pool_last, default=-1)  # the last item that brings a card of a shared discount
        # (most copies m, the tables, the thrifty ones or None) per level: those the search bounds with, those of
        # the dives, and those once no discount can come
        search_plan = [(m, tables, lean) for (m, tables), lean in zip(levels, thrifty, strict=True)]
        guided_plan = [(m, tables, None) for m, tables in guide]
        settled_plan = [(m, tables, lean) for (m, tables), lean in zip(guide, settled, strict=True)]
        bounds = [taken[0] for taken in levels[-1][1][0]]  # where the tables change: the same for every count of NCUs
        n = len(items)
        budget, slack, cap = self.budget, self.slack, self.cap
        nslack = self.neutral_slack
        count_neutral = nslack == 0
        present_tags, forbidden = self.present_tags, self.forbidden
        limit_count, limit_max = self.limit_count, self.limit_max
        slots = [0] * len(self.army.units)
        # least cost, most cost, least neutral, combat units, NCUs, most copies of a card, most distinct cards
        State = tuple[int, int, int, int, int, int, int]
        chosen: list[int] = []
        counters = {"foreign": self.foreign_room, "nodes": 0}
        limits = self.limits
        copies = self.copies  # card id -> copies in the list and the chosen additions' concrete cards

        charges = self.charges
        peers = Peers(self, items, copies)  # interchangeable units: one arrangement searched, others checked
        peer_of = peers.of  # (most items are of no peer class: no call for them)
        skips = peers.skips()
        counted_limits = [tuple((g, it.limits.count(g)) for g in it.limits) for it in items]

        def bound(j: int, state: State, order: tuple[int, ...], guided: bool = False) -> Key:
            """The best key any completion adding items j.. to `state` can have (`order`: where the fixed
            order of those completions starts). `guided`: the best key of those that need no discount to
            come, to steer the dives (no bound: nothing is cut by it)."""
            lo, hi, neutral, units, ncus, most, distinct = state
            give = 0 if guided else slack
            plan = guided_plan if guided else search_plan
            if settles and not guided and j > pool_end and not any(pool_live):
                give, plan = 0, settled_plan  # no discount can come any more
            # charged for, still to come: every completion takes an item from j on that brings the card
            # (the exhaustive pass's tables hold only such multisets), counted at its whole cost with the
            # card as one of its cards, as the state does already: give both back (the same shift for all)
            for ids in pending:
                clo, _, cn = charges[ids]
                lo, neutral, distinct = lo - clo, neutral - cn, distinct - 1
            best = WORST[:5]
            offset = neutral if count_neutral else 0
            t = in_group[groups[j]] if j < n else 0  # the chosen additions of j's group: fewer to come
            acts = units + ncus
            top = min(hi, budget + give) + 1
            row = relaxed.row(pending, budget + give) if pending and plan is search_plan else pad  # (see above)
            q = 0 if max_ncus is None else max(0, max_ncus - ncus)
            room = UNBOUNDED if cap is None else cap + nslack - neutral  # neutral points still allowed
            end = row + budget + give
            start, stop = end - top + 1, end - lo + 1  # the entries of every budget the branch may have left
            win, win_at = -1, 0  # the least entry of the levels read at once (-1: none yet), and its level
            for m, by_ncus, by_thrift in plan:
                if m < most or start >= stop:
                    continue  # the list already holds a card more often; no budget left to read
                by_taken = (by_ncus[q] if q < len(by_ncus) else by_ncus[-1])[j]  # (as `pick`, inline: per node)
                table = by_taken[t] if t < len(by_taken) else by_taken[-1]
                low = min(table[start:stop])  # the best of every budget the branch may have left at once
                if by_thrift is not None:
                    # the least entry bounds them all unless the cap forbids it: every other's key is no
                    # better, and the cap moves a key back one activation (at its first place: none better)
                    lean = pick(by_thrift, q, j, t)
                    fewest_low = lean[pad + table.index(low, start, stop) - row]
                    if fewest_low >> high == low >> high and (fewest_low >> bits & mask) - half > room:
                        best = min(best, cap_walk(table, lean, row, lo, top, give, acts, m, distinct, offset, room))
                        continue
                # levels come by most copies (m, never below `most` here): a later level's key ranks
                # before only with fewer points left or more activations, the first places of its entry
                if win < 0 or low >> high < win >> high:
                    win, win_at = low, m
            if win >= 0:
                left, aa, kk, nn = unpacked(win, bits)
                best = min(best, (left, aa - acts, win_at, kk - distinct, nn + offset))
            return (*best, (order, ()))

        def cap_walk(
            table: list[int], lean: list[int], row: int, lo: int, top: int, give: int, acts: int, at: int,
            distinct: int, offset: int, room: int,
        ) -> Rank:  # fmt: skip
            """The best key of a level's entries (see `bound`), entry by entry: the neutral cap forbids
            the least one."""
            best = WORST[:5]
            for r in range(budget + give - lo, budget + give - top, -1):
                left, aa, kk, nn = relaxed.unpack(table[row + r])
                fewest = relaxed.unpack(lean[relaxed.pad + r])  # (the thrifty tables hold any multiset)
                if fewest[:2] == (left, aa) and fewest[2] > room:  # the neutral cap forbids all this good
                    cand = (left, aa - acts + 1, at, -UNBOUNDED, 0)  # one activation fewer at best
                else:
                    cand = (left, aa - acts, at, kk - distinct, nn + offset)
                best = min(best, cand)
            return best

        numbered: dict[tuple[str, ...], int] = {}
        groups = [numbered.setdefault(item.group, len(numbered)) for item in items]  # each item's group, as a number
        in_group = [0] * len(numbered)  # the chosen additions of each group
        first_other = next((j for j, it in enumerate(items) if it.kind != "unit"), n)

        def hopeless(j: int, state: State, order: tuple[int, ...]) -> bool:
            """Nothing from item j on can rank: below the bar, or (once the new units are chosen) below
            the best completion already found with these units, which is all it could replace."""
            bar = self.threshold()
            best = bound(j, state, order)
            if j >= first_other:
                known = self.found.get(
                    tuple(sorted(c.id for i in chosen if items[i].kind == "unit" and (c := items[i].card)))
                )
                if known is not None and known.key < bar:
                    if not peers.moves(chosen):
                        bar = known.key
                    elif known.key[:5] < best[:5] or (known.key <= best and arranged_behind(best, j)):
                        return True  # and so are its arrangements (see symmetry.py)
            return best >= bar

        def arranged_behind(best: Key, j: int) -> bool:
            """Every other arrangement of the chosen units, given the bound `best` of this subtree, is
            behind the bar or behind the best completion already found with its own units."""
            bar = self.threshold()
            for image in peers.images(chosen):
                key: Key = (*best[:5], ((*image, j), ()))
                if key >= bar:
                    continue
                known = self.found.get(
                    tuple(sorted(c.id for i in image if items[i].kind == "unit" and (c := items[i].card)))
                )
                if known is None or known.key > key:
                    return False
            return True

        pending: list[frozenset[str]] = []  # needs charged for and not yet met
        last_carrier = self.last_carrier
        pool_live = self.pool_live

        def take(j: int, state: State) -> tuple[State, list[frozenset[str]]] | None:
            """Add item j to the chosen additions when the rules allow it: the new state and the needs
            it met; None (nothing changed) when it cannot be added."""
            if peer_of[j] is not None and not peers.allows(j):
                return None  # another arrangement of the same units is the one searched
            lo, hi, neutral, units, ncus, most, distinct = state
            item = items[j]
            dlo, dhi, dn, dk = item.lo, item.hi, item.nlo, len(item.classes)
            met = [ids for _, ids in item.carries if ids in pending] if pending else []
            for ids in met:  # the card was charged for already: its charge gives way to its cost
                clo, chi, cn = charges[ids]
                dlo, dhi, dn, dk = dlo - clo, dhi - chi, dn - cn, dk - 1
            if item.charged:
                dlo, dhi, dn, dk = dlo + item.charge[0], dhi + item.charge[1], dn + item.charge[2], dk + 1
            if lo + dlo > budget + slack or (cap is not None and neutral + dn - nslack > cap):
                return None
            if item.foreign > counters["foreign"] or (item.unit is not None and slots[item.unit]):
                return None
            if (item.tags and any(forbidden[t] for t in item.tags)) or (
                item.forbids and any(present_tags[t] for t in item.forbids)
            ):
                return None
            if item.limits and any(limit_count[g] + more > limit_max[g] for g, more in counted_limits[j]):
                return None  # (a card taken twice, two Crannogman Survivalists, counts twice)
            if limits.max_units is not None and units + item.units > limits.max_units:
                return None
            if limits.max_ncus is not None and ncus + item.ncus > limits.max_ncus:
                return None
            if peer_of[j] is not None:
                peers.take(j)
            chosen.append(j)
            in_group[groups[j]] += 1
            dk -= len(item.fixed)  # counted below, as new cards only when they are
            for cid in item.counted:
                held = copies.get(cid, 0) + 1
                copies[cid] = held
                most = max(most, held)
                dk += held == 1
            for p in item.pools:
                pool_live[p] += 1
            for t in item.tags:
                present_tags[t] += 1
            for t in item.forbids:
                forbidden[t] += 1
            for g in item.limits:
                limit_count[g] += 1
            counters["foreign"] -= item.foreign
            if item.unit is not None:
                slots[item.unit] = 1
            for ids in met:
                pending.remove(ids)
            if item.charged:
                pending.append(item.charged)
            counters["nodes"] += 1
            if counters["nodes"] % TICK == 0:
                self._tick(counters["nodes"])
            state = (
                lo + dlo,
                hi + dhi,
                neutral + dn,
                units + item.units,
                ncus + item.ncus,
                most,
                distinct + dk,
            )
            return state, met

        def visit(state: State) -> None:
            """Check the chosen additions as a completion, and their other arrangements."""
            if pending:
                return
            rank = self._visit(items, chosen, counters["foreign"], state)
            if rank is None:
                return  # its arrangements rank the same: behind the bar too
            for image in peers.images(chosen):
                if (*rank, (tuple(image), ())) < self.threshold():
                    self._visit(items, image, counters["foreign"], state)

        def undo(j: int, met: list[frozenset[str]]) -> None:
            item = items[j]
            if item.charged:
                pending.remove(item.charged)
            pending.extend(met)
            chosen.pop()
            in_group[groups[j]] -= 1
            if peer_of[j] is not None:
                peers.undo(j)
            for cid in item.counted:
                copies[cid] -= 1
            for p in item.pools:
                pool_live[p] -= 1
            for t in item.tags:
                present_tags[t] -= 1
            for t in item.forbids:
                forbidden[t] -= 1
            for g in item.limits:
                limit_count[g] -= 1
            counters["foreign"] += item.foreign
            if item.unit is not None:
                slots[item.unit] = 0

        def nxt(j: int) -> int:
            return j if items[j].repeat != 1 else j + 1

        # the least each item can add to the cost (a charge it meets refunded), and from each item on
        cheap = [it.lo - sum(self.charges[ids][0] for _, ids in it.carries) for it in items]
        least = [*cheap, 1 << 30]
        for j in range(n - 1, -1, -1):
            least[j] = min(least[j], least[j + 1])
        limit = budget + slack

        def dfs(first: int, state: State) -> None:
            table = None
            due = min((last_carrier[ids] for ids in pending), default=n)
            spent = state[0]
            j = first - 1
            while j + 1 < n:
                j += 1
                if j > due or spent + least[j] > limit:
                    return  # nothing from here on brings a card a chosen addition needs, or fits
                if (skip := skips[j]) is not None and skip[0] == skip[1]:  # (see `Peers.skips`)
                    j = skip[2] - 1  # no item of this card keeps the arrangement the searched one
                    continue
                if spent + cheap[j] > limit:
                    continue
                if bounds[j] is not table:  # the bound only changes where the table does
                    table = bounds[j]
                    if hopeless(j, state, (*chosen, j)):
                        return  # no multiset of the items from here on can rank
                taken = take(j, state)
                if taken is None:
                    continue
                visit(taken[0])
                dfs(nxt(j), taken[0])
                undo(j, taken[1])

        placed = {  # charges met only by attachments
            ids
            for ids in charges
            if all(c.kind is CardKind.ATTACHMENT for i in ids if (c := self.catalogue.cards.get(i)) is not None)
        }

        def later(j: int) -> bool:
            """Item j needs a card that may come as an NCU or a unit, later in the order: a lean dive
            seldom brings it (cards that come only as attachments it does bring: Stark's direwolves)."""
            return bool(items[j].charged) and items[j].charged not in placed

        def dive(
            first: int, state: State, lean: bool = False, banned: frozenset[str] = frozenset(), leaves: bool = False
        ) -> None:
            """Follow the child with the best bound down to a leaf: good proposals early, so that the
            exhaustive pass starts with a tight bar. `lean`: the child with the most activations that
            need no discount to come, the fewest attachments among equals (lists of many cheap
            activations: Lannister's Poor Fellows), and no addition that needs a card still to come
            (see `later`) nor of the combat units `banned`. `leaves`: check the leaf only, not every
            list on the way (once the bar is set, those seldom rank and cost many checks)."""
            due = min((last_carrier[ids] for ids in pending), default=n - 1)
            best: tuple[tuple[int, int, int, Rank, bool], int] | None = None
            for j in range(first, min(n, due + 1)):
                card = items[j].card
                if lean and (later(j) or (card is not None and card.id in banned)):
                    continue
                taken = take(j, state)
                if taken is None:
                    continue
                if taken[0][0] <= budget <= taken[0][1]:  # it may spend every point left: check that list
                    visit(taken[0])
                aim = bound(nxt(j), taken[0], tuple(chosen), guided=lean)
                # the bound counts a card charged for as paid, not the attachment place it will take on
                # a unit: in the dive, one card fewer for each such card still to come, and among equals
                # the child that brings one (Greatjon Umber's dives now reach the three direwolves' lists)
                places = sum(1 for ids in pending if ids in placed)
                leading = (aim[0], aim[1], len(items[j].classes)) if lean else (0, 0, 0)
                rated = (*leading, (aim[0], aim[1], aim[2], aim[3] + places, aim[4]), not taken[1])
                if best is None or rated < best[0]:
                    key = bound(nxt(j), taken[0], tuple(chosen)) if lean else aim
                    if key < self.threshold():
                        best = (rated, j)
                undo(j, taken[1])
            if best is None:
                if leaves:
                    visit(state)
                return
            _, j = best
            taken = take(j, state)
            assert taken is not None
            if not leaves:
                visit(taken[0])
            dive(nxt(j), taken[0], lean, banned, leaves)
            undo(j, taken[1])

        def swaps() -> None:
            """Dives without one new combat unit of a proposal found so far: proposals differ in their new
            units, so the next best are likeliest among its neighbours."""
            tried: set[frozenset[str]] = set()
            fresh = True
            while fresh:
                fresh = False
                for _, group in list(self.ranked):
                    for cid in group:
                        ban = frozenset({cid})
                        if ban in tried:
                            continue
                        if self.clock() - self.start - self.lent > self.timeout * DIVE_SHARE:
                            return
                        tried.add(ban)
                        before = list(self.ranked)
                        dive(0, root, True, ban)
                        fresh = fresh or self.ranked != before

        # a needer and an addition that brings the card it needs, as one step (a direwolf and the Stark
        # character that lets it in): the steps of the closed dives, beside every addition needing nothing
        bringers: dict[frozenset[str], list[int]] = {}
        for i, it in enumerate(items):
            for _, brought in it.carries:
                bringers.setdefault(brought, []).append(i)
        closures = [(j, i) for j, it in enumerate(items) if it.charged for i in bringers.get(it.charged, ())]
        steps = [(j,) for j, it in enumerate(items) if not it.charged] + closures if closures else []
        free = next((j for j, it in enumerate(items) if not it.charged), n)  # after the needers that lead
        Log = list[tuple[int, list[frozenset[str]]]]

        def stack(js: list[int] | tuple[int, ...], state: State) -> tuple[State, Log] | None:
            """Take the additions js one after the other: the state and what to undo (see `lift`); None
            (nothing changed) when the rules refuse one."""
            log: Log = []
            for j in js:
                taken = take(j, state)
                if taken is None:
                    lift(log)
                    return None
                state = taken[0]
                log.append((j, taken[1]))
            return state, log

        def lift(log: Log) -> None:
            for j, met in reversed(log):
                undo(j, met)

        def relay(path: list[tuple[int, list[frozenset[str]], State]], js: list[int]) -> State | None:
            """Lay the additions js (in the search's order) where `path` lies, keeping what the two start
            with (the same additions taken in the same order come to the same state): the state, or None
            (nothing laid) when the rules refuse one."""
            keep = 0
            while keep < len(path) and keep < len(js) and path[keep][0] == js[keep]:
                keep += 1
            while len(path) > keep:
                j, met, _ = path.pop()
                undo(j, met)
            state = path[-1][2] if path else root
            for j in js[keep:]:
                if (taken := take(j, state)) is None:
                    relay(path, [])
                    return None
                state = taken[0]
                path.append((j, taken[1], state))
            return state

        def closed_dive(multiset: list[int]) -> None:
            """A lean dive by steps that bring what they need, each list laid in the search's order: each
            step the one with the most activations that need no discount to come (the bound over the
            additions but the needers), then the most activations of its own, the fewest attachments;
            every list on the way checked, and every step that may spend every point left."""
            path: list[tuple[int, list[frozenset[str]], State]] = []  # laid: each addition, its undo, the state
            while (state := relay(path, sorted(multiset))) is not None:
                visit(state)
                best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
                full = []
                for step in steps:
                    if (tried := stack(step, state)) is None:
                        continue
                    now = tried[0]
                    aim = bound(free, now, tuple(chosen), guided=True)
                    gain = -sum(items[j].units + items[j].ncus for j in step)
                    rated = (aim[0], aim[1], gain, sum(len(items[j].classes) for j in step), *aim[2:5])
                    if (best is None or rated < best[0]) and bound(0, now, tuple(chosen)) < self.threshold():
                        best = (rated, step)
                    if now[0] <= budget <= now[1]:
                        full.append(step)
                    lift(tried[1])
                for step in full:  # the lists that may spend every point left, laid in the search's order
                    if (laid := relay(path, sorted([*multiset, *step]))) is not None:
                        visit(laid)
                if best is None:
                    relay(path, [])
                    return
                multiset = [*multiset, *best[1]]

        root: State = self.root
        try:
            # dives from the most promising first additions, until `top` proposals are in or time is short
            starts = []
            for j in range(n):
                taken = take(j, root)
                if taken is not None:
                    starts.append((bound(nxt(j), taken[0], tuple(chosen)), j))
                    undo(j, taken[1])
            self.diving = True
            # the closed dives first (a dive of single additions seldom brings what a needer needs), in a share of
            # the time limit of their own; none with a list to beat (`bar`: they seldom beat it, at more nodes)
            opened = self.clock()
            firsts = []
            for step in closures if self.bar is None else ():
                if (laid := stack(step, root)) is not None:
                    firsts.append((bound(0, laid[0], tuple(chosen), guided=True), step))
                    lift(laid[1])
            for key, step in sorted(firsts)[:LEAN_DIVES]:
                if key >= self.threshold() or self.clock() - opened > self.timeout * LEAN_SHARE:
                    break
                closed_dive(list(step))
            self.lent = self.clock() - opened
            # then the lean dives (their lists take few attachments, so few checks), the dives by the
            # bound, and the neighbours of the proposals found
            for lean in (True, False):
                for key, j in sorted(starts)[: LEAN_DIVES if lean else DIVES]:
                    share = LEAN_SHARE if lean else DIVE_SHARE
                    if key >= self.threshold() or self.clock() - self.start - self.lent > self.timeout * share:
                        break
                    if lean and later(j):
                        continue
                    leaves = not lean and len(self.ranked) >= self.top
                    taken = take(j, root)
                    if taken is not None:
                        if not leaves:
                            visit(taken[0])
                        dive(nxt(j), taken[0], lean, leaves=leaves)
                        undo(j, taken[1])
            swaps()
            self.diving = False
            dfs(0, root)
        except _Stop:
            return False
        finally:
            self.search.nodes = counters["nodes"]
        return True

    def _tick(self, nodes: int) -> None:
        now = self.clock()
        if now - self.start > self.timeout:
            raise _Stop
        if self.progress is not None and now - self.reported >= PROGRESS_EVERY:
            self.reported = now
            best = self.ranked[0][0] if self.ranked else None
            self.progress(
                Progress(nodes, self.search.checked, len(self.ranked), best, now - self.start, self.timeout)
            )
