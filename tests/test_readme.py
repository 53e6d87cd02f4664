"""The examples of README.md and docs/*.md run: their shell blocks marked runnable, their example lists.

Convention (docs/contributing.md, Development): a fenced `sh` block preceded by `<!-- runnable -->` runs line by line in a
temporary folder holding a copy of `examples/`; every command exits 0, except that `<!-- runnable: exit N -->`
expects the last one to exit N. In a `console` block the `$ ` lines are the commands and the lines after
one are output it must still print. `<!-- not runnable: reason -->` marks a block that cannot run offline; every
`sh` block has one of the two. A `yaml` block after `<!-- list: valid -->` must be a valid list.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate_text

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]

_FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
_MARKER = re.compile(r"^\s*<!--\s*(runnable|not runnable|list)\s*(?::\s*(.*?))?\s*-->\s*$")


@dataclass(frozen=True)
class Block:
    line: int  # 1-based line of the opening fence
    lang: str
    marker: str | None  # "runnable", "not runnable", "list" or None
    argument: str  # what follows the colon: "exit 2", a reason, "valid"
    body: str
    file: str = "README.md"  # the Markdown file, relative to the checkout

    @property
    def expected_exit(self) -> int:
        found = re.fullmatch(r"exit\s+(\d+)", self.argument)
        return int(found.group(1)) if found else 0

    def commands(self) -> list[str]:
        """One command per line; a line ending in a backslash goes on with the next; blank lines and
        comment lines are skipped. In a `console` block only the lines after `$ ` are commands."""
        if self.lang == "console":
            return [c for c, _ in self.transcript()]
        out: list[str] = []
        pending = ""
        for raw in self.body.splitlines():
            line = pending + raw.strip()
            if line.endswith("\\"):
                pending = line[:-1] + " "
                continue
            pending = ""
            if line and not line.startswith("#"):
                out.append(line)
        return out


    def transcript(self) -> list[tuple[str, list[str]]]:
        """A `console` block as (command, the output lines shown after it)."""
        steps: list[tuple[str, list[str]]] = []
        for line in self.body.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:].strip(), []))
            elif steps and line.strip():
                steps[-1][1].append(line)
        return steps


def blocks(text: str, file: str = "README.md") -> list[Block]:
    """Every fenced block of a Markdown text with the marker comment on the line just before it."""
    lines = text.splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        opening = _FENCE.match(lines[i])
        if not opening or not opening.group(2):
            i += 1
            continue
        indent, lang = opening.group(1), opening.group(2)
        body: list[str] = []
        j = i + 1
        while j < len(lines) and lines[j].strip() != "```":
            body.append(lines[j][len(indent) :] if lines[j].startswith(indent) else lines[j])
            j += 1
        before = lines[i - 1] if i > 0 else ""
        marker = _MARKER.match(before)
        found.append(
            Block(
                i + 1,
                lang,
                marker.group(1) if marker else None,
                (marker.group(2) or "") if marker else "",
                "\n".join(body) + "\n",
                file,
            )
        )
        i = j + 1
    return found


def _bin(tmp: Path) -> Path:
    """A folder holding an `armybuilder` that runs this checkout with this interpreter."""
    folder = tmp / "bin"
    folder.mkdir(exist_ok=True)
    script = folder / "armybuilder"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m armybuilder "$@"\n', encoding="utf-8")
    script.chmod(0o755)
    return folder


def run_block(block: Block, tmp: Path) -> str | None:
    """Run a runnable block; None when every command exits as expected, else what went wrong."""
    work = tmp / "work"
    work.mkdir()
    shutil.copytree(ROOT / "examples", work / "examples")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARMYBUILDER_DATA", "_ARMYBUILDER"))}
    env |= {
        "PATH": f"{_bin(tmp)}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        "PYTHONPATH": str(ROOT),
        "NO_COLOR": "1",
        "HOME": str(tmp),
    }
    commands = block.commands()
    if not commands:
        return f"{block.file} line {block.line}: a runnable block without commands"
    shown = dict(block.transcript()) if block.lang == "console" else {}
    for n, command in enumerate(commands):
        wanted = block.expected_exit if n == len(commands) - 1 else 0
        done = subprocess.run(
            ["bash", "-o", "pipefail", "-c", command],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != wanted:
            return (
                f"{block.file} line {block.line}: `{command}` exited {done.returncode}, expected {wanted}\n"
                f"--- stdout\n{done.stdout[-3000:]}\n--- stderr\n{done.stderr[-3000:]}"
            )
        if "Traceback" in done.stderr:
            return f"{block.file} line {block.line}: `{command}` printed a traceback:\n{done.stderr}"
        printed = [" ".join(line.split()) for line in done.stdout.splitlines()]
        for line in shown.get(command, []):  # the output a console block shows is what the command prints
            if " ".join(line.split()) not in printed:
                return f"{block.file} line {block.line}: `{command}` no longer prints {line!r}:\n{done.stdout}"
    return None


BLOCKS = [b for doc in DOCS for b in blocks(doc.read_text(encoding="utf-8"), doc.relative_to(ROOT).as_posix())]
RUNNABLE = [b for b in BLOCKS if b.marker == "runnable"]


@pytest.mark.parametrize("block", RUNNABLE, ids=[f"{b.file}:{b.line}" for b in RUNNABLE])
def test_runnable_block(block: Block, tmp_path: Path) -> None:
    problem = run_block(block, tmp_path)
    assert problem is None, problem


def test_every_shell_block_says_whether_it_runs() -> None:
    unmarked = [f"{b.file}:{b.line}" for b in BLOCKS if b.lang in ("sh", "bash", "console") and b.marker is None]
    assert not unmarked, f"shell blocks without <!-- runnable --> or <!-- not runnable: why -->: {unmarked}"
    reasons = [f"{b.file}:{b.line}" for b in BLOCKS if b.marker == "not runnable" and not b.argument]
    assert not reasons, f"<!-- not runnable --> without a reason at {reasons}"


_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(doc: Path) -> set[str]:
    text = re.sub(r"^\s*```.*?^\s*```", "", doc.read_text(encoding="utf-8"), flags=re.DOTALL | re.MULTILINE)
    return {_anchor(m.group(1)) for m in re.finditer(r"^#+ (.+)$", text, re.MULTILINE)}


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.relative_to(ROOT).as_posix())
def test_relative_links_lead_to_a_file_and_heading(doc: Path) -> None:
    broken = []
    for target in _LINK.findall(doc.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto:
        path, _, anchor = target.partition("#")
        file = (doc.parent / path).resolve() if path else doc
        if not file.exists() or (anchor and file.suffix == ".md" and anchor not in _anchors(file)):
            broken.append(target)
    assert not broken, f"{doc.name}: links to no file or heading: {broken}"


def test_the_readme_is_a_front_page_linking_every_guide() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150, "README.md is the front page: move details into docs/"
    for doc in DOCS[1:]:
        assert f"(docs/{doc.name})" in text, f"README.md does not link docs/{doc.name}"
    # the two quick-start commands, exactly, and a runnable tour each for players and organisers
    assert ".venv/bin/pip install . && .venv/bin/armybuilder validate examples/stark-40.yaml" in text
    assert '.venv/bin/pip install ".[test]" && .venv/bin/python -m pytest' in text
    tours = [b for b in RUNNABLE if b.file == "README.md"]
    assert any("armybuilder new" in b.body and "armybuilder export" in b.body for b in tours)
    assert any("armybuilder batch" in b.body and "--event" in b.body for b in tours)


def test_the_walk_through_is_runnable() -> None:
    walk = [b for b in RUNNABLE if "armybuilder new wolves.yaml" in b.body and "armybuilder move" in b.body]
    assert walk, "the walk-through under 'Building lists from the command line' is not marked runnable"
    text = walk[0].body
    for step in ("armybuilder add", "armybuilder move", "armybuilder remove", "armybuilder set", "armybuilder show"):
        assert step in text
    assert len(RUNNABLE) >= 10


@pytest.mark.parametrize(
    "block", [b for b in BLOCKS if b.marker == "list"], ids=lambda b: f"{b.file}:{b.line}"
)
def test_example_lists_are_valid(block: Block, catalogue: Catalogue) -> None:
    assert block.argument == "valid" and block.lang == "yaml"
    report = validate_text(block.body, catalogue, f"{block.file}:{block.line}")
    assert report.valid, [(p.rule, p.message) for p in report.errors]


def test_the_list_format_example_is_checked() -> None:
    assert any(b.marker == "list" and "enemy_attachments:" in b.body for b in BLOCKS)


def test_the_screenshot_script_is_executable() -> None:
    script = ROOT / "benchmarks" / "sheet_screenshot.py"
    assert os.access(script, os.X_OK), "benchmarks/sheet_screenshot.py is not executable"
    assert script.read_text(encoding="utf-8").startswith("#!/usr/bin/env python3\n")
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    done = subprocess.run([str(script), "--help"], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "usage:" in done.stdout, done.stderr


# --- the checks above can fail ------------------------------------------------------------------------------

SAMPLE = """\
<!-- runnable -->
```sh
true
false
```

