"""What the three formats share: the error, input limits, resolving names and ids, reading a validated list."""

from __future__ import annotations

import re
from dataclasses import field
from typing import TYPE_CHECKING

from armybuilder.errors import ArmyBuilderError
from armybuilder.games.asoiaf.armylist import Entry, Slot, choose
from armybuilder.games.asoiaf.cards import Card, CardKind, Faction
from armybuilder.games.asoiaf.listwriter import ListSpec, dump_list
from armybuilder.record import record
from armybuilder.text import a as _a

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.check import ListReport

PASTED_FORMAT = "text"  # lists as players paste them (read only)
MAX_INPUT_CHARS = 64_000  # a pasted list is a few hundred characters; refuse to parse megabytes of anything
STANDARD_SIZES = (30, 40, 50)

# one of our YAML lists (perhaps broken): a key no pasted list starts a line with, or both `faction:` and `points:`
_YAML_LIST = re.compile(r"^(?:units|ncus|enemy_attachments|game)\s*:", re.MULTILINE)
_YAML_KEYS = (re.compile(r"^faction\s*:", re.MULTILINE), re.compile(r"^points\s*:", re.MULTILINE))


def yaml_list(text: str) -> bool:
    """Whether `text` is one of our YAML lists (broken, perhaps): the pasted-list reader never reads one,
    so `detect` need not import it for such a text."""
    return bool(_YAML_LIST.search(text)) or all(p.search(text) for p in _YAML_KEYS)


class InterchangeError(ArmyBuilderError):
    """A text in another tool's format cannot be read (or a list cannot be written in it)."""


@record()
class ImportedList(ListSpec):
    """An imported list, with notes for the YAML comment (a defaulted game size, skipped fields)."""

    notes: list[str] = field(default_factory=list)
    fmt: str = ""  # the format it was read as (set by `import_list`)


def note_line(note: str) -> int:
    """The line of the text a note of `ImportedList.notes` is about, as every reader writes it (`Line 12: …`,
    `Skipped line 3 (…)`); 0 for a note about the whole text."""
    for lead in ("Line ", "Skipped line "):
        if note.startswith(lead):
            number = note[len(lead) :].split(" ", 1)[0].rstrip(":")
            return int(number) if number.isdigit() and len(number) <= 6 else 0
    return 0


def check_size(text: str, source: str) -> None:
    if len(text) > MAX_INPUT_CHARS:
        raise InterchangeError(
            f"the input is {len(text):,} characters; a list is a few hundred — is this the right file?",
            path=source,
        )


class Collector:
    """Problems found while importing, each at a line; raised together as one InterchangeError."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[tuple[int | None, str]] = []

    def add(self, message: str, line: int | None = None) -> None:
        self.problems.append((line, message))

    def raise_if_any(self) -> None:
        if not self.problems:
            return
        line, message = self.problems[0]
        more = len(self.problems) - 1
        if more:
            message += f" (and {more} more {'problem' if more == 1 else 'problems'})"
        raise InterchangeError(message, path=self.source, line=line)


def find_faction(catalogue: Catalogue, text: str) -> Faction | None:
    """A faction by key or name; also `Stark` for `House Stark` and `Night's Watch` for `The Night's Watch`."""
    found = catalogue.faction(text)
    if found is not None:
        return found
    for prefix in ("house ", "the "):
        found = catalogue.faction(prefix + text.strip())
        if found is not None:
            return found
    return None


def faction_hint(catalogue: Catalogue) -> str:
    return "known factions: " + ", ".join(f.name for f in catalogue.factions.values())


def resolve_name(
    catalogue: Catalogue, text: str, slot: Slot, faction: str | None, problems: Collector, line: int
) -> Card | None:
    """The card a name in an imported text means (as in a list file), or None with the problem recorded."""
    result = choose(catalogue, text, slot, faction)
    if isinstance(result, tuple) and result[0] == "unknown-card" and " - " in text:
        # some tools write `Name - Subname`; ours writes `Name, Subname`
        other = choose(catalogue, text.replace(" - ", ", ", 1), slot, faction)
        if isinstance(other, Card):
            return other
    if isinstance(result, Card):
        return result
    problems.add(result[1], line)
    return None


def resolve_id(
    catalogue: Catalogue, value: int | str, kind: CardKind, where: str, problems: Collector, line: int | None
) -> Card | None:
    """The card with id `value` of `kind`, or None with the problem (no such card, wrong kind) recorded."""
    card = catalogue.cards.get(str(value))
    if card is None:
        problems.add(f"{where}: no card has id {value}", line)
        return None
    if card.kind is not kind:
        problems.add(
            f"{where}: id {value} is {card.title}, {_a(card.kind.label)}, not {_a(kind.label)}", line
        )
        return None
    return card


def default_points(spec: ImportedList, catalogue: Catalogue, what: str, given: int | None = None) -> None:
    """Set the game size of a list whose text gives none: `given` (`--points`, an event's size), else the
    nearest standard size that holds the list; either way a note says so."""
    from armybuilder.games.asoiaf.check import validate_text

    if given is not None:
        spec.points = given
        spec.notes.append(f"{what[:1].upper()}{what[1:]} gives no game size: points {given}, as given.")
        return

    spec.points = STANDARD_SIZES[-1]
    report = validate_text(dump_list(spec, catalogue), catalogue, "<import>")
    total = report.context.total if report.context is not None else sum(c.points for c in spec.cards())
    size = next((s for s in STANDARD_SIZES if s >= total), -(-total // 10) * 10)
    spec.points = max(size, 10)
    spec.notes.append(
        f"{what[:1].upper()}{what[1:]} gives no game size: points {spec.points} is the smallest standard size that holds its "
        f"{total} points; change it if you play another size."
    )


# --- export: a validated list as cards and costs --------------------------------------------------------


@record(frozen=True)
class Priced:
    """A card of a list being exported, with what it costs in that list."""

    card: Card
    cost: int


@record()
class Resolved:
    """A validated list reduced to what the formats write: every card with its cost after modifiers."""

    faction: Faction
    points: int | None
    name: str | None
    commander: Card | None
    units: list[tuple[Priced, list[Priced]]]
    ncus: list[Priced]
    enemy_attachments: list[Priced]


def resolved(report: ListReport, fmt: str) -> Resolved:
    """The list of a report, or InterchangeError when some of it cannot be written (no faction, unknown cards)."""
    army = report.army
    ctx = report.context
    if ctx is None or not army.readable:
        reason = next((p.message for p in army.problems if p.rule == "syntax"), "it cannot be read")
        raise InterchangeError(f"cannot export as {fmt}: {reason}", path=army.path)
    if army.faction is None:
        raise InterchangeError(f"cannot export as {fmt}: the list has no valid `faction:`", path=army.path)
    errors = [p for p in army.problems if p.is_error]  # a renamed card (a warning) is read all the same
    if errors:  # problems reading the list itself: a card that did not resolve, a bad value
        first = errors[0]
        raise InterchangeError(
            f"cannot export as {fmt}: {first.message}; fix the list first", path=army.path, line=first.line
        )

    def priced(entry: Entry) -> Priced:
        assert entry.card is not None
        return Priced(entry.card, ctx.cost(entry))

    return Resolved(
        faction=army.faction,
        points=ctx.points,
        name=army.name,
        commander=ctx.commander,
        units=[(priced(u.unit), [priced(a) for a in u.attachments]) for u in army.units],
        ncus=[priced(n) for n in army.ncus],
        enemy_attachments=[priced(e) for e in army.enemy_attachments],
    )
