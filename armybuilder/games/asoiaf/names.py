"""Card names in the players' languages: name tables by card id (bundled under `data/names/`, or a club's
own file), looking a card up by a translated name, and a card's name in one language for printing.

A table is YAML: `language:`, `cards: {id: {name, subname}}` (or `id: "Name, Subname"`), `tactics: {id:
{name}}` and `factions: {key: name}`. A translated name may stand for several cards, as English names do;
the list reader's faction and slot decide between them (`armylist.choose`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder import yamlpos
from armybuilder.errors import UsageError
from armybuilder.fileio import read_input
from armybuilder.kit.cache import quick_unpickling
from armybuilder.problems import Problem, Severity
from armybuilder.record import record

if TYPE_CHECKING:
    from .cards import Card, TacticsCard

NAMES_FOLDER = "names"
NAMES_ENV = "ARMYBUILDER_NAMES"  # club name files, separated like PATH
RULE = "names-file"
_LANGUAGE = re.compile(r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"})
_SPACES = re.compile(r"\s+")
_COMMA = re.compile(r"\s*,\s*")
_DOTS = str.maketrans({"\u30fb": "\u00b7", "\u2027": "\u00b7", "\u2022": "\u00b7", "\uff65": "\u00b7"})


def normalize(text: str) -> str:
    """How names are compared: case, curly/straight apostrophes, spacing, full-width forms (`，`) and the
    middle dots of Chinese names (`·` `・` `‧`) do not matter."""

    text = unicodedata.normalize("NFKC", text).translate(_APOSTROPHES).translate(_DOTS)
    return _COMMA.sub(", ", _SPACES.sub(" ", text)).strip().casefold()


def title_of(name: str, subname: str | None) -> str:
    return f"{name}, {subname}" if subname else name


@quick_unpickling
@record(frozen=True, slots=True)
class NameTable:
    """One language's names: card id -> (name, subname), tactics id -> name, faction key -> name."""

    language: str
    source: str = ""
    cards: Mapping[str, tuple[str, str | None]] = field(default_factory=dict)
    tactics: Mapping[str, str] = field(default_factory=dict)
    factions: Mapping[str, str] = field(default_factory=dict)
    lines: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # card id -> position in the file


@record()
class Names:
    """Every name table a catalogue knows, by language, with one index over all of them for look-ups."""

    tables: dict[str, NameTable] = field(default_factory=dict)
    _titles: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    _names: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    _factions: dict[str, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        titles: dict[str, list[str]] = {}
        names: dict[str, list[str]] = {}
        for table in self.tables.values():
            for card_id, (name, subname) in table.cards.items():
                for index, text in ((titles, title_of(name, subname)), (names, name)):
                    ids = index.setdefault(normalize(text), [])
                    if card_id not in ids:
                        ids.append(card_id)
            for key, name in table.factions.items():
                self._factions.setdefault(normalize(name), key)
        self._titles = {k: tuple(v) for k, v in titles.items()}
        self._names = {k: tuple(v) for k, v in names.items()}

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.tables)

    def keys(self) -> tuple[str, ...]:
        """Every translated title and name `ids` knows, normalized."""
        return (*self._titles, *self._names)

    def ids(self, text: str) -> tuple[str, ...]:
        """The card ids a translated `Name, Subname` (else `Name`) stands for, in any language."""
        key = normalize(text)
        return self._titles.get(key) or self._names.get(key) or ()

    def title_ids(self, text: str) -> tuple[str, ...]:
        return self._titles.get(normalize(text), ())

    def faction(self, text: str) -> str | None:
        """The faction key a translated faction name (`Haus Stark`, `史塔克家族`) stands for."""
        return self._factions.get(normalize(text))

    def table(self, language: str) -> NameTable | None:
        wanted = language.casefold()
        return next((t for k, t in self.tables.items() if k.casefold() == wanted), None)

    def with_table(self, extra: NameTable) -> Names:
        """These tables with a club's: its entries added to (or replacing) its language's."""
        tables = dict(self.tables)
        base = self.table(extra.language)
        if base is None:
            tables[extra.language] = extra
        else:
            tables[base.language] = NameTable(
                base.language,
                extra.source,
                {**base.cards, **extra.cards},
                {**base.tactics, **extra.tactics},
                {**base.factions, **extra.factions},
                {**base.lines, **extra.lines},
            )
        return Names(tables)


class Printing:
    """Names as one language prints them: the card's own where the table has it, English elsewhere."""

    def __init__(self, table: NameTable | None) -> None:
        self.table = table
        self.language = table.language if table is not None else "en"

    def parts(self, card: Card) -> tuple[str, str | None]:
        """(name, subname) in this language."""
        found = self.table.cards.get(card.id) if self.table is not None else None
        return found or (card.name, card.subname)

    def title(self, card: Card) -> str:
        found = self.table.cards.get(card.id) if self.table is not None else None
        return title_of(*found) if found else card.title

    def english(self, card: Card) -> str | None:
        """The English title when this language's differs (printed small beside it), else None."""
        title = self.title(card)
        return card.title if title != card.title else None

    def tactics(self, tactics: TacticsCard) -> str:
        found = self.table.tactics.get(tactics.id) if self.table is not None else None
        return found or tactics.name

    def faction(self, key: str, english: str) -> str:
        found = self.table.factions.get(key) if self.table is not None else None
        return found or english


