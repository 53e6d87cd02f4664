"""What a line of a pasted list looks like: markdown, bullets and emphasis taken off, a card's cost and
commander mark read, header/total/link lines told apart (bounded patterns, no nested repeats)."""

from __future__ import annotations

import re

from armybuilder.games.asoiaf.interchange.common import yaml_list

from .languages import in_english
from .vocabulary import (
    ACTIVATION_WORDS,
    ASIDES,
    ATTACH_WORDS,
    COMMANDER_WORDS,
    COUNT_WORDS,
    CREDIT_LINKS,
    CREDIT_VERBS,
    DASH_KEYS,
    FACTION_TAGS,
    HONORIFICS,
    INSIDE,
    JOINERS,
    KEYS,
    LEAD_IN_NOUNS,
    LEAD_IN_OWNERS,
    LEAD_IN_VERBS,
    LED_BY,
    LIST_LABELS,
    LIST_WORDS,
    NCU_LABELS,
    NOTES_WORDS,
    POINT_UNITS,
    PRINTED_WORDS,
    ROLES,
    SECTIONS,
    TOTAL_WORDS,
    UNITS_OF,
)

MAX_COST = 15  # no card costs more; `(40 pts)` on a line before the cards is a title's game size
MAX_LINES = 300  # a list is a few dozen lines; more is a whole e-mail thread or another file
MAX_LINE = 300  # characters: a card line is a few dozen; longer is prose, and every pattern stays cheap


