"""A game plugs in through the seam alone: a tiny system from the tests runs through validate, new,
export, batch and a report, registered as a third-party plug-in (the `armybuilder.games` entry points)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from armybuilder import games

runner = CliRunner()


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The tiny game, found the way a plug-in is: through an entry point of the `armybuilder.games` group."""
    point = EntryPoint(name="tiny", value="tiny_game:SYSTEM", group=games.ENTRY_POINT_GROUP)

    def entry_points(group: str) -> list[EntryPoint]:
        return [point] if group == games.ENTRY_POINT_GROUP else []

    monkeypatch.setattr("importlib.metadata.entry_points", entry_points)
    monkeypatch.setattr(games, "_entry_points_read", False)
    yield
    games.unregister("tiny")
    games._entry_points_read = False


def run(*args: object) -> object:
    from armybuilder.cli import app

    return runner.invoke(app, [str(a) for a in args])


GOOD = "game: tiny\nname: Vanguard\nplayer: alice\nsquad: [knight, archer, archer, peasant, peasant]\n"
BAD = "game: tiny\nplayer: bob\nsquad:\n  - knight\n  - knight\n  - knight\n  - archer\n"


def test_the_plug_in_is_listed(tiny: None) -> None:
    result = run("games")
    assert "tiny: Tiny Skirmish — squad" in result.stdout  # type: ignore[attr-defined]
    assert "asoiaf" in result.stdout  # type: ignore[attr-defined]


def test_validate_through_the_seam(tiny: None, tmp_path: Path) -> None:
    (tmp_path / "good.yaml").write_text(GOOD)
    (tmp_path / "bad.yaml").write_text(BAD)
    result = run("validate", "--format", "parsable", tmp_path / "good.yaml", tmp_path / "bad.yaml")
    assert result.exit_code == 1  # type: ignore[attr-defined]
    lines = result.stdout.splitlines()  # type: ignore[attr-defined]
    assert lines == [
        f"{tmp_path / 'bad.yaml'}:3:1: error squad-size the squad has 4 pieces; field exactly 5",
        f"{tmp_path / 'bad.yaml'}:6:5: warning piece-limit a third knight slows the squad; field an archer",
    ]
    text = run("validate", tmp_path / "good.yaml")
    assert text.exit_code == 0  # type: ignore[attr-defined]
    assert ": valid" in text.stdout and "(5/5 pieces, cost 9)" in text.stdout  # type: ignore[attr-defined]


def test_new_and_export(tiny: None, tmp_path: Path) -> None:
    target = tmp_path / "new.yaml"
    assert run("new", "--game", "tiny", target).exit_code == 0  # type: ignore[attr-defined]
    assert run("validate", target).exit_code == 0  # type: ignore[attr-defined]
    refused = run("new", "--game", "tiny", tmp_path / "x.yaml", "--faction", "stark")
    assert refused.exit_code == 2  # type: ignore[attr-defined]
    out = run("export", target, "--format", "json")
    doc = json.loads(out.stdout)  # type: ignore[attr-defined]
    assert doc["game"] == "tiny" and doc["valid"] is True and doc["squad"][0] == "knight"
    assert doc["summary"]["tallies"]["pieces"] == {"value": 5, "limit": 5}


def test_batch_mixes_games_and_reports(tiny: None, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "alice.yaml").write_text(GOOD)
    (folder / "bob.yaml").write_text(BAD)
    stark = Path(__file__).parent.parent / "examples" / "stark-40.yaml"
    (folder / "carol.yaml").write_text(stark.read_text())
    report = tmp_path / "report.json"
    result = run("batch", folder, "--report", report)
    assert result.exit_code == 1, result.output  # type: ignore[attr-defined]
    lists = {Path(x["path"]).stem: x for x in json.loads(report.read_text())["files"]}  # a mixed batch: files
    assert lists["alice"]["valid"] and lists["alice"]["game"] == "tiny"
    assert not lists["bob"]["valid"]
    assert [p["rule"] for p in lists["bob"]["problems"]] == ["squad-size", "piece-limit"]
    assert lists["carol"]["valid"] and "game" not in lists["carol"]  # the default game, as before


def test_an_event_for_one_game_refuses_the_other(tiny: None, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "alice.yaml").write_text(GOOD)
    event = tmp_path / "event.yaml"
    event.write_text("name: Tiny Cup\ngame: asoiaf\npoints: 40\n")
    result = run("batch", folder, "--event", event, "--report", tmp_path / "r.csv")
    assert result.exit_code == 1  # type: ignore[attr-defined]
    assert "event-game" in (tmp_path / "r.csv").read_text()


