"""A deck file read into a `Deck`: its name, faction, unit and command entries resolved against the
catalogue, with a `schema` problem for everything malformed (§1, "Malformed deck files").

An entry with a schema problem is left out of the deck: it takes no part in any count or rule.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass
from functools import reduce
from itertools import repeat
from operator import or_
from typing import Any

from armybuilder.games.hve.catalogue import FOREIGN, ICONS, MISPLACED, TURNING, UNKNOWN, Card, Catalogue
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


_NO_TOTALS: dict[str, int] = {}  # a section with no entry read (shared: `_section` sets its own)
Row = tuple[str, str, int, Pos, "Card | None"]  # an Entry's fields after its section: name, key, count, pos, card


class Section:
    """`units` or `commands`: `listed` is False when the key holds something that is not a list (the
    count rule is then not judged); `pos` is the key's position, or None when the key is absent.

    A plain class with slots: a deck makes two per file, and a slot is read and set without a dict."""

    __slots__ = ("_entries", "_items", "_rows", "_written_as", "listed", "most", "name", "pos", "total", "totals")

    pos: Pos | None
    listed: bool
    total: int  # the copies of every entry, summed
    most: int  # the copies of the card listed most often (its entries summed)
    totals: dict[str, int]  # copies per normalised name, in the order first listed (its own once read)
    # the entries as read (`rows`): read with their checks (`_read_rows`), or made on first use from `_items`
    # when every entry was well formed (most decks are judged on `totals` alone)
    _rows: list[Row] | None
    _items: PosList | None
    _written_as: dict[str, tuple[str, str, Card | None]] | None
    _entries: list[Entry] | None

    def __init__(self, name: str) -> None:
        self.name = name
        self.pos = self._rows = self._items = self._written_as = self._entries = None
        self.listed = True
        self.total = self.most = 0
        self.totals = _NO_TOTALS

    def __repr__(self) -> str:
        return f"Section({self.name!r}, total={self.total}, totals={self.totals!r})"

    @property
    def rows(self) -> list[Row]:
        """(name, key, count, pos, card) of each entry read, in file order (entries with a schema problem left out)."""
        rows = self._rows
        if rows is None:
            items, written_as = self._items, self._written_as
            rows = self._rows = [] if items is None or written_as is None else _well_formed_rows(items, written_as)
            self._items = None
        return rows

    def rows_of(self, keys: Container[str]) -> list[Row]:
        """The rows whose normalised name is in `keys`, in file order: a rule about a few cards reads them
        without making every row."""
        if not keys:  # a rule with nothing to place (its cards' set empty): no entry walked
            return []
        rows = self._rows
        if rows is not None:
            return [row for row in rows if row[1] in keys]
        items, written_as = self._items, self._written_as
        found: list[Row] = []
        if items is None or written_as is None:
            return found
        for item, pos in zip(items, items.item_pos, strict=True):  # as `_well_formed_rows`, keeping only these
            if type(item) is str:
                name, key, card = written_as[item]
                if key in keys:
                    found.append((name, key, 1, pos, card))
            else:
                name, key, card = written_as[item["card"]]
                if key in keys:
                    found.append((name, key, item["count"], pos, card))
        return found

    @property
    def entries(self) -> list[Entry]:
        """The entries in file order (made from `rows` on first use: most decks are judged without them)."""
        found = self._entries
        if found is None:
            what = self.name
            found = self._entries = [Entry(what, *row) for row in self.rows]
        return found


class Deck:
    """A deck file as read: a plain class with slots (one per file checked), every field set at once."""

    __slots__ = (
        "catalogue", "commands", "faction", "faction_given", "faction_pos", "faction_value", "foreign", "icon_bits",
        "is_deck", "misplaced", "name", "opening", "opening_pos", "path", "problems", "stranded", "unexecutable",
        "units", "unknown",
    )

    name: str | None
    faction_given: bool  # the key is present with a value
    faction_value: Any
    faction_pos: Pos
    faction: str | None  # the resolved key
    opening: str | None
    opening_pos: Pos
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
        self.is_deck = True
        self.unknown = self.foreign = self.misplaced = self.unexecutable = self.stranded = self.faction_given = False
        self.icon_bits = 0
        self.units = Section("units")
        self.commands = Section("commands")
        self.problems: list[Problem] = []  # schema problems found while reading

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


_ENTRY = frozenset(("card", "count"))


_FACTION_OF: dict[str, str | None] = {}  # a `faction:` value as written -> `faction_key` (decks write a few)


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
    if type(name) is str and (trimmed := name.strip()):  # the usual name, without a call
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
        deck.faction_pos = value.value_pos.get("faction") or value.at("faction")
        if type(faction) is str and faction in _FACTION_OF:  # the spellings decks use, met before
            deck.faction = _FACTION_OF[faction]
        else:
            deck.faction = faction_key(faction)
            if type(faction) is str and len(_FACTION_OF) < 1_000:
                _FACTION_OF[faction] = deck.faction
    elif "faction" in value:
        deck.faction_pos = value.at("faction")
    if "units" in value:
        _section(deck, value, deck.units, True)
    if "commands" in value:
        _section(deck, value, deck.commands, False)
    if "opening_unit" in value:
        opening = value["opening_unit"]
        deck.opening_pos = value.value_pos.get("opening_unit") or value.at("opening_unit")
        if type(opening) is str and (trimmed := opening.strip()):  # the usual name, without a call
            deck.opening = trimmed
        elif is_text(opening):
            deck.opening = opening.strip()
        elif opening is not None:
            deck.schema(f"opening_unit must be the name of one of the deck's units, not {shown(opening)}", deck.opening_pos)
    return deck


def _section(deck: Deck, doc: PosMap, section: Section, is_units: bool) -> None:
    section.pos = doc.key_pos[section.name]
    items = doc[section.name]
    if items is None:
        return
    if type(items) is not PosList and not isinstance(items, PosList):
        section.listed = False
        deck.schema(
            f"{section.name} must be a list of cards ({{card: NAME, count: N}} or a bare name), not {shown(items)}",
            doc.at(section.name),
        )
        return
    catalogue = deck.catalogue
    read = _well_formed(items, catalogue, deck.faction, is_units)
    if read is None:  # an entry never met, or not the usual shape: read every entry with its checks
        rows: list[Row] = []
        section._rows = rows
        totals = _read_rows(deck, items, rows)
    else:
        totals, facts = read
        section._items, section._written_as = items, catalogue.written_as
    section.totals = totals
    if totals:
        counts = totals.values()
        section.total = sum(counts)
        section.most = max(counts)
    if read is None:
        _note(deck, totals, is_units)
    elif facts & _MIXED:
        _noted(deck, totals, facts, is_units)
    elif is_units:  # the usual units: only their icons to note
        deck.icon_bits = facts >> ICONS
    else:  # the usual commands, every one a command card of the deck's faction: as `_noted` notes them
        if not totals.keys() <= catalogue.executable(deck.icon_bits):
            deck.unexecutable = True
        if facts & TURNING:
            _note_stranded(deck, totals)


def _read_rows(deck: Deck, items: PosList, rows: list[Row]) -> dict[str, int]:
    """Every entry of a section read with its checks (a schema problem for each malformed one) into `rows`;
    the copies per card, by normalised name."""
    catalogue = deck.catalogue
    known = catalogue.written_as.get  # a name as written -> (trimmed, normalised, card): decks repeat names
    resolve = catalogue.resolve
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
    return totals


def _well_formed(
    items: PosList, catalogue: Catalogue, faction: str | None, units: bool
) -> tuple[dict[str, int], int] | None:
    """The copies per card of a section whose every entry is a name met before (`Catalogue.key_of`) or
    `{card: NAME, count: N}` of such a name and a count of 1 to 999,999, and its entries' facts or-ed
    (`Catalogue.facts_of`): nearly every deck. None for any other section, which `_read_rows` reads with its
    checks: this only ever takes an entry `_read_rows` reads without a problem, as the same row."""
    if len(items) != len(items.item_pos):
        return None
    table = catalogue.facts.get((faction, units))
    if table is None:
        table = catalogue.facts[faction, units] = {}
    learnt = False
    while True:
        totals: dict[str, int] = {}
        facts = 0
        try:  # a name not in the table yet, or an entry of two keys other than card and count: KeyError
            for item in items:  # (type() is compiled to a cheap check; `.__class__` is an attribute lookup)
                if type(item) is str:
                    key, fact = table[item]
                    count = 1
                elif len(item) == 2:  # a mapping of two keys (anything else: TypeError here or below)
                    written, count = item["card"], item["count"]
                    if type(count) is not int or count <= 0 or count >= 1_000_000:
                        return None
                    key, fact = table[written]  # a card that is not text: KeyError (never learnt) or TypeError
                else:
                    return None
                facts |= fact
                if key in totals:
                    totals[key] += count
                else:
                    totals[key] = count
        except KeyError:
            # the section's names learnt in one pass, then read once more: never a read again per name
            if learnt or not _learn(items, table, catalogue, faction, units):
                return None
            learnt = True
            continue
        except TypeError:  # a card that cannot be a key (a list, a mapping): read with the checks
            return None
        return totals, facts


def _learn(
    items: PosList, table: dict[str, tuple[str, int]], catalogue: Catalogue, faction: str | None, units: bool
) -> bool:
    """Put the facts of every name of a section not in `table` yet into it (`Catalogue.facts_of`). False
    when an entry is not a name met before (`Catalogue.key_of`), not a name or a `{card: NAME}`, or the
    table is full: the section is then read with its checks."""
    for item in items:
        written = item if type(item) is str else item.get("card") if type(item) is PosMap else None
        if type(written) is not str:
            return False
        if written not in table and (catalogue.facts_of(written, faction, units) is None or written not in table):
            return False
    return True


def _well_formed_rows(items: PosList, written_as: dict[str, tuple[str, str, Card | None]]) -> list[Row]:
    """The rows of a section `_well_formed` read: every name is in `written_as`."""
    rows: list[Row] = []
    add = rows.append
    for item, pos in zip(items, items.item_pos, strict=True):
        if type(item) is str:
            name, key, card = written_as[item]
            add((name, key, 1, pos, card))
        else:
            name, key, card = written_as[item["card"]]
            add((name, key, item["count"], pos, card))
    return rows


def _note(deck: Deck, totals: dict[str, int], is_units: bool) -> None:
    """Note on the deck what the rules ask of a section's cards (`Deck.unknown` …), from its distinct names:
    every fact is one of a card's. Units come first, so the icons of every unit card are known when the
    commands are noted."""
    catalogue = deck.catalogue
    faction = deck.faction
    at_home = (catalogue.home_units if is_units else catalogue.home_commands).get(faction)
    mixed = at_home is None or not totals.keys() <= at_home
    if mixed:  # a card unknown, foreign or misplaced
        cards = catalogue.cards
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
        # the icons of its unit cards (a command card or an unknown name shows none), or-ed in C
        deck.icon_bits = reduce(or_, map(catalogue.unit_bits.get, totals, _ZEROS), 0)
        return
    _note_unexecutable(deck, totals, mixed)
    _note_stranded(deck, totals)


def _note_stranded(deck: Deck, totals: dict[str, int]) -> None:
    """Note a mount/dismount card of the command section `totals` whose unit profile no unit listed provides."""
    catalogue = deck.catalogue
    named, provided_by = deck.units.totals.keys(), catalogue.provided_by
    # the fewer of the catalogue's mount/dismount cards (three bundled, any number in a designer's catalogue)
    # and the section's cards, each asked of the other: no set made, no deck's cost growing with the catalogue
    turning = catalogue.turning
    asked, among = (turning, totals) if len(turning) <= len(totals) else (totals, turning)
    for key in asked:
        if key in among:
            for providers in provided_by[key]:
                if named.isdisjoint(providers):
                    deck.stranded = True
                    return


def _note_unexecutable(deck: Deck, totals: dict[str, int], mixed: bool) -> None:
    """Note a command card the deck's units cannot execute (their icons are noted: units come first).
    `mixed`: a card of the section is unknown, foreign or misplaced, so not every card is a command card."""
    catalogue = deck.catalogue
    executable = catalogue.executable(deck.icon_bits)
    if not mixed:  # every card a command card of the deck's faction
        if not totals.keys() <= executable:
            deck.unexecutable = True
        return
    commands = catalogue.command_bits
    for key in totals:
        if key in commands and key not in executable:
            deck.unexecutable = True
            return


def _noted(deck: Deck, totals: dict[str, int], facts: int, is_units: bool) -> None:
    """What `_note` notes, from the facts of a section's entries or-ed (`_well_formed`)."""
    if facts & _MIXED:
        if facts & UNKNOWN:
            deck.unknown = True
        if facts & FOREIGN:
            deck.foreign = True
        if facts & MISPLACED:
            deck.misplaced = True
    if is_units:
        deck.icon_bits = facts >> ICONS
        return
    _note_unexecutable(deck, totals, bool(facts & _MIXED))
    if facts & TURNING:  # a mount/dismount card listed
        _note_stranded(deck, totals)


_MIXED = UNKNOWN | FOREIGN | MISPLACED
_ZEROS = repeat(0)  # map(dict.get, keys, _ZEROS): each key's value or 0 (never exhausted)


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
