"""The event file: an event's own rules on top of each game's rules (size, players, teams, bans…).

The keys every game shares are read here; the keys of one game (`factions`, `banned_cards`, … for ASOIAF)
are read by that game's system (`GameSystem.event_rules`). Anything unusable raises `EventError` naming
the line.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder import games, yamlpos
from armybuilder.errors import ArmyBuilderError, EventError
from armybuilder.fileio import read_input
from armybuilder.problems import Problem, Severity
from armybuilder.text import player_key

if TYPE_CHECKING:
    from armybuilder.engine import Workspace
    from armybuilder.games.base import EventRules, Report

COMMON_KEYS = ("name", "game", "points", "data_version", "lists_per_player", "teams")


@dataclass(frozen=True)
class Event:
    """An event's own rules on top of the game's rules."""

    path: str
    name: str | None = None
    game: str = games.DEFAULT_GAME
    points: int | None = None
    data_version: str | None = None
    lists_per_player: int = 1
    teams: dict[str, str] = field(default_factory=dict)  # player key -> team name
    team_players: dict[str, tuple[str, ...]] = field(default_factory=dict)  # team -> players as written
    rules: EventRules | None = None  # the game's own event rules

    @property
    def where(self) -> str:
        """How messages name the event."""
        return self.name or Path(self.path).name


def load_event(path: str | Path, workspace: Workspace) -> Event:
    """Read and check an event file; raise EventError naming the line for anything unusable."""
    name = str(path)
    try:
        blob = read_input(path)
    except OSError as exc:
        raise EventError(f"cannot read the event file: {exc.strerror or exc}", path=name) from None
    try:
        data = yamlpos.load(blob)
    except yamlpos.YamlError as exc:
        raise EventError(exc.message, path=name, line=exc.line or None) from None
    if not isinstance(data, yamlpos.PosMap):
        raise EventError("an event file must be a mapping such as `points: 40`", path=name, line=1)

    def fail(message: str, key: Any) -> EventError:
        return EventError(message, path=name, line=data.at(key).line)

    game = games.DEFAULT_GAME
    if data.get("game") is not None:
        system = games.lookup(str(data["game"]))
        if system is None:
            raise fail(games.unknown_game_message(str(data["game"])), "game")
        game = system.key
    system = games.get(game)
    known = (*COMMON_KEYS, *system.event_keys)
    for key in data:
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1)
            hint = f"did you mean `{close[0]}`?" if close else f"known keys: {', '.join(known)}"
            raise EventError(
                f"unknown key `{key}` in the event file; {hint}", path=name, line=data.key_pos[key].line
            )
    fields: dict[str, Any] = {"path": name, "game": game}
    if data.get("name") is not None:
        fields["name"] = str(data["name"])
    if data.get("points") is not None:
        points = data["points"]
        if isinstance(points, bool) or not isinstance(points, int) or points <= 0:
            raise fail(f"`points` must be a positive game size such as 40, not {points!r}", "points")
        fields["points"] = points
    if data.get("data_version") is not None:
        version = fields["data_version"] = str(data["data_version"])
        try:  # the event's version of the data is the one its lists are checked against
            workspace.pin_version(version)
            workspace.data(system)
        except ArmyBuilderError as exc:
            raise fail(f"data_version {version}: {exc.message}", "data_version") from None
    if data.get("lists_per_player") is not None:
        count = data["lists_per_player"]
        if count not in (1, 2) or isinstance(count, bool):
            raise fail(f"`lists_per_player` must be 1 or 2, not {count!r}", "lists_per_player")
        fields["lists_per_player"] = count
    if data.get("teams") is not None:
        fields["teams"], fields["team_players"] = _teams(data, name, fail)
    if any(key in data for key in system.event_keys):
        where = fields.get("name") or Path(name).name
        fields["rules"] = system.event_rules(workspace.data(system), data, name, where)
    return Event(**fields)


def _teams(data: yamlpos.PosMap, name: str, fail: Any) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    teams = data["teams"]
    if not isinstance(teams, yamlpos.PosMap):
        raise fail("`teams` must map each team name to its players, e.g. `Wolves: [alice, bob]`", "teams")
    members: dict[str, str] = {}
    team_players: dict[str, tuple[str, ...]] = {}
    for team, players in teams.items():
        line = teams.at(team).line
        if not isinstance(players, list) or not all(isinstance(p, (str, int)) for p in players):
            raise EventError(f"team {team!r} must list its players, e.g. `[alice, bob]`", path=name, line=line)
        for player in players:
            key = player_key(str(player))
            if key in members:
                raise EventError(
                    f"player {player!r} is in two teams ({members[key]} and {team}); keep one",
                    path=name,
                    line=line,
                )
            members[key] = str(team)
        team_players[str(team)] = tuple(str(p) for p in players)
    return members, team_players


def text_list(data: yamlpos.PosMap, key: str, path: str) -> list[str]:
    """An event key holding one name or a list of names."""
    value = data[key]
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return [str(value)]
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) for v in value):
        raise EventError(f"`{key}` must be a list of names, e.g. `[a, b]`", path=path, line=data.at(key).line)
    return [str(v) for v in value]


def item_line(data: yamlpos.PosMap, key: str, index: int) -> int:
    """The line of item `index` of an event key (the key's line when it holds a single name)."""
    value = data[key]
    return value.at(index).line if isinstance(value, yamlpos.PosList) else data.at(key).line


def check_data_version(event: Event, version: str | None) -> None:
    """An event pinned to another data version than the one loaded cannot be checked: raise EventError.
    (`load_event` selects the event's version; this guards data that cannot hold several.)"""
    if event.data_version is not None and version is not None and event.data_version != version:
        raise EventError(
            f"the event checks lists against card data {event.data_version}, but the data loaded is "
            f"{version}; pass --data with a folder that holds {event.data_version}",
            path=event.path,
        )


def event_problems(report: Report, event: Event, pos: tuple[int, int]) -> list[Problem]:
    """What the event says about one file: its game, its size, and the game's own event rules.
    `pos` is where the file states its size (`points:`)."""
    out: list[Problem] = []
    if report.game != event.game:
        message = f"{event.where} is an event for {games.get(event.game).title}; this file is not"
        return [Problem("event-game", Severity.ERROR, message, report.path, 1, 1)]
    size = report.summary.tallies[0].limit if report.summary.tallies else None
    declared = report.summary.details.get("points", size)
    if event.points is not None and declared is not None and declared != event.points:
        out.append(
            Problem(
                "event-points",
                Severity.ERROR,
                f"the list is for {declared} points; {event.where} is played at {event.points} points — "
                f"rebuild it for {event.points}",
                report.path,
                *pos,
            )
        )
    if event.rules is not None:
        out.extend(event.rules.check(report))
    return out
