"""Army lists: load a YAML list, resolve its card references, and remember where each entry is written.

Loading never raises for bad input: every problem with the file itself (`syntax`, `schema`) or with a
reference (`unknown-card`, `ambiguous-card`, `wrong-slot`) is collected on the ArmyList, and whatever could
be read is kept so that the rules can still say as much as possible about the rest of the list.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder import yamlpos
from armybuilder.games.asoiaf.cards import NEUTRAL, Card, CardKind, Faction
from armybuilder.games.asoiaf.catalogue import Catalogue, may_find, season_keys
from armybuilder.kit.size import MAX_POINTS as MAX_POINTS
from armybuilder.kit.words import closest_in, did_you_mean, marked
from armybuilder.problems import Problem, Severity
from armybuilder.record import compared
from armybuilder.text import a as _a
from armybuilder.text import or_quoted as _or

if TYPE_CHECKING:
    from armybuilder.games.base import Document

TOP_KEYS = (
    "game",
    "name",
    "player",
    "team",
    "faction",
    "points",
    "commander",
    "units",
    "ncus",
    "enemy_attachments",
    "reinforcements",
    "notes",
    "not_read",
)
UNIT_KEYS = ("unit", "attachment", "attachments")
_UNIT_KEYS = frozenset(UNIT_KEYS)
_TOP_KEYS = frozenset(TOP_KEYS)
_TEXT_KEYS = ("name", "player", "team", "notes")


def _as_written(value: object) -> str:
    """A value as the list may have written it: YAML's own spelling for the floats Python prints as `inf`/`nan`."""
    if isinstance(value, float) and value != value:
        return "`.nan`"
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return "`.inf`" if value > 0 else "`-.inf`"
    return repr(value)


@lru_cache(maxsize=256, typed=True)  # typed: `1:` and `true:` are different keys
def _key_hint(key: object, known: tuple[str, ...], otherwise: str) -> str:
    """did_you_mean for an unknown key, worked out once per misspelling (a batch meets the same ones often)."""
    return did_you_mean(key, known, otherwise)


class Slot(StrEnum):
    """Where a card stands in a list; each slot takes one kind of card."""

    UNIT = "units"
    ATTACHMENT = "attachments"
    NCU = "ncus"
    ENEMY = "enemy_attachments"
    REINFORCEMENT = "reinforcements"  # declared beside the list: an NCU or an attachment, added during a game

    @property
    def kind(self) -> CardKind:
        """The kind of card the slot takes (for reinforcements the first of its kinds)."""
        return self.kinds[0]

    @property
    def kinds(self) -> tuple[CardKind, ...]:
        return _SLOT_KINDS[self.value]


_SLOT_KINDS = {
    "units": (CardKind.COMBAT_UNIT,),
    "attachments": (CardKind.ATTACHMENT,),
    "ncus": (CardKind.NCU,),
    "enemy_attachments": (CardKind.ATTACHMENT,),
    "reinforcements": (CardKind.NCU, CardKind.ATTACHMENT),
}


@dataclass(slots=True, unsafe_hash=True)
class Entry:
    """One card reference as written in the list, and the card it resolved to (None when it did not).

    Never changed once read; not a frozen dataclass only because a list holds dozens of entries, and a frozen
    one costs four times as much to build."""

    text: str
    slot: Slot
    line: int
    column: int
    card: Card | None


@compared
@dataclass(slots=True, eq=False, repr=False)
class UnitEntry:
    """A combat unit of the list with the attachments that join it."""

    unit: Entry
    attachments: list[Entry] = field(default_factory=list)


