"""`armybuilder batch`: a folder of submissions in every format, an event's rules, every report format."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
import yaml
from goldens import assert_golden
from shared_fixtures import workspace_of
from typer.testing import CliRunner, Result

from armybuilder import batch
from armybuilder.cli import app
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate_path
from armybuilder.games.asoiaf.interchange import export_list

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = (ROOT / "examples" / "stark-40.yaml").read_text()
SHARE_CODE = "EglWaWN0YXJpb24YCCAoKABaAwi4VFoHCLdUEMOiAVoDCLFUWgMIslRaCwi0VBDCogEQyaIBYNPwAWDU8AFgw+0B"
ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "160", "ARMYBUILDER_NO_CACHE": None, "ARMYBUILDER_DATA": None}
runner = CliRunner(env=ENV)


def run(*args: str | Path) -> Result:
    return runner.invoke(app, ["batch", *map(str, args)])


def variant(name: str, **changes: str) -> str:
    """The example Stark list under another name, with whole lines swapped."""
    text = EXAMPLE.replace("name: Wolves of the North", f"name: {name}")
    for old, new in changes.items():
        assert old in text
        text = text.replace(old, new)
    return text


def numbered_lists(folder: Path, count: int, every: int) -> Path:
    """`count` copies of the example as `p<n>--x.yaml`; every `every`-th (from the first) is for 30 points."""
    folder.mkdir()
    for n in range(count):
        text = variant(f"List {n}") if n % every else variant(f"List {n}", **{"points: 40": "points: 30"})
        (folder / f"p{n:03d}--x.yaml").write_text(text)
    return folder


@pytest.fixture
def club(tmp_path: Path, catalogue: Catalogue) -> Path:
    """A club night's submissions: legal and illegal lists in every format, and files that are no list."""
    folder = tmp_path / "submissions"
    (folder / "alice").mkdir(parents=True)
    (folder / "alice" / "list.yaml").write_text(variant("Alice's wolves"))
    (folder / "bob--main.yaml").write_text(variant("Bob's wolves", **{"points: 40": "points: 30"}))
    (folder / "carol--code.txt").write_text(SHARE_CODE + "\n")
    export = export_list(
        "asoiaf-stats", validate_path(ROOT / "examples" / "stark-40.yaml", catalogue), catalogue
    )
    (folder / "dave--export.txt").write_text(export)
    (folder / "erin.yaml").write_text(
        variant("Erin's", **{"  - Stark Bowmen\n": "  - Stark Bowmen\n  - Stark Bowmen\n"})
    )
    (folder / "junk.bin").write_bytes(bytes(range(256)) * 4)
    (folder / "empty.yaml").write_bytes(b"")
    (folder / "typo--list.txt").write_text("EglWaWN0YXJpb24YCCAo!!not a code")
    return folder


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "event.yaml"
    path.write_text('name: Spring Open\npoints: 40\ndata_version: "2025.02"\nfactions: [stark, greyjoy]\n')
    return path


EXPECTED = {  # file -> (player, valid, first failing rule)
    "alice/list.yaml": ("alice", True, None),
    "bob--main.yaml": ("bob", False, "event-points"),
    "carol--code.txt": ("carol", False, "points-limit"),
    "dave--export.txt": ("dave", True, None),
    "empty.yaml": ("empty", False, "schema"),
    "erin.yaml": ("erin", False, "points-limit"),
    "junk.bin": ("junk", False, "syntax"),
    "typo--list.txt": ("typo", False, "import"),
}


def snapshot(folder: Path) -> dict[str, float]:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in sorted(folder.rglob("*"))}


def rows_by_file(rows: batch.Results, folder: Path) -> dict[str, batch.Row]:
    return {Path(r.path).relative_to(folder).as_posix(): r for r in rows}


def test_every_verdict(club: Path, event: Path, catalogue: Catalogue) -> None:
    ev = batch.load_event(event, workspace_of(catalogue))
    rows = batch.run(batch.collect([str(club)]), workspace_of(catalogue), batch.Config(event=ev))
    found = rows_by_file(rows, club)
    assert set(found) == set(EXPECTED)
    for name, (player, valid, rule) in EXPECTED.items():
        row = found[name]
        assert (row.player, row.valid) == (player, valid), (name, row.problems)
        if rule is not None:
            assert row.first_problem is not None and row.first_problem.rule == rule, (name, row.problems)
    assert found["carol--code.txt"].format == "warcouncil"
    assert found["carol--code.txt"].side == "greyjoy"
    assert found["carol--code.txt"].leader == "Victarion Greyjoy, The Iron Captain"
    assert found["dave--export.txt"].format == "asoiaf-stats"
    assert found["typo--list.txt"].problems  # a bad code is one invalid row, not a crash
    bob = found["bob--main.yaml"].first_problem
    assert bob is not None and bob.line == 4  # `points:` under the comment and name


def test_cli_exit_codes_and_table(club: Path, event: Path) -> None:
    before = snapshot(club)
    result = run(club, "--event", event)
    assert result.exit_code == 1, result.output
    for player in ("alice", "bob", "carol", "dave", "erin", "junk", "empty"):
        assert player in result.output
    assert "8 lists: 2 valid, 6 invalid" in result.output
    assert snapshot(club) == before
    assert run(club / "alice", club / "dave--export.txt", "--event", event).exit_code == 0
    assert run(club / "*.txt").exit_code == 1
    assert run(club / "nothing-*.yaml").exit_code == 2
    assert run(club / "missing").exit_code == 2


def test_forced_format(club: Path) -> None:
    result = run(club / "alice" / "list.yaml", "--from", "warcouncil")
    assert result.exit_code == 1
    assert "import" in result.output


