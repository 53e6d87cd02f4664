"""Helpers the tests share (importable as `shared_fixtures` from any test module)."""

from __future__ import annotations

from armybuilder.engine import Workspace
from armybuilder.games.asoiaf.catalogue import Catalogue


def workspace_of(catalogue: Catalogue) -> Workspace:
    """A workspace whose ASOIAF data is an already loaded catalogue (the session's, or a test's own)."""
    ws = Workspace()
    ws.preload("asoiaf", catalogue)
    return ws


# Every problem id emitted during the test session; the session fails if one is not in the registry.
EMITTED: set[str] = set()


def registered_ids() -> set[str]:
    from tiny_game import SYSTEM as TINY  # the plug-in of test_plugin_game.py, registered only there

    from armybuilder.games import problem_docs

    return {pid for docs in problem_docs().values() for pid in docs} | {d.id for d in TINY.problem_docs()}
