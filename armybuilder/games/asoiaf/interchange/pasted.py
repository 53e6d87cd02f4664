"""Lists as players paste them into e-mails, forum posts and chat (format `text`), read with the card
catalogue rather than a fixed layout:

    Veterans of the Watch (7)              Commander: Eddard Stark – Lord of Winterfell
    Jon Snow (C)                           Points: 40 | Activations: 7
    Sworn Brothers (7)                     Combat Units:
    Watch Captain (3)                      - House Umber Berserkers (6 pts)
    Aemon (4)                                with Umber Champion (1 pts)

How a line is read, once markdown (headings, quotes, emphasis), bullets and numbering are taken off:

- `Key: value` lines: `Faction:` (`House:`, `Army:`), `Commander:`, `Points:` (`Size:`), `Name:` (`List:`,
  `Title:`), `Player:`; any other key (`Activations: 7`, `Total: 38`) is skipped. Several may share a
  line, split by `|`.
- Section headers (`Combat Units`, `Non-Combat Units`, `NCUs`, `Attachments`, `Enemy Attachments`) are
  optional: they only help choose between versions of a card. A line naming a faction sets it.
- Totals, activation counts, point counts, links and "built with" lines are skipped; so are the lines
  before the first card that name no card (the first is the list's name; `(60 pts)` in it is the size).
- Every other line is a card. `(C)`, `[C]` or a `C` cost marks the commander; a cost in any common form
  (`(6)`, `(6 pts)`, `6pts`, `- 6`, `[6]`) is read but never trusted; `with`, `w/`, `+`, `&` or an indent
  marks an attachment; one line may hold a unit and its attachments (`Unit (7) + Jon Snow (C)`).

Names are matched as people write them: `Name, Subname`, `Name – Subname`, `Name - Subname`,
`Name (Subname)`, any case and apostrophe, or a short form (`Umber Berserkers`, `Aemon`) when exactly one
card fits it. What fits: a card of the list's faction before a neutral one; a commander for `(C)` (and
the one `Commander:` names); the kind a section or `with` asks for; and, last, the card whose printed
cost is the one written.

The card kinds decide the structure: a combat unit starts a unit, an attachment joins the last unit above
it (an attachment placed on enemy units is an enemy attachment), an NCU is an NCU wherever it stands.
Without a `Faction:` line the faction is the great house most cards belong to (neutral cards and cards
printed for several houses do not vote; a tie asks for a `Faction:` line). Without a size the game size
is the smallest standard size that holds the list. A written cost that differs from the card data's is a
note in the YAML comment (the list was built in another season), as is every line skipped. A line that
cannot be placed is an error naming it, with "did you mean".
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from armybuilder.games.asoiaf.armylist import Slot
from armybuilder.games.asoiaf.cards import NEUTRAL, Card, CardKind, Faction
from armybuilder.games.asoiaf.catalogue import normalize
from armybuilder.games.asoiaf.listwriter import Origin, dump_list
from armybuilder.text import count, or_quoted

from .common import Collector, ImportedList, check_size, default_points, faction_hint, find_faction

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue

FORMAT = "text"
SKIPPED = "Skipped line"  # how the notes of skipped lines begin (`explain` shows those lines already)
MAX_COST = 15  # no card costs more; `(40 pts)` on a line before the cards is a title's game size
MAX_LINES = 300  # a list is a few dozen lines; more is a whole e-mail thread or another file

# --- what a line looks like ---------------------------------------------------------------------------------

_INVISIBLE = str.maketrans(
    {
        "\u200b": None,
        "\u200c": None,
        "\u200d": None,
        "\ufeff": None,
        "\t": "    ",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
    }
)
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"'})
_MARKDOWN_HEAD = re.compile(r"^(?:#{1,6}\s*|>\s*)+")
_BULLET = re.compile(r"^(?:[•◦▪‣·●○■□]\s*|[-*–—]\s+|\d{1,2}[.)]\s+)")
_ATTACHED = re.compile(
    r"^(?:with\s+|w/\s*|\+\s*|&\s*|and\s+|↳\s*|└[─-]*\s*|├[─-]*\s*|-+>\s*|→\s*)", re.IGNORECASE
)
_EMPHASIS = re.compile(r"\*+|__+|~~|`+|(?<!\w)_|_(?!\w)")
_MARK = re.compile(r"\s*[(\[{]\s*(?:c|cmdr|commander|general|warlord)\s*[)\]}]", re.IGNORECASE)
_UNIT_WORD = r"(?:pts?|points?|p)?\.?"
_COST_TAILS = (
    re.compile(rf"\s*[(\[{{]\s*(?P<cost>\d{{1,2}}|c)\s*{_UNIT_WORD}\s*[)\]}}]$", re.IGNORECASE),
    re.compile(rf"\s*(?:^|\s)[-–—:=@,]\s*(?P<cost>\d{{1,2}}|c)\s*{_UNIT_WORD}$", re.IGNORECASE),
    re.compile(r"\s*(?<![\w-])(?P<cost>\d{1,2})\s*(?:pts?|points?)\.?$", re.IGNORECASE),
    re.compile(r"\s+(?P<cost>\d{1,2})$"),
)
_COST_ROUNDS = 4
_COST_HEAD = re.compile(rf"^[(\[{{]\s*(?P<cost>\d{{1,2}}|c)\s*{_UNIT_WORD}\s*[)\]}}]\s*", re.IGNORECASE)
_SPLIT = re.compile(r"\s+(?:\+|w/|with|&|[-–—])\s+", re.IGNORECASE)
_COPIES = re.compile(r"^(?P<n>[1-9])\s*[x×]\s+|\s+[x×]\s*(?P<m>[1-9])$", re.IGNORECASE)
_DASH_KEY = re.compile(
    r"(?P<key>faction|commander|general|points|size|name|player)\s+[-–—=]\s+(?P<value>.+)", re.IGNORECASE
)
_KEY = re.compile(r"(?P<key>[A-Za-z][A-Za-z' ]{0,23}?)\s*:\s*(?P<value>.*)")
_KEYS = {
    "faction": "faction",
    "house": "faction",
    "army": "army",  # a faction when it names one, else the list's name
    "commander": "commander",
    "general": "commander",
    "warlord": "commander",
    "leader": "commander",
    "points": "points",
    "size": "points",
    "game size": "points",
    "army size": "points",
    "point limit": "points",
    "name": "name",
    "list": "name",
    "list name": "name",
    "army name": "name",
    "title": "name",
    "player": "player",
    "played by": "player",
    "author": "player",
    "by": "player",
}
_SECTIONS = {
    "combat units": Slot.UNIT,
    "combat unit": Slot.UNIT,
    "units": Slot.UNIT,
    "non combat units": Slot.NCU,
    "non-combat units": Slot.NCU,
    "noncombat units": Slot.NCU,
    "non combat unit": Slot.NCU,
    "non-combat unit": Slot.NCU,
    "non-combat": Slot.NCU,
    "non combat": Slot.NCU,
    "ncus": Slot.NCU,
    "ncu": Slot.NCU,
    "ncu's": Slot.NCU,
    "attachments": Slot.ATTACHMENT,
    "attachment": Slot.ATTACHMENT,
    "enemy attachments": Slot.ENEMY,
    "enemy attachment": Slot.ENEMY,
}
_HEADER = re.compile(
    r"(?P<name>[a-z][a-z' -]*?)\s*[:\-–—]?\s*(?:[(\[]?\s*\d+\s*(?:pts?|points?|activations?|units?|cards?)?\s*[)\]]?)?\s*:?",
    re.IGNORECASE,
)
_LINK = re.compile(r"https?://|www\.|\b[a-z0-9-]{1,63}\.(?:com|org|net|io|app|gg)\b", re.IGNORECASE)  # {1,63}: a domain label, and no backtracking over a long word
_CREDIT = re.compile(
    r".*\b(?:built|created|made|generated|exported|shared|posted|copied)\s+(?:on|with|by|using|at|from|in|via)\b",
    re.IGNORECASE,
)
_ACTIVATIONS = re.compile(r"\(?\s*\d+\s*activations?\s*\)?|activations?\s*[:=]?\s*\d+", re.IGNORECASE)
_TOTAL = re.compile(r"(?:total|totals|spent|used|cost)\b.*", re.IGNORECASE)
_POINTS_LINE = re.compile(
    r"\(?\s*(?P<a>\d{1,4})\s*(?:/\s*(?P<b>\d{1,4}))?\s*(?:pts?|points?)?\.?\s*\)?", re.IGNORECASE
)
_POINTS_VALUE = re.compile(r"\s*(?P<a>\d{1,4})(?:\s*/\s*(?P<b>\d{1,4}))?(?:\s*(?:pts?|points?)\.?)?(?:\s.*)?")
_TITLE_POINTS = re.compile(r"\s*[(\[]?\s*(?P<n>\d{2,4})\s*(?:pts?|points?)\.?\s*[)\]]?", re.IGNORECASE)
_LIST_SIGNAL = re.compile(
    r"[(\[{]\s*(?:\d{1,2}|c)\s*(?:pts?|points?)?\s*[)\]}]"  # (6) (C) [6] (6 pts)
    r"|\b\d{1,2}\s*(?:pts?|points?)\b"  # 6pts, 40 points
    r"|\w\s+[-–—:]\s*\d{1,2}\s*$"  # Name - 6
    r"|^\W*(?:with|w/|\+)\s*\w"  # with Umber Champion, + Robb Stark
    r"|^\W*(?:combat units?|non[- ]?combat units?|ncus?|enemy attachments?|commander|faction|points)\b",
    re.IGNORECASE,
)
_YAML_LIST = re.compile(r"^(?:units|ncus|enemy_attachments|game)\s*:", re.MULTILINE)
_YAML_KEYS = (re.compile(r"^faction\s*:", re.MULTILINE), re.compile(r"^points\s*:", re.MULTILINE))


@dataclass(frozen=True)
class Reading:
    """One input line and what it became: a card in its slot, a header value, or why it was skipped."""

    line: int
    text: str
    became: str


@dataclass
class _Piece:
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


@dataclass
class _Row:
    number: int
    text: str
    said: list[str] = field(default_factory=list)  # what the line became, in order
    pieces: list[_Piece] = field(default_factory=list)


def looks_like(text: str) -> bool:
    """Whether `text` may be a pasted list (for `detect`, after every stricter format): a few lines of words
    with something only a list has (a cost, a commander mark, a list header or an attachment's `with`),
    and not one of our YAML lists (those are read as YAML, with their own errors). A list with none of
    these is still read with `--from text`."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not 2 <= len(lines) <= MAX_LINES:
        return False
    if _YAML_LIST.search(text) or all(p.search(text) for p in _YAML_KEYS):
        return False
    if sum(1 for line in lines if re.search(r"[^\W\d_]{3}", line)) < 2:
        return False
    return any(_LIST_SIGNAL.search(line) for line in lines)


def read(text: str, catalogue: Catalogue, source: str, readings: list[Reading] | None = None) -> ImportedList:
    """Read a pasted list; InterchangeError naming the first line it cannot place. `readings`, when given,
    receives every non-blank input line with what it became (the same when the import fails)."""
    check_size(text, source)
    reader = _Reader(catalogue, source)
    try:
        return reader.read(text)
    finally:
        if readings is not None:
            readings += reader.readings()


def explain(readings: list[Reading], notes: list[str], width: int = 44) -> str:
    """The readings as `line | text  → what it became`, then the notes; a string ending in a newline."""
    digits = len(str(max((r.line for r in readings), default=1)))
    out = []
    for reading in readings:
        text = reading.text if len(reading.text) <= width else reading.text[: width - 1] + "…"
        out.append(f"{reading.line:>{digits}} | {text:<{width}}  → {reading.became}")
    out += [f"{'':>{digits}}   {note}" for note in notes if not note.startswith(SKIPPED)]
    return "\n".join(out) + "\n"


# --- the reader ----------------------------------------------------------------------------------------------


def _clean(raw: str) -> tuple[int, str, str]:
    """(indent, bullet, content) of a line: markdown, bullets and emphasis taken off."""
    line = raw.translate(_INVISIBLE).rstrip()
    indent = len(line) - len(line.lstrip())
    text = _MARKDOWN_HEAD.sub("", line.strip())
    bullet = ""
    found = _BULLET.match(text)
    if found:
        bullet, text = found.group().strip() or "•", text[found.end() :]
    text = _EMPHASIS.sub("", text).strip()
    return indent, bullet, " ".join(text.split())


def _take_cost(text: str) -> tuple[str, int | None, bool]:
    """(name, cost, marked as commander) of a card's text: the cost and mark taken off, wherever written."""
    marked = False
    cost: int | None = None
    changed = True
    rounds = 0
    # a few rounds (a mark, a cost before, a cost after): never one per number of `1 1 1 … 1`, which is
    # a pass over the line for each of its words (quadratic)
    while changed and rounds < _COST_ROUNDS:
        rounds += 1
        changed = False
        text, marks = _MARK.subn("", text)
        if marks:
            marked = changed = True
        head = _COST_HEAD.match(text)
        if head:
            text, changed = text[head.end() :], True
            cost, marked = _cost(head["cost"], cost, marked)
        for pattern in _COST_TAILS:
            tail = pattern.search(text)
            if tail and tail.start() > 0:
                text, changed = text[: tail.start()], True
                cost, marked = _cost(tail["cost"], cost, marked)
                break
        text = text.strip()
    return text.strip(" ,;:|"), cost, marked


def _cost(value: str, cost: int | None, marked: bool) -> tuple[int | None, bool]:
    if value.casefold() == "c":
        return cost, True
    return (int(value) if cost is None else cost), marked


def _variants(name: str) -> list[str]:
    """The ways `name` may spell a card title: as written, with its dash, colon or brackets as the comma."""
    base = name.translate(_QUOTES).strip(" ,;:.")
    out = [base]
    for sep in (" – ", " — ", " - ", " : ", ": ", " / ", "–", "—"):
        if sep in base:
            out.append(base.replace(sep, ", ", 1))
    bracket = re.fullmatch(r"(.+?)\s*\(([^()]+)\)", base)
    if bracket:
        out.append(f"{bracket[1]}, {bracket[2]}")
    return out


def _tokens(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"[0-9a-z]+", normalize(text).replace("'", "")))


