"""The data cache: checked data is read back equal without checking it again, an edited file is checked
again, and a folder with problems is never cached (the same DataError every run)."""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import Any

import pytest
from wotr_support import copy_data, edit_data

from armybuilder.errors import DataError
from armybuilder.games.base import bundled_data
from armybuilder.games.wotr import data, datacheck
from armybuilder.games.wotr.data import WotrData

BUNDLED = bundled_data("war-of-the-ring")


def _cached(cache: Path) -> list[Path]:
    return sorted(cache.glob("wotr-data-*.pickle"))


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The folders `datacheck.read` parses and checks from now on."""
    calls: list[Path] = []
    real = datacheck.read

    def read(folder: Path, blobs: Any = None) -> datacheck.DataFiles:
        calls.append(folder)
        return real(folder, blobs)

    monkeypatch.setattr(datacheck, "read", read)
    return calls


def _derived(facts: WotrData) -> tuple[Any, ...]:
    """What __post_init__ works out (not compared by ==)."""
    return (facts.region_side, facts.settlements_away, facts.strongholds, facts.region_nation, facts.figure_facts)


def test_the_data_pickles_to_an_equal_value() -> None:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ARMYBUILDER_NO_CACHE", "1")
        facts = data.load()
    again = pickle.loads(pickle.dumps(facts, protocol=pickle.HIGHEST_PROTOCOL))
    assert again == facts
    assert _derived(again) == _derived(facts)
    assert again.names["regions"].resolve("barad~dur") == "Barad-dur"


def test_a_second_load_reads_the_cache(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = data.load()
    assert len(_cached(cache)) == 1

    def unused(folder: Path, blobs: Any = None) -> datacheck.DataFiles:
        raise AssertionError("the data was checked again")

    monkeypatch.setattr(datacheck, "read", unused)
    second = data.load()
    assert second is not first
    assert second == first
    assert _derived(second) == _derived(first)


def test_caching_off_checks_every_time(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARMYBUILDER_NO_CACHE", "1")
    calls = _counting(monkeypatch)
    assert data.load() == data.load()
    assert len(calls) == 2
    assert not cache.exists() or not _cached(cache)


def test_an_edited_file_is_checked_again(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = copy_data(tmp_path)
    assert data.load(folder).region_limit == 10
    edit_data(folder, "tracks", "army_units_per_region: 10", "army_units_per_region: 12")
    calls = _counting(monkeypatch)
    assert data.load(folder).region_limit == 12  # the new value, not the cached one
    assert data.load(folder).region_limit == 12
    assert len(calls) == 1  # and the new data is cached in its turn
    edit_data(folder, "nations", "figures_in_box: {regular: 15,", "figures_in_box: {regular: 16,")
    with pytest.raises(DataError, match="army_units: the nations sum to 76"):
        data.load(folder)
    assert len(_cached(cache)) == 2


def test_the_folder_is_part_of_the_key(cache: Path, tmp_path: Path) -> None:
    """The data names its folder: the same files elsewhere are another cache entry."""
    assert data.load().folder == BUNDLED
    folder = copy_data(tmp_path)
    assert data.load(folder).folder == folder
    assert len(_cached(cache)) == 2


def test_a_folder_with_problems_is_never_cached(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = copy_data(tmp_path)
    edit_data(folder, "nations", "figures_in_box: {regular: 15,", "figures_in_box: {regular: 16,")
    calls = _counting(monkeypatch)
    errors = []
    for _ in range(2):
        with pytest.raises(DataError) as caught:
            data.load(folder)
        errors.append((str(caught.value), caught.value.path, caught.value.line))
    assert errors[0] == errors[1]
    assert "army_units: the nations sum to 76, not 75" in errors[0][0]
    assert len(calls) == 2
    assert not cache.exists() or not _cached(cache)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_data_file_that_is_a_pipe_is_refused_as_before(cache: Path, tmp_path: Path) -> None:
    """The key is made of the files read with the check's own guards: a pipe is not read (it would block)."""
    folder = copy_data(tmp_path)
    (folder / "tracks.yaml").unlink()
    os.mkfifo(folder / "tracks.yaml")
    for _ in range(2):
        with pytest.raises(DataError, match=r"cannot read tracks\.yaml"):
            data.load(folder)
    assert not cache.exists() or not _cached(cache)
