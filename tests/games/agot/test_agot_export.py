"""`export --format json`: the checked position itself, not only its summary and problems. Each file's
`position` is compared with the file loaded independently (plain PyYAML), its names mapped through the
data (house aliases to ids, area aliases to the map's English names)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from agot_helpers import SAMPLES, check, data
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.games.agot.data import Edition
from armybuilder.games.agot.system import SYSTEM

REAL = Path(__file__).parent / "real"
FILES = sorted(SAMPLES.glob("*.yaml")) + sorted(REAL.glob("*.yaml"))
HEAD = "game: agot-board-game\nedition: 2\nplayers: 6\nround: 3\n"


def exported(text: str) -> dict[str, Any]:
    """The `position` of the JSON export of a position file's text."""
    document = json.loads(SYSTEM.export(check(text), "json"))
    position: dict[str, Any] = document["position"]
    return position


def expected(doc: dict[str, Any]) -> dict[str, Any]:
    """What the export should hold for a file whose every name resolves: the file's sections, names mapped."""
    ed: Edition = data().editions[doc["edition"]]

    def area(name: str) -> str:
        return ed.area_aliases.get(name.strip(), name.strip())

    def house(name: str) -> str:
        return ed.house_index[name.strip()]

    out: dict[str, Any] = {"edition": doc["edition"]}
    for key in ("players", "round", "name", "phase", "wildling_threat", "put_to_the_sword"):
        if key in doc:
            out[key] = doc[key]
    if "influence" in doc:
        out["influence"] = {t: [house(h) for h in hs] for t, hs in doc["influence"].items()}
    if "dominance_tokens" in doc:
        out["dominance_tokens"] = {t: house(h) for t, h in doc["dominance_tokens"].items()}
    if "neutral_forces" in doc:
        out["neutral_forces"] = [area(a) for a in doc["neutral_forces"]]
    if "westeros_cards" in doc:
        out["westeros_cards"] = [c.strip() for c in doc["westeros_cards"]]
    houses: dict[str, Any] = {}
    for key, block in doc["houses"].items():
        mine: dict[str, Any] = {}
        for k, v in (block or {}).items():
            if k == "power_on_board":
                mine[k] = [area(a) for a in v]
            elif k == "house_cards":
                mine[k] = {s: [n.strip() for n in c] if isinstance(c, list) else c for s, c in v.items()}
            elif k in ("units", "orders"):
                mine[k] = {area(a): x for a, x in v.items()}
            else:
                mine[k] = v
        houses[house(key)] = mine
    out["houses"] = houses
    if "muster" in doc:
        out["muster"] = {
            house(h): {
                area(a): [
                    i if isinstance(i, str) else {k: area(v) if k == "ship" else v for k, v in i.items()}
                    for i in items
                ]
                for a, items in plan.items()
            }
            for h, plan in doc["muster"].items()
        }
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_export_holds_every_section_the_file_states(path: Path) -> None:
    text = path.read_text("utf-8")
    position = exported(text)
    assert position == expected(yaml.safe_load(text))
    assert json.loads(json.dumps(position)) == position  # plain data: nothing JSON turns into something else


def test_the_bundled_valid_sample_in_full() -> None:
    position = exported((SAMPLES / "agot-valid.yaml").read_text("utf-8"))
    lannister = position["houses"]["lannister"]
    assert lannister["units"]["Harrenhal"] == {"knight": 2, "footman": 1}
    assert lannister["orders"]["Searoad Marches"] == "defense-plus2-star"
    assert lannister["power_on_board"] == ["Riverrun"]
    assert lannister["house_cards"] == {"hand": 5, "discarded": 2}
    assert position["influence"]["iron_throne"] == ["greyjoy", "lannister", "stark", "baratheon", "tyrell"]
    assert position["dominance_tokens"]["messenger_raven"] == "stark"
    assert position["neutral_forces"] == ["King's Landing", "The Eyrie", "Sunspear"]
    assert position["westeros_cards"] == ["Supply", "Clash of Kings", "Last Days of Summer"]
    assert position["wildling_threat"] == 4 and position["phase"] == "planning"


