"""The file-size guard: a file far larger than anything a player writes is refused before it is parsed."""

from __future__ import annotations

from armybuilder.fileio import MAX_INPUT_BYTES

MAX_POINTS = 1000  # the largest game size a file, an event or an option may state: beyond it a typo or hostile input


def too_large(blob: str | bytes, what: str = "a list", typical: str = "a few hundred bytes") -> str | None:
    """What to tell of an oversized file (None when it is not): the limit it passes, what such a file
    usually weighs, and the question that fixes it. (`read_input` reads one byte past the limit, so the
    file's own size is not known.)"""
    if len(blob) <= MAX_INPUT_BYTES:
        return None
    return f"the file is over {MAX_INPUT_BYTES:,} bytes; {what} is {typical} — is this the right file?"
