"""What the rules look at: a loaded list with its effective costs, totals, commander and active special cards."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, overload

from armybuilder.games.asoiaf.armylist import ArmyList, Entry, Slot, UnitEntry
from armybuilder.games.asoiaf.cards import NEUTRAL, Card, Requirement, Special
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.deck import Deck, build_deck
from armybuilder.problems import Problem, Severity
from armybuilder.record import compared

T = TypeVar("T")


class cached_property(Generic[T]):  # functools' name, for the same thing
    """functools.cached_property without the lock Python 3.11 takes on every first read (an Army is read by
    one thread; a batch reads thousands): computed once, then an ordinary attribute of the instance."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached_property[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> T | cached_property[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


def victory_points(points: int | None) -> int | None:
    """Victory points needed to win: 8 at 30 points, 2 more for every further 10 (000, 勝利條件).

    The rulebook sets no figure below 30 points, so none is given there.
    """
    if points is None or points < 30:
        return None
    return 8 + 2 * ((points - 30) // 10)


@compared
@dataclass(eq=False, repr=False)
class Army:
    """A list under validation. Rules read it; nothing here prints or exits."""

    army: ArmyList
    catalogue: Catalogue
    points: int | None  # the game size (the list's, or the --points override)
    entries: list[Entry] = field(default_factory=list)
    unit_of: dict[int, UnitEntry] = field(default_factory=dict)  # id(attachment entry) -> its unit
    costs: dict[int, int] = field(default_factory=dict)  # id(entry) -> cost after every modifier
    specials: list[Special] = field(default_factory=list)  # special cards in force for this army
    allowed_foreign: set[int] = field(
        default_factory=set
    )  # id(entry) of other-faction cards a special allows
    required: list[Entry] = field(default_factory=list)  # the entries whose cards print any requirement
    pairs: list[tuple[Entry, Card]] = field(default_factory=list)  # each entry with its card, for the rules

    @classmethod
    def build(cls, army: ArmyList, catalogue: Catalogue, points: int | None = None) -> Army:
        ctx = cls(army, catalogue, points if points is not None else army.points)
        entries = ctx.entries  # army.entries(), built here without a generator
        unit_of = ctx.unit_of
        for unit in army.units:
            if unit.unit.card is not None:
                entries.append(unit.unit)
            for attachment in unit.attachments:
                unit_of[id(attachment)] = unit
                if attachment.card is not None:
                    entries.append(attachment)
        entries += [n for n in army.ncus if n.card is not None]
        entries += [e for e in army.enemy_attachments if e.card is not None]
        ctx.pairs = pairs = [(e, e.card) for e in entries if e.card is not None]
        ctx.required = [e for e, card in pairs if card.requirements]
        ctx.specials, ctx.__dict__["_effects"] = _specials_in_force(
            catalogue, army.faction_key, [card.id for _, card in pairs]
        )
        if ctx.specials:
            ctx._allow_foreign()
        ctx.costs = compute_costs(ctx)
        return ctx

    # --- facts rules ask for ---

    @cached_property
    def faction(self) -> str | None:
        return self.army.faction_key

    def card(self, entry: Entry) -> Card:
        assert entry.card is not None
        return entry.card

    def cost(self, entry: Entry) -> int:
        return self.costs.get(id(entry), 0)

    @cached_property
    def total(self) -> int:
        """The army's points after every modifier (entries and costs are fixed once built)."""
        return sum(self.costs.values())

    def is_neutral(self, entry: Entry) -> bool:
        return self.card(entry).faction == NEUTRAL

    @cached_property
    def neutral_total(self) -> int:
        costs = self.costs
        return sum([costs[id(e)] for e, card in self.pairs if card.faction == NEUTRAL])

    @property
    def neutral_cap(self) -> int | None:
        """Half the game size, rounded down; None for a neutral army (no cap) or an unknown size."""
        if self.points is None or self.faction == NEUTRAL:
            return None
        return self.points // 2

    @cached_property
    def commanders(self) -> list[Entry]:
        """The army's commanders; a commander card that comes with another (same tactics cards, and it
        requires that one: Areo Hotah, Captain of The Guard with Doran Martell) is part of that command."""
        enemy = Slot.ENEMY
        found = self._chosen([e for e, card in self.pairs if card.commander and e.slot is not enemy])
        if len(found) < 2:  # nearly every army: one commander, part of no other's command
            return found
        return [e for e in found if not any(self._part_of(e, other) for other in found if other is not e)]

    def _chosen(self, found: list[Entry]) -> list[Entry]:
        """Leave out a card that leads only when chosen (a special card's `only_when_chosen` alternate
        commander: Doran Martell, Lord of Sunspear) unless `commander:` names it, or, when the list names no
        commander, unless no other commander is fielded; otherwise it is an ordinary card of the army."""
        if not found or not self.specials:
            return found
        optional = {e.commander_card_id for _, e in self.effects("alternate_commander") if e.only_when_chosen}
        if not optional or not any(self.card(e).id in optional for e in found):
            return found
        named = self.army.commander_text
        named_ids = {c.id for c in self.named_cards}

        def leads(entry: Entry) -> bool:
            card = self.card(entry)
            if card.id not in optional:
                return True
            if named is not None:
                return card.id in named_ids
            return not any(
                self.card(o).id not in optional and not self._part_of(o, entry) for o in found if o is not entry
            )

        return [e for e in found if leads(e)]

    def _part_of(self, entry: Entry, leader: Entry) -> bool:
        card, lead = self.card(entry), self.card(leader)
        return (
            card.id != lead.id
            and bool(card.tactics)
            and card.tactics == lead.tactics
            and any(
                self.catalogue.matches(lead, ref)
                for req in card.requirements_of("requires_in_army")
                for ref in req.any_of
            )
        )

    @cached_property
    def deck(self) -> Deck | None:
        """The commander's tactics deck; None unless the army has exactly one commander and a faction."""
        commander = self.commander
        if commander is None or self.faction is None:
            return None
        return build_deck(self.catalogue, self.faction, commander)

    @property
    def commander(self) -> Card | None:
        found = self.commanders
        return self.card(found[0]) if len(found) == 1 else None

    def matching(self, refs: Iterable[str] | str, exclude: Entry | None = None) -> list[Entry]:
        """Entries whose card one of the data references denotes (optionally not counting `exclude`)."""
        ids = ref_ids(self.catalogue, refs)
        return [e for e, card in self.pairs if card.id in ids and e is not exclude]

    def includes(self, refs: Iterable[str] | str, exclude: Entry | None = None) -> bool:
        ids = ref_ids(self.catalogue, refs)
        return any(card.id in ids and e is not exclude for e, card in self.pairs)

    def unit_contains(self, unit: UnitEntry, ref: str) -> bool:
        """The unit is the card `ref`, or carries an attachment that is."""
        ids = ref_ids(self.catalogue, ref)
        cards = [unit.unit.card, *(a.card for a in unit.attachments)]
        return any(c is not None and c.id in ids for c in cards)

    @cached_property
    def named_cards(self) -> list[Card]:
        """The cards `commander:` may mean (none when it names none)."""
        named = self.army.commander_text
        if not named:
            return []
        key = ("find", named)  # every list of a batch names one of a few dozen commanders
        found = self.catalogue.memo.get(key)
        if found is None:
            found = self.catalogue.memo[key] = tuple(self.catalogue.find(named))
        assert isinstance(found, tuple)
        return list(found)

    def problem(
        self,
        rule: str,
        message: str,
        at: Entry | tuple[int, int] | None = None,
        severity: Severity = Severity.ERROR,
    ) -> Problem:
        if isinstance(at, Entry):
            line, column, card = at.line, at.column, at.card.id if at.card else None
        else:
            (line, column), card = at or (1, 1), None
        return Problem(rule, severity, message, self.army.path, line, column, card)

    def effects(self, kind: str) -> list[tuple[Special, Requirement]]:
        """Each effect of `kind` of the special cards in force, with its card (in data order)."""
        if not self.specials:  # most armies: no special card in force
            return []
        found = self._effects.get(kind)
        return list(found) if found else []

    @cached_property
    def _effects(self) -> dict[str, list[tuple[Special, Requirement]]]:
        return _by_kind(self.specials)

    def _allow_foreign(self) -> None:
        """Special cards that let an army take a card of another faction (Brotherhood's one unit)."""
        for _special, effect in self.effects("army_may_include"):
            budget = effect.max if effect.max is not None else 0
            kinds = set(effect.card_kinds or ("combat_units", "attachments", "ncus"))
            for entry in self.entries:
                card = self.card(entry)
                slot_kind = {"units": "combat_units", "attachments": "attachments", "ncus": "ncus"}.get(
                    entry.slot.value, "attachments"
                )
                if budget > 0 and card.faction in effect.factions and slot_kind in kinds:
                    self.allowed_foreign.add(id(entry))
                    budget -= 1


def ref_ids(catalogue: Catalogue, refs: Iterable[str] | str) -> frozenset[str]:
    """The ids of every card one of the data references denotes (`Catalogue.matches` for a whole set of
    references at once), worked out once per set of references."""
    key = ("ref-ids", refs if isinstance(refs, str) else tuple(refs))
    ids = catalogue.memo.get(key)
    if ids is None:
        refs = key[1]
        ids = catalogue.memo[key] = frozenset(
            card.id for ref in ((refs,) if isinstance(refs, str) else refs) for card in catalogue.resolve_ref(ref)
        )
    return ids  # type: ignore[return-value]


def printing(catalogue: Catalogue, kinds: tuple[str, ...]) -> frozenset[str]:
    """The ids of the cards that print a requirement of one of `kinds` (found once per catalogue), so that a
    rule passes over a list none of whose cards does at once."""
    key = ("printing", kinds)
    ids = catalogue.memo.get(key)
    if ids is None:
        ids = catalogue.memo[key] = frozenset(
            card.id for card in catalogue.cards.values() if any(card.requirements_of(k) for k in kinds)
        )
    return ids  # type: ignore[return-value]


def _by_kind(specials: Iterable[Special]) -> dict[str, list[tuple[Special, Requirement]]]:
    """Each effect of the special cards, with its card, by kind (in data order)."""
    by_kind: dict[str, list[tuple[Special, Requirement]]] = {}
    for special in specials:
        for effect in special.effects:
            by_kind.setdefault(effect.kind, []).append((special, effect))
    return by_kind


def _specials_in_force(
    catalogue: Catalogue, faction: str | None, present: Iterable[str]
) -> tuple[list[Special], dict[str, list[tuple[Special, Requirement]]]]:
    """The special cards in force (in data order): the faction's own rules, and those a card in the army
    (the ids `present`) brings; with their effects by kind (`Army.effects`: shared by every army of the
    faction that brings none, never changed)."""
    index = catalogue.memo.get("specials")
    if index is None:  # (faction rules by faction, card id -> specials it brings), built once
        by_faction: dict[str, list[Special]] = {}
        by_card: dict[str, list[Special]] = {}
        for special in catalogue.specials.values():
            if not special.used_by:
                by_faction.setdefault(special.faction, []).append(special)
            for card_id in special.used_by:
                by_card.setdefault(card_id, []).append(special)
        index = catalogue.memo["specials"] = (by_faction, by_card)
    by_faction, by_card = index  # type: ignore[misc]
    own: list[Special] = by_faction.get(faction, []) if faction is not None else []
    brought = [card_id for card_id in present if card_id in by_card]
    if not brought:  # nearly every army: its faction's rules alone, already in data order
        key = ("effects", faction)
        effects = catalogue.memo.get(key)
        if effects is None:
            effects = catalogue.memo[key] = _by_kind(own)
        return list(own), effects  # type: ignore[return-value]
    chosen = {s.id for s in own}
    chosen.update(s.id for card_id in brought for s in by_card[card_id])
    specials = [s for s in catalogue.specials.values() if s.id in chosen]  # in data order, as before
    return specials, _by_kind(specials)


def compute_costs(ctx: Army) -> dict[int, int]:
    """Each entry's cost after every cost modifier printed on its cards and on the special cards in force.

    Identical modifiers carried by several cards (the four Bastard's Boys) are one army-wide effect; a
    modifier limited to `count` cards gives its discount to the first cards in list order that still cost
    something, so no discount is wasted on a free card.
    """
    costs = {id(e): card.cost or 0 for e, card in ctx.pairs}  # card.points
    if ctx.army.faction_key is None and not ctx.entries:
        return costs
    modifiers: list[tuple[Entry | None, Requirement]] = []
    seen: set[object] = set()
    modifying = printing(ctx.catalogue, ("cost_modifier",))
    for entry in ctx.required:
        if ctx.card(entry).id not in modifying:
            continue  # most cards print no cost modifier
        for req in ctx.card(entry).requirements_of("cost_modifier"):
            per_unit = req.condition is not None and req.condition.attached_to_this_unit
            if req.applies_to == "self":
                key: object = (ctx.card(entry).id, req)
            elif per_unit:
                key = (id(entry), req)
            else:
                key = req
            if key not in seen:
                seen.add(key)
                modifiers.append((entry, req))
    for _special, effect in ctx.effects("cost_modifier"):
        modifiers.append((None, effect))
    if not modifiers:
        return costs

    for owner, req in modifiers:
        cond = req.condition
        if cond is not None and cond.in_army_any_of and not ctx.includes(cond.in_army_any_of):
            continue
        targets = _targets(ctx, owner, req)
        if cond is not None and cond.attached_to_unit_of:
            ref = cond.attached_to_unit_of
            targets = [
                t for t in targets if (u := ctx.unit_of.get(id(t))) is not None and ctx.unit_contains(u, ref)
            ]
        remaining = req.count
        for target in targets:
            if remaining is not None and remaining <= 0:
                break
            before = costs[id(target)]
            if remaining is not None and before == 0:
                continue
            after = req.set_to if req.set_to is not None else max(0, before + (req.amount or 0))
            costs[id(target)] = min(before, after)
            if remaining is not None:
                remaining -= 1
    return costs


def _targets(ctx: Army, owner: Entry | None, req: Requirement) -> list[Entry]:
    per_unit = req.condition is not None and req.condition.attached_to_this_unit
    if per_unit:
        unit = next((u for u in ctx.army.units if owner is not None and u.unit is owner), None)
        pool = list(unit.attachments) if unit else []
        pool = [e for e in pool if e.card is not None]
    else:
        pool = ctx.entries
    if req.applies_to == "self":
        assert owner is not None
        return [e for e in pool if ctx.card(e).id == ctx.card(owner).id]
    if req.applies_to == "any_attachment":
        return [e for e in pool if e.slot in (Slot.ATTACHMENT, Slot.ENEMY)]
    ids = ref_ids(ctx.catalogue, req.applies_to if isinstance(req.applies_to, tuple) else ())
    return [e for e in pool if ctx.card(e).id in ids]