def test_the_cli_writes_the_position(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ARMYBUILDER_CACHE_DIR", str(tmp_path))
    result = CliRunner().invoke(app, ["export", str(SAMPLES / "agot-muster.yaml"), "--format", "json"])
    assert result.exit_code == 0, result.output
    position = json.loads(result.stdout)["position"]
    assert position["muster"] == {
        "lannister": {
            "Lannisport": ["footman", {"ship": "The Golden Sound"}],
            "Harrenhal": [{"upgrade": "knight"}],
            "Riverrun": [{"ship": "The Golden Sound"}],
        }
    }


def test_aliases_come_out_as_the_data_names_them() -> None:
    text = (
        "game: agot-board-game\nedition: 1\nplayers: 5\nround: 3\n"
        "influence: {iron_throne: [史塔克, lannister, baratheon, greyjoy, tyrell]}\n"
        "dominance_tokens: {iron_throne: 史塔克家族}\n"
        "neutral_forces: [君临, Eyrie]\n"
        "houses:\n"
        "  兰尼斯特:\n"
        "    power_on_board: [海强城]\n"
        "    units: {奔流城: {footman: 1}, 'Harrenhal ': {knight: 1}}\n"
        "    orders: {奔流城: march-0, Harrenhal: raid}\n"
        "muster:\n  lannister:\n    兰斯尼港: [{ship: 金声湾}]\n"
    )
    position = exported(text)
    assert position["influence"]["iron_throne"][0] == "stark"
    assert position["dominance_tokens"] == {"iron_throne": "stark"}
    assert position["neutral_forces"] == ["King's Landing", "The Eyrie"]
    lannister = position["houses"]["lannister"]
    assert lannister["power_on_board"] == ["Seagard"]
    assert lannister["units"] == {"Riverrun": {"footman": 1}, "Harrenhal": {"knight": 1}}
    assert lannister["orders"] == {"Riverrun": "march-0", "Harrenhal": "raid"}
    assert position["muster"] == {"lannister": {"Lannisport": [{"ship": "The Golden Sound"}]}}


def test_sections_the_file_does_not_state_are_absent() -> None:
    position = exported(HEAD + "houses:\n  stark: {}\n  lannister:\n    supply: 2\n")
    assert position == {
        "edition": 2,
        "players": 6,
        "round": 3,
        "houses": {"stark": {}, "lannister": {"supply": 2}},
    }
    assert None not in position.values()


def test_house_cards_named_in_either_list() -> None:
    position = exported(
        HEAD
        + "houses:\n"
        + "  stark:\n    house_cards: {hand: [Eddard Stark, ' Robb Stark'], discarded: 5}\n"
        + "  lannister:\n    house_cards: {hand: 3, discarded: [Tyrion Lannister, Jaime Lannister, Cersei Lannister]}\n"
        + "  greyjoy:\n    house_cards: {discarded: [Balon Greyjoy], hand: [Euron Crow's Eye, Victarion Greyjoy]}\n"
    )
    houses = position["houses"]
    assert houses["stark"]["house_cards"] == {"hand": ["Eddard Stark", "Robb Stark"], "discarded": 5}
    assert houses["lannister"]["house_cards"] == {
        "hand": 3,
        "discarded": ["Tyrion Lannister", "Jaime Lannister", "Cersei Lannister"],
    }
    assert houses["greyjoy"]["house_cards"] == {
        "hand": ["Euron Crow's Eye", "Victarion Greyjoy"],
        "discarded": ["Balon Greyjoy"],
    }


def test_an_invalid_file_exports_what_was_readable() -> None:
    text = (
        HEAD
        + "wildling_threat: many\n"  # a shape fault: left out
        + "influence: {fiefdoms: [stark, Starck, lannister]}\n"  # an unknown house in a track
        + "houses:\n"
        + "  starks:\n    supply: 2\n"  # an unknown house: its block is not read
        + "  lannister:\n"
        + "    supply: 9\n"  # out of range, still what the file states
        + "    power_available: lots\n"  # a shape fault
        + "    units: {Riverrun: {footman: 1}, Winterfel: {knight: 2}}\n"  # an area the map does not know
        + "    orders: {Riverrun: march-0, Winterfel: raid, Harrenhal: charge}\n"  # an unknown token: left out
    )
    report = check(text)
    assert not report.valid
    rules = {p.rule for p in report.problems}
    assert {"unknown-house", "unknown-area", "schema"} <= rules
    position = exported(text)
    assert "wildling_threat" not in position
    assert position["influence"] == {"fiefdoms": ["stark", "lannister"]}
    assert list(position["houses"]) == ["lannister"]
    lannister = position["houses"]["lannister"]
    assert lannister == {
        "supply": 9,
        "units": {"Riverrun": {"footman": 1}, "Winterfel": {"knight": 2}},  # kept under the name written
        "orders": {"Riverrun": "march-0", "Winterfel": "raid"},
    }


def test_first_edition_areas_outside_the_inferred_map_are_kept() -> None:
    text = "game: agot-board-game\nedition: 1\nplayers: 5\nround: 2\nhouses:\n  stark:\n    units: {Godswood: {footman: 1}}\n"
    assert ("unknown-area", 7) in {(p.rule, p.line) for p in check(text).problems}  # a note
    assert exported(text)["houses"]["stark"]["units"] == {"Godswood": {"footman": 1}}


def test_an_area_given_two_orders_keeps_both() -> None:
    text = (
        "game: agot-board-game\nedition: 1\nplayers: 5\nround: 3\n"
        "houses:\n  lannister:\n    units: {Riverrun: {footman: 1}}\n"
        "    orders:\n      Riverrun: march-0\n      奔流城: raid\n"
    )
    assert "orders-one-per-area" in {p.rule for p in check(text).problems}
    assert exported(text)["houses"]["lannister"]["orders"] == {"Riverrun": ["march-0", "raid"]}


def test_units_named_twice_are_added_as_the_reader_adds_them() -> None:
    text = (
        HEAD
        + "houses:\n  stark:\n    units: {Winterfell: {footman: 1}, 'Winterfell ': {knight: 1, footman: 1}}\n"
    )
    assert exported(text)["houses"]["stark"]["units"] == {"Winterfell": {"footman": 2, "knight": 1}}


def test_second_edition_sections_and_what_is_left_out() -> None:
    text = (
        HEAD
        + "westeros_cards: [Put to the Sword, ' Supply ', Winter is Coming!]\n"  # the last is no card: left out
        + "put_to_the_sword: no-defense\n"
        + "houses:\n  stark:\n    units: {Winterfell: {footman: 1, dragon: 2}}\n"  # an unknown unit: left out
        + "muster:\n  lannister:\n    Lannisport: [footman]\n"  # a plan for a house without a block
    )
    assert {"schema", "unknown-unit-type"} <= {p.rule for p in check(text).problems}
    position = exported(text)
    assert position["westeros_cards"] == ["Put to the Sword", "Supply"]
    assert position["put_to_the_sword"] == "no-defense"
    assert position["houses"] == {"stark": {"units": {"Winterfell": {"footman": 1}}}}
    assert position["muster"] == {"lannister": {}}  # the model keeps the plan's house, not its unread areas
