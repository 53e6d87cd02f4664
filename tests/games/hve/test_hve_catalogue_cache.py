"""The Horde vs Empire catalogue cache: a checked catalogue is read back on the next run, under the same trust
rules as the ASOIAF card cache (`kit.cache`); a changed, corrupt or planted cache file is never used."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from armybuilder.errors import DataError
from armybuilder.games.hve import datacheck
from armybuilder.games.hve.catalogue import Catalogue, bundled_folder
from armybuilder.kit import cache as kit_cache


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "catalogue"
    shutil.copytree(bundled_folder(), folder)
    return folder


def the_cache_file(cache: Path) -> Path:
    files = list(cache.glob("hve-catalogue-*.pickle"))
    assert len(files) == 1, files
    return files[0]


def cards(catalogue: Catalogue) -> dict[str, object]:
    return dict(catalogue.cards)


def test_a_warm_load_reads_the_cache_and_never_checks_again(
    cache: Path, data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cold = datacheck.load_catalogue(data)
    assert the_cache_file(cache).stat().st_mode & 0o077 == 0  # written for its owner alone

    def no_check(self: object, files: object) -> None:
        raise AssertionError("the catalogue was checked again")

    monkeypatch.setattr(datacheck._Checker, "run", no_check)
    warm = datacheck.load_catalogue(data)
    assert cards(warm) == cards(cold) and warm.folder == data and not warm.bundled
    assert warm.find("Horse Archers") is not None


def test_editing_a_catalogue_file_is_never_served_from_a_stale_cache(cache: Path, data: Path) -> None:
    datacheck.load_catalogue(data)
    file = data / "golden-horde.yaml"
    text = file.read_text(encoding="utf-8")
    assert "Horse Archers" in text
    file.write_text(text.replace("Horse Archers", "Horse Bowmen"), encoding="utf-8")
    after = datacheck.load_catalogue(data)
    assert after.find("Horse Bowmen") is not None and after.find("Horse Archers") is None
    assert len(list(cache.glob("hve-catalogue-*.pickle"))) == 2


def test_a_broken_catalogue_is_refused_every_time_and_never_cached(cache: Path, data: Path) -> None:
    (data / "golden-horde.yaml").write_text("cards: [", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(DataError, match="data check"):
            datacheck.load_catalogue(data)
    assert not list(cache.glob("hve-catalogue-*.pickle"))


def _payload(blob: bytes) -> bytes:
    return datacheck._MAGIC + kit_cache.digest(blob).digest() + blob


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda blob: blob[: len(blob) // 2],
        lambda blob: b"",
        lambda blob: datacheck._MAGIC + kit_cache.digest(b"other").digest() + blob[40:],
        lambda blob: _payload(b"not a pickle at all"),
    ],
    ids=["truncated", "empty", "wrong-digest", "unpicklable"],
)
def test_a_corrupt_cache_is_rebuilt(cache: Path, data: Path, corrupt: object) -> None:
    fresh = cards(datacheck.load_catalogue(data))
    path = the_cache_file(cache)
    path.write_bytes(corrupt(path.read_bytes()))  # type: ignore[operator]
    assert cards(datacheck.load_catalogue(data)) == fresh
    rebuilt = the_cache_file(cache).read_bytes()
    assert rebuilt[:8] == datacheck._MAGIC and kit_cache.digest(rebuilt[40:]).digest() == rebuilt[8:40]


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="file ownership of POSIX")
def test_a_cache_file_writable_by_others_is_never_unpickled(cache: Path, data: Path, tmp_path: Path) -> None:
    fresh = cards(datacheck.load_catalogue(data))
    path = the_cache_file(cache)
    marker = tmp_path / "pwned"
    path.write_bytes(_payload(b"cos\nsystem\n(S'touch " + str(marker).encode() + b"'\ntR."))
    path.chmod(0o666)  # what a file planted in a shared cache folder looks like to its victim
    assert cards(datacheck.load_catalogue(data)) == fresh
    assert not marker.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_cache_path_that_is_a_pipe_or_a_link(cache: Path, data: Path) -> None:
    fresh = cards(datacheck.load_catalogue(data))
    path = the_cache_file(cache)
    path.unlink()
    os.mkfifo(path)  # a blocking read would hang the load
    assert cards(datacheck.load_catalogue(data)) == fresh
    path.unlink(missing_ok=True)
    if os.path.exists("/dev/zero"):
        path.symlink_to("/dev/zero")
        assert cards(datacheck.load_catalogue(data)) == fresh


def test_a_cache_folder_that_cannot_be_written_only_costs_speed(
    tmp_path: Path, data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("ARMYBUILDER_CACHE_DIR", str(blocker))
    assert datacheck.load_catalogue(data).find("Horse Archers") is not None


def test_a_warm_load_imports_no_json_schema(cache: Path, data: Path) -> None:
    """The point of the cache: a run over decks checks no catalogue again (jsonschema is the check's alone)."""
    import subprocess

    datacheck.load_catalogue(data)
    probe = (
        "import sys\n"
        "from armybuilder.games.hve.datacheck import load_catalogue\n"
        f"load_catalogue({str(data)!r})\n"
        "print('jsonschema' in sys.modules)\n"
    )
    env = {**os.environ, "ARMYBUILDER_CACHE_DIR": str(cache)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.strip() == "False"