@pytest.mark.parametrize("fmt", ["csv", "json", "xml", "html"])
def test_reports(club: Path, event: Path, tmp_path: Path, fmt: str) -> None:
    before = snapshot(club)
    out = tmp_path / "reports" / f"report.{fmt}"
    out.parent.mkdir()
    result = run(club, "--event", event, "--report", out)
    assert result.exit_code == 1, result.output
    assert snapshot(club) == before
    text = out.read_text(encoding="utf-8")
    players = {p for p, _, _ in EXPECTED.values()}
    if fmt == "csv":
        rows = list(csv.DictReader(io.StringIO(text)))
        assert {r["player"] for r in rows} == players
        assert {r["player"]: r["verdict"] == "valid" for r in rows} == {p: v for p, v, _ in EXPECTED.values()}
    elif fmt == "json":
        data = json.loads(text)
        assert data["data_version"] == "2025.02" and data["total"] == 8 and data["invalid"] == 6
        assert {x["player"]: x["valid"] for x in data["lists"]} == {p: v for p, v, _ in EXPECTED.values()}
        bob = next(x for x in data["lists"] if x["player"] == "bob")
        assert bob["problems"][0]["rule"] == "event-points"
    elif fmt == "xml":
        root = ET.fromstring(text)
        cases = root.findall(".//testcase")
        assert {c.get("classname") for c in cases} == players
        failed = {c.get("classname") for c in cases if c.find("failure") is not None}
        assert failed == {p for p, v, _ in EXPECTED.values() if not v}
        assert root.find("testsuite").get("failures") == "6"  # type: ignore[union-attr]
    else:
        assert text.startswith("<!DOCTYPE html>")
        for player in players:
            assert f">{player}</a>" in text
    assert run(club, "--report", out).exit_code == 2  # exists: needs --force
    assert run(club, "--report", out, "--force").exit_code == 1


def test_terminal_table_golden(club: Path, event: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(club.parent)
    shutil.copy(event, "spring.yaml")
    result = CliRunner(env={**ENV, "ARMYBUILDER_WIDTH": "100"}).invoke(
        app, ["batch", "submissions", "--event", "spring.yaml"]
    )
    assert result.exit_code == 1
    assert_golden("batch-club.txt", result.stdout)


def test_long_table_stays_aligned(tmp_path: Path) -> None:
    """A table longer than one printed run of rows keeps every column where the header put it."""
    folder = numbered_lists(tmp_path / "s", 450, every=3)
    result = run(folder)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("player"))
    column = header.index("verdict")
    rows = [line for line in lines if line.lstrip().startswith("p") and line.lstrip()[1:4].isdigit()]
    assert len(rows) == 450
    assert all(line[column:].startswith(("valid", "invalid")) for line in rows)
    assert "450 lists: 300 valid, 150 invalid" in result.output


def test_json_report_is_indented_like_json_dumps(club: Path, event: Path, tmp_path: Path) -> None:
    """The JSON report is written piece by piece, yet reads exactly like `json.dumps(..., indent=2)`."""
    out = tmp_path / "r.json"
    assert run(club, "--event", event, "--report", out).exit_code == 1
    text = out.read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"
    single = tmp_path / "one.json"
    assert run(club / "alice", "--report", single).exit_code == 0
    assert single.read_text() == json.dumps(json.loads(single.read_text()), indent=2) + "\n"


def test_results_count_lists_failed_by_the_event(tmp_path: Path, catalogue: Catalogue) -> None:
    """A list valid on its own but failed across lists (a duplicate) is counted invalid, and says why."""
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "ivy--a.yaml").write_text(variant("Ivy"))
    (folder / "ivy--b.yaml").write_text(variant("Ivy"))
    event = tmp_path / "event.yaml"
    event.write_text("points: 40\n")
    config = batch.Config(event=batch.load_event(event, workspace_of(catalogue)))
    with batch.run(batch.collect([str(folder)]), workspace_of(catalogue), config) as results:
        assert (len(results), results.invalid) == (2, 1)
        rows = list(results)
        assert [r.valid for r in rows] == [True, False]
        assert rows[1].first_problem is not None and rows[1].first_problem.rule == "event-duplicate"
        assert list(results) == rows  # the rows can be read again, as each report does


