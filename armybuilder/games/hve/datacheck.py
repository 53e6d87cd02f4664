"""`data check` for a Horde vs Empire card catalogue folder: every catalogue rule of the spec (§1, "Card
catalogue"), each problem at the offending value, and the cards of the entries that passed.

The file shape (a mapping whose only key, `cards`, is a list) is checked with the JSON Schema of
`schemas/catalogue.json` and reported as `schema`; inside an entry every problem has one of the ids of
`DATA_RULES`, never `schema`.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder import yamlpos
from armybuilder.errors import DataError
from armybuilder.fileio import read_input
from armybuilder.games.base import ProblemDoc
from armybuilder.games.hve.catalogue import GAME_KEY, Card, Catalogue, UnitSide, bundled_folder
from armybuilder.games.hve.folder import catalogue_files, not_read
from armybuilder.games.hve.keywords import (
    COMMAND_TYPES,
    KEYWORD_TYPE,
    KEYWORDS,
    QUALIFIERS,
    Arg,
    Keyword,
    Qualifier,
)
from armybuilder.games.hve.names import (
    FACTION_CHOICES,
    HUGE,
    faction_key,
    faction_problem,
    is_int,
    is_text,
    norm,
)
from armybuilder.kit import cache as kit_cache
from armybuilder.kit.words import closest
from armybuilder.problems import Problem, Severity

if TYPE_CHECKING:
    from armybuilder.kit.schema import Validator
from armybuilder.yamlpos import Pos, PosList, PosMap

E, W = Severity.ERROR, Severity.WARNING

DATA_RULES: tuple[ProblemDoc, ...] = (
    ProblemDoc(
        "card-kind",
        E,
        "A card entry must be a mapping with a name (a non-empty string), a kind (unit or command) and a "
        "faction (golden-horde or empire, or their Chinese names); with a wrong kind nothing else is judged.",
        "data",
    ),
    ProblemDoc(
        "duplicate-card",
        E,
        "Two entries of the catalogue folder have the same name (compared ignoring case and spacing); the "
        "later one is reported, naming where the first one is.",
        "data",
    ),
    ProblemDoc(
        "unit-card-fields",
        E,
        "A unit card needs one icon word, a strength (integer ≥ 0) and HP (integer ≥ 1); an optional zh, an "
        "optional other_side profile of the same shape, and no other field.",
        "data",
    ),
    ProblemDoc(
        "command-card-fields",
        E,
        "A command card needs a cost (integer ≥ 0), a non-empty list of distinct icon words, a strength "
        '(integer ≥ 0 or "-") and a type (move, defend or attack); its keywords must keep the shape of the '
        "keyword grammar, and it has no other field.",
        "data",
    ),
    ProblemDoc(
        "keyword-unknown",
        E,
        "A keyword or qualifier name that the rulebook does not have; names are the English ones, written "
        "exactly (lower case, hyphenated).",
        "data",
    ),
    ProblemDoc(
        "keyword-number",
        E,
        "A keyword that takes a number lacks it, one that takes none has one, or the number is not an "
        "integer ≥ 1 (ranged: 1 to 3); mount/dismount need a unit name and encircle its number.",
        "data",
    ),
    ProblemDoc(
        "keyword-qualifier",
        E,
        "A qualifier is written only under its own keyword (approach, eight-way, cover under maneuver; "
        "all-round, frontal under steadfast; undaunted, timid under swap; encircle under support).",
        "data",
    ),
    ProblemDoc(
        "keyword-command-type",
        W,
        "A keyword on a command type it is not described for: swap off move cards; counter, steadfast or "
        "bronze-armour off defend cards; melee, ranged or charge off attack cards.",
        "data",
    ),
    ProblemDoc(
        "mount-target",
        E,
        "Mount and dismount must name a unit the catalogue has, as a unit card's name or as the other side "
        "of a unit card.",
        "data",
    ),
    ProblemDoc(
        "file-not-read",
        W,
        "A file in the catalogue folder that looks like card data but is not read: only the `*.yaml` files "
        "directly in the folder are (a `.yml` or `.YAML` file, or a `*.yaml` file in a subfolder, is not); "
        "rename or move it to have its cards read.",
        "data",
    ),
)

UNIT_FIELDS = ("name", "zh", "kind", "faction", "icon", "strength", "hp", "other_side")
SIDE_FIELDS = ("name", "zh", "icon", "strength", "hp")
COMMAND_FIELDS = ("name", "zh", "kind", "faction", "cost", "icons", "strength", "type", "keywords")
FORM4_KEYS = ("number", "qualifier")


def shown(value: Any) -> str:
    """A value as a message quotes it: strings in quotes, YAML words for the rest, cut when long."""
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
    elif value is None:
        return "nothing"
    elif isinstance(value, bool):
        return "true" if value else "false"
    elif isinstance(value, dict):
        return "a mapping"
    elif isinstance(value, list):
        return "a list"
    elif isinstance(value, int) and not -HUGE < value < HUGE:
        return "a number of more than 1,000 digits"
    else:
        text = str(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _with_icon(name: str) -> tuple[str, str] | None:
    """(`Mounted Archers`, `cavalry`) for `Mounted Archers (cavalry)`: a name copied with its icon word."""
    text = name.strip()
    if not text.endswith(")") or "(" not in text:
        return None
    head, _, icon = text[:-1].rpartition("(")
    return (head.strip(), icon.strip()) if head.strip() and is_icon(icon.strip()) else None


def is_icon(value: Any) -> bool:
    if not isinstance(value, str) or not value.isascii() or not value:
        return False
    return all(part.isalpha() and part.islower() for part in value.split("-"))


@cache
def _file_validator() -> Validator:
    """The catalogue schema at file level only: entries are judged by the checker's own rules."""
    from armybuilder.kit import schema as kit  # only when a catalogue is checked, not read from its cache

    file_level = copy.deepcopy(kit.load_schema("armybuilder.games.hve", "catalogue.json"))
    file_level["properties"]["cards"].pop("items")
    return kit.validator(file_level)


