"""What the reader keeps: each line (`Row`), each card a line writes (`Piece`), what each line became
(`Reading`), and the state the two passes share."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from armybuilder.games.asoiaf.armylist import Slot
from armybuilder.games.asoiaf.cards import Card, Faction
from armybuilder.games.asoiaf.interchange.common import Collector, ImportedList

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue

SKIPPED = "Skipped line"  # how the notes of skipped lines begin (`explain` shows those lines already)


@dataclass(frozen=True)
class Reading:
    """One input line and what it became: a card in its slot, a header value, or why it was skipped."""

    line: int
    text: str
    became: str


@dataclass
class Piece:
    """One card as a line writes it, before the catalogue decides which card it is."""

    line: int
    name: str
    cost: int | None  # the written cost, None when none (or `C`)
    marked: bool  # (C), [C] or a C cost
    attached: bool  # with / + / w/ / an indent, or a later part of `Unit + Attachment`
    section: Slot | None
    indent: int
    header: bool = False  # the value of a `Commander:` line, not a place in the list
    exact: list[Card] = field(default_factory=list)
    short: list[Card] = field(default_factory=list)
    pool: list[Card] = field(default_factory=list)
    card: Card | None = None
    became: str = ""
    guess: str = ""  # how the name was guessed: "nickname", "renamed", "house" or "misspelling" (a note when chosen)
    comment: str = ""  # what followed the card after a dash (`Unit – my favourite`)
    house: str = ""  # the house a `[neutral]` tag after the name says the card is of (our own sheet writes it)
    copies: int = 1  # how many times its line writes it (`2x`, `x2`): its written cost may be for them all


@dataclass
class Row:
    """A line of the pasted text: its number, its text, what it became and the pieces read from it."""

    number: int
    text: str
    said: list[str] = field(default_factory=list)  # what the line became, in order
    pieces: list[Piece] = field(default_factory=list)


class State:
    """What both passes of the reader share; `layout.Lines` fills it line by line, `placing.Placing` decides."""

    def __init__(self, catalogue: Catalogue, source: str) -> None:
        self.catalogue = catalogue
        self.problems = Collector(source)
        self.rows: list[Row] = []
        self.values: dict[str, tuple[str, int]] = {}  # key -> (value, line)
        self.points: tuple[int, int] | None = None  # (size, line)
        self.faction: Faction | None = None
        self.commander_piece: Piece | None = None
        self.notes: list[str] = []
        self.skipped: list[str] = []
        self.errors: dict[int, str] = {}
        self.explicit = False  # whether the list marks or names its commander
        self.section: Slot | None = None  # the section heading read last
        self.inline_section = False  # it came with its names (`NCU: Tyrion`): a unit's line ends it
        self.title_line = 0  # the number of a first line read as the list's name whatever it says (`_above_header`)
        self.title_verbatim = False  # that line heads our own text sheet: the name, taken as it is written
        self.aside: str | None = None  # a heading over cards that are not the army's (`Sideboard:`), read last
        self.notes_last = 0  # in our sheet's notes: the number of their last line so far (0: not in them)
        self.lines: list[str] = []  # the text's lines as written (our sheet's notes are kept as they are)
        self.seen_card = False
        self.awaiting_commander = False  # a `Commander:` heading with the name on the next line
        self.given_points: int | None = None  # `--points`: the size when the text states none

    def _skip(self, row: Row, why: str, text: str | None = None) -> None:
        row.said.append(f"skipped: {why}")
        if why not in ("separator", "section header"):
            self.skipped.append(f"{SKIPPED} {row.number} ({why}): {text or row.text}")

    def _error(self, row: Row, message: str) -> None:
        self.problems.add(message, row.number)
        self.errors.setdefault(row.number, message)

    def _problem(self, line: int, message: str) -> None:
        self.problems.add(message, line)
        self.errors.setdefault(line, message)

    def _finish(self) -> ImportedList:
        raise NotImplementedError

    def _costs(self, spec: ImportedList, written: list[tuple[Card, Piece | None]]) -> None:
        raise NotImplementedError

    def readings(self) -> list[Reading]:
        out = []
        for row in self.rows:
            said = list(row.said)
            said += [p.became for p in row.pieces if p.became]
            if row.number in self.errors:
                said.append(f"error: {self.errors[row.number]}")
            elif not said:
                said.append("not read: an earlier line failed")
            out.append(Reading(row.number, row.text, "; ".join(said)))
        return out
