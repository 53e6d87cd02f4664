"""What a player can field from their collection: the best list for each commander they own, and which
purchases would make more commanders playable.

A commander is *playable* at a game size when the commander with one owned combat unit it may lead (alone,
for an NCU or combat-unit commander) is a legal list: the completion search then spends the rest of the
points from the copies the collection still holds, ranked as `complete` ranks (points left, then neutral
points, then more combat units, then fewer cards). An attachment commander is tried on every owned unit it
may lead, and a neutral commander with every faction the collection holds cards of (or `--faction`); the
best of those lists is the commander's.

The work is bounded: the collection is first cut to what one list can field (`fieldable`: 99 copies of a card
are the 3 `--max-copies` allows), each commander searches at most its `timeout` and all of them together about
`total`, each search of a commander's getting what is left of its time; a commander whose searches did not
all finish says so (`Fielding.why`), with the best list found. Work is reused across commanders: the best
lists found so far, led by the next commander instead (`transplant`) and legal, are its lists to beat from
the start, so a commander short of time still gets a full list and its searches cut sooner. Within a
commander, a search after the first adds no plain unit bare that the commander was already searched on
(`_no_bare`): moving the commander there makes such a list one that search has seen, as good and legal.

Nothing here prints or exits.
"""

from __future__ import annotations

import dataclasses
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from armybuilder.games.asoiaf.armylist import ArmyList, load_list_text
from armybuilder.games.asoiaf.builder.complete import complete
from armybuilder.games.asoiaf.builder.leaders import with_companions
from armybuilder.games.asoiaf.builder.options import fits
from armybuilder.games.asoiaf.builder.proposals import (
    DEFAULT_LIMITS,
    Key,
    Limits,
    Order,
    Rank,
    key_of,
    rank_of,
)
from armybuilder.games.asoiaf.builder.relaxation import TableMemo
from armybuilder.games.asoiaf.cards import NEUTRAL, Card, CardKind
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import ListReport, validate
from armybuilder.games.asoiaf.collection import Collection, collection_problems
from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.listwriter import ListSpec, dump_list
from armybuilder.problems import Problem


@dataclass
class Fielding:
    """A commander's best list from the collection at one game size, or why there is none."""

    commander: Card
    faction: str | None = None  # the army's faction (None: no list)
    spec: ListSpec | None = None
    report: ListReport | None = None  # the list checked, with the collection
    proven: bool = True  # no list from the collection ranks better (the searches ran to the end)
    why: str = ""  # no list: why not; a list not proven: why not
    seconds: float = 0.0
    searches: int = 0  # completion searches run (one per faction and unit led)

    @property
    def playable(self) -> bool:
        return self.spec is not None

    @property
    def key(self) -> Rank | None:
        ctx = self.report.context if self.report is not None else None
        if ctx is None or ctx.points is None:
            return None
        return rank_of(ctx)


@dataclass(frozen=True)
class Progress:
    """How `armies` is going: commanders done of all, and the one being searched."""

    done: int
    total: int
    commander: Card | None
    elapsed: float


TOTAL = 60.0  # seconds for every commander together, by default
MIN_SHARE = 0.1  # seconds a commander searches at least (its smallest list is always checked)
MIN_SEARCH = 0.1  # seconds one search of a commander's gets at least
SEEDS = 4  # the best lists of the last commanders done another commander tries to lead
LAST: Order = ((1 << 30,), ())  # after every completion's place in the search order


def fieldable(collection: Collection, catalogue: Catalogue, limits: Limits = DEFAULT_LIMITS) -> Collection:
    """The collection as one list can use it: a character card once (a character is unique in a list), no
    card more often than `limits.max_copies`, none of the cards the player wants no list to hold
    (`limits.without`; a commander stays: it leads, it is not added), not even as the unit a commander
    joins. Copies beyond that change no list, so 99 copies of every card search as 3 do, and collections
    no list tells apart search alike."""
    cap = limits.max_copies
    owned: dict[str, int] = {}
    for card_id, copies in collection.owned.items():
        card = catalogue.cards.get(card_id)
        if card_id in limits.without and not (card is not None and card.commander):
            continue
        most = min(copies, 1) if card is not None and card.characters else copies
        most = most if cap is None else min(most, cap)
        if most > 0:
            owned[card_id] = most
    if owned == collection.owned:
        return collection
    return Collection(collection.path, collection.name, owned, collection.where, collection.problems)


