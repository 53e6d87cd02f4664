"""A deck file read into a `Deck`: its name, faction, unit and command entries resolved against the
catalogue, with a `schema` problem for everything malformed (§1, "Malformed deck files").

An entry with a schema problem is left out of the deck: it takes no part in any count or rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from armybuilder.games.hve.catalogue import Card, Catalogue
from armybuilder.games.hve.datacheck import shown
from armybuilder.games.hve.names import HUGE, faction_key, is_int, is_text
from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos, PosList, PosMap

TOP_KEYS = ("game", "name", "faction", "units", "commands", "opening_unit")
_TOP = frozenset(TOP_KEYS)
SECTIONS = ("units", "commands")
ORIGIN = Pos(1, 1)


@dataclass(slots=True)
class Entry:
    """One entry of `units` or `commands` as written: a bare name counts once."""

    section: str
    name: str  # as written, trimmed
    key: str  # normalised, for comparing
    count: int
    pos: Pos
    card: Card | None  # None: no card of the catalogue has this name


Row = tuple[str, str, int, Pos, "Card | None"]  # an Entry's fields after its section: name, key, count, pos, card


@dataclass(slots=True)
class Section:
    """`units` or `commands`: `listed` is False when the key holds something that is not a list (the
    count rule is then not judged); `pos` is the key's position, or None when the key is absent."""

    name: str
    rows: list[Row] = field(default_factory=list)  # the entries as read; `entries` makes them Entries once asked
    pos: Pos | None = None
    listed: bool = True
    total: int = 0  # the copies of every entry, summed
    most: int = 0  # the copies of the card listed most often (its entries summed)
    _entries: list[Entry] | None = field(default=None, repr=False, compare=False)

    @property
    def entries(self) -> list[Entry]:
        """The entries in file order (made from `rows` on first use: most decks are judged without them)."""
        found = self._entries
        if found is None:
            what = self.name
            found = self._entries = [Entry(what, *row) for row in self.rows]
        return found


@dataclass(slots=True)
class Deck:
    path: str
    catalogue: Catalogue
    name: str | None = None
    faction_given: bool = False  # the key is present with a value
    faction_value: Any = None
    faction_pos: Pos = ORIGIN
    faction: str | None = None  # the resolved key
    units: Section = field(default_factory=lambda: Section("units"))
    commands: Section = field(default_factory=lambda: Section("commands"))
    opening: str | None = None
    opening_pos: Pos = ORIGIN
    problems: list[Problem] = field(default_factory=list)  # schema problems found while reading
    is_deck: bool = True  # False: the document is not a mapping, and no deck rule is judged
    # what the rules ask of every entry, noted once while the entries are read (`_section`), so that a rule
    # with nothing to say returns at once instead of walking the entries again
    unknown: bool = False  # an entry names no card of the catalogue
    foreign: bool = False  # a card of another faction than the deck's (or the deck has none)
    misplaced: bool = False  # a unit card under commands, or a command card under units
    unexecutable: bool = False  # a command card that no unit card listed before it shows an icon of
    named_units: set[str] = field(default_factory=set)  # the normalised names of the entries under units
    unit_icons: set[str] = field(default_factory=set)  # the icons of the unit cards under units
    turning: list[Entry] = field(default_factory=list)  # command entries whose card mounts or dismounts
    stranded: bool = False  # one of them turns a unit into a profile no unit card under units provides

    def problem(self, rule: str, severity: Severity, message: str, pos: Pos, card: str | None = None) -> Problem:
        return Problem(rule, severity, message, self.path, pos[0], pos[1], card)

    def schema(self, message: str, pos: Pos) -> None:
        self.problems.append(self.problem("schema", Severity.ERROR, message, pos))

    @property
    def entries(self) -> list[Entry]:
        return [*self.units.entries, *self.commands.entries]

    def unit_keys(self) -> set[str]:
        """The normalised names of the entries listed under units (the deck's own set: do not change it)."""
        return self.named_units


def read_deck(path: str, value: Any, catalogue: Catalogue) -> Deck:
    deck = Deck(path, catalogue)
    if not isinstance(value, PosMap):
        what = "empty" if value is None else f"{shown(value)}"
        deck.schema(
            f"a deck file is a mapping of {', '.join(TOP_KEYS)}, and this one is {what}; "
            "start from `armybuilder new --game horde-vs-empire-cards`",
            getattr(value, "pos", ORIGIN),
        )
        deck.is_deck = False
        return deck
    for key in () if value.keys() <= _TOP else value:  # the usual deck: known keys only, asked at once
        if key not in TOP_KEYS:
            deck.schema(f"unknown key {shown(key)}; a deck has only {', '.join(TOP_KEYS)}", value.key_pos[key])
    name = value.get("name")
    if is_text(name):
        deck.name = name.strip()
    elif "name" not in value:
        deck.schema("the deck needs a name: a non-empty string, such as name: Iron Wall", ORIGIN)
    else:
        deck.schema(f"name must be a non-empty string, not {shown(name)}", value.at("name"))
    faction = value.get("faction")
    if faction is not None:
        deck.faction_given = True
        deck.faction_value = faction
        deck.faction_pos = value.at("faction")
        deck.faction = faction_key(faction)
    elif "faction" in value:
        deck.faction_pos = value.at("faction")
    for section in (deck.units, deck.commands):
        _section(deck, value, section)
    if "opening_unit" in value:
        opening = value["opening_unit"]
        deck.opening_pos = value.at("opening_unit")
        if is_text(opening):
            deck.opening = opening.strip()
        elif opening is not None:
            deck.schema(f"opening_unit must be the name of one of the deck's units, not {shown(opening)}", deck.opening_pos)
    return deck


