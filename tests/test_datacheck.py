"""`data check` and the card data checker: each defect, planted in a copy of the bundled data, is reported
with its rule id, file and line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.games.asoiaf.catalogue import bundled_data_dir, data_files, read_files
from armybuilder.games.asoiaf.datacheck import check
from armybuilder.problems import Problem

runner = CliRunner()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A private copy of the bundled card data, to break."""
    root = tmp_path / "data"
    shutil.copytree(bundled_data_dir(), root)
    return root


def edit(root: Path, relpath: str, old: str, new: str) -> int:
    """Replace the one occurrence of `old` in a data file; return the (1-based) line it was on."""
    path = root / relpath
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {relpath}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def problems_of(root: Path) -> list[Problem]:
    parsed, problems = read_files(root, data_files(root))
    return problems + check(parsed)


def found(root: Path) -> set[tuple[str, str, int]]:
    return {(p.rule, p.file, p.line) for p in problems_of(root)}


def test_bundled_data_is_clean() -> None:
    assert problems_of(bundled_data_dir()) == []


def test_schema_violation(data: Path) -> None:
    old = "    cost: 5\n    stats: {speed: 5, defense: 4, morale: 6, wounds: null}\n    attacks:\n      - {name: \"Winter's"
    line = edit(data, "units/stark.yaml", old, old.replace("cost: 5", 'cost: "five"'))
    problems = problems_of(data)
    assert [(p.rule, p.file, p.line, p.card) for p in problems] == [
        ("schema", "units/stark.yaml", line, "10201")
    ]
    assert "cost" in problems[0].message
    assert "integer" in problems[0].message


def test_unknown_card_field_suggests_the_right_name(data: Path) -> None:
    old = (
        "    stats: {speed: 5, defense: 4, morale: 6, wounds: null}\n    attacks:\n      - {name: \"Winter's"
    )
    line = edit(data, "units/stark.yaml", old, old.replace("defense", "defence"))
    problems = problems_of(data)
    assert [(p.rule, p.line) for p in problems] == [("schema", line)]
    assert "'defence'" in problems[0].message and "'defense'" in problems[0].message


def test_duplicate_id(data: Path) -> None:
    line = edit(data, "attachments/lannister.yaml", 'id: "20103"', 'id: "10201"')
    problems = problems_of(data)
    assert [(p.rule, p.file, p.line) for p in problems] == [
        ("duplicate-id", "attachments/lannister.yaml", line)
    ]
    assert "units/stark.yaml:5" in problems[0].message  # names where the id was first used


def test_unknown_requirement_kind(data: Path) -> None:
    line = edit(data, "units/stark.yaml", '{kind: "requires_in_army", any_of: ["Robb Stark"]', '{kind: "requires_in_armee", any_of: ["Robb Stark"]')  # fmt: skip
    problems = problems_of(data)
    assert [(p.rule, p.file, p.line) for p in problems] == [("unknown-requirement", "units/stark.yaml", line)]
    assert "requires_in_armee" in problems[0].message


def test_unknown_requirement_field(data: Path) -> None:
    line = edit(data, "attachments/stark.yaml", '{kind: "limited", max: 2, label: "Limited"}\n      - {kind: "cost_modifier", applies_to: "self", set_to: 0, count: 1, condition: {in_army_any_of: ["Howland', '{kind: "limited", max: 2, label: "Limited", per: 1}\n      - {kind: "cost_modifier", applies_to: "self", set_to: 0, count: 1, condition: {in_army_any_of: ["Howland')  # fmt: skip
    problems = problems_of(data)
    assert [(p.rule, p.file, p.line) for p in problems] == [
        ("unknown-requirement", "attachments/stark.yaml", line)
    ]
    assert "'per'" in problems[0].message and "limited" in problems[0].message


def test_unresolved_reference_in_requirement(data: Path) -> None:
    line = edit(data, "units/stark.yaml", '{kind: "requires_in_army", any_of: ["Robb Stark"]', '{kind: "requires_in_army", any_of: ["Rob Stark"]')  # fmt: skip
    problems = problems_of(data)
    assert [(p.rule, p.file, p.line, p.card) for p in problems] == [
        ("unresolved-reference", "units/stark.yaml", line, "10204")
    ]
    assert "'Rob Stark'" in problems[0].message and "'Robb Stark'" in problems[0].message


