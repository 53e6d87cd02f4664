"""Building lists: edits on a round-trip YAML document, the options engine and the completion search.

Nothing here prints or exits. Edits change a ruamel document in place (comments and key order survive);
`judge` compares the list before and after an edit with the real validator. `options` and `complete`
try candidate cards on a loaded list and keep only what the validator accepts.
"""

from __future__ import annotations

import dataclasses
import difflib
import heapq
import io
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from armybuilder import yamlpos
from armybuilder.errors import ArmyBuilderError, CardReferenceError, UsageError
from armybuilder.games.asoiaf.armylist import ArmyList, Entry, Slot, UnitEntry, choose, load_list_text
from armybuilder.games.asoiaf.cards import NEUTRAL, Card, CardKind, Requirement
from armybuilder.games.asoiaf.catalogue import Catalogue, normalize
from armybuilder.games.asoiaf.check import ListReport, validate
from armybuilder.games.asoiaf.listwriter import ListSpec, dump_list, reference
from armybuilder.problems import Problem
from armybuilder.text import or_quoted as _or

SETTABLE = ("points", "faction", "commander", "name", "player")
ADDED_LINE = 1_000_000  # entries added in memory sort after every written entry
CANDIDATE_LIMIT = 50_000  # completion candidates kept for verification (the best estimates)
MIN_CHECKS = 100  # candidates verified even past the time limit, so a slow machine still gets answers


# --- references ----------------------------------------------------------------------------------------


def find_card(catalogue: Catalogue, text: str, kinds: Iterable[CardKind], faction: str | None) -> Card:
    """The card a command-line reference means, trying each kind in turn (as a list reference would)."""
    kinds = tuple(kinds)
    problems: list[tuple[str, str]] = []
    for kind in kinds:
        slot = {
            CardKind.COMBAT_UNIT: Slot.UNIT,
            CardKind.NCU: Slot.NCU,
            CardKind.ATTACHMENT: Slot.ATTACHMENT,
        }[kind]
        result = choose(catalogue, text, slot, faction)
        if isinstance(result, Card):
            return result
        problems.append(result)
    for rule, message in problems:
        if rule == "ambiguous-card":
            raise CardReferenceError(message, ambiguous=True)
    if any(rule == "wrong-slot" for rule, _ in problems):
        found = catalogue.find(text)
        raise CardReferenceError(f"'{found[0].title}' is {found[0].kind.label}; it cannot be used here")
    suggestions = catalogue.suggest(text, kinds)
    hint = f"; did you mean {_or(suggestions)}?" if suggestions else ""
    what = " or ".join(k.label for k in kinds)
    raise CardReferenceError(f"no {what} called '{text}'{hint}", candidates=tuple(suggestions))


def find_commander(catalogue: Catalogue, text: str, faction: str) -> Card:
    """The commander a reference means among the commanders an army of `faction` may field (its own and
    neutral ones): `Euron Greyjoy` is the one Euron who is a commander, and a commander of another faction
    is refused by name rather than written into the list."""
    fielded = [c for c in catalogue.cards.values() if c.commander and c.faction in (faction, NEUTRAL)]
    found = [c for c in catalogue.find(text) if c.commander]
    mine = [c for c in found if c in fielded]
    for preferred in ([c for c in mine if c.faction == faction], mine):
        if len(preferred) == 1:
            return preferred[0]
        if preferred:
            listed = ", ".join(c.label for c in preferred)
            raise CardReferenceError(
                f"'{text}' matches {len(preferred)} commanders: {listed}; write `Name, Subname` or the id",
                ambiguous=True,
            )
    army = catalogue.factions[faction].name if faction in catalogue.factions else faction
    if found:
        elsewhere = ", ".join(f"{c.title} is a {catalogue.factions[c.faction].name} commander" for c in found)
        raise UsageError(
            f"there is no {army} commander called '{text}' ({elsewhere}); "
            f"`armybuilder cards --faction {faction} --kind commander` lists the {army} commanders"
        )
    others = catalogue.find(text)
    if others:
        raise UsageError(f"{others[0].title} is not a commander card; pick one marked Commander")
    keys = {normalize(c.title): c.title for c in fielded} | {normalize(c.name): c.title for c in fielded}
    close = difflib.get_close_matches(normalize(text), list(keys), n=3, cutoff=0.6)
    names = list(dict.fromkeys(keys[c] for c in close))
    hint = f"; did you mean {_or(names)}?" if names else ""
    raise CardReferenceError(f"no {army} commander called '{text}'{hint}", candidates=tuple(names))