@compared
@dataclass(eq=False, repr=False)
class ArmyList:
    """A loaded list: what could be read of it, where, and the problems found while reading."""

    path: str
    name: str | None = None
    player: str | None = None
    team: str | None = None
    notes: str | None = None  # the player's own words, printed on every sheet
    faction: Faction | None = None
    points: int | None = None
    commander_text: str | None = None
    commander_pos: tuple[int, int] = (0, 0)
    units: list[UnitEntry] = field(default_factory=list)
    ncus: list[Entry] = field(default_factory=list)
    enemy_attachments: list[Entry] = field(default_factory=list)
    reinforcements: list[Entry] = field(default_factory=list)  # never in `entries()`: they cost no points
    problems: list[Problem] = field(default_factory=list)
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)  # top-level key -> (line, column)
    is_mapping: bool = True  # False for an empty document or one that is a sequence or a single value

    @property
    def faction_key(self) -> str | None:
        return self.faction.key if self.faction else None

    def entries(self) -> Iterator[Entry]:
        """Every resolved card of the army (units, their attachments, NCUs, enemy attachments), in list order."""
        for unit in self.units:
            if unit.unit.card is not None:
                yield unit.unit
            yield from (a for a in unit.attachments if a.card is not None)
        yield from (n for n in self.ncus if n.card is not None)
        yield from (e for e in self.enemy_attachments if e.card is not None)

    def cards(self) -> list[Card]:
        return [e.card for e in self.entries() if e.card is not None]

    def pos(self, key: str) -> tuple[int, int]:
        return self.positions.get(key, (1, 1))

    @property
    def readable(self) -> bool:
        """False when the file could not be read as a list at all (syntax error, empty, not a mapping)."""
        return self.is_mapping and (not self.problems or not any(p.rule == "syntax" for p in self.problems))


