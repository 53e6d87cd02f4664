"""The knapsack relaxation that bounds the completion search (see `complete`): for every suffix of the
search's ordered additions and every budget, the best any multiset of them could do when most rules are
forgotten.

Nothing here prints or exits.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from armybuilder.games.asoiaf.builder.model import Model, _Class, _Item

Relaxed = tuple[int, int, int, int]  # (points left, -activations, -cards, neutral points) of a relaxation
Tables = list[list[list[list[Relaxed]]]]  # tables[q][j][t][r + slack], see `relaxation`


@dataclasses.dataclass(frozen=True)
class BoundTables:
    """The relaxations the completion search bounds its branches with (see `bound_tables`)."""

    levels: list[tuple[int, Tables]]  # (most copies of a card m, its tables), the last: m or more
    thrifty: list[Tables | None]  # under a neutral cap, per level: the fewest neutral points (else None)
    guide: list[tuple[int, Tables]]  # per level, without the discounts that may never come
    settled: list[Tables | None]  # the thrifty ones without them
    settles: bool  # the list's cards can lose no points: once no shared discount can come, guide and
    # settled bound the search too
    pool_last: list[int]  # the last item that brings a card of each shared discount (-1: none)


def pick(tables: Tables, q: int, j: int, t: int) -> list[Relaxed]:
    """The table for item j with at most `q` NCUs still allowed and `t` of j's group taken already (each
    the last there is where more)."""
    by_taken = tables[min(q, len(tables) - 1)][j]
    return by_taken[min(t, len(by_taken) - 1)]


def bound_tables(
    model: Model, items: list[_Item], ncus: int | None, held: Mapping[str, int], most: int
) -> BoundTables:
    """The relaxations by the NCUs the player still allows (`ncus`; one table when there is no limit),
    and by the most copies of a card, 1 .. `most` (the last: that many or more): a completion whose
    relaxation needs more copies of a card than the list has so far ranks behind on variety. Under a
    neutral cap, the fewest neutral points the best multisets of each level need: where the cap forbids
    them all, that level's completions rank behind them on activations at least. For the dives, the same
    without the discounts that may never come; and once no discount can come any more (the list's cards
    can lose no points, and no shared discount has its card in the list or an addition still to come),
    those bound the search too: a dragon's discount no longer lets Jorah Mormont's lists spend a point
    more than they have."""
    made: dict[tuple[int | None, bool, int], Tables] = {}

    def table(copies: int | None, thrifty: bool = False, slack: int | None = None) -> Tables:
        """The relaxation, built once: where two would be equal, one serves both (see below)."""
        key = (copies, thrifty, model.slack if slack is None else slack)
        if key not in made:
            made[key] = relaxation(model, items, copies, ncus, held, thrifty, slack)
        return made[key]

    # a level whose most copies limits no card further than its other limits do (every card of a collection
    # owned twice, at 2) is the level above it: the same caps, the same tables
    cards = [item for item in items if item.card is not None]
    copies = [
        m if any(_cap(model, i, m, held) != _cap(model, i, None, held) for i in cards) else None
        for m in range(1, most)
    ]
    copies.append(None)
    levels = [(m, table(c)) for m, c in enumerate(copies, 1)]
    capped = model.cap is not None
    settles = model.base_loss == 0 and model.slack > 0
    pool_last = [-1] * len(model.pool_live)
    for j, item in enumerate(items):
        for p in item.pools:
            pool_last[p] = j
    # without discounts to come, the dives' tables are the search's (most lists: no need to build them twice)
    guide = [(m, table(c, slack=0)) for m, c in enumerate(copies, 1)]
    thrifty: list[Tables | None] = [None] * len(levels)
    settled: list[Tables | None] = [None] * len(levels)
    if capped and not _neutral(items):  # no addition brings a neutral point: every multiset needs none
        thrifty = [_none_neutral(tables) for _, tables in levels]
        settled = [_none_neutral(tables) if settles else None for _, tables in guide]
    elif capped:
        thrifty = [table(c, thrifty=True) for c in copies]
        settled = [table(c, thrifty=True, slack=0) if settles else None for c in copies]
    return BoundTables(
        levels=levels, thrifty=thrifty, guide=guide, settled=settled, settles=settles, pool_last=pool_last
    )


def _cap(model: Model, item: _Item, copies: int | None, held: Mapping[str, int]) -> int | None:
    """How many items of `item`'s group a multiset may hold (None: no limit): the group's cap, and for a
    card, the room its copy limits leave (the copies the list holds already count against every limit)
    and `copies` less those it holds."""
    cap, card = item.cap, item.card
    if card is not None:
        for g in model.card_limits.get(card.id, ()):
            room = model.limit_max[g] - model.limit_count[g]
            cap = room if cap is None else min(cap, room)
        if copies is not None:
            room = copies - held.get(card.id, 0)
            cap = room if cap is None else min(cap, room)
    return cap


def _neutral(items: Sequence[_Item]) -> bool:
    """Some addition may bring neutral points (its card, an attachment class, a cost variant)."""
    return any(
        (item.card is not None and item.card.is_neutral)
        or any(k.neutral for k in item.classes)
        or any(n for _, n in item.variants)
        for item in items
    )


def _none_neutral(tables: Tables) -> Tables:
    """The thrifty relaxation of additions that bring no neutral point, shaped as `tables` (the relaxation
    with the same slack) as far as `pick` reads it: every place's neutral points are 0, the only place the
    search reads of it."""
    zeros: list[Relaxed] = [(0, 0, 0, 0)] * len(tables[0][0][0])
    return [[[zeros]] * len(by_item) for by_item in tables]


def relaxation(
    model: Model,
    items: list[_Item],
    copies: int | None = None,
    ncus: int | None = None,
    held: Mapping[str, int] | None = None,
    thrifty: bool = False,
    slack: int | None = None,
) -> Tables:
    """bounds[q][j][t][r + slack]: the best a multiset of the items of j's group and after can do with `r`
    points to spend (r from -slack: discounts on the list's cards may still pay for it), forgetting
    every rule but points and each group's cap (copies of one card, one card per character, one
    addition per existing unit): (points left, -activations, -cards, neutral points), smallest first.
    Among the multisets that leave the fewest points with the most activations it holds the most cards,
    a group's card counted once (its copies are no new card), which bounds the distinct cards any of
    them can add. Neutral points count only when no discount on
    the list's cards can lower them (otherwise 0, which stays a lower bound). With `copies`, no new
    unit's or NCU's card more than that many times: the relaxation of the completions whose most
    repeated card is there at most that often. With `ncus`, tables for q = 0 .. `ncus`: at most q new
    NCUs (the player's --max-ncus); without it, one table (q = 0) where NCUs count like any addition.
    `held`: copies of each card the list holds already; they count against every cap and `copies`,
    and a card the list holds is no new card. `thrifty`: (points left, -activations, neutral points,
    -cards) instead, every neutral point counted: the fewest neutral points the best multisets need,
    to tell whether the neutral cap lets any of them be. `slack`: the points discounts may still pay
    for, instead of the model's (0: the tables of the lists that pay every point themselves).
    `t`: the items of j's group the search took already (the last index: that many or more); a group
    of a capped card then adds at most its cap less those, and its card is no new card (Freedmen taken
    twice: one more at most, not three)."""
    slack, budget = model.slack if slack is None else slack, model.budget
    held = held or {}
    items, at = _unshared(model, items)
    size = budget + slack + 1
    count_neutral = model.neutral_slack == 0 or thrifty
    base: list[Relaxed] = [(max(0, r - slack), 0, 0, 0) for r in range(size)]
    levels = 1 if ncus is None else max(0, ncus) + 1
    bounds: list[list[list[list[Relaxed]]]] = [[[base]] * (len(items) + 1) for _ in range(levels)]

    def step(
        cur: list[Relaxed], group: Sequence[_Item], first: bool = True, into: list[Relaxed] | None = None
    ) -> list[Relaxed]:
        """At most one more of the group's items on every budget (added to `cur`, kept where `into`,
        by default `cur`, is better); after the `first`, the group's card brings no new card (a
        copy), only its attachments do."""
        nxt = list(cur if into is None else into)
        for item in group:
            da = item.units + item.ncus
            dk = item.cards if first else item.cards - (item.card is not None)  # its attachments' cards
            for c, n in item.variants:
                n = n if count_neutral else 0
                if thrifty:  # the third and fourth places swapped
                    for idx in range(c, size):
                        left, acts, neutral, cards = cur[idx - c]
                        cand = (left, acts - da, neutral + n, cards - dk)
                        if cand < nxt[idx]:
                            nxt[idx] = cand
                    continue
                for idx in range(c, size):
                    left, acts, cards, neutral = cur[idx - c]
                    cand = (left, acts - da, cards - dk, neutral + n)
                    if cand < nxt[idx]:
                        nxt[idx] = cand
        return nxt

    def advance(tables: list[list[Relaxed]], group: Sequence[_Item], first: bool) -> list[list[Relaxed]]:
        """One more of the group's items at most, at every count of new NCUs."""
        if ncus is None or group[0].kind != "ncu":
            return [step(t, group, first) for t in tables]
        return [tables[0], *(step(tables[q - 1], group, first, tables[q]) for q in range(1, levels))]

    tables = [base] * levels
    end = len(items)
    while end > 0:
        start = end
        while start > 0 and items[start - 1].group == items[end - 1].group:
            start -= 1
        group = items[start:end]
        cap = _cap(model, group[0], copies, held)
        card = group[0].card
        if card is not None and cap is not None and cap <= 0:
            for q in range(levels):
                for j in range(start, end):
                    bounds[q][j] = [tables[q]]
            end = start
            continue
        after = tables
        if cap is None:  # no shared cap: each item as often as its own limit allows
            for item in reversed(group):
                rounds = item.repeat if item.repeat is not None else size
                for _ in range(min(rounds, size)):
                    nxt = advance(tables, [item], True)
                    if nxt == tables:
                        break
                    tables = nxt
        else:
            new = card is None or not held.get(card.id, 0)
            for round_ in range(min(cap, size)):
                nxt = advance(tables, group, new and round_ == 0)
                if nxt == tables:
                    break
                tables = nxt
        # after t of the group's items taken: at most cap - t more, the card no new card (held already:
        # the tables above with that many rounds fewer)
        by_taken = [tables]
        if cap is not None:
            fewer = [after]
            for _ in range(min(cap, size) - 1):
                nxt = advance(fewer[-1], group, False)
                if nxt == fewer[-1]:
                    break
                fewer.append(nxt)
            by_taken += [fewer[min(cap - t, len(fewer) - 1)] for t in range(1, cap + 1)]
        for q in range(levels):
            taken = [tabs[q] for tabs in by_taken]
            for j in range(start, end):
                bounds[q][j] = taken
        end = start
    return [[by_item[i] for i in at] for by_item in bounds]


