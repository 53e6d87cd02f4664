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
    totals: dict[str, int] = field(default_factory=dict)  # copies per normalised name, in the order first listed
    _entries: list[Entry] | None = field(default=None, repr=False, compare=False)

    @property
    def entries(self) -> list[Entry]:
        """The entries in file order (made from `rows` on first use: most decks are judged without them)."""
        found = self._entries
        if found is None:
            what = self.name
            found = self._entries = [Entry(what, *row) for row in self.rows]
        return found


@dataclass(slots=True, init=False)
class Deck:
    path: str
    catalogue: Catalogue
    name: str | None
    faction_given: bool  # the key is present with a value
    faction_value: Any
    faction_pos: Pos
    faction: str | None  # the resolved key
    units: Section
    commands: Section
    opening: str | None
    opening_pos: Pos
    problems: list[Problem]  # schema problems found while reading
    is_deck: bool  # False: the document is not a mapping, and no deck rule is judged
    # what the rules ask of every entry, noted once while the entries are read (`_note`), so that a rule
    # with nothing to say returns at once instead of walking the entries again
    unknown: bool  # an entry names no card of the catalogue
    foreign: bool  # a card of another faction than the deck's (or the deck has none)
    misplaced: bool  # a unit card under commands, or a command card under units
    unexecutable: bool  # a command card that no unit card listed before it shows an icon of
    icon_bits: int  # the icons of the unit cards under units (`Catalogue.icon_bit`)
    stranded: bool  # a mount/dismount card turns a unit into a profile no unit card under units provides

    def __init__(self, path: str, catalogue: Catalogue) -> None:
        self.path = path
        self.catalogue = catalogue
        self.name = self.faction_value = self.faction = self.opening = None
        self.faction_pos = self.opening_pos = ORIGIN
        self.units = Section("units", [], None, True, 0, 0, _NO_TOTALS)
        self.commands = Section("commands", [], None, True, 0, 0, _NO_TOTALS)
        self.problems = []
        self.is_deck = True
        self.unknown = self.foreign = self.misplaced = self.unexecutable = self.stranded = self.faction_given = False
        self.icon_bits = 0

    def problem(self, rule: str, severity: Severity, message: str, pos: Pos, card: str | None = None) -> Problem:
        return Problem(rule, severity, message, self.path, pos[0], pos[1], card)

    def schema(self, message: str, pos: Pos) -> None:
        self.problems.append(self.problem("schema", Severity.ERROR, message, pos))

    @property
    def entries(self) -> list[Entry]:
        return [*self.units.entries, *self.commands.entries]

    @property
    def unit_icons(self) -> set[str]:
        """The icons of the unit cards under units (their other sides' too)."""
        return self.catalogue.icons(self.icon_bits)

    @property
    def turning(self) -> list[Entry]:
        """The command entries under commands whose card mounts or dismounts a unit."""
        turning = self.catalogue.turning
        return [entry for entry in self.commands.entries if entry.key in turning]

    @property
    def named_units(self) -> set[str]:
        """The normalised names of the entries under units."""
        return set(self.units.totals)


_NO_TOTALS: dict[str, int] = {}  # a section with no entry read (shared: `_section` sets its own)
_ENTRY = frozenset(("card", "count"))


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
    if name.__class__ is str and (trimmed := name.strip()):  # the usual name, without a call
        deck.name = trimmed
    elif is_text(name):
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
    if "units" in value:
        _section(deck, value, deck.units, True)
    if "commands" in value:
        _section(deck, value, deck.commands, False)
    if "opening_unit" in value:
        opening = value["opening_unit"]
        deck.opening_pos = value.at("opening_unit")
        if is_text(opening):
            deck.opening = opening.strip()
        elif opening is not None:
            deck.schema(f"opening_unit must be the name of one of the deck's units, not {shown(opening)}", deck.opening_pos)
    return deck


def _section(deck: Deck, doc: PosMap, section: Section, is_units: bool) -> None:
    section.pos = doc.key_pos[section.name]
    items = doc[section.name]
    if items is None:
        return
    if items.__class__ is not PosList and not isinstance(items, PosList):
        section.listed = False
        deck.schema(
            f"{section.name} must be a list of cards ({{card: NAME, count: N}} or a bare name), not {shown(items)}",
            doc.at(section.name),
        )
        return
    catalogue = deck.catalogue
    known = catalogue.written_as.get  # a name as written -> (trimmed, normalised, card): decks repeat names
    resolve = catalogue.resolve
    rows = section.rows
    add = rows.append
    totals: dict[str, int] = {}  # copies per card, by normalised name
    for item, pos in zip(items, items.item_pos, strict=False):
        cls = item.__class__
        if cls is str:
            name, key, found = known(item) or resolve(item)
            count = 1
        elif cls is PosMap and "card" in item and item.keys() <= _ENTRY:
            # the usual entry, read without the checks of _mapping_entry
            written, count = item.get("card"), item.get("count", 1)
            if written.__class__ is str and count.__class__ is int and 1 <= count < HUGE:
                name, key, found = known(written) or resolve(written)
            else:
                name = ""
            if not name:
                read = _mapping_entry(deck, item, pos)
                if read is None:
                    continue
                written, count = read
                name, key, found = known(written) or resolve(written)
        elif cls is PosMap:
            read = _mapping_entry(deck, item, pos)
            if read is None:
                continue
            written, count = read
            name, key, found = known(written) or resolve(written)
        else:
            name = ""
        if not name:
            shown_as = "an empty name" if isinstance(item, str) or item is None else shown(item)
            deck.schema(f"an entry is a card name or {{card: NAME, count: N}}, not {shown_as}", pos)
            continue
        add((name, key, count, pos, found))
        totals[key] = totals.get(key, 0) + count
    section.totals = totals
    if totals:
        counts = totals.values()
        section.total = sum(counts)
        section.most = max(counts)
    _note(deck, totals, is_units)


def _note(deck: Deck, totals: dict[str, int], is_units: bool) -> None:
    """Note on the deck what the rules ask of a section's cards (`Deck.unknown` …), from its distinct names:
    every fact is one of a card's. Units come first, so the icons of every unit card are known when the
    commands are noted."""
    catalogue = deck.catalogue
    at_home = catalogue.at_home.get((deck.faction, is_units))
    mixed = at_home is None or not totals.keys() <= at_home
    if mixed:  # a card unknown, foreign or misplaced
        cards, faction = catalogue.cards, deck.faction
        for key in totals:
            found = cards.get(key)
            if found is None:
                deck.unknown = True
                continue
            if found.faction != faction:
                deck.foreign = True
            if found.is_unit is not is_units:
                deck.misplaced = True
    if is_units:
        bits = 0
        unit_bits = catalogue.unit_bits
        for key in totals:
            bits |= unit_bits.get(key, 0)  # a unit card's; a command card or an unknown name shows none
        deck.icon_bits = bits
        return
    executable = catalogue.executable(deck.icon_bits)
    if not mixed:  # every card a command card of the deck's faction
        deck.unexecutable = not totals.keys() <= executable
    else:
        commands = catalogue.command_bits
        deck.unexecutable = any(key in commands and key not in executable for key in totals)
    turning = totals.keys() & catalogue.turning  # the command cards under commands that mount or dismount
    if turning:
        named, provided_by = deck.units.totals.keys(), catalogue.provided_by
        deck.stranded = any(named.isdisjoint(providers) for key in turning for providers in provided_by[key])


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
