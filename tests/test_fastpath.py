"""A plain `armybuilder batch ...` is read without typer (`cli/fastpath.py`): it reads exactly what typer
reads, or declines and leaves the arguments to typer; either way a run prints the same bytes and exits the same."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer

from armybuilder.cli import batch_run
from armybuilder.cli.application import for_command
from armybuilder.cli.fastpath import ENVIRONMENT, batch_arguments

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
EVENT = EXAMPLES / "events" / "spring-open.yaml"


def typer_reads(args: list[str]) -> dict[str, Any] | None:
    """The parameters the batch command's body gets when typer reads `args` (None: a usage error): what the
    body is called with, whatever form typer's own parsing keeps them in on the way."""
    received: dict[str, Any] = {}

    def body(**params: Any) -> int:
        received.update(params)
        return 0

    group = typer.main.get_command(for_command("batch"))
    command = group.commands["batch"]  # type: ignore[attr-defined]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(batch_run, "run", body)
        try:
            command.main(list(args), prog_name="armybuilder batch", standalone_mode=False)
        except typer.Exit:
            pass
        except Exception as exc:  # typer's usage errors
            if "UsageError" not in {cls.__name__ for cls in type(exc).__mro__}:
                raise
    return received or None


READ = [  # the fast path reads each of these
    ["batch", "lists"],
    ["batch", "a.yaml", "b.yaml", "-"],
    ["batch", "-q", "lists"],
    ["batch", "lists", "--quiet", "-q"],
    ["batch", "--strict", "--force", "--no-color", "lists"],
    ["batch", "-j", "2", "lists"],
    ["batch", "--jobs", "0", "lists"],
    ["batch", "--jobs=3", "lists", "-j", "1"],  # the last one given counts
    ["batch", "--event", "e.yaml", "lists"],
    ["batch", "--event=./e.yaml", "lists/"],
    ["batch", "lists", "--report", "r.json", "--report-format", "csv"],
    ["batch", "lists", "--report=r.json", "--report-format=csv", "--pack=p.html"],
    ["batch", "--from", "text", "--page", "letter", "lists"],
    ["batch", "--from=yaml", "--page=a3", "lists"],  # a page the command refuses: its own line, both ways
    ["batch", "--collection", "c.yaml", "--data", "data/", "--data-version", "2025.02", "--names", "n.yaml", "x"],
    ["batch", "--data=d", "--names=./n.yaml", "--collection=c.yaml", "--data-version=v", "x"],
    ["batch", "lists", "--report", "a=b.json"],
    ["batch", "a b.yaml", "dir with spaces/", "é.yaml"],
    ["batch", "--report", "r.json", "--report", "s.csv", "x"],
]

DECLINED = [  # typer reads each of these, with its own help and wording
    ["validate", "x"],
    ["batch"],
    ["batch", "--help"],
    ["batch", "lists", "--help"],
    ["batch", "--", "-q"],
    ["batch", "-qj2", "lists"],
    ["batch", "-j2", "lists"],
    ["batch", "-j=2", "lists"],
    ["batch", "-j", "x", "lists"],
    ["batch", "-j", "-1", "lists"],
    ["batch", "-j", "007", "lists"],
    ["batch", "-j", "²", "lists"],
    ["batch", "-j"],
    ["batch", "lists", "--event"],
    ["batch", "--event", "-q", "lists"],
    ["batch", "--report", "", "lists"],
    ["batch", "--report=", "lists"],
    ["batch", "--quiet=yes", "lists"],
    ["batch", "--bogus", "lists"],
    ["batch", "-x", "lists"],
    ["batch", "--eve", "e.yaml", "lists"],
    ["batch", "", "lists"],
    ["batch", "-q"],
    ["batch", "--install-completion"],
]


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("args", READ, ids=" ".join)
def test_the_fast_path_reads_what_typer_reads(args: list[str]) -> None:
    fast = batch_arguments(args, os.environ)
    assert fast is not None
    assert fast == typer_reads(args[1:])


