"""Hostile input: every malformed file is an invalid list with a positioned problem, never a traceback.

Each case runs twice: through `validate_text` and through the CLI (`validate --format json`, exit 1).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate_text
from armybuilder.problems import Severity

ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "100", "ARMYBUILDER_DATA": None}

NESTED = "faction: stark\npoints: 40\nunits: " + "[" * 200 + "]" * 200 + "\n"
ANCHORS = """\
faction: stark
points: 40
units:
  - &swords Stark Sworn Swords
  - *swords
"""
BILLION_LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n" + "".join(
    f"{chr(99 + i)}: &{chr(99 + i)} [" + ", ".join([f"*{chr(98 + i)}"] * 9) + "]\n" for i in range(6)
)
DUPLICATE = """\
faction: stark
points: 40
units: [Stark Sworn Swords]
units: [Stark Bowmen]
"""
SPLIT = """\
faction: stark
points: 40
units:
  - unit: Stark Sworn Swords
    attachments: [Robb Stark, The Wolf Lord]
"""

# name -> (content, rule, line, fragment of the message)
CASES: dict[str, tuple[str | bytes, str, int, str]] = {
    "empty": ("", "schema", 1, "the list is empty"),
    "only-a-comment": ("# nothing here\n", "schema", 1, "the list is empty"),
    "yaml-list": ("- Stark Sworn Swords\n- Stark Bowmen\n", "schema", 1, "must be a mapping"),
    "scalar": ("just some words\n", "schema", 1, "must be a mapping"),
    "binary": (bytes(range(256)) * 4, "syntax", 1, "binary"),
    "latin-1": ("faction: stark\nname: caf\xe9\n".encode("latin-1"), "syntax", 2, "UTF-8"),  # at the byte
    "ten-megabytes": (b"# " + b"x" * 10_000_000 + b"\n", "syntax", 1, "bytes"),
    "deeply-nested": (NESTED, "syntax", 3, "nesting deeper"),
    # yamlpos reports an alias at its anchor: the anchor is what to remove
    "anchors-and-aliases": (ANCHORS, "syntax", 4, "anchors and aliases"),
    "billion-laughs": (BILLION_LAUGHS, "syntax", 1, "anchors and aliases"),
    "duplicate-key": (DUPLICATE, "syntax", 4, "duplicate key 'units'"),
    "unknown-faction": ("faction: dornish\npoints: 40\n", "schema", 1, "unknown faction"),
    "negative-points": ("faction: stark\npoints: -40\n", "schema", 2, "positive game size"),
    "non-numeric-points": ("faction: stark\npoints: lots\n", "schema", 2, "whole number"),
    "boolean-points": ("faction: stark\npoints: yes\n", "schema", 2, "whole number"),
    "split-subname": (SPLIT, "unknown-card", 5, "in quotes"),
    "tab-indent": ("faction: stark\npoints: 40\nunits:\n\t- Stark Bowmen\n", "syntax", 4, "invalid YAML"),
    "units-mapping": ("faction: stark\npoints: 40\nunits: {a: b}\n", "schema", 3, "must be a list"),
    "merge-key": (
        "faction: stark\npoints: 40\nx: &x {a: 1}\ny:\n  <<: *x\n",
        "syntax",
        5,
        "merge keys",
    ),  # reported at the `<<` the user wrote
}


def _assert_problem(problems: list[tuple[str, int, str]], rule: str, line: int, fragment: str | None) -> None:
    hits = [(r, ln, m) for r, ln, m in problems if r == rule and ln == line]
    assert hits, f"expected {rule}@{line} among {problems}"
    if fragment is not None:
        assert any(fragment in m for _, _, m in hits), hits


@pytest.mark.parametrize("name", list(CASES))
def test_validate_text(catalogue: Catalogue, name: str) -> None:
    content, rule, line, fragment = CASES[name]
    report = validate_text(content, catalogue, f"{name}.yaml")
    assert not report.valid
    errors = [(p.rule, p.line, p.message) for p in report.problems if p.severity is Severity.ERROR]
    _assert_problem(errors, rule, line, fragment)
    assert all(p.line >= 1 and p.column >= 1 for p in report.problems)


@pytest.mark.parametrize("name", list(CASES))
def test_cli(tmp_path: Path, name: str) -> None:
    content, rule, line, fragment = CASES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    result = CliRunner(env=ENV).invoke(app, ["validate", "--format", "json", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    (entry,) = data["lists"]
    assert entry["valid"] is False
    problems = [(p["rule"], p["line"], p["message"]) for p in entry["problems"]]
    _assert_problem(problems, rule, line, fragment)


def test_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner(env=ENV).invoke(app, ["validate", "--format", "parsable", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2
    assert result.output == f"armybuilder: error: {tmp_path / 'nope.yaml'}: no such file\n"


def test_a_folder_is_an_invalid_list(tmp_path: Path) -> None:
    result = CliRunner(env=ENV).invoke(app, ["validate", "--format", "parsable", str(tmp_path)])
    assert result.exit_code == 1
    assert "syntax cannot read the file" in result.stdout


def test_one_bad_file_does_not_stop_the_others(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\x00\x01")
    good = Path(__file__).parent / "cases" / "valid" / "stark-40.yaml"
    result = CliRunner(env=ENV).invoke(app, ["validate", "--format", "json", str(bad), str(good)])
    assert result.exit_code == 1
    assert [entry["valid"] for entry in json.loads(result.stdout)["lists"]] == [False, True]


def test_a_forbidden_character_is_one_line_at_its_position(catalogue: Catalogue) -> None:
    report = validate_text('faction: stark\npoints: 40\nname: "a\x07b"\n', catalogue, "ctl.yaml")
    (problem,) = report.errors
    assert (problem.rule, problem.line, problem.column) == ("syntax", 3, 9)
    assert "\n" not in problem.message and "U+0007" in problem.message


# --- the cases of issue #11, one by one ---------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "stark-40.yaml"


@pytest.mark.parametrize(
    "prefix, piece, where", [("units: ", "[", "3:72"), ("units: ", "{a: ", "3:261"), ("units:\n", "- ", "4:129")]
)
def test_thirty_thousand_levels_are_a_syntax_problem_not_a_segfault(
    tmp_path: Path, prefix: str, piece: str, where: str
) -> None:
    """In a fresh process, as a user runs it: PyYAML's composer used to overflow the C stack (exit 139).

    The same problem at the same place (the 65th level) whatever PyYAML is installed: since 6.0.4 libyaml
    stops a run of `[` by itself at about 1,000 levels, before armybuilder's check would see the 65th."""
    import subprocess
    import sys

    path = tmp_path / "deep.yaml"
    path.write_text("faction: stark\npoints: 40\n" + prefix + piece * 30_000 + "x\n")
    result = subprocess.run(
        [sys.executable, "-m", "armybuilder", "validate", "--format", "parsable", str(path)],
        capture_output=True, text=True, cwd=ROOT, env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1"}, check=False,
    )  # fmt: skip
    assert result.returncode == 1, (result.returncode, result.stderr)
    assert result.stdout.splitlines() == [f"{path}:{where}: error syntax nesting deeper than 64 levels"]


