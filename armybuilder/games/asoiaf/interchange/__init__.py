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

from typing import TYPE_CHECKING

from armybuilder.errors import UsageError

from .common import MAX_INPUT_CHARS, PASTED_FORMAT, ImportedList, InterchangeError, note_line, yaml_list

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.check import ListReport
    from armybuilder.games.asoiaf.listwriter import ListSpec

    from .pasted import Reading

# each format's module is imported when a list is read or written in it: a printed sheet (its share code)
# needs only warcouncil, and the pasted-list reader is the largest of them
FORMATS = ("warcouncil", "asoiaf-stats", "tts")
IMPORT_FORMATS = (*FORMATS, PASTED_FORMAT)

IMPORT_TITLES = _TITLES = {  # what each format is, in a sentence
    "warcouncil": "a War Council share code",
    "asoiaf-stats": "an asoiaf-stats text",
    "tts": "a Tabletop Simulator id string",
    PASTED_FORMAT: "a pasted list",
}


def _format(fmt: str, formats: tuple[str, ...] = FORMATS) -> str:
    if fmt not in formats:
        raise UsageError(f"unknown list format {fmt!r}; choose one of {', '.join(formats)}")
    return fmt


def detect(text: str) -> str | None:
    """Which format `text` holds: one of FORMATS, or None when it is none of them (a YAML list, say)."""
    if len(text) > MAX_INPUT_CHARS or not text.strip():
        return None
    # each reader is imported only for a text that may be its format (a batch meets broken YAML lists, and
    # the pasted-list reader, the largest, would cost every worker more than a hundred lists' checks)
    stripped = text.strip()
    if ";" in stripped:  # `Faction;id,…`
        from . import tts

        if tts.looks_like(stripped):
            return "tts"
    words = stripped.split()
    # a share code as one word, in quotes or backticks as a chat may show it, or wrapped over a few lines
    # as an e-mail wraps it (each line long: a column of card names is no code)
    if len(words) == 1 or (len(words) <= 20 and all(len(w) >= 16 for w in words)):
        from . import warcouncil

        code = "".join(words).strip(warcouncil.QUOTES)
        if code and warcouncil.looks_like(code):
            return "warcouncil"
    from . import stats

    if stats.looks_like(text) and stats.has_faction(text):  # without `Faction:` its reader refuses it
        return "asoiaf-stats"
    if yaml_list(text):  # one of ours, broken: never a pasted list
        return None
    from . import pasted

    if pasted.looks_like(text):
        return pasted.FORMAT
    from . import warcouncil

    if warcouncil.embedded(text):  # a code in an e-mail, a forum post or a Markdown fence
        return "warcouncil"
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
    of a pasted list became (`pasted.explain` prints them). `points` is the game size when the text states
    none (a share code or an id string never does; without it, the smallest standard size that holds the
    list), and, for a pasted list, `keep` returns what was read with the lines that were not in
    `not_read` instead of raising (the YAML then carries them: `validate` flags each).
    """
    from . import pasted, stats, tts, warcouncil

    fmt = _format(fmt, IMPORT_FORMATS)
    if fmt == pasted.FORMAT:
        spec = pasted.read(text, catalogue, source, readings, points=points, keep=keep)
    elif detected and fmt == "asoiaf-stats":
        try:
            spec = stats.read(text, catalogue, source, points)
        except InterchangeError:
            spec = pasted.read(text, catalogue, source, readings, points=points, keep=keep)
            fmt = pasted.FORMAT
    else:
        spec = {"warcouncil": warcouncil.read, "asoiaf-stats": stats.read, "tts": tts.read}[fmt](text, catalogue, source, points)
    spec.fmt = fmt
    return spec


def import_comment(fmt: str, spec: ListSpec, source: str = "<input>") -> str:
    """The YAML comment of an imported list: where it came from and any notes of the import."""
    lines = [f"Imported from {_TITLES[_format(fmt, IMPORT_FORMATS)]} ({source}) by armybuilder import."]
    lines += getattr(spec, "notes", [])
    return "\n".join(lines)


def export_list(fmt: str, report: ListReport, catalogue: Catalogue) -> str:
    """Write the list of a validated report in `fmt` (costs are the report context's effective costs)."""
    from . import stats, tts, warcouncil

    writers = {"warcouncil": warcouncil.write, "asoiaf-stats": stats.write, "tts": tts.write}
    return writers[_format(fmt)](report, catalogue)


__all__ = [
    "FORMATS",
    "IMPORT_FORMATS",
    "IMPORT_TITLES",
    "ImportedList",
    "InterchangeError",
    "detect",
    "export_list",
    "import_comment",
    "import_list",
    "note_line",
]
