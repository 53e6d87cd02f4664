"""War Council share codes (CMON's official app): base64 of a protocol buffers message.

The message, as the app writes it (read from real codes; every field in this order, none packed):

    2  list name            string
    3  faction number       varint (see WAR_COUNCIL_FACTIONS)
    4  points limit         varint
    5  always 0             varint
    11 combat unit          message, repeated: {1 unit id (varint), 2 attachment id (varint, repeated)}
    12 NCU id               varint, repeated

The commander is one of its unit's attachments (or the unit itself). Card ids are the ids of our data.

Reading is strict about what it understands and refuses anything malformed: text that is not base64,
bytes that are not a message (truncated varints, lengths past the end, group wire types), a known field
with the wrong wire type or given twice, a faction number or id of no card. A well-formed field with a
number the app is not known to use is skipped, as protocol buffers readers do, and the YAML comment says
so: a newer app may add fields, and refusing those codes would help nobody.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from armybuilder.games.asoiaf.cards import CardKind
from armybuilder.games.asoiaf.listwriter import Origin

from . import wire
from .common import (
    Collector,
    ImportedList,
    InterchangeError,
    check_size,
    default_points,
    resolve_id,
    resolved,
)

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.check import ListReport

# War Council's faction numbers. Brotherhood Without Banners' number is not known: its lists are refused.
WAR_COUNCIL_FACTIONS = {
    1: "lannister",
    2: "stark",
    3: "freefolk",
    4: "neutral",
    5: "nightswatch",
    6: "baratheon",
    7: "targaryen",
    8: "greyjoy",
    9: "martell",
    10: "bolton",
}
FACTION_NUMBERS = {key: number for number, key in WAR_COUNCIL_FACTIONS.items()}

NAME, FACTION, POINTS, ALWAYS_ZERO, UNIT, NCU = 2, 3, 4, 5, 11, 12
UNIT_ID, ATTACHMENT_ID = 1, 2

_BASE64 = re.compile(r"[A-Za-z0-9+/_-]+={0,2}")


QUOTES = "\"'`“”‘’"  # around a code pasted from a chat or a forum


def decode_base64(text: str) -> bytes | None:
    """The bytes of a base64 text (standard or URL-safe, padding optional; wrapped over lines, or in the
    quotes or backticks a chat shows it in), or None when it is not base64."""
    compact = "".join(text.split()).strip(QUOTES)
    if not compact or not _BASE64.fullmatch(compact) or len(compact.rstrip("=")) % 4 == 1:
        return None
    compact = compact.rstrip("=").translate(str.maketrans("-_", "+/"))
    try:
        return base64.b64decode(compact + "=" * (-len(compact) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None


def looks_like(text: str) -> bool:
    """Whether `text` is base64 of a message carrying a War Council faction number (for `detect`)."""
    data = decode_base64(text)
    if not data:
        return False
    try:
        return any(f.number == FACTION and f.wire_type == wire.VARINT for f in wire.fields(data))
    except wire.WireError:
        return False


_RUN = re.compile(r"[A-Za-z0-9+/_-]{16,}={0,2}")  # a line that may be a code (or part of one)
# a code among other words: a whole word, or a link's value (`?code=…`), never part of a longer word
_WORD = re.compile(r"(?<![^\s\"'`“”‘’=(\[<:])[A-Za-z0-9+/_-]{16,}={0,2}(?![^\s\"'`“”‘’&#)\]>.,;])")


def _whole(code: str, *, units: bool = False) -> bool:
    """Whether `code` is a whole share code: base64 of fields that read to the end, with a faction War
    Council numbers (and, with `units`, at least one unit: a code among other words must be a list's, since
    a stretch of base64 in a sentence, a booking reference, may carry a faction field by chance)."""
    data = decode_base64(code)
    if not data:
        return False
    try:
        fields = list(wire.fields(data))
    except wire.WireError:
        return False
    faction = any(f.number == FACTION and f.wire_type == wire.VARINT and f.value in WAR_COUNCIL_FACTIONS for f in fields)
    return faction and (not units or any(f.number == UNIT for f in fields))


def _a_list(code: str) -> bool:
    return _whole(code, units=True)


_TAIL = re.compile(r"[A-Za-z0-9+/_-]+={0,2}")  # a line that may go on with a code wrapped onto it
_MAX_WRAP = 20  # lines a code may be wrapped over


def _bare(line: str) -> str:
    """A line without its spaces, an e-mail reply's `>` marks, or the quotes a chat puts around a code."""
    return line.strip().lstrip(">").strip().strip(QUOTES)


def _wrapped(lines: list[str], after: int, code: str, is_code: Callable[[str], bool]) -> tuple[str, int]:
    """`code` with the lines after it that go on with it (base64 alone on their line, of any length, as a
    mail client wraps a code): the longest such join that is still a code, and how many lines it took. A
    code cut at a line's end may decode as a shorter list, so the join is tried first."""
    tails: list[str] = []
    while after + len(tails) < len(lines) and len(tails) < _MAX_WRAP:
        bare = _bare(lines[after + len(tails)])
        if not _TAIL.fullmatch(bare):
            break
        tails.append(bare)
    for taken in range(len(tails), 0, -1):
        joined = code + "".join(tails[:taken])
        if is_code(joined):
            return joined, taken
    return code, 0