def find_faction(catalogue: Catalogue, text: str) -> str:
    faction = catalogue.faction(text)
    if faction is not None:
        return faction.key
    close = difflib.get_close_matches(text.casefold(), list(catalogue.factions), n=1, cutoff=0.5)
    hint = f"did you mean `{close[0]}`? " if close else ""
    raise UsageError(f"unknown faction {text!r}; {hint}known factions: {', '.join(catalogue.factions)}")


def scalar(text: str) -> Any:
    """A card reference as a YAML scalar: plain when safe, double-quoted otherwise (as listwriter writes)."""
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString

    plain = (
        text[:1].isalpha()
        and not any(ch in text for ch in ":#,[]{}&*!|>'\"%@`")
        and text.strip() == text
        and not text.isdigit()
    )
    return text if plain else DoubleQuotedScalarString(text)


# --- the document --------------------------------------------------------------------------------------


class Document:
    """A list file in ruamel round-trip form: edit `data`, then `dump()` keeps comments and key order."""

    def __init__(self, text: str, path: str = "<list>") -> None:
        from ruamel.yaml import YAML
        from ruamel.yaml.comments import CommentedMap
        from ruamel.yaml.error import YAMLError
        from ruamel.yaml.util import load_yaml_guess_indent

        try:  # the loader every command uses first: the same one-line, positioned message for bad YAML
            yamlpos.load(text)
        except yamlpos.YamlError as exc:
            reason = exc.message.removeprefix("invalid YAML: ")
            raise UsageError(
                f"cannot edit: the file is not valid YAML: {reason}", path=path, line=exc.line or None
            ) from None
        try:
            _, indent, offset = load_yaml_guess_indent(text)
            self.yaml = YAML(typ="rt")
            self.yaml.preserve_quotes = True
            self.yaml.width = 4096
            indent = indent or 2
            offset = offset if offset is not None else 2
            self.yaml.indent(mapping=2, sequence=max(indent, offset + 2), offset=offset)
            data = self.yaml.load(text)
        except YAMLError as exc:
            raise UsageError(
                f"cannot edit: the file is not valid YAML ({str(exc).splitlines()[0]})", path=path
            ) from None
        if data is None:
            data = CommentedMap()
        if not isinstance(data, CommentedMap):
            raise UsageError(
                "cannot edit: a list file must be a mapping with `faction:`, `points:`, `units:`", path=path
            )
        self.data: Any = data

    def dump(self) -> str:
        out = io.StringIO()
        self.yaml.dump(self.data, out)
        text = out.getvalue()
        return text if text.endswith("\n") else text + "\n"

    def seq(self, key: str) -> Any:
        """The sequence under `key`, created (block style, after `points`/`commander`) when missing."""
        from ruamel.yaml.comments import CommentedSeq

        value = self.data.get(key)
        if isinstance(value, CommentedSeq):
            if not value:
                value.fa.set_block_style()
            return value
        seq = CommentedSeq()
        if value is not None and not isinstance(value, (dict, list)):
            seq.append(value)
        if key in self.data:
            self.data[key] = seq
        else:
            order = ["name", "player", "team", "faction", "points", "commander", "units", "ncus"]
            before = order[: order.index(key)] if key in order else order
            pos = max((i + 1 for i, k in enumerate(self.data) if k in before), default=len(self.data))
            self.data.insert(pos, key, seq)
        return seq


@dataclass
class DocUnit:
    """A combat unit as written in the document: 1-based position, reference, card, attachments."""

    position: int
    text: str
    card: Card | None
    attachments: list[tuple[str, Card | None]]

    @property
    def title(self) -> str:
        return self.card.title if self.card else self.text


def _faction(doc: Document, catalogue: Catalogue) -> str | None:
    value = doc.data.get("faction")
    found = catalogue.faction(str(value)) if isinstance(value, (str, int)) else None
    return found.key if found else None


def _resolve(catalogue: Catalogue, text: Any, slot: Slot, faction: str | None) -> Card | None:
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        return None
    result = choose(catalogue, str(text).strip(), slot, faction)
    return result if isinstance(result, Card) else None


def _attachment_texts(item: Any) -> list[Any]:
    for key in ("attachment", "attachments"):
        value = item.get(key)
        if value is None:
            continue
        return list(value) if isinstance(value, list) else [value]
    return []


