"""Shell completion glue: what every completion callback shares (the data folder typed, bash quoting).

Callbacks run only when the shell asks (`_ARMYBUILDER_COMPLETE` is set), so the game data they need is
loaded there and never when a command starts.
"""

from __future__ import annotations

import os
from typing import Any

_BASH_SPECIAL = set(" \t'\"\\$`!&|;()<>*?[]{}#~,=:")


def _bash_escaped(text: str) -> str:
    """Bash puts a completion on the command line as it is: escape spaces, commas and quotes."""
    return "".join("\\" + ch if ch in _BASH_SPECIAL else ch for ch in text)


def shell_values(pairs: list[tuple[str, str]], typed: str) -> list[tuple[str, str]]:
    """(value, help) pairs as the shell asking wants them: each value continues what was typed (names match
    in any case; the shell keeps only values that start with the typed text), and for bash the rest is
    escaped so that `Robb<TAB>` becomes one word, `Robb\\ Stark,\\ The\\ Wolf\\ Lord`."""
    bash = os.environ.get("_ARMYBUILDER_COMPLETE", "").endswith("bash")
    out = []
    for value, text in pairs:
        if not value.casefold().startswith(typed.casefold()):
            continue
        rest = value[len(typed) :]
        out.append((typed + (_bash_escaped(rest) if bash else rest), text))
    return out


def typed_data(ctx: Any) -> str | None:
    """The `--data` folder given so far on the command line (or in ARMYBUILDER_DATA)."""
    params = getattr(ctx, "params", None) or {}
    value = params.get("data") or os.environ.get("ARMYBUILDER_DATA")
    return str(value) if value else None