def _words(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


POINTS = rf"(?:{_words(tuple(w for w in POINT_UNITS if len(w) > 1))})"  # `pts`, `points`: not a bare `p`

INVISIBLE = str.maketrans(
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
QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"'})
MARKDOWN_HEAD = re.compile(r"^(?:#{1,6}\s*|>\s*)+")
BBCODE = re.compile(r"\[/?(?:h(?:[1-6])?|b|i|u|s|size|color|url|quote|list|center)(?:=[^\]]{0,20})?\]", re.IGNORECASE)
BULLET = re.compile(r"^(?:[•◦▪‣·●○■□]\s*|[-*–—]\s+|\d{1,2}[.)]\s+)")
# `with X`, `w/ X`, `+ X`, `↳ X`: an attachment on a line of its own (a word needs a space after it, `w/` not)
ATTACHED = re.compile(
    rf"^(?:(?:{_words(tuple(w for w in ATTACH_WORDS if w[-1].isalnum()))})\s+"
    rf"|(?:{_words(tuple(w for w in ATTACH_WORDS if not w[-1].isalnum()))})\s*"
    r"|\+\s*|&\s*|↳\s*|└[─-]*\s*|├[─-]*\s*|-+>\s*|→\s*)",
    re.IGNORECASE,
)
# `__` inside a word is part of it (`Player: ann__smith`), as a single `_` is
# a lone `*` after a space and before a count at a line's end (`Stark Bowmen *2`, `… *2 (12)`) is how many
# copies, kept for `COPIES`; any other `*` is emphasis
EMPHASIS = re.compile(r"(?<!\s)\*+|\*{2,}|\*(?![1-9](?:\s|$|[-–—=(\[]))|(?<!\w)__+|__+(?!\w)|~~|`+|(?<!\w)_|_(?!\w)")
# a Markdown escape, as our own forum and Markdown sheets write one (`\[neutral\]`, `ann\_smith`, `\&` in notes):
# the character itself, kept from the patterns for markup (held as a private-use character until the line is clean)
ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|~<>&])")
_HELD = {c: chr(0xE000 + i) for i, c in enumerate("\\`*_{}[]()#+-.!|~<>&")}
_RELEASED = str.maketrans({held: c for c, held in _HELD.items()})
MARK = re.compile(rf"\s*[(\[{{]\s*(?:{_words(COMMANDER_WORDS)})\s*[)\]}}]", re.IGNORECASE)
# `(Jon Snow, Commander)`: the word marks the name before it
MARK_AFTER = re.compile(rf"\s*,\s*(?:{_words(COMMANDER_WORDS[1:])})\s*(?=\))", re.IGNORECASE)
# `Commander Jon Snow in Sworn Brothers`
MARK_BEFORE = re.compile(rf"^(?:{_words(COMMANDER_WORDS[1:])})\s+(?=\w)", re.IGNORECASE)
# `Robb Stark (The Young Wolf, 3pts)`: the cost written inside the subname's brackets
SUB_COST = re.compile(rf"\(\s*(?P<sub>[^(),]{{1,80}}?)\s*,\s*(?P<cost>\d{{1,2}})\s*{POINTS}?\.?\s*\)")
ASIDE = re.compile(rf"\s*\(\s*(?:{_words(ASIDES)})\s[^()]{{0,80}}\)", re.IGNORECASE)
JOIN = re.compile(rf"\s*(?:,|(?<!\w)(?:{_words(JOINERS)})(?!\w))\s*", re.IGNORECASE)
IN = re.compile(rf"\s+(?:{_words(INSIDE)})\s+", re.IGNORECASE)
DASH = re.compile(r"\s+(?:-{1,3}|[–—])\s+|\s*[–—]\s*")  # `-`, `--` (a dash typed as two), `–`, `—`
_PLURAL_NCU_LABELS = tuple(w for w in NCU_LABELS if not w.endswith(("unit", "ncu", "ncu'")))
GLUED = re.compile(  # `Stark Bowmen (6) NCUs: Catelyn`; `Dreadfort Spearmen NCU's` (the names on the next line)
    rf"(?<![\w'])(?:{_words(NCU_LABELS)})\s*:|\s(?:{_words(_PLURAL_NCU_LABELS)})\s*$", re.IGNORECASE
)
BRACKETED = re.compile(r"(?P<unit>[^()]{1,120}?)\s*\((?P<inner>[^()]{1,160})\)")
MARK_LETTER = re.escape(COMMANDER_WORDS[0])  # `(C)`, `- C`: the commander written where a cost goes
UNIT_WORD = rf"(?:{_words(POINT_UNITS)})?\.?"
COST_TAILS = (
    re.compile(rf"\s*[(\[{{]\s*(?P<cost>\d{{1,2}}|{MARK_LETTER})\s*{UNIT_WORD}\s*[)\]}}]$", re.IGNORECASE),
    re.compile(rf"\s*(?:^|\s)[-–—:=@,]\s*(?P<cost>\d{{1,2}}|{MARK_LETTER})\s*{UNIT_WORD}$", re.IGNORECASE),
    re.compile(rf"\s*(?<![\w-])(?P<cost>\d{{1,2}})\s*{POINTS}\.?$", re.IGNORECASE),
    re.compile(r"\s+(?P<cost>\d{1,2})$"),
)
COST_ROUNDS = 4
COST_HEAD = re.compile(rf"^[(\[{{]\s*(?P<cost>\d{{1,2}}|{MARK_LETTER})\s*{UNIT_WORD}\s*[)\]}}]\s*", re.IGNORECASE)
SPLIT = re.compile(  # `Unit + A`, `Unit with A`, and `Unit w/A` (a joiner that ends in a slash needs no space)
    rf"\s+(?:(?:\+|&|{_words(LED_BY)})\s+|(?:{_words(tuple(w for w in LED_BY if w.endswith('/')))})(?=\w))",
    re.IGNORECASE,
)
# a line the author crossed out (`~~Stark Bowmen (6)~~`, in a bullet too) or commented out (`// Stark Bowmen`)
CROSSED_OUT = re.compile(r"(?:[-*+•]\s+)?~~[^~].*~~|//.*")
# a part of a line crossed out: markdown `~~…~~`, forum `[s]…[/s]`, a web page's `<s>`/`<del>` (each bounded)
STRUCK = re.compile(r"~~[^~]{1,200}~~|\[s\][^\[]{0,200}\[/s\]|<(s|del|strike)>[^<]{0,200}</\1>", re.IGNORECASE)
FACTION_TAG = re.compile(rf"\s*\[\s*(?P<house>{_words(FACTION_TAGS)})\s*\]", re.IGNORECASE)
PRINTED = re.compile(rf"\(\s*(?P<cost>\d{{1,2}})\s*,\s*(?:{_words(PRINTED_WORDS)})\s+\d{{1,2}}\s*\)", re.IGNORECASE)
ROLE = re.compile(rf"\s*(?:\(\s*(?:{_words(ROLES)})\s*\)|,\s*(?:{_words(ROLES)})\s*(?=\)))", re.IGNORECASE)
UNIT_OF = re.compile(rf"^(?:{_words(UNITS_OF)})\s+", re.IGNORECASE)
HONORIFIC = re.compile(rf"^(?:{_words(HONORIFICS)})\s+(?=\w)", re.IGNORECASE)
LIST_NUMBER = re.compile(rf"(?:{_words(LIST_WORDS)})\s*#?\s*(?:\d{{1,2}}|[a-c])\s*:?", re.IGNORECASE)
LABEL_START = re.compile(rf"(?P<label>{_words(NCU_LABELS)})\s+(?=[^\W\d_])", re.IGNORECASE)
QUOTED = re.compile(r"\"[^\"]{1,40}\"|“[^”]{1,40}”")
LEAD_IN = re.compile(
    rf"(?:[A-Za-z]{{1,20}}['’]s|{_words(LEAD_IN_OWNERS)})\s+(?:{_words(LEAD_IN_NOUNS)})\s+(?:{_words(LEAD_IN_VERBS)})\s*:?\s+",
    re.IGNORECASE,
)
PARENTHESES = re.compile(r"\s*\([^()]{0,80}\)")
# what may follow a count written after the name: the end, a cost (`(12)`, `- 12pts`) or an attachment (`+ …`)
# (the joiners are `SPLIT`'s: one table says what joins an attachment to its unit)
_AFTER_COUNT = rf"(?=\s*(?:[(\[]\s*\d{{1,2}}\s*[a-z.]{{0,6}}\s*[)\]]|[-–—=]\s*\d{{1,2}}\s*[a-z.]{{0,6}})?$|{SPLIT.pattern})"
COPIES = re.compile(  # how many copies a line writes (one group each way, `copies`)
    rf"\s+(?P<t>[1-9])\s*[x×]\s*\d{{1,2}}\s*(?:{POINTS})?\.?$"  # `Stark Bowmen 2 x 6`: copies, then each one's cost
    r"|^(?P<n>[1-9])\s*[x×]\s+"  # `2x Stark Bowmen`, `2 x …`
    r"|^[x×]\s*(?P<a>[1-9])\s+"  # `x2 Stark Bowmen`
    rf"|\s+[x×*]\s*(?P<m>[1-9]){_AFTER_COUNT}"  # `Stark Bowmen x2`, `… x2 (12)`, `… x2 - 12pts`, `… *2`
    rf"|\s+(?P<k>[1-9])\s*[x×]{_AFTER_COUNT}"  # `Stark Bowmen 2x`, `… 2x (12)`
    r"|\s*[(\[]\s*[x×]\s*(?P<b>[1-9])\s*[)\]]$",  # `Stark Bowmen (6) (x2)`
    re.IGNORECASE,
)
BARE_COUNT = re.compile(r"(?P<n>[1-9])\s+(?=[^\W\d_])")  # `2 Stark Bowmen`: a count, or a cost written first
LABEL_SEPARATED = re.compile(rf"(?P<label>{_words(NCU_LABELS)})\s*[=\-–—]\s*(?=[^\W\d_])", re.IGNORECASE)  # `NCUs = A + B`
COST_ONLY = re.compile(rf"[(\[]?\s*\d{{1,2}}\s*(?:{POINTS})?\s*[)\]]?", re.IGNORECASE)  # `5pts` between dashes
COUNTED = re.compile(  # `NCUs (3): A, B, C`: a section label, how many, then the names
    rf"(?P<label>[A-Za-z][A-Za-z' -]{{0,23}}?)\s*[(\[]\s*\d+\s*(?:{_words(COUNT_WORDS)})?\s*[)\]]\s*:\s*(?=\S)",
    re.IGNORECASE,
)
DASH_KEY = re.compile(rf"(?P<key>{_words(DASH_KEYS)})\s+[-–—=]\s+(?P<value>.+)", re.IGNORECASE)
# `NCU’s:` as Word and Outlook write `NCU's:` (their autocorrect apostrophe): read as the straight one
_CURLY_NCU_LABELS = _words(tuple(w for w in NCU_LABELS if "'" in w)).replace("'", "[’‘]")
CURLY_NCU = re.compile(rf"(?<![\w'’‘])(?:{_CURLY_NCU_LABELS})(?!\w)", re.IGNORECASE)
NOTES_HEADING = re.compile(rf"(?:notes?|remarks|{_words(NOTES_WORDS)})\s*:", re.IGNORECASE)  # over the list's own notes (our sheet's `Notes:`)
KEY = re.compile(r"(?P<key>[A-Za-z][A-Za-z' -]{0,23}?)\s*:\s*(?P<value>.*)")
HEADER = re.compile(
    rf"(?P<name>[a-z][a-z' -]*?)\s*[:\-–—]?\s*(?:[(\[]?\s*\d+\s*(?:{_words(COUNT_WORDS)})?\s*[)\]]?)?\s*:?",
    re.IGNORECASE,
)
# {1,63}: a domain label, and no backtracking over a long hyphenated word (quadratic)
LINK = re.compile(r"https?://|www\.|\b[a-z0-9-]{1,63}\.(?:com|org|net|io|app|gg)\b", re.IGNORECASE)
CREDIT = re.compile(rf".*\b(?:{_words(CREDIT_VERBS)})\s+(?:{_words(CREDIT_LINKS)})\b", re.IGNORECASE)
ACTIVATIONS = re.compile(
    rf"\(?\s*\d+\s*(?:{_words(ACTIVATION_WORDS)})\s*\)?|(?:{_words(ACTIVATION_WORDS)})\s*[:=]?\s*\d+", re.IGNORECASE
)
TOTAL = re.compile(rf"(?:{_words(TOTAL_WORDS)})\b.*", re.IGNORECASE)
POINTS_LINE = re.compile(
    rf"\(?\s*(?P<a>\d{{1,4}})\s*(?:/\s*(?P<b>\d{{1,4}}))?\s*{POINTS}?\.?\s*\)?", re.IGNORECASE
)
POINTS_VALUE = re.compile(
    rf"\s*(?P<a>\d{{1,4}})(?:\s*/\s*(?P<b>\d{{1,4}}))?(?:\s*{POINTS}\.?)?(?:\s.*)?", re.IGNORECASE
)
TITLE_POINTS = re.compile(rf"\s*[(\[]?\s*(?P<n>\d{{2,4}})\s*{POINTS}\.?\s*[)\]]?", re.IGNORECASE)
# `Stark 40`, `Starks (40)`, `50 Lannister`: a standard size beside nothing but a house's name (checked by
# the caller) is the game size, even without a points word
TITLE_BARE_SIZE = re.compile(
    r"(?P<before>.*?)[\s\-–—:|,@]*[(\[]?\s*\b(?P<n>30|40|50|60)p?\b\s*[)\]]?(?P<after>.*)", re.IGNORECASE
)
# `Robb's Wolves (50)`, `[40]`: a standard size in brackets on a title line (no card costs 30 or more)
TITLE_BRACKET_SIZE = re.compile(r"\s*[(\[]\s*(?P<n>30|40|50|60)\s*[)\]]")
LIST_SIGNAL = re.compile(
    rf"[(\[{{]\s*(?:\d{{1,2}}|{MARK_LETTER})\s*{POINTS}?\s*[)\]}}]"  # (6) (C) [6] (6 pts)
    rf"|\b\d{{1,2}}\s*{POINTS}\b"  # 6pts, 40 points
    r"|\w\s+[-–—:]\s*\d{1,2}\s*$"  # Name - 6
    rf"|^\W*(?:{_words(ATTACH_WORDS[:2])}|\+)\s*\w"  # with Umber Champion, + Robb Stark
    rf"|^\W*(?:{_words(LIST_LABELS)})\b",
    re.IGNORECASE,
)