<!-- runnable: exit 1 -->
```sh
true
false
```

<!-- runnable: exit 1 -->
```sh
false
true
```

```sh
echo unmarked
```

<!-- not runnable: needs a network -->
```sh
curl https://example.org \\
  --silent
```

- an indented one:

  <!-- runnable -->
  ```sh
  touch made.txt  # a comment after a command
  test -f made.txt && test -d examples
  ```

<!-- runnable -->
```console
$ echo one; echo two
two
$ true
```

<!-- runnable -->
```console
$ echo one
three
```
"""


def test_the_extractor_reads_markers_exits_and_continued_lines() -> None:
    found = blocks(SAMPLE)
    assert [(b.marker, b.expected_exit) for b in found] == [
        ("runnable", 0),
        ("runnable", 1),
        ("runnable", 1),
        (None, 0),
        ("not runnable", 0),
        ("runnable", 0),
        ("runnable", 0),
        ("runnable", 0),
    ]
    assert found[6].commands() == ["echo one; echo two", "true"]
    assert found[4].commands() == ["curl https://example.org  --silent"]
    assert found[4].argument == "needs a network"


@pytest.mark.parametrize(("index", "fails"), [(0, True), (1, False), (2, True), (5, False), (6, False), (7, True)])
def test_the_runner_fails_on_a_wrong_exit_code(index: int, fails: bool, tmp_path: Path) -> None:
    problem = run_block(blocks(SAMPLE)[index], tmp_path)
    assert (problem is not None) == fails, problem
