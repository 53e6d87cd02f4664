"""Batch checking for clubs and tournaments: many submissions, one event's rules, one small row per file.

A submission is any file: a YAML file of any game, or text in a format a game reads (for ASOIAF a War
Council share code, an asoiaf-stats export, a Tabletop Simulator id string). Each is read as whatever it is
(`check`), checked, held to the event's rules (`event`), and reduced to a row spilled to disk (`results`);
then the event's checks across files run on what each file's check kept. Large batches run on every core
(`armybuilder.scheduler`).

Nothing here prints or exits: unusable arguments or event files raise `UsageError` / `EventError`; anything
wrong with a submission is a problem on its row.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from armybuilder import games
from armybuilder.batch.check import YAML_SUFFIXES, Config, check_chunk, check_one, check_report
from armybuilder.batch.collect import Submission, collect, player_from_path
from armybuilder.batch.event import Event, check_data_version, load_event
from armybuilder.batch.results import Head, Results, Row
from armybuilder.errors import ArmyBuilderError, EventError
from armybuilder.games.base import CrossItem
from armybuilder.problems import Problem, Severity
from armybuilder.scheduler import default_jobs as _default_jobs
from armybuilder.scheduler import shared_work
from armybuilder.text import count, player_key

if TYPE_CHECKING:
    from armybuilder.engine import Workspace

__all__ = [
    "YAML_SUFFIXES",
    "Config",
    "Event",
    "EventError",
    "Head",
    "Results",
    "Row",
    "Submission",
    "check_data_version",
    "check_one",
    "check_report",
    "collect",
    "load_event",
    "player_from_path",
    "run",
]

PARALLEL_MIN = 150  # measured on 2 cores: 100 lists take as long on one process as on two, 200 lists 15% less
CHUNK_MAX = 256  # rows a worker checks, packs and sends back at once


def default_jobs(count: int) -> int:
    """Processes to check `count` files on (this one included): every core for a large batch, else one."""
    return _default_jobs(count, PARALLEL_MIN)


def _chunks(items: Sequence[Submission], jobs: int) -> list[Sequence[Submission]]:
    """Runs of items: small enough to balance the workers and move the progress bar, large enough to keep
    the traffic between processes low."""
    size = max(8, min(CHUNK_MAX, len(items) // (jobs * 16))) if jobs > 1 else CHUNK_MAX
    return [items[start : start + size] for start in range(0, len(items), size)]


def prepare(workspace: Workspace, event: Event | None = None) -> None:
    """Import what checking needs and load the likely games' data before forking, so workers share it."""
    import multiprocessing.connection  # noqa: F401

    for key in {games.DEFAULT_GAME, event.game if event is not None else games.DEFAULT_GAME}:
        system = games.get(key)
        system.prepare()
        with contextlib.suppress(ArmyBuilderError):  # each file of that game will say why its data is unusable
            workspace.data(system)


def run(
    subs: Sequence[Submission],
    workspace: Workspace,
    config: Config,
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Results:
    """Check every submission (on `jobs` processes; default: every core for a large batch), then what the
    event says about them together (players, duplicates, teams). `progress` hears how many more are done."""
    jobs = default_jobs(len(subs)) if jobs is None else max(1, jobs)
    event = config.event
    results = Results(event.teams if event is not None else None)
    try:
        for blob, done, invalid, heads in shared_work(
            check_chunk, _chunks(subs, jobs), workspace, config, jobs, lambda: prepare(workspace, event)
        ):
            results.add_chunk(blob, done, invalid, heads)
            if progress is not None:
                progress(done)
        if event is not None:
            event_cross_problems(results, subs, event)
    except BaseException:
        results.close()
        raise
    return results


# --- the event across files -----------------------------------------------------------------------------------


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