def looks_like(text: str) -> bool:
    """Whether `text` may be a pasted list (for `detect`, after every stricter format): a few lines of words
    with something only a list has (a cost, a commander mark, a list header or an attachment's `with`),
    and not one of our YAML lists (those are read as YAML, with their own errors). A list with none of
    these is still read with `--from text`."""
    lines = [in_english(line) for line in text.splitlines() if line.strip()]
    if not 2 <= len(lines) <= MAX_LINES:
        return False
    if yaml_list(text):
        return False
    if sum(1 for line in lines if re.search(r"[^\W\d_]{3}", line)) < 2:
        return False
    return any(LIST_SIGNAL.search(line) for line in lines)


_SEGMENT = re.compile(r"\s+[|·]\s+|\s*\|\s*")


def segments(text: str) -> list[str]:
    """The parts of a header line (`House Stark · 40 points · Player: Ann`, `Stark | 40 pts`), each with its
    label in English as a line's start is (`Haus Stark · 40 Punkte · Spieler: Ann`)."""
    return [in_english(part.strip()) for part in _SEGMENT.split(text) if part.strip()]


def clean(raw: str) -> tuple[int, str, str]:
    """(indent, bullet, content) of a line: markdown, bullets and emphasis taken off."""
    line = in_english(raw.translate(INVISIBLE)).rstrip()  # a German, French or Chinese list's labels
    line = ESCAPED.sub(lambda m: _HELD[m[1]], line)
    indent = len(line) - len(line.lstrip())
    text = MARKDOWN_HEAD.sub("", BBCODE.sub(" ", line).strip())  # forum markup: `[h=1]Title[/h]`
    bullet = ""
    found = BULLET.match(text)
    if found:
        bullet, text = found.group().strip() or "•", text[found.end() :]
    text = CURLY_NCU.sub(lambda m: m.group().replace("’", "'").replace("‘", "'"), EMPHASIS.sub("", text)).strip()
    return indent, bullet, " ".join(text.translate(_RELEASED).split())