def _index(catalogue: Catalogue) -> list[tuple[Card, tuple[str, ...], tuple[str, ...]]]:
    """Every card with the words of its title and of its name (built once per catalogue)."""
    found = catalogue.memo.get(("pasted-index",))
    if found is None:
        found = catalogue.memo[("pasted-index",)] = [
            (c, _tokens(c.title), _tokens(c.name)) for c in catalogue.cards.values()
        ]
    return found  # type: ignore[return-value]


def _contains(words: tuple[str, ...], part: tuple[str, ...]) -> bool:
    n = len(part)
    return any(words[i : i + n] == part for i in range(len(words) - n + 1))


def lookup(catalogue: Catalogue, name: str) -> tuple[list[Card], list[Card]]:
    """(cards `name` spells exactly, cards it is a short form of): the second only when the first is empty."""
    key = ("pasted-lookup", name)
    found = catalogue.memo.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    exact: list[Card] = []
    for variant in _variants(name):
        exact += [c for c in catalogue.find(variant) if c not in exact]
    short: list[Card] = []
    words = _tokens(name)
    if not exact and words:
        index = _index(catalogue)
        exact = [c for c, title, own in index if words in (title, own)]
        if not exact:
            short = [c for c, title, _ in index if _contains(title, words)]
    catalogue.memo[key] = (exact, short)
    return exact, short


