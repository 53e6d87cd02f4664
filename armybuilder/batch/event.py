"""The event file: an event's own rules on top of each game's rules (size, players, teams, bans…).

The keys every game shares are read here; the keys of one game (`factions`, `banned_cards`, `per_team`, …
for ASOIAF) are read by that game's system (`GameSystem.event_rules`). An event file is data from a
stranger: every problem in it is collected as a positioned `event-file` Problem (`EventReader`), and
`load_event` raises one `EventError` carrying them all (`armybuilder event check` lists them; `batch`
stops on them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder import games, yamlpos
from armybuilder.errors import ArmyBuilderError, EventError
from armybuilder.fileio import read_input
from armybuilder.games.capabilities import EVENTS
from armybuilder.kit.size import MAX_POINTS, too_large
from armybuilder.kit.words import did_you_mean
from armybuilder.problems import Problem, Severity
from armybuilder.record import record
from armybuilder.text import count, player_key

if TYPE_CHECKING:
    from armybuilder.engine import Workspace
    from armybuilder.games.base import EventRules, GameSystem, Report

COMMON_KEYS = games.COMMON_EVENT_KEYS
MAX_SPARE_LISTS = 2
RULE = "event-file"


@record(frozen=True)
class Event:
    """An event's own rules on top of the game's rules."""

    path: str
    name: str | None = None
    game: str = games.DEFAULT_GAME
    points: int | None = None
    data_version: str | None = None
    names: str | None = None  # the names file every list is read with
    lists_per_player: int = 1
    spare_lists: int = 0  # lists a player may add beyond `lists_per_player` (same faction; no other rule)
    teams: dict[str, str] = field(default_factory=dict)  # player key -> team name
    team_players: dict[str, tuple[str, ...]] = field(default_factory=dict)  # team -> players as written
    rules: EventRules | None = None  # the game's own event rules

    @property
    def where(self) -> str:
        """How messages name the event."""
        return self.name or Path(self.path).name

    @property
    def lists_taken(self) -> int:
        """How many lists the event takes from one player."""
        return self.lists_per_player + self.spare_lists


class EventReader:
    """Collects the problems of one event file, each at its line and column, so that every problem is
    reported at once; the helpers read a key's value or record why it cannot be used (and return None)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Problem] = []

    def problem(self, message: str, pos: tuple[int, int] | None) -> None:
        line, column = pos if pos is not None else (1, 1)
        self.problems.append(Problem(RULE, Severity.ERROR, message, self.path, line or 1, column or 1))

    def fail(self) -> EventError:
        """The error carrying every problem (the first one, by position, is its message)."""
        found = tuple(sorted(self.problems, key=Problem.sort_key))
        first = found[0]
        return EventError(first.message, path=self.path, line=first.line, problems=found)

    def raise_if_any(self) -> None:
        if self.problems:
            raise self.fail()

    def unknown_keys(self, data: yamlpos.PosMap, known: Sequence[str], where: str = "the event file") -> None:
        """A problem for each key of `data` not in `known`, with the closest known key."""
        for key in data:
            if key not in known:
                hint = did_you_mean(key, known, f"known keys: {', '.join(known)}")
                self.problem(f"unknown key `{short(key)}` in {where}; {hint}", data.key_pos.get(key))

    def whole_number(
        self, data: yamlpos.PosMap, key: str, low: int, high: int, what: str, label: str | None = None
    ) -> int | None:
        """A whole number from `low` to `high` (`what` says what it is, e.g. "a game size such as 40")."""
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.problem(f"`{label or key}` must be {what} ({low} to {high}), not {short(value)}", data.at(key))
            return None
        return value

    def flag(self, data: yamlpos.PosMap, key: str, label: str | None = None) -> bool | None:
        value = data[key]
        if not isinstance(value, bool):
            self.problem(f"`{label or key}` must be true or false, not {short(value)}", data.at(key))
            return None
        return value

    def mapping(self, data: yamlpos.PosMap, key: str, example: str, label: str | None = None) -> yamlpos.PosMap | None:
        value = data[key]
        if not isinstance(value, yamlpos.PosMap):
            self.problem(f"`{label or key}` must be a mapping, e.g. `{example}`", data.at(key))
            return None
        return value

    def names(self, data: yamlpos.PosMap, key: str, label: str | None = None) -> list[tuple[str, tuple[int, int]]] | None:
        """A key holding one name or a list of names: each with its position."""
        value = data[key]
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            return [(short(value, 200), tuple(data.at(key)))]  # type: ignore[list-item]
        if not isinstance(value, list) or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
            self.problem(f"`{label or key}` must be a list of names, e.g. `[a, b]`", data.at(key))
            return None
        positions = value.item_pos if isinstance(value, yamlpos.PosList) else []
        return [
            (short(v, 200), tuple(positions[i]) if i < len(positions) else tuple(data.at(key)))  # type: ignore[misc]
            for i, v in enumerate(value)
        ]