def embedded(text: str) -> list[tuple[int, int, str]]:
    """The share codes in a longer text (an e-mail, a forum post, a Markdown fence, a link): (first line,
    last line, code) each. A code is joined with the lines of base64 after it (wrapped by a mail client), unless each of them
    is a whole code of its own (two codes, one per line)."""
    found: list[tuple[int, int, str]] = []
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        bare = _bare(lines[number])
        if _RUN.fullmatch(bare):  # a line of base64 alone: with the lines like it after it
            run = [bare]  # (at most a wrap's lines: a text of thousands of base64 lines stays linear)
            while number + len(run) < len(lines) and len(run) <= _MAX_WRAP and _RUN.fullmatch(nxt := _bare(lines[number + len(run)])):
                run.append(nxt)
            if len(run) > 1 and all(looks_like(part) for part in run):
                found += [(number + 1 + i, number + 1 + i, part) for i, part in enumerate(run)]
                number += len(run)
                continue
            code, taken = _wrapped(lines, number + 1, bare, _whole)
            if taken or looks_like(bare):
                found.append((number + 1, number + 1 + taken, code))
            number += 1 + taken
            continue
        line = lines[number].rstrip()
        taken = 0
        for match in _WORD.finditer(line):
            if match.end() == len(line.rstrip("\"'`“”‘’")):  # at the line's end: it may go on below
                code, taken = _wrapped(lines, number + 1, match.group(), _a_list)
                if taken or _a_list(code):
                    found.append((number + 1, number + 1 + taken, code))
            elif _a_list(match.group()):
                found.append((number + 1, number + 1, match.group()))
        number += 1 + taken
    return found


def read(text: str, catalogue: Catalogue, source: str, given: int | None = None) -> ImportedList:
    check_size(text, source)
    problems = Collector(source)
    codes = embedded(text)
    if len(codes) > 1:
        at = ", ".join(str(first) for first, _, _ in codes[:10])
        raise InterchangeError(
            f"the text holds {len(codes)} War Council share codes (lines {at}); give one list per file", path=source
        )
    notes: list[str] = []
    if codes and codes[0][2] != "".join(text.split()).strip(QUOTES):  # a code in a longer text: read, the rest told
        first, last, code = codes[0]
        others = sum(1 for n, words in enumerate(text.splitlines(), 1) if words.strip() and not first <= n <= last)
        rest = f"the other {others} line(s) of the text were" if others else "the words around it were"
        where = f"line {first}" if first == last else f"lines {first}-{last} (wrapped)"
        notes.append(f"read the share code on {where}; {rest} not read.")
        text = "\n" * (first - 1) + code  # (the code's line: where problems point)
    data = decode_base64(text)
    if data is None:
        raise InterchangeError(
            "not a War Council share code: it is not base64 (letters, digits, + and / only)", path=source
        )
    name: str | None = None
    faction_number: int | None = None
    points: int | None = None
    units: list[tuple[int, list[int]]] = []
    ncus: list[int] = []
    seen: set[int] = set()
    try:
        for f in wire.fields(data):
            if f.number in (NAME, FACTION, POINTS, ALWAYS_ZERO):
                if f.number in seen:
                    raise wire.WireError(f"field {f.number} is given twice")
                seen.add(f.number)
            expected = {NAME: wire.LENGTH, UNIT: wire.LENGTH}.get(f.number, wire.VARINT)
            if f.number in (NAME, FACTION, POINTS, ALWAYS_ZERO, UNIT, NCU) and f.wire_type != expected:
                raise wire.WireError(f"field {f.number} has wire type {f.wire_type}, expected {expected}")
            if f.number == NAME:
                assert isinstance(f.value, bytes)
                try:
                    name = f.value.decode("utf-8")
                except UnicodeDecodeError:
                    raise wire.WireError("the list name is not UTF-8 text") from None
            elif f.number == FACTION:
                assert isinstance(f.value, int)
                faction_number = f.value
            elif f.number == POINTS:
                assert isinstance(f.value, int)
                points = f.value
            elif f.number == ALWAYS_ZERO:
                assert isinstance(f.value, int)
                if f.value != 0:
                    notes.append(f"the share code's field 5 is {f.value} (War Council writes 0); ignored.")
            elif f.number == UNIT:
                assert isinstance(f.value, bytes)
                units.append(_unit(f.value, len(units) + 1, notes))
            elif f.number == NCU:
                assert isinstance(f.value, int)
                ncus.append(f.value)
            else:
                notes.append(
                    f"skipped field {f.number} of the share code: War Council is not known to use it."
                )
    except wire.WireError as exc:
        raise InterchangeError(f"not a War Council share code: {exc}", path=source) from None
    if faction_number is None:
        raise InterchangeError("not a War Council share code: it names no faction (field 3)", path=source)
    key = WAR_COUNCIL_FACTIONS.get(faction_number)
    faction = catalogue.factions.get(key) if key else None
    if faction is None:
        raise InterchangeError(
            f"the share code's faction number {faction_number} is not one War Council is known to use (1-10); "
            "Brotherhood Without Banners' number is not known, so its codes are not supported",
            path=source,
        )
    if points is not None and not 0 < points <= 1000:
        raise InterchangeError(f"the share code's points limit {points} is not a game size", path=source)
    spec = ImportedList(faction=faction.key, points=points or 0, name=name or None, notes=notes)
    spec.origin = Origin(default=1 + text[: len(text) - len(text.lstrip())].count("\n"))  # the code's line
    for number, (unit_id, attachment_ids) in enumerate(units, 1):
        unit = resolve_id(catalogue, unit_id, CardKind.COMBAT_UNIT, f"combat unit {number}", problems, None)
        attachments = [
            card
            for att in attachment_ids
            if (
                card := resolve_id(
                    catalogue, att, CardKind.ATTACHMENT, f"attachment of combat unit {number}", problems, None
                )
            )
            is not None
        ]
        if unit is not None:
            spec.units.append((unit, attachments))
    for number, ncu_id in enumerate(ncus, 1):
        card = resolve_id(catalogue, ncu_id, CardKind.NCU, f"NCU {number}", problems, None)
        if card is not None:
            spec.ncus.append(card)
    problems.raise_if_any()
    if points is None:
        default_points(spec, catalogue, "the share code", given)
    return spec


