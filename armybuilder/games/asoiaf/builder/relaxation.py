"""The knapsack relaxation that bounds the completion search (see `complete`): for every suffix of the
search's ordered additions and every budget, the best any multiset of them could do when most rules are
forgotten.

Nothing here prints or exits.
"""

from __future__ import annotations

import array
import dataclasses
import sys
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence

from armybuilder.games.asoiaf.builder.model import Model, _Class, _Item

Relaxed = tuple[int, int, int, int]  # (points left, -activations, -cards, neutral points) of a relaxation
Tables = list[list[list[list[int]]]]  # tables[q][j][t][pad + s * stride + r + slack]: Relaxed packed
MOST_NEEDS = 6  # the needs the search's tables hold parts for (2**6 parts; the bundled lists have 3 at most):
# a need beyond them bounds as if it were met already (looser, never too tight)
MEMO_SIZE = 48  # relaxations a `TableMemo` keeps (`collection armies` meets the same one ~25 builds later)


class TableMemo:
    """Relaxations already built, by everything `relaxation` reads: the searches of `collection armies`
    (each commander's smallest lists, one after another) build many of the same tables, which forget the
    rules that tell those lists apart. The oldest go first, past `MEMO_SIZE`. The tables are shared, never
    changed."""

    def __init__(self) -> None:
        self.made: OrderedDict[Hashable, Tables] = OrderedDict()

    def get(self, key: Hashable) -> Tables | None:
        tables = self.made.get(key)
        if tables is not None:
            self.made.move_to_end(key)
        return tables

    def put(self, key: Hashable, tables: Tables) -> None:
        self.made[key] = tables
        if len(self.made) > MEMO_SIZE:
            self.made.popitem(last=False)


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
    needs: list[frozenset[str]]  # the needs charged for: need b is bit b of `s` (see `relaxation`)
    bits: int  # of each packed place (see `_packed`)
    pad: int  # entries before each part of a table (see `relaxation`)

    def row(self, pending: Sequence[frozenset[str]], budget: int) -> int:
        """Where the part of a table for the needs `pending` starts (`budget`: its last index there)."""
        part = sum(1 << self.needs.index(ids) for ids in pending if ids in self.needs)  # (see MOST_NEEDS)
        return part * (self.pad + budget + 1) + self.pad

    def unpack(self, value: int) -> Relaxed:
        """A table's entry as its four places."""
        return unpacked(value, self.bits)

    def least(self, table: list[int], start: int, stop: int) -> Relaxed | None:
        """The best entry of table[start:stop] (None: no entry there)."""
        return unpacked(min(table[start:stop]), self.bits) if start < stop else None


def pick(tables: Tables, q: int, j: int, t: int) -> list[int]:
    """The table for item j with at most `q` NCUs still allowed and `t` of j's group taken already (each
    the last there is where more)."""
    by_taken = tables[min(q, len(tables) - 1)][j]
    return by_taken[min(t, len(by_taken) - 1)]