def doc_units(doc: Document, catalogue: Catalogue) -> list[DocUnit]:
    faction = _faction(doc, catalogue)
    raw = doc.data.get("units")
    if not isinstance(raw, list):
        return []
    out = []
    for index, item in enumerate(raw):
        if isinstance(item, dict):
            text = item.get("unit")
            atts = [
                (str(a), _resolve(catalogue, a, Slot.ATTACHMENT, faction)) for a in _attachment_texts(item)
            ]
        else:
            text, atts = item, []
        out.append(DocUnit(index + 1, str(text), _resolve(catalogue, text, Slot.UNIT, faction), atts))
    return out


def doc_ncus(doc: Document, catalogue: Catalogue) -> list[tuple[str, Card | None]]:
    faction = _faction(doc, catalogue)
    raw = doc.data.get("ncus")
    items = raw if isinstance(raw, list) else ([] if raw is None else [raw])
    return [(str(i), _resolve(catalogue, i, Slot.NCU, faction)) for i in items]


def _ref(card: Card, slot: Slot, doc: Document, catalogue: Catalogue) -> Any:
    faction = _faction(doc, catalogue) or card.faction
    return scalar(reference(card, slot, faction, catalogue))


def pick_unit(doc: Document, catalogue: Catalogue, text: str) -> DocUnit:
    """A unit named by 1-based position or by name (several of that name: the first without attachment)."""
    units = doc_units(doc, catalogue)
    if not units:
        raise UsageError("the list has no combat units yet; add one first")
    if text.strip().isdigit() and int(text) <= len(units):
        if int(text) < 1:
            raise UsageError(f"unit positions start at 1; the list has {len(units)} units")
        return units[int(text) - 1]
    card = find_card(catalogue, text, [CardKind.COMBAT_UNIT], _faction(doc, catalogue))
    named = [u for u in units if u.card == card]
    if not named:
        listed = ", ".join(f"{u.position}. {u.title}" for u in units)
        raise UsageError(f"the list has no {card.title}; its units are {listed}")
    return next((u for u in named if not u.attachments), named[0])