ENGLISH = Printing(None)


# --- reading tables ------------------------------------------------------------------------------------


def _problem(message: str, file: str, pos: tuple[int, int] | None) -> Problem:
    line, column = pos or (1, 1)
    return Problem(RULE, Severity.ERROR, message, file, line, column)


def _text(value: Any) -> str | None:
    """A name: text of visible characters (no line break or control character to break a printout)."""
    if not isinstance(value, str) or not value.strip() or len(value) > 200:
        return None
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in value):
        return None
    return _SPACES.sub(" ", value).strip()


def parse_table(content: Any, file: str) -> tuple[NameTable | None, list[Problem]]:
    """A table from parsed YAML (with positions), and what is wrong with its shape (each entry that is not
    a name is a problem and is left out)."""
    problems: list[Problem] = []
    if not isinstance(content, yamlpos.PosMap):
        return None, [_problem("a names file is a mapping with `language:` and `cards:`", file, (1, 1))]
    language = content.get("language")
    if not isinstance(language, str) or not _LANGUAGE.match(language):
        where = content.at("language") if "language" in content else content.pos
        return None, [_problem("give the table's language as a tag such as `language: de` or "
                               "`language: zh-Hant`", file, where)]  # fmt: skip
    for key in content:
        if key not in ("language", "cards", "tactics", "factions"):
            problems.append(_problem(f"unknown key `{key}`; a names file has language, cards, tactics and "
                                     "factions", file, content.at(key)))  # fmt: skip
    cards: dict[str, tuple[str, str | None]] = {}
    lines: dict[str, tuple[int, int]] = {}
    for card_id, value, pos in _entries(content, "cards", file, problems):
        if isinstance(value, yamlpos.PosMap):
            name, subname = _text(value.get("name")), _text(value.get("subname"))
            if value.get("subname") is not None and subname is None:
                name = None
        else:
            text = _text(value)
            name, _, rest = (text or "").partition(", ")
            name, subname = name or None, rest or None
        if name is None:
            problems.append(_problem(f"card {card_id}: give its name as `{{name: ..., subname: ...}}` or "
                                     '"Name, Subname"', file, pos))  # fmt: skip
            continue
        cards[card_id], lines[card_id] = (name, subname), pos
    tactics: dict[str, str] = {}
    for card_id, value, pos in _entries(content, "tactics", file, problems):
        name = _text(value.get("name")) if isinstance(value, yamlpos.PosMap) else _text(value)
        if name is None:
            problems.append(_problem(f"tactics card {card_id}: give its name as `{{name: ...}}`", file, pos))
            continue
        tactics[card_id], lines[card_id] = name, pos
    factions: dict[str, str] = {}
    for key, value, pos in _entries(content, "factions", file, problems):
        name = _text(value)
        if name is None:
            problems.append(_problem(f"faction {key}: give its name as text", file, pos))
            continue
        factions[key] = name
    return NameTable(language, file, cards, tactics, factions, lines), problems


def _entries(
    content: yamlpos.PosMap, key: str, file: str, problems: list[Problem]
) -> Iterable[tuple[str, Any, tuple[int, int]]]:
    section = content.get(key)
    if section is None:
        return
    if not isinstance(section, yamlpos.PosMap):
        problems.append(_problem(f"`{key}` must be a mapping by id, such as `\"10201\": {{name: ...}}`", file,
                                 content.at(key)))  # fmt: skip
        return
    for item in section:
        yield str(item), section[item], section.key_pos.get(item) or section.at(item)


def read_table(path: Path | str, shown: str | None = None) -> tuple[NameTable | None, list[Problem]]:
    """Read one names file; an unreadable or unparsable file is a positioned problem."""
    file = shown or str(path)
    try:
        content = yamlpos.load(read_input(path))
    except OSError as exc:
        return None, [_problem(f"cannot read the names file: {exc.strerror or exc}", file, (1, 1))]
    except yamlpos.YamlError as exc:
        return None, [_problem(exc.message, file, (exc.line or 1, exc.column or 1))]
    return parse_table(content, file)


def names_error(problems: list[Problem]) -> UsageError:
    """One line for the problems of names files: the first positioned, and the lines of the others."""
    ordered = sorted(problems, key=Problem.sort_key)
    first = ordered[0]
    others = ", ".join(f"{p.file}:{p.line}" for p in ordered[1:6]) + (", …" if len(ordered) > 6 else "")
    more = f" (and {len(ordered) - 1} more: {others})" if len(ordered) > 1 else ""
    return UsageError(f"{first.file}:{first.line}:{first.column}: {first.message}{more}")


def table_files(root: Path) -> list[Path]:
    """The bundled-style name tables of a data folder (`names/*.yaml`), in a fixed order."""
    return sorted((root / NAMES_FOLDER).glob("*.yaml"))