def test_report_format_option(club: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.out"
    assert run(club / "alice", "--report", out).exit_code == 2
    assert run(club / "alice", "--report", out, "--report-format", "json").exit_code == 0
    assert json.loads(out.read_text())["valid"] == 1


def test_html_escapes_everything(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "x.yaml").write_text(
        variant('"<script>alert(1)</script>"').replace("name:", 'player: "<b>eve</b>"\nname:')
    )
    out = tmp_path / "r.html"
    assert run(folder, "--report", out).exit_code == 0
    text = out.read_text()
    assert "<script>alert" not in text and "<b>eve" not in text
    assert "&lt;b&gt;eve&lt;/b&gt;" in text


def test_two_lists_per_player(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    (folder / "frank").mkdir(parents=True)
    (folder / "frank" / "one.yaml").write_text(variant("Frank one"))
    (folder / "frank" / "two.yaml").write_text(variant("Frank two"))
    (folder / "gina--a.yaml").write_text(variant("Gina"))
    (folder / "gina--b.yaml").write_text(variant("Gina"))  # the same list twice
    (folder / "hank.yaml").write_text(variant("Hank alone"))
    event = tmp_path / "event.yaml"
    event.write_text("points: 40\nlists_per_player: 2\n")
    result = run(folder, "--event", event, "--report", tmp_path / "r.json")
    assert result.exit_code == 1
    lists = {
        Path(x["path"]).relative_to(folder).as_posix(): x
        for x in json.loads((tmp_path / "r.json").read_text())["lists"]
    }
    rules = {k: [p["rule"] for p in v["problems"]] for k, v in lists.items()}
    assert rules["frank/one.yaml"] == []
    assert "event-two-lists" in rules["frank/two.yaml"]
    two = next(p for p in lists["frank/two.yaml"]["problems"] if p["rule"] == "event-two-lists")
    assert "Robb Stark" in two["message"] and two["line"] > 0
    assert "event-duplicate" in rules["gina--b.yaml"]
    assert "event-two-lists" in rules["gina--a.yaml"]  # the copy does not count: one list
    assert "event-two-lists" in rules["hank.yaml"]


def test_duplicate_submission(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "ivy--first.yaml").write_text(variant("Ivy one"))
    (folder / "later.yaml").write_text("player: Ivy\n" + variant("Ivy two"))
    event = tmp_path / "event.yaml"
    event.write_text("points: 40\n")
    result = run(folder, "--event", event)
    assert result.exit_code == 1
    assert "event-duplicate" in result.output and "ivy already submitted 1 list" in result.output.replace(
        "Ivy", "ivy"
    )


def test_teams(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "jo.yaml").write_text(variant("Jo"))
    (folder / "kim.yaml").write_text(variant("Kim"))
    (folder / "lee.yaml").write_text("team: Lions\n" + variant("Lee"))
    event = tmp_path / "event.yaml"
    event.write_text("points: 40\nteams:\n  Wolves: [jo, Kim]\n  Lions: [lee]\n")
    result = run(folder, "--event", event, "--report", tmp_path / "r.json")
    assert result.exit_code == 1
    lists = {Path(x["path"]).name: x for x in json.loads((tmp_path / "r.json").read_text())["lists"]}
    assert lists["jo.yaml"]["valid"] and lists["lee.yaml"]["valid"]
    assert not lists["kim.yaml"]["valid"]
    assert lists["kim.yaml"]["team"] == "Wolves"
    assert {p["rule"] for p in lists["kim.yaml"]["problems"]} == {"unique-character"}
    assert all("team-mate" in p["message"] for p in lists["kim.yaml"]["problems"])
    # teams named in the lists themselves
    (folder / "lee.yaml").unlink()
    for name in ("jo", "kim"):
        path = folder / f"{name}.yaml"
        path.write_text("team: Wolves\n" + path.read_text())
    event.write_text("points: 40\n")
    assert run(folder, "--event", event).exit_code == 1


def test_event_bans_and_factions(club: Path, tmp_path: Path) -> None:
    event = tmp_path / "event.yaml"
    event.write_text(
        "banned_cards: [Umber Champion]\nbanned_characters: [Catelyn Stark]\nfactions: [greyjoy]\n"
    )
    result = run(club / "alice", "--event", event)
    assert result.exit_code == 1
    for rule in ("event-ban", "event-faction"):
        assert rule in result.output
    assert "Umber Champion is banned" in result.output and "Catelyn Stark" in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("points: 40\nprize: cake\n", "event.yaml:2: unknown key `prize`"),
        ("points: 40\nfactions: [starks]\n", "event.yaml:2: unknown faction"),
        ("points: forty\n", "event.yaml:1: `points` must be"),
        ("banned_cards:\n  - No Such Card\n", "event.yaml:2: no card called"),
        ("points: 40\npoints: 30\n", "duplicate key"),
        ("points: [40\n", "invalid YAML"),
        ('data_version: "1999.01"\n', "event.yaml:1: data_version 1999.01: no card data version '1999.01'"),
        ("lists_per_player: 3\n", "`lists_per_player` must be 1 or 2"),
    ],
)
def test_bad_event_file(club: Path, tmp_path: Path, content: str, message: str) -> None:
    event = tmp_path / "event.yaml"
    event.write_text(content)
    result = run(club, "--event", event)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_missing_event_file(club: Path, tmp_path: Path) -> None:
    assert run(club, "--event", tmp_path / "nope.yaml").exit_code == 2


def test_player_naming() -> None:
    assert batch.player_from_path(batch.Submission("s/ann--round1.yaml", "s")) == "ann"
    assert batch.player_from_path(batch.Submission("s/ann/list.yaml", "s")) == "ann"
    assert batch.player_from_path(batch.Submission("s/team/ann/list.yaml", "s")) == "ann"
    assert batch.player_from_path(batch.Submission("ann.yaml", None)) == "ann"
    # a dot in the name is the player's (two players, not one called `jon`); a second extension is not
    assert batch.player_from_path(batch.Submission("s/jon.snow.yaml", "s")) == "jon.snow"
    assert batch.player_from_path(batch.Submission("s/jon.stark.yaml", "s")) == "jon.stark"
    assert batch.player_from_path(batch.Submission("J. Mormont.yml", None)) == "J. Mormont"
    assert batch.player_from_path(batch.Submission("ann.yaml.txt", None)) == "ann"
    assert batch.player_from_path(batch.Submission(".hidden", None)) == ".hidden"
    assert batch.player_from_path(batch.Submission("s/x/ann--b.yaml", "s")) == "ann"


def test_parallel_rows_equal_serial(club: Path, event: Path, catalogue: Catalogue) -> None:
    ev = batch.load_event(event, workspace_of(catalogue))
    subs = batch.collect([str(club)])
    config = batch.Config(event=ev)
    with (
        batch.run(subs, workspace_of(catalogue), config, jobs=2) as parallel,
        batch.run(subs, workspace_of(catalogue), config, jobs=1) as serial,
    ):
        assert list(parallel) == list(serial)
        assert (len(parallel), parallel.invalid) == (len(serial), serial.invalid) == (8, 6)


@pytest.fixture
def many(tmp_path: Path) -> Path:
    """Sixty submissions: enough runs of lists for the worker processes to share."""
    return numbered_lists(tmp_path / "many", 60, every=4)


