"""The edits of the list-building commands: add, remove, move, set, and the text of a new list.

Each edit changes a `Document` in place and returns what it did in one line; nothing here prints or exits.
Whether an edit is allowed is `judge`'s business.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from armybuilder.errors import UsageError
from armybuilder.games.asoiaf.armylist import MAX_POINTS, Slot, choose
from armybuilder.games.asoiaf.builder.document import (
    Document,
    DocUnit,
    card_ref,
    doc_ncus,
    doc_units,
    find_card,
    find_commander,
    find_faction,
    list_faction,
    pick_unit,
    raw_attachments,
    scalar,
    set_attachments,
    typed_number,
)
from armybuilder.games.asoiaf.builder.judge import validate_spec
from armybuilder.games.asoiaf.builder.leaders import companions, with_companions
from armybuilder.games.asoiaf.builder.options import fits
from armybuilder.games.asoiaf.cards import NEUTRAL, Card, CardKind
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.listwriter import ListSpec, dump_list, reference
from armybuilder.kit.words import marked

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.builder.complete import Addition

SETTABLE = ("points", "faction", "commander", "name", "player")


def add(doc: Document, catalogue: Catalogue, text: str, to: str | None = None) -> str:
    """Add a combat unit, an NCU or an attachment (to the unit `to`); returns what was done."""
    faction = list_faction(doc, catalogue)
    kinds = (
        [CardKind.ATTACHMENT] if to is not None else [CardKind.COMBAT_UNIT, CardKind.NCU, CardKind.ATTACHMENT]
    )
    card = find_card(catalogue, text, kinds, faction)
    if card.kind is CardKind.COMBAT_UNIT:
        doc.seq("units").append(card_ref(card, Slot.UNIT, doc, catalogue))
        return f"added combat unit {card.title} ({card.cost_label})"
    if card.kind is CardKind.NCU:
        doc.seq("ncus").append(card_ref(card, Slot.NCU, doc, catalogue))
        return f"added NCU {card.title} ({card.cost_label})"
    if to is not None:
        unit = pick_unit(doc, catalogue, to)
    else:
        units = doc_units(doc, catalogue)
        free = [
            u for u in units if u.card is not None and not u.attachments and fits(u.card, card, catalogue)
        ]
        if len(free) != 1:
            fitting = [u for u in units if u.card is not None and fits(u.card, card, catalogue)]
            if not fitting:
                raise UsageError(
                    f"no unit of the list can take {card.title} ({card.type}); add a {card.type} unit first"
                )
            listed = ", ".join(f"{u.number}. {u.title}" for u in (free or fitting))
            if not free:
                raise UsageError(
                    f"every unit that can take {card.title} already has an attachment ({listed}); "
                    "add a unit first, or name one with --to"
                )
            raise UsageError(f"say which unit takes {card.title} with --to (position or name): {listed}")
        unit = free[0]
    atts = raw_attachments(doc, unit.position)
    set_attachments(doc, catalogue, unit.position, [*atts, card_ref(card, Slot.ATTACHMENT, doc, catalogue)])
    return f"attached {card.title} ({card.cost_label}) to {unit.number}. {unit.title}"


def _forget_commander(doc: Document, catalogue: Catalogue, card: Card) -> None:
    named = doc.data.get("commander")
    if card.commander and isinstance(named, str) and card in catalogue.find(named):
        del doc.data["commander"]


def remove(doc: Document, catalogue: Catalogue, text: str) -> str:
    """Remove a unit (with its attachments; by position or name), an attachment, or an NCU."""
    units = doc_units(doc, catalogue)
    text = text.strip()
    number = typed_number(text)
    if number is not None and 1 <= number <= len(units):
        return _remove_unit(doc, catalogue, units[number - 1])
    if text.isdecimal() and text not in catalogue.cards:  # a position past the end, not a card id
        raise UsageError(
            f"there is no unit {marked(text[:12])}; the list has {len(units)} combat unit"
            f"{'s' if len(units) != 1 else ''} (`armybuilder show` lists them in order)"
        )
    faction = list_faction(doc, catalogue)
    resolved = []
    for slot in (Slot.UNIT, Slot.ATTACHMENT, Slot.NCU):
        found = choose(catalogue, text, slot, faction)
        if isinstance(found, Card):
            resolved.append(found)
    if not resolved:
        find_card(catalogue, text, [CardKind.COMBAT_UNIT, CardKind.ATTACHMENT, CardKind.NCU], faction)
    for card in resolved:  # the first reading of the reference that is in the list
        done = _remove_card(doc, catalogue, units, card)
        if done is not None:
            return done
    raise UsageError(f"the list has no {resolved[0].title} to remove")


def _remove_card(doc: Document, catalogue: Catalogue, units: list[DocUnit], card: Card) -> str | None:
    if card.kind is CardKind.COMBAT_UNIT:
        named = [u for u in units if u.card == card]
        if named:  # several of the same: the last one without an attachment goes first
            bare = [u for u in named if not u.attachments]
            return _remove_unit(doc, catalogue, (bare or named)[-1])
    elif card.kind is CardKind.ATTACHMENT:
        for unit in reversed(units):
            cards = [c for _, c in unit.attachments]
            if card in cards:
                raw = raw_attachments(doc, unit.position)
                del raw[cards.index(card)]
                set_attachments(doc, catalogue, unit.position, raw)
                _forget_commander(doc, catalogue, card)
                return f"removed attachment {card.title} from {unit.number}. {unit.title}"
    else:
        ncus = doc_ncus(doc, catalogue)
        cards = [c for _, c in ncus]
        if card in cards:
            index = len(cards) - 1 - cards[::-1].index(card)
            seq = doc.seq("ncus")
            del seq[index]
            _forget_commander(doc, catalogue, card)
            return f"removed NCU {card.title}"
    return None


def _remove_unit(doc: Document, catalogue: Catalogue, unit: DocUnit) -> str:
    del doc.data["units"][unit.position - 1]
    for card in [unit.card, *(c for _, c in unit.attachments)]:
        if card is not None:
            _forget_commander(doc, catalogue, card)
    with_atts = f" with {', '.join(t for t, _ in unit.attachments)}" if unit.attachments else ""
    return f"removed unit {unit.number}. {unit.title}{with_atts}"


def move(doc: Document, catalogue: Catalogue, text: str, to: str) -> str:
    """Move an attachment from its unit to another unit."""
    card = find_card(catalogue, text, [CardKind.ATTACHMENT], list_faction(doc, catalogue))
    target = pick_unit(doc, catalogue, to)
    source = next(
        (u for u in doc_units(doc, catalogue) if card in [c for _, c in u.attachments]),
        None,
    )
    if source is None:
        raise UsageError(f"{card.title} is not attached to any unit of the list; use `add` to add it")
    if source.position == target.position:
        raise UsageError(f"{card.title} is already with {target.number}. {target.title}")
    raw = raw_attachments(doc, source.position)
    index = [c for _, c in source.attachments].index(card)
    value = raw.pop(index)
    set_attachments(doc, catalogue, source.position, raw)
    set_attachments(doc, catalogue, target.position, [*raw_attachments(doc, target.position), value])
    return f"moved {card.title} from {source.number}. {source.title} to {target.number}. {target.title}"


def set_value(doc: Document, catalogue: Catalogue, key: str, value: str, unit: str | None = None) -> str:
    """Change the game size, the faction, the commander (the new commander takes the old one's place), the
    list's name or its player (an empty value removes them)."""
    if key == "points":
        size = typed_number(value)
        if size is None or not 0 < size <= MAX_POINTS:
            raise UsageError(f"points must be a positive game size such as 40 (at most {MAX_POINTS:,}), not {marked(value[:12])!r}")
        old = doc.data.get("points")
        _put(doc, "points", size)
        return f"points {old} → {size}"
    if key == "faction":
        faction = find_faction(catalogue, value)
        old = doc.data.get("faction")
        _put(doc, "faction", faction)
        return f"faction {old} → {faction}"
    if key == "commander":
        return _set_commander(doc, catalogue, value, unit)
    if key in ("name", "player"):
        return _set_text(doc, key, value)
    raise UsageError(f"cannot set {key!r}; choose one of {', '.join(SETTABLE)}")


def plain_text(what: str, value: str) -> str:
    """A free-text value (a list's name, a player) as one line of readable text, or a one-line error."""
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):  # bytes that were not UTF-8 on the command line
        raise UsageError(f"the {what} is not UTF-8 text; type it again in a UTF-8 terminal")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
        raise UsageError(f"the {what} must be one line of text without control characters")
    return value.strip()