def bound_tables(
    model: Model,
    items: list[_Item],
    ncus: int | None,
    held: Mapping[str, int],
    most: int,
    memo: TableMemo | None = None,
) -> BoundTables:
    """The relaxations by the NCUs the player still allows (`ncus`; one table when there is no limit),
    and by the most copies of a card, 1 .. `most` (the last: that many or more): a completion whose
    relaxation needs more copies of a card than the list has so far ranks behind on variety. Under a
    neutral cap, the fewest neutral points the best multisets of each level need: where the cap forbids
    them all, that level's completions rank behind them on activations at least. For the dives, the same
    without the discounts that may never come; and once no discount can come any more (the list's cards
    can lose no points, and no shared discount has its card in the list or an addition still to come),
    those bound the search too: a dragon's discount no longer lets Jorah Mormont's lists spend a point
    more than they have. `memo`: relaxations other searches built, to use again where they are the same."""
    needs = sorted({item.charged for item in items if item.charged}, key=sorted)[:MOST_NEEDS]
    seen = _unshared(model, items)
    made: dict[tuple[int | None, bool, int, bool], Tables] = {}
    reads: list[Hashable] = []

    def table(
        copies: int | None, thrifty: bool = False, slack: int | None = None, needing: bool = False
    ) -> Tables:
        """The relaxation (`needing`: by the needs charged for), built once: where two would be equal, one
        serves both (see below)."""
        key = (copies, thrifty, model.slack if slack is None else slack, needing and bool(needs))
        if key not in made:
            wanted = needs if needing else ()
            known = None
            if memo is not None:
                if not reads:
                    reads.append(_reads(model, seen, held))  # once for every table of the search
                known = (reads[0], copies, ncus, thrifty, key[2], tuple(wanted))
                found = memo.get(known)
                if found is not None:
                    made[key] = found
                    return found
            made[key] = relaxation(model, items, copies, ncus, held, thrifty, slack, wanted, seen=seen)
            if memo is not None:
                memo.put(known, made[key])
        return made[key]

    # a level whose most copies limits no card further than its other limits do (every card of a collection
    # owned twice, at 2) is the level above it: the same caps, the same tables
    cards = [item for item in items if item.card is not None]
    copies = [
        m if any(_cap(model, i, m, held) != _cap(model, i, None, held) for i in cards) else None
        for m in range(1, most)
    ]
    copies.append(None)
    levels = [(m, table(c, needing=True)) for m, c in enumerate(copies, 1)]
    capped = model.cap is not None
    settles = model.base_loss == 0 and model.slack > 0
    pool_last = [-1] * len(model.pool_live)
    for j, item in enumerate(items):
        for p in item.pools:
            pool_last[p] = j
    # without discounts to come and needs charged for, the dives' tables are the search's
    guide = [(m, table(c, slack=0)) for m, c in enumerate(copies, 1)]
    bits = _bits(model, seen[0])
    swapped: dict[int, Tables] = {}  # levels alike share their tables: each swapped once

    def swap(tables: Tables) -> Tables:
        if id(tables) not in swapped:
            swapped[id(tables)] = _swapped(tables, bits)
        return swapped[id(tables)]

    thrifty: list[Tables | None] = [None] * len(levels)
    settled: list[Tables | None] = [None] * len(levels)
    if capped:
        # where no addition brings a neutral point, a thrifty table is the plain one with its last two
        # places swapped (neutral points 0 everywhere): the dives' tables for those without discounts
        plain = not _neutral(items)
        thrifty = [
            swap(tables) if plain and model.slack == 0 else table(c, thrifty=True)
            for (_, tables), c in zip(guide, copies, strict=True)
        ]
        settled = [
            None if not settles else swap(tables) if plain else table(c, thrifty=True, slack=0)
            for (_, tables), c in zip(guide, copies, strict=True)
        ]
    return BoundTables(
        levels=levels,
        thrifty=thrifty,
        guide=guide,
        settled=settled,
        settles=settles,
        pool_last=pool_last,
        needs=needs,
        bits=bits,
        pad=_pad(model, seen[0]),
    )


