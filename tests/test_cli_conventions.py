"""Conventions every command keeps: plain help, --no-color, pipes, one-line errors."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from armybuilder import cli, games
from armybuilder.cli import app, main
from armybuilder.render import reports

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "stark-40.yaml"
ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "100", "ARMYBUILDER_DATA": None}


def _commands(group: Any, prefix: str = "") -> list[tuple[str, Any]]:
    found = []
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            found += _commands(command, f"{prefix}{name} ")
        else:
            found.append((f"{prefix}{name}", command))
    return found


COMMANDS = _commands(typer.main.get_group(app))
NAMES = [name for name, _ in COMMANDS]


def _help(name: str) -> str:
    result = CliRunner(env=ENV).invoke(app, [*name.split(), "--help"], prog_name="armybuilder")
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("name", NAMES)
def test_help_shows_plain_placeholders(name: str) -> None:
    text = _help(name)
    assert text.startswith(f"Usage: armybuilder {name} ")
    python_types = re.findall(r"<(?:int|str|float|path|bool|list\[[^\]]*\]|[a-z]+)>", text)
    assert not python_types, f"`{name} --help` shows Python types: {python_types}"
    usage = text.split("\n\n", 1)[0]
    assert "{" not in usage and "}" not in usage, usage


def test_the_placeholders_name_what_to_give() -> None:
    assert "Usage: armybuilder validate [OPTIONS] FILE...\n" in _help("validate")
    assert "--points N" in _help("validate")
    assert "--data FOLDER" in _help("show")
    assert "--commander CARD" in _help("new") and "--player TEXT" in _help("new")
    assert "-f, --format [text|json]" in _help("deck")  # a choice shows its values
    assert "Usage: armybuilder cards [OPTIONS] [SEARCH]" in _help("cards")  # optional in brackets


def _format_choices() -> dict[tuple[str, str], list[str]]:
    """What each format-like option accepts, from the code that accepts it."""
    from armybuilder.games.asoiaf.commands.browse import FORMATS
    from armybuilder.games.asoiaf.commands.collection import ARMIES_FORMATS, NEXT_FORMATS
    from armybuilder.games.asoiaf.commands.interchange import FromFormat
    from armybuilder.games.capabilities import INTERCHANGE

    exports = sorted({f for s in games.systems() for f in s.export_formats})
    readers = [INTERCHANGE.of(s) for s in games.systems()]
    readable = ["yaml", *(f for r in readers if r is not None for f in r.import_formats)]
    return {
        ("validate", "--format"): list(reports.REPORTERS),
        ("data check", "--format"): list(reports.REPORTERS),
        ("cards", "--format"): list(FORMATS),
        ("export", "--format"): exports,
        ("deck", "--format"): ["text", "json"],
        ("rules", "--format"): ["text", "json"],
        ("batch", "--report-format"): list(reports.FILE_FORMATS),
        ("batch", "--from"): readable,
        ("import", "--from"): [f.value for f in FromFormat],
        ("event explain", "--format"): ["text", "md"],
        ("options", "--format"): ["text", "json"],
        ("complete", "--format"): ["text", "json"],
        ("collection armies", "--format"): list(ARMIES_FORMATS),
        ("collection next", "--format"): list(NEXT_FORMATS),
    }


@pytest.mark.parametrize(("command", "option"), list(_format_choices()))
def test_help_lists_every_format(command: str, option: str) -> None:
    text = " ".join(_help(command).split())
    entry = text.split(f"{option} ", 1)[1][:400]
    missing = [c for c in _format_choices()[(command, option)] if c not in entry]
    assert not missing, f"`{command} --help` does not list {missing} for {option}: {entry}"


def test_every_format_option_is_covered() -> None:
    """A new format-like option must say its choices too: it has to be added to the table above."""
    found = {
        (name, opt)
        for name, command in COMMANDS
        for param in command.params
        for opt in getattr(param, "opts", ())
        if opt in ("--format", "--report-format", "--from")
    }
    assert found <= set(_format_choices()), found - set(_format_choices())


@pytest.mark.parametrize(("name", "command"), COMMANDS, ids=NAMES)
def test_every_command_accepts_no_color(name: str, command: Any) -> None:
    opts = {opt for param in command.params for opt in getattr(param, "opts", ())}
    assert "--no-color" in opts, f"`armybuilder {name}` does not accept --no-color"


@pytest.mark.parametrize(
    "args",
    [
        ["games", "--no-color"],
        ["schema", "--no-color"],
        ["export", str(EXAMPLE), "--format", "md", "--no-color"],
        ["data", "check", "--no-color"],
        ["import", "House Stark;10201,20201", "--no-color"],
    ],
)
def test_no_color_is_accepted(args: list[str]) -> None:
    result = CliRunner(env=ENV).invoke(app, args)
    assert result.exit_code == 0, result.output


def test_piped_output_is_not_wrapped() -> None:
    env = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": None, "COLUMNS": None, "ARMYBUILDER_DATA": None}
    result = CliRunner(env=env).invoke(app, ["cards"])  # the runner's output is no terminal
    row = next(line for line in result.output.splitlines() if "House Umber Berserkers" in line)
    assert re.search(r"10203\s+House Umber Berserkers\s+stark\s+combat unit\s+infantry\s+6", row), row
    widest = max(len(line.rstrip()) for line in result.output.splitlines())
    assert widest > 120  # far past a terminal's 80 columns: nothing was folded


def test_a_terminal_width_still_wraps() -> None:
    result = CliRunner(env=ENV).invoke(app, ["cards"])  # ARMYBUILDER_WIDTH=100
    assert max(len(line.rstrip()) for line in result.output.splitlines()) <= 100


def _shell(command: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    (folder / "armybuilder").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m armybuilder "$@"\n')
    (folder / "armybuilder").chmod(0o755)
    env = dict(os.environ, PATH=f"{folder}{os.pathsep}{os.environ['PATH']}", PYTHONPATH=str(ROOT), NO_COLOR="1")
    env.pop("ARMYBUILDER_WIDTH", None)
    env.pop("COLUMNS", None)
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path: Path) -> None:
    done = _shell("armybuilder cards | head -1", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.split() == ["id", "name", "subname", "faction", "kind", "type", "cost", "char", "commander"]


def test_a_closed_pipe_keeps_the_verdict(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("faction: stark\npoints: 40\nunits: [Lannister Guardsmen, Nobody, Somebody]\n")
    # far more than a pipe holds, so the writer meets the closed pipe; the list is still invalid: exit 1
    done = _shell("armybuilder validate --format parsable " + " ".join(["bad.yaml"] * 1500) + " | head -c 1", tmp_path)
    assert done.returncode == 1, done.stderr
    assert done.stderr == "" and done.stdout == "b"
    good = tmp_path / "good.yaml"
    good.write_text(EXAMPLE.read_text())
    done = _shell("armybuilder validate " + " ".join(["good.yaml"] * 1500) + " | head -c 1", tmp_path)
    assert done.returncode == 0, done.stderr  # every list valid: 0, however early the reader stopped
    assert done.stderr == ""


def test_the_quiet_pipe_swallows_a_closed_reader() -> None:
    from armybuilder.cli.streams import _QuietPipe

    read, write = os.pipe()
    os.close(read)
    pipe = _QuietPipe(write)
    try:
        assert pipe.write(b"x" * 10) == 10  # no BrokenPipeError
        assert pipe.gone
        assert pipe.write(b"more") == 4
    finally:
        os.close(write)


def test_validate_of_a_folder_points_to_batch(tmp_path: Path) -> None:
    result = CliRunner(env=ENV).invoke(app, ["validate", "--format", "parsable", str(tmp_path)])
    assert result.exit_code == 1
    assert f"a folder, not a file; `armybuilder batch {tmp_path}` checks every list in it" in result.output


# --- one-line errors through the real entry point ---------------------------------------------------------


def _main(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.setattr(sys, "argv", ["armybuilder", *args])
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("ARMYBUILDER_DATA", raising=False)
    with pytest.raises(SystemExit) as exited:
        main()
    code = exited.value.code
    return code if isinstance(code, int) else 0, capsys.readouterr().err


@pytest.fixture
def not_utf8(tmp_path: Path) -> Path:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("faction: stark\npoints: 40\nname: Jörg\n".encode("latin-1"))
    return path


@pytest.fixture
def a_list(tmp_path: Path) -> Path:
    path = tmp_path / "list.yaml"
    path.write_text(EXAMPLE.read_text())
    return path


ERRORS = {
    "unknown option": (["validate", "--foo", "x.yaml"], 2, "no such option: --foo (did you mean --format?)"),
    "missing argument": (["validate"], 2, "missing argument 'FILE...'"),
    "unknown command": (["nosuch"], 2, "no such command 'nosuch'"),
    "not a number": (["validate", "--points", "abc", "x.yaml"], 2, "'--points': expected a whole number"),
    "bad choice": (["deck", "x.yaml", "--format", "pdf"], 2, "'--format': expected one of text, json"),
    "ambiguous card": (["card", "Robb Stark"], 2, "'Robb Stark' matches 3 cards: 20201"),
    "unknown kind": (["cards", "--kind", "bogus"], 2, "unknown kind 'bogus'"),
    "foreign commander": (
        ["new", "{tmp}/x.yaml", "--faction", "stark", "--commander", "Catelyn Stark"],
        2,
        "there is no House Stark commander called 'Catelyn Stark'",
    ),
    "set on a non-UTF-8 file": (["set", "{not_utf8}", "points", "50"], 2, "not UTF-8 text"),
    "a name that is not UTF-8": (["set", "{a_list}", "name", "J\udcf6rg"], 2, "the name is not UTF-8 text"),
    "a name over two lines": (["set", "{a_list}", "player", "Ann\nBob"], 2, "one line of text"),
}


@pytest.mark.parametrize("case", list(ERRORS))
def test_every_error_is_one_line(
    case: str,
    tmp_path: Path,
    not_utf8: Path,
    a_list: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    args, want_code, fragment = ERRORS[case]
    args = [a.format(tmp=tmp_path, not_utf8=not_utf8, a_list=a_list) for a in args]
    code, err = _main(args, capsys, monkeypatch)
    assert code == want_code, err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("armybuilder: error: "), err
    assert fragment in lines[0], err
    for raw in ("Traceback", "codec", "Usage:", "Error:", "Input should be"):
        assert raw not in err
    if case == "foreign commander":
        assert not (tmp_path / "x.yaml").exists()


def test_usage_errors_say_where_help_is(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, err = _main(["validate", "--foo", "x.yaml"], capsys, monkeypatch)
    assert err.rstrip().endswith("see `armybuilder validate --help`")


def test_the_entry_point_keeps_exit_codes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _main(["validate", str(EXAMPLE)], capsys, monkeypatch)[0] == 0
    assert _main(["--version"], capsys, monkeypatch)[0] == 0
    assert _main(["validate", "--help"], capsys, monkeypatch)[0] == 0


def test_help_uses_the_program_name(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["/some/where/__main__.py", "--help"])
    with pytest.raises(SystemExit):
        main()
    assert capsys.readouterr().out.startswith("Usage: armybuilder [OPTIONS] COMMAND")
    assert cli.app is app
