"""Pass 1 of the reader: what each line is (a header value, a section, a title, a skipped line, or cards)."""

from __future__ import annotations

import re
from dataclasses import replace

from armybuilder.games.asoiaf.armylist import Slot
from armybuilder.games.asoiaf.cards import NEUTRAL, CardKind
from armybuilder.games.asoiaf.catalogue import normalize
from armybuilder.games.asoiaf.interchange.common import ImportedList, faction_hint, find_faction
from armybuilder.kit.words import close_matches

from .headings import army_heading, ends_set_aside, section_name, set_aside, set_aside_label
from .lines import (
    ACTIVATIONS,
    ATTACHED,
    BARE_COUNT,
    BRACKETED,
    COPIES,
    COST_ONLY,
    COUNTED,
    CREDIT,
    DASH,
    DASH_KEY,
    FACTION_TAG,
    GLUED,
    HEADER,
    IN,
    INVISIBLE,
    JOIN,
    KEY,
    KEYS,
    LABEL_SEPARATED,
    LABEL_START,
    LEAD_IN,
    LINK,
    LIST_NUMBER,
    MAX_COST,
    MAX_LINE,
    MAX_LINES,
    PARENTHESES,
    POINTS_LINE,
    POINTS_VALUE,
    QUOTED,
    SECTIONS,
    SPLIT,
    TITLE_BARE_SIZE,
    TITLE_BRACKET_SIZE,
    TITLE_POINTS,
    TOTAL,
    clean,
    crossed_out,
    segments,
    take_cost,
)
from .model import Piece, Row
from .names import MAX_NAME, earlier, housed, lookup, misspelt, nickname, spellings, tokens
from .outline import Outline


