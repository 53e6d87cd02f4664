"""What a heading line of a pasted list heads: a section of the army (`Units:`, `NCUs (2):`), or cards the
army does not take (`Sideboard:`, `Tactics deck (20 cards):`). Text alone: no catalogue is asked."""

from __future__ import annotations

import re
from collections.abc import Callable

from .lines import HEADER, KEY, MAX_LINE, SECTIONS, clean, segments
from .vocabulary import FILLER, KEYS, SET_ASIDE_PHRASES, SET_ASIDE_WORDS, TACTICS_HEADINGS


def our_sheet(first: list[str], is_meta: Callable[[str], bool]) -> bool:
    """Whether a text's first three lines head our own sheet: the list's name, then `House Stark · 40 points`
    (`· Player: Ann`), each part a header line (`is_meta`), then `Commander: …` (`export --format text`); or
    `## name`, then `**House Stark** · 40 points · Commander: **…**` (`--format md`)."""
    if len(first) < 3 or len(first[1]) > MAX_LINE or " · " not in first[1]:
        return False
    parts = segments(clean(first[1])[2])
    if first[0].startswith("## ") and first[1].startswith("**"):  # the Markdown sheet: the commander on the line
        commander_at = next((i for i, part in enumerate(parts) if _commander(part)), 0)
        return commander_at >= 2 and all(part and is_meta(part) for part in parts[:commander_at] + parts[commander_at + 1 :])
    return _commander(first[2]) and len(parts) >= 2 and all(part and is_meta(part) for part in parts)


def _commander(text: str) -> bool:
    """Whether a line or a part of one is `Commander: …` (`Kommandant: …`)."""
    key = KEY.fullmatch(clean(text)[2])
    return key is not None and KEYS.get(key["key"].strip().casefold()) == "commander"


def set_aside(content: str) -> str | None:
    """The heading's words when the line is a heading over cards that are not the army's (`set_aside_label`):
    `Tactics deck (20 cards, 2 of each):`, `Sideboard`, `Possible swaps:`; None for any other line."""
    if len(content) > 60:
        return None
    bare = re.sub(r"\s*(?:\([^()]*\)|\[[^\[\]]*\])\s*", " ", content).strip()
    label = section_name(bare.rstrip(":"))
    return label if set_aside_label(label, bare.endswith(":")) else None


def set_aside_label(label: str, colon: bool = True) -> bool:
    """Whether a label heads cards that are not the army's: a tactics deck's (`TACTICS_HEADINGS`), or spare
    cards' (a word or phrase of `SET_ASIDE_WORDS`, `SET_ASIDE_PHRASES` alone, or among up to four words
    before a colon). A `Sideboard: Sansa Stark` line is asked of its label too."""
    if label in TACTICS_HEADINGS or label in SET_ASIDE_WORDS or label in SET_ASIDE_PHRASES:
        return True
    words = label.split()
    return (
        colon
        and 1 <= len(words) <= 4
        and (not SET_ASIDE_WORDS.isdisjoint(words) or any(phrase in label for phrase in SET_ASIDE_PHRASES))
    )


def ends_set_aside(heading: str) -> bool:
    """Whether a heading of cards set aside ends at a heading of the army (`Units:`) or a unit's line: only
    a tactics deck's (no unit or NCU is a tactics card); a sideboard's may have its own `Units:` and runs
    to the end of the text."""
    return heading in TACTICS_HEADINGS


def army_heading(content: str) -> bool:
    """Whether the line heads a section of the army (`Units:`, `NCUs (2):`, `NCUs: A, B`)."""
    header = HEADER.fullmatch(content)
    if header and section_name(header["name"]) in SECTIONS:
        return True
    if section_name(content.rstrip(": ")) in SECTIONS:
        return True
    key = KEY.fullmatch(content)
    return bool(key and section_name(key["key"]) in SECTIONS)


def section_name(text: str) -> str:
    """A heading's words as `SECTIONS` spells them: `and for none combat units` is `none combat units`."""
    words = text.strip().casefold().split()
    while len(words) > 1 and words[0] in FILLER:
        words.pop(0)
    return " ".join(words)
