"""Event formats: every example event file in `examples/events/` judges legal and illegal submissions
through `armybuilder batch` (each list, each player, each team), `event check` and `event explain`, and
hostile event files give positioned problems and exit 2, never a traceback."""

from __future__ import annotations

import csv
import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shared_fixtures import workspace_of
from typer.testing import CliRunner, Result

from armybuilder import batch
from armybuilder.cli import app
from armybuilder.errors import EventError
from armybuilder.games.asoiaf.catalogue import Catalogue, load_catalogue
from armybuilder.games.asoiaf.event_rules import season_of

ROOT = Path(__file__).resolve().parents[1]
EVENTS = ROOT / "examples" / "events"
ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "160", "ARMYBUILDER_DATA": None}
runner = CliRunner(env=ENV)

# Legal lists to build submissions from (each checked legal on its own below).
ROBB_40 = """\
faction: stark
points: 40
commander: Robb Stark, The Wolf Lord
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
  - unit: House Umber Berserkers
    attachment: Mormont Veteran
  - Stark Outriders
  - Stark Bowmen
  - unit: Stark Sworn Swords
    attachment: Sworn Sword Captain
  - House Tully Sworn Shields
ncus: [Catelyn Stark]
"""
JON_40 = """\
faction: stark
points: 40
commander: Greatjon Umber, Lord of Last Hearth
units:
  - unit: House Umber Greataxes
    attachment: Greatjon Umber, Lord of Last Hearth
  - Stark Sworn Swords
  - Stark Sworn Swords
  - Stark Bowmen
  - Stark Outriders
  - House Tully Sworn Shields
ncus: [Sansa Stark]
"""
# a neutral NCU (Lord Varys), a neutral combat unit (Hedge Knights), a neutral character (Bronn)
ROBB_50_NEUTRALS = """\
faction: stark
points: 50
commander: Robb Stark, The Wolf Lord
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
  - unit: House Umber Berserkers
    attachment: Mormont Veteran
  - Stark Outriders
  - Hedge Knights
  - unit: Stark Sworn Swords
    attachment: Bronn, The Sellsword
  - House Tully Sworn Shields
ncus: [Catelyn Stark, Lord Varys]
"""
JON_50 = """\
faction: stark
points: 50
commander: Greatjon Umber, Lord of Last Hearth
units:
  - unit: House Umber Greataxes
    attachment: Greatjon Umber, Lord of Last Hearth
  - Stark Sworn Swords
  - Stark Sworn Swords
  - Stark Bowmen
  - Stark Outriders
  - House Tully Sworn Shields
  - House Umber Berserkers
ncus: [Sansa Stark]
"""
# Doubles: 16 points of neutral cards (over a 25-point list's own cap of 12)
STARK_25_NEUTRAL_16 = """\
faction: stark
points: 25
commander: Robb Stark, The Wolf Lord
units:
  - unit: Stark Sworn Swords
    attachment: Robb Stark, The Wolf Lord
  - Hedge Knights
  - Lysene Sellswords
ncus: [Petyr Baelish, Catelyn Stark]
"""
LANNISTER_25_NEUTRAL_5 = """\
faction: lannister
points: 25
commander: Jaime Lannister, The Kingslayer
units:
  - unit: Lannister Guardsmen
    attachment: Jaime Lannister, The Kingslayer
  - unit: Lannister Halberdiers
    attachment: Guard Captain
  - Knights of Casterly Rock
  - Stormcrow Mercenaries
"""
LANNISTER_25_NEUTRAL_10 = """\
faction: lannister
points: 25
commander: Jaime Lannister, The Kingslayer
units:
  - unit: Lannister Guardsmen
    attachment: Jaime Lannister, The Kingslayer
  - Lannister Halberdiers
  - Stormcrow Mercenaries
  - Lysene Sellswords
"""
STARK_25 = """\
faction: stark
points: 25
commander: Greatjon Umber, Lord of Last Hearth
units:
  - unit: House Umber Greataxes
    attachment: Greatjon Umber, Lord of Last Hearth
  - Stark Sworn Swords
  - Stark Bowmen
  - Stark Outriders
"""
STARTER_STARK = """\
faction: stark
points: 30
commander: Robb Stark, The Wolf Lord
units:
  - unit: Stark Sworn Swords
    attachment: Robb Stark, The Wolf Lord
  - unit: Stark Sworn Swords
    attachment: Sworn Sword Captain
  - Stark Outriders
  - unit: House Umber Berserkers
    attachment: Umber Champion
ncus: ["Catelyn Stark, Lady of Winterfell"]
"""
STARTER_LANNISTER = """\
faction: lannister
points: 30
commander: Jaime Lannister, The Kingslayer
units:
  - unit: Lannister Guardsmen
    attachment: Jaime Lannister, The Kingslayer
  - unit: Lannister Halberdiers
    attachment: Guard Captain
  - Knights of Casterly Rock
  - Gregor Clegane, The Mountain That Rides
ncus: ["Tywin Lannister, The Great Lion"]
"""