class _Checker:
    """One pass over every file of a folder; keeps the problems and the cards of sound entries."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.cards: list[Card] = []
        self.first: dict[str, tuple[str, int]] = {}  # normalised name -> (file, line) of its first entry
        self.unit_names: set[str] = set()  # unit card names and their other_side names, normalised
        self.mounts: list[tuple[str, Pos, str, str, str]] = []  # (file, pos, keyword, unit, card)
        self.file = ""
        self.errors = 0  # errors of the entry being read

    # --- reporting ----------------------------------------------------------------------------------------

    def add(self, rule: str, message: str, pos: Pos, card: str | None = None, severity: Severity = E) -> None:
        if severity is E:
            self.errors += 1
        self.problems.append(Problem(rule, severity, message, self.file, pos[0], pos[1], card))

    # --- files -----------------------------------------------------------------------------------------

    def run(self, files: list[Path]) -> None:
        for path in files:
            self.read_file(path)
        for file, pos, keyword, unit, card in self.mounts:
            if norm(unit) not in self.unit_names:
                self.file = file
                bare = _with_icon(unit)
                if bare is not None and norm(bare[0]) in self.unit_names:  # written as the card prints it
                    message = (
                        f"write the unit name alone: {{{keyword}: {bare[0]}}}; its icon ({bare[1]}) comes from "
                        "the unit's profile"
                    )
                else:
                    message = (
                        f"{keyword} turns the unit into {unit}, which is no unit card and no unit card's other "
                        "side in this catalogue; add that unit card or fix the name"
                    )
                self.add("mount-target", message, pos, card)
        self.problems.sort(key=Problem.sort_key)

    def read_file(self, path: Path) -> None:
        self.file = str(path)
        try:
            raw = read_input(path)  # regular files only, at most a megabyte
        except OSError as exc:
            raise DataError(f"cannot read {path}: {exc.strerror or exc}") from None
        try:
            doc = yamlpos.load(raw)
        except yamlpos.YamlError as exc:
            pos = Pos(exc.line or 1, exc.column or 1)
            if "another document" in exc.message or "single document" in exc.message:
                self.add("schema", "a card file holds one YAML document; split the documents into files", pos)
            else:
                self.add("syntax", f"{exc.message}; fix the YAML", pos)
            return
        if doc is None:
            self.add("schema", "the file holds no document; write `cards:` and a list of cards", Pos(1, 1))
            return
        shape_ok = True
        for error in _file_validator().iter_errors(doc):
            shape_ok = False
            self.file_problem(doc, error.validator, list(error.path))
        if shape_ok and doc.get("cards") is not None:
            cards: PosList = doc["cards"]
            for index, entry in enumerate(cards):
                self.entry(entry, cards.at(index))

    def file_problem(self, doc: Any, validator: Any, path: list[Any]) -> None:
        top = getattr(doc, "pos", Pos(1, 1))
        if validator == "type" and not path:
            self.add("schema", f"a card file is a mapping with one key, cards, not {shown(doc)}", top)
        elif validator == "required":
            self.add("schema", "the file has no `cards:` key; list the cards under `cards:`", top)
        elif validator == "additionalProperties":
            for key in doc:
                if key != "cards":
                    self.add(
                        "schema",
                        f"unknown key {shown(key)}; a card file has only `cards:`, a list of cards",
                        doc.key_pos[key],
                    )
        else:
            self.add("schema", f"`cards` must be a list of card entries, not {shown(doc['cards'])}", doc.at("cards"))

    # --- entries -----------------------------------------------------------------------------------------

    def entry(self, entry: Any, pos: Pos) -> None:
        self.errors = 0
        if not isinstance(entry, PosMap):
            self.add(
                "card-kind",
                f"a card entry is a mapping of name, kind, faction and the card's fields, not {shown(entry)}",
                pos,
            )
            return
        name = entry.get("name")
        label = name.strip() if is_text(name) else None
        if "name" not in entry or entry["name"] is None:
            self.add("card-kind", "the card needs a name: a non-empty string", pos)
        elif label is None:
            self.add("card-kind", f"name must be a non-empty string, not {shown(name)}", pos)
        kind = entry.get("kind")
        if kind not in ("unit", "command"):
            what = "the card needs a kind" if kind is None else f"kind must be unit or command, not {shown(kind)}"
            self.add("card-kind", f"{what}: write kind: unit or kind: command", pos, label)
        faction = faction_key(entry.get("faction"))
        wrong = faction_problem(entry.get("faction"))
        if wrong == "":
            self.add("card-kind", f"the card needs a faction: {FACTION_CHOICES}", pos, label)
        elif wrong is not None:
            self.add("card-kind", wrong, pos, label)
        if kind not in ("unit", "command"):
            return
        if label is not None:
            key = norm(label)
            first = self.first.get(key)
            if first is not None:
                self.add(
                    "duplicate-card",
                    f"{label} is already a card at {first[0]} line {first[1]}; keep one of the two or rename one",
                    pos,
                    label,
                )
            else:
                self.first[key] = (self.file, pos[0])
        if kind == "unit":
            card = self.unit(entry, pos, label, faction)
        else:
            card = self.command(entry, pos, label, faction)
        if card is not None and self.errors == 0:
            self.cards.append(card)

    def zh(self, entry: PosMap, rule: str, label: str | None, prefix: str = "") -> str | None:
        if "zh" not in entry:
            return None
        value = entry["zh"]
        if not is_text(value):
            self.add(rule, f"{prefix}zh must be the Chinese name, a non-empty string, not {shown(value)}", entry.at("zh"), label)
            return None
        return str(value).strip()

    def extra_keys(self, entry: PosMap, allowed: tuple[str, ...], rule: str, what: str, label: str | None) -> None:
        for key in entry:
            if key not in allowed:
                self.add(
                    rule,
                    f"{what} has no field {shown(key)}; remove it (its fields: {', '.join(allowed)})",
                    entry.key_pos[key],
                    label,
                )

    def integer(
        self, entry: PosMap, key: str, least: int, rule: str, label: str | None, pos: Pos, prefix: str = ""
    ) -> int | None:
        value = entry.get(key)
        if key not in entry:
            self.add(rule, f"{prefix}the card needs {key}: an integer of {least} or more", pos, label)
            return None
        if not is_int(value) or value < least:
            self.add(rule, f"{prefix}{key} must be an integer of {least} or more, not {shown(value)}", entry.at(key), label)
            return None
        return int(value)

    def icon(self, entry: PosMap, rule: str, label: str | None, pos: Pos, prefix: str = "") -> str | None:
        if "icon" not in entry:
            self.add(rule, f"{prefix}the unit needs an icon: one icon word such as infantry or cavalry", pos, label)
            return None
        value = entry["icon"]
        if isinstance(value, list):
            self.add(rule, f"{prefix}a unit shows one icon; write one icon word, not a list", entry.at("icon"), label)
            return None
        if not is_icon(value):
            self.add(
                rule,
                f"{prefix}icon must be one icon word (lower-case letters joined by hyphens, such as infantry), "
                f"not {shown(value)}",
                entry.at("icon"),
                label,
            )
            return None
        return str(value)

    def unit(self, entry: PosMap, pos: Pos, label: str | None, faction: str | None) -> Card | None:
        rule = "unit-card-fields"
        self.extra_keys(entry, UNIT_FIELDS, rule, "a unit card", label)
        zh = self.zh(entry, rule, label)
        icon = self.icon(entry, rule, label, pos)
        strength = self.integer(entry, "strength", 0, rule, label, pos)
        hp = self.integer(entry, "hp", 1, rule, label, pos)
        if label is not None:
            self.unit_names.add(norm(label))
        side = self.other_side(entry, label) if "other_side" in entry else None
        if label is None or faction is None or icon is None or strength is None or hp is None:
            return None
        return Card(label, zh, "unit", faction, self.file, pos[0], icon=icon, strength=strength, hp=hp, other_side=side)

    def other_side(self, entry: PosMap, label: str | None) -> UnitSide | None:
        rule, prefix = "unit-card-fields", "other_side: "
        side = entry["other_side"]
        if not isinstance(side, PosMap):
            self.add(
                rule,
                f"other_side must be a mapping of name, zh, icon, strength and hp, not {shown(side)}",
                entry.at("other_side"),
                label,
            )
            return None
        at = entry.at("other_side")
        self.extra_keys(side, SIDE_FIELDS, rule, "other_side", label)
        name = side.get("name")
        if not is_text(name):
            if "name" in side:
                self.add(rule, f"{prefix}name must be a non-empty string, not {shown(name)}", side.at("name"), label)
            else:
                self.add(rule, f"{prefix}the other side needs a name: the unit it turns into", at, label)
        else:
            self.unit_names.add(norm(name))
        zh = self.zh(side, rule, label, prefix)
        icon = self.icon(side, rule, label, at, prefix)
        strength = self.integer(side, "strength", 0, rule, label, at, prefix)
        hp = self.integer(side, "hp", 1, rule, label, at, prefix)
        if not is_text(name) or icon is None or strength is None or hp is None:
            return None
        return UnitSide(str(name).strip(), zh, icon, strength, hp)

    def command(self, entry: PosMap, pos: Pos, label: str | None, faction: str | None) -> Card | None:
        rule = "command-card-fields"
        self.extra_keys(entry, COMMAND_FIELDS, rule, "a command card", label)
        zh = self.zh(entry, rule, label)
        cost: int | None
        if "cost" not in entry:
            self.add(rule, "the card needs a cost: an integer of 0 or more (no cost marker: write cost: 0)", pos, label)
            cost = None
        else:
            cost = self.integer(entry, "cost", 0, rule, label, pos)
        icons = self.icons(entry, pos, label)
        strength: int | None = None
        strength_ok = True
        if "strength" not in entry:
            self.add(rule, 'the card needs a strength: an integer of 0 or more, or "-" for the unit\'s own', pos, label)
            strength_ok = False
        else:
            value = entry["strength"]
            if value == "-" and isinstance(value, str):
                strength = None
            elif is_int(value) and value >= 0:
                strength = value
            else:
                self.add(
                    rule,
                    f'strength must be an integer of 0 or more, or "-" for the unit\'s own, not {shown(value)}',
                    entry.at("strength"),
                    label,
                )
                strength_ok = False
        ctype = entry.get("type")
        if "type" not in entry:
            self.add(rule, "the card needs a type: move, defend or attack", pos, label)
            ctype = None
        elif not isinstance(ctype, str) or ctype not in COMMAND_TYPES:
            self.add(rule, f"type must be move, defend or attack, not {shown(ctype)}", entry.at("type"), label)
            ctype = None
        keywords = self.keywords(entry, label, ctype)
        if label is None or faction is None or cost is None or icons is None or not strength_ok or ctype is None:
            return None
        return Card(
            label,
            zh,
            "command",
            faction,
            self.file,
            pos[0],
            strength=strength,
            cost=cost,
            icons=icons,
            type=ctype,
            keywords=keywords,
        )

    def icons(self, entry: PosMap, pos: Pos, label: str | None) -> tuple[str, ...] | None:
        rule = "command-card-fields"
        if "icons" not in entry:
            self.add(rule, "the card needs icons: a list of the icons of the units that can execute it", pos, label)
            return None
        value = entry["icons"]
        if not isinstance(value, PosList) or not value:
            what = "an empty list" if isinstance(value, list) else shown(value)
            self.add(rule, f"icons must be a non-empty list of icon words such as [infantry], not {what}", entry.at("icons"), label)
            return None
        seen: set[str] = set()
        good = True
        for index, icon in enumerate(value):
            if not is_icon(icon):
                self.add(
                    rule,
                    f"{shown(icon)} is not an icon word (lower-case letters joined by hyphens, such as cavalry)",
                    value.at(index),
                    label,
                )
                good = False
            elif icon in seen:
                self.add(rule, f"{icon} is listed twice in icons; keep one", value.at(index), label)
                good = False
            else:
                seen.add(icon)
        return tuple(value) if good else None

    # --- keywords -----------------------------------------------------------------------------------------

    def keywords(self, entry: PosMap, label: str | None, ctype: str | None) -> tuple[Keyword, ...]:
        value = entry.get("keywords")
        if value is None:
            return ()
        if not isinstance(value, PosList):
            self.add(
                "command-card-fields",
                f"keywords must be a list, one keyword per item, not {shown(value)}",
                entry.at("keywords"),
                label,
            )
            return ()
        found = []
        for index, item in enumerate(value):
            keyword = self.keyword(item, value.at(index), label, ctype)
            if keyword is not None:
                found.append(keyword)
        return tuple(found)

    def keyword(self, item: Any, pos: Pos, label: str | None, ctype: str | None) -> Keyword | None:
        """One keyword item, judged down the table of §2 "Which rule fires": at most one problem for the
        item, one per qualifier item, and the keyword-command-type warning besides."""
        if isinstance(item, str):
            name, value, bare = item, None, True
        elif isinstance(item, PosMap) and len(item) == 1 and isinstance(next(iter(item)), str):
            name = next(iter(item))
            value, bare = item[name], False
        else:
            self.add(
                "command-card-fields",
                "a keyword item is a name (melee) or a mapping of one keyword to its argument ({ranged: 2}); "
                "write one keyword per item",
                pos,
                label,
            )
            return None
        wanted = KEYWORD_TYPE.get(name)
        if wanted is not None and ctype is not None and ctype != wanted:
            self.add(
                "keyword-command-type",
                f"{name} is a keyword of {wanted} cards, and this is {'an' if ctype == 'attack' else 'a'} "
                f"{ctype} card; check the type or the keyword",
                pos,
                label,
                W,
            )
        if name in QUALIFIERS:
            self.add(
                "keyword-qualifier",
                f"{name} is a qualifier of {QUALIFIERS[name].parent}; write it under that keyword: {_under(name)}",
                pos,
                label,
            )
            return None
        info = KEYWORDS.get(name)
        if info is None:
            english = ZH_KEYWORDS.get(name)
            if english is not None:
                self.add("keyword-unknown", f'"{name}" is the Chinese name of {english}; write {english}', pos, label)
            else:
                self.add("keyword-unknown", f"{shown(name)} is not a keyword{_did_you_mean(name, KEYWORDS)}", pos, label)
            return None
        if info.arg is Arg.UNIT:
            if not bare and is_text(value):
                unit = str(value).strip()
                self.mounts.append((self.file, pos, name, unit, label or "?"))
                return Keyword(name, unit=unit)
            self.add(
                "keyword-number",
                f"{name} needs the name of the unit it turns into: {{{name}: Unit Name}}",
                pos,
                label,
            )
            return None
        has_number, number, qualifiers, form_ok = False, None, None, True
        if bare:
            pass
        elif isinstance(value, PosMap):
            extra = [k for k in value if k not in FORM4_KEYS]
            if not value or extra or value.get("qualifier") == []:
                if not value:
                    what = "is empty"
                elif extra:
                    what = f"has {shown(extra[0])}"
                else:
                    what = "has an empty qualifier list"
                self.add(
                    "command-card-fields",
                    f"the mapping of {name} {what}; it holds number, qualifier or both ({{number: 1, qualifier: [..]}})",
                    pos,
                    label,
                )
                form_ok = False
            if "number" in value:
                has_number, number = True, value["number"]
            if "qualifier" in value:
                q = value["qualifier"]
                qualifiers = [(q[i], q.at(i)) for i in range(len(q))] if isinstance(q, PosList) else [(q, value.at("qualifier"))]
        else:
            has_number, number = True, value
        result_number: int | None = None
        good = form_ok
        if form_ok:
            problem = _number_problem(name, info.arg, has_number, number)
            if problem:
                self.add("keyword-number", problem, pos, label)
                good = False
            elif has_number:
                result_number = number
        found_qualifiers = []
        for qitem, qpos in qualifiers or ():
            qualifier = self.qualifier(name, qitem, qpos, label)
            if qualifier is None:
                good = False
            else:
                found_qualifiers.append(qualifier)
        return Keyword(name, result_number, None, tuple(found_qualifiers)) if good else None

    def qualifier(self, parent: str, item: Any, pos: Pos, label: str | None) -> Qualifier | None:
        if isinstance(item, str):
            name, number, has = item, None, False
        elif isinstance(item, PosMap) and len(item) == 1 and isinstance(next(iter(item)), str):
            name = next(iter(item))
            number, has = item[name], True
        else:
            self.add(
                "command-card-fields",
                "a qualifier is a name (cover) or {encircle: N}; write one qualifier per item",
                pos,
                label,
            )
            return None
        info = QUALIFIERS.get(name)
        own = KEYWORDS[parent].qualifiers
        choices = f"; {parent} takes {', '.join(own)}" if own else f"; {parent} takes no qualifier"
        if info is None:
            if name in KEYWORDS:
                self.add(
                    "keyword-unknown",
                    f"{name} is a keyword, not a qualifier; write it as an item of keywords{choices}",
                    pos,
                    label,
                )
            else:
                self.add("keyword-unknown", f"{shown(name)} is not a qualifier{choices}", pos, label)
            return None
        if info.parent != parent:
            self.add(
                "keyword-qualifier",
                f"{name} is a qualifier of {info.parent}, not of {parent}{choices}",
                pos,
                label,
            )
            return None
        if info.numbered:
            if not has or not is_int(number) or number < 1:
                what = "" if not has else f", not {shown(number)}"
                self.add(
                    "keyword-number", f"{name} needs its number, an integer of 1 or more: {{{name}: 2}}{what}", pos, label
                )
                return None
            return Qualifier(name, number)
        if has:
            self.add("keyword-number", f"{name} takes no number; write it bare: {name}", pos, label)
            return None
        return Qualifier(name)


ZH_KEYWORDS = {k.zh: k.name for k in KEYWORDS.values()} | {q.zh: q.name for q in QUALIFIERS.values()}


def _under(qualifier: str) -> str:
    """How a qualifier is written under its keyword: `{maneuver: {number: 1, qualifier: cover}}`."""
    info = QUALIFIERS[qualifier]
    number = "number: 1, " if KEYWORDS[info.parent].arg is Arg.NUMBER else ""
    item = f"[{{{qualifier}: 2}}]" if info.numbered else qualifier
    return f"{{{info.parent}: {{{number}qualifier: {item}}}}}"


def _did_you_mean(name: str, known: dict[str, Any]) -> str:
    close = closest(name, known)
    return f'; did you mean "{close[0]}"?' if close else "; see the keyword list of the rules"


def _number_problem(name: str, arg: Arg, has_number: bool, number: Any) -> str | None:
    """What is wrong with a keyword's number, or None when it is right."""
    if arg is Arg.NONE:
        return f"{name} takes no number; write it bare: - {name}" if has_number else None
    if not has_number:
        if arg is Arg.OPTIONAL:
            return None
        return f"{name} needs its number: {{{name}: {'2' if arg is Arg.RANGE else '1'}}}"
    if arg is Arg.RANGE:
        if is_int(number) and 1 <= number <= 3:
            return None
        return f"the range of {name} must be 1, 2 or 3, not {shown(number)}"
    if is_int(number) and number >= 1:
        return None
    return f"the number of {name} must be an integer of 1 or more, not {shown(number)}"