class Lines(Outline):
    # --- pass 1: what each line is --------------------------------------------------------------------

    def read(self, text: str) -> ImportedList:
        lines = self.lines = text.splitlines()
        filled = sum(1 for line in lines if line.strip())
        if filled > MAX_LINES:
            self.problems.add(f"{filled:,} lines; a list is a few dozen — paste one list at a time", 1)
            self.problems.raise_if_any()
        self.title_line = self._above_header(lines)
        for number, raw in enumerate(lines, 1):
            if not raw.strip():
                continue
            row = Row(number, " ".join(raw.translate(INVISIBLE).split()))
            self.rows.append(row)
            if len(row.text) > MAX_LINE:
                self._error(
                    row, f"a line of {len(row.text):,} characters is no card line; shorten or remove it"
                )
                continue
            whole, raw, struck = crossed_out(row.text, raw)
            if whole:  # never a card of the list, whatever it names
                self._skip(row, whole)
                continue
            if struck:  # `Stark Bowmen (6) ~~+ Sworn Sword Captain (1)~~`: the rest of the line is read
                self.notes.append(f"Line {number}: {', '.join(repr(s) for s in struck)} crossed out; not read.")
            if "\t" in raw.strip():
                raw = self._cells(number, raw)
            indent, bullet, content = clean(raw)
            glued = GLUED.search(content)
            if glued and glued.start() > 0 and re.search(r"[^\W_]", content[: glued.start()]):
                # a blog glued `NCUs:` to the end of the line before: two lines in one
                self._line(row, content[: glued.start()].strip(), indent, bullet)
                self._line(row, content[glued.start() :].strip(), indent, "")
            else:
                self._line(row, content, indent, bullet)
        self._separated()
        return self._finish()

    def _line(self, row: Row, content: str, indent: int, bullet: str) -> None:
        """Read one line (or one part of a line a blog glued to the one before)."""
        if row.number == self.title_line:
            if any(lookup(self.catalogue, content)):  # a card's name or short form
                self.notes.append(
                    f"Line {row.number}: '{content}' above the list's header lines is read as its name, though a "
                    "card has that name too; if it is a card of the list, move it below the header."
                )
            if self.title_verbatim:  # our own sheet's title line: the list's name as it is written
                self.values["title"] = (content, row.number)
                row.said.append(f"name: {content}")
            else:
                self._title(row, content)
            return
        dash_key = DASH_KEY.fullmatch(content)
        if dash_key:  # `Commander - Robb Stark` is `Commander: Robb Stark`
            content = f"{dash_key['key']}: {dash_key['value']}"
        if not re.search(r"[^\W_]", content):
            self._skip(row, "separator")
            return
        if self._noted(row, content, indent):
            return
        aside = set_aside(content)
        if aside is not None:  # `Tactics deck (20 cards):`, `Sideboard:`: the lines under it are not the army
            self.aside = aside
            self._skip(row, f"{aside} heading")
            return
        if self.aside is not None:
            if not (ends_set_aside(self.aside) and (army_heading(content) or self._unit_or_ncu(content))):
                self._skip(row, f"under `{self.aside}:`, not part of the army")
                return
            self.aside = None
        parts = segments(content)
        if len(parts) > 1 and all(self._is_meta(s) for s in parts):
            for segment in parts:
                self._meta(row, segment, self.seen_card)
            return
        header = HEADER.fullmatch(content)
        name = section_name(header["name"]) if header else ""
        if section_name(content.rstrip(": ")) in SECTIONS:  # `Units (Attachments)`
            name = section_name(content.rstrip(": "))
        if name in SECTIONS:
            self.section, self.inline_section = SECTIONS[name], False
            self._skip(row, "section header")
            return
        if "commander" in (KEYS.get(name), KEYS.get(content.rstrip(": ").casefold())):  # `Commander:` alone
            self.awaiting_commander = True
            self._skip(row, "section header")
            return
        if self._is_meta(content):
            self._meta(row, content, self.seen_card)
            return
        lead = LEAD_IN.match(content)
        if lead and lead.end() < len(content):  # `Ste's list was …`: the sentence's start, then the list
            self.notes.append(
                f"Line {row.number}: '{lead.group().strip()}' before the cards is prose, not read."
            )
            content = content[lead.end() :]
        if LIST_NUMBER.fullmatch(content):  # `List 1`, `List 2:` above each of a player's lists
            if self.seen_card:  # the cards above were another list: never merge two lists into one
                self._error(row, f"'{content}' begins a second list after the cards of another; import each list on its own")
            else:
                self._skip(row, "list heading", content)
            return
        counted = COUNTED.match(content)
        if counted and section_name(counted["label"]) in SECTIONS:  # `NCUs (3): A, B, C`
            content = f"{counted['label']}: {content[counted.end() :]}"
        separated = LABEL_SEPARATED.match(content)
        if separated:  # `NCUs = Catelyn + Rodrik`, `NCUs - Catelyn, Rodrik`
            content = f"{separated['label']}: {content[separated.end() :]}"
        bare = LABEL_START.match(content)
        if bare and not KEY.fullmatch(content):  # `NCU's High Sparrow (C) and Tyrion`: no colon
            content = f"{bare['label']}: {content[bare.end() :]}"
        key = KEY.fullmatch(content)
        if key:
            label = section_name(key["key"])
            value = key["value"].strip()
            if self._reinforced(row, label, value, indent):  # our sheet's `Reinforcements: A (1), B (6)`
                return
            if set_aside_label(label):  # `Sideboard: Sansa Stark`, `Possible swaps: Sansa`: not the army's cards
                self._skip(row, f"{label}: not part of the army")
                return
            if label in SECTIONS and value:  # `NCUs: A, B & C`: a section and its names on one line
                self.section = SECTIONS[label]
                self.inline_section = True
                row.said.append(f"section: {self.section.value}")
                self.seen_card = True
                row.pieces += self._listed(row.number, value, indent)
                return
            if not value and not self.seen_card:  # `STANNIS BARATHEON:` above the cards: a heading
                self._title(row, key["key"].strip())
                return
            as_card = content.replace(":", ",", 1)  # an unknown key: skipped, unless it holds a card
            written = key["key"].strip()
            if self._whole_card(as_card):
                content = as_card
            elif value and self._known(row.number, written, False, self.section, indent) is not None:
                content = f"{written} + {value}"  # `Stark Sworn Swords: Robb Stark (C)`: a card, then its attachment
            elif value and self._parts(row.number, value, indent, self.section, quiet=True):
                content = value  # `Opponent: Jaqen H'ghar`: the cards read, the label set aside with a note
                self.notes.append(
                    f"Line {row.number}: `{written}:` is no label this reader knows; what follows it is read as cards."
                )
            elif value and self._names_cards(value):  # `Support: Catelyn, Rodrik`: never skipped unread
                self._error(
                    row,
                    f"`{written}:` is no label this reader knows, and the line names cards; write `NCUs:` or "
                    "`Units:` before them, or one card a line",
                )
                return
            else:
                self._skip(row, key["key"].strip().casefold())
                return
        content = self._unglued(row, content)
        pieces = self._pieces(row, content, indent, bullet, self.section)
        if (
            self.section is Slot.NCU
            and len(pieces) == 1
            and not (pieces[0].exact or pieces[0].short)
            and len(JOIN.split(content)) > 1
        ):  # under an `NCUs` heading, `Oberyn Martell, Doran Martell, Tyene Sand` on one line
            pieces = self._listed(row.number, content, indent)
        if (
            self.inline_section
            and pieces
            and not any(c.kind is CardKind.NCU for c in pieces[0].exact or pieces[0].short)
        ):  # `NCU: Tyrion (The Imp)` named its NCU; this line is a unit again
            self.section, self.inline_section = None, False
            pieces = self._pieces(row, content, indent, bullet, None)
        elif (
            self.section is Slot.NCU
            and pieces
            and not pieces[0].attached
            and pieces[0].exact
            and all(c.kind is CardKind.COMBAT_UNIT for c in pieces[0].exact)
        ):  # a combat unit's own name under an `NCUs` heading: the NCUs have ended, the units begin
            self.section = None
            pieces = self._pieces(row, content, indent, bullet, None)
        marked_up = (
            bool(bullet)
            or self.section is not None
            or any(p.marked or (p.cost is not None and p.cost <= MAX_COST) for p in pieces)
        )
        known = any(p.exact or len(p.short) == 1 for p in pieces)
        if self.awaiting_commander:
            self.awaiting_commander = False
            pieces[0].header = pieces[0].marked = True
            self._set_commander(row, pieces[0])
            row.pieces += pieces[:1]
            return
        if (
            not self.seen_card
            and not marked_up
            and not known
            and not self._close(content)
            and not self._starts_with_unit(content)
        ):
            self._title(row, content)
            return
        if (
            not any(p.exact or p.short for p in pieces)
            and _prose(content, pieces)
            and not self._names_cards(content)
            and not self._starts_with_unit(content)
        ):
            self._skip(row, "prose", content)
            return
        self.seen_card = True
        row.pieces += pieces

    def _listed(self, number: int, value: str, indent: int) -> list[Piece]:
        """The cards of `NCUs: A, B & C` (a name with a comma in it kept whole when it is one card)."""
        whole = self._parts(number, value, indent, self.section, quiet=True)
        if whole and all(p.exact or p.short for p in whole):
            return whole
        commas = [p for p in value.split(",") if p.strip()]
        out: list[Piece] = []
        i = 0
        while i < len(commas):
            # `Catelyn Stark, Lady of Winterfell` is one name; `Jeyne Poole, Arya Stark, Bride of Bolton` and
            # `Selyse & Shireen, Queen and Princess` too (a joiner inside a card's name is no joiner)
            for size in (3, 2, 1):  # (1: a name holding a joiner, `Scorpion et Équipe de Constructeurs`)
                if i + size <= len(commas):
                    joined = self._parts(number, ",".join(commas[i : i + size]), indent, self.section, quiet=True)
                    if joined and all(p.exact for p in joined):
                        out += joined
                        i += size
                        break
            else:  # one name, or several joined by `&`, `and`, `+`
                out += [p for part in JOIN.split(commas[i]) if part.strip() for p in self._parts(number, part, indent, self.section)]
                i += 1
        return out

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
        if found is None and text.endswith(":"):  # `FREE FOLK (MANCE RAYDER):`, a heading naming the faction
            found = find_faction(self.catalogue, PARENTHESES.sub("", text).rstrip(": "))
            return found is not None
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
            heading = PARENTHESES.sub("", text).rstrip(": ")
            found = find_faction(self.catalogue, heading)
            if seen_card and found is not None and found.key == NEUTRAL:  # `Neutral:` over a list's neutral cards
                self._skip(row, "heading over the neutral cards", text)
            else:
                self._key(row, "faction", "Faction", heading)

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
            elif self.points is not None and self.points[0] != int(size["b"] or size["a"]):
                self._error(  # `Stark 40` above `Points: 50`: which is it?
                    row,
                    f"`{written}: {value}` disagrees with the game size {self.points[0]} on line {self.points[1]}; "
                    "give the size once",
                )
            else:
                self.points = (int(size["b"] or size["a"]), row.number)
                row.said.append(f"points: {self.points[0]}")
        elif key == "commander":
            name, cost, _ = take_cost(value)
            piece = Piece(row.number, name, cost, True, False, None, 0, header=True)
            piece.exact, piece.short = lookup(self.catalogue, name)
            if not piece.exact and not piece.short:
                piece.short, piece.guess = earlier(self.catalogue, name), "renamed"
            if not piece.exact and not piece.short:
                piece.short, piece.guess = misspelt(self.catalogue, name), "misspelling"
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
        size = TITLE_POINTS.search(text) or TITLE_BRACKET_SIZE.search(text)
        if size is not None and self.points is None:
            self.points = (int(size["n"]), row.number)
            text = " ".join(f"{text[: size.start()]} {text[size.end() :]}".split()).strip(" -–—:|,")
            row.said.append(f"points: {self.points[0]}")
        bare = TITLE_BARE_SIZE.fullmatch(text) if self.points is None else None
        if bare is not None:
            before, after = bare["before"], bare["after"]
            alone = find_faction(self.catalogue, f"{before} {after}".strip())  # `Stark 40`: a house and a size
            if alone or (  # `Free Folk 40 – Varamyr`, `Stark 50 (Robb)`: a house and a size, then the list's name
                after.lstrip()[:1] in ("-", "–", "—", ":", "|", "(")
                and after.strip(" -–—:|")
                and find_faction(self.catalogue, before.strip(" -–—:|,()[]"))
            ):
                self.points = (int(bare["n"]), row.number)
                joined = f"{before} {after}"
                text = joined.strip(" -–—:|,()[]") if alone else " ".join(joined.split()).strip(" -–—:|,")
                row.said.append(f"points: {self.points[0]}")
        if text and find_faction(self.catalogue, text) is not None and "faction" not in self.values:
            self._key(row, "faction", "Faction", text)  # `**Stark - 40pts**`
        elif text and "name" not in self.values and "title" not in self.values:
            text = text.rstrip(" :") or text  # `Hylo’s List 1 and 2:` above the cards: the colon is no part of it
            self.values["title"] = (text, row.number)
            row.said.append(f"name: {text}")
        elif text:
            self._skip(row, "title")

    def _cells(self, number: int, raw: str) -> str:
        """`The Warrior’s Sons<TAB>The High Sparrow`: a table's cells copied from a page, a tab between each.
        A cell that begins with a letter after a card's whole name (its cost cell too) is what joins that
        card, `+`, as if run together (`_unglued`); any other tab is a space, as it always was."""
        body = raw.lstrip()
        cells = [c.strip() for c in body.split("\t") if c.strip()]
        text = segment = cells[0]
        for cell in cells[1:]:
            if cell[0].isalpha() and len(segment) <= _LONGEST and self._whole_card(segment):
                self.notes.append(f"Line {number}: '{segment}' and '{cell}' stand in cells of their own: read as {segment} + {cell}.")
                text, segment = f"{text} + {cell}", cell
            else:
                text, segment = f"{text} {cell}", f"{segment} {cell}"
        return raw[: len(raw) - len(body)] + text

    def _unglued(self, row: Row, content: str) -> str:
        """`The Warrior’s SonsThe High Sparrow`: a page that sets a unit and its attachment apart by layout
        alone (two cells, two spans) pastes them as one word. Where a card's whole name ends with a small
        letter, a quote or a bracket and a capital follows, the line is that card and what comes after it
        (no card's name has such a seam inside it); a note says so."""
        for seam in range(1, min(len(content), _LONGEST + 1)):  # a card's name first, so a seam near the start
            if not (content[seam].isupper() and (content[seam - 1].islower() or content[seam - 1] in "’')")):
                continue
            left, right = content[:seam], content[seam:]
            if self._whole_card(left):
                self.notes.append(
                    f"Line {row.number}: '{left}' and '{right}' are written together with no space or mark "
                    f"between them: read as {left} + {right}."
                )
                return f"{left} + {self._unglued(row, right)}"  # `…SwordsRobb StarkGrey Wind`: each seam
        return content

    def _starts_with_unit(self, text: str) -> bool:
        """Whether `text`, split at its dashes and joiners, names a card in one of its parts: a combat unit's
        name first (`Stark Sworn Swords – Catelyn Stark`, `Halberdiers with Tywin`) or a card's whole name
        after a joiner (`Unsullied w/ Grey Worm`), or a combat unit's whole name and more words (`_unit_first`)
        — a card line, never the list's title or prose."""
        if self._unit_first(text):
            return True
        parts = [p for d in DASH.split(text) for p in SPLIT.split(d)]
        if len(parts) < 2:
            return False
        for i, part in enumerate(parts):
            if find_faction(self.catalogue, part) is not None:  # `My List - Stark - 40`: a title naming its house
                continue
            if i == 0 and self._close(part):  # `Umber Berzerkers w/ Greatjon`: a misspelt unit first
                return True
            piece = self._known(0, part, False, None, 0)
            if piece is None:
                continue
            if piece.exact if i > 0 else any(c.kind is CardKind.COMBAT_UNIT for c in piece.exact or piece.short):
                return True
        return False

    def _unit_first(self, text: str) -> bool:
        """Whether `text` begins with a combat unit's whole name and goes on (`Veterans of the Watch on Jon
        Snow`, a joiner this reader does not know): a card line to report if it cannot be read, never the
        list's title taken silently with the unit lost."""
        words = text.split(maxsplit=_UNIT_WORDS)[:_UNIT_WORDS]
        for k in range(len(words) - 1, 0, -1):
            exact = lookup(self.catalogue, " ".join(words[:k]))[0]
            if exact:
                return any(c.kind is CardKind.COMBAT_UNIT for c in exact)
        return False

    def _unit_or_ncu(self, text: str) -> bool:
        """Whether a line is a combat unit's or an NCU's line (no tactics card's): the whole name of one, alone
        or before an attachment (`Unit + Attachment`); a `Commander: cards` line of a tactics deck is not."""
        if ":" in text:
            return False
        name = take_cost(SPLIT.split(text)[0])[0]
        return any(c.kind in (CardKind.COMBAT_UNIT, CardKind.NCU) for c in lookup(self.catalogue, name)[0])

    def _names_cards(self, text: str) -> bool:
        """Whether a part of `text` (split at its commas, joiners and dashes) is a card's whole name."""
        parts = [q for p in JOIN.split(text) for d in DASH.split(p) for q in SPLIT.split(d) if q.strip()]
        return any(self._whole_card(part) for part in parts)

    def _whole_card(self, text: str) -> bool:
        """Whether `text`, its cost and commander mark taken off, is a card's whole name."""
        return bool(lookup(self.catalogue, take_cost(text)[0])[0])

    def _close(self, text: str) -> bool:
        """Whether `text` is close to a card's name (a misspelt card, not a title)."""
        name = take_cost(text)[0]
        words = " ".join(tokens(name))
        return bool(words) and bool(close_matches(words, spellings(self.catalogue), 1, 0.85))

    def _pieces(self, row: Row, content: str, indent: int, bullet: str, section: Slot | None) -> list[Piece]:
        """The cards a line writes: one, or a unit and its attachments (`Unit (7) + Jon Snow (C)`), as many
        times as a `2x` says."""
        copies = COPIES.search(content)
        if copies:
            content = (content[: copies.start()] + content[copies.end() :]).strip()
        times = int(next(n for n in copies.groups() if n)) if copies else 1
        bare = None if copies else BARE_COUNT.match(content)
        pieces, times = self._bare_count(row.number, content, bare, indent, section) if bare else ([], times)
        if not pieces:
            pieces = self._parts(row.number, content, indent, section)
        if times > 1 and len(pieces) > 1:
            self.notes.append(
                f"Line {row.number}: {times} copies of {pieces[0].name} read, each with "
                f"{', '.join(p.name for p in pieces[1:])}; write one unit a line if only one copy takes it."
            )
        for piece in pieces:
            piece.copies = times
        return pieces + [replace(p) for _ in range(times - 1) for p in pieces]

    def _bare_count(
        self, number: int, content: str, bare: re.Match[str], indent: int, section: Slot | None
    ) -> tuple[list[Piece], int]:
        """The cards of `2 Stark Bowmen`, a line that begins with a bare number before a card's name, and how
        many copies: ([], 1) when the rest is no card (the number is then part of what is read). The number is
        the card's cost written first when it is that (`6 Stark Bowmen`: its first piece's `cost`, one copy);
        else a count, with a note."""
        n = int(bare["n"])
        pieces = self._parts(number, content[bare.end() :], indent, section, quiet=True)
        first = pieces[0] if pieces else None
        if first is None or first.guess or not (first.exact or first.short):
            return [], 1
        costs = {card.cost for card in first.exact or first.short}
        if n in costs and first.cost is None:  # the cost of a version of the card (`4 Catelyn Stark`)
            first.cost = n
            return pieces, 1
        printed = min((c for c in costs if c is not None), default=None)
        cost = f" (`{first.name} ({printed})`)" if printed is not None else ""
        self.notes.append(
            f"Line {number}: '{n}' before {first.name} read as {n} copies; write `{n}x` to say so, or the cost "
            f"after the name{cost} if it is one."
        )
        return pieces, n

    def _parts(
        self,
        number: int,
        content: str,
        indent: int,
        section: Slot | None,
        quiet: bool = False,
        join: bool = True,
    ) -> list[Piece]:
        """The cards one line's text writes, trying the layouts players use in turn: one card; a unit and
        its attachments joined by `+`, `with`, `&`; `Attachment in Unit`; `Unit (5) – Attachment (0)`;
        `Unit (Attachment, …)`; one card and a comment after a dash; a nickname; a misspelling. `quiet`:
        [] when nothing fits, else the whole text as one (unknown) piece. `join`: False for a part of a line
        already split at its joiners (it is not split again: each part is read once, so a line costs time in
        proportion to its length)."""
        attached = False
        prefix = ATTACHED.match(content)
        if prefix and prefix.end() < len(content):
            attached, content = True, content[prefix.end() :]
        whole = self._piece(number, content, attached, section, indent)
        if whole.exact or whole.short:
            return [whole]
        for layout in (self._joined, self._inside, self._dashed, self._bracketed):
            if layout == self._joined and not join:
                continue
            found = layout(number, content, attached, section, indent)
            if found:
                return found
        for how, cards in (("nickname", nickname), ("renamed", earlier), ("house", housed), ("misspelling", misspelt)):
            found_cards = cards(self.catalogue, whole.name)
            if found_cards:
                whole.short, whole.guess = found_cards, how
                return [whole]
        commented = self._commented(number, content, attached, section, indent, join)
        if commented:
            return commented
        unquoted = QUOTED.sub("", content).strip()
        if unquoted != content and unquoted:  # `"Stannisbane" the Mammoth`: the author's name for a model
            found = self._parts(number, unquoted, indent, section, quiet=True, join=join)
            if found:
                for piece in found:
                    piece.attached = piece.attached or attached
                    piece.comment = piece.comment or content
                return found
        return [] if quiet else [whole]

    def _known(
        self, number: int, text: str, attached: bool, section: Slot | None, indent: int
    ) -> Piece | None:
        piece = self._piece(number, text, attached, section, indent)
        if piece.exact or piece.short:
            return piece
        for how, cards in (("nickname", nickname), ("renamed", earlier), ("house", housed), ("misspelling", misspelt)):
            found = cards(self.catalogue, piece.name)
            if found:
                piece.short, piece.guess = found, how
                return piece
        return None

    def _joined(
        self, number: int, content: str, attached: bool, section: Slot | None, indent: int
    ) -> list[Piece]:
        """`Unit (7) + Jon Snow (C)`, `Unit with Name - Subname`, `Unit with A with B`: the unit, then each
        card joined to it. The text is split once at every joiner and each part read once; two neighbours
        are read together first when together they spell one card (`Bran & Hodor`), never more than two —
        so a line of many joiners costs a pass per part, not one per pair of parts (quadratic)."""
        texts: list[str] = []
        joiners: list[str] = []
        start = 0
        for joiner in SPLIT.finditer(content):
            texts.append(content[start : joiner.start()])
            joiners.append(joiner.group())
            start = joiner.end()
        if not joiners:
            return []
        texts.append(content[start:])
        out: list[Piece] = []
        i = 0
        while i < len(texts):
            if i + 1 < len(texts):  # `with Bran & Hodor`: one card
                pair = self._parts(number, texts[i] + joiners[i] + texts[i + 1], indent, section, True, False)
                if len(pair) == 1 and pair[0].exact:
                    out += self._joining(pair, attached or i > 0)
                    i += 2
                    continue
            found = self._parts(number, texts[i], indent, section, quiet=True, join=False)
            if not found:
                if i == 0:
                    return []
                found = [self._piece(number, texts[i], True, section, indent)]  # unknown: a problem at its line
            out += self._joining(found, attached or i > 0)
            i += 1
        if not (out[0].exact or out[0].short):
            return []
        return out

    @staticmethod
    def _joining(pieces: list[Piece], attached: bool) -> list[Piece]:
        for piece in pieces:
            piece.attached = piece.attached or attached
        return pieces

    def _inside(
        self, number: int, content: str, attached: bool, section: Slot | None, indent: int
    ) -> list[Piece]:
        """`Jon Snow (C) in Sworn Brothers`, `Commander Jon Snow in Sworn Brothers`: the unit, then who leads it."""
        found = IN.search(content)
        if found is None:
            return []
        leader = self._known(number, content[: found.start()], True, section, indent)
        unit = self._known(number, content[found.end() :], attached, section, indent)
        if leader is None or unit is None:
            return []
        return [unit, leader]

    def _dashed(
        self, number: int, content: str, attached: bool, section: Slot | None, indent: int
    ) -> list[Piece]:
        """`Unit (5) – Attachment (0)`: a unit and its attachment, with their costs; or without costs when
        the text before the dash names exactly one combat unit and the text after it an attachment
        (`House Bolton Cutthroats – Ramsay Snow (The Bastard of Bolton)`)."""
        parts = DASH.split(content, maxsplit=1)
        if len(parts) != 2:
            return []
        unit = self._known(number, parts[0], attached, section, indent)
        attachment = self._known(number, parts[1], True, section, indent)
        if unit is None or attachment is None:
            return []
        if take_cost(parts[0])[1] is None and not (
            (unit.exact or unit.short)
            and all(c.kind is CardKind.COMBAT_UNIT for c in unit.exact or unit.short)
            and any(c.kind is CardKind.ATTACHMENT for c in attachment.exact or attachment.short)
        ):  # `Outriders - Blackfish (Vanguard)`: a unit's short form too, when an attachment follows
            return []
        return [unit, attachment]

    def _bracketed(
        self, number: int, content: str, attached: bool, section: Slot | None, indent: int
    ) -> list[Piece]:
        """`Unit (Attachment)`, `Unit (Commander, Attachment)`: the unit, then the cards in its brackets."""
        name, cost, marked = take_cost(content)
        found = BRACKETED.fullmatch(name)
        if found is None:
            return []
        unit = self._known(number, found["unit"], attached, section, indent)
        if unit is None:
            return []
        units_only = all(c.kind is CardKind.COMBAT_UNIT for c in unit.exact or unit.short)
        if not units_only:  # `Blackfish (Vanguard)`: a character and a word of its subname, never two cards
            return []
        unit.cost = cost
        parts = [ATTACHED.sub("", part.strip(), count=1) for part in found["inner"].split(",")]
        pieces: list[Piece] = []
        i = 0
        while i < len(parts):  # `(Daenerys Targaryen, Mother of Dragons, Commander)`: a name and subname
            joined = (
                self._known(number, f"{parts[i]}, {parts[i + 1]}", True, section, indent)
                if i + 1 < len(parts)
                else None
            )
            if joined is not None and joined.exact:
                pieces.append(joined)
                i += 2
                continue
            piece = self._known(number, parts[i], True, section, indent)
            if piece is None and not units_only:
                return []  # `Brynden Tully (Unyeilding Knight)`: a name and its (misspelt) subname
            if piece is None:  # `Stark Sworn Swords (Model Only Robb Stark)`: the unit, and this part a problem
                piece = self._piece(number, parts[i], True, section, indent)
            pieces.append(piece)
            i += 1
        if not pieces:
            return []
        if marked:  # `Unit (Jon Snow, Commander)`: the word marks the name before it
            pieces[-1].marked = True
        return [unit, *pieces]

    def _commented(
        self, number: int, content: str, attached: bool, section: Slot | None, indent: int, join: bool = True
    ) -> list[Piece]:
        """`Unit – my favourite`: a card, then a comment after a dash (kept as a note)."""
        parts = DASH.split(content, maxsplit=1)
        if len(parts) != 2:
            return []
        after = DASH.split(parts[1], maxsplit=1)
        if len(after) == 2 and COST_ONLY.fullmatch(after[0].strip()):  # `Unit - 5pts - Attachment (C)`
            cost = after[0].strip().strip("()[]")
            return self._parts(number, f"{parts[0]} ({cost}) – {after[1]}", indent, section, quiet=True, join=join)
        found = self._parts(number, parts[0], indent, section, quiet=True, join=join)
        rest, _, marked = take_cost(parts[1])
        if not found or marked or any(lookup(self.catalogue, rest)) or self._names_cards(rest):
            return []  # the rest names a card itself, or has one among its parts (`…, Sansa Stark`), or a (C)
        for piece in found:
            piece.attached = piece.attached or attached
        found[-1].comment = parts[1].strip()
        return found

    def _piece(self, number: int, text: str, attached: bool, section: Slot | None, indent: int) -> Piece:
        name, cost, marked = take_cost(text)
        piece = Piece(number, name or text, cost, marked, attached, section, indent)
        piece.exact, piece.short = lookup(self.catalogue, piece.name)
        tag = FACTION_TAG.search(text)  # `Stormcrow Mercenaries [neutral]`: which house's card of that name
        if tag:
            piece.house = tag["house"].casefold()
        return piece


_UNIT_WORDS = 10  # words: no card's whole name has more (German `Gefolgsmänner des Berges von Haus Clegane`: 6)
# characters: a card's title (`MAX_NAME`) with a cost and a commander mark after it; no seam or cell further
# along a line is asked about (a hostile line of a hundred seams costs a few look-ups, not one per seam)
_LONGEST = MAX_NAME + 20


def _prose(content: str, pieces: list[Piece]) -> bool:
    """A sentence about the list (`Ste's list was …`), not a card: many words, no cost, no mark."""
    words = content.split()
    return len(words) >= 7 and not any(p.cost is not None or p.marked for p in pieces)
