"""The outline of a pasted text, beside pass 1 of the reader (`layout.py`): the list's name above its header
lines (our own sheet's first line, whatever it says), the list's own notes under a `Notes:` heading, and a
separator between cards (two lists pasted one after the other are never merged without a word)."""

from __future__ import annotations

from armybuilder.games.asoiaf.armylist import Slot

from .headings import army_heading, our_sheet, set_aside
from .lines import (
    BARE_COUNT,
    COPIES,
    ESCAPED,
    KEY,
    MAX_LINE,
    MAX_LINES,
    NOTES_HEADING,
    SPLIT,
    clean,
    segments,
    take_cost,
)
from .model import Piece, Row, State
from .vocabulary import REINFORCEMENTS_HEADING


class Outline(State):
    def _is_meta(self, text: str) -> bool:  # (`Lines._is_meta`: a header or footer line)
        raise NotImplementedError

    def _listed(self, number: int, value: str, indent: int) -> list[Piece]:  # (`Lines._listed`: `A, B & C`)
        raise NotImplementedError

    def _reinforced(self, row: Row, label: str, value: str, indent: int) -> bool:
        """Our own sheet's `Reinforcements: A (1), B (6)` (`Verstärkungen:`): the cards the list declares beside
        it, read back as its `reinforcements:`. In any other pasted list the heading is spare cards, set aside."""
        if not (self.title_verbatim and label == REINFORCEMENTS_HEADING and value):
            return False
        self.section, self.inline_section = Slot.REINFORCEMENT, True
        row.said.append(f"section: {Slot.REINFORCEMENT.value}")
        row.pieces += self._listed(row.number, value, indent)
        self.section, self.inline_section = None, False  # the sheet prints them on one line: the next is none
        return True

    def _noted(self, row: Row, content: str, indent: int) -> bool:
        """The list's own notes on our own sheet (`our_sheet`): its `Notes:` heading (which ends the tactics
        deck), then the lines indented under it (the Markdown sheet's: quoted, `> `), blank lines among them kept;
        each is a line of `notes:`."""
        if self.notes_last:
            raw = self.lines[row.number - 1].rstrip()
            if indent >= 2 or raw.startswith(">"):
                text, first = self.values["notes"]
                # as written, less the text sheet's indent, or the Markdown sheet's `> ` and escapes
                line = raw[2:] if indent >= 2 else ESCAPED.sub(r"\1", raw[2:] if raw.startswith("> ") else raw[1:])
                self.values["notes"] = (text + "\n" * (row.number - self.notes_last) + line if text else line, first)
                self.notes_last = row.number
                row.said.append("notes")
                return True
            self.notes_last = 0
        if self.title_verbatim and NOTES_HEADING.fullmatch(content) and "notes" not in self.values:
            self.aside = None
            self.values["notes"] = ("", row.number)
            self.notes_last = row.number
            row.said.append("notes heading")
            return True
        return False

    def _separated(self) -> None:
        """A separator line between cards (`---`, `*****`): the cards on both sides are read into one list, and
        a note says so (two lists pasted one after the other are never merged without a word)."""
        carded = [row.number for row in self.rows if row.pieces]
        if not carded:
            return
        for row in self.rows:
            if carded[0] < row.number < carded[-1] and "skipped: separator" in row.said:
                self.notes.append(
                    f"Line {row.number}: a separator between cards; the cards after it are read into the same "
                    "list (if it begins another list, import each list on its own)."
                )
                return

    def _above_header(self, lines: list[str]) -> int:
        """The number of the text's first line when it is a plain line right above the list's header lines
        (`House Stark · 40 points`, `Faction: Stark`), as our own sheet and many lists begin: the list's
        name, even when it is a card's name too (`Sworn Brothers`, `Beyond the Wall`); else 0."""
        filled = [(n, line) for n, line in enumerate(lines[:MAX_LINES], 1) if line.strip()][:3]
        if len(filled) < 2:
            return 0
        (number, first), (_, second) = filled[:2]
        if our_sheet([line for _, line in filled], self._is_meta):
            self.title_verbatim = True  # whatever it says: `Robb: The Young Wolf`, `Stark 40`
            return number
        _, bullet, content = clean(first)
        _, cost, marked = take_cost(content)
        if bullet or cost is not None or marked or len(content) > MAX_LINE or KEY.fullmatch(content):
            return 0
        if COPIES.search(content) or BARE_COUNT.match(content) or SPLIT.search(content):
            return 0  # `2x Stark Bowmen`, `Stark Sworn Swords + Robb Stark`: a card line, never a name
        if self._is_meta(content) or set_aside(content) or army_heading(content):
            return 0
        header = clean(second)[2]
        if len(header) > MAX_LINE:
            return 0
        parts = segments(header)
        return number if parts and all(self._is_meta(s) for s in parts) else 0
