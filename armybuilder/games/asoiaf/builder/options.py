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


class Found(list[Option]):
    """The options found; `complete` is False when the time bound stopped the search before every
    candidate was tried (`tried` of `total` candidates)."""

    complete: bool = True
    tried: int = 0
    total: int = 0


class _OutOfTime(Exception):
    pass


def options(
    army: ArmyList,
    catalogue: Catalogue,
    *,
    kinds: Iterable[CardKind] = (CardKind.COMBAT_UNIT, CardKind.ATTACHMENT, CardKind.NCU),
    for_unit: int | None = None,
    owned: Mapping[str, int] | None = None,
    timeout: float | None = None,
) -> Found:
    """Every card that can be added to the list now without bringing a new error, by the real validator;
    with `owned` (card id -> copies the player owns), only cards with a copy the list does not yet hold.
    With `timeout`, the search stops after that many seconds with what it found (`Found.complete` False).

    Units that are the same card with the same attachments take the same attachments: each such group is
    tried once (a list of 10,000 Stark Bowmen is one unit's work, not 10,000)."""
    import time

    deadline = None if timeout is None else time.monotonic() + timeout
    found = Found()
    try:
        _search(army, catalogue, set(kinds), for_unit, owned, deadline, found)
    except _OutOfTime:
        found.complete = False
    return found


def _search(
    army: ArmyList,
    catalogue: Catalogue,
    kinds: set[CardKind],
    for_unit: int | None,
    owned: Mapping[str, int] | None,
    deadline: float | None,
    found: Found,
) -> None:
    import time

    base = validate(army, catalogue)
    if base.context is None:
        raise UsageError("the list cannot be read; fix it with `armybuilder validate` first")
    factions = candidate_factions(base)
    free = spare_copies(owned, [card for _, card in base.context.pairs])
    units = candidates(catalogue, CardKind.COMBAT_UNIT, factions) if for_unit is None else []
    ncus = candidates(catalogue, CardKind.NCU, factions) if for_unit is None else []
    attachments = candidates(catalogue, CardKind.ATTACHMENT, factions) if CardKind.ATTACHMENT in kinds else []
    found.total = (len(units) if CardKind.COMBAT_UNIT in kinds else 0) + (len(ncus) if CardKind.NCU in kinds else 0)
    found.total += len(attachments) * (len(army.units) if for_unit is None else 1)

    def keep(card: Card, slot: Slot, unit: int | None, variant: ArmyList) -> Option | None:
        if deadline is not None and time.monotonic() > deadline:
            raise _OutOfTime
        found.tried += 1
        if free is not None and free.get(card.id, 0) < 1:
            return None
        after = validate(variant, catalogue)
        if new_errors(base, after) or after.context is None:
            return None
        ctx, before = after.context, base.context
        assert before is not None
        left = ctx.points - ctx.total if ctx.points is not None else None
        option = Option(card, slot, unit, ctx.total - before.total, left, ctx.neutral_total)
        found.append(option)
        return option

    if CardKind.COMBAT_UNIT in kinds:
        for card in units:
            keep(card, Slot.UNIT, None, with_additions(army, units=[(card, ())]))
    if CardKind.NCU in kinds:
        for card in ncus:
            keep(card, Slot.NCU, None, with_additions(army, ncus=[card]))
    if not attachments:
        return
    judged: dict[tuple[str, ...], list[Option]] = {}  # a unit's card and attachments -> what may join it
    for index, unit in enumerate(army.units):
        if for_unit is not None and index + 1 != for_unit:
            continue
        body = unit.unit.card
        if body is None:
            continue
        same = (body.id, *sorted(a.card.id if a.card else f"?{a.text}" for a in unit.attachments))
        if same in judged:  # the same unit as one already tried: the same attachments join it
            found.extend(dataclasses.replace(option, unit=index + 1) for option in judged[same])
            found.tried += len(attachments)
            continue
        joined = judged[same] = []
        for card in attachments:
            if not fits(body, card, catalogue):
                found.tried += 1
                continue  # attachment-type would refuse it; skip the validation
            option = keep(card, Slot.ATTACHMENT, index + 1, with_additions(army, attach=[(index, card)]))
            if option is not None:
                joined.append(option)
