"""An event's checks across files: the same file twice, too many files from one player, a player's two
lists, teams — run on the small Head each file's check kept, so no file is read twice. The checks of a
game's own (team-mates sharing a character) come from its system's `cross_check`."""

from __future__ import annotations

from collections.abc import Sequence

from armybuilder import games
from armybuilder.batch.collect import Submission
from armybuilder.batch.event import Event
from armybuilder.batch.results import Results
from armybuilder.games.base import CrossItem
from armybuilder.problems import Problem, Severity
from armybuilder.text import count, player_key


def _problem(rule: str, message: str, path: str, pos: tuple[int, int] = (1, 1)) -> Problem:
    return Problem(rule, Severity.ERROR, message, path, pos[0], pos[1])


def event_cross_problems(results: Results, subs: Sequence[Submission], event: Event) -> None:
    """Add the problems that need several lists: duplicates, two lists per player, teams (from the heads
    kept in memory: no list is read twice)."""
    heads = results.heads
    by_player: dict[str, list[int]] = {}
    for index, head in enumerate(heads):
        by_player.setdefault(player_key(head.player), []).append(index)
    allowed = event.lists_per_player
    kept: dict[str, list[int]] = {}  # player -> the submissions that count
    for player, indexes in by_player.items():
        counted: list[int] = []
        for index in indexes:
            name, digest = heads[index].player, heads[index].digest
            path = subs[index].path
            same = next((i for i in counted if digest and heads[i].digest == digest), None)
            if same is not None:
                results.add_problems(
                    index,
                    [
                        _problem(
                            "event-duplicate",
                            f"the same list as {subs[same].path}, submitted again by {name}; withdraw one",
                            path,
                        )
                    ],
                )
            elif len(counted) >= allowed:
                earlier = ", ".join(subs[i].path for i in counted)
                message = (
                    f"{name} already submitted {count(len(counted), 'list')} ({earlier}); the event "
                    f"takes {allowed} per player — withdraw one, or name the player with `player:`"
                )
                results.add_problems(index, [_problem("event-duplicate", message, path)])
            else:
                counted.append(index)
        kept[player] = counted
    groups: list[tuple[str, list[int]]] = []  # ("player:..." or "team:...", the submissions in it)
    if allowed == 2:
        for player, indexes in kept.items():
            if len(indexes) < 2:
                for index in indexes:
                    message = (
                        f"{heads[index].player} submitted one list; this event needs two lists "
                        "of the same faction from each player"
                    )
                    results.add_problems(index, [_problem("event-two-lists", message, subs[index].path)])
                continue
            first, second = heads[indexes[0]], heads[indexes[1]]
            if first.side and second.side and first.side != second.side:
                message = (
                    f"{second.player}'s two lists must be of one faction: "
                    f"{subs[indexes[0]].path} is {first.side}, this one {second.side}"
                )
                pos = second.side_pos if second.side_pos[0] else (1, 1)
                results.add_problems(
                    indexes[1], [_problem("event-two-lists", message, subs[indexes[1]].path, pos)]
                )
            groups.append((f"player:{player}", indexes[:2]))
    teams: dict[str, list[int]] = {}
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
            if team is not None:
                teams.setdefault(team, []).append(index)
    for team, indexes in teams.items():
        if len({player_key(heads[i].player) for i in indexes}) > 1:
            groups.append((f"team:{team}", indexes))
    for kind, indexes in groups:
        scope = kind.split(":", 1)[0]
        by_game: dict[str, list[int]] = {}
        for index in indexes:
            by_game.setdefault(heads[index].game, []).append(index)
        for game, members in by_game.items():
            if game == "?":
                continue
            group = [CrossItem(subs[i].path, heads[i].player, heads[i].cross) for i in members]
            for position, problems in games.get(game).cross_check(group, scope).items():
                results.add_problems(members[position], problems)