def owned_commanders(collection: Collection, catalogue: Catalogue, faction: str | None) -> list[Card]:
    """The commander cards the player owns, of `faction` or neutral when one is given; faction cards
    first, then neutral ones, by title."""
    found = [
        c
        for c in collection.cards(catalogue)
        if c.commander and (faction is None or c.faction in (faction, NEUTRAL))
    ]
    return sorted(found, key=lambda c: (c.faction == NEUTRAL, c.faction, c.title))


def army_factions(
    commander: Card, collection: Collection, catalogue: Catalogue, faction: str | None
) -> list[str]:
    """The factions a commander may lead here: its own; for a neutral commander `faction`, or every faction
    the collection holds cards of (neutral last)."""
    if commander.faction != NEUTRAL:
        return [commander.faction]
    if faction is not None:
        return [faction]
    held = sorted({c.faction for c in collection.cards(catalogue)} - {NEUTRAL})
    return [*held, NEUTRAL]


def bases(
    commander: Card, faction: str, points: int, collection: Collection, catalogue: Catalogue
) -> list[ListSpec]:
    """The smallest lists the commander can lead from the collection: with each owned unit it may join
    (cheapest first) for an attachment commander, alone otherwise; with the owned cards it leads the army
    only with (Varamyr Sixskins' Shadowcat and Wolf Pack, Doran Martell's Areo Hotah)."""
    home = {faction, NEUTRAL}
    held = sorted(
        (c for c in collection.cards(catalogue) if c.faction in home), key=lambda c: (c.points, c.title, c.id)
    )  # once: every question below reads it

    def owned(kind: CardKind | None = None, leaders: bool = False) -> list[Card]:
        return [c for c in held if (leaders or not c.commander) and (kind is None or c.kind is kind)]

    def pick(refs: tuple[str, ...]) -> Card | None:  # the cheapest owned card the commander needs
        return next(
            (
                c
                for c in owned(leaders=True)
                if c is not commander and any(catalogue.matches(c, r) for r in refs)
            ),
            None,
        )

    def host(attachment: Card) -> Card | None:
        return next((c for c in owned(CardKind.COMBAT_UNIT) if fits(c, attachment, catalogue)), None)

    def completed(spec: ListSpec) -> ListSpec:
        return with_companions(spec, commander, catalogue, pick, host)

    spec = ListSpec(faction=faction, points=points, leader=commander)
    if commander.kind is CardKind.NCU:
        spec.ncus.append(commander)
        return [completed(spec)]
    if commander.kind is CardKind.COMBAT_UNIT:
        spec.units.append((commander, []))
        return [completed(spec)]
    hosts = [c for c in owned(CardKind.COMBAT_UNIT) if fits(c, commander, catalogue)]
    return [
        completed(ListSpec(faction=faction, points=points, units=[(h, [commander])], leader=commander))
        for h in _distinct(hosts, collection, catalogue)
    ]


