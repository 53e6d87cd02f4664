"""The scheduler's `grow`: a run starts one worker and adds another only while the work left is long enough
to pay for it; results stay in order and a worker's crash stays one item's Failure."""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

from armybuilder.scheduler import Failure, Limits, shared_work

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked")


def _busy(item: int, shared: Any, config: Any) -> tuple[int, int]:
    """Spend a little CPU (so that the work left is never estimated at nothing); say which worker did it."""
    end = time.process_time() + 0.002
    while time.process_time() < end:
        pass
    if item == config:
        os._exit(3)  # this item kills its worker
    return item, os.getpid()


def _run(grow: float | None, jobs: int = 2, crash: int = -1) -> list[Any]:
    return list(shared_work(_busy, list(range(40)), None, crash, jobs, limits=Limits(seconds=30), grow=grow))


def test_a_short_run_stays_on_one_worker() -> None:
    results = _run(grow=1e9)
    assert [item for item, _ in results] == list(range(40))
    assert len({pid for _, pid in results}) == 1


def test_a_long_run_adds_workers_up_to_jobs() -> None:
    results = _run(grow=0.0)
    assert [item for item, _ in results] == list(range(40))
    assert len({pid for _, pid in results}) == 2


def test_without_grow_every_worker_starts_at_once() -> None:
    results = list(shared_work(_busy, list(range(6)), None, -1, 3, limits=Limits(seconds=30)))  # two each
    assert len({pid for _, pid in results}) == 3


def test_a_crash_is_one_failure_while_growing() -> None:
    results = _run(grow=0.0, crash=7)
    assert isinstance(results[7], Failure) and "exit status 3" in results[7].reason
    assert [r[0] for i, r in enumerate(results) if i != 7] == [i for i in range(40) if i != 7]
