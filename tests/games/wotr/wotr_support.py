"""Helpers shared by the War of the Ring tests: check YAML text, read expectations from `# <-` markers."""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path

from armybuilder import yamlpos
from armybuilder.games.base import Document, Report, bundled_data
from armybuilder.games.wotr.data import WotrData
from armybuilder.games.wotr.system import SYSTEM
from armybuilder.problems import Problem, Severity

SAMPLES = Path(__file__).parent / "samples"
_MARK = re.compile(r"#\s*<-\s*(.+)$")


@cache
def data() -> WotrData:
    return SYSTEM.load_data()


def document(text: str, path: str = "position.yaml") -> Document:
    try:
        return Document(path, yamlpos.load(text))
    except yamlpos.YamlError as exc:
        return Document(
            path, None, error=Problem("syntax", Severity.ERROR, exc.message, path, exc.line, exc.column)
        )


def check(text: str, path: str = "position.yaml") -> Report:
    return SYSTEM.check(document(text, path), data())


def found(report: Report) -> list[tuple[str, int]]:
    return sorted((p.rule, p.line) for p in report.problems)


def marked(text: str) -> list[tuple[str, int]]:
    """(rule, line) for every `# <- rule-a, rule-b` marker in the text."""
    expected = []
    for number, line in enumerate(text.splitlines(), 1):
        m = _MARK.search(line)
        if m:
            expected.extend((rule.strip(), number) for rule in m.group(1).split(","))
    return sorted(expected)


def setup_text(players: int = 2) -> str:
    return SYSTEM.new_file(data(), players=players)


def copy_data(tmp_path: Path) -> Path:
    """A copy of the bundled data folder, to edit."""
    folder = tmp_path / "wotr"
    shutil.copytree(bundled_data("war-of-the-ring"), folder)
    return folder


def edit_data(folder: Path, name: str, old: str, new: str) -> int:
    """Replace the first `old` of a data file with `new`; the line it stood on."""
    path = folder / f"{name}.yaml"
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    return text[: text.index(old)].count("\n") + 1