@pytest.mark.parametrize("args", DECLINED, ids=repr)
def test_anything_else_is_left_to_typer(args: list[str]) -> None:
    assert batch_arguments(args, os.environ) is None


@pytest.mark.parametrize("name", [*ENVIRONMENT, "_ARMYBUILDER_COMPLETE"])
def test_an_environment_variable_an_option_reads_leaves_it_to_typer(name: str) -> None:
    assert batch_arguments(["batch", "lists"], {**os.environ, name: "x"}) is None


def test_every_environment_variable_of_the_command_is_known() -> None:
    group = typer.main.get_command(for_command("batch"))
    command = group.commands["batch"]  # type: ignore[attr-defined]
    assert {p.envvar for p in command.params if p.envvar} <= set(ENVIRONMENT)


def test_on_windows_typer_reads_the_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    # (typer expands `~`, variables and globs in the arguments there, which a plain reading would not)
    assert batch_arguments(["batch", "lists"], os.environ) is not None
    monkeypatch.setattr(os, "name", "nt")
    assert batch_arguments(["batch", "lists"], os.environ) is None


@pytest.mark.skipif(getattr(os, "geteuid", lambda: 1)() == 0, reason="root reads every file")
def test_an_unreadable_file_is_left_to_typer(tmp_path: Path) -> None:
    secret = tmp_path / "e.yaml"
    secret.write_text("points: 40\n")
    secret.chmod(0)
    assert batch_arguments(["batch", "--event", str(secret), "lists"], os.environ) is None


RUN = """\
import atexit, sys
import armybuilder.cli.fastpath as fastpath
way = sys.argv[1]
atexit.register(lambda: open("../" + way + ".modules", "w").write(str("typer" in sys.modules)))
if way == "typer":
    fastpath.batch_arguments = lambda args, environ: None
sys.argv = ["armybuilder", *sys.argv[2:]]
from armybuilder.cli import main
main()
"""


def run(way: str, args: list[str], cwd: Path) -> tuple[int, bytes, bytes, dict[str, bytes]]:
    env = {k: v for k, v in os.environ.items() if k not in (*ENVIRONMENT, "ARMYBUILDER_WIDTH")}
    done = subprocess.run(
        [sys.executable, "-c", RUN, way, *args], capture_output=True, env=env, cwd=cwd, check=False, timeout=300
    )
    written = {p.name: p.read_bytes() for p in sorted(cwd.iterdir())}
    return done.returncode, done.stdout, done.stderr, written


@pytest.mark.parametrize(
    "args",
    [
        ["batch", str(EXAMPLES)],
        ["batch", "-q", str(EXAMPLES)],
        ["batch", "--strict", "-j", "2", str(ROOT / "tests" / "cases" / "valid")],
        ["batch", f"--event={EVENT}", str(EXAMPLES), "--report", "r.json", "--pack", "p.html"],
        ["batch", str(EXAMPLES), "--report=r.csv"],
        ["batch", "-j", "0", str(EXAMPLES)],
        ["batch", "--page", "a3", str(EXAMPLES)],
        ["batch", "--report-format", "json", str(EXAMPLES)],
        ["batch", "--event", "missing.yaml", str(EXAMPLES)],
        ["batch", "no-such-folder"],
    ],
    ids=lambda args: " ".join(a.replace(str(ROOT), "") for a in args),
)
def test_a_fast_run_prints_what_a_typer_run_prints(args: list[str], tmp_path: Path) -> None:
    assert batch_arguments(args, {}) is not None
    (tmp_path / "fast").mkdir()
    (tmp_path / "typer").mkdir()
    fast = run("fast", args, tmp_path / "fast")
    slow = run("typer", args, tmp_path / "typer")
    assert fast == slow
    assert fast[1] or fast[2]  # it did say something
    assert (tmp_path / "fast.modules").read_text() == "False"
    assert (tmp_path / "typer.modules").read_text() == "True"