class _Loader:
    """Reads one list document into an ArmyList, collecting problems."""

    def __init__(self, catalogue: Catalogue, path: str) -> None:
        self.catalogue = catalogue
        self.army = ArmyList(path=path)
        self.resolved: dict[Slot, dict[str, Card]] | None = None  # set at the first card (the faction known)

    def _resolved(self) -> dict[Slot, dict[str, Card]]:
        """Per slot, the references already resolved to a card without a problem for an army of this
        faction (shared by every list of the faction): a name seen before is one dict lookup."""
        faction = self.army.faction.key if self.army.faction is not None else None
        key = ("resolved", faction)
        tables = self.catalogue.memo.get(key)
        if tables is None:
            tables = self.catalogue.memo[key] = {slot: {} for slot in Slot}
        self.resolved = tables  # type: ignore[assignment]
        return tables  # type: ignore[return-value]

    def problem(
        self,
        rule: str,
        message: str,
        pos: yamlpos.Pos | tuple[int, int],
        card: str | None = None,
        severity: Severity = Severity.ERROR,
    ) -> None:
        line, column = pos
        self.army.problems.append(Problem(rule, severity, message, self.army.path, line, column, card))

    def load(self, data: Any) -> ArmyList:
        army = self.army
        if data is None:
            army.is_mapping = False
            self.problem("schema", "the list is empty; write at least `faction:` and `points:`", (1, 1))
            return army
        if not isinstance(data, yamlpos.PosMap):
            army.is_mapping = False  # nothing was read: the rules would only pile on ("no commander", …)
            what = "a list" if isinstance(data, list) else f"a single value ({type(data).__name__})"
            self.problem(
                "schema",
                f"a list file must be a mapping with `faction:`, `points:` and `units:`, not {what}",
                getattr(data, "pos", None) or (1, 1),
            )
            return army
        if "owned" in data and not any(k in data for k in ("faction", "points", "units")):
            army.is_mapping = False  # a collection: its own command checks it, the list rules would pile on
            self.problem(
                "schema",
                f"this is a collection file (`owned:`), not an army list; `armybuilder collection check "
                f"{self.army.path}` checks it, and `--collection {self.army.path}` uses it with validate, show, "
                "options and complete",
                data.key_pos["owned"],
            )
            return army
        key_pos = data.key_pos  # top-level key -> its (line, column)
        if _TOP_KEYS.issuperset(key_pos):  # every key known (so every key text)
            army.positions = dict(key_pos)
        else:
            army.positions = {key if key.__class__ is str else str(key): pos for key, pos in key_pos.items()}
            for key in data:
                if key not in _TOP_KEYS:
                    hint = _key_hint(key, TOP_KEYS, f"known keys: {', '.join(TOP_KEYS)}")
                    self.problem("schema", f"unknown key `{key}`; {hint}", key_pos[key])
        for key in _TEXT_KEYS:
            value = data.get(key)
            if value is not None:
                if value.__class__ is str:
                    setattr(army, key, value)
                elif isinstance(value, (dict, list)):
                    self.problem("schema", f"`{key}` must be text", data.at(key))
                elif isinstance(value, (bool, float)):  # `name: No`, `name: 3.10`: not what was written
                    what = f"the boolean {str(value).lower()}" if isinstance(value, bool) else f"the number {_as_written(value)}"
                    self.problem("schema", f"`{key}` is read by YAML as {what}, not text; put it in quotes", data.at(key))
                else:
                    setattr(army, key, str(value))
        self._not_read(data)
        self._faction(data)
        self._points(data)
        self._commander(data)
        self._units(data)
        army.ncus = self._refs(data, "ncus", Slot.NCU)
        army.enemy_attachments = self._refs(data, "enemy_attachments", Slot.ENEMY)
        army.reinforcements = self._refs(data, "reinforcements", Slot.REINFORCEMENT)
        return army

    def _not_read(self, data: yamlpos.PosMap) -> None:
        """`not_read:`, written by `import`: each line of the imported text it could not read, a problem
        until someone corrects the list and deletes the entry."""
        raw = data.get("not_read")
        if raw is None:
            return
        items = raw if isinstance(raw, yamlpos.PosList) else [raw]
        for index, item in enumerate(items):
            pos = raw.at(index) if isinstance(raw, yamlpos.PosList) else data.at("not_read")
            self.problem(
                "not-read",
                f"the import could not read this: {item}; correct the list by hand and delete this entry, or "
                "correct the text and import it again",
                pos,
            )

    def _faction(self, data: yamlpos.PosMap) -> None:
        if "faction" not in data:
            self.problem(
                "schema", "missing `faction:`; name the army's faction, e.g. `faction: stark`", data.pos
            )
            return
        value = data["faction"]
        faction = self.catalogue.faction(str(value)) if isinstance(value, (str, int)) else None
        if faction is None:
            known = ", ".join(self.catalogue.factions)
            names = {f.key: f.key for f in self.catalogue.factions.values()}
            names.update({f.name.casefold(): f.key for f in self.catalogue.factions.values()})
            close = closest_in(str(value).casefold(), names, cutoff=0.5)
            hint = f"did you mean `{close[0]}`? " if close else ""
            self.problem(
                "schema", f"unknown faction {value!r}; {hint}known factions: {known}", data.at("faction")
            )
            return
        self.army.faction = faction

    def _points(self, data: yamlpos.PosMap) -> None:
        if "points" not in data:
            self.problem("schema", "missing `points:`; give the game size, e.g. `points: 40`", data.pos)
            return
        value = data["points"]
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(
                "schema",
                f"`points` must be a whole number such as 40, not {_as_written(value)}",
                data.at("points"),
            )
        elif value <= 0:
            self.problem(
                "schema", f"`points` must be a positive game size such as 40, not {value}", data.at("points")
            )
        elif value > MAX_POINTS:  # any size may be agreed, but no army of cards reaches this one
            self.problem(
                "schema",
                f"`points: {value:,}` is no game size (at most {MAX_POINTS:,}); write the size agreed, e.g. 40",
                data.at("points"),
            )
        else:
            self.army.points = value

    def _commander(self, data: yamlpos.PosMap) -> None:
        if "commander" not in data or data["commander"] is None:
            return
        value = data["commander"]
        pos = data.at("commander")
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            self.army.commander_text = str(value)
            self.army.commander_pos = (pos.line, pos.column)
        else:
            self.problem(
                "schema", "`commander` must name one card, e.g. `commander: Robb Stark, The Wolf Lord`", pos
            )

    def _units(self, data: yamlpos.PosMap) -> None:
        raw = data.get("units")
        if raw is None:
            return
        if not isinstance(raw, yamlpos.PosList):
            self.problem(
                "schema", "`units` must be a list of combat units (one `- Name` per line)", data.at("units")
            )
            return
        units = self.army.units
        unit_slot = Slot.UNIT  # (a class attribute of an enum costs more than the dict lookup)
        known = (self.resolved or self._resolved())[unit_slot]
        for index, (item, pos) in enumerate(zip(raw, _item_positions(raw), strict=True)):
            if item.__class__ is str and (card := known.get(text := item.strip())) is not None:
                units.append(UnitEntry(Entry(text, unit_slot, pos[0], pos[1], card)))  # a name met before
                continue
            if isinstance(item, yamlpos.PosMap):
                if not _UNIT_KEYS.issuperset(item):  # (nearly every entry: `unit:` and `attachments:` alone)
                    for key in [k for k in item if k not in _UNIT_KEYS]:
                        hint = _key_hint(key, UNIT_KEYS, "use `unit:` and `attachments:`")
                        self.problem("schema", f"unknown key `{key}` in a unit entry; {hint}", item.key_pos[key])
                if "unit" not in item:
                    self.problem("schema", "a unit entry with attachments needs `unit: <combat unit>`", pos)
                    continue
                if "attachment" in item and "attachments" in item:
                    self.problem(
                        "schema",
                        "use either `attachment:` or `attachments:` in one unit entry, not both",
                        item.pos,
                    )
                unit_value = item["unit"]
                unit = self._ref(unit_value, Slot.UNIT, item.at("unit"), raw_siblings=None)
                if unit is None:
                    continue
                entry = UnitEntry(unit)
                if "attachment" in item and item["attachment"] is not None:
                    single = item["attachment"]
                    if isinstance(single, list):
                        entry.attachments = self._list_refs(single, Slot.ATTACHMENT)
                    else:
                        att = self._ref(single, Slot.ATTACHMENT, item.at("attachment"), raw_siblings=None)
                        entry.attachments = [att] if att else []
                elif "attachments" in item and item["attachments"] is not None:
                    atts = item["attachments"]
                    if isinstance(atts, yamlpos.PosList):
                        entry.attachments = self._list_refs(atts, Slot.ATTACHMENT)
                    else:
                        att = self._ref(atts, Slot.ATTACHMENT, item.at("attachments"), raw_siblings=None)
                        entry.attachments = [att] if att else []
                self.army.units.append(entry)
            else:
                unit = self._ref(item, Slot.UNIT, pos, raw_siblings=(raw, index))
                if unit is not None:
                    self.army.units.append(UnitEntry(unit))

    def _refs(self, data: yamlpos.PosMap, key: str, slot: Slot) -> list[Entry]:
        raw = data.get(key)
        if raw is None:
            return []
        if not isinstance(raw, yamlpos.PosList):
            entry = self._ref(raw, slot, data.at(key), raw_siblings=None)
            return [entry] if entry else []
        return self._list_refs(raw, slot)

    def _list_refs(self, raw: list[Any], slot: Slot) -> list[Entry]:
        entries = []
        known = (self.resolved or self._resolved())[slot]
        positions = _item_positions(raw) if isinstance(raw, yamlpos.PosList) else [(0, 0)] * len(raw)
        for index, (item, pos) in enumerate(zip(raw, positions, strict=True)):
            if item.__class__ is str and (card := known.get(text := item.strip())) is not None:
                entries.append(Entry(text, slot, pos[0], pos[1], card))  # a name met before
                continue
            entry = self._ref(item, slot, pos, raw_siblings=(raw, index))
            if entry is not None:
                entries.append(entry)
        return entries

    def _ref(
        self,
        value: Any,
        slot: Slot,
        pos: yamlpos.Pos | tuple[int, int],
        raw_siblings: tuple[list[Any], int] | None,
    ) -> Entry | None:
        line, column = pos
        if value.__class__ is str:  # nearly every reference: skip the checks below
            text = value.strip()
            table = (self.resolved or self._resolved())[slot]
            found = table.get(text)
            if found is None:
                faction = self.army.faction.key if self.army.faction is not None else None
                chosen = choose(self.catalogue, text, slot, faction)
                if isinstance(chosen, Card):
                    found = table[text] = chosen
                else:  # a name that misses: its problem (and suggestions) recorded, every time it is met
                    found = resolve(self.catalogue, text, slot, faction, self, (line, column), raw_siblings)
            return Entry(text, slot, line, column, found)
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            what = (
                "a mapping"
                if isinstance(value, dict)
                else "a list"
                if isinstance(value, list)
                else repr(value)
            )
            self.problem(
                "schema", f"expected a card name or id in `{slot.value}`, found {what}", (line, column)
            )
            return None
        text = str(value).strip()
        card = resolve(self.catalogue, text, slot, self.army.faction_key, self, (line, column), raw_siblings)
        return Entry(text, slot, line, column, card)


