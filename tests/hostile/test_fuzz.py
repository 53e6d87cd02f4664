"""Property-based fuzzing (hypothesis) of the YAML reader, the list checker, the event reader and each
interchange decoder, plus the command line on fuzzed lists.

The suite runs a short round of each (`EXAMPLES` inputs); `pytest -m fuzz` with ARMYBUILDER_FUZZ_EXAMPLES=N
runs N per target, and `benchmarks/fuzz.py` runs a long round and prints how many inputs it tried.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from fuzzing import TARGETS, yaml_like, yaml_lists
from hostile_checks import ENV, assert_no_leftovers, assert_sane, digests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

EXAMPLES = 120
LONG = int(os.environ.get("ARMYBUILDER_FUZZ_EXAMPLES", "0"))


def fuzz(target: str, examples: int) -> None:
    prop, strategy = TARGETS[target]
    quiet = settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    quiet(given(strategy)(prop))()


# each long-lines input is read six ways at 60,000 characters: fewer of them
PER_TARGET = {"long-lines": 25}


@pytest.mark.parametrize("target", list(TARGETS))
def test_fuzz(target: str) -> None:
    fuzz(target, PER_TARGET.get(target, EXAMPLES))


@pytest.mark.fuzz
@pytest.mark.skipif(not LONG, reason="set ARMYBUILDER_FUZZ_EXAMPLES=N for the long run")
@pytest.mark.parametrize("target", list(TARGETS))
def test_fuzz_long(target: str) -> None:
    fuzz(target, LONG)


def cli_property(tmp_path: Path) -> Any:
    """`validate` and `export -o` on a fuzzed list: exit 0/1/2, the list untouched, the sheet whole or absent."""
    from armybuilder.cli import app

    runner = CliRunner(env=ENV)
    counter = iter(range(10**9))

    @given(st.one_of(yaml_lists, yaml_like, st.binary(max_size=300)))
    @settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    def prop(content: Any) -> None:
        n = next(counter)
        path = tmp_path / f"l{n}.yaml"
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
        before = digests([path])
        result = runner.invoke(app, ["validate", "--format", "parsable", str(path)])
        assert_sane(result, "validate", codes=(0, 1))
        out = tmp_path / f"l{n}.html"
        result = runner.invoke(app, ["export", str(path), "--format", "html", "-o", str(out)])
        assert_sane(result, "export", codes=(0, 2))
        assert out.exists() == (result.exit_code == 0)
        if out.exists():
            assert out.read_text(encoding="utf-8").rstrip().endswith("</html>")
        assert digests([path]) == before

    return prop


def test_fuzz_the_command_line(tmp_path: Path) -> None:
    cli_property(tmp_path)()
    assert_no_leftovers(tmp_path)