def test_a_utf16_list_from_notepad_is_read(tmp_path: Path) -> None:
    path = tmp_path / "notepad.yaml"
    path.write_bytes(EXAMPLE.read_text(encoding="utf-8").encode("utf-16"))  # with a byte-order mark
    result = CliRunner(env=ENV).invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    bare = tmp_path / "bare.yaml"
    bare.write_bytes(EXAMPLE.read_text(encoding="utf-8").encode("utf-16-le"))  # without one: told so
    result = CliRunner(env=ENV).invoke(app, ["validate", "--format", "parsable", str(bare)])
    assert result.exit_code == 1 and "UTF-16 text without a byte-order mark" in result.stdout


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_export_never_replaces_its_input(tmp_path: Path, force: list[str]) -> None:
    path = tmp_path / "my-list.yaml"
    path.write_bytes(EXAMPLE.read_bytes())
    link = tmp_path / "link.yaml"
    link.symlink_to(path)
    for target in (path, link, tmp_path / "." / "my-list.yaml"):
        result = CliRunner(env=ENV).invoke(app, ["export", str(path), "--format", "md", "-o", str(target), *force])
        assert result.exit_code == 2 and "is the file being exported" in result.stderr
    assert path.read_bytes() == EXAMPLE.read_bytes()


def test_import_and_batch_never_replace_their_inputs(tmp_path: Path) -> None:
    code = tmp_path / "code.txt"
    code.write_text("House Stark;10101,20101\n")
    result = CliRunner(env=ENV).invoke(app, ["import", str(code), "-o", str(code), "--force"])
    assert result.exit_code == 2 and code.read_text() == "House Stark;10101,20101\n"
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "alice.yaml").write_bytes(EXAMPLE.read_bytes())
    event = tmp_path / "event.yaml"
    event.write_text("points: 40\n")
    for report in (subs / "alice.yaml", event):
        args = ["batch", str(subs), "--event", str(event), "--report", str(report), "--report-format", "csv", "--force"]
        result = CliRunner(env=ENV).invoke(app, args)
        assert result.exit_code == 2 and "would replace a list or the event file" in result.stderr
    assert (subs / "alice.yaml").read_bytes() == EXAMPLE.read_bytes() and event.read_text() == "points: 40\n"


FORMULAS = ["=cmd|' /C calc'!A0", "+SUM(1,1)", "-2+3", "@SUM(1,1)", "\t=1", "\r=1"]