def _set_attachments(doc: Document, catalogue: Catalogue, position: int, cards: list[Any]) -> None:
    """Write a unit's attachments, keeping the entry's form where it can."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    units = doc.data["units"]
    item = units[position - 1]
    if not isinstance(item, dict):
        if not cards:
            return
        new = CommentedMap()
        new["unit"] = item
        units[position - 1] = new
        item = new
    key = "attachments" if "attachments" in item else "attachment"
    if not cards:
        for k in ("attachment", "attachments"):
            if k in item:
                del item[k]
        if list(item) == ["unit"]:
            units[position - 1] = item["unit"]
        return
    value: Any
    if len(cards) == 1 and key == "attachment":
        value = cards[0]
    elif isinstance(item.get(key), CommentedSeq):
        value = item[key]
        del value[:]
        value.extend(cards)
    else:
        value = CommentedSeq(cards)
        if key == "attachment":  # a second attachment: `attachment: X` becomes `attachments: [X, Y]`
            index = list(item).index("attachment") if "attachment" in item else len(item)
            if "attachment" in item:
                del item["attachment"]
            item.insert(index, "attachments", value)
            return
    item[key] = value


def _raw_attachments(doc: Document, position: int) -> list[Any]:
    item = doc.data["units"][position - 1]
    return _attachment_texts(item) if isinstance(item, dict) else []


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


# --- edits ---------------------------------------------------------------------------------------------


def add(doc: Document, catalogue: Catalogue, text: str, to: str | None = None) -> str:
    """Add a combat unit, an NCU or an attachment (to the unit `to`); returns what was done."""
    faction = _faction(doc, catalogue)
    kinds = (
        [CardKind.ATTACHMENT] if to is not None else [CardKind.COMBAT_UNIT, CardKind.NCU, CardKind.ATTACHMENT]
    )
    card = find_card(catalogue, text, kinds, faction)
    if card.kind is CardKind.COMBAT_UNIT:
        doc.seq("units").append(_ref(card, Slot.UNIT, doc, catalogue))
        return f"added combat unit {card.title} ({card.cost_label})"
    if card.kind is CardKind.NCU:
        doc.seq("ncus").append(_ref(card, Slot.NCU, doc, catalogue))
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
            listed = ", ".join(f"{u.position}. {u.title}" for u in (free or fitting))
            if not free:
                raise UsageError(
                    f"every unit that can take {card.title} already has an attachment ({listed}); "
                    "add a unit first, or name one with --to"
                )
            raise UsageError(f"say which unit takes {card.title} with --to (position or name): {listed}")
        unit = free[0]
    atts = _raw_attachments(doc, unit.position)
    _set_attachments(doc, catalogue, unit.position, [*atts, _ref(card, Slot.ATTACHMENT, doc, catalogue)])
    return f"attached {card.title} ({card.cost_label}) to {unit.position}. {unit.title}"


def _forget_commander(doc: Document, catalogue: Catalogue, card: Card) -> None:
    named = doc.data.get("commander")
    if card.commander and isinstance(named, str) and card in catalogue.find(named):
        del doc.data["commander"]


def remove(doc: Document, catalogue: Catalogue, text: str) -> str:
    """Remove a unit (with its attachments; by position or name), an attachment, or an NCU."""
    units = doc_units(doc, catalogue)
    text = text.strip()
    if text.isdigit() and 1 <= int(text) <= len(units):
        target = units[int(text) - 1]
        return _remove_unit(doc, catalogue, target)
    if text.isdigit() and text not in catalogue.cards:  # a position past the end, not a card id
        raise UsageError(
            f"there is no unit {text}: the list has {len(units)} combat unit{'s' if len(units) != 1 else ''}; "
            "`armybuilder show` numbers them"
        )
    faction = _faction(doc, catalogue)
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
                raw = _raw_attachments(doc, unit.position)
                del raw[cards.index(card)]
                _set_attachments(doc, catalogue, unit.position, raw)
                _forget_commander(doc, catalogue, card)
                return f"removed attachment {card.title} from {unit.position}. {unit.title}"
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
    return f"removed unit {unit.position}. {unit.title}{with_atts}"


def move(doc: Document, catalogue: Catalogue, text: str, to: str) -> str:
    """Move an attachment from its unit to another unit."""
    card = find_card(catalogue, text, [CardKind.ATTACHMENT], _faction(doc, catalogue))
    target = pick_unit(doc, catalogue, to)
    source = next(
        (u for u in doc_units(doc, catalogue) if card in [c for _, c in u.attachments]),
        None,
    )
    if source is None:
        raise UsageError(f"{card.title} is not attached to any unit of the list; use `add` to add it")
    if source.position == target.position:
        raise UsageError(f"{card.title} is already with {target.position}. {target.title}")
    raw = _raw_attachments(doc, source.position)
    index = [c for _, c in source.attachments].index(card)
    value = raw.pop(index)
    _set_attachments(doc, catalogue, source.position, raw)
    _set_attachments(doc, catalogue, target.position, [*_raw_attachments(doc, target.position), value])
    return f"moved {card.title} from {source.position}. {source.title} to {target.position}. {target.title}"


def set_value(doc: Document, catalogue: Catalogue, key: str, value: str, unit: str | None = None) -> str:
    """Change the game size, the faction, the commander (the new commander takes the old one's place), the
    list's name or its player (an empty value removes them)."""
    if key == "points":
        if not value.strip().isdigit() or int(value) <= 0:
            raise UsageError(f"points must be a positive game size such as 40, not {value!r}")
        old = doc.data.get("points")
        _put(doc, "points", int(value))
        return f"points {old} → {int(value)}"
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
    _put(doc, key, text)
    return f"{key} {old!r} → {text!r}" if old is not None else f"{key} set to {text!r}"


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
    faction = _faction(doc, catalogue)
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
                old, old_place = c, u.position
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
                target = str(free[0].position)
        if target is None:
            hosts = host_units(catalogue, faction or card.faction, card)
            if not hosts:
                raise UsageError(f"no {faction} combat unit can take {card.title}; add one, then use --unit")
            doc.seq("units").append(_ref(hosts[0], Slot.UNIT, doc, catalogue))
            target = str(len(doc.data["units"]))
        place = pick_unit(doc, catalogue, target)
        atts = _raw_attachments(doc, place.position)
        _set_attachments(doc, catalogue, place.position, [*atts, _ref(card, Slot.ATTACHMENT, doc, catalogue)])
        where = f" on {place.position}. {place.title}"
    elif card.kind is CardKind.NCU:
        doc.seq("ncus").append(_ref(card, Slot.NCU, doc, catalogue))
        where = " under ncus"
    else:
        doc.seq("units").append(_ref(card, Slot.UNIT, doc, catalogue))
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
    if points <= 0:
        raise UsageError(f"--points must be a positive game size such as 40, not {points}")
    card = find_commander(catalogue, commander, key)
    spec = ListSpec(faction=key, points=points, name=name, player=player)
    if card.kind is CardKind.ATTACHMENT:
        if unit is not None:
            host = find_card(catalogue, unit, [CardKind.COMBAT_UNIT], key)
            spec.units.append((host, [card]))
        else:
            hosts = host_units(catalogue, key, card) or host_units(catalogue, NEUTRAL, card)
            if not hosts:
                raise UsageError(f"no combat unit can take {card.title}; name one with --unit")
            # the cheapest host that makes a legal list; the cheapest one when none does
            chosen = hosts[0]
            for host in hosts:
                trial = ListSpec(faction=key, points=points, units=[(host, [card])])
                if validate_spec(trial, catalogue).valid:
                    chosen = host
                    break
            spec.units.append((chosen, [card]))
    elif card.kind is CardKind.NCU:
        spec.ncus.append(card)
    else:
        spec.units.append((card, []))
    return dump_list(spec, catalogue, comment=comment)


def validate_spec(spec: ListSpec, catalogue: Catalogue, path: str = "<list>") -> ListReport:
    return validate(load_list_text(dump_list(spec, catalogue), catalogue, path), catalogue)


# --- judging an edit -----------------------------------------------------------------------------------


def error_keys(report: ListReport) -> Counter[tuple[str, str | None]]:
    return Counter((p.rule, p.card) for p in report.errors)


def new_errors(before: ListReport, after: ListReport) -> list[Problem]:
    """Errors the edit brought: (rule, card) pairs that were not there before (counted with repeats), and
    an over-budget or over-cap list that the edit made more over."""
    extra = error_keys(after) - error_keys(before)
    found: list[Problem] = []
    for p in after.errors:
        key = (p.rule, p.card)
        if extra[key] > 0:
            extra[key] -= 1
            found.append(p)
    b, a = before.context, after.context
    if a is not None and b is not None and p_not_in(found, ("points-limit", "neutral-cap")):
        for p in after.errors:
            if (p.rule == "points-limit" and a.total > b.total) or (
                p.rule == "neutral-cap" and a.neutral_total > b.neutral_total
            ):
                found.append(p)
    return found


def p_not_in(problems: list[Problem], rules: tuple[str, ...]) -> bool:
    return not any(p.rule in rules for p in problems)


@dataclass
class Verdict:
    before: ListReport
    after: ListReport
    added: list[Problem]

    @property
    def allowed(self) -> bool:
        """An edit is allowed when it brings no new error (a legal list stays legal)."""
        return not self.added


def judge(before_text: str, after_text: str, catalogue: Catalogue, path: str) -> Verdict:
    before = validate(load_list_text(before_text, catalogue, path), catalogue)
    after = validate(load_list_text(after_text, catalogue, path), catalogue)
    return Verdict(before, after, new_errors(before, after))


# --- options ---------------------------------------------------------------------------------------------


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
    units: Iterable[tuple[Card, Card | None]] = (),
    ncus: Iterable[Card] = (),
    attach: Iterable[tuple[int, Card]] = (),
) -> ArmyList:
    """A copy of a loaded list with cards added (new units with an optional attachment, NCUs, and
    attachments to existing units by 0-based index). The original is not changed."""
    new_units = list(army.units)
    n = 0
    for index, card in attach:
        old = new_units[index]
        n += 1
        new_units[index] = UnitEntry(old.unit, [*old.attachments, _entry(card, Slot.ATTACHMENT, n)])
    for unit, att in units:
        n += 1
        entry = UnitEntry(_entry(unit, Slot.UNIT, n))
        if att is not None:
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