def _set_text(doc: Document, key: str, value: str) -> str:
    text = plain_text(key, value)
    old = doc.data.get(key)
    if not text:
        if key in doc.data:
            del doc.data[key]
        return f"{key} {old!r} removed" if old is not None else f"no {key} to remove"
    _put(doc, key, _text_scalar(text))
    return f"{key} {old!r} → {text!r}" if old is not None else f"{key} set to {text!r}"


def _text_scalar(text: str) -> Any:
    """Free text as a YAML scalar that reads back as that text: double-quoted (as `new` writes it) when the
    list loader would read it bare as something else (`On` and `No` are booleans, `1e3` a number)."""
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString

    from armybuilder import yamlpos

    try:
        same = yamlpos.load(f"v: {text}\n") == {"v": text}
    except yamlpos.YamlError:
        same = False
    return text if same else DoubleQuotedScalarString(text)


def _put(doc: Document, key: str, value: Any) -> None:
    if key in doc.data:
        doc.data[key] = value
        return
    order = ["name", "player", "team", "faction", "points", "commander"]
    before = order[: order.index(key)]
    pos = max((i + 1 for i, k in enumerate(doc.data) if k in before), default=0)
    doc.data.insert(pos, key, value)


def commanders_of(catalogue: Catalogue, faction: str | None) -> list[Card]:
    return sorted(
        (c for c in catalogue.cards.values() if c.commander and c.faction in (faction, NEUTRAL)),
        key=lambda c: (c.faction == NEUTRAL, c.title),
    )


