"""Card data seasons: the newest (S07) is the default, 2025.02 stays selectable, and what a season change
does to the cards and to a list is reported."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from armycheck import check, errors
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.errors import DataError
from armybuilder.games.asoiaf.catalogue import Catalogue, bundled_data_dir, load_catalogue

runner = CliRunner()

# A 40-point list of 2025.02 costs: Wun Wun costs 8 there and 9 in S07, so the list is over by 1 in S07.
WUN_WUN_40 = """\
name: Giants
faction: freefolk
points: 40
commander: Tormund Giantsbane, Thunderfist
units:
  - unit: Free Folk Raiders
    attachments: ["Tormund Giantsbane, Thunderfist"]
  - Wun Wun
  - Savage Giant
  - Giant Spear Throwers
  - Thenn Warriors
  - Spearwives
  - Free Folk Trappers
"""

# Doran Martell, Lord of Sunspear leads the army, without Areo Hotah, Captain of The Guard.
DORAN_WITHOUT_AREO = """\
faction: martell
points: 30
commander: Doran Martell, Lord of Sunspear
units:
  - unit: Martell Spearmen
    attachments: [Spearlord]
  - Sand Skirmishers
  - Sunspear Royal Guard
  - Dune Vipers
ncus: ["Doran Martell, Lord of Sunspear"]
"""

# The Free Folk changes of S07, checked by hand against data/en/freefolk.json at 047156aa: each card id
# with the facts `data diff` must name for it.
FREE_FOLK_S07 = {
    "10301": ["Savage Giant", "version S05 → S07", "wounds 6 → 8", "Mighty Swing", "−Furious Swing"],
    "10306": ["Wun Wun", "cost 8 → 9", "wounds 6 → 8", "+Indomitable Might", "−Order: War Cry"],
    "10309": ["Frozen Shore Chariots", "cost 5 → 4", "Spear Toss (short, hit 3+, dice 6)",
              "Deadly Impact (melee, hit 3+, dice 4)"],
    "10312": ["War Mammoth", "version S06 → S07", "Rampage (melee, hit 4+, dice 7) → Rampage (melee, hit 3+, dice 5)"],
    "10313": ["Mag the Mighty", "defense 4 → 3", "morale 4 → 3", "wounds 6 → 8"],
    "10314": ["Mag the Mighty", "defense 4 → 3", "morale 4 → 3", "wounds 6 → 8"],
    "10315": ["Frozen Shore Bear Riders", "−Order: Charging Volley", "+Order: Mark Target"],
    "10321": ["Frozen Shore Hunters", "version S04 → S07"],
    "10322": ["Giant Spear Throwers", "wounds 6 → 8"],
    "10323": ["Harma's Vanguard", "speed 5 → 6", "+Order: Tactical Reposition"],
    "30304": ["Styr, Iron-Fisted Tyrant", "version 2021-S03 → S07"],
    "30306": ["Lady Dalla, Wife and Council", "version S04 → S07"],
}  # fmt: skip


@pytest.fixture
def lists(tmp_path: Path) -> Path:
    (tmp_path / "giants.yaml").write_text(WUN_WUN_40, encoding="utf-8")
    (tmp_path / "doran.yaml").write_text(DORAN_WITHOUT_AREO, encoding="utf-8")
    return tmp_path


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    shutil.copytree(bundled_data_dir(), root)
    return root


def run(*args: object) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.output


# --- the seasons ----------------------------------------------------------------------------------------


def test_the_newest_season_is_the_default_and_2025_02_stays(
    catalogue: Catalogue, catalogue_2025_02: Catalogue
) -> None:
    assert catalogue.data_version == "S07"
    assert catalogue.versions == catalogue_2025_02.versions == ("2025.02", "S07")
    assert catalogue_2025_02.data_version == "2025.02"
    assert (catalogue_2025_02.cards["10306"].cost, catalogue.cards["10306"].cost) == (8, 9)
    assert catalogue.factions["freefolk"].source == "047156aa5ac146ac1566a3a1da726570f8be8017"
    assert catalogue.factions["freefolk"].season == "S07"
    assert "50901" in catalogue.specials and "50901" not in catalogue_2025_02.specials


def test_data_versions_lists_the_seasons_oldest_first() -> None:
    code, out = run("data", "versions")
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == ["2025.02", "S07"]
    assert lines[-1].endswith("(default)") and "seasons/S07/" in lines[-1]


def test_an_unknown_version_is_one_line_naming_the_versions(lists: Path) -> None:
    code, out = run("validate", lists / "giants.yaml", "--data-version", "1999.01")
    assert code == 2
    assert "no card data version '1999.01' here; the versions are 2025.02, S07" in out
    assert "Traceback" not in out
    with pytest.raises(DataError):
        load_catalogue(version="S99")


# --- a 40-point list with Wun Wun -------------------------------------------------------------------


def test_the_wun_wun_list_is_legal_in_2025_02_and_over_budget_in_s07(lists: Path) -> None:
    assert run("validate", lists / "giants.yaml", "--data-version", "2025.02")[0] == 0
    code, out = run("validate", lists / "giants.yaml")
    assert code == 1
    assert "points-limit" in out and "41 points" in out


def test_validate_against_names_each_card_that_changed_and_both_totals(lists: Path) -> None:
    code, out = run("validate", lists / "giants.yaml", "--against", "2025.02")
    assert code == 1  # the verdict is the current season's
    block = out[out.index("card data 2025.02 → S07") :].splitlines()
    assert block[1:] == [
        "  Wun Wun (line 8): 8 → 9 points",
        "  the list under S07: points-limit: the list costs 41 points, 1 over the 40-point game size; "
        "remove or swap cards worth at least 1 point",
        "  totals: 40/40 points under 2025.02; 41/40 points under S07",
        "  verdict: valid under 2025.02; invalid (points-limit) under S07",
    ]


def test_data_diff_over_a_list_says_the_same(lists: Path) -> None:
    code, out = run("data", "diff", "2025.02", "S07", lists / "giants.yaml")
    assert code == 0
    assert "  Wun Wun (line 8): 8 → 9 points" in out
    assert "verdict: valid under 2025.02; invalid (points-limit) under S07" in out


def test_a_list_untouched_by_the_change_says_so(tmp_path: Path) -> None:
    path = tmp_path / "stark.yaml"
    shutil.copy(Path(__file__).parents[1] / "examples" / "stark-40.yaml", path)
    code, out = run("data", "diff", "2025.02", "S07", path)
    assert code == 0
    assert "no card of this list changes cost or legality" in out


# --- Lord of Sunspear -------------------------------------------------------------------------------


def test_doran_leads_only_with_areo_hotah_in_s07(catalogue: Catalogue, catalogue_2025_02: Catalogue) -> None:
    assert errors(check(catalogue_2025_02, DORAN_WITHOUT_AREO)) == set()
    report = check(catalogue, DORAN_WITHOUT_AREO)
    assert errors(report) == {("card-requirement", 10)}
    problem = next(p for p in report.problems if p.rule == "card-requirement")
    assert "Areo Hotah, Captain of The Guard" in problem.message and "Lord of Sunspear" in problem.message
    with_areo = DORAN_WITHOUT_AREO.replace(
        "attachments: [Spearlord]", 'attachments: ["Areo Hotah, Captain of The Guard"]'
    )
    assert errors(check(catalogue, with_areo)) == set()
    # without `commander:` he still leads when no other commander is fielded
    assert errors(
        check(catalogue, DORAN_WITHOUT_AREO.replace("commander: Doran Martell, Lord of Sunspear\n", ""))
    ) == {("card-requirement", 9)}


def test_doran_is_an_ordinary_ncu_unless_chosen(catalogue: Catalogue, catalogue_2025_02: Catalogue) -> None:
    beside_oberyn = DORAN_WITHOUT_AREO.replace("commander: Doran Martell, Lord of Sunspear\n", "").replace(
        "attachments: [Spearlord]", 'attachments: ["Oberyn Martell, Prince of Dorne"]'
    )
    report = check(catalogue, beside_oberyn)
    assert errors(report) == set()
    assert report.context is not None and report.context.commander is not None
    assert report.context.commander.id == "20901"
    # 2025.02 has no Lord of Sunspear card: there Doran is always a commander, so the list has two
    assert ("commander", 9) in errors(check(catalogue_2025_02, beside_oberyn))
    # naming Oberyn keeps Doran an NCU; naming Doran beside Oberyn is two commanders
    named_oberyn = "commander: Oberyn Martell, Prince of Dorne\n" + beside_oberyn
    assert errors(check(catalogue, named_oberyn)) == set()
    named_doran = "commander: Doran Martell, Lord of Sunspear\n" + beside_oberyn
    assert "commander" in {rule for rule, _ in errors(check(catalogue, named_doran))}


def test_validate_against_shows_doran_becoming_illegal(lists: Path) -> None:
    code, out = run("validate", lists / "doran.yaml", "--against", "2025.02")
    assert code == 1
    assert "  Doran Martell, Lord of Sunspear (line 10): illegal under S07 (card-requirement:" in out
    assert "verdict: valid under 2025.02; invalid (card-requirement) under S07" in out


# --- data diff ---------------------------------------------------------------------------------------


def test_data_diff_lists_exactly_the_hand_checked_free_folk_changes() -> None:
    code, out = run("data", "diff", "2025.02", "S07")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "card data 2025.02 → S07"
    start = lines.index("Free Folk")
    section = []
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        section.append(line)
    found = {re.search(r"\((\d{5})\)", line).group(1): line for line in section}  # type: ignore[union-attr]
    assert set(found) == set(FREE_FOLK_S07)
    for ident, facts in FREE_FOLK_S07.items():
        for fact in facts:
            assert fact in found[ident], f"{ident}: {fact!r} not in {found[ident]!r}"
    assert "+ special card Lord of Sunspear (50901)" in out
    assert lines[-1].startswith("14 cards changed, 0 added, 0 removed")


def test_data_diff_the_other_way_and_of_a_season_with_itself() -> None:
    code, out = run("data", "diff", "S07", "2025.02")
    assert code == 0
    assert "Wun Wun (10306): cost 9 → 8" in out
    assert "− special card Lord of Sunspear (50901)" in out
    code, out = run("data", "diff", "S07", "S07")
    assert out.splitlines()[-1].startswith("0 cards changed, 0 added, 0 removed")


# --- --data-version on the card commands, and events ------------------------------------------------


def test_card_commands_take_the_data_version() -> None:
    def cost(output: str) -> str:
        return re.search(r"^cost +(\S+)", output, re.M).group(1)  # type: ignore[union-attr]

    assert cost(run("card", "Wun Wun")[1]) == "9"
    assert cost(run("card", "Wun Wun", "--data-version", "2025.02")[1]) == "8"
    code, out = run("cards", "--faction", "freefolk", "--format", "csv", "--data-version", "2025.02")
    assert code == 0 and "Wun Wun" in out


def test_an_event_s_data_version_selects_that_season(lists: Path, tmp_path: Path) -> None:
    submissions = tmp_path / "subs"
    submissions.mkdir()
    shutil.copy(lists / "giants.yaml", submissions / "alice.yaml")
    event = tmp_path / "event.yaml"
    event.write_text('name: Old Season Open\npoints: 40\ndata_version: "2025.02"\n', encoding="utf-8")
    assert run("batch", submissions, "--event", event)[0] == 0
    event.write_text('name: New Season Open\npoints: 40\ndata_version: "S07"\n', encoding="utf-8")
    assert run("batch", submissions, "--event", event)[0] == 1
    code, out = run("batch", submissions, "--event", event, "--data-version", "2025.02")
    assert code == 2
    assert "event.yaml:3:" in out and "--data-version asks for 2025.02" in out


# --- a data folder's seasons ---------------------------------------------------------------------------


def _problems(root: Path) -> set[tuple[str, str]]:
    from armybuilder.games.asoiaf.system import SYSTEM

    return {(p.rule, p.file) for p in SYSTEM.check_data(root)}


def test_a_third_season_is_based_on_the_second(data: Path) -> None:
    season = data / "seasons" / "S08"
    (season / "units").mkdir(parents=True)
    (season / "factions.yaml").write_text(
        'data_version: "S08"\nbase: "S07"\nfactions:\n  - {key: stark, name: "House Stark", season: "S08"}\n',
        encoding="utf-8",
    )
    units = (data / "units" / "stark.yaml").read_text(encoding="utf-8")
    old = '    cost: 5\n    stats: {speed: 5, defense: 4, morale: 6, wounds: null}\n    attacks:\n      - {name: "Winter'
    (season / "units" / "stark.yaml").write_text(
        units.replace(old, old.replace("cost: 5", "cost: 6")), encoding="utf-8"
    )
    assert _problems(data) == set()
    newest = load_catalogue(data)
    assert (newest.data_version, newest.versions) == ("S08", ("2025.02", "S07", "S08"))
    assert newest.cards["10201"].cost == 6
    assert newest.cards["10306"].cost == 9  # S07's Wun Wun carries on
    assert newest.factions["stark"].season == "S08" and newest.factions["lannister"].season == "S06"
    assert load_catalogue(data, "S07").cards["10201"].cost == 5
    _, out = run("data", "versions", "--data", data)
    assert [line.split()[0] for line in out.splitlines()] == ["2025.02", "S07", "S08"]


def test_broken_season_links_are_data_check_errors(data: Path) -> None:
    factions = data / "seasons" / "S07" / "factions.yaml"
    factions.write_text(factions.read_text(encoding="utf-8").replace('base: "2025.02"', 'base: "2024.01"'))
    assert ("season-base", "seasons/S07/factions.yaml") in _problems(data)
    code, out = run("data", "check", data)
    assert code == 1 and "season-base" in out and "'2024.01', which is no season" in out
    with pytest.raises(DataError, match="no season of this folder"):
        load_catalogue(data)


def test_two_seasons_changing_the_same_one_are_an_error(data: Path) -> None:
    shutil.copytree(data / "seasons" / "S07", data / "seasons" / "S07b")
    factions = data / "seasons" / "S07b" / "factions.yaml"
    factions.write_text(
        factions.read_text(encoding="utf-8").replace('data_version: "S07"', 'data_version: "S07b"')
    )
    assert ("season-base", "seasons/S07b/factions.yaml") in _problems(data)


def test_a_problem_in_a_season_file_points_at_that_file(data: Path) -> None:
    units = data / "seasons" / "S07" / "units" / "freefolk.yaml"
    units.write_text(units.read_text(encoding="utf-8").replace("cost: 9", 'cost: "nine"'), encoding="utf-8")
    assert _problems(data) == {("schema", "seasons/S07/units/freefolk.yaml")}
    assert load_catalogue(data, "2025.02").cards["10306"].cost == 8  # the earlier season is still usable


def test_a_commander_whose_deck_is_not_20_cards_is_an_error(data: Path) -> None:
    commanders = data / "commanders" / "stark.yaml"
    text = commanders.read_text(encoding="utf-8")
    commanders.write_text(text.replace('      - {id: "40210", name: "Hit and Run"}\n', ""), encoding="utf-8")
    problems = [p for p in _checked(data) if p.rule == "commander-deck-size"]
    assert [(p.file, p.card) for p in problems] == [("commanders/stark.yaml", "20201")]
    assert "18 cards" in problems[0].message


def _checked(root: Path) -> list:  # type: ignore[type-arg]
    from armybuilder.games.asoiaf.system import SYSTEM

    return SYSTEM.check_data(root)


def test_the_cache_keeps_each_season_apart(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("ARMYBUILDER_CACHE_DIR", str(cache))
    monkeypatch.delenv("ARMYBUILDER_NO_CACHE", raising=False)
    assert load_catalogue(data, "2025.02").data_version == "2025.02"
    assert load_catalogue(data).data_version == "S07"
    assert len(list(cache.glob("catalogue-*.pickle"))) == 2
    # warm: each from its own cache file
    assert load_catalogue(data, "2025.02").cards["10306"].cost == 8
    assert load_catalogue(data).cards["10306"].cost == 9
    # a change to a season's file is a new key: never the stale catalogue
    units = data / "seasons" / "S07" / "units" / "freefolk.yaml"
    units.write_text(units.read_text(encoding="utf-8").replace("cost: 9", "cost: 10"), encoding="utf-8")
    assert load_catalogue(data).cards["10306"].cost == 10
