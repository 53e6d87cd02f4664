"""The card catalogue: unit and command cards read from a folder of `*.yaml` files, looked up by name.

A catalogue is loaded once per process (`datacheck.load_catalogue`); it refuses a folder with any data-check error,
so every card in a `Catalogue` is well formed and the deck rules never meet a broken card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from armybuilder.games.base import bundled_data
from armybuilder.games.hve.keywords import Keyword
from armybuilder.games.hve.names import norm
from armybuilder.kit.words import closest

DATA_FOLDER = "horde-vs-empire-cards"
GAME_KEY = "horde-vs-empire-cards"


@dataclass(frozen=True, slots=True)
class UnitSide:
    """The profile on a unit card's other edge, which mount/dismount turn the unit into."""

    name: str
    zh: str | None
    icon: str
    strength: int
    hp: int


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the catalogue. Unit fields are set on unit cards, command fields on command cards;
    a command's `strength` is None where the card prints "-" (the unit's base strength is used)."""

    name: str
    zh: str | None
    kind: str  # "unit" | "command"
    faction: str  # a faction key
    file: str
    line: int
    icon: str | None = None
    strength: int | None = None
    hp: int | None = None
    other_side: UnitSide | None = None
    cost: int | None = None
    icons: tuple[str, ...] = ()
    type: str | None = None
    keywords: tuple[Keyword, ...] = ()
    unit_icons: tuple[str, ...] = ()  # the icons a unit of this card can show: its own and its other side's
    mount_targets: tuple[Keyword, ...] = ()  # its mount/dismount keywords
    is_unit: bool = False  # set from kind

    def __post_init__(self) -> None:
        icons: tuple[str, ...] = () if self.icon is None else (self.icon,)
        if self.other_side is not None:
            icons += (self.other_side.icon,)
        object.__setattr__(self, "unit_icons", icons)
        object.__setattr__(self, "mount_targets", tuple(k for k in self.keywords if k.unit is not None))
        object.__setattr__(self, "is_unit", self.kind == "unit")

    @property
    def label(self) -> str:
        """`Spearmen (长枪队)`, or the name alone when the card has no Chinese name."""
        return f"{self.name} ({self.zh})" if self.zh else self.name

    @property
    def strength_text(self) -> str:
        return "-" if self.strength is None else str(self.strength)



# a name's facts in a deck (`Catalogue.facts_of`): bits, or-ed over a section's entries
UNKNOWN, FOREIGN, MISPLACED, TURNING = 1, 2, 4, 8  # no card; another faction's; the other section's; mounts
ICONS = 4  # a unit card's icon bits (`unit_bits`) stand above these four


class Catalogue:
    """Every card of one catalogue folder, found by normalised name (§1 "Names")."""

    def __init__(self, cards: Iterable[Card], folder: Path, *, bundled: bool = False) -> None:
        self.folder = folder
        self.bundled = bundled
        self.cards: dict[str, Card] = {}
        self.by_zh: dict[str, Card] = {}
        self.by_other_side: dict[str, Card] = {}
        for card in cards:
            self.cards[norm(card.name)] = card
            if card.zh:
                self.by_zh.setdefault(norm(card.zh), card)
            if card.other_side is not None:
                self.by_other_side.setdefault(norm(card.other_side.name), card)
        self._keys = list(self.cards)
        self._closest: dict[str, Card | None] = {}  # the same misspellings come back in a batch
        # what checking a deck asks of its cards, worked out once: a deck then asks it of a set of names
        self.written_as: dict[str, tuple[str, str, Card | None]] = {}  # a name as written -> `resolve`
        self.key_of: dict[str, str] = {}  # a name as written, not blank, in `written_as` -> its normalised name
        # per deck faction and section (units?): a name as written, in `key_of` -> (its normalised name, its
        # facts for such a deck: `facts_of`), so that a deck reads its entries and their facts in one pass
        self.facts: dict[tuple[str | None, bool], dict[str, tuple[str, int]]] = {}
        at_home: dict[tuple[str | None, bool], set[str]] = {}
        for key, card in self.cards.items():
            at_home.setdefault((card.faction, card.is_unit), set()).add(key)
        # (faction, unit cards?) -> the normalised names of that faction's unit or command cards
        self.at_home = {slot: frozenset(keys) for slot, keys in at_home.items()}
        self.home_units = {faction: keys for (faction, units), keys in self.at_home.items() if units}
        self.home_commands = {faction: keys for (faction, units), keys in self.at_home.items() if not units}
        # every icon word as one bit: a deck's unit icons are an int, a command card executable when its
        # bits meet them (`unit_bits`, `command_bits`: by normalised name)
        words = sorted({i for c in self.cards.values() for i in (*c.unit_icons, *c.icons)})
        self.icon_bit = {word: 1 << n for n, word in enumerate(words)}
        self.unit_bits = {k: _bits(self.icon_bit, c.unit_icons) for k, c in self.cards.items() if c.is_unit}
        self.command_bits = {k: _bits(self.icon_bit, c.icons) for k, c in self.cards.items() if not c.is_unit}
        self.name_of = {key: card.name for key, card in self.cards.items()}  # normalised -> the card's name
        # the command cards that mount or dismount a unit
        self.turning = frozenset(k for k, c in self.cards.items() if not c.is_unit and c.mount_targets)
        self._executable: dict[int, frozenset[str]] = {}
        # a card's other side (normalised), and the unit profiles (normalised) a card's mount keywords name
        self.other_side = {k: norm(c.other_side.name) for k, c in self.cards.items() if c.other_side is not None}
        self.needs = {k: tuple(norm(m.unit or "") for m in c.mount_targets) for k, c in self.cards.items()}
        # a profile a mount keyword names -> the names that provide it when listed under units: its own,
        # and those of the unit cards that have it on their other side
        providers: dict[str, set[str]] = {need: {need} for needs in self.needs.values() for need in needs}
        for key, side in self.other_side.items():
            if side in providers:
                providers[side].add(key)
        self.providers = {need: frozenset(keys) for need, keys in providers.items()}
        # a mount/dismount card -> for each profile it names, the names that provide it when listed under units
        self.provided_by = {k: tuple(self.providers[need] for need in self.needs[k]) for k in self.turning}

    def __len__(self) -> int:
        return len(self.cards)

    def find(self, name: str) -> Card | None:
        return self.cards.get(norm(name))

    def resolve(self, written: str) -> tuple[str, str, Card | None]:
        """A name as a deck writes it: (trimmed, normalised, its card or None), kept in `written_as` (decks
        write the same few names)."""
        known = self.written_as.get(written)
        if known is None:
            name = written.strip()
            key = norm(name)
            known = (name, key, self.cards.get(key))
            if len(self.written_as) < 10_000:
                self.written_as[written] = known
                if name:
                    self.key_of[written] = key
        return known

    def facts_of(self, written: str, faction: str | None, units: bool) -> tuple[str, int] | None:
        """(normalised name, facts) of a name as written (one of `key_of`, else None) listed under units (or
        commands) of a deck of `faction`: the facts are bits, UNKNOWN, FOREIGN, MISPLACED and TURNING (a
        mount/dismount card), and under units the card's unit icons (`unit_bits`) shifted by ICONS. Kept in
        `facts` (bounded as `written_as`)."""
        key = self.key_of.get(written)
        if key is None:
            return None
        card = self.cards.get(key)
        if card is None:
            facts = UNKNOWN
        else:
            facts = (FOREIGN if card.faction != faction else 0) | (MISPLACED if card.is_unit is not units else 0)
            if key in self.turning:
                facts |= TURNING
            if units:
                facts |= self.unit_bits.get(key, 0) << ICONS
        found = (key, facts)
        table = self.facts.setdefault((faction, units), {})
        if len(table) < 10_000:
            table[written] = found
        return found

    def icons(self, bits: int) -> set[str]:
        """The icon words of these bits (`icon_bit`)."""
        return {word for word, bit in self.icon_bit.items() if bits & bit}

    def executable(self, bits: int) -> frozenset[str]:
        """The normalised names of the command cards a unit showing one of the icons of `bits` can execute."""
        found = self._executable.get(bits)
        if found is None:
            found = frozenset(k for k, mine in self.command_bits.items() if mine & bits)
            if len(self._executable) < 1_000:
                self._executable[bits] = found
        return found

    def profile_icon(self, name: str) -> str | None:
        """The icon of the unit profile `name` names: a unit card's, or the other side's of one."""
        card = self.cards.get(norm(name))
        if card is not None and card.is_unit:
            return card.icon
        turned = self.by_other_side.get(norm(name))
        return turned.other_side.icon if turned is not None and turned.other_side is not None else None

    def closest(self, name: str) -> Card | None:
        """The card whose name is nearest to `name` (difflib), if one is close."""
        key = norm(name)
        if key in self._closest:
            return self._closest[key]
        found = closest(key, self._keys)
        card = self.cards[found[0]] if found else None
        if len(self._closest) < 10_000:
            self._closest[key] = card
        return card

    def of(self, faction: str, kind: str) -> list[Card]:
        return [c for c in self.cards.values() if c.faction == faction and c.kind == kind]

    @property
    def label(self) -> str:
        """What the JSON outputs report as the data version."""
        return "bundled example catalogue" if self.bundled else str(self.folder)


def _bits(icon_bit: dict[str, int], icons: Iterable[str]) -> int:
    bits = 0
    for icon in icons:
        bits |= icon_bit[icon]
    return bits


def bundled_folder() -> Path:
    return bundled_data(DATA_FOLDER)
