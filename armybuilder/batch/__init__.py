"""Batch checking for clubs and tournaments: many submissions, one event's rules, one small row per file.

A submission is any file: a YAML file of any game, or text in a format a game reads (for ASOIAF a War
Council share code, an asoiaf-stats export, a Tabletop Simulator id string). Each is read as whatever it is
(`check`), checked, held to the event's rules (`event`), and reduced to a small row (`results`: in memory, spilled to disk past a bound);
then the event's checks across files run on what each file's check kept. Large batches run on every core
(`armybuilder.scheduler`).

Nothing here prints or exits: unusable arguments or event files raise `UsageError` / `EventError`; anything
wrong with a submission is a problem on its row.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from armybuilder import games
from armybuilder.batch.check import (
    YAML_SUFFIXES,
    Config,
    check_chunk,
    check_one,
    check_report,
    event_keys,
    recover_chunk,
)
from armybuilder.batch.collect import NOT_LISTS, Submission, collect, player_from_path
from armybuilder.batch.results import Head, Results, Row
from armybuilder.errors import ArmyBuilderError, EventError
from armybuilder.fileio import read_input
from armybuilder.scheduler import Failure, shared_work
from armybuilder.scheduler import default_jobs as _default_jobs

if TYPE_CHECKING:
    from armybuilder.batch.event import Event, check_data_version, load_event
    from armybuilder.engine import Workspace

__all__ = [
    "NOT_LISTS",
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

_EVENT_NAMES = frozenset({"Event", "check_data_version", "load_event"})


def __getattr__(name: str) -> Any:
    """The event file's names, imported when first asked for: a batch without `--event` never loads them."""
    if name in _EVENT_NAMES:
        from armybuilder.batch import event

        return getattr(event, name)
    raise AttributeError(name)


PARALLEL_MIN = 150  # measured on 2 cores: 100 lists take as long on one process as on two, 200 lists 15% less
# a batch not told how many processes to use starts one worker, and another joins only while the files left
# would take it longer than this (CPU seconds): a second worker costs its start, its own warm-up and the
# copies of the pages it touches (measured 0.08-0.1 s of CPU on 2 busy cores), more than it saves a batch of
# a thousand lists (~0.25 s of checking) in time
GROW_SECONDS = 1.0
CHUNK_MAX = 256  # rows a worker checks, packs and sends back at once


def default_jobs(count: int) -> int:
    """The most processes to check `count` files on: every core for a large batch (`run` adds the second only
    when the work left is long enough), else one."""
    return _default_jobs(count, PARALLEL_MIN)


def _chunks(items: Sequence[Submission], jobs: int) -> list[Sequence[Submission]]:
    """Runs of items: small enough to balance the workers and move the progress bar (four runs a worker at
    least), large enough to keep the traffic between processes low (each run costs both processes a round
    trip) and to let a batch started on one worker sample a few hundred lists before it adds another."""
    size = max(8, min(CHUNK_MAX, len(items) // (jobs * 4))) if jobs > 1 else CHUNK_MAX
    return [items[start : start + size] for start in range(0, len(items), size)]


SAMPLE = 32  # submissions whose `game:` line is read before forking, spread over the batch
_GAME_LINE = re.compile(rb"^game:[ \t]*([\"']?)([^\"'#\r\n]*?)\1[ \t]*(?:#[^\r\n]*)?\r?$", re.MULTILINE)


def likely_games(subs: Sequence[Submission], event: Event | None = None) -> list[str]:
    """The games a batch holds, as far as a sample of its submissions tells: the game each names on a
    top-level `game:` line of its first lines (the default game when none), and the event's game."""
    found = dict.fromkeys([event.game] if event is not None else [])
    step = max(1, len(subs) // SAMPLE)
    for sub in subs[::step][:SAMPLE]:
        try:
            head = read_input(sub.path)[:4096]
        except OSError:
            continue  # its row says why
        match = _GAME_LINE.search(head)
        if match is None:
            found[games.DEFAULT_GAME] = None  # no `game:`: a list of the default game, or a text format of it
            continue
        with contextlib.suppress(ArmyBuilderError, UnicodeDecodeError):  # a broken plug-in: the rows say so
            system = games.lookup(match.group(2).decode())
            if system is not None:
                found[system.key] = None
    return list(found)


def prepare(workspace: Workspace, event: Event | None = None, subs: Sequence[Submission] = ()) -> None:
    """Import what checking needs and load the data of the games the batch holds (`likely_games`) before
    forking, so that workers share it; a game the sample missed is loaded by the worker that meets it."""
    import gc

    if event is not None:  # its duplicates are found by digest: imported once, not in each worker
        import hashlib  # noqa: F401
    collecting = gc.isenabled()
    gc.disable()  # what is loaded here lives as long as the batch: no collection walks it while it is built
    try:
        event_keys()  # else each worker imports every game to tell an event file from a list
        for key in likely_games(subs, event):
            with contextlib.suppress(ArmyBuilderError):  # each file of that game will say why its data is unusable
                system = games.get(key)
                system.prepare()
                workspace.data(system)
    finally:
        gc.freeze()  # nor after: the workers fork next (the scheduler unfreezes it in this process then)
        if collecting:
            gc.enable()


def run(
    subs: Sequence[Submission],
    workspace: Workspace,
    config: Config,
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Results:
    """Check every submission (on `jobs` processes; default: every core for a large batch), then what the
    event says about them together (players, duplicates, teams). `progress` hears how many more are done."""
    grow = GROW_SECONDS if jobs is None else None  # told how many: that many from the start
    jobs = default_jobs(len(subs)) if jobs is None else max(1, jobs)
    event = config.event
    results = Results(event.teams if event is not None else None)
    chunks = _chunks(subs, jobs)
    try:
        for index, result in enumerate(
            shared_work(
                check_chunk, chunks, workspace, config, jobs, lambda: prepare(workspace, event, subs), config.limits, grow
            )
        ):
            if isinstance(result, Failure):  # its worker crashed or overran: that file's row says so
                result = recover_chunk(chunks[index], result, workspace, config)
            blob, done, invalid, heads = result
            results.add_chunk(blob, done, invalid, heads)
            if progress is not None:
                progress(done)
        if event is not None:  # (its checks across files: a plain batch never imports them)
            from armybuilder.batch.cross import event_cross_problems

            event_cross_problems(results, subs, event)
    except BaseException:
        results.close()
        raise
    return results
