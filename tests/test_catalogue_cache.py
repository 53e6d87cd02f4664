"""The catalogue cache: corrupt caches are rebuilt, and an edited data file is never served from a stale one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from armybuilder.games.asoiaf.catalogue import _MAGIC, Catalogue, bundled_data_dir, load_catalogue
from armybuilder.kit import cache as kit_cache


@pytest.fixture(scope="module")
def fresh() -> Catalogue:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ARMYBUILDER_NO_CACHE", "1")
        return load_catalogue()


def the_cache_file(cache: Path) -> Path:
    files = list(cache.glob("catalogue-*.pickle"))
    assert len(files) == 1, files
    return files[0]


def same(a: Catalogue, b: Catalogue) -> bool:
    return (a.data_version, a.factions, a.cards, a.tactics, a.specials) == (
        b.data_version,
        b.factions,
        b.cards,
        b.tactics,
        b.specials,
    )


def test_warm_load_uses_the_cache(cache: Path, fresh: Catalogue) -> None:
    load_catalogue()
    path = the_cache_file(cache)
    assert path.read_bytes().startswith(_MAGIC)
    assert same(load_catalogue(), fresh)


def corrupt_truncated(blob: bytes) -> bytes:
    return blob[: len(blob) // 2]


def corrupt_garbage(blob: bytes) -> bytes:
    return bytes((i * 37 + 11) % 256 for i in range(len(blob)))


def corrupt_wrong_digest(blob: bytes) -> bytes:
    return _MAGIC + kit_cache.digest(b"something else").digest() + blob[40:]


def corrupt_payload_with_matching_digest(blob: bytes) -> bytes:
    payload = b"not a pickle at all"
    return _MAGIC + kit_cache.digest(payload).digest() + payload


@pytest.mark.parametrize(
    "corrupt",
    [corrupt_truncated, corrupt_garbage, corrupt_wrong_digest, corrupt_payload_with_matching_digest, bytes],
    ids=["truncated", "garbage", "wrong-digest", "unpicklable", "empty"],
)
def test_corrupt_cache_is_detected_and_rebuilt(cache: Path, fresh: Catalogue, corrupt: object) -> None:
    load_catalogue()
    path = the_cache_file(cache)
    good = path.read_bytes()
    path.write_bytes(corrupt(good))  # type: ignore[operator]
    assert same(load_catalogue(), fresh)
    rebuilt = the_cache_file(cache).read_bytes()
    assert rebuilt[:8] == _MAGIC
    assert kit_cache.digest(rebuilt[40:]).digest() == rebuilt[8:40]


def test_editing_a_data_file_changes_the_cache_key(cache: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(bundled_data_dir(), data)
    before = load_catalogue(data)
    assert before.cards["10201"].cost == 5
    old_key = the_cache_file(cache).name

    units = data / "units" / "stark.yaml"
    text = units.read_text(encoding="utf-8")
    old = '    cost: 5\n    stats: {speed: 5, defense: 4, morale: 6, wounds: null}\n    attacks:\n      - {name: "Winter'
    assert text.count(old) == 1
    units.write_text(text.replace(old, old.replace("cost: 5", "cost: 7")), encoding="utf-8")

    after = load_catalogue(data)
    assert after.cards["10201"].cost == 7  # not the stale cached 5
    keys = {p.name for p in cache.glob("catalogue-*.pickle")}
    assert old_key in keys and len(keys) == 2


def test_cache_key_changes_with_the_pickled_classes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache written by other model code is never unpickled into the new classes."""
    from armybuilder.games.asoiaf import catalogue as module

    root = module.bundled_data_dir()
    files = module.data_files(root)
    blobs = [f.read_bytes() for f in files]
    before = module.content_key(files, blobs, root)
    fake = tmp_path / "cards.py"
    fake.write_text("# another shape of Card\n")
    monkeypatch.setattr(module, "_model_sources", lambda: [fake])
    assert module.content_key(files, blobs, root) != before


def test_an_internal_error_is_one_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import armybuilder.cli as cli

    def broken() -> None:
        raise AttributeError("'Catalogue' object has no attribute 'memo'")

    monkeypatch.setattr(cli, "app", broken)
    monkeypatch.delenv("ARMYBUILDER_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error" in err and "Traceback" not in err


# --- a cache folder someone else can write to (the second hostile campaign) -----------------------------


def _planted(cache: Path) -> Path:
    """Where the next load looks for its cache file (found by loading once)."""
    load_catalogue()
    return the_cache_file(cache)


def _evil_pickle(marker: Path) -> bytes:
    """A pickle that creates `marker` when it is unpickled, with a digest that matches (anyone can compute one)."""
    payload = b"cos\nsystem\n(S'touch " + str(marker).encode() + b"'\ntR."
    return _MAGIC + kit_cache.digest(payload).digest() + payload


@pytest.mark.skipif(not hasattr(__import__("os"), "geteuid"), reason="file ownership of POSIX")
def test_a_cache_file_writable_by_others_is_never_unpickled(cache: Path, fresh: Catalogue, tmp_path: Path) -> None:
    path = _planted(cache)
    marker = tmp_path / "pwned"
    path.write_bytes(_evil_pickle(marker))
    path.chmod(0o666)  # what a file planted in a shared folder looks like to its victim
    assert same(load_catalogue(), fresh)
    assert not marker.exists()


@pytest.mark.skipif(not hasattr(__import__("os"), "geteuid"), reason="file ownership of POSIX")
def test_a_cache_file_of_another_user_is_never_unpickled(cache: Path, fresh: Catalogue, tmp_path: Path) -> None:
    import os

    if os.geteuid() != 0:
        pytest.skip("giving a file to another user needs root")
    path = _planted(cache)
    marker = tmp_path / "pwned"
    path.write_bytes(_evil_pickle(marker))
    path.chmod(0o600)
    os.chown(path, 12345, 12345)
    assert same(load_catalogue(), fresh)
    assert not marker.exists()


def test_the_cache_file_is_written_for_its_owner_alone(cache: Path) -> None:
    path = _planted(cache)
    assert path.stat().st_mode & 0o077 == 0


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes here")
def test_a_cache_path_that_is_a_pipe_or_a_huge_file(cache: Path, fresh: Catalogue) -> None:
    """A named pipe would block the read forever; a sparse 6 GB file would be read into memory."""
    import os

    path = _planted(cache)
    path.unlink()
    os.mkfifo(path)
    assert same(load_catalogue(), fresh)
    path.unlink(missing_ok=True)
    with open(path, "wb") as handle:
        handle.truncate(6 << 30)  # sparse: no disk space used
    path.chmod(0o600)
    assert same(load_catalogue(), fresh)
    path.unlink(missing_ok=True)
    if os.path.exists("/dev/zero"):
        path.symlink_to("/dev/zero")
        assert same(load_catalogue(), fresh)
