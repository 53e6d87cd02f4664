"""The one place a rich Console is made: colour rules (NO_COLOR, --no-color, not a terminal) and width."""

from __future__ import annotations

import os
import sys
from typing import IO

from rich.console import Console


def make_console(
    file: IO[str] | None = None, *, color: bool = True, width: int | None = None, stderr: bool = False
) -> Console:
    """A Console that writes plain text when colour is off or output is not a terminal."""
    stream = file or (sys.stderr if stderr else sys.stdout)
    env_width = os.environ.get("ARMYBUILDER_WIDTH")
    if width is None and env_width and env_width.isdigit():
        width = int(env_width)
    no_color = not color or "NO_COLOR" in os.environ
    return Console(
        file=stream,
        color_system=None if no_color else "auto",
        no_color=no_color,
        width=width,
        highlight=False,
        emoji=False,
        soft_wrap=False,
    )
