"""Reading input files without surprises (size-capped, regular files only, never blocking) and writing
output files safely (a temporary file in the same folder, then an atomic rename)."""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path

from armybuilder.errors import ArmyBuilderError

MAX_INPUT_BYTES = 1_000_000  # a real list or position is a few kilobytes; refuse to parse megabytes of anything

# byte-order marks, longest first (UTF-32 LE's begins with UTF-16 LE's)
BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32-le", "UTF-32"),
    (b"\x00\x00\xfe\xff", "utf-32-be", "UTF-32"),
    (b"\xef\xbb\xbf", "utf-8", "UTF-8"),
    (b"\xff\xfe", "utf-16-le", "UTF-16"),
    (b"\xfe\xff", "utf-16-be", "UTF-16"),
)


class NotText(ValueError):
    """Bytes that are not text armybuilder reads; `message` says why and what to do, `line`/`column` where
    (0 when nowhere in particular)."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


def decode_text(blob: bytes, what: str = "text") -> str:
    """A file's text: UTF-8 with or without a byte-order mark, or UTF-16/UTF-32 with one (Windows Notepad
    saves such files). Anything else raises NotText saying so (`what`: "YAML text", "a list code"…)."""
    for bom, codec, name in BOMS:
        if blob.startswith(bom):
            try:
                text = blob[len(bom) :].decode(codec)
            except UnicodeDecodeError as exc:
                raise NotText(f"not {name} text (byte {exc.start + len(bom)}); save the file as UTF-8") from None
            if "\x00" in text:
                raise NotText(f"this is a binary file, not {what}")
            return text
    packed = _packed(blob)
    if packed is not None:
        name, advice = packed
        raise NotText(f"this is {name}, not {what}; {advice}")
    if b"\x00" in blob:
        if len(blob) >= 4 and (blob[1::2].count(0) * 4 >= len(blob) or blob[0::2].count(0) * 4 >= len(blob)):
            raise NotText("this looks like UTF-16 text without a byte-order mark; save the file as UTF-8")
        raise NotText(f"this is a binary file, not {what}")
    try:
        return blob.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = blob.count(b"\n", 0, exc.start) + 1
        column = exc.start - (blob.rfind(b"\n", 0, exc.start) + 1) + 1
        raise NotText(f"not UTF-8 text (byte {exc.start}); save the file as UTF-8", line, column) from None


# files players and organisers receive lists in that hold no text of their own: what each is, and what to do
_UNPACK = "unpack it and give the lists inside"
_SAVE_TEXT = "save the list as plain text (.txt)"
_PACKED = (
    (b"%PDF-", ("a PDF document", "copy the list's text into a .txt file")),
    (b"\x1f\x8b", ("a gzip archive", _UNPACK)),
    (b"7z\xbc\xaf\x27\x1c", ("a 7-Zip archive", _UNPACK)),
    (b"Rar!\x1a\x07", ("a RAR archive", _UNPACK)),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", ("an Office document", _SAVE_TEXT)),
)


def _packed(blob: bytes) -> tuple[str, str] | None:
    """(what it is, what to do) of a file that holds no text, when it is an archive or a document a list may
    come in."""
    if blob.startswith(b"PK\x03\x04"):  # a zip, or an office document (a zip of XML)
        head = blob[:4096]
        if b"[Content_Types].xml" in head or b"word/" in head or b"mimetypeapplication/vnd.oasis" in head:
            return "an Office document", _SAVE_TEXT
        return "a zip archive", "unzip it and give the lists inside"
    return next((told for magic, told in _PACKED if blob.startswith(magic)), None)


def read_stdin(limit: int = MAX_INPUT_BYTES) -> bytes:
    """Standard input's bytes, at most one byte past `limit` (so an oversized input is told, never held)."""
    stream = sys.stdin.buffer
    chunks = []
    left = limit + 1
    while left > 0:
        chunk = stream.read(left)
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_input(path: str | Path) -> bytes:
    """An input file's bytes, at most one byte past what the readers accept (so an oversized file is told);
    OSError when it cannot be read or is not a regular file."""
    # no buffered file object (a list is small); O_NONBLOCK: a named pipe must not hang the reader
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise OSError(errno.EISDIR, f"a folder, not a file; `armybuilder batch {path}` checks every list in it")
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file (a pipe, socket or device); give a file")
        # ask for the real size (read(n) allocates n bytes up front), never a megabyte for a 300-byte list
        size = info.st_size
        limit = MAX_INPUT_BYTES + 1 if size > MAX_INPUT_BYTES or size == 0 else size + 1
        first = os.read(fd, limit)
        if len(first) == size and size:  # the whole file as its size says: no second read to meet its end
            return first
        chunks = [first]
        limit -= len(first)
        while limit > 0 and first:
            chunk = os.read(fd, limit)
            if not chunk:
                break
            chunks.append(chunk)
            limit -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def is_input(target: str | Path, inputs: Iterable[str | Path]) -> bool:
    """Whether writing `target` would replace one of `inputs` (the same file by any name: a link, `./x`)."""
    if str(target) == "-":
        return False
    for source in inputs:
        if str(source) == "-":
            continue
        try:
            if os.path.samefile(target, source):
                return True
        except OSError:  # either does not exist (yet): the same file only by the path links lead to
            if os.path.realpath(target) == os.path.realpath(source):  # a dangling link to the other, too
                return True
    return False


