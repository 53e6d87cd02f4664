"""A line of a list pasted in German, French or Chinese with its label words in English (`Kommandant:` is
`Commander:`, `(5 Punkte)` is `(5 pts)`, `（統帥）` is `(C)`), so the reader's English patterns read it; card
names are left as written (the catalogue's name tables read them). The words are vocabulary.py's."""

from __future__ import annotations

import re

from .vocabulary import (
    COMMANDER_MARKS,
    FULL_WIDTH,
    KEYS_IN_OTHER_LANGUAGES,
    POINT_WORDS,
    SECTIONS_IN_OTHER_LANGUAGES,
    WITH_AT_START,
    WITH_BETWEEN,
)


def _alternatives(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_FULL_WIDTH = str.maketrans(FULL_WIDTH)
_LEAD = r"^(?P<lead>\s*(?:[-*•◦▪‣●○■□]\s*|#{1,6}\s*|\d{1,2}[.)]\s+)?(?:\*\*|__)?)"
_KEYS = [
    (re.compile(rf"{_LEAD}(?:{_alternatives(words)})(?P<tail>(?:\*\*|__)?\s*[:=])", re.IGNORECASE), english)
    for english, words in KEYS_IN_OTHER_LANGUAGES.items()
]


def _section_labels(tail: str) -> list[tuple[re.Pattern[str], str]]:
    """Each section label of another language (the longest words first), then `tail`, as a pattern and the
    English label it stands for."""
    by_length = sorted(SECTIONS_IN_OTHER_LANGUAGES.items(), key=lambda item: -max(map(len, item[1])))
    return [(re.compile(rf"{_LEAD}(?:{_alternatives(words)}){tail}", re.IGNORECASE), english) for english, words in by_length]


_SECTIONS = _section_labels(r"(?P<tail>(?:\*\*|__)?\s*:?\s*(?:\(\s*\d+\s*\))?\s*)$")  # a heading alone
# a section's label with its cards after it on the same line: `NKE: Catelyn Stark`, `敵方附屬：Jaqen H'ghar`
_SECTIONS_INLINE = _section_labels(r"(?P<tail>(?:\*\*|__)?\s*(?:\(\s*\d+\s*\))?\s*[:=])(?=\s*\S)")
_WITH_START = re.compile(rf"{_LEAD}(?:{_alternatives(WITH_AT_START)})(?:\s+|(?=[^\W\d_]))", re.IGNORECASE)
# (?<!\s): a match starts where a run of spaces does, never inside one (a kept indent of 60,000 no-break
# spaces was tried from each of its places: quadratic); the leftmost match is the same
_WITH_BETWEEN = re.compile(rf"(?<!\s)\s+(?:{_alternatives(WITH_BETWEEN)})\s+", re.IGNORECASE)
_MARK = re.compile(rf"[(\[]\s*(?:{_alternatives(COMMANDER_MARKS)})\s*[)\]]", re.IGNORECASE)
_POINTS = re.compile(rf"(?P<n>\d{{1,4}})\s*(?:{_alternatives(POINT_WORDS)})\.?(?![^\W\d_])", re.IGNORECASE)
_ALL_WORDS = (
    *(w for words in KEYS_IN_OTHER_LANGUAGES.values() for w in words),
    *(w for words in SECTIONS_IN_OTHER_LANGUAGES.values() for w in words),
    *WITH_AT_START, *COMMANDER_MARKS, *POINT_WORDS,
)  # fmt: skip
_OTHER = re.compile(rf"[^\x00-\x7f]|(?<![^\W\d_])(?:{_alternatives(_ALL_WORDS)})(?![^\W\d_])", re.IGNORECASE)


_SPACES = re.compile(r"\s{2,}")


def in_english(line: str) -> str:
    """The line with the label words of another language in English; an English line as it is."""
    if not _OTHER.search(line):
        return line  # nothing to translate: the common case costs one search
    line = line.translate(_FULL_WIDTH)
    # runs of spaces inside the line as one (the reader joins them anyway; the indent is kept): the
    # patterns below put `\s*` and `\s+` side by side, which on a crafted run of 60,000 spaces backtracks
    # for minutes
    body = line.lstrip()
    line = line[: len(line) - len(body)] + _SPACES.sub(" ", body)
    for pattern, english in _SECTIONS:
        found = pattern.match(line)
        if found:
            return f"{found['lead']}{english.title()}{found['tail']}"
    for pattern, english in (*_SECTIONS_INLINE, *_KEYS):
        found = pattern.match(line)
        if found:
            line = f"{found['lead']}{english.title()}{found['tail']}{line[found.end():]}"
            break
    line = _WITH_START.sub(lambda m: f"{m['lead']}with ", line, count=1)
    line = _WITH_BETWEEN.sub(" with ", line)
    line = _MARK.sub("(C)", line)
    return _POINTS.sub(lambda m: f"{m['n']} pts", line)