def _distinct(hosts: list[Card], collection: Collection, catalogue: Catalogue) -> list[Card]:
    """One unit of each set of interchangeable ones: units no card and no rule names, without requirements or
    characters, of the same faction, type, tray and cost, owned as many times, are the same to every rule,
    so swapping them throughout a list maps the best list led from one to the best led from another."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for host in hosts:
        key = _plain(host, collection, catalogue) or (host.id,)
        if key not in seen:
            seen.add(key)
            out.append(host)
    return out


def _plain(unit: Card, collection: Collection, catalogue: Catalogue) -> tuple[object, ...] | None:
    """The set of interchangeable units `unit` belongs to (see `_distinct`), None when it is not plain: it
    has requirements or characters, or some card or rule names it."""
    if unit.requirements or unit.characters or unit.id in referenced(catalogue):
        return None
    return (unit.faction, unit.type, unit.tray, unit.cost, collection.count(unit))


def _no_bare(
    base: ListSpec, commander: Card, searched: set[tuple[object, ...]], collection: Collection, catalogue: Catalogue
) -> frozenset[str]:
    """The units the search from `base` need not add without attachments. `base` is the commander alone on a
    plain unit H; a list led from it that holds a plain unit U without attachments, of H's faction, type and
    tray, holds the same cards as the list with H's attachments (the commander's among them) moved onto U:
    nothing names H or U, so the move keeps the list legal and its rank. When U is of a set of units already
    searched as the commander's unit (`searched`), that list was in that search, so this one may skip it.
    Empty when `base` is not that simple."""
    mine = _lone(base, commander, collection, catalogue)
    if mine is None or not searched:
        return frozenset()
    return frozenset(
        u.id
        for u in collection.cards(catalogue)
        if u.kind is CardKind.COMBAT_UNIT
        and (key := _plain(u, collection, catalogue)) is not None
        and key in searched
        and key[:3] == mine[:3]  # faction, type, tray: H's attachments fit U
    )


def _lone(base: ListSpec, commander: Card, collection: Collection, catalogue: Catalogue) -> tuple[object, ...] | None:
    """The set of interchangeable units of the unit the commander joins, when `base` is only that plain unit
    with the commander on it; None otherwise."""
    if commander.kind is not CardKind.ATTACHMENT or base.ncus or len(base.units) != 1:
        return None
    host, attached = base.units[0]
    return _plain(host, collection, catalogue) if attached == [commander] else None


def referenced(catalogue: Catalogue) -> frozenset[str]:
    """The ids of every card some card's requirement or some special card names (by reference or id)."""
    memo_key = ("referenced-cards",)
    found = catalogue.memo.get(memo_key)
    if isinstance(found, frozenset):
        return found
    texts: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str):
            texts.add(value)
        elif isinstance(value, (tuple, list)):
            for item in value:
                walk(item)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name))

    for card in catalogue.cards.values():
        walk(card.requirements)
    ids: set[str] = set()
    for special in catalogue.specials.values():
        walk(special.effects)
        ids.update(special.used_by)
    ids.update(text for text in texts if text in catalogue.cards)
    ids.update(c.id for text in texts for c in catalogue.resolve_ref(text))
    result = frozenset(ids)
    catalogue.memo[memo_key] = result
    return result


def spec_of(army: ArmyList, points: int, leader: Card | None = None) -> ListSpec:
    """A loaded list as cards, for writing (`leader`: its commander, when it holds several commander
    cards)."""
    assert army.faction_key is not None
    return ListSpec(
        faction=army.faction_key,
        points=points,
        leader=leader,
        units=[
            (u.unit.card, [a.card for a in u.attachments if a.card is not None])
            for u in army.units
            if u.unit.card is not None
        ],
        ncus=[n.card for n in army.ncus if n.card is not None],
    )


def load_spec(spec: ListSpec, catalogue: Catalogue, path: str = "<list>") -> ArmyList:
    return load_list_text(dump_list(spec, catalogue), catalogue, path)


def check_spec(spec: ListSpec, catalogue: Catalogue, collection: Collection | None = None) -> ListReport:
    """The list checked by the validator, and against the collection when one is given."""
    report = validate(load_spec(spec, catalogue), catalogue)
    if collection is not None and report.context is not None:
        report.add(collection_problems(report.context, collection))
    return report


def no_host(commander: Card) -> str:
    return f"no {commander.type} unit owned for {commander.title} to join"


def transplant(spec: ListSpec, old: Card, new: Card) -> ListSpec | None:
    """`spec` (a list `old` leads) led by `new` in `old`'s place: on the same unit for an attachment, as the
    NCU or the unit otherwise; None when the two are not the same kind of card. The validator says whether
    the list is legal."""
    if old.kind is not new.kind or old is new:
        return None
    return ListSpec(
        faction=spec.faction,
        points=spec.points,
        leader=new,
        units=[(new if u is old else u, [new if a is old else a for a in atts]) for u, atts in spec.units],
        ncus=[new if n is old else n for n in spec.ncus],
    )