def check_folder(folder: Path) -> tuple[list[Card], list[Problem]]:
    """The cards of the sound entries of `folder` and every problem, sorted by file and position; a file
    that looks like card data and is not read is a warning (never dropped without a word)."""
    checker = _Checker()
    checker.run(catalogue_files(folder))
    return checker.cards, [*not_read(folder), *checker.problems]


# Bump when the pickled shape changes, so that old caches are never unpickled into new classes.
CACHE_FORMAT = 3  # 2: Catalogue.key_of, home_units, home_commands; 3: Catalogue.facts
_MAGIC = b"ABHVE001"


def _model_sources() -> list[Path]:
    """The modules whose classes are pickled or whose checks decide what loads: a change to any of them
    makes old caches unusable."""
    here = Path(__file__).resolve().parent
    return [here / "catalogue.py", here / "keywords.py", here / "names.py", here / "datacheck.py", here / "folder.py"]


def _cache_path(where: Path, files: list[Path]) -> Path | None:
    """Where the checked catalogue of these files of `where` is cached (None: caching is off); DataError
    when a file cannot be read. The folder is part of the key: its cards name their files."""
    folder = kit_cache.cache_dir()
    if folder is None:
        return None
    named = []
    for path in files:
        try:
            named.append((path.name, read_input(path)))  # regular files only, at most a megabyte
        except OSError as exc:  # as the check would say it
            raise DataError(f"cannot read {path}: {exc.strerror or exc}") from None
    key = kit_cache.content_key(f"{GAME_KEY}|{CACHE_FORMAT}|{where}", _model_sources(), named)
    return folder / f"hve-catalogue-{key[:32]}.pickle"


def load_catalogue(folder: Path | None = None) -> Catalogue:
    """The catalogue of `folder` (None: the bundled example); DataError naming the first data-check error.
    A catalogue that passed its check is cached, keyed by its files' names and bytes (`kit.cache`), so a
    later run reads it back instead of checking it again."""
    bundled = folder is None
    where = bundled_folder() if folder is None else Path(folder)
    files = catalogue_files(where)
    cache_path = _cache_path(where, files)
    if cache_path is not None:
        cached = kit_cache.read(cache_path, _MAGIC, Catalogue)
        if cached is not None and cached.bundled == bundled and cached.folder == where:
            return cached
    checker = _Checker()
    checker.run(files)
    for problem in checker.problems:
        if problem.is_error:
            shown = "" if bundled else f" {where}"
            raise DataError(
                f"{problem.message} [{problem.rule}]; run `armybuilder data check --game {GAME_KEY}{shown}` "
                "to see every problem of the card catalogue",
                path=problem.file,
                line=problem.line,
            )
    catalogue = Catalogue(checker.cards, where, bundled=bundled)
    if cache_path is not None:
        kit_cache.write(cache_path, _MAGIC, catalogue)
    return catalogue
