"""The files of a Horde vs Empire card catalogue folder: the `*.yaml` files directly in it are read
(`catalogue_files`); a file that looks like card data and is not read is a `file-not-read` warning
(`not_read`), so that a card kept in `extra.yml` is never "not a known card" with no hint why."""

from __future__ import annotations

import itertools
import os
from dataclasses import replace
from pathlib import Path

from armybuilder.errors import DataError
from armybuilder.problems import Problem, Severity


def catalogue_files(folder: Path) -> list[Path]:
    """The `*.yaml` files directly in `folder` in code-point order of their names; DataError when the
    folder cannot be used as a catalogue."""
    if not folder.exists():
        raise DataError(f"card catalogue folder {folder} does not exist; give a folder of *.yaml card files")
    if not folder.is_dir():
        raise DataError(f"{folder} is not a folder; give a folder of *.yaml card files")
    try:
        files = sorted(
            (p for p in folder.iterdir() if p.name.endswith(".yaml") and not p.name.startswith(".")),
            key=lambda p: p.name,
        )
    except OSError as exc:
        raise DataError(f"cannot read the folder {folder}: {exc.strerror or exc}") from None
    files = [p for p in files if p.is_file()]
    if not files:
        raise DataError(f"{folder} holds no *.yaml file; a card catalogue is a folder of *.yaml files with cards:")
    return files


def not_read(folder: Path) -> list[Problem]:
    """`file-not-read` for each `.yml`/`.YAML` file beside the catalogue's files, and each subfolder's `*.yaml`
    files (three levels down, at most 500 entries looked at in all, links not followed: a hostile folder
    costs a bounded look, and an entry that cannot be asked about is passed over)."""
    found: list[Problem] = []
    stack: list[tuple[str, int]] = [(str(folder), 0)]
    budget = _LOOKED
    while stack and budget > 0:
        where, depth = stack.pop()
        try:
            with os.scandir(where) as listing:
                entries = sorted(itertools.islice(listing, budget), key=lambda e: e.name)
        except OSError:
            continue
        budget -= len(entries)
        for entry in entries:
            name = entry.name
            try:
                is_dir, is_file = entry.is_dir(follow_symlinks=False), entry.is_file(follow_symlinks=False)
            except OSError:
                continue
            if name.startswith("."):
                continue
            if is_dir:
                if depth < 3:
                    stack.append((entry.path, depth + 1))
            elif is_file and name.lower().endswith((".yaml", ".yml")) and (depth > 0 or not name.endswith(".yaml")):
                why = "in a subfolder" if depth else "not named *.yaml"
                shown = Path(entry.path).relative_to(folder).as_posix()
                message = (
                    f"{shown} is not read ({why}): only the *.yaml files directly in the catalogue folder are; "
                    "rename or move it to have its cards read"
                )
                found.append(Problem("file-not-read", Severity.WARNING, message, entry.path, 1, 1))
    if len(found) > _SHOWN_NOT_READ:  # a folder of hundreds: the first ones named, the rest counted
        more = len(found) - _SHOWN_NOT_READ
        last = found[_SHOWN_NOT_READ - 1]
        message = f"and {more} more files like the ones above are not read (of the first {_LOOKED} entries looked at)"
        found = [*found[: _SHOWN_NOT_READ - 1], replace(last, message=message)]
    return found


_SHOWN_NOT_READ = 20  # files named one by one; the rest are counted in the last warning
_LOOKED = 500  # folder entries looked at in all