def _seeded(
    commander: Card,
    seeds: Sequence[ListSpec],
    factions: list[str],
    collection: Collection,
    catalogue: Catalogue,
    limits: Limits,
) -> tuple[Rank, ListSpec, str] | None:
    """The best of the lists other commanders lead (`seeds`) that this one may lead instead: legal, from
    the collection, within the player's limits."""
    best: tuple[Rank, ListSpec, str] | None = None
    for seed in seeds:
        if seed.leader is None or seed.faction not in factions:
            continue
        spec = transplant(seed, seed.leader, commander)
        if spec is None:
            continue
        report = check_spec(spec, catalogue, collection)
        ctx = report.context
        if report.errors or ctx is None or ctx.points is None or not _within(ctx, report, limits):
            continue
        key = rank_of(ctx)
        if best is None or key < best[0]:
            best = (key, spec, seed.faction)
    return best


def _within(ctx: Army, report: ListReport, limits: Limits) -> bool:
    """The list keeps to the collection (no card beyond the copies owned) and to the player's limits."""
    if any(p.rule == "collection" for p in report.problems):
        return False
    copies = Counter(card.id for _, card in ctx.pairs)
    units = sum(1 for u in ctx.army.units if u.unit.card is not None)
    ncus = sum(1 for n in ctx.army.ncus if n.card is not None)
    return not (
        (limits.max_copies is not None and max(copies.values(), default=0) > limits.max_copies)
        or (limits.min_units is not None and units < limits.min_units)
        or (limits.max_units is not None and units > limits.max_units)
        or (limits.min_ncus is not None and ncus < limits.min_ncus)
        or (limits.max_ncus is not None and ncus > limits.max_ncus)
        or any(not ids & copies.keys() for ids in limits.with_cards)
    )


def best_army(
    commander: Card,
    collection: Collection,
    catalogue: Catalogue,
    points: int,
    *,
    faction: str | None = None,
    timeout: float = 5.0,
    clock: Callable[[], float] = time.monotonic,
    limits: Limits = DEFAULT_LIMITS,
    seeds: Sequence[ListSpec] = (),
    memo: TableMemo | None = None,
) -> Fielding:
    """The commander's best legal list from the collection at `points`, or why none exists.

    Each smallest list it can lead (`bases`) that is legal is completed by the search from the copies the
    collection still holds (`fieldable`); the best completion of all wins, each later search only looking
    for better. `timeout` is for the commander as a whole: each search gets what is left of it (the first,
    without a list to beat, needs the most; those after it cut sooner), and when none is left the lists
    not searched are said to be so. `seeds` are lists other
    commanders lead: the best of them led by this one, when legal, is the list to beat from the start (and the
    answer when no search beats it; a search finds a list ranked the same too, so the answer is the one the
    searches alone give whenever they all finish). `memo`: the bound tables searches built before (see
    `TableMemo`), shared by the commanders of one run."""
    start = clock()
    memo = TableMemo() if memo is None else memo
    deadline = start + timeout
    result = Fielding(commander)
    if collection.count(commander) < 1:
        result.why = f"{commander.title} is not in the collection"
        return result
    collection = fieldable(collection, catalogue, limits)
    refusal: Problem | None = None
    tried = False
    legal: list[tuple[str, ListSpec, ArmyList, ListReport]] = []  # (faction, smallest list, it loaded, its check)
    factions = army_factions(commander, collection, catalogue, faction)
    for army_faction in factions:
        for base in bases(commander, army_faction, points, collection, catalogue):
            tried = True
            army = load_spec(base, catalogue)
            report = validate(army, catalogue)
            if report.errors:
                refusal = refusal or report.errors[0]
            else:
                legal.append((army_faction, base, army, report))
    best: tuple[Rank, ListSpec, str] | None = None
    seed = _seeded(commander, seeds, factions, collection, catalogue, limits) if legal else None
    searched: dict[str, set[tuple[object, ...]]] = {}  # per faction: the sets of plain units searched as its unit
    for index, (army_faction, base, army, report) in enumerate(legal):
        now = clock()
        if (best or seed) is not None and now >= deadline:  # out of time: the lists not searched may rank better
            result.proven = False
            result.why = f"stopped at the time limit: {_searched(index, len(legal))}; the best list found so far"
            break
        left = max(MIN_SEARCH, deadline - now)
        bars: list[Key] = [key_of(best[0])] if best is not None else []  # must do better than the best
        if seed is not None:
            bars.append((*seed[0], LAST))  # a list ranked as the seed will do: the search's own pick
        bar = min(bars, default=None)
        search = complete(
            army,
            catalogue,
            top=1,
            timeout=left,
            clock=clock,
            owned=collection.owned,
            bar=bar,
            limits=limits,
            no_bare=_no_bare(base, commander, searched.setdefault(army_faction, set()), collection, catalogue),
            memo=memo,
        )
        result.searches += 1
        if (lone := _lone(base, commander, collection, catalogue)) is not None:
            searched[army_faction].add(lone)
        if not search.proven:
            result.proven = False
            result.why = f"{search.why or 'the search was not proven'}: the best list found so far"
        chosen = search.completions[0].report if search.completions else report
        ctx = chosen.context
        assert ctx is not None and ctx.points is not None
        key = rank_of(ctx)
        if best is None or key < best[0]:
            best = (key, spec_of(chosen.army, points, commander), army_faction)
    if seed is not None and (best is None or seed[0] < best[0]):
        best = seed  # no search found better (nor as good)
    result.seconds = clock() - start
    if best is None:
        if not tried:
            result.why = no_host(commander)
        elif refusal is not None:
            result.why = f"no legal list: {refusal.message}"
        return result
    _, result.spec, result.faction = best
    result.report = check_spec(result.spec, catalogue, collection)
    return result


