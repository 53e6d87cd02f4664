"""Finding the submissions: files, folders and globs, in a stable order, and who each belongs to."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from armybuilder.errors import UsageError
from armybuilder.record import compared

PLAYER_SEPARATOR = "--"  # `<player>--<label>.yaml`

# Files a folder of submissions holds beside the lists, which no player submits as a list: documents,
# spreadsheets, web pages, data, images (and a batch's own reports). Found in a folder or by a glob they
# are skipped and listed as skipped; named one by one, or with --from, they are read like any other.
NOT_LISTS = (
    ".md", ".markdown", ".rst", ".csv", ".tsv", ".html", ".htm", ".json", ".xml", ".pdf", ".doc", ".docx",
    ".odt", ".xls", ".xlsx", ".ods", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".bmp", ".tif",
    ".tiff", ".heic", ".ico",
    "~", ".bak", ".orig", ".swp", ".tmp",  # an editor's backup of a list (`kim.txt~`) is no second entry
)  # fmt: skip


@compared
@dataclass(frozen=True, slots=True, eq=False, repr=False)
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
    refused: list[tuple[str, str]] | None = None,
    repeated: list[tuple[str, str]] | None = None,
) -> list[Submission]:
    """Files, folders (recursively, hidden entries skipped; a hidden file named like a list refused) and globs, in a stable order without repeats.

    Files found in a folder or by a glob whose names end in `not_lists` are left out, and so are the files
    of `exclude` (the event file, the batch's own reports) wherever they are found; `skipped` receives
    every file left out (except hidden ones), in order. `refused` receives (path, why) for what a folder
    holds that is no submission of it: a link to a file outside the folder (which would copy that file
    into the report and the pack) and a folder that cannot be read. `repeated` receives (path, first path)
    for a second name of a file already found under another (`bob.yaml`, a link to `alice.yaml`): checked
    once, under the name found first."""
    skip = {os.path.realpath(p) for p in exclude}
    seen: dict[str, str] = {}  # each file read -> the path it was first found as
    out: list[Submission] = []

    def add(path: str, root: str | None, found: bool = True, real: str | None = None) -> None:
        real = real or os.path.realpath(path)
        first = seen.get(real)
        if first is not None:
            if repeated is not None and os.path.normpath(first) != os.path.normpath(path):
                repeated.append((path, first))  # `bob.yaml`, a link to `alice.yaml`
            return
        seen[real] = path
        if real in skip or (found and path.lower().endswith(not_lists)):
            if skipped is not None:
                skipped.append(path)
            return
        out.append(Submission(path, root))

    def refuse(path: str, why: str) -> None:
        if refused is not None:
            refused.append((path, why))

    def walk(top: str, root: str | None = None) -> None:
        skip = len(os.path.join(top, ""))  # every path found is `top`, a separator, then its own part
        for path, real in sorted(_files_under(top, refuse), key=lambda p: p[0][skip:].split(os.sep)):
            add(path, top if root is None else root, real=real)

    for arg in paths:
        if os.path.isdir(arg):
            walk(arg)
        elif os.path.exists(arg):
            add(arg, None, found=False)
        elif _has_magic(arg):
            import glob  # (a pattern: folders and files named outright never need it)

            matches = sorted(glob.glob(arg, recursive=True))
            if not matches:
                raise UsageError(f"{arg}: no file matches this pattern")
            base = os.path.realpath(_fixed_part(arg))
            for match in matches:
                if not _inside(os.path.realpath(match), base):
                    refuse(match, f"a link to a file outside {_fixed_part(arg)}; not read")
                elif os.path.isdir(match):
                    walk(match)
                elif os.path.isfile(match):
                    add(match, None)
        else:
            raise UsageError(f"{arg}: no such file or folder")
    return out


def _has_magic(path: str) -> bool:
    """Whether `path` is a glob pattern: `glob.has_magic`, without importing glob for a plain path."""
    return "*" in path or "?" in path or "[" in path


def _inside(real: str, folder: str) -> bool:
    """Whether the resolved path `real` lies in the resolved `folder`."""
    try:
        return os.path.commonpath([real, folder]) == folder
    except ValueError:  # another drive (Windows)
        return False


def _fixed_part(pattern: str) -> str:
    """The folder a glob pattern searches: its path up to the first part with a wildcard."""
    parts = pattern.split(os.sep)
    fixed = list(itertools.takewhile(lambda p: not _has_magic(p), parts))
    return os.sep.join(fixed[:-1] if len(fixed) == len(parts) else fixed) or "."


def _files_under(top: str, refuse: Callable[[str, str], None]) -> list[tuple[str, str]]:
    """The regular files and dangling names under `top`, each with its resolved path, hidden entries left
    out, without recursion (a tree 300 folders deep is fine); links that leave `top` and folders that cannot
    be read are refused. Only a link is resolved on its own: any other entry's resolved path is its
    folder's and its name (ten thousand `realpath` calls cost more than reading the folder)."""
    real_top = os.path.realpath(top)
    found: list[tuple[str, str]] = []
    stack = [(top, real_top)]
    while stack:
        folder, real_folder = stack.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            refuse(folder, f"a folder that cannot be read ({(exc.strerror or 'error').lower()}); its lists are not checked")
            continue
        for entry in entries:
            if entry.name.startswith("."):  # `.git`, `.DS_Store`; a hidden list is said, never dropped unsaid
                if entry.name.lower().endswith(_TEXT_EXTENSIONS) and _is_file(entry):
                    refuse(os.path.join(folder, entry.name), "a hidden file; not read (name it without the leading `.` to check it)")
                continue
            path = os.path.join(folder, entry.name)
            try:
                if entry.is_dir(follow_symlinks=False):
                    stack.append((path, os.path.join(real_folder, entry.name)))
                    continue
                link = entry.is_symlink()
            except OSError:
                link = False
            if link:
                target = os.path.realpath(path)
                if not _inside(target, real_top):
                    refuse(path, "a link to a file outside the folder; not read")
                    continue
                if os.path.isdir(target):
                    continue  # a link to a folder inside: its files are found where they are
                found.append((path, target))
            else:
                found.append((path, os.path.join(real_folder, entry.name)))
    return found


def _is_file(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_file(follow_symlinks=False)
    except OSError:
        return False


_TEXT_EXTENSIONS = (".yaml", ".yml", ".txt", ".text", ".json")  # `ann.yaml.txt`, as a mail program saves it


def _stem(name: str) -> str:
    """The file name without its extension (`jon.snow.yaml` is jon.snow's, `J. Mormont.yml` J. Mormont's), and
    without a second one a mail program may have added (`ann.yaml.txt`)."""
    stem, ext = os.path.splitext(name)
    if ext and stem:
        inner, ext = os.path.splitext(stem)
        if inner and ext.lower() in _TEXT_EXTENSIONS:
            stem = inner
    return stem or name


def player_from_path(sub: Submission) -> str:
    """The player a file belongs to by name: `<player>--<label>.ext`, else a per-player folder, else the stem."""
    stem = _stem(os.path.basename(sub.path))
    if PLAYER_SEPARATOR in stem:
        return stem.split(PLAYER_SEPARATOR, 1)[0].strip() or stem
    if sub.root is not None:
        parts = os.path.relpath(sub.path, sub.root).split(os.sep)
        if len(parts) >= 2:
            return parts[-2]
    return stem