def crossed_out(text: str, raw: str) -> tuple[str, str, list[str]]:
    """Why a whole line is skipped (`crossed out`, `commented out`; "" when it is not), the raw line without
    its crossed-out parts, and those parts (`Stark Bowmen ~~+ Sworn Sword Captain~~`)."""
    if CROSSED_OUT.fullmatch(text) or (STRUCK.search(text) and not re.search(r"[^\W_]", STRUCK.sub(" ", text))):
        return ("commented out" if text.startswith("/") else "crossed out"), raw, []
    struck = [m.group() for m in STRUCK.finditer(raw)]
    return "", (STRUCK.sub(" ", raw) if struck else raw), struck


def take_cost(text: str) -> tuple[str, int | None, bool]:
    """(name, cost, marked as commander) of a card's text: the cost and mark taken off, wherever written.
    Costs are taken from the outside in; the innermost is the card's (`Robb Stark (The Young Wolf, 3pts)
    (8pts)`: 3, the 8 is the line's total)."""
    marked = False
    cost: int | None = None
    text = ROLE.sub("", ASIDE.sub("", text))
    text = UNIT_OF.sub("", PRINTED.sub(r"(\g<cost>)", FACTION_TAG.sub("", text)))
    if MARK_BEFORE.match(text):
        text, marked = MARK_BEFORE.sub("", text, count=1), True
    changed = True
    rounds = 0
    # a few rounds (a mark, a cost before, a cost after): never one per word of `1 1 1 … 1`, which is a
    # pass over the line for each of its words (quadratic)
    while changed and rounds < COST_ROUNDS:
        rounds += 1
        changed = False
        text, marks = MARK.subn("", text)
        text, after = MARK_AFTER.subn("", text)
        if marks or after:
            marked = changed = True
        head = COST_HEAD.match(text)
        if head:
            text, changed = text[head.end() :], True
            cost, marked = _cost(head["cost"], cost, marked)
        for pattern in COST_TAILS:
            tail = pattern.search(text)
            if tail and tail.start() > 0:
                text, changed = text[: tail.start()], True
                cost, marked = _cost(tail["cost"], cost, marked)
                break
        sub = None if changed else SUB_COST.search(text)
        if sub:  # inside every bracket around it
            text, changed = f"{text[: sub.start()]}({sub['sub']}){text[sub.end() :]}", True
            cost, marked = _cost(sub["cost"], cost, marked)
        text = text.strip()
    return text.strip(" ,;:|"), cost, marked


def _cost(value: str, cost: int | None, marked: bool) -> tuple[int | None, bool]:
    if value.casefold() == COMMANDER_WORDS[0]:
        return cost, True
    return int(value), marked  # taken from the outside in: this one is inner


__all__ = ["KEYS", "SECTIONS"]
