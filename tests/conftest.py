"""Fixtures shared by the whole test suite."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from shared_fixtures import EMITTED, undocumented

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


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own (caching on), for the tests of the data caches."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("ARMYBUILDER_CACHE_DIR", str(folder))
    monkeypatch.delenv("ARMYBUILDER_NO_CACHE", raising=False)
    return folder


@pytest.fixture(scope="session")
def catalogue(_cache_dir: None) -> Catalogue:
    """The bundled card catalogue, loaded once per test session."""
    return load_catalogue()


@pytest.fixture(scope="session")
def catalogue_2025_02(_cache_dir: None) -> Catalogue:
    """The earlier bundled season, 2025.02 (the shared reference's card facts), loaded once per session."""
    return load_catalogue(version="2025.02")


@pytest.fixture(scope="session", autouse=True)
def _record_problem_ids() -> Iterator[None]:
    from armybuilder.problems import Problem

    original = Problem.__init__

    def recording(self: Problem, rule: str, severity: object, *args: object, **kwargs: object) -> None:
        EMITTED.add((rule, str(severity)))
        original(self, rule, severity, *args, **kwargs)  # type: ignore[arg-type]

    Problem.__init__ = recording  # type: ignore[method-assign]
    yield
    Problem.__init__ = original  # type: ignore[method-assign]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    unknown, wrong = undocumented(EMITTED) if EMITTED else ([], [])
    if unknown:
        print(f"\nproblem ids emitted but not in the registry (armybuilder.games.problem_docs): {unknown}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    if wrong:
        print(f"\nproblems built with a severity their documentation does not give: {wrong}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