def host_units(catalogue: Catalogue, faction: str, commander: Card) -> list[Card]:
    """Own-faction combat units an attachment commander can lead, cheapest first."""
    units = [
        c
        for c in catalogue.cards.values()
        if c.kind is CardKind.COMBAT_UNIT
        and c.faction == faction
        and not c.commander
        and fits(c, commander, catalogue)
    ]
    return sorted(units, key=lambda c: (c.points, c.title))


def _set_commander(doc: Document, catalogue: Catalogue, text: str, unit: str | None) -> str:
    faction = list_faction(doc, catalogue)
    if faction is not None:
        card = find_commander(catalogue, text, faction)
    else:
        card = find_card(catalogue, text, [CardKind.ATTACHMENT, CardKind.NCU, CardKind.COMBAT_UNIT], faction)
    if not card.commander:
        raise UsageError(f"{card.title} is not a commander card")
    old_place: int | None = None
    old: Card | None = None
    for u in doc_units(doc, catalogue):
        for _, c in u.attachments:
            if c is not None and c.commander:
                old, old_place = c, u.number
        if u.card is not None and u.card.commander:
            old = u.card
    for _, c in doc_ncus(doc, catalogue):
        if c is not None and c.commander:
            old = c
    if old == card:
        raise UsageError(f"{card.title} already leads the list")
    if old is not None:
        if old.kind is CardKind.COMBAT_UNIT:
            remove(doc, catalogue, reference(old, Slot.UNIT, faction or old.faction, catalogue))
        else:
            remove(doc, catalogue, old.id)
    _put(doc, "commander", scalar(card.title))
    if card.kind is CardKind.ATTACHMENT:
        target = unit
        if target is None and old_place is not None:
            host = doc_units(doc, catalogue)[old_place - 1]
            if host.card is not None and fits(host.card, card, catalogue):
                target = str(old_place)
        if target is None:
            free = [
                u
                for u in doc_units(doc, catalogue)
                if u.card is not None and not u.attachments and fits(u.card, card, catalogue)
            ]
            if free:
                target = str(free[0].number)
        if target is None:
            hosts = host_units(catalogue, faction or card.faction, card)
            if not hosts:
                raise UsageError(f"no {faction} combat unit can take {card.title}; add one, then use --unit")
            doc.seq("units").append(card_ref(hosts[0], Slot.UNIT, doc, catalogue))
            target = str(len(doc_units(doc, catalogue)))
        place = pick_unit(doc, catalogue, target)
        atts = raw_attachments(doc, place.position)
        set_attachments(
            doc, catalogue, place.position, [*atts, card_ref(card, Slot.ATTACHMENT, doc, catalogue)]
        )
        where = f" on {place.number}. {place.title}"
    elif card.kind is CardKind.NCU:
        doc.seq("ncus").append(card_ref(card, Slot.NCU, doc, catalogue))
        where = " under ncus"
    else:
        doc.seq("units").append(card_ref(card, Slot.UNIT, doc, catalogue))
        where = " under units"
    return f"commander {old.title if old else 'none'} → {card.title}{where}"


