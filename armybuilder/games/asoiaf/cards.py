"""Cards of A Song of Ice & Fire: TMG, in the game's own words. Facts only: names, numbers, flags."""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum
from typing import Any

from armybuilder.kit.cache import quick_unpickling
from armybuilder.record import record


class CardKind(StrEnum):
    COMBAT_UNIT = "combat-unit"
    ATTACHMENT = "attachment"
    NCU = "ncu"

    def __str__(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        return {"combat-unit": "combat unit", "attachment": "attachment", "ncu": "NCU"}[self.value]


NEUTRAL = "neutral"


@quick_unpickling  # a catalogue holds thousands: its cached load is mostly their unpickling
@record(frozen=True, slots=True)
class SourcePos:
    """Where a card or entry is written in the card data (for `data check` and error messages)."""

    file: str
    line: int


@quick_unpickling
@record(frozen=True, slots=True)
class Attack:
    """One attack printed on a unit card: its name, range type, to-hit and dice per rank."""

    name: str
    type: str  # melee | short | long
    hit: int
    dice: tuple[int, ...]  # dice per rank, front rank first

    @property
    def range_label(self) -> str:
        return {"melee": "Melee", "short": "Short", "long": "Long"}.get(self.type, self.type)


@quick_unpickling
@record(frozen=True, slots=True)
class Condition:
    """When a cost modifier or exclusion applies (every set field must hold)."""

    in_army_any_of: tuple[str, ...] = ()
    attached_to_unit_of: str | None = None
    attached_to_this_unit: bool = False


@quick_unpickling
@record(frozen=True, slots=True)
class Requirement:
    """One structured recruitment requirement printed on a card, or one effect of a special card.

    The vocabulary (`kind` and its fields) is the one of the reference card facts; unused fields stay empty.
    """

    kind: str
    any_of: tuple[str, ...] = ()
    target: str | None = None
    max: int | None = None
    shared_with: tuple[str, ...] = ()
    per_any_of: tuple[str, ...] = ()
    only_when_joining_unit_of: str | None = None
    applies_to: str | tuple[str, ...] | None = None  # "self", "any_attachment" or card refs
    amount: int | None = None
    set_to: int | None = None
    count: int | None = None
    condition: Condition | None = None
    loyalty: str | None = None
    derived_from: str | None = None
    faction: str | None = None
    unit_type: str | None = None
    timing: str | None = None
    ability: str | None = None
    ability_owner: str | None = None
    # effects of special cards
    factions: tuple[str, ...] = ()
    card_kinds: tuple[str, ...] = ()
    counts_as: str | None = None
    card: str | None = None
    commander_card_id: str | None = None
    cost: int | None = None
    normal_cost: int | None = None
    replaces_faction_tactics: str | None = None
    requires_in_army_all_of: tuple[str, ...] = ()
    only_when_chosen: bool | None = None  # an alternate commander that leads only when the list chooses it
    unit: str | None = None
    token: str | None = None
    unique_in_game: bool | None = None
    label: str | None = None
    note: str | None = None
    summary: str | None = None


@quick_unpickling
@record(frozen=True, slots=True)
class Card:
    """A combat unit, attachment or NCU card (commanders are one of these with `commander` set)."""

    id: str
    kind: CardKind
    faction: str
    name: str
    subname: str | None
    version: str
    cost: int | None  # None: printed as C (a commander recruited for free)
    commander: bool
    characters: tuple[str, ...]  # character identities; empty for a card that is not a character
    abilities: tuple[str, ...]
    requirements: tuple[Requirement, ...]
    type: str | None = (
        None  # combat unit: its type; attachment: the unit type it joins ("none": ability-only)
    )
    tray: str | None = None
    speed: int | None = None
    defense: int | None = None
    morale: int | None = None
    wounds: int | None = None
    attacks: tuple[Attack, ...] = ()
    tactics: tuple[str, ...] = ()  # commander's own tactics card ids
    replaces_faction_tactics: bool = False
    source: SourcePos = field(default=SourcePos("", 0), compare=False)
    _by_kind: dict[str, tuple[Requirement, ...]] = field(init=False, repr=False, compare=False)
    _title: str = field(init=False, repr=False, compare=False)  # read by nearly every message: made once

    def __post_init__(self) -> None:
        by_kind: dict[str, tuple[Requirement, ...]] = {}
        for req in self.requirements:
            by_kind[req.kind] = (*by_kind.get(req.kind, ()), req)
        object.__setattr__(self, "_by_kind", by_kind)
        object.__setattr__(self, "_title", f"{self.name}, {self.subname}" if self.subname else self.name)

    @property
    def character(self) -> bool:
        return bool(self.characters)

    @property
    def title(self) -> str:
        """`Name, Subname` (or `Name`): how players and the reference name a card."""
        return self._title

    @property
    def label(self) -> str:
        """The title with the id, for lists of candidates."""
        return f"{self.title} ({self.id})"

    @property
    def points(self) -> int:
        """Printed cost, 0 for a commander printed as C."""
        return self.cost or 0

    @property
    def cost_label(self) -> str:
        return "C" if self.cost is None else str(self.cost)

    @property
    def is_solo(self) -> bool:
        return self.tray in ("solo", "warmachine")

    @property
    def is_neutral(self) -> bool:
        return self.faction == NEUTRAL

    def requirements_of(self, kind: str) -> tuple[Requirement, ...]:
        return self._by_kind.get(kind, ())


@quick_unpickling
@record(frozen=True, slots=True)
class TacticsCard:
    """A tactics card: a faction's own or a commander's."""

    id: str
    faction: str
    name: str
    version: str
    commander: str | None  # the commander card id; None for the faction's own 7 cards
    replaces: str | None  # a faction tactics id, "all", or None
    source: SourcePos = field(default=SourcePos("", 0), compare=False)


@quick_unpickling
@record(frozen=True, slots=True)
class Special:
    """A special card: a faction rule, an alternate commander, an army-building effect."""

    id: str
    faction: str
    name: str
    type: str
    version: str
    used_by: tuple[str, ...]
    effects: tuple[Requirement, ...]
    note: str | None = None
    source: SourcePos = field(default=SourcePos("", 0), compare=False)


@quick_unpickling
@record(frozen=True, slots=True)
class Faction:
    """A faction: its key, printed name, the season of its data and the file it comes from."""

    key: str
    name: str
    season: str
    source: str


def requirement_from(data: dict[str, Any]) -> Requirement:
    """Build a Requirement from its YAML mapping (already schema-checked)."""
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key == "condition":
            cond = dict(value)
            values[key] = Condition(
                in_army_any_of=tuple(cond.get("in_army_any_of", ())),
                attached_to_unit_of=cond.get("attached_to_unit_of"),
                attached_to_this_unit=bool(cond.get("attached_to_this_unit", False)),
            )
        elif key == "applies_to":
            values[key] = value if isinstance(value, str) else tuple(value["any_of"])
        elif isinstance(value, list):
            values[key] = tuple(value)
        else:
            values[key] = value
    return Requirement(**values)
