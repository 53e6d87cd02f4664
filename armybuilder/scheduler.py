"""Running work over many items on every core, in forked workers that a watchdog keeps bounded.

Not about any game: `work(item, shared, config)` is called for each item, and results come back in item
order. Workers inherit the items and `shared` (nothing is sent to them but an item's index) and send back
only results. This process hands out the items and watches: a worker that dies (a crash in C code, the
kernel's out-of-memory killer) or stays on one part of its item longer than `Limits.seconds` (it is then
killed) gives a `Failure` for that item instead of a result, saying which part it was on (`beat`), and the
other items go on in a fresh worker. A worker's memory is bounded too (`Limits.memory`: allocations past it
fail with MemoryError, which the work can catch). With `grow`, one worker starts and another joins only
while the items left would take it longer than `grow` seconds of CPU (each worker costs its start and its
copies of the pages it touches: a short run is cheaper on one). On a system without `fork` (Windows)
everything runs in this process, without bounds.

The workers are plain forks talking over pipes (`_Process`, `_Conn`): `multiprocessing` would cost every
batch its import (~7 ms, a tenth of a batch of one list's own work) for the few calls used here.
"""

from __future__ import annotations

import contextlib
import gc
import math
import mmap
import os
import select
import signal
import struct
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from armybuilder.pickles import dumps, loads
from armybuilder.record import record

T = TypeVar("T")
R = TypeVar("R")
Work = Callable[[T, Any, Any], R]

_IDLE, _STARTED = -1.0, -2.0  # a worker's slot: no item / an item begun, no part yet


@record(frozen=True)
class Limits:
    """Bounds on each worker: seconds on one part of an item (between two `beat`s), bytes of memory it may
    allocate beyond what it inherits. None: no bound."""

    seconds: float | None = None
    memory: int | None = None


@record(frozen=True)
class Failure:
    """An item whose work never came back: `position` is the part it was on (None when not known)."""

    position: int | None
    reason: str


# In a worker: the shared slots and this worker's first slot (item, part, start time of the part).
_slot: tuple[Any, int] | None = None


def beat(position: int) -> None:
    """Say that work on part `position` of the current item starts now: the time limit runs from here, and a
    failure names this part. A no-op outside a worker."""
    if _slot is not None:
        slots, base = _slot
        slots[base + 2] = time.monotonic()
        slots[base + 1] = position


def shared_work(
    work: Work[T, R],
    items: Sequence[T],
    shared: Any,
    config: Any,
    jobs: int,
    prepare: Callable[[], None] | None = None,
    limits: Limits | None = None,
    grow: float | None = None,
) -> Iterator[R | Failure]:
    """`work(item, shared, config)` for every item, yielded in order, on up to `jobs` forked workers (a
    Failure for an item whose worker died or overran `limits`); with `grow`, more than one only while the
    items left would take longer than `grow` seconds on those running."""
    if items and hasattr(os, "fork"):
        yield from _Pool(work, items, shared, config, jobs, prepare, limits or Limits(), grow).run()
        return
    for item in items:  # no fork on this system (Windows): everything here, unguarded
        yield work(item, shared, config)


def _limit_memory(extra: int) -> None:
    """Let this process allocate `extra` bytes beyond its address space now (Linux; elsewhere no bound)."""
    try:
        import resource

        with open("/proc/self/statm") as handle:
            size = int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = size + extra if hard == resource.RLIM_INFINITY else min(hard, size + extra)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, OSError, ValueError):
        return


_libc: list[Any] = []  # the C library, loaded before the first fork so that no worker loads it again


def _load_libc() -> Any:
    if not _libc:
        try:
            import ctypes

            _libc.append(ctypes.CDLL(None, use_errno=True))
        except (OSError, ImportError):
            _libc.append(None)
    return _libc[0]


def _die_with(parent: int) -> None:
    """Have the kernel kill this worker when the process that forked it dies, however it dies (SIGKILL
    included), so that no worker goes on checking for nobody (Linux; elsewhere the closed pipe stops it)."""
    try:
        libc = _load_libc()
        if libc is not None:
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # it died before the request was made
        os._exit(1)


def _worker(
    work: Work[T, R],
    items: Sequence[T],
    conn: Any,
    shared: Any,
    config: Any,
    slots: Any,
    base: int,
    memory: int | None,
    parent: int,
) -> None:
    """A forked worker: check the item whose index arrives, send its result back, until told to stop."""
    global _slot
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # (not the parent's handler, inherited by the fork)
    _die_with(parent)
    _slot = (slots, base)
    code = 1
    try:
        if memory is not None:
            _limit_memory(memory)
        while (index := conn.recv()) is not None:
            slots[base + 2] = time.monotonic()
            slots[base + 1] = _STARTED
            slots[base] = index
            result = work(items[index], shared, config)
            conn.send((index, result, time.process_time()))  # (its CPU time so far: is another worker worth it?)
            slots[base] = _IDLE
        code = 0
    finally:
        conn.close()
        # leave without flushing stdout/stderr or running exit handlers: a lock another thread of the
        # parent held at fork time (a progress bar's, say) would never be released here
        os._exit(code)