def _unit(data: bytes, number: int, notes: list[str]) -> tuple[int, list[int]]:
    unit_id: int | None = None
    attachments: list[int] = []
    for f in wire.fields(data):
        if f.number in (UNIT_ID, ATTACHMENT_ID) and f.wire_type != wire.VARINT:
            raise wire.WireError(
                f"combat unit {number}: field {f.number} has wire type {f.wire_type}, expected 0"
            )
        if f.number == UNIT_ID:
            if unit_id is not None:
                raise wire.WireError(f"combat unit {number} gives two unit ids")
            assert isinstance(f.value, int)
            unit_id = f.value
        elif f.number == ATTACHMENT_ID:
            assert isinstance(f.value, int)
            attachments.append(f.value)
        else:
            notes.append(
                f"skipped field {f.number} of combat unit {number}: War Council is not known to use it."
            )
    if unit_id is None:
        raise wire.WireError(f"combat unit {number} has no unit id")
    return unit_id, attachments


def _card_id(card_id: str, title: str) -> int:
    if not card_id.isdigit():
        raise InterchangeError(f"cannot export as warcouncil: {title} has the id {card_id!r}, not a number")
    return int(card_id)


def write(report: ListReport, catalogue: Catalogue) -> str:
    """The share code of a validated list (the app's own field layout, so its codes come back unchanged)."""
    army = resolved(report, "warcouncil")
    number = FACTION_NUMBERS.get(army.faction.key)
    if number is None:
        raise InterchangeError(
            f"cannot export as warcouncil: War Council's number for {army.faction.name} is not known",
            path=report.path,
        )
    if army.enemy_attachments:
        raise InterchangeError(
            "cannot export as warcouncil: a share code has no place for enemy attachments", path=report.path
        )
    if army.points is None:
        raise InterchangeError("cannot export as warcouncil: the list has no `points:`", path=report.path)
    out = bytearray()
    if army.name:
        out += wire.bytes_field(NAME, army.name.encode("utf-8"))
    out += wire.varint_field(FACTION, number)
    out += wire.varint_field(POINTS, army.points)
    out += wire.varint_field(ALWAYS_ZERO, 0)
    for unit, attachments in army.units:
        body = wire.varint_field(UNIT_ID, _card_id(unit.card.id, unit.card.title))
        for att in attachments:
            body += wire.varint_field(ATTACHMENT_ID, _card_id(att.card.id, att.card.title))
        out += wire.bytes_field(UNIT, body)
    for ncu in army.ncus:
        out += wire.varint_field(NCU, _card_id(ncu.card.id, ncu.card.title))
    return base64.b64encode(bytes(out)).decode("ascii") + "\n"


@dataclass(frozen=True)
class ShareCode:
    """A list's War Council share code for its sheet and its batch row, or why it has none."""

    code: str | None
    why_not: str | None = None  # "Brotherhood Without Banners has no known War Council number", …

    def as_dict(self) -> dict[str, str | None]:
        return {"code": self.code, "why_not": self.why_not}


def share_code(report: ListReport) -> ShareCode:
    """The share code of a checked list (whether or not it is legal), or the reason it cannot have one."""
    ctx = report.context
    if ctx is None:
        return ShareCode(None, "the list cannot be read")
    faction = report.army.faction
    if faction is not None and faction.key not in FACTION_NUMBERS:
        return ShareCode(None, f"War Council's faction number for {faction.name} is not known")
    try:
        return ShareCode(write(report, ctx.catalogue).strip())
    except InterchangeError as exc:
        return ShareCode(None, exc.message.removeprefix("cannot export as warcouncil: "))
