"""The published JSON Schema of the army list format, for editors (the YAML language server) and tools.

It describes the shape only (keys, types, where cards go); `armybuilder validate` checks the rules and the
card names. The file ships inside the package, so the modeline `new` writes points at a file that exists.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SCHEMA_PATH = Path(__file__).resolve().parent / "schemas" / "list.json"


def schema_text() -> str:
    return SCHEMA_PATH.read_text(encoding="utf-8")


def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(schema_text())
    return loaded


def modeline(target: str | None = None) -> str:
    """The comment that tells the YAML language server which schema a list follows (a file path or URL)."""
    return f"yaml-language-server: $schema={target or SCHEMA_PATH.as_posix()}"
