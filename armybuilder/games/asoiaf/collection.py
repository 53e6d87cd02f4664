"""A player's collection: which cards they own and how many, read from a YAML file with positions.

```yaml
name: Ann's shelf
owned:
  Stark Sworn Swords: 2          # a card reference as in lists, and how many copies are owned
  Robb Stark, The Wolf Lord:     # no number: one copy
  "20201": 1                     # or the card id
```

`owned:` may also be a list whose items are references (one copy each) or `Reference: N` pairs. Copies
of one card written twice add up. Reading never raises for a bad file: every problem (`syntax`, `schema`,
`unknown-card`, `ambiguous-card`) is collected with its position. `collection_problems` is the
`collection` check: a warning for each card a list fields more often than the collection owns.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from armybuilder import yamlpos
from armybuilder.errors import UsageError
from armybuilder.fileio import read_input
from armybuilder.games.asoiaf.cards import Card
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.context import Army
from armybuilder.kit.size import too_large
from armybuilder.kit.words import marked
from armybuilder.problems import Problem, Severity
from armybuilder.text import or_quoted

ID = "collection"
SEVERITY = Severity.WARNING
TOP_KEYS = ("game", "name", "player", "notes", "owned")
MAX_COPIES = 99  # more copies of one card than any army could field: a typo, not a shelf
GAMES = ("asoiaf", "asoiaf-tmg", "song-of-ice-and-fire")


@dataclass
class Collection:
    """The cards a player owns: card id -> copies, where each card was first written, and the problems."""

    path: str
    name: str | None = None
    owned: dict[str, int] = field(default_factory=dict)
    where: dict[str, tuple[int, int]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    def count(self, card: Card) -> int:
        return self.owned.get(card.id, 0)

    def cards(self, catalogue: Catalogue) -> list[Card]:
        """Every owned card (at least one copy), in catalogue order."""
        return [c for c in catalogue.cards.values() if self.owned.get(c.id, 0) > 0]

    def plus(self, card: Card, copies: int = 1) -> Collection:
        """A copy of the collection with more copies of one card (a purchase under consideration)."""
        owned = dict(self.owned)
        owned[card.id] = owned.get(card.id, 0) + copies
        return Collection(self.path, self.name, owned, self.where, self.problems)

    def unusable(self) -> str | None:
        """One line for a collection with errors (the first, and how many more), None when usable."""
        errors = self.errors
        if not errors:
            return None
        first = errors[0]
        more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''} in the file)"
        return f"{first.file}:{first.line}:{first.column}: {first.message}" + (
            more if len(errors) > 1 else ""
        )


class _Reader:
    def __init__(self, catalogue: Catalogue, path: str) -> None:
        self.catalogue = catalogue
        self.collection = Collection(path)

    def problem(self, rule: str, message: str, pos: tuple[int, int]) -> None:
        self.collection.problems.append(
            Problem(rule, Severity.ERROR, message, self.collection.path, pos[0], pos[1])
        )

    def read(self, value: Any) -> Collection:
        if value is None:
            self.problem("schema", "the collection is empty; write `owned:` with the cards you own", (1, 1))
            return self.collection
        if not isinstance(value, yamlpos.PosMap):
            self.problem("schema", "a collection file must be a mapping with `owned:`", _pos_of(value))
            return self.collection
        for key in value:
            if key not in TOP_KEYS:
                self.problem(
                    "schema",
                    f"unknown key {key!r} in a collection; the keys are {', '.join(TOP_KEYS)}",
                    value.key_pos[key],
                )
        game = value.get("game")
        if game is not None and str(game).strip().casefold() not in GAMES:
            self.problem("schema", f"a collection of `game: {game}` is not read here; use `game: asoiaf`",
                         value.at("game"))  # fmt: skip
        name = value.get("name")
        self.collection.name = (
            str(name) if isinstance(name, (str, int)) and not isinstance(name, bool) else None
        )
        if "owned" not in value:
            self.problem(
                "schema", "the collection has no `owned:`; list the cards you own under it", value.pos
            )
            return self.collection
        owned = value["owned"]
        if isinstance(owned, yamlpos.PosMap):
            for ref in owned:
                self.entry(ref, owned[ref], owned.key_pos[ref], owned.at(ref))
        elif isinstance(owned, yamlpos.PosList):
            for index, item in enumerate(owned):
                pos = owned.at(index)
                if isinstance(item, yamlpos.PosMap):
                    if len(item) != 1:
                        self.problem("schema", "write one `Card: copies` per list item", pos)
                        continue
                    ref = next(iter(item))
                    self.entry(ref, item[ref], item.key_pos[ref], item.at(ref))
                else:
                    self.entry(item, None, pos, pos)
        elif owned is not None:
            self.problem("schema", "`owned:` maps each card to how many you own (`Stark Bowmen: 2`)",
                         value.at("owned"))  # fmt: skip
        return self.collection

    def entry(self, ref: Any, copies: Any, pos: tuple[int, int], count_pos: tuple[int, int]) -> None:
        if copies is None:
            copies = 1
        if isinstance(copies, bool) or not isinstance(copies, int) or not 0 <= copies <= MAX_COPIES:
            self.problem("schema", f"copies owned must be a whole number from 0 to {MAX_COPIES}, not "
                         f"{_short(copies)}", count_pos)  # fmt: skip
            return
        if isinstance(ref, bool) or not isinstance(ref, (str, int)) or not str(ref).strip():
            self.problem(
                "schema", f"a card reference is a name, `Name, Subname` or an id, not {_short(ref)}", pos
            )
            return
        card = self.resolve(str(ref).strip(), pos)
        if card is None:
            return
        owned = self.collection.owned
        owned[card.id] = owned.get(card.id, 0) + copies
        self.collection.where.setdefault(card.id, (pos[0], pos[1]))

    def resolve(self, text: str, pos: tuple[int, int]) -> Card | None:
        found = self.catalogue.find(text)
        if len(found) == 1:
            return found[0]
        if found:
            self.problem("ambiguous-card", f"'{text}' matches {len(found)} cards: "
                         f"{', '.join(c.label for c in found)}; write `Name, Subname` or the id", pos)  # fmt: skip
            return None
        suggestions = self.catalogue.suggest(text)
        hint = f"; did you mean {or_quoted(suggestions)}?" if suggestions else ""
        self.problem("unknown-card", f"no card called '{marked(text)}'{hint}", pos)
        return None


def _pos_of(value: Any) -> tuple[int, int]:
    pos = getattr(value, "pos", None)
    return (pos.line, pos.column) if pos is not None else (1, 1)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read_collection_text(text: str | bytes, catalogue: Catalogue, path: str) -> Collection:
    """A collection from YAML text; problems (never exceptions) for anything wrong with it."""
    reader = _Reader(catalogue, path)
    oversized = too_large(text, "a collection", "a few kilobytes")
    if oversized is not None:
        reader.problem("syntax", oversized, (1, 1))
        return reader.collection
    try:
        value = yamlpos.load(text)
    except yamlpos.YamlError as exc:
        reader.problem("syntax", exc.message, (exc.line or 1, exc.column or 1))
        return reader.collection
    return reader.read(value)


def read_collection(path: str, catalogue: Catalogue) -> Collection:
    """A collection file; an unreadable file is a `syntax` problem on the returned collection."""
    try:
        blob = read_input(path)
    except OSError as exc:
        collection = Collection(path)
        collection.problems.append(
            Problem("syntax", Severity.ERROR, f"cannot read the file: {exc.strerror or exc}", path, 1, 1)
        )
        return collection
    return read_collection_text(blob, catalogue, path)


_CACHE: dict[tuple[str, int, int], tuple[Catalogue, Collection]] = {}


def usable_collection(path: str, catalogue: Catalogue) -> Collection:
    """The collection at `path`, read once per file version and catalogue; UsageError (one line naming the
    first problem's position) when it has errors."""
    try:
        info = os.stat(path)
        key = (os.path.abspath(path), info.st_mtime_ns, info.st_size)
    except OSError:
        key = (os.path.abspath(path), -1, -1)
    cached = _CACHE.get(key)
    if cached is not None and cached[0] is catalogue:
        collection = cached[1]
    else:
        collection = read_collection(path, catalogue)
        _CACHE[key] = (catalogue, collection)
    why = collection.unusable()
    if why is not None:
        raise UsageError(f"the collection cannot be used: {why}")
    return collection


# --- what a list holds against what the collection owns ----------------------------------------------------


def fielded(cards: Iterable[Card]) -> Counter[str]:
    """How many of each card (by id) a list fields."""
    return Counter(card.id for card in cards)


def room(owned: Mapping[str, int], held: Iterable[Card]) -> dict[str, int]:
    """Copies of each owned card still free once a list holds `held` (never below 0)."""
    left = dict(owned)
    for card in held:
        if card.id in left:
            left[card.id] = max(0, left[card.id] - 1)
    return left


def collection_problems(ctx: Army, collection: Collection) -> list[Problem]:
    """A `collection` warning for each card the list fields more often than the collection owns, at the
    first entry beyond what is owned."""
    seen: Counter[str] = Counter()
    out: list[Problem] = []
    total = fielded(card for _, card in ctx.pairs)
    name = os.path.basename(collection.path)
    for entry, card in ctx.pairs:
        seen[card.id] += 1
        owned = collection.count(card)
        if seen[card.id] != owned + 1:
            continue  # warn once, at the first copy the collection does not hold
        n = total[card.id]
        fix = f"field {n - owned} fewer" if owned else "field another card"
        out.append(
            ctx.problem(
                ID,
                f"{n} {card.title} fielded, {owned} owned ({name}); {fix} or add it to the collection",
                entry,
                SEVERITY,
            )
        )
    return out
