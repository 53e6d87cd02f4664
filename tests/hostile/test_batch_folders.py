"""What a submissions folder may hold besides lists (the second hostile campaign): links that leave it,
folders that cannot be read. Submissions are the regular files under the folder; anything else is said."""

from __future__ import annotations

import importlib
import json
import os
from pathlib import Path

import pytest
from hostile_checks import ENV, assert_sane
from typer.testing import CliRunner

from armybuilder.cli import app

collect = importlib.import_module("armybuilder.batch.collect")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "examples" / "stark-40.yaml").read_text()
SECRET = "faction: stark\nname: THE-SECRET-CONTENT\npoints: 40\n"


def run(args: list[str]) -> object:
    return CliRunner(env=ENV).invoke(app, args)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    subs = tmp_path / "subs"
    (subs / "bob").mkdir(parents=True)
    (subs / "alice.yaml").write_text(EXAMPLE)
    (subs / "bob" / "bob.yaml").write_text(EXAMPLE)
    secret = tmp_path / "secret.yaml"
    secret.write_text(SECRET)
    os.symlink(secret, subs / "mallory.yaml")  # a link to any readable file
    os.symlink("../../secret.yaml", subs / "bob" / "relative.yaml")
    os.symlink("alice.yaml", subs / "carol.yaml")  # a link inside the folder: read (it is the same file)
    return subs


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks here")
@pytest.mark.parametrize("fmt", ["csv", "json", "html"])
def test_a_link_out_of_the_folder_is_never_read(folder: Path, fmt: str, tmp_path: Path) -> None:
    report = tmp_path / f"r.{fmt}"
    pack = tmp_path / "pack.html"
    result = run(["batch", str(folder), "--report", str(report), "--pack", str(pack)])
    assert_sane(result, "batch with links out", codes=(0, 1))
    text = report.read_text(encoding="utf-8") + pack.read_text(encoding="utf-8")
    assert "THE-SECRET-CONTENT" not in text and "THE-SECRET-CONTENT" not in result.stdout
    assert f"skipped {folder / 'mallory.yaml'}: a link to a file outside the folder" in result.stderr
    assert str(folder / "bob" / "relative.yaml") in result.stderr
    if fmt == "json":
        refused = {r["path"] for r in json.loads(report.read_text(encoding="utf-8"))["refused"]}
        assert refused == {str(folder / "mallory.yaml"), str(folder / "bob" / "relative.yaml")}
    if fmt == "html":
        assert "mallory.yaml</code>: a link to a file outside the folder" in text


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks here")
def test_a_glob_does_not_leave_its_folder_either(folder: Path) -> None:
    refused: list[tuple[str, str]] = []
    subs = collect.collect([str(folder / "*.yaml")], refused=refused)
    assert [os.path.basename(s.path) for s in subs] == ["alice.yaml"]  # carol.yaml is the same file
    assert [os.path.basename(p) for p, _ in refused] == ["mallory.yaml"]


def test_a_folder_that_cannot_be_read_is_said(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(Made unreadable by refusing to list it: root reads any folder, whatever its mode.)"""
    real = os.scandir
    locked = str(folder / "bob")

    def scandir(path: str) -> object:
        if os.path.abspath(path) == locked:
            raise PermissionError(13, "Permission denied", path)
        return real(path)

    monkeypatch.setattr(collect.os, "scandir", scandir)
    refused: list[tuple[str, str]] = []
    subs = collect.collect([str(folder)], refused=refused)
    assert "bob.yaml" not in {os.path.basename(s.path) for s in subs}
    assert any(path == locked and "cannot be read (permission denied)" in why for path, why in refused), refused
    result = run(["batch", str(folder)])
    assert f"skipped {locked}: a folder that cannot be read" in result.stderr
