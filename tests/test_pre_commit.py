"""The pre-commit hook as a club uses it: in a git repository of lists with its own `.pre-commit-config.yaml`,
an event file and a CI workflow, `pre-commit run` passes on legal lists and fails on an illegal one.

pre-commit (a test extra) runs the hook exactly as `.pre-commit-hooks.yaml` defines it — its `files`,
`exclude`, `entry` and `pass_filenames` — as a local hook of `language: system` run with this checkout,
so the test needs no network (a remote hook would be installed from the repository into its own
environment first).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = (ROOT / "examples" / "stark-40.yaml").read_text()


def pre_commit() -> list[str]:
    try:
        import pre_commit  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("pre-commit is not installed, and CI must run the hook: pip install '.[test]'")
        pytest.skip("pre-commit is not installed (pip install '.[test]')")
    if not shutil.which("git"):
        pytest.skip("git is not installed")
    return [sys.executable, "-m", "pre_commit"]


def the_hook() -> dict[str, Any]:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    hook: dict[str, Any] = next(h for h in hooks if h["id"] == "armybuilder-validate")
    return hook


def club_repository(folder: Path, args: list[str] | None = None) -> dict[str, str]:
    """A git repository of lists with the files a club keeps beside them; the environment to run in."""
    hook = the_hook()
    assert hook["entry"].startswith("armybuilder ")
    local = {
        **{k: hook[k] for k in ("id", "name", "files", "exclude", "pass_filenames")},
        # this checkout's armybuilder, run the way the hook's `entry` runs the installed one
        "entry": f"{sys.executable} -m armybuilder {hook['entry'].removeprefix('armybuilder ')}",
        "language": "system",
    }
    if args:
        local["args"] = args
    config = {"repos": [{"repo": "local", "hooks": [local]}]}
    folder.mkdir()
    (folder / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config, sort_keys=False))
    (folder / "event.yaml").write_text('name: Club league\npoints: 40\nbanned_cards: ["Umber Champion"]\n')
    (folder / ".github" / "workflows").mkdir(parents=True)
    (folder / ".github" / "workflows" / "lists.yml").write_text("on: push\njobs: {}\n")
    (folder / "lists").mkdir()
    (folder / "lists" / "alice.yaml").write_text(EXAMPLE)
    (folder / "lists" / "bob.yml").write_text(EXAMPLE.replace("Wolves of the North", "Bob's wolves"))
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "PRE_COMMIT_HOME": str(folder.parent / "pre-commit-home"),
        "NO_COLOR": "1",
    }
    env.pop("ARMYBUILDER_DATA", None)
    git(folder, env, "init", "-q")
    git(folder, env, "add", "-A")
    return env


def git(folder: Path, env: dict[str, str], *args: str) -> None:
    subprocess.run(["git", *args], cwd=folder, env=env, check=True, capture_output=True, timeout=60)


def run_hooks(folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*pre_commit(), "run", "--all-files", "--color", "never"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_hook_passes_legal_lists_beside_the_club_files(tmp_path: Path) -> None:
    pre_commit()
    folder = tmp_path / "club"
    env = club_repository(folder)
    result = run_hooks(folder, env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "armybuilder validate" in result.stdout and "Passed" in result.stdout


def test_hook_fails_on_an_illegal_list(tmp_path: Path) -> None:
    pre_commit()
    folder = tmp_path / "club"
    env = club_repository(folder)
    (folder / "lists" / "carol.yaml").write_text(EXAMPLE.replace("points: 40", "points: 30"))
    git(folder, env, "add", "-A")
    result = run_hooks(folder, env)
    assert result.returncode == 1
    assert "lists/carol.yaml:4:1: error points-limit" in result.stdout
    assert "alice" not in result.stdout and "event.yaml" not in result.stdout


def test_hook_takes_the_event(tmp_path: Path) -> None:
    """With `args: [--event, event.yaml]` the lists are held to the event's bans too."""
    pre_commit()
    folder = tmp_path / "club"
    env = club_repository(folder, ["--event", "event.yaml"])
    result = run_hooks(folder, env)
    assert result.returncode == 1
    assert "lists/alice.yaml:10:17: error event-ban Umber Champion is banned" in result.stdout
    (folder / "event.yaml").write_text("name: Club league\npoints: 40\n")
    assert run_hooks(folder, env).returncode == 0


def test_the_hook_command_line_without_pre_commit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same command line the hook runs, on the files its patterns select (no pre-commit needed)."""
    import re

    from typer.testing import CliRunner

    from armybuilder.cli import app

    hook = the_hook()
    files = [".pre-commit-config.yaml", "event.yaml", ".github/workflows/lists.yml", "lists/alice.yaml"]
    chosen = [f for f in files if re.search(hook["files"], f) and not re.search(hook["exclude"], f)]
    assert chosen == ["lists/alice.yaml"]
    folder = tmp_path / "club"
    club_repository(folder)
    monkeypatch.chdir(folder)
    runner = CliRunner(env={"NO_COLOR": "1", "ARMYBUILDER_DATA": None})
    command = hook["entry"].split()[1:]
    assert runner.invoke(app, [*command, *chosen]).exit_code == 0
    assert runner.invoke(app, [*command, *files]).exit_code == 1  # what the hook used to do
    with_event = runner.invoke(app, [*command, "--event", "event.yaml", "event.yaml", *chosen])
    assert with_event.exit_code == 1 and "event-ban" in with_event.stdout


def test_validate_event_usage_errors(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from armybuilder.cli import app

    event = tmp_path / "event.yaml"
    event.write_text("points: 40\n")
    runner = CliRunner(env={"NO_COLOR": "1", "ARMYBUILDER_DATA": None})
    lists = str(ROOT / "examples" / "stark-40.yaml")
    both = runner.invoke(app, ["validate", "--event", str(event), "--points", "30", lists])
    assert both.exit_code == 2 and "--points and --event" in both.output
    only_event = runner.invoke(app, ["validate", "--event", str(event), str(event)])
    assert only_event.exit_code == 2 and "no files to check besides the event file" in only_event.output
    assert runner.invoke(app, ["validate", "--event", str(event), lists]).exit_code == 0


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks here")
def test_validate_event_says_a_second_name_of_a_list(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from armybuilder.cli import app

    event = tmp_path / "event.yaml"
    event.write_text("points: 40\n")
    (tmp_path / "alice.yaml").write_text(EXAMPLE)
    os.symlink("alice.yaml", tmp_path / "bob.yaml")
    runner = CliRunner(env={"NO_COLOR": "1", "ARMYBUILDER_DATA": None})
    result = runner.invoke(app, ["validate", "--event", str(event), str(tmp_path / "alice.yaml"), str(tmp_path / "bob.yaml")])
    assert result.exit_code == 0
    assert f"{tmp_path / 'bob.yaml'} is the same file as {tmp_path / 'alice.yaml'}; checked once" in result.stderr
