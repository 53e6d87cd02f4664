"""The one place a rich Console is made: colour rules (NO_COLOR, --no-color, not a terminal) and width
(ARMYBUILDER_WIDTH, else the terminal's, else wide: piped output is not wrapped)."""

from __future__ import annotations

import os
import sys
from typing import IO

from rich.console import Console

PIPED_WIDTH = 1000  # wide enough that no table row or message is ever wrapped


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or odd stream: treat it as no terminal
        return False


def make_console(
    file: IO[str] | None = None,
    *,
    color: bool = True,
    width: int | None = None,
    stderr: bool = False,
    terminal: bool | None = None,
) -> Console:
    """A Console that writes plain text when colour is off or output is not a terminal (`terminal=True`:
    the caller knows it is one, for live displays)."""
    stream = file or (sys.stderr if stderr else sys.stdout)
    env_width = os.environ.get("ARMYBUILDER_WIDTH")
    if width is None and env_width and env_width.isdigit():
        width = int(env_width)
    if width is None and not os.environ.get("COLUMNS") and not _is_terminal(stream):
        width = PIPED_WIDTH  # a pipe or file: whole lines for grep, not a terminal's 80 columns
    no_color = not color or "NO_COLOR" in os.environ
    return Console(
        file=stream,
        color_system=None if no_color else "auto",
        no_color=no_color,
        width=width,
        highlight=False,
        emoji=False,
        soft_wrap=False,
        force_terminal=terminal,
    )