def _item_positions(items: yamlpos.PosList) -> list[yamlpos.Pos]:
    """Where each item of a sequence stands (`PosList.at` of each index, without a call per item)."""
    positions = items.item_pos
    return positions if len(positions) == len(items) else [items.at(i) for i in range(len(items))]


def resolve(
    catalogue: Catalogue,
    text: str,
    slot: Slot,
    faction: str | None,
    sink: _Loader,
    pos: tuple[int, int],
    siblings: tuple[list[Any], int] | None = None,
) -> Card | None:
    """The card a reference in `slot` means, or None with an unknown/ambiguous/wrong-slot problem recorded."""
    result = choose(catalogue, text, slot, faction)
    if isinstance(result, Card):
        return result
    rule, message = result
    if rule == "unknown-card":
        found = renamed(catalogue, text, slot, faction)
        if found is not None:
            card, season = found
            sink.problem(
                "renamed",
                f"'{text}' is the name of {season}; this card is {card.title} now — write that",
                pos,
                severity=Severity.WARNING,
            )
            return card
    if rule in ("unknown-card", "ambiguous-card"):  # either half of a split `Name, Subname`
        hint = _split_hint(catalogue, text, siblings)
        if hint:
            message += f"; {hint}"
    sink.problem(rule, message, pos)
    return None