def spare_copies(owned: Mapping[str, int] | None, held: Iterable[Card]) -> Counter[str] | None:
    """Copies of each card the player owns that a list holding `held` does not use (None: no limit)."""
    if owned is None:
        return None
    free = Counter({card_id: copies for card_id, copies in owned.items() if copies > 0})
    free.subtract(card.id for card in held)
    return free


def _candidates(catalogue: Catalogue, kind: CardKind, factions: set[str]) -> list[Card]:
    return sorted(
        (c for c in catalogue.cards.values() if c.kind is kind and c.faction in factions),
        key=lambda c: (c.points, c.title),
    )


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
            for card in _candidates(catalogue, CardKind.COMBAT_UNIT, factions):
                keep(card, Slot.UNIT, None, with_additions(army, units=[(card, None)]))
        if CardKind.NCU in kinds:
            for card in _candidates(catalogue, CardKind.NCU, factions):
                keep(card, Slot.NCU, None, with_additions(army, ncus=[card]))
    if CardKind.ATTACHMENT in kinds:
        attachments = _candidates(catalogue, CardKind.ATTACHMENT, factions)
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


# --- completion --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Addition:
    """One step of a completion: a new unit (with an optional attachment), an attachment for an existing
    unit (0-based index), or an NCU."""

    kind: str  # "unit" | "attach" | "ncu"
    card: Card
    attachment: Card | None = None
    unit: int | None = None

    def cards(self) -> tuple[Card, ...]:
        return (self.card,) if self.attachment is None else (self.card, self.attachment)


