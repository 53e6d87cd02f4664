"""Small wording helpers every message uses: counts with plurals, articles, alternatives, player names; and
text from files made safe to print (`printable`, `strip_unsafe`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any


def count(n: int, one: str, many: str | None = None) -> str:
    """`1 list`, `2 lists`, `3 NCUs`; `many` for irregular plurals."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def a(noun: str) -> str:
    """The noun with its indefinite article, by sound: `an NCU`, `an attachment`, `a unit`."""
    vowel_sound = noun[:1].lower() in "aeiou" or noun.startswith("NCU")
    return ("an " if vowel_sound else "a ") + noun


def or_quoted(names: Sequence[str]) -> str:
    """`'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`."""
    quoted = [f"'{n}'" for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def player_key(name: str) -> str:
    """How player names are compared: case and surrounding spaces do not matter."""
    return " ".join(name.split()).casefold()


# Characters that must never reach a terminal from a file: C0 controls but tab and newline (ESC starts the
# sequences that clear the screen, move the cursor or set the window title), DEL, C1 controls (U+009B is a
# one-character CSI), the bidirectional overrides that reorder what is shown, and lone surrogates (file names
# that are not UTF-8), which no output stream can even encode.
# (U+2028 and U+2029 too: a reader that splits lines as Python's `str.splitlines` does would start a new
# line there, so a file name holding one could forge a line of a report)
# (compiled when first needed: the class costs milliseconds to compile, and most text needs no look at all, as
# `str.isprintable` refuses every one of these characters)
_UNSAFE_CLASS = (
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


@functools.cache
def _unsafe(one_line: bool = False) -> re.Pattern[str]:
    """The characters `printable` escapes (and the newline when `one_line`)."""
    return re.compile(f"\n|{_UNSAFE_CLASS}" if one_line else _UNSAFE_CLASS)


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that is not UTF-8, as Python keeps it
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return {"\n": "\\n", "\r": "\\r"}.get(char, f"\\x{code:02x}")
    return f"\\u{code:04x}"


def printable(text: str, *, one_line: bool = True) -> str:
    """`text` safe to print to a terminal: each control character, escape-sequence starter, bidirectional
    override and undecodable byte shown as a visible escape (`\\x1b`), so nothing taken from a file can move
    the cursor, clear the screen, retitle the window or reorder the line. Newlines too when `one_line`."""
    if text.isprintable():  # the usual text: none of those characters
        return text
    pattern = _unsafe(one_line)
    return text if pattern.search(text) is None else pattern.sub(_escape, text)


def json_text(value: Any, *, indent: int | None = None) -> str:
    """`value` as JSON that any strict parser reads and that is safe to print: what `printable` would escape
    (DEL, C1 controls, line separators, bidirectional controls, lone surrogates) written as `\\uXXXX`
    escapes inside the strings, never raw (and never as `\\x85`, which is no JSON escape). Other text stays
    readable UTF-8."""
    import json

    text = json.dumps(value, indent=indent, ensure_ascii=False)
    return text if text.isprintable() else _unsafe().sub(_json_escape, text)


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"  # C0 controls never get here: json.dumps escapes them itself


_MARKDOWN = re.compile(r"([\\`*_\[\]<>|~&#])")  # (brackets escaped: no `(…)` can make a link)


def markdown_text(text: str) -> str:
    """`text` from a file as inert Markdown on one line: every character Markdown (or the HTML it allows)
    reads as markup backslash-escaped, so raw HTML (`<img onerror=…>`) and links (`[x](javascript:…)`,
    `<javascript:…>`) stay text; line breaks become spaces (a table cell stays one cell); control
    characters are escaped as `printable` does."""
    return printable(_MARKDOWN.sub(r"\\\1", " ".join(text.splitlines())))


def strip_unsafe(text: str) -> str:
    """`text` without the characters `printable` escapes (newlines and tabs kept): for text already laid out
    by width, where an escape would be wider than the nothing a control character takes."""
    return text if text.isprintable() else _unsafe().sub(_strip, text)


def _strip(match: re.Match[str]) -> str:
    return "\ufffd" if "\ud800" <= match.group() <= "\udfff" else ""
