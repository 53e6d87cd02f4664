"""Text from files that tried to act in our outputs (the second hostile campaign): file names that forge
report lines, JSON that a strict parser refuses, formulas behind a `;`, line separators written raw into
YAML, raw HTML and `javascript:` links in Markdown. Every output escapes text the way its format needs."""

from __future__ import annotations

import csv
import io
import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hostile_checks import ENV, assert_sane
from hostile_corpus import _code, _field, _varint
from typer.testing import CliRunner

from armybuilder.cli import app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "examples" / "stark-40.yaml").read_text()
FORGE = "FORGED.yaml:1:1: error forged-rule x"
NAMES = [
    f"a\n{FORGE}.yaml",
    f"b\u2028{FORGE}.yaml",
    f"c\u2029{FORGE}.yaml",
    f"d\x85{FORGE}.yaml",
    f"e\x0b{FORGE}.yaml",
    "f\u202eevil\u2066.yaml",
    "-dash.yaml",
    "g;@SUM(1).yaml",
    "h\x7fdel.yaml",
]
# what no output line may carry raw: line breaks of str.splitlines, C1, DEL, bidirectional controls
RAW = ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "\x7f", "\u202e", "\u2066"]


def run(args: list[str]) -> object:
    return CliRunner(env=ENV).invoke(app, args)


@pytest.fixture
def named(tmp_path: Path) -> list[str]:
    paths = []
    for name in NAMES:
        try:
            (tmp_path / name).write_text(EXAMPLE.replace("points: 40", "points: 30"))
        except OSError:
            continue
        paths.append(str(tmp_path / name))
    return paths


def _no_forged_lines(text: str, what: str) -> None:
    for line in text.splitlines():
        assert not line.startswith("FORGED"), f"{what}: a file name forged the line {line!r}"
    raw = [c for c in RAW if c in text]
    assert not raw, f"{what}: {raw!r} written raw"


@pytest.mark.parametrize("fmt", ["text", "parsable", "github", "csv", "json", "junit"])
def test_file_names_never_forge_a_line(named: list[str], fmt: str) -> None:
    result = run(["validate", "--format", fmt, "--", *named])
    assert_sane(result, f"validate {fmt}", codes=(1,))
    _no_forged_lines(result.stdout, fmt)
    if fmt == "parsable":
        assert len(result.stdout.splitlines()) == len(named)  # one problem each, one line each
    if fmt == "csv":
        rows = list(csv.DictReader(io.StringIO(result.stdout)))
        assert len(rows) == len(named)
        assert all(";'@SUM" in r["path"] or ";@" not in r["path"] for r in rows)
    if fmt == "json":
        assert len(json.loads(result.stdout)["lists"]) == len(named)
    if fmt == "junit":
        assert len(ET.fromstring(result.stdout).findall(".//testcase")) == len(named)


@pytest.mark.parametrize("fmt", ["csv", "json", "xml", "html"])
def test_file_names_in_batch_reports(named: list[str], fmt: str, tmp_path: Path) -> None:
    report = tmp_path / "out" / f"r.{fmt}"
    report.parent.mkdir()
    result = run(["batch", str(tmp_path), "--report", str(report), "--force"])
    assert_sane(result, f"batch {fmt}", codes=(1,))
    text = report.read_text(encoding="utf-8")
    if fmt == "html":  # a line break in HTML text is a space: it forges nothing; the rest is escaped
        text = text.replace("\n", " ")
    _no_forged_lines(text, f"batch {fmt}")
    if fmt == "json":
        json.loads(text)


def test_json_exports_parse_strictly_whatever_the_names(tmp_path: Path) -> None:
    path = tmp_path / "l.yaml"
    path.write_text(
        EXAMPLE.replace("Wolves of the North", '"Name\\x85with NEL\\x7f\\u2066iso\\u2069\\x9b"')
        + 'player: "p\\u2028q\\u202e"\n',
        encoding="utf-8",
    )
    for args in (["export", str(path), "--format", "json"], ["validate", "--format", "json", str(path)]):
        result = run(args)
        assert_sane(result, " ".join(args[:2]), codes=(0, 1))
        data = json.loads(result.stdout)  # strict: raw control characters refused
        assert "\\u0085" in result.stdout or "Name" not in result.stdout or data
        _no_forged_lines(result.stdout, args[0])
    report = tmp_path / "r.json"
    assert_sane(run(["batch", str(path), "--report", str(report)]), "batch json", codes=(0, 1))
    text = report.read_text(encoding="utf-8")
    json.loads(text)
    _no_forged_lines(text, "batch json")


def test_a_formula_after_a_separator_is_neutralised(tmp_path: Path) -> None:
    path = tmp_path / "l.yaml"
    path.write_text(EXAMPLE.replace("Wolves of the North", '"T;@SUM(1)"') + 'player: "x;=1+1"\n')
    out = run(["validate", "--format", "csv", str(path)]).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows
    cells = [c for r in rows for c in r.values() if c]
    assert not [c for c in cells if ";@" in c or ";=" in c], cells
    semicolon_rows = list(csv.reader(io.StringIO(out), delimiter=";"))  # a spreadsheet of the `;` locale
    assert not [c for r in semicolon_rows for c in r if c[:1] in ("=", "+", "@")]


