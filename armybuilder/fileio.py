"""Writing output files safely: a temporary file in the same folder, then an atomic rename."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from armybuilder.errors import ArmyBuilderError


def _pieces(content: str | bytes | Iterable[str]) -> Iterable[bytes]:
    if isinstance(content, bytes):
        yield content
    elif isinstance(content, str):
        yield content.encode("utf-8")
    else:
        for piece in content:
            yield piece.encode("utf-8")


def write_atomic(target: str | Path, content: str | bytes | Iterable[str], *, force: bool = False) -> None:
    """Write `content` to `target` ('-' is standard output) so that readers never see half a file.

    `content` may be an iterable of text pieces, written as they come, so a large report is never held whole.
    An existing file is replaced only with `force`; on any failure the old file is left as it was.
    """
    if str(target) == "-":
        for data in _pieces(content):
            sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    path = Path(target)
    if path.exists() and not force:
        raise ArmyBuilderError(f"{path} exists; pass --force to replace it, or choose another file with -o")
    if path.is_dir():
        raise ArmyBuilderError(f"{path} is a folder; give a file name with -o")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ArmyBuilderError(f"folder {folder} does not exist; create it first or choose another -o")
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                for data in _pieces(content):
                    handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            if path.exists():
                os.chmod(tmp, path.stat().st_mode & 0o777)
            else:
                os.chmod(tmp, 0o644)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise ArmyBuilderError(f"cannot write {path}: {exc.strerror or exc}") from None
