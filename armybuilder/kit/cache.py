"""The games' data cache: a value built from data files (a checked card catalogue), pickled under the user's
cache folder, keyed by a digest of everything it was built from, and read back only when it can be trusted.

A pickle can run code, so a cache file is unpickled only under the rule Python applies to its own bytecode
caches, made strict: a regular file (not a link, pipe or device), owned by this user and writable by no one
else, no larger than MAX_CACHE_BYTES, starting with the kind's magic and the digest of its payload (which
only tells a damaged file from a whole one: anyone can compute it). Anything else is rebuilt; a cache folder
that cannot be written only costs speed.

Both digests are BLAKE2b of 256 bits (as strong as SHA-256) from `_blake2`: `hashlib` would first load
OpenSSL's libcrypto, and a batch's start spent more instructions loading and running it than BLAKE2b takes
to hash the catalogue's data, its sources and its pickle (under a megabyte).
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import fields
from itertools import repeat
from operator import call
from pathlib import Path
from typing import Any, TypeVar

from armybuilder import __version__
from armybuilder.pickles import dumps, loads

T = TypeVar("T")

MAX_CACHE_BYTES = 64 << 20  # a catalogue pickles to a few hundred kilobytes; never read a disk's worth
_HEAD = 40  # magic (8 bytes) and the payload's digest (32)

try:
    from _blake2 import blake2b as _blake2b  # (what hashlib.blake2b is, without libcrypto)
except ImportError:  # an interpreter built without it
    from hashlib import blake2b as _blake2b


def digest(data: bytes = b"") -> _blake2b:
    """A 256-bit BLAKE2b hash object (`update`, `digest`, `hexdigest`) of `data`."""
    return _blake2b(data, digest_size=32)


def quick_unpickling(cls: type[T]) -> type[T]:
    """Have a frozen slots dataclass unpickle in one pass over its fields, the loop in C: the standard
    `__setstate__` looks the fields up again for every instance, which was a third of a card catalogue's load
    (thousands of them); a Python loop over the fields costs more than `map` over them.
    The pickled state stays the standard one (the values in field order), so caches already written still load."""
    setters = tuple(getattr(cls, f.name).__set__ for f in fields(cls))  # type: ignore[arg-type]
    count = len(setters)

    def __setstate__(self: Any, state: Sequence[Any]) -> None:
        if len(state) != count:  # another shape of the class: the cache is not trusted (read rebuilds it)
            raise ValueError(f"{cls.__name__} pickled with {len(state)} fields, not {count}")
        any(map(call, setters, repeat(self), state))  # each setter returns None: `any` runs them all

    cls.__setstate__ = __setstate__  # type: ignore[attr-defined]
    return cls


def cache_dir() -> Path | None:
    """Where data caches live; None when caching is switched off (ARMYBUILDER_NO_CACHE=1)."""
    if os.environ.get("ARMYBUILDER_NO_CACHE"):
        return None
    explicit = os.environ.get("ARMYBUILDER_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "armybuilder"


def content_key(
    tag: str, sources: Iterable[Path], files: Iterable[tuple[str, bytes]]
) -> str:
    """A digest of `tag` (the cache format, the version asked for), of the pickled classes' source files
    (code that changes the shape of the value makes old caches unusable) and of the data files' names
    and bytes, with armybuilder's version."""
    hashed = digest(f"{__version__}|{tag}".encode())
    for source in sources:
        # installed without sources (zipapp): the version number still keys the cache
        with contextlib.suppress(OSError):
            hashed.update(source.read_bytes())
    for name, blob in files:
        hashed.update(name.encode() + b"\0")
        hashed.update(len(blob).to_bytes(8, "little") + blob)
    return hashed.hexdigest()


def trusted_bytes(path: Path) -> bytes | None:
    """The cache file's bytes when it may be unpickled (see the module's rule), else None."""
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        info = os.fstat(fd)  # of the file opened, not of whatever the name points to a moment later
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_CACHE_BYTES:
            return None
        if hasattr(os, "geteuid") and (info.st_uid != os.geteuid() or info.st_mode & 0o022):
            return None
        chunks, left = [], info.st_size + 1
        while left > 0 and (chunk := os.read(fd, left)):
            chunks.append(chunk)
            left -= len(chunk)
        return None if left <= 0 else b"".join(chunks)  # it grew while read: not the file checked
    except OSError:
        return None
    finally:
        os.close(fd)


def read(path: Path, magic: bytes, kind: type[T]) -> T | None:
    """The value cached at `path` when the file is trusted, whole and holds a `kind`; else None."""
    blob = trusted_bytes(path)
    if blob is None:
        return None
    if len(blob) < _HEAD or blob[:8] != magic or digest(blob[_HEAD:]).digest() != blob[8:_HEAD]:
        return None  # foreign, truncated or corrupt: rebuild
    try:
        value = loads(blob[_HEAD:])
    except Exception:  # a payload that passes the digest but not unpickling is still never trusted
        return None
    return value if isinstance(value, kind) else None


def write(path: Path, magic: bytes, value: object) -> None:
    """Cache `value` at `path`, atomically and for this user alone (mode 0600)."""
    payload = dumps(value, -1)  # -1: the highest protocol
    blob = magic + digest(payload).digest() + payload
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # (with shutil, random, bz2 and lzma: only when a cache is written)

        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".pickle")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(blob)
            os.replace(tmp, path)
        finally:
            Path(tmp).unlink(missing_ok=True)
    except OSError:
        return  # a read-only or full cache folder only costs speed