def test_war_council_names_with_line_separators_are_escaped_in_yaml(tmp_path: Path) -> None:
    name = "Wolves\u2028FORGED: 1\x85more".encode()
    stark = _field(3, 0, _varint(2)) + _field(4, 0, _varint(40))
    code = tmp_path / "code.txt"
    code.write_text(_code(_field(2, 2, _varint(len(name)) + name) + stark))
    result = run(["import", str(code), "--from", "warcouncil"])
    assert_sane(result, "import warcouncil", codes=(0, 2))
    _no_forged_lines(result.stdout, "import")
    if result.exit_code == 0:
        from armybuilder import yamlpos

        assert yamlpos.load(result.stdout)["name"] == "Wolves\u2028FORGED: 1\x85more"


HTML = "<img src=x onerror=alert(1)>"
LINK = "[click](javascript:alert(1))"


@pytest.mark.parametrize(
    "sample",
    [ROOT / "examples" / "hve-empire.yaml", ROOT / "tests" / "games" / "agot" / "samples" / "agot-valid.yaml"],
    ids=["hve", "agot"],
)
def test_markdown_of_other_games_carries_no_html_or_links(sample: Path, tmp_path: Path) -> None:
    path = tmp_path / sample.name
    text = sample.read_text(encoding="utf-8")
    text = text.replace("\nname: ", f'\nname: "{HTML} {LINK} ', 1).replace("Iron Wall of the Capital", 'Iron Wall"', 1)
    path.write_text(text + f'"{HTML}": "{LINK} <javascript:alert(2)>"\n', encoding="utf-8")
    result = run(["export", str(path), "--format", "md"])
    assert_sane(result, f"export md {sample.name}", codes=(0, 1, 2))
    out = result.stdout
    import re

    assert not re.search(r"(?<!\\)[<\[\]]", out), out  # every bracket escaped: no tag, no link
    assert "img src=x" in out or "javascript" in out or result.exit_code == 2  # said, as text


def test_markdown_of_a_war_of_the_ring_position_escapes_the_problems_table(tmp_path: Path) -> None:
    """The held-out campaign: a region name from the file, quoted by a problem in the Markdown report's
    table of problems, carried its raw HTML and link (the title and the list lines were escaped)."""
    sample = ROOT / "tests" / "games" / "wotr" / "samples" / "wotr-valid.yaml"
    text = sample.read_text(encoding="utf-8").replace("  Erebor: ", f'  "Ere{HTML}{LINK}bor": ', 1)
    path = tmp_path / "w.yaml"
    path.write_text(text, encoding="utf-8")
    result = run(["export", str(path), "--format", "md"])
    assert_sane(result, "export md wotr", codes=(0,))
    rows = [line for line in result.stdout.splitlines() if "unknown-region" in line]
    assert rows and all("\\<img src=x onerror=alert(1)\\>\\[click\\](javascript" in row for row in rows), rows
    import re

    assert not re.search(r"(?<!\\)[<\[\]]", result.stdout), result.stdout


@pytest.mark.skipif(os.name != "posix", reason="file names with newlines")
def test_leading_dash_name_is_a_file_not_an_option(tmp_path: Path) -> None:
    (tmp_path / "-x.yaml").write_text(EXAMPLE)
    result = CliRunner(env=ENV).invoke(app, ["batch", str(tmp_path), "--report", str(tmp_path / "r.csv")])
    assert_sane(result, "batch -x.yaml", codes=(0,))
    assert "-x.yaml" in (tmp_path / "r.csv").read_text(encoding="utf-8")


@pytest.mark.parametrize(("written", "shown"), [("Stark\u200b Bowmen", "Stark\\u200b Bowmen"), ("Stark Bowm\u0435n", "Stark Bowm\\u0435n")])
def test_look_alike_names_show_the_difference(written: str, shown: str, tmp_path: Path) -> None:
    path = tmp_path / "l.yaml"
    path.write_text(EXAMPLE.replace("  - Stark Bowmen", f'  - "{written}"'), encoding="utf-8")
    result = run(["validate", "--format", "parsable", str(path)])
    assert_sane(result, "look-alike", codes=(1,))
    assert f"no combat unit called '{shown}'; did you mean 'Stark Bowmen'" in result.stdout, result.stdout


@pytest.mark.parametrize(
    ("written", "said"),
    [("040", "`040` is read by YAML as 32 (a leading 0 makes an octal number)"), ("1:00", "`1:00` is read by YAML as 60 (colons make a base-60 number")],
)
def test_yaml_numbers_mean_what_a_person_reads_or_say_so(written: str, said: str, tmp_path: Path) -> None:
    path = tmp_path / "l.yaml"
    path.write_text(EXAMPLE.replace("points: 40", f"points: {written}"))
    result = run(["validate", "--format", "parsable", str(path)])
    assert_sane(result, f"points: {written}", codes=(1,))
    assert said in result.stdout and ":4:9: error syntax" in result.stdout, result.stdout


def test_yes_and_on_keys_are_the_words_written(tmp_path: Path) -> None:
    path = tmp_path / "l.yaml"
    path.write_text(EXAMPLE + "on: 1\nyes: 2\n")
    result = run(["validate", "--format", "parsable", str(path)])
    assert_sane(result, "on/yes keys", codes=(1,))
    assert ":17:1: error schema unknown key `on`" in result.stdout and ":18:1: error schema unknown key `yes`" in result.stdout
    assert "True" not in result.stdout and "duplicate" not in result.stdout