def test_unresolved_commander_tactics_id(data: Path) -> None:
    line = edit(data, "commanders/stark.yaml", '{id: "40208", name: "Sudden Retreat"}', '{id: "40299", name: "Sudden Retreat"}')  # fmt: skip
    problems = problems_of(data)
    assert [(p.rule, p.file, p.line) for p in problems] == [
        ("unresolved-reference", "commanders/stark.yaml", line)
    ]
    assert "40299" in problems[0].message


def test_unresolved_tactics_replaces(data: Path) -> None:
    line = edit(data, "tactics/baratheon.yaml", 'replaces: "40606"', 'replaces: "40699"')
    problems = problems_of(data)
    assert [(p.rule, p.file, p.line) for p in problems] == [
        ("unresolved-reference", "tactics/baratheon.yaml", line)
    ]
    assert "40699" in problems[0].message


def test_commander_without_tactics(data: Path) -> None:
    old = (
        '    tactics:\n      - {id: "40208", name: "Sudden Retreat"}\n'
        '      - {id: "40209", name: "Superior Positioning"}\n      - {id: "40210", name: "Hit and Run"}\n'
    )
    line = edit(data, "commanders/stark.yaml", old, "    tactics: []\n")
    for card in ("40208", "40209", "40210"):  # keep the tactics cards pointing at a commander that lists none
        assert card in (data / "tactics/stark.yaml").read_text()
    problems = problems_of(data)
    assert [(p.rule, p.file, p.line, p.card) for p in problems] == [
        ("commander-without-tactics", "commanders/stark.yaml", line, "20201")
    ]


def test_faction_with_six_faction_tactics(data: Path) -> None:
    edit(data, "tactics/stark.yaml", '  - {id: "40207", name: "Assault Orders", version: "S06"}\n', "")
    problems = problems_of(data)
    assert [(p.rule, p.file, p.line) for p in problems] == [
        ("faction-tactics-count", "tactics/stark.yaml", 5)
    ]
    assert "6" in problems[0].message and "7" in problems[0].message


def test_tactics_card_of_unknown_commander(data: Path) -> None:
    line = edit(data, "tactics/stark.yaml", 'name: "Sudden Retreat", version: "2021", commander: "20201"', 'name: "Sudden Retreat", version: "2021", commander: "20299"')  # fmt: skip
    problems = problems_of(data)
    assert [(p.rule, p.file, p.line, p.card) for p in problems] == [
        ("tactics-unknown-commander", "tactics/stark.yaml", line, "40208")
    ]


def test_tactics_card_whose_commander_is_no_commander(data: Path) -> None:
    line = edit(data, "tactics/stark.yaml", 'commander: "20201"}\n  - {id: "40209"', 'commander: "10201"}\n  - {id: "40209"')  # fmt: skip
    assert found(data) == {("tactics-unknown-commander", "tactics/stark.yaml", line)}


def test_invalid_yaml_syntax(data: Path) -> None:
    line = edit(data, "ncus/stark.yaml", '  - id: "30201"\n', '  - id: "30201\n')
    problems = problems_of(data)
    assert problems, "a broken file is reported"
    assert {(p.rule, p.file) for p in problems} >= {("syntax", "ncus/stark.yaml")}
    syntax = next(p for p in problems if p.rule == "syntax")
    assert line <= syntax.line <= line + 2


def test_unknown_faction_of_a_file(data: Path) -> None:
    edit(data, "ncus/stark.yaml", "faction: stark\n", "faction: strak\n")
    assert found(data) == {("unknown-faction", "ncus/stark.yaml", 3)}


def test_file_with_the_list_of_another_folder(data: Path) -> None:
    line = edit(data, "ncus/stark.yaml", "ncus:\n", "attachments:\n")
    assert found(data) == {("schema", "ncus/stark.yaml", line)}