def _death(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        if name == "SIGKILL":
            return "the check was killed (SIGKILL: out of memory?)"
        return f"the check crashed ({name})"
    return f"the check stopped unexpectedly (exit status {exitcode})"


_HEADER = struct.Struct("!Q")  # a message's length, before its pickled bytes


class _Conn:
    """One end of a worker's two pipes: messages (pickled, after their length) read from `read`, written
    to `write`. A peer that is gone reads as EOFError, or fails a write with OSError (BrokenPipeError)."""

    def __init__(self, read: int, write: int) -> None:
        self.read, self.write = read, write

    def fileno(self) -> int:
        return self.read

    def send(self, value: object) -> None:
        data = dumps(value, -1)  # -1: the highest protocol
        view = memoryview(_HEADER.pack(len(data)) + data)
        while view:
            view = view[os.write(self.write, view) :]

    def _exactly(self, size: int) -> bytes:
        parts = []
        while size:
            part = os.read(self.read, min(size, 1 << 20))
            if not part:
                raise EOFError  # the peer died (or closed its end) mid-message or between messages
            parts.append(part)
            size -= len(part)
        return b"".join(parts)

    def recv(self) -> Any:
        (size,) = _HEADER.unpack(self._exactly(_HEADER.size))
        return loads(self._exactly(size))

    def poll(self) -> bool:
        """Whether a message (or the peer's end) is waiting to be read."""
        return bool(_ready([self], 0))

    def close(self) -> None:
        for fd in (self.read, self.write):
            if fd >= 0:
                os.close(fd)
        self.read = self.write = -1


def _ready(conns: Sequence[_Conn], timeout: float | None) -> list[_Conn]:
    """The connections with something to read (a message, or their peer's end) within `timeout` seconds
    (None: until one has)."""
    poller = select.poll()
    by_fd = {}
    for conn in conns:
        poller.register(conn.fileno(), select.POLLIN)  # (a closed peer is reported too: POLLHUP)
        by_fd[conn.fileno()] = conn
    found = poller.poll(None if timeout is None else math.ceil(max(0.0, timeout) * 1000))
    return [by_fd[fd] for fd, _ in found]


class _Process:
    """A forked worker's process: killed, waited for, and its exit code (negative: the signal that ended it)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.exitcode: int | None = None
        self._reaped = False

    def _reap(self, options: int) -> None:
        try:
            pid, status = os.waitpid(self.pid, options)
        except ChildProcessError:  # reaped elsewhere: gone, its status unknown
            self._reaped = True
            return
        if pid:
            self._reaped = True
            self.exitcode = os.waitstatus_to_exitcode(status)

    def is_alive(self) -> bool:
        if not self._reaped:
            self._reap(os.WNOHANG)
        return not self._reaped

    def kill(self) -> None:
        if not self._reaped:
            with contextlib.suppress(ProcessLookupError):  # (it has just died)
                os.kill(self.pid, signal.SIGKILL)

    def join(self) -> None:
        if not self._reaped:
            self._reap(0)


class _Pool:
    """The workers of one `shared_work` call and the watchdog over them. Each worker holds up to `AHEAD`
    items (the one it is on and the next, so it never waits for this process between two items)."""

    AHEAD = 2
    SAMPLE = 3  # items (after each worker's first) timed before `grow` decides on another worker

    def __init__(
        self,
        work: Work[T, R],
        items: Sequence[T],
        shared: Any,
        config: Any,
        jobs: int,
        prepare: Callable[[], None] | None,
        limits: Limits,
        grow: float | None = None,
    ) -> None:
        _load_libc()
        self.work, self.items, self.shared, self.config = work, items, shared, config
        self.jobs = max(1, min(jobs, len(items)))
        self.prepare = prepare
        self.limits = limits
        # per worker: item, part, start time, in memory the forks share with this process
        self.slots = memoryview(mmap.mmap(-1, 8 * 3 * self.jobs)).cast("d")
        self.workers: list[Any] = [None] * self.jobs  # per place: (process, connection) or None
        self.held: list[list[int]] = [[] for _ in range(self.jobs)]  # the items sent to each, in order
        self.todo = list(range(len(items) - 1, -1, -1))  # items not handed out yet, the next one last
        self.done: dict[int, Any] = {}
        self.grow = grow
        # per place: the CPU seconds its worker had spent at its first result and at its last, and the results
        # between (the first item pays the worker's start: it does not tell how long the next ones take)
        self.spent: list[list[float]] = [[0.0, 0.0, 0.0] for _ in range(self.jobs)]

    def _start(self, place: int) -> None:
        base = 3 * place
        self.slots[base], self.slots[base + 1], self.slots[base + 2] = _IDLE, _IDLE, 0.0
        to_worker, to_us = os.pipe(), os.pipe()
        mine, theirs = _Conn(to_us[0], to_worker[1]), _Conn(to_worker[0], to_us[1])
        parent = os.getpid()
        gc.freeze()  # the forks then leave the shared data's pages shared: no collection writes to them
        try:
            pid = os.fork()
            if pid == 0:  # the worker: it never returns from here
                try:
                    # this process's ends of every worker's pipes, so that a worker sees its pipe close
                    # when this process dies, whichever workers live on
                    for other in [mine, *(worker[1] for worker in self.workers if worker is not None)]:
                        other.close()
                    work, items, shared, config = self.work, self.items, self.shared, self.config
                    _worker(work, items, theirs, shared, config, self.slots, base, self.limits.memory, parent)
                finally:
                    os._exit(1)
        finally:
            gc.unfreeze()
        theirs.close()
        self.workers[place] = (_Process(pid), mine)
        self._hand_out(place)

    def _hand_out(self, place: int) -> None:
        """Keep the worker at `place` `AHEAD` items ahead, or tell it to stop when none are left."""
        _, conn = self.workers[place]
        held = self.held[place]
        try:
            while len(held) < self.AHEAD and self.todo:
                index = self.todo.pop()
                if not held:  # its clock runs from now until the worker starts it anew
                    base = 3 * place
                    self.slots[base + 2] = time.monotonic()
                    self.slots[base + 1] = _STARTED
                    self.slots[base] = index
                held.append(index)
                conn.send(index)
            if not held:
                conn.send(None)
        except OSError:  # it is gone already: its death is seen when its pipe is read
            pass

    def _lost(self, place: int, reason: str | None) -> None:
        """The worker at `place` died (reason None: say why from its exit) or is killed (reason given): the
        item it was on is a Failure, the one queued behind it goes back to be handed out, and a fresh worker
        takes its place while items are left."""
        process, conn = self.workers[place]
        base = 3 * place
        index, part = int(self.slots[base]), self.slots[base + 1]
        if reason is not None:
            process.kill()
        process.join()
        conn.close()
        self.workers[place] = None
        self.spent[place] = [0.0, 0.0, 0.0]
        held, self.held[place] = self.held[place], []
        if held:
            on = held[0]
            self.done[on] = Failure(
                int(part) if index == on and part >= 0 else None, reason or _death(process.exitcode)
            )
            self.todo.extend(reversed(held[1:]))
        if self.todo:
            self._start(place)

    def _receive(self, place: int) -> None:
        _, conn = self.workers[place]
        try:
            index, result, spent = conn.recv()
        except (EOFError, OSError):
            self._lost(place, None)
            return
        self.done[index] = result
        self.held[place].remove(index)
        first, _, count = self.spent[place]
        self.spent[place] = [first, spent, count + 1] if count else [spent, spent, 1]
        self._hand_out(place)
        self._add_worker()

    def _add_worker(self) -> None:
        """With `grow`: start one more worker when the items left would take those running longer than
        `grow` seconds of CPU (estimated from the CPU time of the items done after each worker's first, once
        there are `SAMPLE` of them)."""
        if self.grow is None or not self.todo or None not in self.workers:
            return
        seconds = sum(last - first for first, last, _ in self.spent)
        done = sum(count - 1 for _, _, count in self.spent if count)
        if done < self.SAMPLE:  # a worker's first items still warm its caches and copy pages: a few more tell
            return
        running = sum(1 for worker in self.workers if worker is not None)
        if len(self.todo) * seconds / done / running > self.grow:
            self._start(self.workers.index(None))

    def _overdue(self, now: float) -> float | None:
        """Kill every worker over the time limit; the seconds until the next could be (None: no limit)."""
        seconds = self.limits.seconds
        if seconds is None:
            return None
        soonest = seconds
        for place, held in enumerate(self.held):
            if not held or self.workers[place] is None:
                continue
            left = self.slots[3 * place + 2] + seconds - now
            if left <= 0 and self.workers[place][1].poll():
                continue  # a result is waiting to be read: not overdue
            if left <= 0:
                self._lost(place, f"checking it took longer than {seconds:g} s and was stopped")
            else:
                soonest = min(soonest, left)
        return soonest

    def run(self) -> Iterator[R | Failure]:
        if self.prepare is not None:
            self.prepare()
        following = 0
        try:
            for place in range(1 if self.grow is not None else self.jobs):
                self._start(place)
            while following < len(self.items):
                while following in self.done:
                    yield self.done.pop(following)
                    following += 1
                if following >= len(self.items):
                    break
                timeout = self._overdue(time.monotonic())
                busy = {
                    self.workers[p][1]: p
                    for p in range(self.jobs)
                    if self.workers[p] is not None and self.held[p]
                }
                if not busy:
                    if following in self.done:  # the watchdog just settled it
                        continue
                    raise RuntimeError("scheduler: items left but no worker holds one")  # never wait forever
                for conn in _ready(list(busy), timeout):
                    self._receive(busy[conn])
        finally:
            for place, worker in enumerate(self.workers):
                if worker is None:
                    continue
                process, conn = worker
                if process.is_alive() and (following < len(self.items) or self.held[place]):
                    process.kill()  # interrupted: stop the workers too
                process.join()
                conn.close()


def default_jobs(count: int, parallel_min: int) -> int:
    """Processes to do `count` items on: every core above `parallel_min` items."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores if count > parallel_min and cores > 1 else 1