def test_workers_share_a_batch_in_order(many: Path, catalogue: Catalogue) -> None:
    subs = batch.collect([str(many)])
    with (
        batch.run(subs, workspace_of(catalogue), batch.Config(), jobs=3) as parallel,
        batch.run(subs, workspace_of(catalogue), batch.Config(), jobs=1) as serial,
    ):
        assert list(parallel) == list(serial)
        assert [r.path for r in parallel] == [s.path for s in subs]
        assert (len(parallel), parallel.invalid) == (60, 15)


def test_team_checks_equal_on_one_process_and_two(tmp_path: Path, catalogue: Catalogue) -> None:
    """160 team lists checked on two processes: the checks across lists (made from what each worker kept of
    its lists, no list read twice) find the same problems as on one."""
    folder = numbered_lists(tmp_path / "s", 160, every=1000)  # the same characters; only p000 over points
    players = [f"p{n:03d}" for n in range(160)]
    event = tmp_path / "event.yaml"
    event.write_text(
        f"points: 40\nteams:\n  Odd: [{', '.join(players[1::2])}]\n  Even: [{', '.join(players[::2])}]\n"
    )
    config = batch.Config(event=batch.load_event(event, workspace_of(catalogue)))
    subs = batch.collect([str(folder)])
    with (
        batch.run(subs, workspace_of(catalogue), config, jobs=2) as parallel,
        batch.run(subs, workspace_of(catalogue), config, jobs=1) as serial,
    ):
        rows = list(parallel)
        assert rows == list(serial)
        assert parallel.invalid == 159  # p000 (points), and every later list of a team repeats its characters
        assert rows[1].valid and {p.rule for p in rows[0].errors} == {"event-points", "points-limit"}
        assert {r.team for r in rows} == {"Odd", "Even"}
        assert all(p.rule == "unique-character" for r in rows[2:] for p in r.errors)