def swap(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def batch_json(folder: Path, event: Path, *extra: str) -> tuple[Result, dict[str, object]]:
    out = folder.parent / f"{folder.name}-report.json"
    result = runner.invoke(app, ["batch", str(folder), "--event", str(event), "--report", str(out), "--force", *extra])
    assert "Traceback" not in result.output, result.output
    assert result.exit_code in (0, 1), result.output
    return result, json.loads(out.read_text(encoding="utf-8"))


def errors_by_file(report: dict[str, object], folder: Path) -> dict[str, set[str]]:
    """For each submission (relative path), the rules of its errors."""
    lists = report["lists"]
    assert isinstance(lists, list)
    return {
        Path(item["path"]).relative_to(folder).as_posix(): {p["rule"] for p in item["problems"] if p["severity"] == "error"}
        for item in lists
    }


@pytest.mark.parametrize(
    "text", [ROBB_40, JON_40, ROBB_50_NEUTRALS, JON_50, LANNISTER_25_NEUTRAL_5, LANNISTER_25_NEUTRAL_10, STARK_25,
             STARTER_STARK, STARTER_LANNISTER],
)  # fmt: skip
def test_the_lists_the_tests_build_on_are_legal(text: str, catalogue: Catalogue) -> None:
    from armybuilder.games.asoiaf.check import validate_text

    assert validate_text(text, catalogue, "x.yaml").valid


def test_every_example_event_is_a_usable_file() -> None:
    names = sorted(p.name for p in EVENTS.glob("*.yaml"))
    assert names == sorted(["caps.yaml", "doubles.yaml", "reinforcements.yaml", "spring-open.yaml",
                            "starter-30.yaml", "two-lists-and-a-spare.yaml"])  # fmt: skip
    for path in EVENTS.glob("*.yaml"):
        result = runner.invoke(app, ["event", "check", str(path)])
        assert result.exit_code == 0, result.output
        assert "a usable event file" in result.output
        text = path.read_text(encoding="utf-8")
        assert text.startswith("#"), f"{path.name} explains itself for an organiser"
        if path.name != "spring-open.yaml":  # the formats name no teams of their own
            assert not re.search(r"^teams:", text, re.MULTILINE)


# --- today's event, unchanged ----------------------------------------------------------------------------


def test_spring_open(tmp_path: Path) -> None:
    folder = write(tmp_path / "s", {
        "alice--1.yaml": ROBB_40,
        "alice--2.yaml": JON_40,
        "bob--1.yaml": swap(JON_40, "Sansa Stark", "Arya Stark"),
        "bob--2.yaml": swap(ROBB_40, "Mormont Veteran", "Umber Champion"),  # banned
        "carol--1.yaml": swap(ROBB_40, "faction: stark", "faction: baratheon"),  # not allowed
        "carol--2.yaml": JON_40,
        "erin--1.yaml": ROBB_40,
        "erin--2.yaml": JON_40,
    })  # fmt: skip
    _, report = batch_json(folder, EVENTS / "spring-open.yaml")
    found = errors_by_file(report, folder)
    assert found["alice--1.yaml"] == found["alice--2.yaml"] == set()
    assert found["bob--1.yaml"] == {"unique-character"}  # Greatjon is fielded by team-mate alice
    assert "event-ban" in found["bob--2.yaml"]
    assert "event-faction" in found["carol--1.yaml"]
    assert found["erin--1.yaml"] == found["erin--2.yaml"] == {"event-team"}


# --- two lists and a spare --------------------------------------------------------------------------------


def test_two_lists_and_a_spare(tmp_path: Path) -> None:
    jon_b = swap(JON_50, "Sansa Stark", "Arya Stark")
    folder = write(tmp_path / "s", {
        # legal: two lists sharing no character, neutral cards in one; a spare repeating Robb
        "ann--1.yaml": ROBB_50_NEUTRALS,
        "ann--2.yaml": JON_50,
        "ann--3-spare.yaml": swap(ROBB_50_NEUTRALS, "Lord Varys", "Petyr Baelish"),
        # legal without a spare
        "bea--1.yaml": JON_50,
        "bea--2.yaml": ROBB_50_NEUTRALS,
        # no list holds the three neutral cards: both lists are told
        "cid--1.yaml": JON_50,
        "cid--2.yaml": swap(ROBB_50_NEUTRALS, "  - Hedge Knights\n", "  - Stark Bowmen\n"),
        # Robb in both of the first two lists
        "dot--1.yaml": ROBB_50_NEUTRALS,
        "dot--2.yaml": swap(ROBB_50_NEUTRALS, "Lord Varys", "Petyr Baelish"),
        # a spare of another faction
        "eve--1.yaml": ROBB_50_NEUTRALS,
        "eve--2.yaml": JON_50,
        "eve--3.yaml": LANNISTER_25_NEUTRAL_5.replace("points: 25", "points: 50"),
        # a fourth list
        "fay--1.yaml": ROBB_50_NEUTRALS,
        "fay--2.yaml": JON_50,
        "fay--3.yaml": jon_b,
        "fay--4.yaml": swap(jon_b, "House Umber Berserkers", "Stark Bowmen"),
        # one list only
        "gus--1.yaml": ROBB_50_NEUTRALS,
    })  # fmt: skip
    result, report = batch_json(folder, EVENTS / "two-lists-and-a-spare.yaml")
    assert result.exit_code == 1
    found = errors_by_file(report, folder)
    for name in ("ann--1.yaml", "ann--2.yaml", "ann--3-spare.yaml", "bea--1.yaml", "bea--2.yaml"):
        assert found[name] == set(), (name, found[name])
    assert found["cid--1.yaml"] == found["cid--2.yaml"] == {"event-includes"}
    message = next(p["message"] for item in report["lists"] for p in item["problems"]  # type: ignore[attr-defined]
                   if p["rule"] == "event-includes")  # fmt: skip
    assert "a neutral NCU, a neutral combat unit and a neutral character" in message
    assert "lacks a neutral combat unit" in message
    assert found["dot--1.yaml"] == set() and found["dot--2.yaml"] == {"event-two-lists"}
    assert found["eve--3.yaml"] >= {"event-spare-list"}
    assert found["fay--4.yaml"] == {"event-duplicate"} and found["fay--3.yaml"] == set()
    assert found["gus--1.yaml"] == {"event-two-lists"}


# --- doubles ----------------------------------------------------------------------------------------------


def doubles_folder(tmp_path: Path) -> Path:
    def team(name: str, text: str) -> str:
        return f"team: {name}\n{text}"

    return write(tmp_path / "s", {
        # legal: 16 + 5 neutral points of a combined 50, two houses
        "ann.yaml": team("Wolves and Lions", STARK_25_NEUTRAL_16),
        "ben.yaml": team("Wolves and Lions", LANNISTER_25_NEUTRAL_5),
        # 16 + 10 = 26 neutral points: over the team's 25
        "cat.yaml": team("Greedy", STARK_25_NEUTRAL_16),
        "dan.yaml": team("Greedy", LANNISTER_25_NEUTRAL_10),
        # two Stark lists
        "eli.yaml": team("Direwolves", STARK_25),
        "fin.yaml": team("Direwolves", swap(STARK_25_NEUTRAL_16, "Petyr Baelish", "Lord Varys")),
        # a team of one, and a list with no team
        "gil.yaml": team("Alone", STARK_25),
        "hal.yaml": LANNISTER_25_NEUTRAL_5,
    })  # fmt: skip


def test_doubles_judges_lists_players_and_teams(tmp_path: Path) -> None:
    folder = doubles_folder(tmp_path)
    result, report = batch_json(folder, EVENTS / "doubles.yaml")
    assert result.exit_code == 1
    found = errors_by_file(report, folder)
    assert found["ann.yaml"] == found["ben.yaml"] == set()  # the team cap replaces each list's own cap
    assert found["cat.yaml"] == found["dan.yaml"] == {"event-neutral-cap"}
    assert found["eli.yaml"] == found["fin.yaml"] == {"event-team-factions"}
    assert found["gil.yaml"] == {"event-team-size"}
    assert found["hal.yaml"] == {"event-team"}
    teams = {t["team"]: t for t in report["teams"]}  # type: ignore[attr-defined]
    assert teams["Wolves and Lions"]["points"] == 50 and teams["Wolves and Lions"]["neutral_total"] == 21
    assert teams["Greedy"]["neutral_total"] == 26 and teams["Greedy"]["neutral_cap"] == 25
    assert teams["Greedy"]["players"] == ["cat", "dan"]
    cap = next(p for item in report["lists"] if item["player"] == "cat"  # type: ignore[attr-defined]
               for p in item["problems"] if p["rule"] == "event-neutral-cap")  # fmt: skip
    assert "26 points together" in cap["message"] and "over the cap of 25" in cap["message"]
    assert cap["line"] == 8  # the first neutral card of the list


def test_doubles_without_the_team_cap_keeps_each_list_s_cap(tmp_path: Path) -> None:
    folder = doubles_folder(tmp_path)
    event = tmp_path / "no-team-cap.yaml"
    event.write_text("points: 25\nper_team: {players: 2, factions: different}\n")
    _, report = batch_json(folder, event)
    assert errors_by_file(report, folder)["ann.yaml"] == {"neutral-cap"}


def test_doubles_same_houses_variant(tmp_path: Path) -> None:
    text = (EVENTS / "doubles.yaml").read_text(encoding="utf-8")
    assert "# for the same-houses variant write `factions: same`" in text
    event = tmp_path / "same.yaml"
    event.write_text(swap(text, "factions: different", "factions: same"))
    folder = doubles_folder(tmp_path)
    _, report = batch_json(folder, event)
    found = errors_by_file(report, folder)
    assert found["eli.yaml"] == found["fin.yaml"] == set()
    assert found["ann.yaml"] == {"event-team-factions"} == found["ben.yaml"]


def test_doubles_with_a_teams_mapping(tmp_path: Path) -> None:
    folder = write(tmp_path / "s", {"ann.yaml": STARK_25_NEUTRAL_16, "ben.yaml": LANNISTER_25_NEUTRAL_5})
    event = tmp_path / "doubles.yaml"
    event.write_text((EVENTS / "doubles.yaml").read_text(encoding="utf-8") + "teams:\n  Pair: [ann, ben]\n")
    result, report = batch_json(folder, event)
    assert result.exit_code == 0, result.output
    assert report["teams"] == [{"team": "Pair", "players": ["ann", "ben"], "lists": [str(folder / "ann.yaml"),
                               str(folder / "ben.yaml")], "points": 50, "total": 49, "neutral_total": 21,
                               "neutral_cap": 25, "factions": ["stark", "lannister"]}]  # fmt: skip
    event.write_text((EVENTS / "doubles.yaml").read_text(encoding="utf-8") + "teams:\n  Trio: [ann, ben, cy]\n")
    result = runner.invoke(app, ["event", "check", str(event)])
    assert result.exit_code == 2 and "team Trio has 3 players" in result.output


# --- starter sets only ------------------------------------------------------------------------------------


def test_starter_sets_only(tmp_path: Path) -> None:
    folder = write(tmp_path / "s", {
        "ann.yaml": STARTER_STARK,
        "ben.yaml": STARTER_LANNISTER,
        "cat.yaml": swap(STARTER_STARK, "  - Stark Outriders\n", "  - Stark Bowmen\n"),
        "dan.yaml": swap(STARTER_LANNISTER, '"Tywin Lannister, The Great Lion"', "Cersei Lannister"),
    })  # fmt: skip
    result, report = batch_json(folder, EVENTS / "starter-30.yaml")
    assert result.exit_code == 1
    found = errors_by_file(report, folder)
    assert found["ann.yaml"] == found["ben.yaml"] == set()
    assert found["cat.yaml"] == found["dan.yaml"] == {"event-card-pool"}
    problem = next(p for item in report["lists"] if item["player"] == "cat"  # type: ignore[attr-defined]
                   for p in item["problems"] if p["rule"] == "event-card-pool")  # fmt: skip
    assert problem["line"] == 9 and "Stark Bowmen is not among the cards Starter Night allows" in problem["message"]


# --- caps -------------------------------------------------------------------------------------------------


def test_caps_on_copies(tmp_path: Path) -> None:
    folder = write(tmp_path / "s", {
        "ann.yaml": ROBB_40,
        "ben.yaml": swap(ROBB_40, "  - Stark Outriders\n", "  - Stark Sworn Swords\n"),  # a third
        "cat.yaml": swap(ROBB_40, "  - Stark Bowmen\n", "  - House Umber Berserkers\n"),  # a second
    })  # fmt: skip
    _, report = batch_json(folder, EVENTS / "caps.yaml")
    found = errors_by_file(report, folder)
    assert found["ann.yaml"] == set()
    assert found["ben.yaml"] == found["cat.yaml"] == {"event-copies"}
    lines = {item["player"]: [p["line"] for p in item["problems"] if p["rule"] == "event-copies"]
             for item in report["lists"]}  # type: ignore[attr-defined]  # fmt: skip
    assert lines["ben"] == [11] and lines["cat"] == [10]


@pytest.fixture(scope="module")
def homebrew_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled card data with a later-season card, a preview card and a homebrew card."""
    root = tmp_path_factory.mktemp("data") / "data"
    shutil.copytree(ROOT / "data", root, ignore=shutil.ignore_patterns("horde-vs-empire-cards"))
    units = root / "units" / "stark.yaml"
    text = units.read_text(encoding="utf-8")
    text = swap(text, 'name: "Stark Bowmen"\n    version: "S06"', 'name: "Stark Bowmen"\n    version: "S07"')
    text = swap(text, 'name: "Stark Outriders"\n    version: "S06"',
                'name: "Stark Outriders"\n    version: "S07-preview"')  # fmt: skip
    home = swap(text[text.index('  - id: "10202"'):text.index('  - id: "10203"')], '"10202"', '"10299"')
    text += swap(home, "Stark Outriders", "Winterfell Wolfriders")
    units.write_text(text, encoding="utf-8")
    return root


def test_caps_on_seasons_previews_and_homebrew(tmp_path: Path, homebrew_data: Path) -> None:
    folder = write(tmp_path / "s", {
        "ann.yaml": swap(swap(ROBB_40, "  - Stark Outriders\n", "  - House Tully Sworn Shields\n"),
                         "  - Stark Bowmen\n", "  - Crannogman Trackers\n"),
        "ben.yaml": swap(ROBB_40, "  - Stark Outriders\n", "  - House Tully Sworn Shields\n"),  # Bowmen: S07
        "cat.yaml": swap(ROBB_40, "  - Stark Bowmen\n", "  - Crannogman Trackers\n"),  # Outriders: preview
        "dan.yaml": swap(swap(ROBB_40, "  - Stark Bowmen\n", "  - Crannogman Trackers\n"),
                         "  - Stark Outriders\n", "  - Winterfell Wolfriders\n"),  # homebrew
    })  # fmt: skip
    _, report = batch_json(folder, EVENTS / "caps.yaml", "--data", str(homebrew_data))
    found = errors_by_file(report, folder)
    assert found["ann.yaml"] == set()
    assert found["ben.yaml"] == {"event-season"}
    assert found["cat.yaml"] == {"event-preview"}
    assert found["dan.yaml"] == {"event-homebrew"}
    # the same lists where the event allows them all
    event = tmp_path / "open.yaml"
    event.write_text("points: 40\n")
    result, _ = batch_json(folder, event, "--data", str(homebrew_data))
    assert result.exit_code == 0, result.output


def test_homebrew_is_what_the_bundled_data_lacks(homebrew_data: Path, catalogue: Catalogue) -> None:
    from armybuilder.games.asoiaf.event import homebrew_ids

    assert homebrew_ids(catalogue) == frozenset()
    assert homebrew_ids(load_catalogue(homebrew_data)) == {"10299"}


@pytest.mark.parametrize(
    ("version", "season"),
    [("2021", 0), ("2021-S01", 1), ("2021-S03", 3), ("S04", 4), ("S06", 6), ("S07-preview", 7), ("playtest", None)],
)
def test_seasons_are_ordered(version: str, season: int | None) -> None:
    assert season_of(version) == season


# --- reinforcements ---------------------------------------------------------------------------------------


def test_reinforcements(tmp_path: Path) -> None:
    folder = write(tmp_path / "s", {
        "ann.yaml": ROBB_40 + "reinforcements: [Umber Champion, Petyr Baelish]\n",  # 1 + 4 points
        "ben.yaml": ROBB_40 + "reinforcements: [Umber Champion, Crannogman Survivalist]\n",
        "cat.yaml": ROBB_40 + "reinforcements: [Mormont Veteran, Sworn Sword Captain]\n",  # as the example says
        "dan.yaml": ROBB_40 + 'reinforcements: ["Catelyn Stark, Lady of Winterfell"]\n',
        "eve.yaml": ROBB_40 + "reinforcements: [Guard Captain]\n",
        "fay.yaml": ROBB_40,
    })  # fmt: skip
    result, report = batch_json(folder, EVENTS / "reinforcements.yaml")
    assert result.exit_code == 1
    found = errors_by_file(report, folder)
    assert found["ben.yaml"] == found["cat.yaml"] == found["fay.yaml"] == set()
    assert found["ann.yaml"] == {"event-reinforcements"}  # 5 points of 3
    assert found["dan.yaml"] == {"reinforcements", "event-reinforcements"}  # Catelyn again, and 4 points
    assert found["eve.yaml"] == {"reinforcements"}  # a Lannister card
    messages = [p["message"] for item in report["lists"] for p in item["problems"]]  # type: ignore[attr-defined]
    assert any("the reinforcements cost 5 points; Reinforcements Cup allows up to 3" in m for m in messages)
    # an event without reinforcement points takes none
    _, report = batch_json(folder, EVENTS / "caps.yaml")
    assert errors_by_file(report, folder)["ben.yaml"] == {"event-reinforcements"}


# --- event check and explain ------------------------------------------------------------------------------


def test_explain_in_plain_sentences() -> None:
    result = runner.invoke(app, ["event", "explain", str(EVENTS / "doubles.yaml")])
    assert result.exit_code == 0
    text = result.output
    assert text.startswith("Doubles\n=======\n")
    for sentence in (
        "Every list is for 25 points.",
        "A team is 2 players.",
        "The lists of a team are each of a different faction.",
        "The neutral cards of a team's lists together cost at most half their combined points",
        "This replaces each list's own neutral cap",
        "Team-mates may not field the same character.",
    ):
        assert sentence in text
    md = runner.invoke(app, ["event", "explain", str(EVENTS / "two-lists-and-a-spare.yaml"), "--format", "md"])
    assert md.exit_code == 0 and md.output.startswith("# Two Lists and a Spare\n\n- ")
    assert "At least one of a player's lists includes a neutral NCU, a neutral combat unit and a neutral " in md.output
    assert "`alice--3-spare.yaml`" in md.output  # code spans kept


def test_explain_markdown_escapes_names(tmp_path: Path) -> None:
    event = tmp_path / "e.yaml"
    event.write_text('name: "<script>x</script> *bold*"\npoints: 40\n')
    result = runner.invoke(app, ["event", "explain", str(event), "--format", "md"])
    assert result.exit_code == 0 and "<script>" not in result.output and "\\*bold\\*" in result.output


@pytest.mark.parametrize("name", sorted(p.name for p in EVENTS.glob("*.yaml")))
def test_every_example_is_explained(name: str) -> None:
    result = runner.invoke(app, ["event", "explain", str(EVENTS / name)])
    assert result.exit_code == 0 and result.output.count("\n- ") >= 3


HOSTILE = {  # content -> (line, fragment of the message)
    "points: forty\n": (1, "`points` must be a positive game size"),
    "points: 99999999999999999999999999\n": (1, "(1 to 1000), not 9999"),
    "points: " + "9" * 5000 + "\n": (1, "a number of 5,000 characters"),
    "x: " + "[" * 100 + "]" * 100 + "\n": (1, "nesting deeper than 64 levels"),
    "points: 40\nrules: [{a: 1}]\n": (2, "unknown key `rules`"),
    "per_team: {playres: 2}\n": (1, "unknown key `playres` in `per_team`; did you mean `players`?"),
    "per_team: {players: 1000000}\n": (1, "`per_team.players` must be the players in a team (2 to 10)"),
    "per_team: [players]\n": (1, "`per_team` must be a mapping"),
    "per_player:\n  includes:\n    - {kind: tank}\n": (3, "must be combat-unit, attachment or ncu"),
    "includes: [{card: No Such Card}]\n": (1, "no card called 'No Such Card'"),
    "max_copies: {combat_units: 0}\n": (1, "`max_copies.combat_units` must be a number of copies (1 to 1000)"),
    "max_copies: {cards: {Umber Champion: true}}\n": (1, "must be a number of copies"),
    "newest_season: S99x\n": (1, "`newest_season` must be a season such as S05"),
    "preview_cards: maybe\n": (1, "`preview_cards` must be true or false"),
    "replaces: [neutral-cap]\n": (1, "needs a `neutral_cap` under `per_team`"),
    "replaces: [commander]\n": (1, "commander cannot be replaced"),
    "replaces: [neutral-cpa]\n": (1, "did you mean `neutral-cap`?"),
    "factions: [stark]\nper_team: {factions: different}\n": (2, "needs as many factions as players"),
    "allowed_cards: [Stark Sworn Swords]\n": (1, "names no commander"),
    "factions: [stark]\nincludes: [{faction: lannister}]\n": (2, "no card the event allows"),
    "name: {a: 1}\n": (1, "`name` must be text"),
    "teams: {A: [x, x]}\n": (1, "twice in team A"),
    "- just\n- a list\n": (1, "must be a mapping"),
    "game: chess\n": (1, "unknown game"),
    "a: &x [1]\nb: *x\n": (1, "anchors and aliases"),
    "name: " + "a" * 1_100_000 + "\n": (1, "over 1,000,000 bytes"),
    "points: 40\n\udcff\udcfe\n": (2, "not UTF-8 text"),  # bytes that are no UTF-8, on the line they are
}


@pytest.mark.parametrize(("content", "expected"), list(HOSTILE.items()), ids=range(len(HOSTILE)))
def test_hostile_event_files(tmp_path: Path, content: str, expected: tuple[int, str]) -> None:
    line, fragment = expected
    event = tmp_path / "event.yaml"
    event.write_bytes(content.encode("utf-8", "surrogateescape"))
    checked = runner.invoke(app, ["event", "check", str(event)])
    assert checked.exit_code == 2 and "Traceback" not in checked.output
    assert f"event.yaml:{line}:" in checked.output and fragment in checked.output, checked.output
    assert " error event-file " in checked.output
    folder = write(tmp_path / "s", {"ann.yaml": ROBB_40})
    batched = runner.invoke(app, ["batch", str(folder), "--event", str(event)])
    assert batched.exit_code == 2 and "Traceback" not in batched.output
    assert f"event.yaml:{line}:" in batched.output


def test_event_check_lists_every_problem(tmp_path: Path) -> None:
    event = tmp_path / "event.yaml"
    event.write_text("points: 0\nprize: cake\nfactions: [starks]\nper_team: {players: x}\n")
    result = runner.invoke(app, ["event", "check", str(event)])
    assert result.exit_code == 2
    assert [line.split(":")[1] for line in result.stdout.splitlines() if "event-file" in line] == ["1", "2", "3", "4"]
    # the closing count is an armybuilder message on standard error, like every other error's
    assert result.stderr.strip() == (
        f"armybuilder: error: {event}: 4 problems; fix them and run `armybuilder event check` again"
    )


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.text(max_size=12),
                    st.sampled_from(["half", "same", "ncu", "stark", "S05", "neutral-cap", "Umber Champion"]))  # fmt: skip
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["kind", "faction", "players", "cards", "x",
                                                               "includes", "neutral_cap", "combat_units"]),
                                              inner, max_size=4)), max_leaves=12)  # fmt: skip
KEYS = st.sampled_from(["points", "lists_per_player", "spare_lists", "teams", "factions", "banned_cards",
                        "allowed_cards", "max_copies", "newest_season", "preview_cards", "homebrew_cards",
                        "reinforcement_points", "includes", "per_player", "per_team", "replaces", "name"])  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(KEYS, VALUES, min_size=1, max_size=5))
def test_any_event_file_is_read_or_refused_with_positions(
    tmp_path: Path, catalogue: Catalogue, content: dict[str, object]
) -> None:
    event = tmp_path / "event.yaml"
    event.write_text(yaml.safe_dump(content))
    try:
        loaded = batch.load_event(event, workspace_of(catalogue))
    except EventError as exc:
        assert exc.problems and all(p.line >= 1 and p.rule == "event-file" for p in exc.problems)
    else:
        assert loaded.path == str(event)


def test_readme_documents_the_vocabulary_and_its_examples_are_usable(tmp_path: Path, catalogue: Catalogue) -> None:
    from armybuilder.batch.event import COMMON_KEYS
    from armybuilder.games import problem_docs
    from armybuilder.games.asoiaf.system import EVENT_KEYS

    guide = (ROOT / "docs" / "organisers.md").read_text(encoding="utf-8")
    section = guide[guide.index("### The event file"):guide.index("### Who submitted what")]
    for key in (*COMMON_KEYS, *EVENT_KEYS):
        assert f"`{key}" in section, key
    for path in EVENTS.glob("*.yaml"):
        assert path.name in section, path.name
    for docs in problem_docs().values():
        for doc in docs.values():
            if doc.origin == "event" and doc.id != "event-game":
                assert f"`{doc.id}`" in section, doc.id
    blocks = re.findall(r"```yaml\n(.*?)```", section, re.DOTALL)
    assert len(blocks) == 6
    for n, block in enumerate(blocks):
        event = tmp_path / f"readme-{n}.yaml"
        event.write_text(block, encoding="utf-8")
        batch.load_event(event, workspace_of(catalogue))  # raises EventError when a README example is unusable


@pytest.mark.parametrize("suffix", ["csv", "html"])
def test_team_problems_show_on_the_rows_of_every_report(tmp_path: Path, suffix: str) -> None:
    folder = doubles_folder(tmp_path)
    out = tmp_path / f"report.{suffix}"
    result = runner.invoke(app, ["batch", str(folder), "--event", str(EVENTS / "doubles.yaml"), "--report", str(out)])
    assert result.exit_code == 1
    text = out.read_text(encoding="utf-8")
    if suffix == "csv":
        rows = {r["player"]: r for r in csv.DictReader(text.splitlines())}
        assert rows["cat"]["verdict"] == rows["dan"]["verdict"] == "invalid"
        assert rows["cat"]["first_problem"].startswith("event-neutral-cap")
        assert rows["ann"]["verdict"] == rows["ben"]["verdict"] == "valid"
    else:
        assert text.count("event-neutral-cap") >= 2 and "event-team-factions" in text
