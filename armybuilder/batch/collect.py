"""Finding the submissions: files, folders and globs, in a stable order, and who each belongs to."""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from armybuilder.errors import UsageError

PLAYER_SEPARATOR = "--"  # `<player>--<label>.yaml`


@dataclass(frozen=True, slots=True)
class Submission:
    """One file to check, and the folder argument it was found under (None when named directly)."""

    path: str
    root: str | None = None


def collect(paths: Sequence[str], exclude: Iterable[str] = ()) -> list[Submission]:
    """Files, folders (recursively, hidden entries skipped) and globs, in a stable order without repeats."""
    skip = {os.path.realpath(p) for p in exclude}
    seen: set[str] = set()
    out: list[Submission] = []

    def add(path: str, root: str | None) -> None:
        real = os.path.realpath(path)
        if real not in seen and real not in skip:
            seen.add(real)
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
            add(arg, None)
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