def renamed(catalogue: Catalogue, text: str, slot: Slot, faction: str | None) -> tuple[Card, str] | None:
    """The card `text` names by its title of an earlier season of the data folder (a list written last
    season), as it is now, and that season; None when it names no card of any earlier season either."""
    key = ("renamed", text, slot, faction)
    if key in catalogue.memo:
        return catalogue.memo[key]  # type: ignore[return-value]
    found: tuple[Card, str] | None = None
    versions = catalogue.versions
    earlier = versions[: versions.index(catalogue.data_version)] if catalogue.data_version in versions else ()
    for season in reversed(earlier):
        keys = season_keys(catalogue, season, _season)
        if keys is not None and not may_find(keys, text):  # no card of that season by that name
            continue
        older = _season(catalogue, season)
        if older is None:  # the folder it was read from is gone: nothing to compare with
            break
        if not older.find(text):  # no card of that season by that name: no suggestions worked out for it
            continue
        then = choose(older, text, slot, faction)
        if isinstance(then, Card) and then.id in catalogue.cards:
            found = (catalogue.cards[then.id], season)
            break
    catalogue.memo[key] = found
    return found


def _season(catalogue: Catalogue, season: str) -> Catalogue | None:
    """An earlier season of the catalogue's data folder, loaded once per process (None: unusable now);
    a batch with a hundred misspelt names otherwise reads that season's files a hundred times."""
    key = ("season", season)
    if key not in catalogue.memo:
        from armybuilder.errors import DataError
        from armybuilder.games.asoiaf.catalogue import load_catalogue

        try:
            catalogue.memo[key] = load_catalogue(catalogue.root, season)
        except DataError:
            catalogue.memo[key] = None
    found = catalogue.memo[key]
    assert found is None or isinstance(found, Catalogue)
    return found