def test_a_worker_that_dies_does_not_lose_lists(
    many: Path, catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker killed after taking a run of lists (out of memory, say): this process checks that run."""
    main = os.getpid()
    check = batch.check.check_chunk

    def dying(*args: object) -> object:
        if os.getpid() != main:
            os._exit(1)
        return check(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "check_chunk", dying)
    subs = batch.collect([str(many)])
    with batch.run(subs, workspace_of(catalogue), batch.Config(), jobs=2) as results:
        rows = list(results)
    assert [r.path for r in rows] == [s.path for s in subs]
    assert (len(rows), results.invalid) == (60, 15)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_an_invalid_row_not_a_hang(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "alice.yaml").write_text(EXAMPLE)
    os.mkfifo(folder / "pipe.yaml")  # nobody ever writes to it: reading it would wait forever
    result = run(folder)
    assert result.exit_code == 1
    assert "not a regular file" in result.output and "2 lists: 1 valid, 1 invalid" in result.output


ODD_YAML = [
    b"a: &x 1\nb: *x\n",
    b"a: 1\na: 2\n",
    b"<<: {a: 1}\n",
    b"[1, 2\n",
    b"a: 0o17\nb: 012\nc: +5\nd: 1_000\ne: yes\nf: 1.5\ng: ~\nh: 2020-01-01\n",
    b"- [[[[[]]]]]\n" * 3,
    b"\xef\xbb\xbfname: bom\n",
    b"? [a, b]\n: 1\n",
    b"",
]


@pytest.mark.parametrize("blob", ODD_YAML)
def test_odd_yaml_is_an_invalid_row_not_a_crash(tmp_path: Path, catalogue: Catalogue, blob: bytes) -> None:
    """Whatever odd YAML a player submits becomes an invalid row with a positioned problem."""
    path = tmp_path / "odd.yaml"
    path.write_bytes(blob)
    row = batch.check_one(batch.Submission(str(path), None), workspace_of(catalogue), batch.Config())
    assert not row.valid
    reading = [p for p in row.errors if p.rule in ("syntax", "schema")]
    assert reading and all(p.line >= 1 for p in reading)


def test_pre_commit_hook_definition() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"] == "armybuilder-validate")
    assert hook["entry"].split()[:2] == ["armybuilder", "validate"]
    assert hook["language"] == "python" and hook["pass_filenames"] is True
    import re

    assert re.search(hook["files"], "lists/alice.yaml") and re.search(hook["files"], "x.yml")
    assert not re.search(hook["files"], "README.md")


def chromium() -> str | None:
    exe = shutil.which("chromium")
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed; CI must run the browser tests (apt-get install chromium)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return exe


@pytest.mark.browser
def test_html_report_in_chromium(club: Path, event: Path, tmp_path: Path) -> None:
    exe = chromium()
    assert exe is not None
    out = tmp_path / "report.html"
    assert run(club, "--event", event, "--report", out).exit_code == 1
    profile = tmp_path / "profile"
    dom = subprocess.run(
        [
            exe,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
            "--dump-dom",
            out.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    summary = dom.split('id="summary"', 1)[1].split("</table>", 1)[0]
    for player, _valid, _rule in EXPECTED.values():
        assert f">{player}</a>" in summary
    assert summary.count('class="valid"') == 2 and summary.count('class="invalid"') == 6


# --- the event report an organiser runs a tournament from ------------------------------------------------

CASES = ROOT / "tests" / "cases" / "valid"
PASTED_BOB = """Bob's Watch
Faction: Night's Watch
Points: 40

Veterans of the Watch (7)
Jon Snow (C)
Sworn Brothers (7)
Watch Captain (3)
Ranger Trackers (6)
Aemon (4)
"""
# the second list repeats Jon Snow and Aemon (a player's two lists share no character) and, at 44 points,
# is over the game size
PASTED_BOB_TOO = """Faction: Night's Watch
Points: 40
Veterans of the Watch (7)
Sworn Brothers (7)
with Jon Snow (C)
Sworn Brothers (7)
Ranger Trackers (6)
Ranger Trackers (6)
Aemon (4)
Sworn Brothers (7)
"""


@pytest.fixture
def tournament(tmp_path: Path) -> tuple[Path, Path]:
    """Two lists per player: Alice done, Bob's pasted lists at fault, Carol one list short, Dee a
    Brotherhood list (no War Council code); and the files a folder of submissions also holds."""
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "alice--wolves.yaml").write_text(variant("Alice wolves"))
    (folder / "alice--ned.yaml").write_text((CASES / "stark-eddard.yaml").read_text())
    (folder / "bob--one.txt").write_text(PASTED_BOB)
    (folder / "bob--two.txt").write_text(PASTED_BOB_TOO)
    (folder / "carol--only.yaml").write_text(variant("Carol"))
    (folder / "dee--a.yaml").write_text((CASES / "brotherhood-40.yaml").read_text())
    (folder / "dee--b.yaml").write_text(
        (CASES / "brotherhood-40.yaml").read_text().replace("Peasant Levy", "Men-At-Arms", 1)
        .replace('["Beric Dondarrion, Lightining Lord"]', '["Beric Dondarrion, Lightining Lord"]\n  - Peasant Levy', 1)
    )  # fmt: skip
    for name in ("README.md", "scores.csv", "old-report.html", "photo.png", "rules.pdf", "last.json"):
        (folder / name).write_text("not a list\n")
    event = tmp_path / "event.yaml"
    event.write_text("name: Spring Open\npoints: 40\nlists_per_player: 2\n")
    return folder, event


def test_event_report_for_two_lists_per_player(tournament: tuple[Path, Path], tmp_path: Path) -> None:
    folder, event = tournament
    out = tmp_path / "report.json"
    result = run(folder, "--event", event, "--report", out)
    assert result.exit_code == 1, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["format_version"] == 1
    # each player first: is Alice done?
    players = {p["player"]: (p["lists"], p["valid"], p["ok"]) for p in data["players"]}
    assert players == {"alice": (2, 2, True), "bob": (2, 1, False), "carol": (1, 0, False), "dee": (2, 1, False)}
    bob = next(p for p in data["players"] if p["player"] == "bob")
    assert len(bob["to_fix"]) == 1 and bob["to_fix"][0].startswith("bob--two.txt: ")
    # the field, for the announcement and its balance
    assert {f["faction"]: (f["players"], f["lists"]) for f in data["field"]["factions"]} == {
        "House Stark": (2, 3),
        "The Night's Watch": (1, 2),
        "Brotherhood Without Banners": (1, 2),
    }
    commanders = {c["commander"]: c["lists"] for c in data["field"]["commanders"]}
    assert commanders["Jon Snow, 998th Lord Commander"] == 2
    assert commanders["Robb Stark, The Wolf Lord"] == 2 and commanders["Eddard Stark, Lord of Winterfell"] == 1
    # files that are no submissions are skipped and listed, not judged invalid
    skipped = sorted(Path(p).name for p in data["skipped"])
    assert skipped == ["README.md", "last.json", "old-report.html", "photo.png", "rules.pdf", "scores.csv"]
    assert data["total"] == 7
    assert "skipped 6 (no list)" in result.output
    # problems in a .txt submission point at the line of that file
    lists = {Path(x["path"]).name: x for x in data["lists"]}
    two = {(p["rule"], p["line"]) for p in lists["bob--two.txt"]["problems"]}
    assert ("points-limit", 2) in two  # `Points: 40`
    assert ("event-two-lists", 5) in two  # `with Jon Snow (C)`: Jon Snow again
    assert ("event-two-lists", 9) in two  # `Aemon (4)`
    # each row carries the list and its share code
    first = lists["bob--one.txt"]
    assert first["share_code"] and first["list"]["units"][0]["unit"]["name"] == "Veterans of the Watch"
    assert [a["name"] for a in first["list"]["units"][0]["attachments"]] == ["Jon Snow, 998th Lord Commander"]
    assert [n["name"] for n in first["list"]["ncus"]] == ["Aemon, Maester of Castle Black"]
    assert lists["dee--a.yaml"]["share_code"] is None
    assert "Brotherhood Without Banners" in lists["dee--a.yaml"]["share_code_note"]
    roster = [(e["player"], Path(e["path"]).name) for e in data["roster"]]
    assert roster[:2] == [("alice", "alice--ned.yaml"), ("alice", "alice--wolves.yaml")]


def test_line_numbers_of_text_submissions(tmp_path: Path, catalogue: Catalogue) -> None:
    """A share code on its third line, a pasted list: problems at the lines of the files the players sent,
    a problem of no line of them says so."""
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "code.txt").write_text("\n\n" + SHARE_CODE + "\n")
    (folder / "pasted.txt").write_text(PASTED_BOB_TOO)
    rows = rows_by_file(batch.run(batch.collect([str(folder)]), workspace_of(catalogue), batch.Config()), folder)
    code = rows["code.txt"].first_problem
    assert code is not None and (code.rule, code.line) == ("points-limit", 3)
    pasted = rows["pasted.txt"].first_problem
    assert pasted is not None and (pasted.rule, pasted.line) == ("points-limit", 2)
    result = run(folder)
    assert "points-limit: the list costs 44 points" in result.output and "(line 2)" in result.output
    # no size stated: the printed costs (of another season) add up to 30, and the list costs 23 today
    (folder / "nameless.txt").write_text(
        "Sworn Brothers (8)\nwith Jon Snow (C)\nSworn Brothers (8)\nRanger Trackers (7)\nGhost (7)\n"
    )
    result = run(folder, "--report", tmp_path / "r.csv")
    nameless = next(r for r in csv.DictReader(io.StringIO((tmp_path / "r.csv").read_text())) if "nameless" in r["path"])
    assert nameless["verdict"] == "valid"  # 23 of 30 points: a warning only, at no line of the file
    assert nameless["first_problem"] == ""  # a warning is never a valid list's "first problem"
    assert "whole file" in run(folder, "--strict").output


def test_report_html_prints_well(tournament: tuple[Path, Path], tmp_path: Path) -> None:
    folder, event = tournament
    out = tmp_path / "report.html"
    assert run(folder, "--event", event, "--report", out).exit_code == 1
    page = out.read_text(encoding="utf-8")
    assert "<iframe" not in page
    assert page.index("<h2>Players</h2>") < page.index("<h2>Lists</h2>") < page.index("<h2>The field</h2>")
    assert page.index("<h2>The field</h2>") < page.index("<h2>Roster</h2>") < page.index('id="list-0"')
    assert "break-before:page" in page and "<th>team</th>" not in page  # no empty team column
    assert page.count('<div class="sheet ') == 7 and ".sheet.f-stark" in page
    assert '<td><a href="#list-0">' in page  # each row links to its sheet
    assert "<code>" + str(folder / "README.md") + "</code>" in page


def test_pack_holds_every_valid_list(tournament: tuple[Path, Path], tmp_path: Path) -> None:
    folder, event = tournament
    pack = tmp_path / "pack.html"
    assert run(folder, "--event", event, "--pack", pack).exit_code == 1
    page = pack.read_text(encoding="utf-8")
    assert page.count('<div class="sheet ') == 4  # Alice's two, Bob's first, Dee's first
    assert "Alice wolves" in page and "Bob&#x27;s Watch" in page and "Carol" not in page
    assert "@page { size: A4;" in page and "<script" not in page
    assert run(folder, "--event", event, "--pack", pack).exit_code == 2  # exists: needs --force


def test_existing_report_is_refused_before_anything_is_checked(club: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    out.write_text("keep me")
    result = run(club, "--report", out)
    assert result.exit_code == 2
    assert f"--report {out} exists; pass --force" in result.output
    assert "alice" not in result.output  # said before the batch ran
    assert out.read_text() == "keep me"


def test_from_forces_a_format_on_everything(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "code.md").write_text(SHARE_CODE + "\n")
    nothing = run(folder)
    assert nothing.exit_code == 2 and "1 file skipped: no lists by their names" in nothing.output
    (folder / "x.yaml").write_text(EXAMPLE)
    assert "skipped 1 (no list)" in run(folder).output
    result = run(folder, "--from", "warcouncil")
    assert "skipped" not in result.output and "greyjoy" in result.output
    assert "greyjoy" in run(folder / "code.md").output  # a file named on its own is read


def test_csv_rows_carry_the_list_and_share_code(club: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    run(club / "alice", "--report", out)
    row = next(csv.DictReader(io.StringIO(out.read_text())))
    assert row["share_code"].startswith("E") and len(row["share_code"]) > 40
    assert row["list"].startswith("Stark Sworn Swords + Robb Stark, The Wolf Lord; ")


def test_team_column_only_when_there_are_teams(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "jo.yaml").write_text("team: Wolves\n" + variant("Jo"))
    out = tmp_path / "r.html"
    assert run(folder, "--report", out).exit_code == 0
    assert "<th>team</th>" in out.read_text()


@pytest.mark.browser
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pack_prints_one_page_per_valid_list(tournament: tuple[Path, Path], tmp_path: Path, paper: str) -> None:
    from test_sheet_browser import page_count, print_to_pdf

    folder, event = tournament
    pack = tmp_path / "pack.html"
    assert run(folder, "--event", event, "--pack", pack, "--page", paper).exit_code == 1
    pdf = tmp_path / "pack.pdf"
    data = print_to_pdf(pack, pdf, tmp_path / "profile")
    assert page_count(pdf, data) == 4


def test_event_rule_problems_of_a_text_submission_point_at_its_lines(tmp_path: Path, catalogue: Catalogue) -> None:
    """An event rule's problem about a pasted list points at the line of the text the player sent (not at a
    line of the YAML it was converted to)."""
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "bob.txt").write_text(PASTED_BOB)
    event_file = tmp_path / "event.yaml"
    event_file.write_text("points: 40\nbanned_cards: [Aemon]\n")
    ev = batch.load_event(event_file, workspace_of(catalogue))
    rows = rows_by_file(batch.run(batch.collect([str(folder)]), workspace_of(catalogue), batch.Config(event=ev)), folder)
    bans = [p for p in rows["bob.txt"].problems if p.rule == "event-ban"]
    assert [p.line for p in bans] == [10]  # `Aemon (4)`


def test_plain_table_golden(club: Path, event: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Into a file or a pipe (no layout width asked for) the table is plain aligned rows, nothing wrapped."""
    monkeypatch.chdir(club.parent)
    shutil.copy(event, "spring.yaml")
    result = CliRunner(env={**ENV, "ARMYBUILDER_WIDTH": None, "COLUMNS": None}).invoke(
        app, ["batch", "submissions", "--event", "spring.yaml"]
    )
    assert result.exit_code == 1
    assert_golden("batch-club-plain.txt", result.stdout)


