"""The registry of game systems: the bundled ones by module name, others through entry points.

The core names no game: it asks this registry for a system by the `game:` key of a file. A bundled
system is a folder under `armybuilder/games/` whose `system` module has a `SYSTEM` instance; a system of
another distribution registers `SYSTEM`-style objects under the `armybuilder.games` entry-point group,
the way flake8 finds its plug-ins.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from armybuilder.errors import UsageError

if TYPE_CHECKING:
    import typer

    from armybuilder.games.base import GameSystem, RowTerms
    from armybuilder.games.capabilities import Interchange
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

# bundled games that read text formats (`import_formats`, `detect`): a file that is no YAML list is offered
# to these without importing the other games (a test keeps this in step with each system's formats)
BUNDLED_READERS: dict[str, tuple[str, ...]] = {
    "asoiaf": ("warcouncil", "asoiaf-stats", "tts", "text"),
}

# the keys an event file of any game has (read by `batch/event.py`; here so that a batch telling an event file
# from a list needs no event module)
COMMON_EVENT_KEYS = ("name", "game", "points", "data_version", "names", "lists_per_player", "spare_lists", "teams")

# bundled games whose event files have keys of their own, and those keys (`event_keys`): a batch tells an
# event file from a list by them without importing any game (a test keeps this in step with each system's keys)
BUNDLED_EVENTS: dict[str, tuple[str, ...]] = {
    "asoiaf": (
        "factions", "banned_cards", "banned_characters", "allowed_cards", "max_copies", "newest_season",
        "preview_cards", "homebrew_cards", "reinforcement_points", "includes", "per_player", "per_team", "replaces",
    ),
}  # fmt: skip

_loaded: dict[str, GameSystem[Any]] = {}
_extra: dict[str, GameSystem[Any]] = {}  # registered at run time (tests) or found through entry points
_entry_points_read = False
_generation = 0  # `generation()`
_known: tuple[GameSystem[Any], ...] | None = None  # `known()`, until a game is registered or found


def register(system: GameSystem[Any]) -> None:
    """Add a system (a plug-in found another way, or a test's tiny game); UsageError naming the game and
    the method when its capabilities are not whole."""
    global _known, _generation
    from armybuilder.games import capabilities

    capabilities.check(system)
    _extra[system.key] = system
    _loaded.pop(system.key, None)
    _known = None
    _generation += 1


def unregister(key: str) -> None:
    global _known, _generation
    _extra.pop(key, None)
    _loaded.pop(key, None)
    _known = None
    _generation += 1


def known() -> tuple[GameSystem[Any], ...]:
    """The systems of the bundled games and of the plug-ins this run knows so far, without the entry-point
    scan (the same tuple until a game is registered or found: callers may keep what they work out of it)."""
    global _known
    if _known is None:
        _known = tuple(get(k) for k in [*BUNDLED, *(k for k in _extra if k not in BUNDLED)])
    return _known


def _entry_points() -> None:
    global _entry_points_read, _known, _generation
    if _entry_points_read:
        return
    from importlib.metadata import entry_points

    found: dict[str, GameSystem[Any]] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        where = f"the game plug-in {point.name!r} ({point.value})"
        try:
            system = point.load()
        except Exception as exc:  # said, never skipped: a game the user installed would vanish silently
            raise UsageError(
                f"{where} failed to load: {type(exc).__name__}: {exc}; fix or uninstall the package providing it"
            ) from None
        key = getattr(system, "key", None)
        if not isinstance(key, str) or not hasattr(system, "check"):
            raise UsageError(f"{where} is no game system (no `key` and `check`); fix or uninstall it")
        if key in BUNDLED or key in found or (key in _extra and _extra[key] is not system):
            raise UsageError(f"{where} claims the game key {key!r}, which another game has; uninstall one of them")
        from armybuilder.games import capabilities

        try:
            capabilities.check(system)
        except UsageError as exc:
            raise UsageError(f"{where}: {exc.message}") from None
        found[key] = system
    _extra.update(found)  # only once every plug-in loaded: a broken one is told on every use, not once
    _entry_points_read = True
    _known = None
    _generation += 1


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


def lookup(name: str) -> GameSystem[Any] | None:
    """The system a `game:` value names (its key or an alias, any case), or None."""
    text = " ".join(str(name).split()).casefold()
    if text in BUNDLED or text in _extra:
        return get(text)
    key = _alias_index().get(text)
    return get(key) if key is not None else None


def unknown_game_message(name: str) -> str:
    known = keys()
    from armybuilder.kit.words import did_you_mean

    hint = did_you_mean(str(name).casefold(), known)
    hint += " " if hint else ""
    return f"unknown game {str(name)!r}; {hint}known games: {', '.join(known)}"


def get(key: str) -> GameSystem[Any]:
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
    system: GameSystem[Any] = importlib.import_module(module).SYSTEM
    from armybuilder.games import capabilities

    capabilities.check(system)
    _loaded[key] = system
    return system


class _Added(NamedTuple):
    """The commands and groups one game added (read like an application's)."""

    registered_commands: list[Any]
    registered_groups: list[Any]


def _command_names(app: typer.Typer | _Added) -> list[str]:
    names = [c.name or (c.callback.__name__.replace("_", "-") if c.callback else "") for c in app.registered_commands]
    groups = [g.name or getattr(getattr(g.typer_instance, "info", None), "name", None) or "" for g in app.registered_groups]
    return [name for name in names + groups if name]


def terms(key: str) -> RowTerms:
    """How a game's files read in reports; a row no game checked (`?`) reads as a plain file."""
    from armybuilder.games.base import RowTerms

    system = lookup(key) if key and key != "?" else None
    return system.terms if system is not None else RowTerms()


def register_commands(app: typer.Typer) -> None:
    """Add every installed game's own commands to the command line, importing as little as possible. A
    command name two games (or a game and the core) claim is an error naming both."""
    owner = dict.fromkeys(_command_names(app), "armybuilder itself")

    def add(key: str, register: Callable[[typer.Typer], None]) -> None:
        before = len(app.registered_commands), len(app.registered_groups)
        register(app)
        added = (
            app.registered_commands[before[0] :],
            app.registered_groups[before[1] :],
        )
        for name in _command_names(_Added(*added)):
            if name in owner:
                raise UsageError(
                    f"the command `{name}` is claimed by both {owner[name]} and the game {key!r}; "
                    "uninstall one of them"
                )
            owner[name] = f"the game {key!r}"

    for key, target in BUNDLED_COMMANDS.items():
        if key not in _extra:
            module, _, function = target.partition(":")
            add(key, getattr(importlib.import_module(module), function))
    _entry_points()
    from armybuilder.games.capabilities import COMMANDS

    for key, system in _extra.items():
        commands = COMMANDS.of(system)
        if commands is not None:
            add(key, commands.register_commands)


def readers(scan: bool = True) -> Iterator[tuple[str, Interchange]]:
    """(key, system) of the games that read text formats: the bundled readers first, then the plug-ins
    (`scan=False`: only those already known to this run, without the entry-point scan that costs every start)."""
    from armybuilder.games.capabilities import INTERCHANGE

    for key in BUNDLED_READERS:
        reader = INTERCHANGE.of(get(key)) if key not in _extra else None
        if reader is not None:
            yield key, reader
    if scan:
        _entry_points()
    for key, system in list(_extra.items()):
        reader = INTERCHANGE.of(system)
        if reader is not None and reader.import_formats:
            yield key, reader


def event_keys(scan: bool = True) -> frozenset[str]:
    """The keys event files have of their own in the games this run knows: the bundled games' from
    `BUNDLED_EVENTS` (no game imported), the plug-ins' from their hooks (`scan=False`: only the plug-ins
    already known to this run, as in `readers`)."""
    from armybuilder.games.capabilities import EVENTS

    found = {k for key, names in BUNDLED_EVENTS.items() if key not in _extra for k in names}
    if scan:
        _entry_points()
    for system in list(_extra.values()):
        events = EVENTS.of(system)
        if events is not None:
            found.update(events.event_keys)
    return frozenset(found)


def generation() -> int:
    """A number that changes whenever a game joins or leaves this run: what is worked out of the known games
    may be kept until it changes."""
    return _generation


def systems() -> Iterator[GameSystem[Any]]:
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