def short(value: Any, limit: int = 60) -> str:
    """A value from the file as a message shows it: never huge, never a Python repr of a structure."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    text = str(value) if not isinstance(value, int) or len(str(value)) <= limit else "a number that long"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def load_event(path: str | Path, workspace: Workspace) -> Event:
    """Read and check an event file; raise EventError carrying every positioned problem it has."""
    name = str(path)
    try:
        blob = read_input(path)
    except OSError as exc:
        raise EventError(f"cannot read the event file: {exc.strerror or exc}", path=name) from None
    reader = EventReader(name)
    oversized = too_large(blob, "an event file", "a few hundred bytes")
    if oversized is not None:
        reader.problem(oversized, (1, 1))
        raise reader.fail()
    try:
        data = yamlpos.load(blob)
    except yamlpos.YamlError as exc:
        reader.problem(exc.message, (exc.line or 1, exc.column or 1))
        raise reader.fail() from None
    if not isinstance(data, yamlpos.PosMap):
        reader.problem("an event file must be a mapping such as `points: 40`", (1, 1))
        raise reader.fail()

    game = games.DEFAULT_GAME
    if data.get("game") is not None:
        system = games.lookup(str(data["game"])) if isinstance(data["game"], (str, int)) else None
        if system is None:
            reader.problem(games.unknown_game_message(short(data["game"])), data.at("game"))
            raise reader.fail()  # the other keys depend on the game
        game = system.key
    system = games.get(game)
    events = EVENTS.of(system)
    known = (*COMMON_KEYS, *(events.event_keys if events is not None else ()))
    reader.unknown_keys(data, known)
    fields: dict[str, Any] = {"path": name, "game": game}
    for key in ("name", "data_version"):
        value = data.get(key)
        if isinstance(value, (dict, list, bool)):
            reader.problem(f"`{key}` must be text, not {short(value)}", data.at(key))
    if data.get("name") is not None:
        fields["name"] = short(data["name"], 200)
    if data.get("points") is not None:
        points = reader.whole_number(data, "points", 1, MAX_POINTS, "a positive game size such as 40")
        if points is not None:
            fields["points"] = points
    if data.get("data_version") is not None:
        version = fields["data_version"] = short(data["data_version"], 100)
        try:  # the event's version of the data is the one its lists are checked against
            workspace.pin_version(version)
            workspace.data(system)
        except ArmyBuilderError as exc:
            reader.problem(f"data_version {version}: {exc.message}", data.at("data_version"))
            raise reader.fail() from None  # the game's own keys need its data
    if data.get("names") is not None:
        _names(data, name, system, workspace, reader, fields)
    if data.get("lists_per_player") is not None:
        count_ = data["lists_per_player"]
        if count_ not in (1, 2) or isinstance(count_, bool):
            reader.problem(f"`lists_per_player` must be 1 or 2, not {short(count_)}", data.at("lists_per_player"))
        else:
            fields["lists_per_player"] = count_
    if data.get("spare_lists") is not None:
        spare = reader.whole_number(data, "spare_lists", 0, MAX_SPARE_LISTS, "how many spare lists a player may add")
        if spare is not None:
            fields["spare_lists"] = spare
    if data.get("teams") is not None:
        fields["teams"], fields["team_players"] = _teams(data, reader)
    where = fields.get("name") or Path(name).name
    try:
        rules = events.event_rules(workspace.data(system), data, name, where) if events is not None else None
    except EventError as exc:
        reader.problems.extend(exc.problems or (Problem(RULE, Severity.ERROR, exc.message, name, exc.line or 1, 1),))
        rules = None
    if rules is not None:
        fields["rules"] = rules
        for message, team in rules.team_problems(fields.get("team_players", {})):
            teams = data["teams"]
            reader.problem(message, teams.key_pos.get(team) if isinstance(teams, yamlpos.PosMap) else None)
    reader.raise_if_any()
    return Event(**fields)


def _names(
    data: yamlpos.PosMap, path: str, system: GameSystem[Any], workspace: Workspace, reader: EventReader,
    fields: dict[str, Any],
) -> None:
    """`names: club-names.yaml`: every list of the event reads the club's names for cards too (a path is
    relative to the event file)."""
    value = data["names"]
    if not isinstance(value, str) or not value.strip():
        reader.problem(f"`names` is the path of a names file, such as `names: club-names.yaml`, not "
                       f"{short(value)}", data.at("names"))  # fmt: skip
        return
    file = Path(path).parent / value.strip()
    try:
        workspace.add_names(file)
        workspace.data(system)
    except ArmyBuilderError as exc:
        reader.problem(f"names {short(value)}: {exc.message}", data.at("names"))
        raise reader.fail() from None  # the game's own keys may name cards in the club's words
    fields["names"] = str(file)


def _teams(data: yamlpos.PosMap, reader: EventReader) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    members: dict[str, str] = {}
    team_players: dict[str, tuple[str, ...]] = {}
    teams = reader.mapping(data, "teams", "Wolves: [alice, bob]")
    if teams is None:
        return members, team_players
    for team, players in teams.items():
        pos = teams.key_pos.get(team)
        if isinstance(players, (str, int)) and not isinstance(players, bool):
            players = [players]
        if not isinstance(players, list) or not all(
            isinstance(p, (str, int)) and not isinstance(p, bool) for p in players
        ):
            reader.problem(f"team {short(team)!r} must list its players, e.g. `[alice, bob]`", pos)
            continue
        for player in players:
            key = player_key(short(player, 200))
            if key in members:
                where = (
                    f"twice in team {short(team)}" if members[key] == short(team, 200)
                    else f"in two teams ({members[key]} and {short(team)})"
                )  # fmt: skip
                reader.problem(f"player {short(player)!r} is {where}; keep one", pos)
                continue
            members[key] = short(team, 200)
        team_players[short(team, 200)] = tuple(short(p, 200) for p in players)
    return members, team_players


def check_data_version(event: Event, version: str | None) -> None:
    """An event pinned to another data version than the one loaded cannot be checked: raise EventError.
    (`load_event` selects the event's version; this guards data that cannot hold several.)"""
    if event.data_version is not None and version is not None and event.data_version != version:
        raise EventError(
            f"the event checks lists against card data {event.data_version}, but the data loaded is "
            f"{version}; pass --data with a folder that holds {event.data_version}",
            path=event.path,
        )


def event_problems(report: Report[Any], event: Event, pos: tuple[int, int]) -> list[Problem]:
    """What the event says about one file: its game, its size, and the game's own event rules.
    `pos` is where the file states its size (`points:`). The list rules the event replaces by its own
    (`EventRules.replaces`) are dropped from the report."""
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
        if event.rules.replaces:
            report.problems = [p for p in report.problems if p.rule not in event.rules.replaces]
        out.extend(event.rules.check(report))
    return out


def explain(event: Event) -> list[str]:
    """The event's rules in plain sentences, for the players' pack (`armybuilder event explain`)."""
    out = [f"The game is {games.get(event.game).title}."]
    if event.points is not None:
        out.append(f"Every list is for {event.points} points.")
    if event.data_version is not None:
        out.append(f"Lists are checked against card data {event.data_version}.")
    if event.names is not None:
        out.append(f"Lists may name cards as the names file {Path(event.names).name} does, besides English, "
                   "German and French.")  # fmt: skip
    if event.lists_per_player == 2:
        out.append(
            "Each player submits two lists of one faction; the two lists may not share a character "
            "(not even in different versions)."
        )
    else:
        out.append("Each player submits one list.")
    if event.spare_lists:
        out.append(
            f"A player may add {count(event.spare_lists, 'spare list')} of the same faction; the spare may "
            "share characters with the other lists. A player's lists are taken in the order of their file "
            "names: name the spare so that it sorts last (e.g. `alice--3-spare.yaml`)."
        )
    if event.team_players:
        teams = "; ".join(f"{team} ({', '.join(players)})" for team, players in event.team_players.items())
        out.append(f"Teams: {teams}.")
    if event.team_players or (event.rules is not None and event.rules.team_event):
        out.append("Team-mates may not field the same character.")
    if event.team_players:
        out.append("Every player must be on a team listed here; a list's own `team:` must agree.")
    elif event.rules is not None and event.rules.team_event:
        out.append("Every list names its team with `team:` (team-mates write the same name).")
    if event.rules is not None:
        out.extend(event.rules.explain())
    return out
