"""Lists in the formats other tools use: War Council share codes, asoiaf-stats text, Tabletop Simulator ids.

The public API (used by `import`, `export` and `batch`):

- `FORMATS`: the format names.
- `detect(text)`: which of these formats a pasted text or file holds, or None (YAML lists are not ours).
- `import_list(fmt, text, catalogue, source)`: the list as a `ListSpec`; raises `InterchangeError`.
- `export_list(fmt, report, catalogue)`: the list of a validated `Report` as text in that format.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.errors import ArmyBuilderError

if TYPE_CHECKING:
    from armybuilder.engine import Report
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.listwriter import ListSpec

FORMATS = ("warcouncil", "asoiaf-stats", "tts")


class InterchangeError(ArmyBuilderError):
    """A text in another tool's format cannot be read (or a list cannot be written in it)."""


def detect(text: str) -> str | None:
    """Which format `text` holds: one of FORMATS, or None when it is none of them (a YAML list, say)."""
    raise NotImplementedError


def import_list(fmt: str, text: str, catalogue: Catalogue, source: str = "<input>") -> ListSpec:
    """Read a list written in `fmt`; raises InterchangeError naming the line for anything it cannot resolve."""
    raise NotImplementedError


def export_list(fmt: str, report: Report, catalogue: Catalogue) -> str:
    """Write the list of a validated report in `fmt` (costs are the report context's effective costs)."""
    raise NotImplementedError


__all__ = ["FORMATS", "InterchangeError", "detect", "export_list", "import_list"]