def choose(catalogue: Catalogue, text: str, slot: Slot, faction: str | None) -> Card | tuple[str, str]:
    """Resolve a reference: the one fitting card, or (rule id, message) saying why there is none."""
    key = ("choose", text, slot, faction)
    found = catalogue.memo.get(key)
    if found is None:
        found = catalogue.memo[key] = _choose(catalogue, text, slot, faction)
    return found  # type: ignore[return-value]


def _choose(catalogue: Catalogue, text: str, slot: Slot, faction: str | None) -> Card | tuple[str, str]:
    found = catalogue.find(text)
    label = " or ".join(k.label for k in slot.kinds)
    if not found:
        suggestions = catalogue.suggest(text, slot.kinds)
        hint = f"; did you mean {_or(suggestions)}?" if suggestions else ""
        return "unknown-card", f"no {label} called '{marked(text)}'{hint}"
    fitting = [c for c in found if c.kind in slot.kinds]
    if not fitting:
        kinds = sorted({c.kind.label for c in found})
        place = {
            CardKind.COMBAT_UNIT: "under `units:`",
            CardKind.ATTACHMENT: "under a unit's `attachments:`",
            CardKind.NCU: "under `ncus:`",
        }[found[0].kind]
        if slot is Slot.REINFORCEMENT:
            place = "in the list itself, or choose an NCU or an attachment as a reinforcement"
        # a translated name is quoted as the player wrote it, with the English title to look it up by
        named = f"'{found[0].title}'" if catalogue.in_english(text) else f"'{text}' ({found[0].title})"
        return "wrong-slot", f"{named} is {_a(' / '.join(kinds))}, not {_a(label)}; list it {place}"
    for preferred in (
        [c for c in fitting if faction is not None and c.faction == faction],
        [c for c in fitting if c.faction == NEUTRAL],
        fitting,
    ):
        if len(preferred) == 1:
            return preferred[0]
        if preferred:
            return "ambiguous-card", (
                f"'{text}' matches {len(preferred)} cards: {', '.join(c.label for c in preferred)}; "
                "write `Name, Subname` or the id"
            )
    raise AssertionError("unreachable")  # pragma: no cover


def _split_hint(catalogue: Catalogue, text: str, siblings: tuple[list[Any], int] | None) -> str | None:
    """When `[A, B]` split `Name, Subname` in two, say so: the flow list must quote it."""
    if siblings is None:
        return None
    items, index = siblings
    for left, right in ((index - 1, index), (index, index + 1)):
        if left >= 0 and right < len(items) and all(isinstance(items[i], str) for i in (left, right)):
            joined = f"{items[left]}, {items[right]}"
            key = ("names-a-card", joined)  # a misspelt name is often met many times in a batch
            found = catalogue.memo.get(key)
            if found is None:
                found = catalogue.memo[key] = bool(catalogue.find(joined))
            if found:
                return f'inside [ … ] a comma splits names: write "{joined}" in quotes'
    return None


def load_list_value(value: Any, catalogue: Catalogue, path: str) -> ArmyList:
    """A list from a document the core parsed (yamlpos values): the one way a list is read."""
    return _Loader(catalogue, path).load(value)


def load_document(document: Document, catalogue: Catalogue) -> ArmyList:
    """A list from a document as the core read it (`engine.parse`/`engine.read`): its syntax problem, or
    its YAML read into the model."""
    if document.error is not None:
        return ArmyList(path=document.path, problems=[document.error])
    return load_list_value(document.value, catalogue, document.path)


def load_list_text(text: str | bytes, catalogue: Catalogue, path: str = "<list>") -> ArmyList:
    """A list from text, parsed by the core as `validate` parses it (size guard, YAML, positions)."""
    from armybuilder.engine import parse

    return load_document(parse(text, path), catalogue)


def load_list(path: str | Path, catalogue: Catalogue) -> ArmyList:
    """A list file, read by the core; an unreadable file is a `syntax` problem on the returned list."""
    from armybuilder.engine import read

    return load_document(read(str(path)), catalogue)
