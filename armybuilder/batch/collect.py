"""Finding the submissions: files, folders and globs, in a stable order, and who each belongs to."""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from armybuilder.errors import UsageError

PLAYER_SEPARATOR = "--"  # `<player>--<label>.yaml`

# Files a folder of submissions holds beside the lists, which no player submits as a list: documents,
# spreadsheets, web pages, data, images (and a batch's own reports). Found in a folder or by a glob they
# are skipped and listed as skipped; named one by one, or with --from, they are read like any other.
NOT_LISTS = (
    ".md", ".markdown", ".rst", ".csv", ".tsv", ".html", ".htm", ".json", ".xml", ".pdf", ".doc", ".docx",
    ".odt", ".xls", ".xlsx", ".ods", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".bmp", ".tif",
    ".tiff", ".heic", ".ico",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Submission:
    """One file to check, and the folder argument it was found under (None when named directly)."""

    path: str
    root: str | None = None


def collect(
    paths: Sequence[str],
    exclude: Iterable[str] = (),
    *,
    not_lists: tuple[str, ...] = NOT_LISTS,
    skipped: list[str] | None = None,
) -> list[Submission]:
    """Files, folders (recursively, hidden entries skipped) and globs, in a stable order without repeats.

    Files found in a folder or by a glob whose names end in `not_lists` are left out, and so are the files
    of `exclude` (the event file, the batch's own reports) wherever they are found; `skipped` receives
    every file left out (except hidden ones), in order."""
    skip = {os.path.realpath(p) for p in exclude}
    seen: set[str] = set()
    out: list[Submission] = []

    def add(path: str, root: str | None, found: bool = True) -> None:
        real = os.path.realpath(path)
        if real in seen:
            return
        seen.add(real)
        if real in skip or (found and path.lower().endswith(not_lists)):
            if skipped is not None:
                skipped.append(path)
            return
        out.append(Submission(path, root))

    def walk(top: str) -> None:
        found = []
        for folder, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            found += [os.path.join(folder, name) for name in files if not name.startswith(".")]
        for path in sorted(found, key=lambda p: os.path.relpath(p, top).split(os.sep)):
            add(path, top)

    for arg in paths:
        if os.path.isdir(arg):
            walk(arg)
        elif os.path.exists(arg):
            add(arg, None, found=False)
        elif glob.has_magic(arg):
            matches = sorted(glob.glob(arg, recursive=True))
            if not matches:
                raise UsageError(f"{arg}: no file matches this pattern")
            for match in matches:
                if os.path.isdir(match):
                    walk(match)
                elif os.path.isfile(match):
                    add(match, None)
        else:
            raise UsageError(f"{arg}: no such file or folder")
    return out


def player_from_path(sub: Submission) -> str:
    """The player a file belongs to by name: `<player>--<label>.ext`, else a per-player folder, else the stem."""
    name = os.path.basename(sub.path)
    stem = name.split(".", 1)[0] if not name.startswith(".") else name
    if PLAYER_SEPARATOR in stem:
        return stem.split(PLAYER_SEPARATOR, 1)[0].strip() or stem
    if sub.root is not None:
        parts = os.path.relpath(sub.path, sub.root).split(os.sep)
        if len(parts) >= 2:
            return parts[-2]
    return stem