def test_plain_table_aligns_wide_names_and_escapes_controls(tmp_path: Path) -> None:
    """A player named in Chinese keeps the columns aligned (two columns a character); a control character
    in a file name is shown escaped, never sent to whoever reads the output."""
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "a.yaml").write_text(variant("A").replace("faction:", "player: 龍之母\nfaction:", 1))
    (folder / "b\x1b[2J.yaml").write_text(variant("B", **{"points: 40": "points: 30"}))
    result = CliRunner(env={**ENV, "ARMYBUILDER_WIDTH": None, "COLUMNS": None}).invoke(app, ["batch", str(folder)])
    assert result.exit_code == 1
    assert "\x1b" not in result.stdout
    assert "b\\x1b[2J.yaml" in result.stdout
    lines = result.stdout.splitlines()
    header, rows = lines[0], lines[2:4]
    column = header.index("verdict")
    wide = next(line for line in rows if "龍之母" in line)
    assert wide[column - len("龍之母") :].startswith("valid")  # three characters, six columns wide
    assert next(line for line in rows if "龍之母" not in line)[column:].startswith("invalid")


def test_plain_problem_lines_escape_what_a_file_wrote(tmp_path: Path) -> None:
    """A card name a player wrote with bidirectional controls and a no-break space is quoted in the problem
    lines with the controls escaped (shown, never sent), the lines still aligned under their headings."""
    folder = tmp_path / "s"
    folder.mkdir()
    odd = 'ncus: ["Ser \u202eNo\u2066card\u00a0here"]'
    (folder / "a.yaml").write_text(variant("A", **{"ncus: [Catelyn Stark]": odd}), encoding="utf-8")
    result = CliRunner(env={**ENV, "ARMYBUILDER_WIDTH": None, "COLUMNS": None}).invoke(app, ["batch", str(folder)])
    assert result.exit_code == 1
    assert "\u202e" not in result.stdout and "\u2066" not in result.stdout
    section = result.stdout.split("): invalid\n", 1)[1].splitlines()
    heading, problem = section[0], next(line for line in section if "\\u202e" in line)
    assert "\\u2066card" in problem
    assert problem.index("unknown-card") == heading.index("rule")  # aligned under its heading


