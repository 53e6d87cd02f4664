"""`import --explain`: every line of a pasted list beside what it became, then the notes."""

from __future__ import annotations

from .model import SKIPPED, Reading


def explain(readings: list[Reading], notes: list[str], width: int = 44) -> str:
    """The readings as `line | text  → what it became`, then the notes; a string ending in a newline."""
    digits = len(str(max((r.line for r in readings), default=1)))
    out = []
    for reading in readings:
        text = reading.text if len(reading.text) <= width else reading.text[: width - 1] + "…"
        out.append(f"{reading.line:>{digits}} | {text:<{width}}  → {reading.became}")
    out += [f"{'':>{digits}}   {note}" for note in notes if not note.startswith(SKIPPED)]
    return "\n".join(out) + "\n"