HOMEBREW = """\
faction: homebrew
combat_units:
  - id: "hb-1"
    name: "Riverlands Levy"
    version: "HB1"
    type: infantry
    tray: infantry
    cost: 4
    stats: {speed: 5, defense: 6, morale: 7, wounds: null}
    attacks:
      - {name: "Spears", type: "melee", hit: 4, dice: [6, 4, 3]}
    abilities: ["Shield Wall"]
  - id: "hb-2"
    name: "Riverlands Riders"
    version: "HB1"
    type: cavalry
    tray: cavalry
    cost: six
    stats: {speed: 7, defense: 4, morale: 6, wounds: 3}
    attacks:
      - {name: "Lances", type: "melee", hit: 3, dice: [6, 4]}
    abilities: []
    requirements:
      - {kind: "requires_in_army", any_of: ["Edmure Tully"]}
      - {kind: "limited", maximum: 2}
  - id: "10601"
    name: "Copied Swords"
    version: "HB1"
    type: infantry
    tray: infantry
    cost: 5
    stats: {speed: 5, defense: 4, morale: 6, wounds: null}
    attacks:
      - {name: "Swords", type: "melee", hit: 4, dice: [7, 5, 4]}
    abilities: []
"""


HOMEBREW_COMMANDER = """faction: homebrew
commanders:
  - id: "hb-c1"
    name: "Hoster Tully"
    subname: "Lord of Riverrun"
    kind: attachment
    version: "HB1"
    type: infantry
    cost: "C"
    abilities: ["Order: Hold"]
    characters: ["Hoster Tully"]
    tactics:
      - {id: "hb-t8", name: "Rising Waters"}
      - {id: "hb-t9", name: "Family, Duty, Honor"}
      - {id: "hb-t10", name: "Fording"}
"""
HOMEBREW_TACTICS = "faction: homebrew\nfaction_tactics:\n" + "".join(
    f'  - {{id: "hb-t{i}", name: "River Tactic {i}"}}\n' for i in range(1, 8)
) + "commander_tactics:\n" + "".join(
    f'  - {{id: "hb-t{i}", name: "River Tactic {i}", commander: "hb-c1"}}\n' for i in (8, 9, 10)
)


def list_faction(data: Path, key: str = "homebrew") -> int:
    """Add a faction to factions.yaml; return the line it is on."""
    text = (data / "factions.yaml").read_text(encoding="utf-8")
    (data / "factions.yaml").write_text(text + f'  - {{key: {key}, name: "Homebrew Riverlands"}}\n', encoding="utf-8")
    return text.count("\n") + 1


def test_homebrew_faction_file_gets_the_same_checks(data: Path) -> None:
    (data / "units/homebrew.yaml").write_text(HOMEBREW, encoding="utf-8")
    (data / "commanders/homebrew.yaml").write_text(HOMEBREW_COMMANDER, encoding="utf-8")
    (data / "tactics/homebrew.yaml").write_text(HOMEBREW_TACTICS, encoding="utf-8")
    list_faction(data)
    assert found(data) == {
        ("schema", "units/homebrew.yaml", 18),  # cost: six
        ("unresolved-reference", "units/homebrew.yaml", 24),  # Edmure Tully is no card
        ("unknown-requirement", "units/homebrew.yaml", 25),  # limited takes `max`
        (
            "duplicate-id",
            "units/homebrew.yaml",
            26,
        ),  # 10601 is a Baratheon unit (units/baratheon.yaml comes first)
    }


def test_homebrew_file_needs_its_faction_listed(data: Path) -> None:
    clean = HOMEBREW.split('  - id: "hb-2"')[0]
    (data / "units/homebrew.yaml").write_text(clean, encoding="utf-8")
    assert found(data) == {("unknown-faction", "units/homebrew.yaml", 1)}
    line = list_faction(data)
    # listed, but no list of it could be legal: no commander, no tactics deck
    assert found(data) == {
        ("faction-without-commander", "factions.yaml", line),
        ("faction-tactics-count", "factions.yaml", line),
    }
    (data / "commanders/homebrew.yaml").write_text(HOMEBREW_COMMANDER, encoding="utf-8")
    assert found(data) == {
        ("faction-tactics-count", "commanders/homebrew.yaml", 1),
        *(("unresolved-reference", "commanders/homebrew.yaml", line) for line in (13, 14, 15)),  # no file yet
    }
    (data / "tactics/homebrew.yaml").write_text(HOMEBREW_TACTICS.replace('  - {id: "hb-t7"', "#"), encoding="utf-8")
    assert found(data) == {("faction-tactics-count", "tactics/homebrew.yaml", 3)}  # 6 of 7
    (data / "tactics/homebrew.yaml").write_text(HOMEBREW_TACTICS, encoding="utf-8")
    assert found(data) == set()