def new_list(
    catalogue: Catalogue,
    faction: str,
    points: int,
    commander: str,
    unit: str | None = None,
    name: str | None = None,
    player: str | None = None,
    comment: str | None = None,
) -> str:
    """The text of a new list led by `commander` (an attachment commander on a fitting new unit)."""
    key = find_faction(catalogue, faction)
    if not 0 < points <= MAX_POINTS:
        raise UsageError(f"--points must be a positive game size such as 40 (at most {MAX_POINTS:,}), not {points}")
    card = find_commander(catalogue, commander, key)
    spec = ListSpec(faction=key, points=points, name=name, player=player, leader=card)
    named = find_card(catalogue, unit, [CardKind.COMBAT_UNIT], key) if unit is not None else None
    home = [key, NEUTRAL]

    def legal_host(attachment: Card, trial: ListSpec) -> Card:
        """The named unit, else the cheapest that makes a legal list (the cheapest when none does)."""
        if named is not None:
            if not fits(named, attachment, catalogue):
                raise UsageError(f"{named.title} cannot take {attachment.title}; name another --unit")
            return named
        hosts = host_units(catalogue, key, attachment) or host_units(catalogue, NEUTRAL, attachment)
        if not hosts:
            raise UsageError(f"no combat unit can take {attachment.title}; name one with --unit")
        for host in hosts:
            attempt = ListSpec(faction=key, points=points, units=[*trial.units, (host, [attachment])])
            attempt.ncus = list(trial.ncus)
            if validate_spec(attempt, catalogue).valid:
                return host
        return hosts[0]

    def pick(refs: tuple[str, ...]) -> Card | None:
        found = sorted(
            (c for ref in refs for c in catalogue.resolve_ref(ref) if c.faction in home and c is not card),
            key=lambda c: (c.faction != key, c.points, c.id),
        )
        return found[0] if found else None

    if card.kind is CardKind.ATTACHMENT:
        spec.units.append((legal_host(card, spec), [card]))
    elif card.kind is CardKind.NCU:
        spec.ncus.append(card)
    else:
        spec.units.append((card, []))
    needs_host = any(
        (c := pick(refs)) is not None and c.kind is CardKind.ATTACHMENT for refs in companions(catalogue, card)
    )
    with_companions(spec, card, catalogue, pick, lambda att: legal_host(att, spec))
    if named is not None and card.kind is not CardKind.ATTACHMENT and not needs_host:
        spec.units.append((named, []))  # the unit asked for, led by an NCU or combat-unit commander
    return dump_list(spec, catalogue, comment=comment)


def apply_additions(doc: Document, catalogue: Catalogue, additions: Iterable[Addition]) -> str:
    """Write a completion's additions into the document: new units (with their attachments) after the
    list's units, attachments to the existing units they join, NCUs after the list's NCUs."""
    done = []
    for addition in additions:
        atts = [card_ref(a, Slot.ATTACHMENT, doc, catalogue) for a in addition.attachments]
        if addition.kind == "unit" and addition.card is not None:
            doc.seq("units").append(card_ref(addition.card, Slot.UNIT, doc, catalogue))
            set_attachments(doc, catalogue, len(doc.data["units"]), atts)
        elif addition.kind == "attach" and addition.unit is not None:
            position = doc_units(doc, catalogue)[addition.unit].position  # the validator's count, not the file's
            set_attachments(doc, catalogue, position, [*raw_attachments(doc, position), *atts])
        elif addition.card is not None:
            doc.seq("ncus").append(card_ref(addition.card, Slot.NCU, doc, catalogue))
        done += [c.title for c in addition.cards()]
    return "added " + ", ".join(done)
