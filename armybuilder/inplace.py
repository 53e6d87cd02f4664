"""Editing a text file in place, as the list-editing commands do: the file a link leads to is the one
edited, two edits of one file at once take turns, a file another program changed meanwhile is never
overwritten, and the text goes back as it came (its encoding, byte-order mark and line endings).

    with Editing(path) as held:
        new_text = change(held.text)   # "\\n" line endings, whatever the file had
        held.write(new_text)           # raises ArmyBuilderError if the file changed since it was read
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from types import TracebackType

from armybuilder.errors import ArmyBuilderError
from armybuilder.fileio import BOMS, decode_text, read_input, write_atomic

WAIT_SECONDS = 10.0  # how long an edit waits for another edit of the same file to finish


class Editing:
    """A file held for one edit: resolved through links, locked against other edits (where the system has
    advisory locks), read, then written back atomically in its own form. `text` has "\\n" line endings."""

    def __init__(self, path: str | Path, what: str = "YAML text") -> None:
        self.shown = str(path)
        self.what = what  # what the file must be, for the message when it is not text
        self.path = Path(os.path.realpath(path))  # a link is edited through: the file it leads to
        self._fd: int | None = None
        self.blob = b""
        self.original = ""  # the text as read, line endings and all
        self.text = ""
        self.other_names = 0  # the file's other names (hard links): a rename leaves them the old text

    def __enter__(self) -> Editing:
        self._lock()
        try:
            self.blob = read_input(self.path)
            self.other_names = max(os.stat(self.path).st_nlink - 1, 0)
            self.original = decode_text(self.blob, self.what)
            self.text = self.original.replace("\r\n", "\n")
        except BaseException:
            self._unlock()
            raise
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._unlock()

    def write(self, text: str) -> None:
        """Replace the file with `text`, in the encoding, byte-order mark and line endings it was read with;
        refused when the file changed since it was read (another program saved it meanwhile)."""
        try:
            now = read_input(self.path)
        except OSError:
            now = None
        if now != self.blob:
            raise ArmyBuilderError(
                f"{self.shown}: the file changed while this edit ran (another program saved it); nothing "
                "written; run the edit again"
            )
        write_atomic(self.path, encoded(text, self.original, self.blob), force=True)

    # --- taking turns ------------------------------------------------------------------------------

    def _lock(self) -> None:
        """Hold an advisory lock on the file, waiting up to WAIT_SECONDS for another edit to finish. The lock
        is on the file as it is now: an edit that replaced it meanwhile leaves a lock on the old one, so the
        file is opened again until the lock and the name agree. No locks on this system: no waiting."""
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: the check before writing still guards
            return
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            try:
                fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            except OSError:
                return  # reading it will say what is wrong
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                if time.monotonic() > deadline:
                    raise ArmyBuilderError(
                        f"{self.shown}: another edit of this file is still running; try again when it ends"
                    ) from None
                time.sleep(0.02)
                continue
            except OSError:  # a file system without locks
                os.close(fd)
                return
            try:
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except OSError:
                same = False
            if same:
                self._fd = fd
                return
            os.close(fd)  # replaced by the edit we waited for: lock the new file

    def _unlock(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing releases the lock
            self._fd = None


def encoded(text: str, original: str, blob: bytes) -> bytes:
    """`text` (with "\\n" line endings) as bytes in the form of a file read as `blob` (decoded: `original`):
    its byte-order mark and encoding (UTF-8, or UTF-16/32 with a mark) and its line endings (CRLF when at
    least half its lines end so)."""
    crlf = original.count("\r\n")
    if crlf and crlf * 2 >= original.count("\n"):
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    for bom, codec, _ in BOMS:
        if blob.startswith(bom):
            return bom + text.encode(codec, "replace")
    return text.encode("utf-8", "replace")
