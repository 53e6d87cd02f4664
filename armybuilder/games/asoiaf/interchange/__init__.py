"""Lists in the formats other tools use: War Council share codes, asoiaf-stats text, Tabletop Simulator ids,
and lists as players paste them (`text`, read only).

The public API (used by `import`, `export` and `batch`):

- `FORMATS`: the formats read and written; `IMPORT_FORMATS`: the formats read (these and `text`).
- `detect(text)`: which of these formats a pasted text or file holds, or None (YAML lists are not ours).
  The stricter formats come first, so nothing they read is read another way; `text` is the last resort.
- `import_list(fmt, text, catalogue, source)`: the list as a `ListSpec` (an `ImportedList`, whose `notes`
  belong in the YAML comment: `import_comment()` builds it); raises `InterchangeError` naming the line.
  With `detected=True` a text detected as asoiaf-stats that its reader refuses is read as pasted text
  (the list's `fmt` says which reader read it).
- `export_list(fmt, report, catalogue)`: the list of a validated `ListReport` as text in that format, ending
  in a newline; costs are the effective costs of the report's context. Raises `InterchangeError` when the
  list cannot be written in it (cards that did not resolve, a faction or card the format cannot carry).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from armybuilder.errors import UsageError

from . import pasted, stats, tts, warcouncil
from .common import MAX_INPUT_CHARS, ImportedList, InterchangeError
from .pasted import Reading

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.check import ListReport
    from armybuilder.games.asoiaf.listwriter import ListSpec

FORMATS = ("warcouncil", "asoiaf-stats", "tts")
IMPORT_FORMATS = (*FORMATS, pasted.FORMAT)

_READERS: dict[str, Callable[[str, Catalogue, str], ImportedList]] = {
    "warcouncil": warcouncil.read,
    "asoiaf-stats": stats.read,
    "tts": tts.read,
    pasted.FORMAT: pasted.read,
}
_WRITERS: dict[str, Callable[[ListReport, Catalogue], str]] = {
    "warcouncil": warcouncil.write,
    "asoiaf-stats": stats.write,
    "tts": tts.write,
}
IMPORT_TITLES = _TITLES = {  # what each format is, in a sentence
    "warcouncil": "a War Council share code",
    "asoiaf-stats": "an asoiaf-stats text",
    "tts": "a Tabletop Simulator id string",
    pasted.FORMAT: "a pasted list",
}


def _format(fmt: str, formats: tuple[str, ...] = FORMATS) -> str:
    if fmt not in formats:
        raise UsageError(f"unknown list format {fmt!r}; choose one of {', '.join(formats)}")
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
    if stats.looks_like(text) and stats.has_faction(text):  # without `Faction:` its reader refuses it
        return "asoiaf-stats"
    if pasted.looks_like(text):
        return pasted.FORMAT
    return None


def import_list(
    fmt: str,
    text: str,
    catalogue: Catalogue,
    source: str = "<input>",
    *,
    detected: bool = False,
    readings: list[Reading] | None = None,
    points: int | None = None,
    keep: bool = False,
) -> ImportedList:
    """Read a list written in `fmt`; raises InterchangeError naming the line for anything it cannot resolve.

    The result is an `ImportedList` (a ListSpec with `notes`, and `fmt` the reader that read it); write it
    with `listwriter.dump_list(spec, catalogue, import_comment(spec.fmt, spec, source))`. `detected`: `fmt`
    was detected, not named, so an asoiaf-stats text its reader refuses is read as pasted text (whose
    error, if that fails too, is the one raised: it understands more). `readings` receives what each line
    of a pasted list became (`pasted.explain` prints them). For a pasted list, `points` is the game size
    when the text states none, and `keep` returns what was read with the lines that were not in
    `not_read` instead of raising (the YAML then carries them: `validate` flags each).
    """
    fmt = _format(fmt, IMPORT_FORMATS)
    if fmt == pasted.FORMAT:
        spec = pasted.read(text, catalogue, source, readings, points=points, keep=keep)
    elif detected and fmt == "asoiaf-stats":
        try:
            spec = stats.read(text, catalogue, source)
        except InterchangeError:
            spec = pasted.read(text, catalogue, source, readings, points=points, keep=keep)
            fmt = pasted.FORMAT
    else:
        spec = _READERS[fmt](text, catalogue, source)
    spec.fmt = fmt
    return spec


def import_comment(fmt: str, spec: ListSpec, source: str = "<input>") -> str:
    """The YAML comment of an imported list: where it came from and any notes of the import."""
    lines = [f"Imported from {_TITLES[_format(fmt, IMPORT_FORMATS)]} ({source}) by armybuilder import."]
    lines += getattr(spec, "notes", [])
    return "\n".join(lines)


def export_list(fmt: str, report: ListReport, catalogue: Catalogue) -> str:
    """Write the list of a validated report in `fmt` (costs are the report context's effective costs)."""
    return _WRITERS[_format(fmt)](report, catalogue)


__all__ = [
    "FORMATS",
    "IMPORT_FORMATS",
    "IMPORT_TITLES",
    "ImportedList",
    "InterchangeError",
    "Reading",
    "detect",
    "export_list",
    "import_comment",
    "import_list",
]
