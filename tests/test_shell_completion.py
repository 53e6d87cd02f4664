"""Tab completion in the real shells: bash, zsh and fish run interactively in a pseudo-terminal, the
completion script sourced as the players' guide says, a card name typed in part and TAB pressed; the line
the shell then holds is run, and must give the card's whole name as one argument.

Card names hold spaces, commas and apostrophes, typed inside double quotes, single quotes or bare. A shell
missing from the machine is skipped, except in CI (`CI` set, as `.ci/run` does), which installs them all.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# (what is typed after `armybuilder card `, what is typed after TAB, the argument the line then gives)
CASES = [
    ('"Stark Sw', "", "Stark Sworn Swords"),  # a space, in double quotes
    ("'Stark Sw", "", "Stark Sworn Swords"),  # in single quotes
    ("Stark\\ Sw", "", "Stark Sworn Swords"),  # bare
    ('"Eddard\'s Ho', "", "Eddard's Honor Guard"),  # an apostrophe typed, in double quotes
    ("Eddard\\'s\\ Ho", "", "Eddard's Honor Guard"),  # bare
    ("'House Clegane Mou", "", "House Clegane Mountain's Men"),  # an apostrophe completed inside single quotes
    ("House\\ Clegane\\ Mou", "", "House Clegane Mountain's Men"),
    ('"Greatjon Umber, Fi', "", "Greatjon Umber, Fierce Bannerman"),  # a comma
    ("Greatjon\\ Umber,\\ Fi", "", "Greatjon Umber, Fierce Bannerman"),
    ('"House Um', 'Berserkers"', "House Umber Berserkers"),  # three fit: TAB stops at "House Umber "
]

SHELLS = {
    "bash": (["bash", "--norc", "--noprofile", "-i"], "source {script}\n"),
    "zsh": (["zsh", "-f", "-i"], "autoload -Uz compinit && compinit -u && source {script}\n"),
    "fish": (["fish", "--no-config", "-i"], "source {script}\n"),
}

_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[\]P^_].*?(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78MDEHc]")


class Terminal:
    """An interactive shell in a pseudo-terminal of its own: type into it and read its screen as text."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path) -> None:
        self.master, slave = os.openpty()
        os.set_blocking(self.master, False)
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 250, 0, 0))

        def own_terminal() -> None:  # job control (fish, zsh) wants a controlling terminal
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd, preexec_fn=own_terminal
        )
        os.close(slave)
        self.raw = b""

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def _read(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    return
                self.raw += chunk

    def settle(self, quiet: float = 0.5, limit: float = 90.0) -> None:
        """Read until the screen has not changed for `quiet` seconds (a completion has been drawn)."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            before = len(self.raw)
            self._read(quiet)
            if len(self.raw) == before:
                return

    @property
    def text(self) -> str:
        return _ANSI.sub("", self.raw.decode("utf-8", "replace")).replace("\r", "")

    def wait_for(self, pattern: str, since: int, limit: float = 90.0) -> re.Match[str] | None:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            found = re.search(pattern, self.text[since:], re.DOTALL)
            if found:
                return found
            self._read(0.1)
        return None

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):  # gone already
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        os.close(self.master)


def _shell(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is not installed; .ci/run installs bash, zsh and fish")
        pytest.skip(f"{name} is not installed")
    return found


@pytest.fixture(scope="module", params=list(SHELLS))
def terminal(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Terminal]:
    """One interactive shell per shell, armybuilder's completion sourced as the guide says."""
    shell = request.param
    _shell(shell)
    home = tmp_path_factory.mktemp(f"{shell}-home")
    folder = home / "bin"
    folder.mkdir()
    program = folder / "armybuilder"
    program.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m armybuilder "$@"\n', encoding="utf-8")
    program.chmod(0o755)
    keep = ("ARMYBUILDER_CACHE_DIR", "LANG", "LC_ALL")
    env = {k: v for k, v in os.environ.items() if k in keep}
    env |= {
        "PATH": f"{folder}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
        "PYTHONPATH": str(ROOT),
        "HOME": str(home),
        "TERM": "xterm",
        "NO_COLOR": "1",
    }
    env.setdefault("LANG", "C.UTF-8")
    script = home / f"armybuilder-complete.{shell}"
    made = subprocess.run(
        [str(program)], env=env | {"_ARMYBUILDER_COMPLETE": f"source_{shell}"}, capture_output=True, text=True
    )
    assert made.returncode == 0 and made.stdout, made.stderr
    script.write_text(made.stdout, encoding="utf-8")
    argv, setup = SHELLS[shell]
    term = Terminal(argv, env, home)
    term.shell = shell  # type: ignore[attr-defined]
    term.settle(0.5, 20)
    term.type(setup.format(script=script))
    term.settle(0.5, 20)
    yield term
    term.close()


@pytest.mark.parametrize(("typed", "after", "argument"), CASES, ids=[c[0] + "<TAB>" + c[1] for c in CASES])
def test_a_card_name_completes_to_one_argument(terminal: Terminal, typed: str, after: str, argument: str) -> None:
    marker = f"@@{abs(hash((typed, after))) % 10**8}"
    since = len(terminal.text)
    terminal.type(f"armybuilder card {typed}\t")
    terminal.settle()
    # run the line the completion left, printing each argument on a line of its own: <armybuilder> <card> <…>
    terminal.type(f"{after}\x01printf '<%s>\\n' \x05; echo {marker}\r")
    found = terminal.wait_for(rf"<card>\n(.*?)\n{marker}\n", since)
    shown = terminal.text[since:][-600:]
    terminal.type("\x03")  # whatever happened, a clean prompt for the next case
    terminal.settle(0.3, 5)
    assert found is not None, f"{terminal.shell}: `{typed}<TAB>{after}` left no runnable line:\n{shown}"  # type: ignore[attr-defined]
    assert found.group(1) == f"<{argument}>", f"{terminal.shell}: `{typed}<TAB>{after}`:\n{shown}"  # type: ignore[attr-defined]
