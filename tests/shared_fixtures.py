"""Helpers the tests share (importable as `shared_fixtures` from any test module)."""

from __future__ import annotations

from armybuilder.engine import Workspace
from armybuilder.games.asoiaf.catalogue import Catalogue


def workspace_of(catalogue: Catalogue) -> Workspace:
    """A workspace whose ASOIAF data is an already loaded catalogue (the session's, or a test's own)."""
    ws = Workspace()
    ws.preload("asoiaf", catalogue)
    return ws


# Every (problem id, severity) built during the test session; the session fails if an id is not in the
# registry, or is built with a severity its documentation does not give it.
EMITTED: set[tuple[str, str]] = set()


def documented_severities() -> dict[str, set[str]]:
    """Each documented problem id with the severities its documentation gives it (across the games that
    share an id, such as `schema`)."""
    from tiny_game import SYSTEM as TINY  # the plug-in of test_plugin_game.py, registered only there

    from armybuilder.games import problem_docs

    found: dict[str, set[str]] = {}
    for doc in [d for docs in problem_docs().values() for d in docs.values()] + list(TINY.problem_docs()):
        found.setdefault(doc.id, set()).update(str(s) for s in doc.severities)
    return found


def registered_ids() -> set[str]:
    return set(documented_severities())


def undocumented(emitted: set[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """(ids in no documentation, `id: severity` pairs whose severity the documentation does not give)."""
    docs = documented_severities()
    unknown = sorted({rule for rule, _ in emitted if rule not in docs})
    wrong = sorted(f"{rule}: {sev} (documented {'/'.join(sorted(docs[rule]))})"
                   for rule, sev in emitted if rule in docs and sev not in docs[rule])  # fmt: skip
    return unknown, wrong
