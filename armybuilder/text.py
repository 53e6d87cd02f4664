"""Small wording helpers every message uses: counts with plurals, articles, alternatives, player names; and
text from files made safe to print (`printable`, `strip_unsafe`)."""

from __future__ import annotations

import re
from collections.abc import Sequence


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
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_UNSAFE_OR_NEWLINE = re.compile(f"\n|{_UNSAFE.pattern}")


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
    pattern = _UNSAFE_OR_NEWLINE if one_line else _UNSAFE
    return text if pattern.search(text) is None else pattern.sub(_escape, text)


def strip_unsafe(text: str) -> str:
    """`text` without the characters `printable` escapes (newlines and tabs kept): for text already laid out
    by width, where an escape would be wider than the nothing a control character takes."""
    return text if _UNSAFE.search(text) is None else _UNSAFE.sub(_strip, text)


def _strip(match: re.Match[str]) -> str:
    return "\ufffd" if "\ud800" <= match.group() <= "\udfff" else ""