def _narrow(pool: list[Card], keep: Callable[[Card], bool]) -> list[Card]:
    """The cards of `pool` that `keep`, when there are any; else the pool as it was (a hint, not a rule)."""
    kept = [c for c in pool if keep(c)]
    return kept or pool


def _describe(card: Card) -> str:
    return f"{card.id} {card.title}" + (" (commander)" if card.commander else "")


class _Reader:
    def __init__(self, catalogue: Catalogue, source: str) -> None:
        self.catalogue = catalogue
        self.problems = Collector(source)
        self.rows: list[_Row] = []
        self.values: dict[str, tuple[str, int]] = {}  # key -> (value, line)
        self.points: tuple[int, int] | None = None  # (size, line)
        self.faction: Faction | None = None
        self.commander_piece: _Piece | None = None
        self.notes: list[str] = []
        self.skipped: list[str] = []
        self.errors: dict[int, str] = {}
        self.explicit = False  # whether the list marks or names its commander

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
            row = _Row(number, " ".join(raw.translate(_INVISIBLE).split()))
            self.rows.append(row)
            indent, bullet, content = _clean(raw)
            dash_key = _DASH_KEY.fullmatch(content)
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
            header = _HEADER.fullmatch(content)
            name = header["name"].strip().casefold() if header else ""
            if name in _SECTIONS:
                section = _SECTIONS[name]
                self._skip(row, "section header")
                continue
            if name == "commander" or re.fullmatch(r"commander\s*:\s*", content, re.IGNORECASE):
                awaiting_commander = True
                self._skip(row, "section header")
                continue
            if self._is_meta(content):
                self._meta(row, content, seen_card)
                continue
            key = _KEY.fullmatch(content)
            if key:  # an unknown key: skipped, unless it holds a card
                value = key["value"].strip()
                as_card = content.replace(":", ",", 1)
                if lookup(self.catalogue, _take_cost(as_card)[0])[0]:
                    content = as_card
                elif value and lookup(self.catalogue, _take_cost(value)[0])[0]:
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
        key = _KEY.fullmatch(text)
        if key and key["key"].strip().casefold() in _KEYS:
            return True
        if (
            _LINK.search(text)
            or _CREDIT.match(text)
            or _ACTIVATIONS.fullmatch(text)
            or _TOTAL.fullmatch(text)
        ):
            return True
        if _POINTS_LINE.fullmatch(text):
            return True
        found = find_faction(self.catalogue, text.rstrip(":"))
        return found is not None and not lookup(self.catalogue, text)[0]

    def _meta(self, row: _Row, text: str, seen_card: bool) -> None:
        key = _KEY.fullmatch(text)
        name = key["key"].strip().casefold() if key else ""
        if key and name in _KEYS:
            self._key(row, _KEYS[name], key["key"].strip(), key["value"].strip())
        elif _LINK.search(text) or _CREDIT.match(text):
            self._skip(row, "link", text)
        elif _ACTIVATIONS.fullmatch(text):
            self._skip(row, "activations", text)
        elif _TOTAL.fullmatch(text):
            self._skip(row, "total", text)
        elif (points := _POINTS_LINE.fullmatch(text)) is not None:
            size = int(points["b"] or points["a"])
            if (points["b"] or not seen_card) and self.points is None and size >= 10:
                self.points = (size, row.number)
                row.said.append(f"points: {size}")
            else:
                self._skip(row, "total", text)
        else:
            self._key(row, "faction", "Faction", text.rstrip(":"))

    def _key(self, row: _Row, key: str, written: str, value: str) -> None:
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
            size = _POINTS_VALUE.fullmatch(value)
            if size is None or int(size["b"] or size["a"]) <= 0:
                self._error(row, f"`{written}: {value}` is not a game size such as 40")
            else:
                self.points = (int(size["b"] or size["a"]), row.number)
                row.said.append(f"points: {self.points[0]}")
        elif key == "commander":
            name, cost, _ = _take_cost(value)
            piece = _Piece(row.number, name, cost, True, False, None, 0, header=True)
            piece.exact, piece.short = lookup(self.catalogue, name)
            row.pieces.append(piece)
            self._set_commander(row, piece)
        else:
            row.said.append(f"{key}: {value}")

    def _set_commander(self, row: _Row, piece: _Piece) -> None:
        if self.commander_piece is not None:
            first = self.commander_piece.line
            self._error(row, f"a second commander line after line {first}; an army has one commander")
            return
        self.commander_piece = piece

    def _title(self, row: _Row, text: str) -> None:
        """A line before the cards that names none: the list's name (the first such line) or a skipped one."""
        size = _TITLE_POINTS.search(text)
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
        name = _take_cost(text)[0]
        titles = [t for _, t, _ in _index(self.catalogue)] + [n for _, _, n in _index(self.catalogue)]
        words = " ".join(_tokens(name))
        return bool(words) and bool(difflib.get_close_matches(words, [" ".join(t) for t in titles], 1, 0.85))

    def _pieces(
        self, row: _Row, content: str, indent: int, bullet: str, section: Slot | None
    ) -> list[_Piece]:
        """The cards a line writes: one, or a unit and its attachments (`Unit (7) + Jon Snow (C)`), as many
        times as a `2x` says."""
        copies = _COPIES.search(content)
        if copies:
            content = (content[: copies.start()] + content[copies.end() :]).strip()
        pieces = self._parts(row.number, content, indent, section)
        times = int(copies["n"] or copies["m"]) if copies else 1
        return pieces + [replace(p) for _ in range(times - 1) for p in pieces]

    def _parts(self, number: int, content: str, indent: int, section: Slot | None) -> list[_Piece]:
        attached = False
        prefix = _ATTACHED.match(content)
        if prefix and prefix.end() < len(content):
            attached, content = True, content[prefix.end() :]
        whole = self._piece(number, content, attached, section, indent)
        if whole.exact or whole.short:
            return [whole]
        parts = _SPLIT.split(content)
        if len(parts) > 1:
            pieces = [self._piece(number, p, attached or i > 0, section, indent) for i, p in enumerate(parts)]
            if all(p.exact or p.short for p in pieces):
                return pieces
        return [whole]

    def _piece(self, number: int, text: str, attached: bool, section: Slot | None, indent: int) -> _Piece:
        name, cost, marked = _take_cost(text)
        piece = _Piece(number, name or text, cost, marked, attached, section, indent)
        piece.exact, piece.short = lookup(self.catalogue, piece.name)
        return piece

    def _skip(self, row: _Row, why: str, text: str | None = None) -> None:
        row.said.append(f"skipped: {why}")
        if why not in ("separator", "section header"):
            self.skipped.append(f"{SKIPPED} {row.number} ({why}): {text or row.text}")

    def _error(self, row: _Row, message: str) -> None:
        self.problems.add(message, row.number)
        self.errors.setdefault(row.number, message)

    # --- pass 2: which card each piece is --------------------------------------------------------------

    def _pieces_in_order(self) -> list[_Piece]:
        return [p for row in self.rows for p in row.pieces]

    def _finish(self) -> ImportedList:
        pieces = self._pieces_in_order()
        body = [p for p in pieces if not p.header]
        if not pieces and not self.problems.problems:
            self.problems.add(
                "no line of it names a card (the lines before the first card are read as its title); "
                "is this a list?",
                self.rows[0].number if self.rows else 1,
            )
        indents = [p.indent for p in body]
        base = min(indents, default=0)
        for piece in body:
            piece.attached = piece.attached or piece.indent > base
        self.explicit = any(p.marked for p in pieces)
        for piece in pieces:
            piece.pool = self._hinted(piece)
        if self.faction is None and not self.problems.problems:
            self._vote(pieces)
        self.problems.raise_if_any()
        assert self.faction is not None
        header = self.commander_piece
        named: Card | None = None
        if header is not None:
            named = header.card = self._choose(header, None)
        for piece in body:
            piece.card = self._choose(piece, named)
        spec = ImportedList(faction=self.faction.key, points=0)
        written = self._assemble(body, named, spec)
        self.problems.raise_if_any()
        if "name" in self.values or "title" in self.values:
            spec.name = (self.values.get("name") or self.values["title"])[0]
        if "player" in self.values:
            spec.player = self.values["player"][0]
        keys = spec.origin.keys if spec.origin is not None else {}
        for key in ("name", "title", "player", "faction"):
            if key in self.values:
                keys.setdefault("name" if key == "title" else key, self.values[key][1])
        marked = next((p for p in body if p.marked and p.card is not None and p.card.commander), None)
        commander = self.commander_piece or marked
        if commander is not None:
            keys["commander"] = commander.line
        if self.points is not None:
            keys["points"] = self.points[1]
        self._costs(spec, written)
        if self.points is not None:
            spec.points = self.points[0]
        else:
            default_points(spec, self.catalogue, "the text")
        spec.notes = self.notes + spec.notes + self.skipped
        return spec

    def _hinted(self, piece: _Piece) -> list[Card]:
        """The cards a piece may be before its faction is known: hard marks, then hints of place."""
        for tier in (piece.exact, piece.short):
            pool = [c for c in tier if c.commander] if piece.marked else list(tier)
            if piece.section is Slot.NCU:
                pool = _narrow(pool, lambda c: c.kind is CardKind.NCU)
            if piece.attached or piece.section in (Slot.ATTACHMENT, Slot.ENEMY):
                pool = _narrow(pool, lambda c: c.kind is CardKind.ATTACHMENT)
            if piece.section is Slot.UNIT:
                pool = _narrow(pool, lambda c: c.kind is not CardKind.NCU)
            if pool:
                return pool
        return []

    def _vote(self, body: list[_Piece]) -> None:
        """The faction from the cards: the great house most of them can only belong to."""
        votes: Counter[str] = Counter()
        names = {k: f.name for k, f in self.catalogue.factions.items()}
        for piece in body:
            pool = self._by_cost(piece, piece.pool)
            houses = {c.faction for c in pool}
            if len(houses) == 1 and NEUTRAL not in houses:
                house = houses.pop()
                votes[house] += 1
                piece.became = f"a card of {names.get(house, house)}"
            elif pool:
                piece.became = (
                    "a card of " + " or ".join(sorted(names.get(h, h) for h in houses)) + " (no vote)"
                )
        if not votes:
            if body and all(any(c.is_neutral for c in p.pool) for p in body):
                self.faction = self.catalogue.factions.get(NEUTRAL)
                self.notes.append("No `Faction:` line and only neutral cards: the army is neutral.")
                if self.faction is not None:
                    return
            first = self.rows[0].number if self.rows else 1
            self.problems.add(
                "no `Faction:` line, and the cards do not tell which faction this is; add one, e.g. "
                "`Faction: House Stark`",
                first,
            )
            return
        ranked = votes.most_common()
        if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            tied = [names.get(k, k) for k, n in ranked if n == ranked[0][1]]
            first = self.rows[0].number if self.rows else 1
            self.problems.add(
                f"no `Faction:` line, and the cards are as much {' as '.join(tied)} "
                f"({ranked[0][1]} each); add one, e.g. `Faction: {tied[0]}`",
                first,
            )
            return
        key, count = ranked[0]
        self.faction = self.catalogue.factions[key]
        others = sum(votes.values()) - count
        tail = f" ({others} of another house)" if others else ""
        self.notes.append(
            f"No `Faction:` line: the faction is {self.faction.name}, the house of {count} of the cards{tail}."
        )

    def _by_cost(self, piece: _Piece, pool: list[Card]) -> list[Card]:
        if piece.cost is None:
            return pool
        return _narrow(pool, lambda c: (c.cost or 0) == piece.cost)

    def _choose(self, piece: _Piece, named: Card | None) -> Card | None:
        """The one card that fits a piece, or None with the problem recorded on its line."""
        assert self.faction is not None
        faction = self.faction.key
        pool = piece.pool
        if not pool:
            self._unplaced(piece)
            return None
        for preferred in (
            [c for c in pool if c.faction == faction],
            [c for c in pool if c.is_neutral],
        ):
            if preferred:
                pool = preferred
                break
        if named is not None and named in pool:
            pool = [named]
        elif self.explicit and not piece.marked:  # the list names its commander: this is another version
            pool = _narrow(pool, lambda c: not c.commander)
        pool = self._by_cost(piece, pool)
        if len(pool) == 1:
            return pool[0]
        ways = ["its subname"]
        if len({c.kind for c in pool}) > 1:
            ways.append("`with` before an attachment")
        if any(c.commander for c in pool):
            ways.append("(C) after the commander")
        if len({c.cost for c in pool}) > 1:
            ways.append("its cost")
        listed = ", ".join(f"{c.title} ({c.kind.label} {c.id})" for c in pool)
        self._problem(
            piece.line,
            f"'{piece.name}' could be any of {len(pool)} cards: {listed}; write "
            + (", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]),
        )
        return None

    def _unplaced(self, piece: _Piece) -> None:
        tiers = piece.exact or piece.short
        if piece.marked and tiers:
            versions = {v.title for c in tiers for v in [c, *self.catalogue.versions_of(c)] if v.commander}
            hint = f"; the commander is {or_quoted(sorted(versions))}" if versions else ""
            self._problem(
                piece.line, f"'{piece.name}' is marked as the commander, but is no commander card{hint}"
            )
            return
        suggestions: list[str] = []
        for variant in _variants(piece.name):
            suggestions = self.catalogue.suggest(variant)
            if suggestions:
                break
        hint = (
            f"; did you mean {or_quoted(suggestions)}?"
            if suggestions
            else ("; it is no card, and not a title, total or header line — remove it or correct it")
        )
        self._problem(piece.line, f"no card called '{piece.name}'{hint}")

    def _problem(self, line: int, message: str) -> None:
        self.problems.add(message, line)
        self.errors.setdefault(line, message)

    # --- the list ------------------------------------------------------------------------------------------

    def _assemble(
        self, body: list[_Piece], named: Card | None, spec: ImportedList
    ) -> list[tuple[Card, _Piece | None]]:
        """Place every card by its kind; (card, the piece that wrote it) in the order the YAML lists them."""
        units: list[tuple[_Piece, list[_Piece]]] = []
        ncus: list[_Piece] = []
        enemy: list[_Piece] = []
        for piece in body:
            card = piece.card
            if card is None:
                continue
            if card.kind is CardKind.COMBAT_UNIT:
                units.append((piece, []))
                piece.became = f"units: {_describe(card)}"
            elif card.kind is CardKind.NCU:
                ncus.append(piece)
                piece.became = f"ncus: {_describe(card)}"
            elif piece.section is Slot.ENEMY or card.requirements_of("attach_to_enemy_unit"):
                enemy.append(piece)
                piece.became = f"enemy_attachments: {_describe(card)}"
            elif units:
                unit = units[-1][0]
                units[-1][1].append(piece)
                assert unit.card is not None
                piece.became = f"attachment of {unit.card.title} (line {unit.line}): {_describe(card)}"
            else:
                self._problem(
                    piece.line,
                    f"'{card.title}' is an attachment, but no combat unit comes before it; write it on the "
                    "line after the unit it joins",
                )
        placed = [p.card for p in body if p.card is not None and not p.header]
        marked = [p for p in body if p.marked and p.card is not None and not p.header]
        header = self.commander_piece
        if named is not None and header is not None:
            others = [p for p in marked if p.card != named]
            if others:
                assert others[0].card is not None
                self._problem(
                    header.line,
                    f"the commander is {named.title} here, but line {others[0].line} marks "
                    f"{others[0].card.title} (C); keep one",
                )
            elif named not in placed:
                if named.kind is CardKind.NCU:
                    ncus.append(header)
                    header.became = f"ncus: {_describe(named)}"
                elif named.kind is CardKind.COMBAT_UNIT:
                    units.append((header, []))
                    header.became = f"units: {_describe(named)}"
                else:
                    self._problem(
                        header.line,
                        f"the commander {named.title} is in none of the units; write it on the line after the "
                        f"unit it leads (e.g. `with {named.title}`)",
                    )
            else:
                header.became = f"commander: {_describe(named)}"
        out: list[tuple[Card, _Piece | None]] = []
        origin = spec.origin = Origin()
        for unit, attachments in units:
            assert unit.card is not None
            placed_attachments = [a for a in attachments if a.card is not None]
            spec.units.append((unit.card, [a.card for a in placed_attachments if a.card is not None]))
            origin.units.append((unit.line, [a.line for a in placed_attachments]))
            out += [(unit.card, unit)] + [(a.card, a) for a in placed_attachments if a.card is not None]
        for target, pieces, lines in (
            (spec.ncus, ncus, origin.ncus),
            (spec.enemy_attachments, enemy, origin.enemy_attachments),
        ):
            for piece in pieces:
                card = piece.card if not piece.header else named
                assert card is not None
                target.append(card)
                lines.append(piece.line)
                out.append((card, piece))
        return out

    def _costs(self, spec: ImportedList, written: list[tuple[Card, _Piece | None]]) -> None:
        """Compare every written cost with the card data's (after modifiers); a difference is a note."""
        if not any(p is not None and p.cost is not None for _, p in written):
            return
        from armybuilder.games.asoiaf.check import validate_text

        spec.points = spec.points or 50
        report = validate_text(dump_list(spec, self.catalogue), self.catalogue, "<import>")
        spec.points = 0
        ctx = report.context
        if ctx is None:
            return
        army = report.army
        entries = (
            [e for u in army.units for e in (u.unit, *u.attachments)] + army.ncus + army.enemy_attachments
        )
        if len(entries) != len(written):
            return
        for entry, (card, piece) in zip(entries, written, strict=True):
            if piece is None or piece.cost is None or entry.card != card:
                continue
            cost = ctx.cost(entry)
            if piece.cost not in (cost, card.points):  # the printed cost, or the cost after modifiers
                piece.became += f" — written {piece.cost}, the card data says {cost}"
                self.notes.append(
                    f"Line {piece.line}: {card.title} is written at {count(piece.cost, 'point')}; the card "
                    f"data says {cost} (a list built in another season?)."
                )

    # --- what each line became -----------------------------------------------------------------------

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