def _searched(done: int, of: int) -> str:
    return f"{done} of the {of} smallest lists it leads searched"


def armies(
    collection: Collection,
    catalogue: Catalogue,
    points: int,
    *,
    faction: str | None = None,
    timeout: float = 5.0,
    clock: Callable[[], float] = time.monotonic,
    progress: Callable[[Progress], None] | None = None,
    limits: Limits = DEFAULT_LIMITS,
    total: float = TOTAL,
) -> list[Fielding]:
    """For every commander the player owns (of `faction` and neutral, when given), its best list. Each
    commander searches `timeout` seconds at most, and all of them together about `total`: a commander
    gets no more than an even share of the time left, so a huge collection still finishes."""
    collection = fieldable(collection, catalogue, limits)
    commanders = owned_commanders(collection, catalogue, faction)
    start = clock()
    out: list[Fielding] = []
    seeds: list[ListSpec] = []  # the best lists of the last commanders done, latest first
    memo = TableMemo()  # the commanders' searches build many of the same bound tables
    for done, commander in enumerate(commanders):
        if progress is not None:
            progress(Progress(done, len(commanders), commander, clock() - start))
        share = (total - (clock() - start)) / (len(commanders) - done)
        fielding = best_army(
            commander,
            collection,
            catalogue,
            points,
            faction=faction,
            timeout=max(MIN_SHARE, min(timeout, share)),
            clock=clock,
            limits=limits,
            seeds=seeds,
            memo=memo,
        )
        out.append(fielding)
        if fielding.spec is not None:
            seeds = [fielding.spec, *seeds][:SEEDS]
    if progress is not None:
        progress(Progress(len(commanders), len(commanders), None, clock() - start))
    return out


# --- what to buy next --------------------------------------------------------------------------------------


@dataclass
class Purchase:
    """Cards to buy (one copy each) and the commanders they would make playable."""

    cards: tuple[Card, ...]
    unlocks: list[Card] = field(default_factory=list)
    alternatives: tuple[Card, ...] = ()  # other cards that would do instead of the last of `cards`

    @property
    def cost(self) -> int:
        return sum(c.points for c in self.cards)


@dataclass
class Shopping:
    """What `next` found: purchases (smallest first, then most commanders unlocked), the commanders already
    playable, and those no purchase of one or two cards makes playable (with why)."""

    purchases: list[Purchase]
    playable: list[Card]
    out_of_reach: list[tuple[Card, str]]


