"""What can legally be added to a list now: every candidate card tried on the loaded list and kept when the
real validator finds no new error."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from armybuilder.errors import UsageError
from armybuilder.games.asoiaf.armylist import ArmyList, Entry, Slot, UnitEntry
from armybuilder.games.asoiaf.builder.judge import new_errors
from armybuilder.games.asoiaf.cards import NEUTRAL, Card, CardKind
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import ListReport, validate

ADDED_LINE = 1_000_000  # entries added in memory sort after every written entry


def fits(unit: Card, attachment: Card, catalogue: Catalogue) -> bool:
    """The attachment may join the unit by type (or a card names the pairing); what attachment-type checks."""
    if attachment.type == "none":
        return False
    named = any(
        catalogue.matches(unit, r.target) for r in attachment.requirements_of("must_join_unit_of") if r.target
    ) or any(
        catalogue.matches(attachment, r.target) for r in unit.requirements_of("must_attach_to") if r.target
    )
    if named:
        return True
    return not unit.is_solo and unit.type == attachment.type


@dataclass(frozen=True)
class Option:
    """A card that can be added now: where it goes, what it costs and what is left after it."""

    card: Card
    slot: Slot
    unit: int | None  # 1-based position among the list's units, for attachments
    cost: int
    left: int | None
    neutral: int  # neutral points after it


def _entry(card: Card, slot: Slot, n: int) -> Entry:
    return Entry(card.title, slot, ADDED_LINE + n, 1, card)


def with_additions(
    army: ArmyList,
    units: Iterable[tuple[Card, Sequence[Card]]] = (),
    ncus: Iterable[Card] = (),
    attach: Iterable[tuple[int, Card]] = (),
) -> ArmyList:
    """A copy of a loaded list with cards added (new units with their attachments, NCUs, and attachments
    to existing units by 0-based index). The original is not changed."""
    new_units = list(army.units)
    n = 0
    for index, card in attach:
        old = new_units[index]
        n += 1
        new_units[index] = UnitEntry(old.unit, [*old.attachments, _entry(card, Slot.ATTACHMENT, n)])
    for unit, atts in units:
        n += 1
        entry = UnitEntry(_entry(unit, Slot.UNIT, n))
        for att in atts:
            n += 1
            entry.attachments.append(_entry(att, Slot.ATTACHMENT, n))
        new_units.append(entry)
    new_ncus = list(army.ncus)
    for card in ncus:
        n += 1
        new_ncus.append(_entry(card, Slot.NCU, n))
    return dataclasses.replace(army, units=new_units, ncus=new_ncus, problems=list(army.problems))


def candidate_factions(report: ListReport) -> set[str]:
    ctx = report.context
    faction = report.army.faction_key
    found = {NEUTRAL} | ({faction} if faction else set())
    if ctx is not None:
        for _special, effect in ctx.effects("army_may_include"):
            found.update(effect.factions)
    return found


def candidates(catalogue: Catalogue, kind: CardKind, factions: set[str]) -> list[Card]:
    return sorted(
        (c for c in catalogue.cards.values() if c.kind is kind and c.faction in factions),
        key=lambda c: (c.points, c.title),
    )


def spare_copies(owned: Mapping[str, int] | None, held: Iterable[Card]) -> Counter[str] | None:
    """Copies of each card the player owns that a list holding `held` does not use (None: no limit)."""
    if owned is None:
        return None
    free = Counter({card_id: copies for card_id, copies in owned.items() if copies > 0})
    free.subtract(card.id for card in held)
    return free


def options(
    army: ArmyList,
    catalogue: Catalogue,
    *,
    kinds: Iterable[CardKind] = (CardKind.COMBAT_UNIT, CardKind.ATTACHMENT, CardKind.NCU),
    for_unit: int | None = None,
    owned: Mapping[str, int] | None = None,
) -> list[Option]:
    """Every card that can be added to the list now without bringing a new error, by the real validator;
    with `owned` (card id -> copies the player owns), only cards with a copy the list does not yet hold."""
    base = validate(army, catalogue)
    if base.context is None:
        raise UsageError("the list cannot be read; fix it with `armybuilder validate` first")
    kinds = set(kinds)
    factions = candidate_factions(base)
    found: list[Option] = []
    free = spare_copies(owned, [card for _, card in base.context.pairs])

    def keep(card: Card, slot: Slot, unit: int | None, variant: ArmyList) -> None:
        if free is not None and free.get(card.id, 0) < 1:
            return
        after = validate(variant, catalogue)
        if new_errors(base, after) or after.context is None:
            return
        ctx, before = after.context, base.context
        assert before is not None
        left = ctx.points - ctx.total if ctx.points is not None else None
        found.append(Option(card, slot, unit, ctx.total - before.total, left, ctx.neutral_total))

    if for_unit is None:
        if CardKind.COMBAT_UNIT in kinds:
            for card in candidates(catalogue, CardKind.COMBAT_UNIT, factions):
                keep(card, Slot.UNIT, None, with_additions(army, units=[(card, ())]))
        if CardKind.NCU in kinds:
            for card in candidates(catalogue, CardKind.NCU, factions):
                keep(card, Slot.NCU, None, with_additions(army, ncus=[card]))
    if CardKind.ATTACHMENT in kinds:
        attachments = candidates(catalogue, CardKind.ATTACHMENT, factions)
        for index, unit in enumerate(army.units):
            if for_unit is not None and index + 1 != for_unit:
                continue
            body = unit.unit.card
            if body is None:
                continue
            for card in attachments:
                if not fits(body, card, catalogue):
                    continue  # attachment-type would refuse it; skip the validation
                keep(card, Slot.ATTACHMENT, index + 1, with_additions(army, attach=[(index, card)]))
    return found
