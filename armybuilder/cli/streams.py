"""Standard output that outlives its reader: a closed pipe ends the output silently, a full disk is one
error line (`OutputFailed`). Imports no typer: a fast `batch` run uses it too."""

from __future__ import annotations

import errno
import io
import os
import sys
from typing import Any


class _QuietPipe(io.RawIOBase):
    """Standard output that stops writing, silently, once its reader has gone (a closed pipe)."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd
        self.gone = False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data: Any) -> int:
        size = len(memoryview(data).cast("B"))
        if self.gone:
            return size
        try:
            return os.write(self._fd, data)
        except BrokenPipeError:
            self.gone = True  # the rest goes nowhere; the command still ends with its own exit code
            return size
        except OSError as exc:  # a full disk, a quota, an I/O error: said once (by main), never retried at exit
            self.gone = True
            raise OutputFailed(exc.errno or errno.EIO) from None


class OutputFailed(OSError):
    """Standard output could not be written (a full disk…): the command ends with one line and exit 2."""

    def __init__(self, code: int) -> None:
        super().__init__(code, os.strerror(code))

    def __str__(self) -> str:
        reason = self.strerror or "output error"
        return f"cannot write: {reason[:1].lower() + reason[1:]}"


def quiet_broken_pipe() -> None:
    """Replace standard output (when it is a pipe or file) with one that outlives its reader."""
    stream = sys.stdout
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real stream (a test runner's): nothing to do
    if os.isatty(fd):
        return
    stream.flush()
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(_QuietPipe(fd)),
        encoding=stream.encoding,
        errors=stream.errors,
        line_buffering=False,
    )