def test_the_games_a_batch_loads_before_forking_are_those_its_files_name(tmp_path: Path) -> None:
    """`likely_games` reads the top-level `game:` line of a sample (aliases, quotes and comments as YAML
    has them); a file naming none is the default game's, and an unreadable one or an unknown game adds none."""
    files = {
        "a.yaml": "game: hve   # the short name\nname: x\n",
        "b.yaml": "name: y\ngame: 'war-of-the-ring'\n",
        "c.yaml": "faction: stark\n  game: agot-board-game\n",  # not top-level: a list of the default game
        "d.yaml": "game: no-such-game\n",
        "e.txt": "not yaml at all",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "f.yaml")  # never read: it would block
    subs = batch.collect([str(tmp_path)])
    assert batch.likely_games(subs) == ["horde-vs-empire-cards", "war-of-the-ring", "asoiaf"]
    only_decks = [s for s in subs if s.path.endswith("a.yaml")]
    assert batch.likely_games(only_decks) == ["horde-vs-empire-cards"]


def test_plain_table_carries_the_problems_found_across_files(tmp_path: Path) -> None:
    """The plain table reads each row as the workers packed it, merged with what only the whole batch
    finds (a second submission, a team-mate's character): its verdicts and first problems are the report's."""
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "ivy--first.yaml").write_text(variant("Ivy one"))
    (folder / "later.yaml").write_text("player: Ivy\n" + variant("Ivy two"))
    (folder / "jo.yaml").write_text(variant("Jo"))
    (folder / "kim.yaml").write_text(variant("Kim"))
    event = tmp_path / "event.yaml"
    event.write_text("points: 40\nteams:\n  Wolves: [jo, Kim]\n  Ivies: [ivy]\n")
    result = CliRunner(env={**ENV, "ARMYBUILDER_WIDTH": None, "COLUMNS": None}).invoke(
        app, ["batch", str(folder), "--event", str(event), "--report", str(tmp_path / "r.json")]
    )
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    table = {line.split()[1]: line for line in lines[2 : 2 + 4]}
    lists = {Path(x["path"]).name: x for x in json.loads((tmp_path / "r.json").read_text())["lists"]}
    assert set(table) == set(lists)
    for name, entry in lists.items():
        verdict = "valid" if entry["valid"] else "invalid"
        assert f"  {verdict}" in table[name], table[name]
        if not entry["valid"]:
            first = entry["problems"][0]
            assert f"{first['rule']}: {first['message']}" in table[name]
    assert "event-duplicate" in table["later.yaml"] and "unique-character" in table["kim.yaml"]
    assert f"{folder / 'kim.yaml'} (kim): invalid" in result.stdout  # and its problems below the table
    assert result.stdout.rstrip().endswith("4 lists: 2 valid, 2 invalid")


def submissions(tmp_path: Path, files: dict[str, str]) -> Path:
    """A folder `subs` of these files (name -> text)."""
    folder = tmp_path / "subs"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks here")
def test_a_second_name_of_a_list_is_said_not_dropped_silently(tmp_path: Path) -> None:
    folder = submissions(tmp_path, {"alice.yaml": EXAMPLE})
    os.symlink("alice.yaml", folder / "bob.yaml")  # bob sent alice's list: one file, checked once
    result = run(folder)
    assert result.exit_code == 0
    assert f"{folder / 'bob.yaml'} is the same file as {folder / 'alice.yaml'}; checked once" in result.stderr
    assert "1 list" in result.stdout


def test_players_with_a_dot_in_their_file_names_are_two_players(tmp_path: Path) -> None:
    folder = submissions(tmp_path, {"jon.snow.yaml": variant("Snow"), "jon.stark.yaml": variant("Stark")})
    event = tmp_path / "event.yaml"
    event.write_text("game: asoiaf\npoints: 40\nlists_per_player: 1\n")
    result = run(folder, "--event", event)
    assert result.exit_code == 0, result.output
    assert "jon.snow" in result.stdout and "jon.stark" in result.stdout
    assert "already submitted" not in result.output


