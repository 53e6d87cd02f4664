"""Fixtures of the Horde vs Empire tests: the bundled and the sample catalogue, and a catalogue folder
written by a test."""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from hve_support import SAMPLES

from armybuilder.games.hve.catalogue import Catalogue
from armybuilder.games.hve.system import SYSTEM


@pytest.fixture(scope="session")
def bundled() -> Catalogue:
    return SYSTEM.load_data()


@pytest.fixture(scope="session")
def sample_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding only the spec's sample catalogue (the samples folder has other files)."""
    folder = tmp_path_factory.mktemp("hve-sample-catalogue")
    shutil.copy(SAMPLES / "hve-catalogue.yaml", folder / "hve-catalogue.yaml")
    return folder


@pytest.fixture(scope="session")
def sample(sample_folder: Path) -> Catalogue:
    return SYSTEM.load_data(sample_folder)


@pytest.fixture
def write_catalogue(tmp_path: Path) -> Callable[..., Path]:
    """Write {file name: YAML text} into a fresh folder and return it."""
    counter = iter(range(1_000_000))

    def write(files: dict[str, str] | str) -> Path:
        folder = tmp_path / f"cat{next(counter)}"
        folder.mkdir()
        if isinstance(files, str):
            files = {"cards.yaml": files}
        for name, text in files.items():
            (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
        return folder

    return write