def test_csv_report_neutralises_formulas(tmp_path: Path) -> None:
    import csv

    subs = tmp_path / "subs"
    subs.mkdir()
    for n, formula in enumerate(FORMULAS):
        quoted = json.dumps(formula)
        (subs / f"l{n}.yaml").write_text(f"player: {quoted}\nname: {quoted}\nfaction: stark\npoints: 40\n")
    report = tmp_path / "r.csv"
    CliRunner(env=ENV).invoke(app, ["batch", str(subs), "--report", str(report)])
    players = [row["player"] for row in csv.DictReader(report.open(encoding="utf-8"))]
    # (a formula after a tab is neutralised too: a spreadsheet splitting on tabs would start a cell there)
    assert sorted(players) == sorted("'" + f.replace("\r", "\\r").replace("\t=", "\t'=") for f in FORMULAS)
    assert not [p for p in players if p[0] in "=+-@\t\r"]


def test_csv_cell_rule() -> None:
    from armybuilder.render.reports.csv_report import csv_cell

    assert csv_cell("=1+1") == "'=1+1" and csv_cell("@x") == "'@x" and csv_cell("\tx") == "'\tx"
    assert csv_cell("Ann") == "Ann" and csv_cell(-40) == -40 and csv_cell("a\x1bb") == "a\\x1bb"


def test_junit_with_control_characters_parses(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    path = tmp_path / "ctl.yaml"
    name = "".join(chr(c) for c in range(1, 32)) + "\ufffe\x9b"
    path.write_text(f"name: {json.dumps(name)}\nplayer: {json.dumps(name)}\nfaction: stark\npoints: [40\n")
    for args in (["validate", "--format", "junit", str(path)], ["batch", str(path), "--report", "-", "--report-format", "junit"]):
        out = CliRunner(env=ENV).invoke(app, args).stdout
        xml = out[out.index("<?xml") :] if "<?xml" in out else out
        suite = ET.fromstring(xml.split("</testsuites>")[0] + "</testsuites>")
        assert len(suite.findall(".//testcase")) == 1


ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x9b31m\u202e"


@pytest.mark.parametrize("command", [["validate"], ["show"], ["batch"], ["deck"], ["validate", "--format", "parsable"]])
def test_escape_sequences_never_reach_the_terminal(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "esc.yaml"
    name = json.dumps(ESCAPES)
    path.write_text(
        f"name: {name}\nplayer: {name}\nfaction: stark\npoints: 40\ncommander: {name}\n"
        f"units: [{json.dumps('Stark ' + ESCAPES + 'Bowmen')}, Stark Sworn Swords]\n"
    )
    for env in (ENV, {**ENV, "NO_COLOR": None}):
        result = CliRunner(env=env).invoke(app, [*command, str(path)], color=True)
        assert result.exit_code in (0, 1), result.output
        shown = result.output.replace("\x1b[0m", "")
        for bad in ("\x1b]", "\x1b[2J", "\x07", "\x9b", "\u202e"):
            assert bad not in shown, (command, bad)


def test_printable_escapes_what_steers_a_terminal() -> None:
    from armybuilder.text import printable, strip_unsafe

    assert printable("a\x1b[2Jb\nc\u202e\x9b\tz") == "a\\x1b[2Jb\\nc\\u202e\\x9b\tz"
    assert printable("line\none", one_line=False) == "line\none"
    assert printable("caf\xe9 \u0644\u0627 😀") == "caf\xe9 \u0644\u0627 😀"  # letters of any script stay
    assert printable("\udcff.yaml") == "\\xff.yaml"  # a file name byte that is not UTF-8
    assert strip_unsafe("a\x1b[2Jb\n\udcff") == "a[2Jb\n\ufffd"


def test_decode_text() -> None:
    from armybuilder.fileio import NotText, decode_text

    text = "faction: stark\nname: Café\n"
    for blob in (text.encode(), b"\xef\xbb\xbf" + text.encode(), text.encode("utf-16"), text.encode("utf-32"),
                 b"\xfe\xff" + text.encode("utf-16-be")):  # fmt: skip
        assert decode_text(blob) == text
    for blob, fragment in ((b"a\x00b", "binary"), (text.encode("utf-16-le"), "UTF-16"), (b"x\n\xe9", "UTF-8")):
        with pytest.raises(NotText, match=fragment):
            decode_text(blob)


def test_aliases_when_allowed_are_bounded() -> None:
    from armybuilder import yamlpos

    assert yamlpos.load("a: &x [1, 2]\nb: *x\n", allow_aliases=True) == {"a": [1, 2], "b": [1, 2]}
    with pytest.raises(yamlpos.YamlError, match="values"):
        yamlpos.load(BILLION_LAUGHS, allow_aliases=True)