def _section(deck: Deck, doc: PosMap, section: Section) -> None:
    if section.name not in doc:
        return
    section.pos = doc.key_pos[section.name]
    items = doc[section.name]
    if items is None:
        return
    if not isinstance(items, PosList):
        section.listed = False
        deck.schema(
            f"{section.name} must be a list of cards ({{card: NAME, count: N}} or a bare name), not {shown(items)}",
            doc.at(section.name),
        )
        return
    catalogue = deck.catalogue
    known = catalogue.written_as.get  # a name as written -> (trimmed, normalised, card): decks repeat names
    resolve = catalogue.resolve
    add = section.rows.append
    positions = items.item_pos
    total = 0
    totals: dict[str, int] = {}  # copies per card, by normalised name
    for index, item in enumerate(items):
        cls = item.__class__
        if cls is str:
            name, key, found = known(item) or resolve(item)
            count = 1
        elif cls is PosMap and len(item) == 1 + ("count" in item):
            # the usual entry, read without the checks of _mapping_entry
            written, count = item.get("card"), item.get("count", 1)
            if written.__class__ is str and count.__class__ is int and 1 <= count < HUGE:
                name, key, found = known(written) or resolve(written)
            else:
                name = ""
            if not name:
                read = _mapping_entry(deck, item, positions[index])
                if read is None:
                    continue
                written, count = read
                name, key, found = known(written) or resolve(written)
        elif cls is PosMap:
            read = _mapping_entry(deck, item, positions[index])
            if read is None:
                continue
            written, count = read
            name, key, found = known(written) or resolve(written)
        else:
            name = ""
        if not name:
            shown_as = "an empty name" if isinstance(item, str) or item is None else shown(item)
            deck.schema(f"an entry is a card name or {{card: NAME, count: N}}, not {shown_as}", positions[index])
            continue
        add((name, key, count, positions[index], found))
        total += count
        totals[key] = totals.get(key, 0) + count
    section.total = total
    section.most = max(totals.values(), default=0)
    _note(deck, section, totals)


def _note(deck: Deck, section: Section, totals: dict[str, int]) -> None:
    """Note on the deck what the rules ask of this section's entries (`Deck.unknown` …). Units come first,
    so the icons of every unit card are known when the commands are noted."""
    catalogue = deck.catalogue
    is_units = section.name == "units"
    if is_units:
        deck.named_units = set(totals)
    at_home = catalogue.at_home.get((deck.faction, is_units))
    if at_home is not None and totals.keys() <= at_home:  # every card known, of the deck's faction and kind
        if is_units:
            deck.unit_icons = catalogue.icons_of_units(totals)
            return
        if not totals.keys() <= catalogue.executable(deck.unit_icons):
            deck.unexecutable = True
        if not catalogue.turning.isdisjoint(totals):
            turning = catalogue.turning
            deck.turning = [Entry("commands", *row) for row in section.rows if row[1] in turning]
            _stranded(deck)
        return
    icons = deck.unit_icons
    for row in section.rows:
        found = row[4]
        if found is None:
            deck.unknown = True
            continue
        if found.faction != deck.faction:
            deck.foreign = True
        if found.is_unit is not is_units:
            deck.misplaced = True
        elif is_units:
            icons.update(found.unit_icons)
        else:  # a command card under commands
            if icons.isdisjoint(found.icons):
                deck.unexecutable = True
            if found.mount_targets:
                deck.turning.append(Entry("commands", *row))
    if not is_units and deck.turning:
        _stranded(deck)


def _stranded(deck: Deck) -> None:
    """Note whether a mount/dismount card of the deck turns a unit into a profile that no card listed under
    units is or has on its other side."""
    catalogue = deck.catalogue
    named, providers = deck.named_units, catalogue.providers
    deck.stranded = any(named.isdisjoint(providers[need]) for entry in deck.turning for need in catalogue.needs[entry.key])


def _mapping_entry(deck: Deck, item: PosMap, pos: Pos) -> tuple[str, int] | None:
    good = True
    for key in item:
        if key not in ("card", "count"):
            deck.schema(f"an entry has only card and count; remove {shown(key)}", item.key_pos[key])
            good = False
    card = item.get("card")
    if "card" not in item:
        deck.schema("the entry needs card: the card's name ({card: NAME, count: N})", pos)
        good = False
    elif not is_text(card):
        deck.schema(f"card must be a card's name, not {shown(card)}", item.at("card"))
        good = False
    count = item.get("count", 1)
    if not is_int(count) or count < 1:
        deck.schema(f"count must be an integer of 1 or more, not {shown(count)}", item.at("count"))
        good = False
    if not good:
        return None
    return str(card).strip(), int(count)
