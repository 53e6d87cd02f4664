"""Schema and integrity checks of card data: what `armybuilder data check` reports and a cold load refuses.

Each file is validated against the JSON Schema of its folder (`schemas/<folder>.json`), then the whole set is
checked for what a schema cannot see: ids used twice, references that name no card, commanders without
tactics, faction decks without exactly 7 faction tactics cards. Every problem points at the line of the
offending entry. Nothing here knows the 11 factions: a homebrew faction file is checked the same way.

Rules (all errors):

- `schema`: a field is missing, unknown or of the wrong type, or a file holds the wrong list for its folder.
- `duplicate-id`: a card, tactics card or special card id is used twice.
- `unknown-requirement`: a requirement or effect `kind`, or a field of one, that is not in the vocabulary.
- `unresolved-reference`: a card reference, card id or tactics id that names nothing.
- `commander-without-tactics`: a commander card without its own tactics cards.
- `commander-deck-size`: a commander whose tactics deck would not come to 20 cards.
- `faction-tactics-count`: a faction whose faction tactics cards are not exactly 7.
- `faction-without-commander`: a faction listed in factions.yaml with no commander card.
- `season-base`: a season folder whose `base:` names no season, or two seasons changing the same one.
- `tactics-unknown-commander`: a commander tactics card whose `commander` is no commander card.
- `unknown-faction`: a `faction` (of a file or in a requirement) that factions.yaml does not list.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from armybuilder.games.asoiaf.datafiles import CARD_FOLDERS, FACTIONS_FILE, FOLDERS, DataFile
from armybuilder.games.base import ProblemDoc
from armybuilder.kit import schema as kit
from armybuilder.kit.words import closest
from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos

if TYPE_CHECKING:
    from jsonschema import ValidationError

FACTION_TACTICS = 7
DECK_SIZE = 20  # two copies of each card

# The list key each folder's files hold (factions.yaml has its own schema).
LIST_KEYS: dict[str, tuple[str, ...]] = {
    **{folder: (key,) for folder, (key, _) in CARD_FOLDERS.items()},
    "tactics": ("faction_tactics", "commander_tactics"),
    "specials": ("specials",),
}
_SCHEMA_FILES = ("requirement", "factions", *FOLDERS)

# Requirement/effect fields that hold card references (a name or "Name, Subname"), one or a list.
_REF_FIELDS = (
    "any_of",
    "target",
    "shared_with",
    "per_any_of",
    "only_when_joining_unit_of",
    "ability_owner",
    "requires_in_army_all_of",
    "card",
    "unit",
)
_CONDITION_REF_FIELDS = ("in_army_any_of", "attached_to_unit_of")


# --- schemas ---------------------------------------------------------------------------------------------


def load_schema(name: str) -> dict[str, Any]:
    """One of the shipped JSON Schemas (`units`, `requirement`, ...), read from the installed package."""
    return kit.load_schema("armybuilder.games.asoiaf", f"{name}.json")


@cache
def validators() -> dict[str, kit.Validator]:
    """One validator per file kind (folder name, or `factions`), built once per process."""
    schemas = {name: load_schema(name) for name in _SCHEMA_FILES}
    return {
        name: kit.validator(schema, schemas.values()) for name, schema in schemas.items() if name != "requirement"
    }


# --- positions --------------------------------------------------------------------------------------------


def _at(mapping: Any, key: Any) -> Pos | None:
    """Where the value of `key` stands in a PosMap (None for anything without positions)."""
    at = getattr(mapping, "at", None)
    pos = at(key) if callable(at) else None
    return pos if isinstance(pos, Pos) else None


# --- reporting helpers ------------------------------------------------------------------------------------


@dataclass
class _Report:
    """The problems found in the card data so far."""

    problems: list[Problem]

    def add(self, rule: str, message: str, file: str, pos: Pos | None, card: str | None = None) -> None:
        line, column = (pos.line, pos.column) if pos else (0, 0)
        self.problems.append(Problem(rule, Severity.ERROR, message, file, line, column, card))


def _card_label(entry: Any) -> str:
    """How a problem names the entry it is about: `Robb Stark, The Wolf Lord (20201)`."""
    if not isinstance(entry, dict):
        return "this entry"
    name, sub, ident = entry.get("name"), entry.get("subname"), entry.get("id")
    title = f"{name}, {sub}" if name and sub else str(name) if name else "entry"
    return f"{title} ({ident})" if ident is not None else title


def _entry_id(entry: Any) -> str | None:
    if isinstance(entry, dict):
        ident = entry.get("id")
        return ident if isinstance(ident, str) else None
    return None


# --- schema errors ----------------------------------------------------------------------------------------


def _listed(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def _expected(schema: Any) -> str:
    if not isinstance(schema, dict):
        return "nothing (remove it)"
    if "description" in schema:
        return str(schema["description"])
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return "one of " + ", ".join(json.dumps(v) for v in schema["enum"])
    kinds = schema.get("type")
    if isinstance(kinds, list):
        return " or ".join(kinds)
    if isinstance(kinds, str):
        return {"integer": "an integer", "array": "a list", "object": "a mapping"}.get(kinds, f"a {kinds}")
    return "a valid value"


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _in_vocabulary(path: Any) -> bool:
    """Whether a schema error path lies inside a requirement or effect mapping."""
    steps = list(path)
    return any(
        s in ("requirements", "effects") and i + 1 < len(steps) and isinstance(steps[i + 1], int)
        for i, s in enumerate(steps)
    )


def _schema_problems(error: ValidationError, df: DataFile, report: _Report, typos: dict[str, str]) -> None:
    path = list(error.absolute_path)
    where = kit.dotted(path) or "the file"
    entry_path = path[:2] if len(path) >= 2 and isinstance(path[1], int) else []
    entry = kit.value_at(df.content, entry_path) if entry_path else None
    card = _entry_id(entry)
    about = f" of {_card_label(entry)}" if entry is not None else ""
    pos = kit.position(df.content, path)
    instance = error.instance
    vocabulary = _in_vocabulary(path)
    validator = error.validator
    if validator == "additionalProperties" and isinstance(instance, dict):
        allowed = list((error.schema or {}).get("properties", {})) if isinstance(error.schema, dict) else []
        for extra in [k for k in instance if k not in allowed]:
            kpos = kit.key_position(instance, extra) or pos
            hint = f" (did you mean {typos[str(extra)]!r}?)" if str(extra) in typos else ""
            if vocabulary and "kind" in allowed:
                kind = instance.get("kind")
                report.add(
                    "unknown-requirement",
                    f"unknown field {extra!r}{hint} in a {kind!r} requirement{about}; "
                    f"{kind} takes: {', '.join(a for a in allowed if a != 'kind')}",
                    df.relpath,
                    kpos,
                    card,
                )
            else:
                fields = ", ".join(allowed) if allowed else "none"
                report.add(
                    "schema",
                    f"unknown field {extra!r}{hint} in {where}{about}; allowed here: {fields}",
                    df.relpath,
                    kpos,
                    card,
                )
        return
    if vocabulary and validator == "enum" and path and path[-1] == "kind":
        kinds = ", ".join(str(k) for k in _listed(error.validator_value))
        report.add(
            "unknown-requirement",
            f"unknown requirement kind {_shown(instance)} in {_card_label(entry)}; known kinds: {kinds}",
            df.relpath,
            pos,
            card,
        )
        return
    if validator == "required":
        missing = [
            k for k in _listed(error.validator_value) if not (isinstance(instance, dict) and k in instance)
        ]
        missing = [m for m in missing if m not in typos.values()]
        if not missing:
            return
        what = (
            f"a {instance.get('kind')!r} requirement" if vocabulary and isinstance(instance, dict) else where
        )
        report.add(
            "schema",
            f"{what}{about} is missing required field {', '.join(repr(m) for m in missing)}",
            df.relpath,
            pos,
            card,
        )
        return
    if validator == "oneOf" and isinstance(instance, dict) and "kind" in instance:
        message = f"{where}{about}: {_expected(error.schema)}"
    elif validator in ("anyOf", "oneOf", "type", "enum", "const", "pattern", "minLength"):
        message = f"{where}{about} is {_shown(instance)}; expected {_expected(error.schema)}"
    elif validator == "false":
        message = f"{where}{about}: this field does not belong here; remove it"
    else:
        message = f"{where}{about}: {error.message}"
    report.add("schema", message, df.relpath, pos, card)


def _expected_keys(folder: str) -> tuple[str, ...]:
    return LIST_KEYS.get(folder, ())


def _wrong_folder(df: DataFile, folder: str, report: _Report) -> bool:
    """A card file whose list key belongs to another folder (units/x.yaml listing `attachments:`)."""
    content = df.content
    mine = _expected_keys(folder)
    if any(k in content for k in mine):
        return False
    for other, keys in LIST_KEYS.items():
        found = [k for k in keys if k in content]
        if other != folder and found:
            report.add(
                "schema",
                f"files in {folder}/ list `{mine[0]}:`, not `{found[0]}:`; move this file to {other}/ "
                f"or rename the key",
                df.relpath,
                kit.key_position(content, found[0]),
            )
            return True
    return False


def _check_schema(df: DataFile, kind: str, report: _Report) -> None:
    validator = validators()[kind]
    if not isinstance(df.content, dict):
        report.add(
            "schema",
            f"{df.relpath} must be a mapping ({'`faction:` and the card list' if kind != 'factions' else ''}"
            f"{'`data_version:` and `factions:`' if kind == 'factions' else ''}), not "
            f"{'an empty file' if df.content is None else type(df.content).__name__}",
            df.relpath,
            kit.own_position(df.content) or Pos(1, 1),
        )
        return
    if kind != "factions" and _wrong_folder(df, kind, report):
        return
    errors: list[Any] = list(validator.iter_errors(df.content))  # (their fields as jsonschema fills them)
    # a misspelt field is one mistake, not "unknown field" plus "missing field": pair them up
    typos: dict[tuple[Any, ...], dict[str, str]] = {}
    for error in errors:
        if error.validator == "required" and isinstance(error.instance, dict):
            missing = [k for k in error.validator_value if k not in error.instance]
            for other in errors:
                if other.validator == "additionalProperties" and other.absolute_path == error.absolute_path:
                    for extra in other.instance:
                        close = closest(extra, missing)
                        if close:
                            typos.setdefault(tuple(error.absolute_path), {})[str(extra)] = close[0]
    for error in errors:
        _schema_problems(error, df, report, typos.get(tuple(error.absolute_path), {}))


# --- integrity --------------------------------------------------------------------------------------------


@dataclass
class _Seen:
    """Where an id was first defined."""

    file: str
    line: int
    label: str


def _entries(df: DataFile, folder: str) -> Iterator[tuple[str, Any, Pos | None]]:
    """(list key, entry, position) for each mapping entry of a card, tactics or specials file."""
    content = df.content
    if not isinstance(content, dict):
        return
    keys = _expected_keys(folder)
    if not any(k in content for k in keys):  # a misplaced file: still index its cards
        keys = tuple(k for ks in LIST_KEYS.values() for k in ks if k in content)
    for key in keys:
        items = content.get(key)
        if not isinstance(items, list):
            continue
        for i, entry in enumerate(items):
            if isinstance(entry, dict):
                yield key, entry, items.at(i) if hasattr(items, "at") else None


def _as_refs(value: Any) -> list[tuple[Any, str]]:
    """(path step, reference) pairs of a reference field: one string or a list of strings."""
    if isinstance(value, str):
        return [(None, value)]
    if isinstance(value, list):
        return [(i, v) for i, v in enumerate(value) if isinstance(v, str)]
    return []


class _Integrity:
    def __init__(self, files: list[DataFile], report: _Report) -> None:
        self.files = files
        self.report = report
        self.ids: dict[str, _Seen] = {}
        self.card_ids: set[str] = set()
        self.commander_ids: set[str] = set()
        self.tactics: dict[str, bool] = {}  # tactics id -> is a faction tactics card
        self.replaces: dict[str, str] = {}  # tactics id -> the faction card it replaces, or "all"
        self.names: set[str] = set()
        self.factions: set[str] = set()
        self.faction_rows: dict[str, tuple[str, Pos | None]] = {}  # faction key -> where factions.yaml lists it
        self.commanders_of: dict[str, int] = {}  # faction key -> commander cards

    def run(self) -> None:
        self.index()
        for df in self.files:
            folder = df.folder
            if df.is_factions or not isinstance(df.content, dict):
                continue
            self.file_faction(df)
            for key, entry, pos in _entries(df, folder):
                card = _entry_id(entry)
                label = _card_label(entry)
                for req_key in ("requirements", "effects"):
                    reqs = entry.get(req_key)
                    if isinstance(reqs, list):
                        for i, req in enumerate(reqs):
                            if isinstance(req, dict):
                                self.requirement(df, req, reqs.at(i) if hasattr(reqs, "at") else pos, card)
                if folder == "commanders":
                    self.commander(df, entry, pos, card, label)
                elif key == "commander_tactics":
                    self.commander_tactic(df, entry, pos, card, label)
                elif key == "specials":
                    self.special(df, entry, pos, card, label)
        self.faction_commanders()
        self.faction_tactics()

    # indexes, with duplicate ids
    def index(self) -> None:
        for df in self.files:
            if df.is_factions:
                self.index_factions(df)
                continue
            folder = df.folder
            for key, entry, pos in _entries(df, folder):
                ident = _entry_id(entry)
                if ident is None:
                    continue
                label = _card_label(entry)
                first = self.ids.get(ident)
                if first is not None:
                    self.report.add(
                        "duplicate-id",
                        f"id {ident!r} of {label} is already used by {first.label} at "
                        f"{first.file}:{first.line}; ids must be unique across all files",
                        df.relpath,
                        pos,
                        ident,
                    )
                    continue
                self.ids[ident] = _Seen(df.relpath, pos.line if pos else 0, label)
                if folder in CARD_FOLDERS and key in {k for k, _ in CARD_FOLDERS.values()}:
                    self.card_ids.add(ident)
                    name, sub = entry.get("name"), entry.get("subname")
                    if isinstance(name, str):
                        self.names.add(name)
                        if isinstance(sub, str) and sub:
                            self.names.add(f"{name}, {sub}")
                    if folder == "commanders":
                        self.commander_ids.add(ident)
                        faction = _faction(df)
                        if isinstance(faction, str):
                            self.commanders_of[faction] = self.commanders_of.get(faction, 0) + 1
                elif key in ("faction_tactics", "commander_tactics"):
                    self.tactics[ident] = key == "faction_tactics"
                    replaces = entry.get("replaces")
                    if isinstance(replaces, str):
                        self.replaces[ident] = replaces

    def index_factions(self, df: DataFile) -> None:
        content = df.content
        rows = content.get("factions") if isinstance(content, dict) else None
        if not isinstance(rows, list):
            return
        first: dict[str, int] = {}
        for i, row in enumerate(rows):
            key = row.get("key") if isinstance(row, dict) else None
            if not isinstance(key, str):
                continue
            pos = rows.at(i) if hasattr(rows, "at") else None
            if key in first:
                self.report.add(
                    "duplicate-id",
                    f"faction {key!r} is listed twice (first at line {first[key]}); keep one",
                    df.relpath,
                    pos,
                )
                continue
            first[key] = pos.line if pos else 0
            self.factions.add(key)
            self.faction_rows[key] = (df.relpath, pos)

    def resolves(self, ref: str) -> bool:
        # "Name, Subname" matches the title; otherwise the whole text is a name (which may contain ", ")
        return ref in self.names

    def unresolved(self, df: DataFile, ref: str, field: str, pos: Pos | None, card: str | None) -> None:
        close = closest(ref, self.names, cutoff=0.75)
        hint = f"did you mean {close[0]!r}?" if close else "fix the spelling or add the card"
        self.report.add(
            "unresolved-reference",
            f'{field} {ref!r} matches no card name or "Name, Subname" (references are exact and '
            f"case-sensitive); {hint}",
            df.relpath,
            pos,
            card,
        )

    def check_refs(self, df: DataFile, holder: Any, field: str, label: str, card: str | None) -> None:
        value = holder.get(field)
        for step, ref in _as_refs(value):
            if self.resolves(ref):
                continue
            pos = value.at(step) if step is not None and hasattr(value, "at") else _at(holder, field)
            self.unresolved(df, ref, label, pos, card)

    def requirement(self, df: DataFile, req: Any, pos: Pos | None, card: str | None) -> None:
        kind = req.get("kind")
        for field in _REF_FIELDS:
            if field in req:
                self.check_refs(df, req, field, f"{kind}.{field}", card)
        applies = req.get("applies_to")
        if isinstance(applies, dict) and "any_of" in applies:
            self.check_refs(df, applies, "any_of", f"{kind}.applies_to.any_of", card)
        condition = req.get("condition")
        if isinstance(condition, dict):
            for field in _CONDITION_REF_FIELDS:
                if field in condition:
                    self.check_refs(df, condition, field, f"{kind}.condition.{field}", card)
        ident = req.get("commander_card_id")
        if isinstance(ident, str) and ident not in self.card_ids:
            self.report.add(
                "unresolved-reference",
                f"{kind}.commander_card_id {ident!r} is no card id; use the id of the commander's card",
                df.relpath,
                _at(req, "commander_card_id"),
                card,
            )
        factions = req.get("factions")
        named: list[tuple[int | None, Any]] = list(enumerate(factions)) if isinstance(factions, list) else []
        if isinstance(req.get("faction"), str):
            named.append((None, req["faction"]))
        for step, faction in named:
            if isinstance(faction, str) and self.factions and faction not in self.factions:
                where = (
                    factions.at(step)
                    if step is not None and hasattr(factions, "at")
                    else _at(req, "faction" if step is None else "factions")
                )
                self.report.add(
                    "unknown-faction",
                    f"{kind} names faction {faction!r}, which {FACTIONS_FILE} does not list; "
                    f"use one of: {', '.join(sorted(self.factions))}",
                    df.relpath,
                    where,
                    card,
                )

    def file_faction(self, df: DataFile) -> None:
        faction = df.content.get("faction")
        if isinstance(faction, str) and self.factions and faction not in self.factions:
            self.report.add(
                "unknown-faction",
                f"faction {faction!r} is not listed in {FACTIONS_FILE}; add "
                f'`- {{key: {faction}, name: "..."}}` there or use one of: {", ".join(sorted(self.factions))}',
                df.relpath,
                _at(df.content, "faction"),
            )

    def commander(self, df: DataFile, entry: Any, pos: Pos | None, card: str | None, label: str) -> None:
        tactics = entry.get("tactics")
        if not isinstance(tactics, list) or not tactics:
            self.report.add(
                "commander-without-tactics",
                f"commander {label} has no tactics cards; list its own cards under `tactics:` "
                f"as {{id, name}} entries",
                df.relpath,
                _at(entry, "tactics") if "tactics" in entry else pos,
                card,
            )
            return
        unresolved = False
        for i, t in enumerate(tactics):
            ident = t.get("id") if isinstance(t, dict) else None
            if isinstance(ident, str) and ident not in self.tactics:
                unresolved = True
                self.report.add(
                    "unresolved-reference",
                    f"commander {label} lists tactics card {ident!r}, which is in no tactics file; "
                    f"add it under `commander_tactics:` or fix the id",
                    df.relpath,
                    tactics.at(i) if hasattr(tactics, "at") else pos,
                    card,
                )
        if not unresolved:
            self.deck_size(df, entry, tactics, card, label)

    def deck_size(self, df: DataFile, entry: Any, tactics: list[Any], card: str | None, label: str) -> None:
        """The deck a commander brings: the 7 faction cards less those its own replace, and its own, twice."""
        own = [t.get("id") for t in tactics if isinstance(t, dict)]
        replaced = [self.replaces.get(str(i)) for i in own]
        if entry.get("replaces_faction_tactics") == "all" or "all" in replaced:
            kept = 0
        else:
            kept = FACTION_TACTICS - len({r for r in replaced if r})
        size = 2 * (kept + len(own))
        if size != DECK_SIZE:
            self.report.add(
                "commander-deck-size",
                f"commander {label}'s tactics deck would have {size} cards ({kept} faction cards and "
                f"{len(own)} of its own, two copies each), not {DECK_SIZE}; a commander brings "
                f"{DECK_SIZE // 2 - kept} cards of its own here",
                df.relpath,
                _at(entry, "tactics"),
                card,
            )

    def commander_tactic(
        self, df: DataFile, entry: Any, pos: Pos | None, card: str | None, label: str
    ) -> None:
        commander = entry.get("commander")
        if isinstance(commander, str) and commander not in self.commander_ids:
            hint = (
                "that card is not in a commanders/ file"
                if commander in self.card_ids
                else "no card has that id"
            )
            self.report.add(
                "tactics-unknown-commander",
                f"tactics card {label} belongs to commander {commander!r}, but {hint}; "
                f"use the id of a commander card",
                df.relpath,
                _at(entry, "commander"),
                card,
            )
        replaces = entry.get("replaces")
        if isinstance(replaces, str) and replaces != "all" and not self.tactics.get(replaces, False):
            what = "a commander's tactics card" if replaces in self.tactics else "no tactics card"
            self.report.add(
                "unresolved-reference",
                f"tactics card {label} replaces {replaces!r}, which is {what}; use a faction tactics "
                f'card id or "all"',
                df.relpath,
                _at(entry, "replaces"),
                card,
            )

    def special(self, df: DataFile, entry: Any, pos: Pos | None, card: str | None, label: str) -> None:
        used_by = entry.get("used_by")
        if not isinstance(used_by, list):
            return
        for i, ident in enumerate(used_by):
            if isinstance(ident, str) and ident not in self.card_ids:
                self.report.add(
                    "unresolved-reference",
                    f"special card {label}: used_by {ident!r} is no card id; fix the id or remove it",
                    df.relpath,
                    used_by.at(i) if hasattr(used_by, "at") else pos,
                    card,
                )

    def faction_commanders(self) -> None:
        """Every faction factions.yaml lists needs a commander: without one no list of it can be legal."""
        for faction, (file, pos) in self.faction_rows.items():
            if not self.commanders_of.get(faction):
                self.report.add(
                    "faction-without-commander",
                    f"faction {faction!r} has no commander card, so no list of it can be legal; add "
                    f"commanders/{faction}.yaml with at least one commander (and its own tactics cards)",
                    file,
                    pos,
                )

    def faction_tactics(self) -> None:
        """Every faction (listed, or with commanders or a tactics file) needs exactly 7 faction tactics cards."""
        counted: dict[str, tuple[int, DataFile | None]] = {}
        for df in self.files:
            folder = df.folder
            content = df.content
            if not isinstance(content, dict) or not isinstance(content.get("faction"), str):
                continue
            faction = content["faction"]
            if folder == "tactics":
                rows = content.get("faction_tactics")
                n = len(rows) if isinstance(rows, list) else 0
                before, where = counted.get(faction, (0, None))
                counted[faction] = (before + n, df if isinstance(rows, list) else where)
            elif folder == "commanders" and content.get("commanders"):
                counted.setdefault(faction, (0, None))
        for faction in self.faction_rows:
            counted.setdefault(faction, (0, None))
        for faction, (n, tactics_file) in counted.items():
            if n == FACTION_TACTICS:
                continue
            has_commanders = any(d.folder == "commanders" and _faction(d) == faction for d in self.files)
            if tactics_file is None and not has_commanders:
                file, pos = self.faction_rows[faction]
                self.report.add(
                    "faction-tactics-count",
                    f"faction {faction!r} has no faction tactics cards; a tactics deck needs exactly "
                    f"{FACTION_TACTICS}: add tactics/{faction}.yaml with them under `faction_tactics:`",
                    file,
                    pos,
                )
                continue
            if tactics_file is None:
                commanders = next(
                    d for d in self.files if d.folder == "commanders" and _faction(d) == faction
                )
                self.report.add(
                    "faction-tactics-count",
                    f"faction {faction!r} has commanders but no faction tactics cards; add "
                    f"tactics/<file>.yaml with its {FACTION_TACTICS} cards under `faction_tactics:`",
                    commanders.relpath,
                    _at(commanders.content, "faction"),
                )
                continue
            self.report.add(
                "faction-tactics-count",
                f"faction {faction!r} has {n} faction tactics cards; a tactics deck needs exactly "
                f"{FACTION_TACTICS} (plus the commander's own)",
                tactics_file.relpath,
                _at(tactics_file.content, "faction_tactics"),
            )


def _faction(df: DataFile) -> Any:
    return df.content.get("faction") if isinstance(df.content, dict) else None


# --- entry point ------------------------------------------------------------------------------------------


def check(files: list[DataFile]) -> list[Problem]:
    """Every schema and integrity problem of parsed data files, sorted by file and line."""
    report = _Report([])
    for df in files:
        folder = df.folder
        if df.is_factions:
            _check_schema(df, "factions", report)
        elif folder in LIST_KEYS:
            _check_schema(df, folder, report)
    _Integrity(files, report).run()
    return sorted(report.problems, key=Problem.sort_key)


_E = Severity.ERROR
# Every id `data check` reports (`schema` and `syntax` are documented with the list's load problems).
DATA_DOCS = (
    ProblemDoc("duplicate-id", _E, "A card, tactics card or special card id is used twice.", "data"),
    ProblemDoc("unknown-requirement", _E, "A requirement or effect `kind`, or a field of one, that is not in "
               "the vocabulary.", "data"),
    ProblemDoc("unresolved-reference", _E, "A card reference, card id or tactics id that names nothing.", "data"),
    ProblemDoc("commander-without-tactics", _E, "A commander card without its own tactics cards.", "data"),
    ProblemDoc("commander-deck-size", _E, "A commander whose tactics deck (the 7 faction cards less those its "
               "own replace, and its own, two copies each) would not come to 20 cards.", "data"),
    ProblemDoc("faction-tactics-count", _E, "A faction whose faction tactics cards are not exactly 7 (a "
               "tactics deck is those 7 and the commander's own).", "data"),
    ProblemDoc("faction-without-commander", _E, "A faction listed in factions.yaml with no commander card: no "
               "list of it could be legal.", "data"),
    ProblemDoc("season-base", _E, "A season folder (`seasons/<folder>/factions.yaml`) without a version label "
               "or whose `base:` names no season of the folder, a label used twice, or two seasons changing "
               "the same one: the seasons must form one line of changes.", "data"),
    ProblemDoc("tactics-unknown-commander", _E, "A commander tactics card whose `commander` is no commander "
               "card.", "data"),
    ProblemDoc("unknown-faction", _E, "A `faction` (of a file or in a requirement) that factions.yaml does not "
               "list.", "data"),
)  # fmt: skip