def test_the_readme_homebrew_recipe_gives_usable_data(data: Path) -> None:
    """The README's recipe (units, a commander with its tactics, the 7 faction tactics) passes `data check`
    and a list of the faction validates."""
    (data / "units/homebrew.yaml").write_text(HOMEBREW.split('  - id: "hb-2"')[0], encoding="utf-8")
    (data / "commanders/homebrew.yaml").write_text(HOMEBREW_COMMANDER, encoding="utf-8")
    (data / "tactics/homebrew.yaml").write_text(HOMEBREW_TACTICS, encoding="utf-8")
    list_faction(data)
    assert runner.invoke(app, ["data", "check", str(data)]).exit_code == 0
    army = data.parent / "river.yaml"
    army.write_text(
        "faction: homebrew\npoints: 8\nunits:\n  - unit: Riverlands Levy\n"
        '    attachments: ["Hoster Tully, Lord of Riverrun"]\n  - Riverlands Levy\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["validate", "--data", str(data), str(army)])
    assert result.exit_code == 0, result.output


def test_garbage_shapes_never_raise(data: Path) -> None:
    (data / "units/stark.yaml").write_text("- just\n- a list\n", encoding="utf-8")
    (data / "ncus/stark.yaml").write_text("", encoding="utf-8")
    (data / "tactics/stark.yaml").write_text(
        "faction: stark\nfaction_tactics: [1, x, {id: 7}]\n", encoding="utf-8"
    )
    (data / "commanders/stark.yaml").write_text("faction: [stark]\ncommanders: {a: 1}\n", encoding="utf-8")
    rules = {p.rule for p in problems_of(data)}
    assert "schema" in rules


# --- the command ---------------------------------------------------------------------------------------


def test_data_check_on_the_bundled_data_exits_0() -> None:
    result = runner.invoke(app, ["data", "check"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == (
        "card data S07: 521 cards, 344 tactics cards, 15 special cards; also 2025.02 (`--data-version`); "
        "no problems"
    )


def test_data_check_exits_1_and_prints_file_line_column(data: Path) -> None:
    line = edit(data, "tactics/baratheon.yaml", 'replaces: "40606"', 'replaces: "40699"')
    result = runner.invoke(app, ["data", "check", str(data)])
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    assert first.startswith(f"{data / 'tactics/baratheon.yaml'}:{line}:")
    assert ": error unresolved-reference " in first
    assert result.output.splitlines()[-1].startswith("1 problem in 1 file")


def test_data_check_parsable_and_json(data: Path) -> None:
    edit(data, "ncus/stark.yaml", "faction: stark\n", "faction: strak\n")
    parsable = runner.invoke(app, ["data", "check", str(data), "--format", "parsable"])
    assert parsable.exit_code == 1
    assert parsable.output.count("\n") == 1  # no summary line in the machine format
    result = runner.invoke(app, ["data", "check", str(data), "--format", "json"])
    assert result.exit_code == 1
    import json

    doc = json.loads(result.output)
    assert [(p["rule"], p["line"]) for p in doc["problems"]] == [("unknown-faction", 3)]
    assert doc["format_version"] == 1


def test_data_check_exits_2_when_path_is_no_data_folder(tmp_path: Path) -> None:
    result = runner.invoke(app, ["data", "check", str(tmp_path)])
    assert result.exit_code == 2
    assert "not a card data folder" in result.output
    assert "Traceback" not in result.output
    missing = runner.invoke(app, ["data", "check", str(tmp_path / "nope")])
    assert missing.exit_code == 2