def test_an_id_string_with_no_game_size_is_checked_at_the_events(tmp_path: Path) -> None:
    # a Tabletop Simulator id string of 36 points: at a 50-point event it is a 50-point list, not a
    # 40-point one (the smallest size that holds it) told to "rebuild it for 50"
    folder = submissions(tmp_path, {"ann.txt": "House Stark;10201,20201,10203,20203,10202,10205,10201,20204,10206\n"})
    event = tmp_path / "event.yaml"
    event.write_text("game: asoiaf\npoints: 50\n")
    result = run(folder, "--event", event)
    assert "event-points" not in result.output
    assert "36/50" in result.stdout
    assert result.exit_code == 0, result.output


def test_what_an_import_guessed_is_a_note_in_the_report(tmp_path: Path) -> None:
    # an asoiaf-stats export with a misspelt card: the strict reader refuses it, the pasted reader reads
    # `Stark Bowmenn` as Stark Bowmen; the list stays valid, and the report says how it was read
    text = (
        "Name: Wolves of the North\nFaction: House Stark\nCommander: Robb Stark, The Wolf Lord\nPoints: 40\n\n"
        "Combat Units\n• Stark Sworn Swords (5)\n  • Robb Stark, The Wolf Lord (C)\n• House Umber Berserkers (6)\n"
        "  • Umber Champion (1)\n• Stark Outriders (6)\n• Stark Bowmenn (6)\n• Stark Sworn Swords (5)\n"
        "  • Sworn Sword Captain (1)\n• House Tully Sworn Shields (6)\n\nNon Combat Units\n"
        "• Catelyn Stark, Lady of Winterfell (4)\n"
    )
    folder = submissions(tmp_path, {"ann.txt": text})
    report = tmp_path / "r.json"
    result = run(folder, "--report", report)
    assert result.exit_code == 0, result.output
    (row,) = json.loads(report.read_text(encoding="utf-8"))["lists"]
    assert row["valid"] is True and row["format"] == "text"  # read as a pasted list, not as asoiaf-stats
    assert [(p["rule"], p["severity"], p["line"]) for p in row["problems"]] == [("import", "note", 12)]
    assert "'Stark Bowmenn' read as Stark Bowmen" in row["problems"][0]["message"]


def test_a_hidden_list_is_said_and_an_editors_backup_is_skipped_not_a_second_entry(tmp_path: Path) -> None:
    folder = submissions(tmp_path, {"kim.yaml": EXAMPLE, "kim.yaml~": EXAMPLE, "kim.txt.bak": EXAMPLE,
                                    ".ivy.yaml": EXAMPLE, ".DS_Store": ""})  # fmt: skip
    (folder / ".git").mkdir()
    (folder / ".git" / "config.yaml").write_text(EXAMPLE, encoding="utf-8")
    result = run(folder)
    assert result.exit_code == 0
    assert "1 list: 1 valid" in result.stdout  # kim once
    assert "skipped 2 (no list)" in result.stdout and "kim.yaml~" in result.stdout
    assert f"skipped {folder / '.ivy.yaml'}: a hidden file; not read" in result.stderr
    assert ".DS_Store" not in result.output and ".git" not in result.output  # what is hidden and no list stays so


def test_a_text_file_holding_an_e_mail_is_read_for_its_code_or_told_it_is_no_list(tmp_path: Path) -> None:
    """An organiser's folder of e-mails: a code among the words is the list; a text of no format says so,
    not only that it is not YAML (with the YAML fault after it, for a list saved under another name)."""
    code = SHARE_CODE
    folder = tmp_path / "mail"
    folder.mkdir()
    (folder / "ann.txt").write_text(f"Hi Tom,\n\nhere is my list for Saturday:\n\n{code}\n\nCheers,\nAnn\n", "utf-8")
    (folder / "bob.txt").write_text("Hi Tom,\n\nhere is my list for Saturday: the Starks\n", "utf-8")
    run(str(folder), "--report", str(tmp_path / "r.json"))
    rows = {Path(r["path"]).name: r for r in json.loads((tmp_path / "r.json").read_text())["lists"]}
    assert rows["ann.txt"]["format"] == "warcouncil" and rows["ann.txt"]["faction"] == "House Greyjoy"
    problem = rows["bob.txt"]["problems"][0]
    assert problem["rule"] == "import" and "not a list in any format" in problem["message"]
    assert "as YAML:" in problem["message"] and problem["line"] == 3


@pytest.mark.parametrize(
    ("name", "blob", "told"),
    [
        ("late.zip", None, "this is a zip archive, not YAML text; unzip it and give the lists inside"),
        ("ann.docx", b"PK\x03\x04" + b"\x00" * 26 + b"[Content_Types].xml" + b"\x00" * 40, "this is an Office document"),
        ("ann.pdf.txt", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "this is a PDF document, not YAML text; copy the list's text"),
        ("lists.tar.gz", b"\x1f\x8b\x08\x00" + b"\x00" * 20, "this is a gzip archive"),
    ],
)
def test_an_archive_or_a_document_says_what_it_is_and_what_to_do(tmp_path: Path, name: str, blob: bytes | None, told: str) -> None:
    """A zip of late entries was 'a binary file', and the lists inside were never checked."""
    import zipfile

    path = tmp_path / name
    if blob is None:
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("ann.yaml", EXAMPLE)
    else:
        path.write_bytes(blob)
    result = run(path, "--report", tmp_path / "r.json")
    assert result.exit_code == 1
    (row,) = json.loads((tmp_path / "r.json").read_text())["lists"]
    assert not row["valid"] and told in row["problems"][0]["message"]
