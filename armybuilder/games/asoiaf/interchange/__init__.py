"""Lists in the formats other tools use: War Council share codes, asoiaf-stats text, Tabletop Simulator ids.

The public API (used by `import`, `export` and `batch`):

- `FORMATS`: the format names.
- `detect(text)`: which of these formats a pasted text or file holds, or None (YAML lists are not ours).
- `import_list(fmt, text, catalogue, source)`: the list as a `ListSpec` (an `ImportedList`, whose `notes`
  belong in the YAML comment: `import_comment()` builds it); raises `InterchangeError` naming the line.
- `export_list(fmt, report, catalogue)`: the list of a validated `ListReport` as text in that format, ending
  in a newline; costs are the effective costs of the report's context. Raises `InterchangeError` when the
  list cannot be written in it (cards that did not resolve, a faction or card the format cannot carry).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from armybuilder.errors import UsageError

from . import stats, tts, warcouncil
from .common import MAX_INPUT_CHARS, ImportedList, InterchangeError

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.check import ListReport
    from armybuilder.games.asoiaf.listwriter import ListSpec

FORMATS = ("warcouncil", "asoiaf-stats", "tts")

_READERS: dict[str, Callable[[str, Catalogue, str], ImportedList]] = {
    "warcouncil": warcouncil.read,
    "asoiaf-stats": stats.read,
    "tts": tts.read,
}
_WRITERS: dict[str, Callable[[ListReport, Catalogue], str]] = {
    "warcouncil": warcouncil.write,
    "asoiaf-stats": stats.write,
    "tts": tts.write,
}
_TITLES = {
    "warcouncil": "a War Council share code",
    "asoiaf-stats": "an asoiaf-stats text",
    "tts": "a Tabletop Simulator id string",
}


def _format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise UsageError(f"unknown list format {fmt!r}; choose one of {', '.join(FORMATS)}")
    return fmt


def detect(text: str) -> str | None:
    """Which format `text` holds: one of FORMATS, or None when it is none of them (a YAML list, say)."""
    if len(text) > MAX_INPUT_CHARS or not text.strip():
        return None
    stripped = text.strip()
    if tts.looks_like(stripped):
        return "tts"
    if len(stripped.split()) == 1 and warcouncil.looks_like(stripped):
        return "warcouncil"
    if stats.looks_like(text):
        return "asoiaf-stats"
    return None


def import_list(fmt: str, text: str, catalogue: Catalogue, source: str = "<input>") -> ListSpec:
    """Read a list written in `fmt`; raises InterchangeError naming the line for anything it cannot resolve.

    The result is an `ImportedList` (a ListSpec with `notes`); write it with
    `listwriter.dump_list(spec, catalogue, import_comment(fmt, spec, source))`.
    """
    return _READERS[_format(fmt)](text, catalogue, source)


def import_comment(fmt: str, spec: ListSpec, source: str = "<input>") -> str:
    """The YAML comment of an imported list: where it came from and any notes of the import."""
    lines = [f"Imported from {_TITLES[_format(fmt)]} ({source}) by armybuilder import."]
    lines += getattr(spec, "notes", [])
    return "\n".join(lines)


def export_list(fmt: str, report: ListReport, catalogue: Catalogue) -> str:
    """Write the list of a validated report in `fmt` (costs are the report context's effective costs)."""
    return _WRITERS[_format(fmt)](report, catalogue)


__all__ = [
    "FORMATS",
    "ImportedList",
    "InterchangeError",
    "detect",
    "export_list",
    "import_comment",
    "import_list",
]