@dataclass
class Completion:
    additions: tuple[Addition, ...]
    spent: int
    left: int
    neutral: int
    units: int
    report: ListReport

    @property
    def key(self) -> tuple[int, int, int, int]:
        """Closest use of the budget first, then fewer neutral points, more combat units, fewer cards."""
        return (self.left, self.neutral, -self.units, sum(len(a.cards()) for a in self.additions))


@dataclass
class Search:
    completions: list[Completion] = field(default_factory=list)
    exhaustive: bool = True
    generated: int = 0
    verified: int = 0
    budget: int = 0


class CostFloors:
    """The least a card can ever cost in an army of `faction`: its printed cost lowered by every cost
    modifier that could reach it. Sums of floors bound totals from below, so budget pruning stays exact.

    Modifiers a unit gives the attachment that joins it count only for that pairing (`attached`).
    """

    def __init__(self, catalogue: Catalogue, faction: str | None) -> None:
        self.catalogue = catalogue
        sources: list[tuple[Card | None, Requirement]] = [
            (c, r) for c in catalogue.cards.values() for r in c.requirements_of("cost_modifier")
        ]
        for special in catalogue.specials.values():
            if special.faction == faction or special.used_by:
                sources += [(None, e) for e in special.effects if e.kind == "cost_modifier"]
        self.general: dict[Requirement, None] = {}
        self.own: dict[str, list[Requirement]] = {}
        for owner, req in sources:
            per_unit = req.condition is not None and req.condition.attached_to_this_unit
            if per_unit:
                continue  # see attached()
            if req.applies_to == "self" and owner is not None:
                self.own.setdefault(owner.id, []).append(req)
            else:
                self.general.setdefault(req, None)
        self.cache: dict[str, int] = {}

    def _hit(self, card: Card, req: Requirement) -> bool:
        if req.applies_to == "any_attachment":
            return card.kind is CardKind.ATTACHMENT
        if isinstance(req.applies_to, tuple):
            return any(self.catalogue.matches(card, r) for r in req.applies_to)
        return req.applies_to == "self"

    def _lower(self, card: Card, reqs: Iterable[Requirement], cost: int) -> int:
        zero = False
        for req in reqs:
            if self._hit(card, req):
                zero = zero or req.set_to is not None
                cost += req.amount or 0
        return 0 if zero else max(0, cost)

    def card(self, card: Card) -> int:
        if card.id not in self.cache:
            self.cache[card.id] = self._lower(card, [*self.own.get(card.id, ()), *self.general], card.points)
        return self.cache[card.id]

    def attached(self, unit: Card, attachment: Card) -> int:
        """The floor of an attachment joining `unit`, with what the unit's own card takes off."""
        mine = [
            r
            for r in unit.requirements_of("cost_modifier")
            if r.condition is not None and r.condition.attached_to_this_unit
        ]
        return self._lower(attachment, mine, self.card(attachment)) if mine else self.card(attachment)


