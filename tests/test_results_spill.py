"""A batch's rows are held in memory while they are few, spilled to a temporary file past `HELD_BYTES`, and
read back alike either way, as often as asked."""

from __future__ import annotations

import pickle

import pytest

from armybuilder.batch import results as results_module
from armybuilder.batch.results import Results

CHUNKS = [[(f"list-{c}-{r}.yaml", c, r) for r in range(5)] for c in range(7)]


def read(held_bytes: int, monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[object, ...]], bool]:
    monkeypatch.setattr(results_module, "HELD_BYTES", held_bytes)
    with Results() as found:
        for chunk in CHUNKS:
            found.add_chunk(pickle.dumps(chunk), len(chunk), 1)
        rows = list(found.packed())
        assert list(found.packed()) == rows  # read again: the same rows
        assert (len(found), found.invalid) == (35, 7)
        return rows, found._spill is not None


def test_few_rows_stay_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    rows, spilled = read(1 << 20, monkeypatch)
    assert rows == [row for chunk in CHUNKS for row in chunk]
    assert not spilled


@pytest.mark.parametrize("held_bytes", [0, 150, 400])  # from the first chunk, or after some are held
def test_rows_past_the_held_size_are_spilled_and_read_back_alike(
    held_bytes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows, spilled = read(held_bytes, monkeypatch)
    assert rows == [row for chunk in CHUNKS for row in chunk]
    assert spilled
