"""Fixtures shared by the whole test suite."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from armybuilder.games.asoiaf.catalogue import Catalogue, load_catalogue


@pytest.fixture(scope="session", autouse=True)
def _cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Catalogue caches go to a throw-away folder, never the developer's ~/.cache."""
    before = os.environ.get("ARMYBUILDER_CACHE_DIR")
    os.environ["ARMYBUILDER_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if before is None:
        os.environ.pop("ARMYBUILDER_CACHE_DIR", None)
    else:
        os.environ["ARMYBUILDER_CACHE_DIR"] = before


@pytest.fixture(scope="session")
def catalogue(_cache_dir: None) -> Catalogue:
    """The bundled card catalogue, loaded once per test session."""
    return load_catalogue()