def complete(
    army: ArmyList,
    catalogue: Catalogue,
    *,
    top: int = 5,
    timeout: float = 5.0,
    clock: Callable[[], float] = time.monotonic,
    owned: Mapping[str, int] | None = None,
    bar: tuple[int, int, int, int] | None = None,
) -> Search:
    """The best ways to spend the remaining points, each verified by the validator; with `owned` (card id
    -> copies the player owns), only from the copies the list does not yet hold; with `bar`, only
    completions ranking better than it (a completion key found elsewhere).

    Depth-first over multisets of additions in a fixed canonical order, pruned by remaining budget (with
    cost floors), the neutral cap, unique characters and attachment fit; then best-first verification.
    """
    start = clock()
    deadline = start + timeout
    base = validate(army, catalogue)
    ctx = base.context
    if ctx is None or ctx.points is None:
        raise UsageError("the list cannot be read or has no `points:`; fix it with `armybuilder validate`")
    if ctx.commander is None:
        raise UsageError("the list needs exactly one commander first; `armybuilder set LIST commander NAME`")
    floors = CostFloors(catalogue, ctx.faction)

    def base_floor(entry: Entry) -> int:
        unit = ctx.unit_of.get(id(entry))
        if unit is not None and unit.unit.card is not None:
            return floors.attached(unit.unit.card, ctx.card(entry))
        return floors.card(ctx.card(entry))

    budget = ctx.points - sum(base_floor(e) for e in ctx.entries)
    cap = ctx.neutral_cap
    neutral_room = None if cap is None else cap - sum(base_floor(e) for e in ctx.entries if ctx.is_neutral(e))
    search = Search(budget=ctx.points - ctx.total)
    used_chars = {name for e in ctx.entries for name in ctx.card(e).characters}
    present = [ctx.card(e) for e in ctx.entries]
    free = spare_copies(owned, present)

    def allowed(card: Card) -> bool:
        if free is not None and free[card.id] < 1:
            return False
        if card.commander or card.points == 0 or used_chars.intersection(card.characters):
            return False  # a free card spends nothing; a commander or a present character cannot be added
        if any(r.kind in ("only_via_ability", "attach_to_enemy_unit") for r in card.requirements):
            return False
        return not any(
            catalogue.matches(other, ref)
            for r in card.requirements_of("not_in_army_with")
            for ref in r.any_of
            for other in present
        )

    # other factions only where a special card allows them, of the kinds and in the number it allows
    home = {NEUTRAL} | ({ctx.faction} if ctx.faction else set())
    foreign: dict[CardKind, set[str]] = {kind: set() for kind in CardKind}
    foreign_room = 0
    for _special, effect in ctx.effects("army_may_include"):
        for kind in effect.card_kinds or ("combat_units", "attachments", "ncus"):
            key = {"combat_units": CardKind.COMBAT_UNIT, "attachments": CardKind.ATTACHMENT}.get(
                kind, CardKind.NCU
            )
            foreign[key].update(effect.factions)
        foreign_room += effect.max if effect.max is not None else 99
    foreign_room -= len(ctx.allowed_foreign)
    units = [
        c
        for c in _candidates(catalogue, CardKind.COMBAT_UNIT, home | foreign[CardKind.COMBAT_UNIT])
        if allowed(c)
    ]
    attachments = [
        c
        for c in _candidates(catalogue, CardKind.ATTACHMENT, home | foreign[CardKind.ATTACHMENT])
        if allowed(c)
    ]
    ncus = [c for c in _candidates(catalogue, CardKind.NCU, home | foreign[CardKind.NCU]) if allowed(c)]
    items: list[Addition] = []
    for unit in units:
        carry = [r.target for r in unit.requirements_of("must_attach_to") if r.target]
        if not carry:  # a unit that must carry a named attachment is only offered with it
            items.append(Addition("unit", unit))
        items += [
            Addition("unit", unit, a)
            for a in attachments
            if fits(unit, a, catalogue) and all(catalogue.matches(a, t) for t in carry)
        ]
    for index, entry in enumerate(army.units):
        body = entry.unit.card
        if body is None or entry.attachments:
            continue
        items += [Addition("attach", a, unit=index) for a in attachments if fits(body, a, catalogue)]
    items += [Addition("ncu", c) for c in ncus]

    def item_floors(item: Addition) -> list[tuple[Card, int]]:
        if item.kind == "attach" and item.unit is not None:
            body = army.units[item.unit].unit.card
            assert body is not None
            return [(item.card, floors.attached(body, item.card))]
        out = [(item.card, floors.card(item.card))]
        if item.attachment is not None:
            out.append((item.attachment, floors.attached(item.card, item.attachment)))
        return out

    priced = [item_floors(item) for item in items]
    costs = [sum(f for _, f in p) for p in priced]
    neutral_costs = [sum(f for c, f in p if c.is_neutral) for p in priced]
    chars = [frozenset(n for c in item.cards() for n in c.characters) for item in items]
    foreigners = [sum(c.faction not in home for c in item.cards()) for item in items]
    order = sorted(range(len(items)), key=lambda i: -costs[i])  # dearest first: budget prunes early
    items = [items[i] for i in order]
    costs = [costs[i] for i in order]
    neutral_costs = [neutral_costs[i] for i in order]
    chars = [chars[i] for i in order]
    foreigners = [foreigners[i] for i in order]
    # requires_in_army is not monotone (a later card may satisfy it), so it filters candidates, never prunes
    needs = [
        [r.any_of for c in item.cards() for r in c.requirements_of("requires_in_army")] for item in items
    ]
    satisfies: dict[str, set[str]] = {}
    for refs in (refs for need in needs for refs in need):
        for ref in refs:
            if ref not in satisfies:
                satisfies[ref] = {c.id for c in catalogue.resolve_ref(ref)}
    present_ids = {c.id for c in present}

    def satisfied() -> bool:
        wanted = [refs for i in chosen for refs in needs[i]]
        if not wanted:
            return True
        pool = present_ids | {c.id for i in chosen for c in items[i].cards()}
        return all(any(satisfies[ref] & pool for ref in refs) for refs in wanted)

    Key = tuple[int, int, int, int]
    kept: list[tuple[Key, tuple[int, ...]]] = []  # a max-heap on the estimate (negated) of the best LIMIT
    dropped: Key | None = None
    chosen: list[int] = []
    units_taken: set[int] = set()
    taken_chars: set[str] = set()
    gen_deadline = start + timeout * 0.5
    ticks = 0
    foreign_left = foreign_room

    def record(key: Key) -> None:
        nonlocal dropped
        search.generated += 1
        entry = ((-key[0], -key[1], -key[2], -key[3]), tuple(chosen))
        if len(kept) < CANDIDATE_LIMIT:
            heapq.heappush(kept, entry)
            return
        out = heapq.heappushpop(kept, entry)
        worst: Key = (-out[0][0], -out[0][1], -out[0][2], -out[0][3])
        dropped = worst if dropped is None else min(dropped, worst)

    def dfs(first: int, room: int, nroom: int | None, spent_neutral: int, new_units: int, cards: int) -> bool:
        nonlocal ticks, foreign_left
        for i in range(first, len(items)):
            ticks += 1
            if ticks % 2048 == 0 and clock() > gen_deadline:
                return False
            cost = costs[i]
            if cost > room:
                continue
            if nroom is not None and neutral_costs[i] > nroom:
                continue
            item = items[i]
            if chars[i] & taken_chars or foreigners[i] > foreign_left:
                continue
            if item.kind == "attach" and item.unit in units_taken:
                continue
            if free is not None and any(free[c.id] < 1 for c in item.cards()):
                continue  # every owned copy is taken
            if free is not None:
                free.subtract(c.id for c in item.cards())
            chosen.append(i)
            taken_chars.update(chars[i])
            foreign_left -= foreigners[i]
            if item.kind == "attach":
                assert item.unit is not None
                units_taken.add(item.unit)
            units_now = new_units + (item.kind == "unit")
            neutral_now = spent_neutral + neutral_costs[i]
            cards_now = cards + len(item.cards())
            if satisfied():
                record((room - cost, neutral_now, -units_now, cards_now))
            nroom_now = None if nroom is None else nroom - neutral_costs[i]
            ok = dfs(i, room - cost, nroom_now, neutral_now, units_now, cards_now)
            chosen.pop()
            if free is not None:
                free.update(c.id for c in item.cards())
            taken_chars.difference_update(chars[i])
            foreign_left += foreigners[i]
            if item.kind == "attach":
                units_taken.discard(item.unit or 0)
            if not ok:
                return False
        return True

    search.exhaustive = dfs(0, budget, neutral_room, 0, 0, 0)
    found = sorted(((-k[0], -k[1], -k[2], -k[3]), picks) for k, picks in kept)
    results: list[Completion] = []
    finished = False
    for estimate, picks in found:
        if len(results) >= top and results[top - 1].key <= estimate:
            finished = True
            break
        if clock() > deadline and search.verified >= MIN_CHECKS:
            search.exhaustive = False
            break
        additions = tuple(items[i] for i in picks)
        variant = with_additions(
            army,
            units=[(a.card, a.attachment) for a in additions if a.kind == "unit"],
            ncus=[a.card for a in additions if a.kind == "ncu"],
            attach=[(a.unit, a.card) for a in additions if a.kind == "attach" and a.unit is not None],
        )
        after = validate(variant, catalogue)
        search.verified += 1
        if after.context is None or new_errors(base, after):
            continue
        actx = after.context
        assert actx.points is not None
        done = Completion(
            additions,
            actx.total - ctx.total,
            actx.points - actx.total,
            actx.neutral_total,
            sum(1 for a in additions if a.kind == "unit"),
            after,
        )
        if bar is not None and done.key >= bar:
            continue
        results.append(done)
        results.sort(key=lambda c: c.key)
    if not finished and dropped is not None and (len(results) < top or results[top - 1].key > dropped):
        search.exhaustive = False  # better candidates may have been among those not kept
    search.completions = results[:top]
    return search


__all__ = [
    "ArmyBuilderError",
    "Completion",
    "Document",
    "Option",
    "Search",
    "Verdict",
    "add",
    "complete",
    "judge",
    "move",
    "new_list",
    "options",
    "remove",
    "set_value",
]