def _pieces(content: str | bytes | Iterable[str]) -> Iterable[bytes]:
    # "replace": a file name that is not UTF-8 (kept by Python as lone surrogates) becomes "?", never an error
    if isinstance(content, bytes):
        yield content
    elif isinstance(content, str):
        yield content.encode("utf-8", "replace")
    else:
        for piece in content:
            yield piece.encode("utf-8", "replace")


def _write_in_place(path: Path, content: str | bytes | Iterable[str]) -> None:
    """A device or a named pipe (`/dev/null`, `/dev/stdout`, a FIFO a reader waits on): written through,
    never renamed over (which would put a regular file where the device node was)."""
    with open(path, "wb") as handle:
        for data in _pieces(content):
            handle.write(data)


def _is_special(path: Path) -> bool:
    """Whether `path` names something that exists and is not a regular file or a folder."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def write_atomic(target: str | Path, content: str | bytes | Iterable[str], *, force: bool = False) -> None:
    """Write `content` to `target` ('-' is standard output) so that readers never see half a file.

    `content` may be an iterable of text pieces, written as they come, so a large report is never held whole.
    An existing file is replaced only with `force`, and without it the new file is created exclusively (of
    two runs at once one fails, never both succeed); on any failure or interruption the old file is left as
    it was and no temporary file stays. A device or named pipe is written in place. A link is written through
    when replacing: the file it leads to is replaced and the link stays a link.
    """
    if str(target) == "-":
        for data in _pieces(content):
            sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    path = Path(target)
    if force and os.path.islink(path):
        path = Path(os.path.realpath(path))
    try:
        if _is_special(path):
            _write_in_place(path, content)
            return
    except OSError as exc:
        raise ArmyBuilderError(f"cannot write {path}: {exc.strerror or exc}") from None
    if path.is_dir():
        raise ArmyBuilderError(f"{path} is a folder; give a file name")
    if os.path.lexists(path) and not force:
        raise ArmyBuilderError(f"{path} exists; pass --force to replace it, or choose another file")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ArmyBuilderError(f"folder {folder} does not exist; create it first or choose another file")
    try:
        import tempfile  # (with shutil, random, bz2 and lzma: only when a file is written)

        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                for data in _pieces(content):
                    handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            if force and path.exists():
                os.chmod(tmp, path.stat().st_mode & 0o777)
            else:
                os.chmod(tmp, 0o644)
            if force:
                os.replace(tmp, path)
            else:
                _publish_new(tmp, path)
        finally:
            Path(tmp).unlink(missing_ok=True)  # after a rename or a link it is gone or a second name
    except FileExistsError:
        raise ArmyBuilderError(
            f"{path} exists (another run wrote it meanwhile); pass --force to replace it, or choose another file"
        ) from None
    except OSError as exc:
        raise ArmyBuilderError(f"cannot write {path}: {exc.strerror or exc}") from None


def _publish_new(tmp: str, path: Path) -> None:
    """Give the finished `tmp` the name `path` only if nothing has it: a hard link fails when the name is
    taken, where a rename would replace it. (A file system without hard links: an exclusive create.)"""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK, errno.ENOSYS):
            raise
        with open(path, "xb") as handle, open(tmp, "rb") as source:
            try:
                while chunk := source.read(1 << 20):
                    handle.write(chunk)
            except BaseException:
                path.unlink(missing_ok=True)  # ours, made just now: never leave half of it
                raise
