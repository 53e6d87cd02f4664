"""The rule tables of the user documentation (README.md, docs/) agree with the rules themselves: every rule
of every game is in its game's table, with its documented severities (`armybuilder rules` is the same
source)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from armybuilder import games

ROOT = Path(__file__).parent.parent
LETTERS = {"e": "error", "w": "warning", "n": "note"}


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))] if (ROOT / "docs").is_dir() else [
        ROOT / "README.md"
    ]


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _severities(cell: str) -> set[str]:
    words = re.findall(r"[a-z]+", cell.lower())
    return {LETTERS.get(w, w) for w in words if LETTERS.get(w, w) in ("error", "warning", "note")}


def tables() -> list[tuple[str, dict[str, set[str]]]]:
    """(where, {id: severities}) for each table whose columns are a rule id and its severity."""
    found = []
    for page in _pages():
        lines = page.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            if not line.startswith("|") or number + 1 >= len(lines) or not lines[number + 1].startswith("|---"):
                continue
            head = [c.lower() for c in _cells(line)]
            if head[0] not in ("rule", "id") or not ({"severity", "sev."} & set(head)):
                continue
            column = head.index("severity" if "severity" in head else "sev.")
            rows: dict[str, set[str]] = {}
            for row in lines[number + 2 :]:
                if not row.startswith("|"):
                    break
                cells = _cells(row)
                for rule_id in re.findall(r"`([^`]+)`", cells[0]) or [cells[0]]:
                    rows[rule_id] = _severities(cells[column])
            found.append((f"{page.name}:{number + 1}", rows))
    return found


TABLES = tables()
DOCS = games.problem_docs()


def _game_of(rows: dict[str, set[str]]) -> str:
    """The game whose documented ids the table lists (the one that documents the most of them)."""
    return max((key for key in DOCS if key != "core"), key=lambda key: len(rows.keys() & DOCS[key].keys()))


@pytest.mark.parametrize(("where", "rows"), TABLES, ids=[w for w, _ in TABLES])
def test_each_row_is_a_documented_id_with_its_severities(where: str, rows: dict[str, set[str]]) -> None:
    game = _game_of(rows)
    docs = DOCS[game]
    unknown = sorted(rows.keys() - docs.keys())
    assert not unknown, f"{where}: {game} documents no {unknown}"
    wrong = {i: (sorted(s), sorted(str(v) for v in docs[i].severities)) for i, s in rows.items()
             if s != {str(v) for v in docs[i].severities}}  # fmt: skip
    assert not wrong, f"{where} ({game}): id: (the table's, the rule's): {wrong}"


@pytest.mark.parametrize("key", list(games.keys()))
def test_every_rule_is_in_its_game_s_table(key: str) -> None:
    listed = {i for _, rows in TABLES if _game_of(rows) == key for i in rows}
    missing = [r.id for r in games.get(key).rules() if r.id not in listed]
    assert not missing, f"the {key} rule table lacks {missing}"


def test_the_tables_are_found() -> None:
    assert {_game_of(rows) for _, rows in TABLES} >= set(games.keys())