def _reads(model: Model, seen: tuple[list[_Item], list[int]], held: Mapping[str, int]) -> Hashable:
    """All that `relaxation` reads of the model, the items (as `_unshared` leaves them) and the copies
    held, but its own arguments: two searches alike in this get the same tables."""
    items, at = seen
    limits, most, count = model.card_limits, model.limit_max, model.limit_count
    return (
        model.budget,
        model.slack,
        model.neutral_slack,
        tuple(at),
        tuple(
            (
                item.kind,
                item.card.id if item.card is not None else None,
                tuple(most[g] - count[g] for g in limits.get(item.card.id, ())) if item.card is not None else (),
                held.get(item.card.id, 0) if item.card is not None else 0,
                item.units,
                item.ncus,
                item.cards,
                tuple(ids for _, ids in item.carries),
                item.charged,
                item.variants,
                item.repeat,
                item.group,
                item.cap,
            )
            for item in items
        ),
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


def _swapped(tables: Tables, bits: int) -> Tables:
    """The tables with the last two places of every packed entry swapped (`bits`: of each place)."""
    done: dict[int, list[int]] = {}  # each row once: the items of a group share them

    def swap(row: list[int]) -> list[int]:
        if id(row) not in done:
            lanes = _Lanes(len(row), max(row))  # every entry at once (see `_Lanes`)
            last = lanes.ones * ((1 << bits) - 1)  # the last place of every entry
            packed = lanes.row(row)
            kept = packed & (lanes.full ^ (last << bits | last))
            done[id(row)] = lanes.entries(kept | (packed & last) << bits | (packed >> bits & last))
        return done[id(row)]

    lists: dict[int, list[list[int]]] = {}  # and each list of them: the items of a group share it

    def swap_all(by_taken: list[list[int]]) -> list[list[int]]:
        if id(by_taken) not in lists:
            lists[id(by_taken)] = [swap(row) for row in by_taken]
        return lists[id(by_taken)]

    return [[swap_all(by_taken) for by_taken in by_item] for by_item in tables]


def relaxation(
    model: Model,
    items: list[_Item],
    copies: int | None = None,
    ncus: int | None = None,
    held: Mapping[str, int] | None = None,
    thrifty: bool = False,
    slack: int | None = None,
    needs: Sequence[frozenset[str]] = (),
    seen: tuple[list[_Item], list[int]] | None = None,
) -> Tables:
    """bounds[q][j][t][pad + s * stride + r + slack]: the best a multiset of the items of j's group and
    after can do with `r` points to spend (r from -slack: discounts on the list's cards may still pay
    for it), forgetting every rule but points and each group's cap (copies of one card, one card per
    character, one addition per existing unit): (points left, -activations, -cards, neutral points),
    smallest first, packed into one number (see `_packed`, `unpacked`). Among the multisets that leave
    the fewest points with the most activations it holds the most cards, a group's card counted once
    (its copies are no new card), which bounds the distinct cards any of them can add. Neutral points
    count only when no discount on the list's cards can lower them (otherwise 0, which stays a lower
    bound). With `copies`, no new unit's or NCU's card more than that many times: the relaxation of the
    completions whose most repeated card is there at most that often. With `ncus`, tables for q = 0 ..
    `ncus`: at most q new NCUs (the player's --max-ncus); without it, one table (q = 0) where NCUs count
    like any addition.
    `held`: copies of each card the list holds already; they count against every cap and `copies`,
    and a card the list holds is no new card. `thrifty`: (points left, -activations, neutral points,
    -cards) instead, every neutral point counted: the fewest neutral points the best multisets need,
    to tell whether the neutral cap lets any of them be. `slack`: the points discounts may still pay
    for, instead of the model's (0: the tables of the lists that pay every point themselves).
    `t`: the items of j's group the search took already (the last index: that many or more); a group
    of a capped card then adds at most its cap less those, and its card is no new card (Freedmen taken
    twice: one more at most, not three).
    `needs`: the needs the search charges for (a direwolf's Stark): each table holds one part per set `s`
    of them (bit b: needs[b]; `stride` entries each, the first `pad` of them no multiset), the best
    multisets that hold an addition bringing the card of each need in `s`; a needer is taken only with
    one that brings its card after it, as in every completion the search checks: a direwolf no longer
    comes without his Stark and the points he costs (Eddard Stark's proof at 40 points: 114k nodes
    before, 15k)."""
    slack, budget = model.slack if slack is None else slack, model.budget
    held = held or {}
    items, at = _unshared(model, items) if seen is None else seen  # `seen`: that, worked out once
    w = _bits(model, items)  # the same for every table of these items (see `bound_tables`)
    size = budget + slack + 1
    count_neutral = model.neutral_slack == 0 or thrifty
    bit = {ids: 1 << b for b, ids in enumerate(needs)}
    width = 1 << len(needs)
    unreached = _packed(size, w)  # more points left than there are: no multiset (the same place less
    # what additions would change: as many as fit, each costing a point at least, see `_bits`)
    floor = size << 3 * w
    pad = _pad(model, items)
    stride = pad + size
    lanes = _Lanes(stride * width, unreached)  # each table one number while it is built (see `_Lanes`)
    base = lanes.row(
        [unreached] * pad
        + [_packed(max(0, r - slack), w) for r in range(size)]
        + [unreached] * (stride * (width - 1))
    )
    gaps = sum(lanes.ones_at(s * stride, s * stride + pad) for s in range(width))
    kept, gapped = lanes.full ^ gaps * lanes.mask, gaps * unreached  # the entries before each part: none
    levels = 1 if ncus is None else max(0, ncus) + 1
    bounds: list[list[list[int]]] = [[[base]] * (len(items) + 1) for _ in range(levels)]
    known: dict[tuple[int, bool], list[tuple[int, int, int, int]]] = {}
    landing: dict[tuple[int, int, int, tuple[bool, ...]], list[tuple[int, int]]] = {}

    def moves(group: Sequence[_Item], first: bool) -> list[tuple[int, int, int, int]]:
        """What taking one of the group's items can do: (cost, the packed change on every entry of a
        table, the needs it meets, the need it makes), the best change only of those alike in the rest
        (the others never win)."""
        found: dict[tuple[int, int, int], int] = {}
        for item in group:
            da = item.units + item.ncus
            dk = item.cards if first else item.cards - (item.card is not None)  # its attachments' cards
            brings = 0
            for _, ids in item.carries:
                brings |= bit.get(ids, 0)
            needs_one = bit.get(item.charged, 0)
            for c, n in item.variants:
                if c >= size:
                    continue  # more than any budget here
                n = n if count_neutral else 0
                change = ((-da << w) + n << w) - dk if thrifty else ((-da << w) - dk << w) + n
                alike = (c, brings, needs_one)
                found[alike] = min(change, found.get(alike, change))
        ones = lanes.ones
        return [(c, change * ones, brings, needs_one) for (c, brings, needs_one), change in found.items()]

    def windows(c: int, brings: int, needs_one: int, dead: Sequence[bool]) -> list[tuple[int, int]]:
        """Where an addition of cost `c` that brings the needs `brings` and makes the need `needs_one`
        lands, part by part, the parts alike in how far they lie from the part they take from as one:
        (how far in entries, the guards of the entries it lands on) (see `_Lanes`). `dead`: the parts no
        multiset reaches, taken from by none."""
        key = (c, brings, needs_one, tuple(dead))
        found = landing.get(key)
        if found is None:
            by_shift: dict[int, int] = {}
            for s in range(width):
                src = (s & ~brings) | needs_one  # what the rest must bring
                if (src == s and not needs_one) or dead[src]:
                    continue  # taken on every part at once (see `step`); no multiset brings it
                to, src = s * stride + pad, src * stride + pad
                shift = to + c - src
                by_shift[shift] = by_shift.get(shift, 0) | lanes.window(to + c, to + size)
            found = landing[key] = list(by_shift.items())
        return found

    def step(cur: int, group: Sequence[_Item], first: bool = True, into: int | None = None) -> int:
        """At most one more of the group's items on every budget (added to `cur`, kept where `into`,
        by default `cur`, is better); after the `first`, the group's card brings no new card (a
        copy), only its attachments do. The parts of every set of needs are laid one after the other,
        each after `pad` entries that no multiset reaches: an addition that keeps the needs the rest
        must bring is taken on all parts at once (what it takes from the part before lands there)."""
        nxt = cur if into is None else into
        key = (id(group[0]), first)
        if key not in known:
            known[key] = moves(group, first)
        dead = [lanes.at(cur, s * stride + pad + size - 1) >= floor for s in range(width)] if width > 1 else ()
        # (a part whose most points reach no multiset: no multiset brings its needs)
        for c, changes, brings, needs_one in known[key]:
            changed = cur + changes  # every entry with the change at once (see `_Lanes`)
            if not needs_one:  # the rest brings what this part needs, or one more that brings it too
                nxt = lanes.least(nxt, changed, c, lanes.window(c, lanes.size))
            if brings or needs_one:
                for shift, window in windows(c, brings, needs_one, dead):
                    nxt = lanes.least(nxt, changed, shift, window)
        return nxt & kept | gapped  # what landed before a part is no multiset

    def advance(tables: list[int], group: Sequence[_Item], first: bool) -> list[int]:
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
    listed: dict[int, list[int]] = {}  # each table once, by identity: the items of a group share them
    done: dict[int, list[list[int]]] = {}
    for by_item in bounds:
        for rows in by_item:
            if id(rows) not in done:
                for row in rows:
                    if id(row) not in listed:
                        listed[id(row)] = lanes.entries(row)
                done[id(rows)] = [listed[id(row)] for row in rows]
    return [[done[id(by_item[i])] for i in at] for by_item in bounds]


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


def _pad(model: Model, items: Sequence[_Item]) -> int:
    """The entries before each part of a table (see `relaxation`): the most an addition that fits some
    table can cost (one that costs more is never taken: a card of a thousand points in a data folder must
    not make every part of every table a thousand entries long)."""
    size = model.budget + model.slack + 1
    return max((c for item in items for c, _ in item.variants if c < size), default=0)


def _bits(model: Model, items: Sequence[_Item]) -> int:
    """The bits of each packed place but the first, with room for the most any multiset adds there: a
    multiset of additions that cost a point at least holds no more of them than there are points (else
    no more than every item taken as often as there are points)."""
    size = model.budget + model.slack + 1
    free = any(c == 0 for item in items for c, _ in item.variants)
    most = size * (len(items) + 1 if free else 1) * (max((item.cards for item in items), default=0) + 2)
    return most.bit_length() + 1


def _packed(left: int, w: int) -> int:
    """(left, 0, 0, 0) as one number: each place `w` bits from the one after, offset by half of them (a
    sum of packed numbers is the packed sum while every place stays within its bits), so that numbers
    compare as their places do."""
    half = 1 << (w - 1)
    return (((left << w) + half << w) + half << w) + half


def unpacked(value: int, w: int) -> Relaxed:
    """A packed table entry as its four places."""
    mask, half = (1 << w) - 1, 1 << (w - 1)
    return (value >> 3 * w, (value >> 2 * w & mask) - half, (value >> w & mask) - half, (value & mask) - half)


class _Lanes:
    """A table's `size` entries as the fields of one number, `bits` each, the first entry lowest: the
    relaxation takes the least of two tables, entry by entry, in a few operations on the whole number,
    not one per entry (its tables hold some hundred entries, built a few thousand times for `collection
    armies`). Every entry is at most `most` and every change makes it less than twice that, never below 0
    (see `_bits`): a field's top bit (its guard) is then 0, and adding a change to every field carries
    nothing into the next."""

    def __init__(self, size: int, most: int) -> None:
        bits = 64
        while (most << 2).bit_length() >= bits:
            bits += 64
        self.size, self.bits, self.mask = size, bits, (1 << bits) - 1
        self.ones = self.ones_at(0, size)  # 1 in every field: a number times it is in every field
        self.full = self.ones * self.mask
        self.guards = self.ones << bits - 1
        self.windows: dict[tuple[int, int], int] = {}

    def ones_at(self, start: int, stop: int) -> int:
        """1 in each field from `start` to `stop` (not included)."""
        return ((1 << (stop - start) * self.bits) - 1) // self.mask << start * self.bits

    def row(self, entries: Sequence[int]) -> int:
        """The entries as one number."""
        if self.bits == 64:
            return int.from_bytes(array.array("Q", entries).tobytes(), sys.byteorder)
        width = self.bits // 8
        return int.from_bytes(b"".join(e.to_bytes(width, "little") for e in entries), "little")

    def entries(self, row: int) -> list[int]:
        """The number's entries."""
        if self.bits == 64:
            found = array.array("Q")
            found.frombytes(row.to_bytes(self.size * 8, sys.byteorder))
            return found.tolist()
        width = self.bits // 8
        data = row.to_bytes(self.size * width, "little")
        return [int.from_bytes(data[i : i + width], "little") for i in range(0, len(data), width)]

    def at(self, row: int, i: int) -> int:
        """The number's entry `i`."""
        return row >> i * self.bits & self.mask

    def window(self, start: int, stop: int) -> int:
        """The guards of the fields from `start` to `stop` (not included)."""
        found = self.windows.get((start, stop))
        if found is None:
            found = self.windows[(start, stop)] = self.ones_at(start, stop) << self.bits - 1
        return found

    def least(self, row: int, other: int, shift: int, window: int) -> int:
        """`row` with each entry `i` whose guard is in `window` the least of its own and `other`'s entry
        i - shift."""
        other = other << shift * self.bits if shift >= 0 else other >> -shift * self.bits
        # a field's guard stays where `other`'s entry is no more than the row's: no borrow crosses a field
        taken = ((row | self.guards) - other) & window
        taken = (taken << 1) - (taken >> self.bits - 1)  # every bit of those fields
        return row ^ ((row ^ other) & taken)
