"""An event's checks across files: the same file twice, too many files from one player, a player's two
lists and spares, teams — run on the small Head each file's check kept, so no file is read twice. The
checks of a game's own (team-mates sharing a character) come from its system's `cross_check`; the event's
own rules per player and per team from its `EventRules.cross_check`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from armybuilder import games
from armybuilder.batch.collect import Submission
from armybuilder.batch.results import Results
from armybuilder.games.base import CrossItem
from armybuilder.games.capabilities import CROSS_CHECKS
from armybuilder.problems import Problem, Severity
from armybuilder.text import count, player_key

if TYPE_CHECKING:
    from armybuilder.batch.event import Event


def _problem(rule: str, message: str, path: str, pos: tuple[int, int] = (1, 1)) -> Problem:
    return Problem(rule, Severity.ERROR, message, path, pos[0], pos[1])


def event_cross_problems(results: Results, subs: Sequence[Submission], event: Event) -> None:
    """Add the problems that need several lists: duplicates, two lists per player, spares, teams, and the
    event's rules per player and per team (from the heads kept in memory: no list is read twice)."""
    heads = results.heads
    kept = _count_lists(results, subs, event)
    groups: list[tuple[str, list[int]]] = []  # ("player" or "team", the submissions in it)
    if event.lists_per_player == 2:
        for indexes in kept.values():
            if len(indexes) < 2:
                for index in indexes:
                    message = (
                        f"{heads[index].player} submitted one list; this event needs two lists "
                        "of the same faction from each player"
                    )
                    results.add_problems(index, [_problem("event-two-lists", message, subs[index].path)])
                continue
            groups.append(("player", indexes[:2]))
    for indexes in kept.values():
        _one_faction(results, subs, event, indexes)
    teams = _teams(results, subs, event, kept)
    for indexes in teams.values():
        if len({player_key(heads[i].player) for i in indexes}) > 1:
            groups.append(("team", indexes))
    for scope, indexes in groups:
        by_game: dict[str, list[int]] = {}
        for index in indexes:
            by_game.setdefault(heads[index].game, []).append(index)
        for game, members in by_game.items():
            system = CROSS_CHECKS.of(games.get(game)) if game != "?" else None
            if system is None:
                continue
            group = [CrossItem(subs[i].path, heads[i].player, heads[i].cross) for i in members]
            for position, problems in system.cross_check(group, scope).items():
                results.add_problems(members[position], problems)
    rules = event.rules
    if rules is None:
        return
    for scope, by_name in (("player", kept), ("team", teams)):
        for key, indexes in by_name.items():
            if all(heads[i].facts is None for i in indexes):  # no list of the event's game was read
                continue
            group = [CrossItem(subs[i].path, heads[i].player, heads[i].facts) for i in indexes]
            name = key if scope == "team" else heads[indexes[0]].player
            for position, problems in rules.cross_check(group, scope, name).items():
                results.add_problems(indexes[position], problems)
            if scope == "team":
                players = list(dict.fromkeys(heads[i].player for i in indexes))
                results.teams[key] = {
                    "players": players,
                    "lists": [subs[i].path for i in indexes],
                    **rules.figures(group, scope),
                }


def _count_lists(results: Results, subs: Sequence[Submission], event: Event) -> dict[str, list[int]]:
    """The submissions that count for each player (in order); the same list twice, or more lists than
    the event takes, are `event-duplicate` problems."""
    heads = results.heads
    by_player: dict[str, list[int]] = {}
    for index, head in enumerate(heads):
        by_player.setdefault(player_key(head.player), []).append(index)
    allowed = event.lists_taken
    kept: dict[str, list[int]] = {}
    for player, indexes in by_player.items():
        counted: list[int] = []
        for index in indexes:
            name, digest = heads[index].player, heads[index].digest
            path = subs[index].path
            same = next((i for i in counted if digest and heads[i].digest == digest), None)
            if same is not None:
                message = f"the same list as {subs[same].path}, submitted again by {name}; withdraw one"
                results.add_problems(index, [_problem("event-duplicate", message, path)])
            elif len(counted) >= allowed:
                earlier = ", ".join(subs[i].path for i in counted)
                takes = f"{event.lists_per_player}" + (
                    f" and {count(event.spare_lists, 'spare')}" if event.spare_lists else ""
                )
                message = (
                    f"{name} already submitted {count(len(counted), 'list')} ({earlier}); the event "
                    f"takes {takes} per player — withdraw one, or name the player with `player:`"
                )
                results.add_problems(index, [_problem("event-duplicate", message, path)])
            else:
                counted.append(index)
        kept[player] = counted
    return kept


def _one_faction(results: Results, subs: Sequence[Submission], event: Event, indexes: list[int]) -> None:
    """A player's two lists, and any spare, are of one faction: each later list is told."""
    heads = results.heads
    if not indexes or (event.lists_per_player < 2 and not event.spare_lists):
        return
    first = heads[indexes[0]]
    for position, index in enumerate(indexes[1:], start=1):
        later = heads[index]
        if not (first.side and later.side and first.side != later.side):
            continue
        pos = later.side_pos if later.side_pos[0] else (1, 1)
        if position < event.lists_per_player:
            rule = "event-two-lists"
            message = (
                f"{later.player}'s two lists must be of one faction: "
                f"{subs[indexes[0]].path} is {first.side}, this one {later.side}"
            )
        else:
            rule = "event-spare-list"
            message = (
                f"{later.player}'s spare list must be of the faction of their other lists: "
                f"{subs[indexes[0]].path} is {first.side}, this one {later.side} — rebuild it as {first.side}"
            )
        results.add_problems(index, [_problem(rule, message, subs[index].path, pos)])


def _teams(
    results: Results, subs: Sequence[Submission], event: Event, kept: dict[str, list[int]]
) -> dict[str, list[int]]:
    """Each team's submissions; a player on no team (when the event has teams) is an `event-team` problem."""
    heads = results.heads
    team_event = event.rules is not None and event.rules.team_event
    teams: dict[str, list[int]] = {}
    spelling: dict[str, str] = {}  # a team named in the lists: its first spelling, whatever the case
    for player, indexes in kept.items():
        for index in indexes:
            name, list_team = heads[index].player, heads[index].team
            team = event.teams.get(player) if event.teams else list_team
            if event.teams and team is None:
                message = f"{name} is on no team of this event; add them under `teams:` in {event.path}"
                results.add_problems(index, [_problem("event-team", message, subs[index].path)])
            elif event.teams and list_team is not None and player_key(list_team) != player_key(team or ""):
                message = f"the list says team {list_team!r}, the event puts {name} in {team!r}"
                results.add_problems(index, [_problem("event-team", message, subs[index].path)])
            elif team is None and team_event and heads[index].game == event.game:
                message = (
                    f"{name}'s list names no team, and {event.where} is played in teams; add `team: NAME` "
                    f"to the list (team-mates write the same name), or a `teams:` mapping to {event.path}"
                )
                results.add_problems(index, [_problem("event-team", message, subs[index].path)])
            if team is not None:
                team = spelling.setdefault(player_key(team), team)
                teams.setdefault(team, []).append(index)
    return teams