def playable(
    commander: Card, collection: Collection, catalogue: Catalogue, points: int, faction: str
) -> str | None:
    """None when the commander can lead a legal list from the collection at `points` in `faction`; else why
    not (the same test `best_army` starts from)."""
    if collection.count(commander) < 1:
        return f"{commander.title} is not in the collection"
    specs = bases(commander, faction, points, collection, catalogue)
    if not specs:
        return no_host(commander)
    why = ""
    for spec in specs:
        report = validate(load_spec(spec, catalogue), catalogue)
        if not report.errors:
            return None
        why = why or f"no legal list: {report.errors[0].message}"
    return why


def _shop_pool(catalogue: Catalogue, faction: str) -> list[Card]:
    return sorted(
        (c for c in catalogue.cards.values() if c.faction in (faction, NEUTRAL)),
        key=lambda c: (c.points, c.title, c.id),
    )


def next_purchases(collection: Collection, catalogue: Catalogue, points: int, faction: str) -> Shopping:
    """The purchases that would make the most more commanders of `faction` (and neutral ones, leading it)
    playable at `points`: single cards first (most commanders unlocked first), then, for commanders no
    single card unlocks, a commander card with a unit for it to lead."""
    commanders = sorted(
        (c for c in catalogue.cards.values() if c.commander and c.faction in (faction, NEUTRAL)),
        key=lambda c: (c.faction == NEUTRAL, c.title),
    )
    reasons = {c.id: playable(c, collection, catalogue, points, faction) for c in commanders}
    already = [c for c in commanders if reasons[c.id] is None]
    locked = [c for c in commanders if reasons[c.id] is not None]
    pool = _shop_pool(catalogue, faction)
    singles: dict[str, Purchase] = {}
    for commander in locked:
        wanted: Iterable[Card]
        if collection.count(commander) < 1:
            wanted = [commander]  # the commander card itself; its unit may be owned already
        elif commander.kind is CardKind.ATTACHMENT:
            wanted = [
                c
                for c in pool
                if c.kind is CardKind.COMBAT_UNIT and not c.commander and fits(c, commander, catalogue)
            ]
        else:
            wanted = []
        for card in wanted:
            if playable(commander, collection.plus(card), catalogue, points, faction) is None:
                singles.setdefault(card.id, Purchase((card,))).unlocks.append(commander)
    unlocked = {c.id for p in singles.values() for c in p.unlocks}
    pairs: list[Purchase] = []
    out_of_reach: list[tuple[Card, str]] = []
    for commander in locked:
        if commander.id in unlocked:
            continue
        hosts: list[Card] = []
        if collection.count(commander) < 1 and commander.kind is CardKind.ATTACHMENT:
            with_card = collection.plus(commander)
            hosts = [
                c
                for c in pool
                if c.kind is CardKind.COMBAT_UNIT
                and not c.commander
                and fits(c, commander, catalogue)
                and playable(commander, with_card.plus(c), catalogue, points, faction) is None
            ]
        if hosts:
            pairs.append(Purchase((commander, hosts[0]), [commander], tuple(hosts[1:])))
        else:
            reason = reasons[commander.id] or ""
            if collection.count(commander) < 1:  # why it stays out of reach even when bought
                reason = playable(commander, collection.plus(commander), catalogue, points, faction) or reason
            out_of_reach.append((commander, reason))
    # cards that unlock the same commanders are alternatives: one purchase, cheapest card first
    grouped: dict[tuple[str, ...], list[Purchase]] = {}
    for purchase in singles.values():
        grouped.setdefault(tuple(c.id for c in purchase.unlocks), []).append(purchase)
    ranked = []
    for same in grouped.values():
        same.sort(key=lambda p: (p.cost, p.cards[0].title, p.cards[0].id))
        ranked.append(Purchase(same[0].cards, same[0].unlocks, tuple(p.cards[0] for p in same[1:])))
    ranked.sort(key=lambda p: (-len(p.unlocks), p.cost, p.cards[0].title))
    pairs.sort(key=lambda p: (p.cost, p.cards[0].title))
    return Shopping([*ranked, *pairs], already, out_of_reach)
