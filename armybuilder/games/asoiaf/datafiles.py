"""The layout of an ASOIAF card data folder, its seasons, and reading its files with positions (what both the
catalogue and the data check start from).

A data folder holds one full set of card files (`factions.yaml`, `units/`, `attachments/`, …): its oldest
season. Each later season is a change set in `seasons/<folder>/`: its own `factions.yaml` (the new
`data_version`, the `base:` season it changes, the factions whose source it names anew) and a complete copy of
every card file that changed. A season's card files are its own where it has them and the files of the season
it is based on everywhere else, so a season reads as fast as a full set and its folder shows exactly which
files changed; its factions are the earlier seasons' with its own entries replacing theirs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from armybuilder import yamlpos
from armybuilder.errors import DataError
from armybuilder.fileio import read_input
from armybuilder.games.asoiaf.cards import CardKind
from armybuilder.problems import Problem, Severity
from armybuilder.record import record

# data/<folder>/<faction>.yaml: which folder holds what, and the top-level key of its card list.
CARD_FOLDERS: dict[str, tuple[str, CardKind | None]] = {
    "units": ("combat_units", CardKind.COMBAT_UNIT),
    "attachments": ("attachments", CardKind.ATTACHMENT),
    "ncus": ("ncus", CardKind.NCU),
    "commanders": ("commanders", None),  # each commander says its own `kind`
}
FOLDERS = (*CARD_FOLDERS, "tactics", "specials")
FACTIONS_FILE = "factions.yaml"
SEASONS_FOLDER = "seasons"


@record(frozen=True, slots=True)
class DataFile:
    """One parsed data file: where it is (relative to the data folder, for messages), what it is in the
    season's layout (`logical`: `units/stark.yaml`, the same for a season's copy), and its content."""

    relpath: str
    content: Any
    logical: str = ""

    def __post_init__(self) -> None:
        if not self.logical:
            object.__setattr__(self, "logical", self.relpath)

    @property
    def folder(self) -> str:
        """`units`, `tactics`, … (the factions file's is its own name)."""
        return self.logical.split("/", 1)[0]

    @property
    def is_factions(self) -> bool:
        return self.logical == FACTIONS_FILE


@record(frozen=True, slots=True)
class Season:
    """One season of a data folder: its version label, the folder of its files (relative to the data
    folder; "" for the full set), and the season it changes (None for the full set)."""

    version: str
    folder: str
    base: str | None
    snapshot: str = ""

    def path(self, logical: str) -> str:
        return f"{self.folder}/{logical}" if self.folder else logical


def bundled_data_dir() -> Path:
    """The card data shipped with armybuilder: inside the installed package, or the checkout's data/."""
    package = Path(__file__).resolve().parents[2]
    inside = package / "data"
    if (inside / FACTIONS_FILE).is_file():
        return inside
    return package.parent / "data"


def _require_folder(root: Path) -> None:
    if not (root / FACTIONS_FILE).is_file():
        raise DataError(
            f"no {FACTIONS_FILE} here: not a card data folder (expected {FACTIONS_FILE} and "
            f"{', '.join(f + '/' for f in FOLDERS)})",
            path=str(root),
        )


def _card_files(folder: Path) -> list[Path]:
    files = [folder / FACTIONS_FILE]
    for name in FOLDERS:
        files.extend(sorted((folder / name).glob("*.yaml")))
    return files


def all_files(root: Path) -> list[Path]:
    """Every data file of a folder, every season's included, in a fixed order (what the cache key reads)."""
    _require_folder(root)
    files = _card_files(root)
    for season in sorted((root / SEASONS_FOLDER).glob(f"*/{FACTIONS_FILE}")):
        files.extend(_card_files(season.parent))
    return files


def _season_meta(path: Path) -> tuple[Any, Problem | None]:
    """The mapping of a factions.yaml, or the problem that makes it unreadable."""
    try:
        content = yamlpos.load(read_input(path))
    except OSError as exc:
        return None, Problem("syntax", Severity.ERROR, f"cannot read: {exc.strerror}", str(path))
    except yamlpos.YamlError as exc:
        return None, Problem("syntax", Severity.ERROR, exc.message, str(path), exc.line, exc.column)
    return (content if isinstance(content, dict) else None), None


def season_chain(root: Path) -> tuple[list[Season], list[Problem]]:
    """The seasons of a data folder, oldest first (the last is the default), and what is wrong with how
    they are linked (`season-base` problems, positioned in the seasons' factions.yaml files)."""
    _require_folder(root)
    problems: list[Problem] = []
    meta, _ = _season_meta(root / FACTIONS_FILE)
    base_version = str(meta.get("data_version", "")) if meta else ""
    chain = [Season(base_version, "", None, str(meta.get("snapshot", "")) if meta else "")]
    others: list[tuple[Season, str, Any]] = []  # (season, its factions.yaml, its mapping)
    for path in sorted((root / SEASONS_FOLDER).glob(f"*/{FACTIONS_FILE}")):
        rel = path.relative_to(root).as_posix()
        content, problem = _season_meta(path)
        if problem is not None:
            problems.append(Problem(problem.rule, problem.severity, problem.message, rel, problem.line,
                                    problem.column))  # fmt: skip
            continue
        if content is None:
            continue  # the schema check says what is wrong with it
        version, base = content.get("data_version"), content.get("base")
        if not isinstance(version, str) or not version:
            line, column = content.pos if hasattr(content, "pos") else (1, 1)
            problems.append(_season_problem(
                f"{rel} has no `data_version:`; give the season its version label", rel, line, column))  # fmt: skip
            continue
        if not isinstance(base, str) or not base:
            line, column = content.at("base") if hasattr(content, "at") else (1, 1)
            problems.append(_season_problem(
                f"season {version!r} does not say which season it changes; add `base:` with the version "
                f"label of the season before it (for example {chain[0].version!r})", rel, line, column))  # fmt: skip
            continue
        folder = path.parent.relative_to(root).as_posix()
        others.append((Season(version, folder, base, str(content.get("snapshot", ""))), rel, content))
    seen = {chain[0].version: "factions.yaml"}
    for season, rel, content in others:
        if season.version in seen:
            line, column = content.at("data_version")
            problems.append(_season_problem(
                f"data version {season.version!r} is already the label of {seen[season.version]}; give each "
                "season its own label", rel, line, column))  # fmt: skip
        seen.setdefault(season.version, rel)
    pending = [entry for entry in others if entry[0].version != chain[0].version]
    while pending:
        here = chain[-1].version
        children = [entry for entry in pending if entry[0].base == here]
        if not children:
            break
        for season, rel, content in children[1:]:
            line, column = content.at("base")
            problems.append(_season_problem(
                f"season {season.version!r} changes {here!r}, and so does {children[0][1]}; a season "
                f"changes the newest one before it — set `base: {children[0][0].version}` or merge them",
                rel, line, column))  # fmt: skip
        chain.append(children[0][0])
        pending = [entry for entry in pending if entry[0].base != here]
    for season, rel, content in pending:
        line, column = content.at("base")
        known = ", ".join(s.version for s in chain)
        problems.append(_season_problem(
            f"season {season.version!r} changes {season.base!r}, which is no season of this folder "
            f"(seasons: {known}); fix `base:`", rel, line, column))  # fmt: skip
    return chain, problems


def _season_problem(message: str, file: str, line: int, column: int) -> Problem:
    return Problem("season-base", Severity.ERROR, message, file, line, column)


def seasons(root: Path) -> list[Season]:
    """The seasons of a data folder, oldest first; DataError when they are not one line of changes."""
    chain, problems = season_chain(root)
    if problems:
        first = problems[0]
        raise DataError(
            f"{first.message}; run `armybuilder data check {root}` for the list",
            path=str(root / first.file),
            line=first.line or None,
        )
    return chain


def select(chain: list[Season], version: str | None, root: Path) -> list[Season]:
    """The seasons up to `version` (None: the newest); DataError naming the versions there are."""
    if version is None:
        return chain
    for index, season in enumerate(chain):
        if season.version == version:
            return chain[: index + 1]
    known = ", ".join(s.version for s in chain)
    raise DataError(
        f"no card data version {version!r} here; the versions are {known} (`armybuilder data versions`)",
        path=str(root),
    )


def season_files(root: Path, upto: list[Season]) -> list[tuple[str, Path]]:
    """(logical path, file) of every data file of the last season of `upto`: each card file from the newest
    season that has it, and every season's factions.yaml, oldest first (a season's factions.yaml names its
    version and the factions it changes; the factions it leaves out are the earlier seasons')."""
    chosen: dict[str, Path] = {}
    factions: list[tuple[str, Path]] = []
    for season in upto:
        folder = root / season.folder if season.folder else root
        for path in _card_files(folder):
            if path.name == FACTIONS_FILE and path.parent == folder:
                factions.append((FACTIONS_FILE, path))
            elif path.is_file():
                chosen[path.relative_to(folder).as_posix()] = path
    order = {name: i for i, name in enumerate(FOLDERS)}
    return factions + sorted(chosen.items(), key=lambda item: (order[item[0].split("/", 1)[0]], item[0]))


def data_files(root: Path, version: str | None = None) -> list[Path]:
    """The data files of one season of a folder (None: the newest), in a fixed order."""
    return [path for _, path in season_files(root, select(seasons(root), version, root))]


def read_files(root: Path, files: list[Path]) -> tuple[list[DataFile], list[Problem]]:
    """Parse each file with positions; unparsable files become `syntax` problems."""
    parsed: list[DataFile] = []
    problems: list[Problem] = []
    for path in files:
        rel = path.relative_to(root).as_posix()
        try:
            content = yamlpos.load(read_input(path))
        except OSError as exc:
            problems.append(Problem("syntax", Severity.ERROR, f"cannot read: {exc.strerror}", rel))
            continue
        except yamlpos.YamlError as exc:
            problems.append(Problem("syntax", Severity.ERROR, exc.message, rel, exc.line, exc.column))
            continue
        parsed.append(DataFile(rel, content, logical_path(rel)))
    return parsed, problems


def logical_path(relpath: str) -> str:
    """`seasons/S07/units/freefolk.yaml` -> `units/freefolk.yaml` (a season's copy stands for the file)."""
    parts = relpath.split("/")
    if len(parts) >= 3 and parts[0] == SEASONS_FOLDER and (parts[2] in FOLDERS or parts[2] == FACTIONS_FILE):
        return "/".join(parts[2:])
    return relpath
