"""Pass 1 of the reader: what each line is (a header value, a section, a title, a skipped line, or cards)."""

from __future__ import annotations

import difflib
import re
from dataclasses import replace

from armybuilder.games.asoiaf.armylist import Slot
from armybuilder.games.asoiaf.catalogue import normalize
from armybuilder.games.asoiaf.interchange.common import ImportedList, faction_hint, find_faction

from .lines import (
    ACTIVATIONS,
    ATTACHED,
    COPIES,
    CREDIT,
    DASH_KEY,
    HEADER,
    INVISIBLE,
    KEY,
    KEYS,
    LINK,
    MAX_COST,
    MAX_LINES,
    POINTS_LINE,
    POINTS_VALUE,
    SECTIONS,
    SPLIT,
    TITLE_POINTS,
    TOTAL,
    clean,
    take_cost,
)
from .model import Piece, Row, State
from .names import card_index, lookup, tokens


class Lines(State):
    # --- pass 1: what each line is --------------------------------------------------------------------

    def read(self, text: str) -> ImportedList:
        lines = text.splitlines()
        filled = sum(1 for line in lines if line.strip())
        if filled > MAX_LINES:
            self.problems.add(f"{filled:,} lines; a list is a few dozen — paste one list at a time", 1)
            self.problems.raise_if_any()
        section: Slot | None = None
        seen_card = False
        awaiting_commander = False
        for number, raw in enumerate(lines, 1):
            if not raw.strip():
                continue
            row = Row(number, " ".join(raw.translate(INVISIBLE).split()))
            self.rows.append(row)
            indent, bullet, content = clean(raw)
            dash_key = DASH_KEY.fullmatch(content)
            if dash_key:  # `Commander - Robb Stark` is `Commander: Robb Stark`
                content = f"{dash_key['key']}: {dash_key['value']}"
            if not re.search(r"[^\W_]", content):
                self._skip(row, "separator")
                continue
            segments = [s.strip() for s in re.split(r"\s+[|·]\s+|\s*\|\s*", content) if s.strip()]
            if len(segments) > 1 and all(self._is_meta(s) for s in segments):
                for segment in segments:
                    self._meta(row, segment, seen_card)
                continue
            header = HEADER.fullmatch(content)
            name = header["name"].strip().casefold() if header else ""
            if name in SECTIONS:
                section = SECTIONS[name]
                self._skip(row, "section header")
                continue
            if name == "commander" or re.fullmatch(r"commander\s*:\s*", content, re.IGNORECASE):
                awaiting_commander = True
                self._skip(row, "section header")
                continue
            if self._is_meta(content):
                self._meta(row, content, seen_card)
                continue
            key = KEY.fullmatch(content)
            if key:  # an unknown key: skipped, unless it holds a card
                value = key["value"].strip()
                as_card = content.replace(":", ",", 1)
                if lookup(self.catalogue, take_cost(as_card)[0])[0]:
                    content = as_card
                elif value and lookup(self.catalogue, take_cost(value)[0])[0]:
                    content = value
                else:
                    self._skip(row, key["key"].strip().casefold())
                    continue
            pieces = self._pieces(row, content, indent, bullet, section)
            marked_up = (
                bool(bullet)
                or section is not None
                or any(p.marked or (p.cost is not None and p.cost <= MAX_COST) for p in pieces)
            )
            known = any(p.exact or len(p.short) == 1 for p in pieces)
            if awaiting_commander:
                awaiting_commander = False
                pieces[0].header = pieces[0].marked = True
                self._set_commander(row, pieces[0])
                row.pieces = pieces[:1]
                continue
            if not seen_card and not marked_up and not known and not self._close(content):
                self._title(row, content)
                continue
            seen_card = True
            row.pieces = pieces
        return self._finish()

    def _is_meta(self, text: str) -> bool:
        """Whether `text` is a line of the list's header or footer rather than a card."""
        key = KEY.fullmatch(text)
        if key and key["key"].strip().casefold() in KEYS:
            return True
        if LINK.search(text) or CREDIT.match(text) or ACTIVATIONS.fullmatch(text) or TOTAL.fullmatch(text):
            return True
        if POINTS_LINE.fullmatch(text):
            return True
        found = find_faction(self.catalogue, text.rstrip(":"))
        return found is not None and not lookup(self.catalogue, text)[0]

    def _meta(self, row: Row, text: str, seen_card: bool) -> None:
        key = KEY.fullmatch(text)
        name = key["key"].strip().casefold() if key else ""
        if key and name in KEYS:
            self._key(row, KEYS[name], key["key"].strip(), key["value"].strip())
        elif LINK.search(text) or CREDIT.match(text):
            self._skip(row, "link", text)
        elif ACTIVATIONS.fullmatch(text):
            self._skip(row, "activations", text)
        elif TOTAL.fullmatch(text):
            self._skip(row, "total", text)
        elif (points := POINTS_LINE.fullmatch(text)) is not None:
            size = int(points["b"] or points["a"])
            if (points["b"] or not seen_card) and self.points is None and size >= 10:
                self.points = (size, row.number)
                row.said.append(f"points: {size}")
            else:
                self._skip(row, "total", text)
        else:
            self._key(row, "faction", "Faction", text.rstrip(":"))

    def _key(self, row: Row, key: str, written: str, value: str) -> None:
        if key == "army":
            key = "faction" if find_faction(self.catalogue, value) is not None else "name"
        if not value:
            self._skip(row, f"empty {written}")
            return
        previous = self.values.get(key)
        if previous is not None and normalize(previous[0]) != normalize(value):
            self._error(row, f"a second `{written}:` line ({value}) after line {previous[1]}; give it once")
            return
        self.values[key] = (value, row.number)
        if key == "faction":
            found = find_faction(self.catalogue, value)
            if found is None:
                self._error(row, f"unknown faction '{value}'; {faction_hint(self.catalogue)}")
            else:
                self.faction = found
                row.said.append(f"faction: {found.key}")
        elif key == "points":
            size = POINTS_VALUE.fullmatch(value)
            if size is None or int(size["b"] or size["a"]) <= 0:
                self._error(row, f"`{written}: {value}` is not a game size such as 40")
            else:
                self.points = (int(size["b"] or size["a"]), row.number)
                row.said.append(f"points: {self.points[0]}")
        elif key == "commander":
            name, cost, _ = take_cost(value)
            piece = Piece(row.number, name, cost, True, False, None, 0, header=True)
            piece.exact, piece.short = lookup(self.catalogue, name)
            row.pieces.append(piece)
            self._set_commander(row, piece)
        else:
            row.said.append(f"{key}: {value}")

    def _set_commander(self, row: Row, piece: Piece) -> None:
        if self.commander_piece is not None:
            first = self.commander_piece.line
            self._error(row, f"a second commander line after line {first}; an army has one commander")
            return
        self.commander_piece = piece

    def _title(self, row: Row, text: str) -> None:
        """A line before the cards that names none: the list's name (the first such line) or a skipped one."""
        size = TITLE_POINTS.search(text)
        if size is not None and self.points is None:
            self.points = (int(size["n"]), row.number)
            text = " ".join(f"{text[: size.start()]} {text[size.end() :]}".split()).strip(" -–—:|,")
            row.said.append(f"points: {self.points[0]}")
        if text and find_faction(self.catalogue, text) is not None and "faction" not in self.values:
            self._key(row, "faction", "Faction", text)  # `**Stark - 40pts**`
        elif text and "name" not in self.values and "title" not in self.values:
            self.values["title"] = (text, row.number)
            row.said.append(f"name: {text}")
        elif text:
            self._skip(row, "title")

    def _close(self, text: str) -> bool:
        """Whether `text` is close to a card's name (a misspelt card, not a title)."""
        name = take_cost(text)[0]
        titles = [t for _, t, _ in card_index(self.catalogue)] + [n for _, _, n in card_index(self.catalogue)]
        words = " ".join(tokens(name))
        return bool(words) and bool(difflib.get_close_matches(words, [" ".join(t) for t in titles], 1, 0.85))

    def _pieces(self, row: Row, content: str, indent: int, bullet: str, section: Slot | None) -> list[Piece]:
        """The cards a line writes: one, or a unit and its attachments (`Unit (7) + Jon Snow (C)`), as many
        times as a `2x` says."""
        copies = COPIES.search(content)
        if copies:
            content = (content[: copies.start()] + content[copies.end() :]).strip()
        pieces = self._parts(row.number, content, indent, section)
        times = int(copies["n"] or copies["m"]) if copies else 1
        return pieces + [replace(p) for _ in range(times - 1) for p in pieces]

    def _parts(self, number: int, content: str, indent: int, section: Slot | None) -> list[Piece]:
        attached = False
        prefix = ATTACHED.match(content)
        if prefix and prefix.end() < len(content):
            attached, content = True, content[prefix.end() :]
        whole = self._piece(number, content, attached, section, indent)
        if whole.exact or whole.short:
            return [whole]
        parts = SPLIT.split(content)
        if len(parts) > 1:
            pieces = [self._piece(number, p, attached or i > 0, section, indent) for i, p in enumerate(parts)]
            if all(p.exact or p.short for p in pieces):
                return pieces
        return [whole]

    def _piece(self, number: int, text: str, attached: bool, section: Slot | None, indent: int) -> Piece:
        name, cost, marked = take_cost(text)
        piece = Piece(number, name or text, cost, marked, attached, section, indent)
        piece.exact, piece.short = lookup(self.catalogue, piece.name)
        return piece
