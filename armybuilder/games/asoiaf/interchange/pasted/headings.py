"""What a heading line of a pasted list heads: a section of the army (`Units:`, `NCUs (2):`), or cards the
army does not take (`Sideboard:`, `Tactics deck (20 cards):`). Text alone: no catalogue is asked."""

from __future__ import annotations

import re

from .lines import HEADER, KEY, SECTIONS
from .vocabulary import FILLER, SET_ASIDE


def set_aside(content: str) -> str | None:
    """The heading's words when the line is a heading over cards that are not the army's (`SET_ASIDE`):
    `Tactics deck (20 cards, 2 of each):`, `Sideboard`; None for any other line (`Sideboard: Sansa` included)."""
    if len(content) > 60:
        return None
    label = section_name(re.sub(r"\s*(?:\([^()]*\)|\[[^\[\]]*\])\s*", " ", content).strip().rstrip(":"))
    return label if label in SET_ASIDE else None


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
