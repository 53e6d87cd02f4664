"""The registry of game systems: the bundled ones by module name, others through entry points.

The core names no game: it asks this registry for a system by the `game:` key of a file. A bundled
system is a folder under `armybuilder/games/` whose `system` module has a `SYSTEM` instance; a system of
another distribution registers `SYSTEM`-style objects under the `armybuilder.games` entry-point group,
the way flake8 finds its plug-ins.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.errors import UsageError

if TYPE_CHECKING:
    import typer

    from armybuilder.games.base import GameSystem, RowTerms
    from armybuilder.problems import ProblemDoc

DEFAULT_GAME = "asoiaf"  # a file without `game:` is an ASOIAF army list, as every list was before
ENTRY_POINT_GROUP = "armybuilder.games"

# key -> module holding `SYSTEM`; imported only when a file of that game is read
BUNDLED: dict[str, str] = {
    "asoiaf": "armybuilder.games.asoiaf.system",
    "horde-vs-empire-cards": "armybuilder.games.hve.system",
    "agot-board-game": "armybuilder.games.agot.system",
    "war-of-the-ring": "armybuilder.games.wotr.system",
}

# bundled games that add commands of their own: the module and function that add them, so that building
# the command line imports no game's system (each plug-in's `register_commands` is called instead)
BUNDLED_COMMANDS: dict[str, str] = {
    "asoiaf": "armybuilder.games.asoiaf.commands:register",
}

_loaded: dict[str, GameSystem] = {}
_extra: dict[str, GameSystem] = {}  # registered at run time (tests) or found through entry points
_entry_points_read = False


def register(system: GameSystem) -> None:
    """Add a system (a plug-in found another way, or a test's tiny game)."""
    _extra[system.key] = system
    _loaded.pop(system.key, None)


def unregister(key: str) -> None:
    _extra.pop(key, None)
    _loaded.pop(key, None)


def _entry_points() -> None:
    global _entry_points_read
    if _entry_points_read:
        return
    _entry_points_read = True
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            system = point.load()
        except Exception:  # a broken plug-in must not stop the bundled games
            continue
        if hasattr(system, "key") and system.key not in BUNDLED:
            _extra.setdefault(system.key, system)


def keys() -> list[str]:
    """Every installed game's key: the bundled ones first, then plug-ins."""
    _entry_points()
    return [*BUNDLED, *(k for k in _extra if k not in BUNDLED)]


def _alias_index() -> dict[str, str]:
    index: dict[str, str] = {}
    for key in keys():
        index[key] = key
        for alias in get(key).aliases:
            index.setdefault(alias.casefold(), key)
    return index


def lookup(name: str) -> GameSystem | None:
    """The system a `game:` value names (its key or an alias, any case), or None."""
    text = " ".join(str(name).split()).casefold()
    if text in BUNDLED or text in _extra:
        return get(text)
    key = _alias_index().get(text)
    return get(key) if key is not None else None


def unknown_game_message(name: str) -> str:
    known = keys()
    close = difflib.get_close_matches(str(name).casefold(), known, n=1)
    hint = f"did you mean `{close[0]}`? " if close else ""
    return f"unknown game {str(name)!r}; {hint}known games: {', '.join(known)}"


def get(key: str) -> GameSystem:
    """The system of `key`; UsageError naming the known games when there is none."""
    if key in _extra:
        return _extra[key]
    found = _loaded.get(key)
    if found is not None:
        return found
    module = BUNDLED.get(key)
    if module is None:
        _entry_points()
        if key in _extra:
            return _extra[key]
        raise UsageError(unknown_game_message(key))
    system: GameSystem = importlib.import_module(module).SYSTEM
    _loaded[key] = system
    return system


def terms(key: str) -> RowTerms:
    """How a game's files read in reports; a row no game checked (`?`) reads as a plain file."""
    from armybuilder.games.base import RowTerms

    system = lookup(key) if key and key != "?" else None
    return system.terms if system is not None else RowTerms()


def register_commands(app: typer.Typer) -> None:
    """Add every installed game's own commands to the command line, importing as little as possible."""
    for key, target in BUNDLED_COMMANDS.items():
        if key not in _extra:
            module, _, function = target.partition(":")
            getattr(importlib.import_module(module), function)(app)
    _entry_points()
    for system in _extra.values():
        system.register_commands(app)


def systems() -> Iterator[GameSystem]:
    for key in keys():
        yield get(key)


def problem_docs() -> dict[str, dict[str, ProblemDoc]]:
    """Every problem id the tool can emit, with its documentation: the core's (under "core") and each
    installed game's (under its key; a game's id may refine a core id of the same name)."""
    from armybuilder.problems import CORE_DOCS

    docs = {"core": {d.id: d for d in CORE_DOCS}}
    for system in systems():
        docs[system.key] = {d.id: d for d in system.problem_docs()}
    return docs
