"""Running work over many items on every core: the main process and forked workers share one counter.

Not about any game: `work(item, shared, config)` is called for each item, and results come back in item
order. Workers inherit the items and `shared` (nothing is sent to them) and send back only results. On a
system without `fork` (Windows) everything runs in this process.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar, cast

T = TypeVar("T")
R = TypeVar("R")
Work = Callable[[T, Any, Any], R]


def shared_work(
    work: Work[T, R], items: Sequence[T], shared: Any, config: Any, jobs: int,
    prepare: Callable[[], None] | None = None,
) -> Iterator[R]:
    """`work(item, shared, config)` for every item, yielded in order, on `jobs` processes."""
    import multiprocessing

    if jobs > 1 and len(items) > 1 and "fork" in multiprocessing.get_all_start_methods():
        yield from _forked(work, items, shared, config, jobs, prepare)
        return
    for item in items:  # one process (or no fork on this system: Windows)
        yield work(item, shared, config)


def _take(counter: Any) -> int:
    """The next item nobody has taken yet (a counter shared by every process)."""
    with counter.get_lock():
        index: int = counter.value
        counter.value = index + 1
    return index


def _forked_worker(
    work: Work[T, R], items: Sequence[T], counter: Any, conn: Any, shared: Any, config: Any
) -> None:
    """A forked worker: do the work of item after item until none is left, sending each result back."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle
    code = 1
    try:
        while (index := _take(counter)) < len(items):
            conn.send((index, work(items[index], shared, config)))
        code = 0
    finally:
        conn.close()
        # leave without flushing stdout/stderr or running exit handlers: a lock another thread of the
        # parent held at fork time (a progress bar's, say) would never be released here
        os._exit(code)


def _forked(
    work: Work[T, R],
    items: Sequence[T],
    shared: Any,
    config: Any,
    jobs: int,
    prepare: Callable[[], None] | None,
) -> Iterator[R]:
    """Work sharing: this process and `jobs - 1` forked workers each take the next item from a shared
    counter until none is left, so all finish together; workers inherit the items and the shared data
    (nothing is sent to them) and send back only results. An item a worker took but never returned (it
    died) is done here, so the batch still completes."""
    import multiprocessing
    from multiprocessing.connection import Connection, wait

    context = multiprocessing.get_context("fork")
    counter = context.Value("q", 0)
    if prepare is not None:
        prepare()
    gc.freeze()  # the forks then leave the catalogue's pages shared: the shared data's pages stay shared: no collection writes to them
    workers = []
    try:
        for _ in range(jobs - 1):
            receive, send = context.Pipe(duplex=False)
            process = context.Process(
                target=_forked_worker, args=(work, items, counter, send, shared, config), daemon=True
            )
            process.start()
            send.close()
            workers.append((process, receive))
    finally:
        gc.unfreeze()
    live = [receive for _, receive in workers]
    done: dict[int, R] = {}
    following = 0  # the next index to yield

    def collect(timeout: float | None) -> None:
        for ready in wait(live, timeout):
            conn = cast("Connection", ready)
            try:
                index, result = conn.recv()
            except EOFError:  # that worker has finished (or died)
                live.remove(conn)
            else:
                done[index] = result

    try:
        while following < len(items):
            collect(0)
            while following in done:
                yield done.pop(following)
                following += 1
            if following >= len(items):
                break
            index = _take(counter)
            if index < len(items):
                done[index] = work(items[index], shared, config)
            elif live:
                collect(None)  # everything is taken: wait for the workers' last items
            elif following not in done:  # taken by a worker that is gone: do it here
                done[following] = work(items[following], shared, config)
    finally:
        for process, receive in workers:
            if process.is_alive() and following < len(items):
                process.terminate()  # interrupted: stop the workers too
            process.join()
            receive.close()


def default_jobs(count: int, parallel_min: int) -> int:
    """Processes to do `count` items on (this one included): every core above `parallel_min` items."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores if count > parallel_min and cores > 1 else 1
