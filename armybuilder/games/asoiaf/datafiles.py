"""The layout of an ASOIAF card data folder, and reading its files with positions (what both the catalogue
and the data check start from)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armybuilder import yamlpos
from armybuilder.errors import DataError
from armybuilder.games.asoiaf.cards import CardKind
from armybuilder.problems import Problem, Severity

# data/<folder>/<faction>.yaml: which folder holds what, and the top-level key of its card list.
CARD_FOLDERS: dict[str, tuple[str, CardKind | None]] = {
    "units": ("combat_units", CardKind.COMBAT_UNIT),
    "attachments": ("attachments", CardKind.ATTACHMENT),
    "ncus": ("ncus", CardKind.NCU),
    "commanders": ("commanders", None),  # each commander says its own `kind`
}
FOLDERS = (*CARD_FOLDERS, "tactics", "specials")
FACTIONS_FILE = "factions.yaml"


@dataclass(frozen=True, slots=True)
class DataFile:
    """One parsed data file: its path relative to the data folder, and its content with positions."""

    relpath: str
    content: Any


def bundled_data_dir() -> Path:
    """The card data shipped with armybuilder: inside the installed package, or the checkout's data/."""
    package = Path(__file__).resolve().parents[2]
    inside = package / "data"
    if (inside / FACTIONS_FILE).is_file():
        return inside
    return package.parent / "data"


def data_files(root: Path) -> list[Path]:
    """The data files of a folder, in a fixed order (factions.yaml, then each folder's files by name)."""
    if not (root / FACTIONS_FILE).is_file():
        raise DataError(
            f"no {FACTIONS_FILE} here: not a card data folder (expected {FACTIONS_FILE} and "
            f"{', '.join(f + '/' for f in FOLDERS)})",
            path=str(root),
        )
    files = [root / FACTIONS_FILE]
    for folder in FOLDERS:
        files.extend(sorted((root / folder).glob("*.yaml")))
    return files


def read_files(root: Path, files: list[Path]) -> tuple[list[DataFile], list[Problem]]:
    """Parse each file with positions; unparsable files become `syntax` problems."""
    parsed: list[DataFile] = []
    problems: list[Problem] = []
    for path in files:
        rel = path.relative_to(root).as_posix()
        try:
            content = yamlpos.load(path.read_bytes())
        except OSError as exc:
            problems.append(Problem("syntax", Severity.ERROR, f"cannot read: {exc.strerror}", rel))
            continue
        except yamlpos.YamlError as exc:
            problems.append(Problem("syntax", Severity.ERROR, exc.message, rel, exc.line, exc.column))
            continue
        parsed.append(DataFile(rel, content))
    return parsed, problems
