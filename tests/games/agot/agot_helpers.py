"""Shared helpers of the agot-board-game tests (a module, not a conftest, so its name stays unique)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from armybuilder import yamlpos
from armybuilder.games.agot.data import AgotData
from armybuilder.games.agot.system import SYSTEM
from armybuilder.games.base import Document, Report
from armybuilder.problems import Problem, Severity

SAMPLES = Path(__file__).parent / "samples"
MARK = re.compile(r"#!\s*([a-z-]+(?:\s*,\s*[a-z-]+)*)")


@cache
def data() -> AgotData:
    return SYSTEM.load_data()


def check(text: str, path: str = "position.yaml") -> Report:
    """Parse `text` as the core does and check it."""
    try:
        value = yamlpos.load(text)
    except yamlpos.YamlError as exc:
        error = Problem("syntax", Severity.ERROR, exc.message, path, exc.line, exc.column)
        return SYSTEM.check(Document(path, None, error=error), data())
    return SYSTEM.check(Document(path, value, text=text), data())


def marks(text: str) -> set[tuple[str, int]]:
    """(rule, line) for every `#! rule-id` marker in the text."""
    found = set()
    for number, line in enumerate(text.splitlines(), 1):
        m = MARK.search(line)
        if m:
            for rule in m.group(1).split(","):
                found.add((rule.strip(), number))
    return found


def ids(report: Report, severity: Severity | None = None) -> list[str]:
    return [p.rule for p in report.problems if severity is None or p.severity is severity]


def at(report: Report, rule: str) -> set[tuple[str, int]]:
    return {(p.rule, p.line) for p in report.problems if p.rule == rule}


def messages(report: Report, rule: str) -> list[str]:
    return [p.message for p in report.problems if p.rule == rule]
