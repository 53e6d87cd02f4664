"""The hostile corpus through every command that reads input.

Each list case goes through validate (every format), show, deck, export (every format, to standard output
and to a file), options, complete and add; each interchange text through import; each event file through
batch --event; the whole corpus, with named pipes, symlink loops and file names with newlines, through one
batch per report format; card data cases through data check and --data. Every run must end with a
documented exit code (0, 1 or 2), print no traceback and nothing that steers a terminal, leave its inputs
as they were and never leave a half-written output. A refused case must say why, in one line.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hostile_checks import ENV, assert_no_leftovers, assert_sane, digests
from hostile_corpus import Case, event_cases, list_cases, special_entries, text_cases, write_corpus
from typer.testing import CliRunner

from armybuilder.cli import app

LIST_CASES = list_cases()
TEXT_CASES = text_cases()
EVENT_CASES = event_cases()
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "stark-40.yaml"

# command name -> arguments ({f}: the list file, {out}: an output file beside it)
LIST_COMMANDS: dict[str, list[str]] = {
    "validate": ["validate", "{f}"],
    **{f"validate-{fmt}": ["validate", "--format", fmt, "{f}"] for fmt in ("parsable", "json", "github", "junit", "csv", "html")},
    "show": ["show", "{f}"],
    "deck": ["deck", "{f}"],
    **{f"export-{fmt}": ["export", "{f}", "--format", fmt] for fmt in ("html", "md", "text", "json", "warcouncil", "asoiaf-stats", "tts")},
    "export-file": ["export", "{f}", "--format", "html", "-o", "{out}", "--force"],
    "export-over-input": ["export", "{f}", "--format", "md", "-o", "{f}", "--force"],
    "options": ["options", "{f}"],
    "complete": ["complete", "{f}", "--top", "1", "--timeout", "0.3"],
    "add": ["add", "{f}", "Stark Bowmen"],  # edits its input by design (when the edit keeps the list legal)
}  # fmt: skip
EDITS_INPUT = {"add"}
# `options` and `complete` try every card against the list (seconds a list): every case the reader refuses,
# and a sample of the lists it reads. (A list of 2,000 units keeps `options` busy for minutes: not a case.)
SLOW = {"options", "complete", "add"}
SAMPLE = {"escapes-in-names", "control-chars", "wrong-types", "utf16-bom", "formula-0", "newline-in-name"}


def cases_for(command: str) -> list[Case]:
    if command not in SLOW:
        return LIST_CASES
    return [c for c in LIST_CASES if c.fragment is not None or c.name in SAMPLE]
TRIED: dict[str, int] = {}  # command -> corpus inputs run through it (for the figures of the report)


def run(args: list[str]) -> object:
    return CliRunner(env=ENV).invoke(app, args)


@pytest.mark.parametrize("command", list(LIST_COMMANDS))
def test_every_list_case_through(command: str, tmp_path: Path) -> None:
    cases = cases_for(command)
    paths = write_corpus(tmp_path, cases)
    for case, path in zip(cases, paths, strict=True):
        out = tmp_path / f"{case.name}.out"
        args = [a.format(f=path, out=out) for a in LIST_COMMANDS[command]]
        before = digests([path])
        result = run(args)
        what = f"{command} {case.name}"
        assert_sane(result, what)
        TRIED[command] = TRIED.get(command, 0) + 1
        if command not in EDITS_INPUT:
            assert digests([path]) == before, f"{what}: the input was modified"
        if command == "export-over-input":
            assert result.exit_code == 2 and "file being exported" in result.stderr, what
        if command == "export-file":  # written whole (and then parseable), or not at all
            if result.exit_code == 0:
                assert out.read_text(encoding="utf-8").rstrip().endswith("</html>"), what
            else:
                assert not out.exists(), what
        if case.fragment is not None and command.startswith("validate"):
            assert result.exit_code == 1, what
            if command in ("validate-json", "validate-parsable"):
                assert case.fragment in result.stdout, f"{what}: {result.stdout[:500]}"
        if case.fragment is not None and command in ("show", "export-md"):
            assert result.exit_code in (1, 2), what
            if result.exit_code == 2:  # a one-line error naming the file
                assert result.stderr.count("\n") == 1 and case.fragment in result.stderr, f"{what}: {result.stderr}"
    assert_no_leftovers(tmp_path)


def test_validate_machine_formats_stay_parseable(tmp_path: Path) -> None:
    """JSON, JUnit XML and CSV of every case at once: each parses, one entry per file."""
    paths = [str(p) for p in write_corpus(tmp_path, LIST_CASES)]
    data = json.loads(run(["validate", "--format", "json", *paths]).stdout)
    assert len(data["lists"]) == len(paths)
    suite = ET.fromstring(run(["validate", "--format", "junit", *paths]).stdout)
    assert len(suite.findall(".//testcase")) == len(paths)
    rows = list(csv.DictReader(io.StringIO(run(["validate", "--format", "csv", *paths]).stdout)))
    assert len(rows) == len(paths)
    assert not [c for r in rows for c in r.values() if c and c[0] in "=+-@\t\r"]
    lines = run(["validate", "--format", "parsable", *paths]).stdout.splitlines()
    assert all(line.split(":", 1)[0] in paths for line in lines)  # a newline in a name forged no line


@pytest.mark.parametrize("case", TEXT_CASES, ids=lambda c: c.name)
def test_interchange_texts_through_import(case: Case, tmp_path: Path) -> None:
    (path,) = write_corpus(tmp_path, [case])
    before = digests([path])
    for args in (["import", str(path)], *(["import", str(path), "--from", f] for f in ("warcouncil", "asoiaf-stats", "tts"))):
        result = run(args)
        # 1: a text read as a pasted list, written with the lines it could not read kept as problems
        assert_sane(result, f"{args} {case.name}", codes=(0, 1, 2) if len(args) == 2 else (0, 2))
        TRIED["import"] = TRIED.get("import", 0) + 1
        if result.exit_code in (0, 1):  # what it wrote reads back as YAML
            from armybuilder import yamlpos

            yamlpos.load(result.stdout)
    result = run(["import", str(path), "-o", str(path), "--force"])
    assert result.exit_code == 2 and "being imported" in result.stderr
    assert digests([path]) == before


@pytest.mark.parametrize("case", EVENT_CASES, ids=lambda c: c.name)
def test_event_files(case: Case, tmp_path: Path) -> None:
    folder = tmp_path / "subs"
    folder.mkdir()
    shutil.copy(EXAMPLE, folder / "alice.yaml")
    (event,) = write_corpus(tmp_path, [case])
    result = run(["batch", str(folder), "--event", str(event)])
    TRIED["batch --event"] = TRIED.get("batch --event", 0) + 1
    assert_sane(result, case.name)
    if case.fragment is not None:
        assert result.exit_code == 2, result.output
        assert result.stderr.count("\n") == 1 and case.fragment in result.stderr, result.stderr
    elif case.readable:
        assert result.exit_code in (0, 1), result.output


@pytest.mark.parametrize("fmt", ["csv", "json", "xml", "html"])
def test_the_whole_corpus_in_one_batch(fmt: str, tmp_path: Path) -> None:
    folder = tmp_path / "subs"
    cases = LIST_CASES + TEXT_CASES
    paths = write_corpus(folder, cases)
    special = special_entries(folder)
    shutil.copy(EXAMPLE, folder / "alice.yaml")
    report = tmp_path / f"report.{fmt}"
    before = digests(paths)
    result = run(["batch", str(folder), "--report", str(report)])
    TRIED["batch"] = TRIED.get("batch", 0) + len(cases) + len(special) + 1
    assert_sane(result, f"batch {fmt}", codes=(1,))
    assert digests(paths) == before
    expected = len(cases) + len(special) + 1 - ("loop.yaml" in special) * 0
    text = report.read_text(encoding="utf-8")
    if fmt == "csv":
        csv.field_size_limit(1 << 24)  # a list named with 900,000 characters is one of the cases
        rows = list(csv.DictReader(io.StringIO(text)))
        assert len(rows) == expected
        assert not [c for r in rows for c in r.values() if c and c[0] in "=+-@\t\r"]
        by_path = {r["path"]: r for r in rows}
        for case, path in zip(cases, paths, strict=True):
            if case.fragment is not None:
                row = by_path[str(path)]
                assert row["verdict"] == "invalid", (case.name, row)
                # (a .yaml that is no YAML may still be read as a text export: then that reader says why)
                assert case.fragment in row["first_problem"] or row["format"] != "yaml", (case.name, row)
        pipe = by_path.get(str(folder / "a-named-pipe.yaml"))
        assert pipe is None or "not a regular file" in pipe["first_problem"]
    elif fmt == "json":
        data = json.loads(text)
        assert data["total"] == expected and len(data["lists"]) == expected
    elif fmt == "xml":
        suite = ET.fromstring(text.encode("utf-8"))
        assert len(suite.findall(".//testcase")) == expected
    else:
        assert 'http-equiv="Content-Security-Policy"' in text and text.count('<tr class="player">') == expected
        assert "\x1b" not in text


def _data_copy(tmp_path: Path) -> Path:
    from armybuilder.games.asoiaf.datafiles import bundled_data_dir

    root = tmp_path / "data"
    shutil.copytree(bundled_data_dir(), root)
    return root


DATA_CASES = [c for c in LIST_CASES if c.fragment is not None and c.name.startswith(("deep", "alias", "utf16", "binary", "long", "many"))]


@pytest.mark.parametrize("case", DATA_CASES, ids=lambda c: c.name)
def test_card_data_cases(case: Case, tmp_path: Path) -> None:
    root = _data_copy(tmp_path)
    (root / "units" / "zz-hostile.yaml").write_bytes(case.content)
    result = run(["data", "check", str(root)])
    TRIED["data check"] = TRIED.get("data check", 0) + 1
    assert_sane(result, f"data check {case.name}", codes=(1,))
    assert "zz-hostile.yaml" in result.stdout and case.fragment in result.stdout, result.stdout
    result = run(["validate", "--data", str(root), str(EXAMPLE)])
    assert_sane(result, f"validate --data {case.name}", codes=(2,))


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_in_card_data_does_not_hang(tmp_path: Path) -> None:
    import os

    root = _data_copy(tmp_path)
    os.mkfifo(root / "units" / "zz-pipe.yaml")
    result = run(["data", "check", str(root)])  # a pipe is refused or passed over: never read, never waited on
    assert_sane(result, "data check with a pipe", codes=(0, 1))
    assert result.exit_code == 0 or "not a regular file" in result.stdout


def test_figures(request: pytest.FixtureRequest) -> None:
    """Print how many corpus inputs each command was given in this session (`-s` shows it)."""
    if TRIED:
        print("\ncorpus inputs per command:", ", ".join(f"{k} {v}" for k, v in sorted(TRIED.items())))