def _unshared(model: Model, items: list[_Item]) -> tuple[list[_Item], list[int]]:
    """The items as the relaxation sees them, and where each item (and the end) stands among them: an
    attachment class of characters only (Devan Seaworth, offered on every unit that may take him)
    leaves the additions that carry it and becomes an addition of its own, right after the last group
    that carries it, taken no more often than the class has members: a character joins one unit of a
    list, however many units could take it. Its cost moves with it, so every completion from an item
    on is still a multiset of these from that item on (one that places it on no unit too: a
    relaxation)."""
    shared: dict[frozenset[str], dict[tuple[int, int, bool], _Class]] = {}
    last: dict[frozenset[str], tuple[str, ...]] = {}  # the last group that carries each
    out: list[_Item] = []
    for item in items:
        carried = {pos for pos, _ in item.carries}
        moved = [
            k
            for pos, k in enumerate(item.classes)
            if pos not in carried and all(m.characters for m in k.members)
        ]
        if not moved:
            out.append(item)
            continue
        for k in moved:
            ids = frozenset(m.id for m in k.members)
            shared.setdefault(ids, {})[(k.lo, k.hi, k.neutral)] = k
            last[ids] = item.group
        kept = tuple(k for k in item.classes if not any(k is x for x in moved))
        ranges = [(k.lo, k.hi, k.neutral) for k in kept]
        if item.card is not None:
            hi = item.card.points
            ranges.append((min(hi, model.floors.card(item.card)), hi, item.card.is_neutral))
        out.append(
            dataclasses.replace(
                item, classes=kept, cards=item.cards - len(moved), variants=_sums(ranges), plain=()
            )
        )
    after: dict[tuple[str, ...], list[_Item]] = {}
    for ids, classes in shared.items():
        group = ("shared", *sorted(ids))
        for k in classes.values():
            after.setdefault(last[ids], []).append(
                _Item(
                    kind="attach",
                    card=None,
                    classes=(k,),
                    unit=None,
                    lo=k.lo,
                    hi=k.hi,
                    nlo=k.lo if k.neutral else 0,
                    units=0,
                    ncus=0,
                    cards=1,
                    tags=(),
                    forbids=(),
                    limits=(),
                    foreign=0,
                    repeat=None,
                    group=group,
                    cap=len(ids),
                    plain=(),
                    variants=_sums([(k.lo, k.hi, k.neutral)]),
                )
            )
    merged: list[_Item] = []
    at: list[int] = []
    for index, item in enumerate(out):
        at.append(len(merged))
        merged.append(item)
        if index + 1 == len(out) or out[index + 1].group != item.group:
            merged += after.pop(item.group, [])
    at.append(len(merged))
    return merged, at


def _sums(ranges: Sequence[tuple[int, int, bool]]) -> tuple[tuple[int, int], ...]:
    """Every (cost, neutral points) a set of cards can come to, each costing within its (least, most)
    range, and neutral or not."""
    sums = {(0, 0)}
    for lo, hi, neutral in ranges:
        sums = {(c + x, n + (x if neutral else 0)) for c, n in sums for x in range(lo, hi + 1)}
    return tuple(sorted(sums))
