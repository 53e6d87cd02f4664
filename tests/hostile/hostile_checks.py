"""What every command must do with hostile input, whatever the input: the assertions the corpus and the
fuzzing share."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

# what no output may carry from a file: C0 controls but tab and newline, DEL, C1, bidirectional overrides
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "100", "ARMYBUILDER_DATA": None}


def digests(paths: Iterable[Path]) -> dict[Path, str]:
    """Each file's content digest (a missing or unreadable file: '-'), to show that inputs are untouched."""
    out = {}
    for path in paths:
        try:
            out[path] = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            out[path] = "-"
    return out


def assert_sane(result: Any, what: str, codes: tuple[int, ...] = (0, 1, 2)) -> None:
    """A CliRunner result: no exception, a documented exit code, no traceback, nothing that steers a
    terminal, every line on stderr one of ours."""
    exc = result.exception
    assert exc is None or isinstance(exc, SystemExit), f"{what}: {exc!r}"
    assert result.exit_code in codes, f"{what}: exit {result.exit_code}: {result.output[-2000:]}"
    out, err = result.stdout, result.stderr
    assert "Traceback" not in out + err, what
    assert "internal error" not in err, f"{what}: {err}"
    bad = UNSAFE.search(out + err)
    assert bad is None, f"{what}: {bad.group()!r} printed: {(out + err)[max(0, bad.start() - 60) : bad.end() + 60]!r}"
    for line in err.splitlines():
        assert line.startswith("armybuilder: "), f"{what}: stray stderr line {line!r}"


def assert_no_leftovers(folder: Path) -> None:
    """No temporary file of an atomic write is left behind."""
    left = [p.name for p in folder.iterdir() if p.name.startswith(".") and p.name.endswith(".tmp")]
    assert not left, left
