"""Real lists as their authors published them (blogs, forums, tournament reports, 2018-2025), one file each
in `cases/real-lists/`: the source and date, the list retyped as laid out (card names, numbers and labels
only) and its faithful reading — faction, size, commander, each unit with its attachments, the NCUs, and the
lines the text itself leaves ambiguous or wrong (flagged, never guessed). Every one imports to exactly that
reading, and `import` exits 0 only when nothing was left unread.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.interchange import ImportedList, import_list

CASES = sorted((Path(__file__).parent / "cases" / "real-lists").glob("*.yaml"))
runner = CliRunner(env={"NO_COLOR": "1", "ARMYBUILDER_DATA": None})


def load(path: Path) -> dict[str, Any]:
    case: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return case


def reading(spec: ImportedList) -> dict[str, Any]:
    return {
        "faction": spec.faction,
        "points": spec.points,
        "commander": spec.commander.id if spec.commander else None,
        "units": [[u.id, [a.id for a in atts]] for u, atts in spec.units],
        "ncus": [n.id for n in spec.ncus],
        "not_read": [line for line, _ in spec.not_read],
    }


def test_the_corpus_is_real_and_varied() -> None:
    cases = [load(p) for p in CASES]
    assert len(cases) >= 30  # the corpus: at least thirty published lists
    assert all(str(c["source"]).startswith("http") and c["date"] for c in cases)
    assert len({c["reading"]["faction"] for c in cases}) >= 7
    assert {30, 40, 50, 60} <= {c["reading"]["points"] for c in cases}


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_a_real_list_imports_to_its_faithful_reading(path: Path, catalogue: Catalogue, tmp_path: Path) -> None:
    case = load(path)
    spec = import_list("text", case["text"], catalogue, path.name, points=case.get("points"), keep=True)
    assert reading(spec) == case["reading"]
    # through the command: exit 0 exactly when every line was read
    given = ["--points", str(case["points"])] if case.get("points") else []
    out = tmp_path / "list.yaml"
    source = tmp_path / "list.txt"
    source.write_text(case["text"], encoding="utf-8")
    result = runner.invoke(app, ["import", str(source), "--from", "text", "-o", str(out), *given])
    assert result.exit_code == (1 if case["reading"]["not_read"] else 0), result.stderr
    for line in case["reading"]["not_read"]:
        assert f"list.txt:{line}: not read: " in result.stderr
