"""Golden-file comparison for printouts, shared by every test that checks rendered output.

Usage::

    from goldens import assert_golden

    assert_golden("card-robb-stark-wolf-lord.txt", result.stdout)

The expected text lives in `tests/golden/<name>`. Render it at a fixed width without colour
(`ARMYBUILDER_WIDTH=100`, `NO_COLOR=1`) so that it does not depend on the terminal. Trailing spaces at
line ends are ignored (rich pads table cells; editors strip them).

To accept new output after an intended change, run the tests with `UPDATE_GOLDEN=1`; every golden
file a test compares against is rewritten with the current output (and the test passes). Review the
diff with `git diff tests/golden` before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

GOLDEN_DIR = Path(__file__).parent / "golden"


def _tidy(text: str) -> str:
    lines = [line.rstrip() for line in text.splitlines()]
    return "\n".join(lines).rstrip("\n") + "\n"


def assert_golden(name: str, text: str) -> None:
    """Compare `text` with `tests/golden/<name>`; with UPDATE_GOLDEN=1, (re)write the file instead."""
    path = GOLDEN_DIR / name
    actual = _tidy(text)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    if not path.is_file():
        raise AssertionError(f"no golden file {path}; run the tests with UPDATE_GOLDEN=1 to create it")
    expected = path.read_text(encoding="utf-8")
    assert actual == expected, f"output differs from {path} (UPDATE_GOLDEN=1 rewrites it):\n{actual}"
