"""Helpers of the Horde vs Empire tests: check a deck written inline, list what it found."""

from __future__ import annotations

import textwrap
from pathlib import Path

from armybuilder import yamlpos
from armybuilder.games.base import Document, Options, Report
from armybuilder.games.hve.catalogue import Catalogue
from armybuilder.games.hve.system import SYSTEM
from armybuilder.problems import Problem, Severity

SAMPLES = Path(__file__).parent / "samples"


def check_text(text: str, catalogue: Catalogue, path: str = "deck.yaml", strict: bool = False) -> Report:
    """Check a deck written inline (dedented), the way the core would."""
    text = textwrap.dedent(text)
    try:
        value = yamlpos.load(text)
    except yamlpos.YamlError as exc:
        error = Problem("syntax", Severity.ERROR, exc.message, path, exc.line, exc.column)
        return SYSTEM.check(Document(path, None, error=error), catalogue, Options(strict=strict))
    return SYSTEM.check(Document(path, value), catalogue, Options(strict=strict))


def found(report: Report) -> list[tuple[str, int]]:
    return sorted((p.rule, p.line) for p in report.problems)