def test_the_problem_registry_holds_the_plug_in(tiny: None) -> None:
    docs = games.problem_docs()
    assert set(docs["tiny"]) == {"schema", "squad-size", "piece-limit"}


def _plug(monkeypatch: pytest.MonkeyPatch, *points: EntryPoint) -> None:
    def entry_points(group: str) -> list[EntryPoint]:
        return list(points) if group == games.ENTRY_POINT_GROUP else []

    monkeypatch.setattr("importlib.metadata.entry_points", entry_points)
    monkeypatch.setattr(games, "_entry_points_read", False)


def test_a_plug_in_that_fails_to_load_is_told(monkeypatch: pytest.MonkeyPatch) -> None:
    _plug(monkeypatch, EntryPoint(name="broken", value="no_such_module:SYSTEM", group=games.ENTRY_POINT_GROUP))
    with pytest.raises(games.UsageError, match=r"the game plug-in 'broken' \(no_such_module:SYSTEM\) failed to load"):
        games.keys()
    games._entry_points_read = False


def test_a_command_two_games_claim_is_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plug-in adding `deck` (an ASOIAF command) is an error naming both, not a silent replacement."""
    import tiny_game
    import typer

    from armybuilder.games.capabilities import Commands

    class Commanding(tiny_game.TinyGame, Commands):
        def register_commands(self, app: typer.Typer) -> None:
            app.command("deck")(lambda: None)

    monkeypatch.setattr(tiny_game, "COMMANDING", Commanding(), raising=False)
    point = EntryPoint(name="tiny", value="tiny_game:COMMANDING", group=games.ENTRY_POINT_GROUP)
    _plug(monkeypatch, point)
    try:
        with pytest.raises(games.UsageError, match="the command `deck` is claimed by both the game 'asoiaf' and the game 'tiny'"):
            games.register_commands(typer.Typer())
    finally:
        games.unregister("tiny")
        games._entry_points_read = False


def test_the_plug_in_s_rules_are_listed_with_their_examples(tiny: None) -> None:
    result: Any = run("rules", "--game", "tiny")
    assert result.exit_code == 0
    assert [line.split()[:3] for line in result.output.splitlines()] == [
        ["tiny", "squad-size", "error"],
        ["tiny", "piece-limit", "warning"],
        ["tiny", "schema", "error"],
    ]


def test_a_capability_is_whole_or_the_game_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game declares what it does beyond checking (`armybuilder.games.capabilities`); the registry checks
    it once: a declared capability lacking a method, or a hook no declared capability calls, is an error
    naming the game and the method."""
    import tiny_game

    from armybuilder.games.capabilities import Sheets

    class HalfSheets(tiny_game.TinyGame, Sheets[Any]):
        def sheet_css(self, page: str | None = None) -> str:
            return ""

    with pytest.raises(games.UsageError, match=r"the game 'tiny' declares Sheets but has no `sheet_fragment`"):
        games.register(HalfSheets())

    class Undeclared(tiny_game.TinyGame):
        def sheet_fragment(self, report: Any, data: Any) -> str | None:
            return "<div></div>"

    with pytest.raises(games.UsageError, match=r"the game 'tiny' has `sheet_fragment` but does not declare Sheets"):
        games.register(Undeclared())

    monkeypatch.setattr(tiny_game, "HALF", HalfSheets(), raising=False)
    _plug(monkeypatch, EntryPoint(name="half", value="tiny_game:HALF", group=games.ENTRY_POINT_GROUP))
    try:
        with pytest.raises(games.UsageError, match=r"the game plug-in 'half' \(tiny_game:HALF\): the game 'tiny' declares"):
            games.keys()
    finally:
        games._entry_points_read = False


def test_the_core_asks_for_a_capability_the_game_lacks(tiny: None, tmp_path: Path) -> None:
    """The tiny game has no data versions, names or text formats: the commands that need them say so."""
    (tmp_path / "good.yaml").write_text(GOOD)
    versions: Any = run("data", "versions", "--game", "tiny")
    assert versions.exit_code == 0 and "keeps one data set" in versions.output
    diff: Any = run("data", "diff", "a", "b", "--game", "tiny")
    assert diff.exit_code == 2 and "Tiny Skirmish keeps one data set" in diff.output
    named: Any = run("show", "--lang", "de", tmp_path / "good.yaml")
    assert named.exit_code == 2 and "Tiny Skirmish prints in English only; drop --lang" in named.output
