"""`armybuilder data check --game agot-board-game`: every problem of a data folder, positioned.

Each file is read with positions, validated against its JSON Schema (`schemas/<file>.schema.json`), and
then the files are checked against each other: every name one file uses must be defined in another
(aliases, homes, ports, coasts, start units, neutral forces), tables must agree with each other (caps
for every unit, seven cards a house, the supply track falling from the left).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from armybuilder import yamlpos
from armybuilder.fileio import read_input
from armybuilder.games.agot.data import FILES, FOLDER
from armybuilder.games.base import bundled_data
from armybuilder.kit import schema as kit
from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos

DATA_SYNTAX = "data-syntax"
DATA_SCHEMA = "data-schema"
DATA_REFERENCE = "data-reference"
DOCS = {
    DATA_SYNTAX: "A data file is missing or is not readable YAML.",
    DATA_SCHEMA: "A data file does not match its JSON Schema (a missing table, a wrong type, an unknown key).",
    DATA_REFERENCE: (
        "The data files disagree: a name one file uses is not defined in another, or two tables contradict "
        "each other (caps, card counts, the supply track)."
    ),
}


class _Checker:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.problems: list[Problem] = []
        self.raw: dict[str, Any] = {}

    def add(self, rule: str, file: str, message: str, pos: Pos) -> None:
        path = str(self.folder / f"{file}.yaml")
        self.problems.append(Problem(rule, Severity.ERROR, message, path, pos[0], pos[1]))

    def ref(self, file: str, message: str, *path: Any) -> None:
        self.add(DATA_REFERENCE, file, message, kit.position(self.raw[file], path))

    def run(self) -> list[Problem]:
        valid = True
        for name in FILES:
            path = self.folder / f"{name}.yaml"
            try:
                value = yamlpos.load(read_input(path))
            except OSError as exc:
                self.add(DATA_SYNTAX, name, f"cannot read the file: {exc.strerror or exc}", Pos(0, 0))
                valid = False
                continue
            except yamlpos.YamlError as exc:
                self.add(DATA_SYNTAX, name, exc.message, Pos(exc.line, exc.column))
                valid = False
                continue
            judge = kit.validator(kit.load_schema("armybuilder.games.agot", f"{name}.schema.json"))
            errors = list(kit.schema_problems(judge, value, str(self.folder / f"{name}.yaml"), DATA_SCHEMA))
            self.problems += errors
            valid = valid and not errors
            self.raw[name] = value
        if valid:
            for check in (self.houses, self.areas, self.tables, self.cards, self.setups):
                check()
        return sorted(self.problems, key=Problem.sort_key)

    # --- cross references -------------------------------------------------------------------------

    def houses(self) -> None:
        houses = self.raw["houses"]["houses"]
        seen: dict[str, str] = {}
        for hid, v in houses.items():
            for i, alias in enumerate(v["aliases"]):
                if alias in seen or alias in houses:
                    self.ref(
                        "houses",
                        f'alias "{alias}" of {hid} also names {seen.get(alias, alias)}',
                        "houses",
                        hid,
                        "aliases",
                        i,
                    )
                seen[alias] = hid
        tables = self.raw["tables"]["editions"]
        for number, key in ((1, "ed1"), (2, "ed2")):
            listed = {h for h, v in houses.items() if number in v["editions"]}
            if listed != set(tables[key]["houses"]):
                self.ref(
                    "tables",
                    f"the houses of {key} differ from houses.yaml ({', '.join(sorted(listed))})",
                    "editions",
                    key,
                    "houses",
                )

    def _maps(self) -> tuple[dict[str, str], dict[str, str]]:
        areas = self.raw["areas"]
        ed2 = areas["areas_ed2"]
        kinds2 = {
            **dict.fromkeys(ed2["land"], "land"),
            **dict.fromkeys(ed2["sea"], "sea"),
            **dict.fromkeys(ed2["port"], "port"),
        }
        ed1 = areas["areas_ed1_inferred"]
        kinds1 = {**dict.fromkeys(ed1["land"], "land"), **dict.fromkeys(ed1["sea"], "sea")}
        return kinds1, kinds2

    def areas(self) -> None:
        areas = self.raw["areas"]
        houses = set(self.raw["houses"]["houses"])
        kinds1, kinds2 = self._maps()
        wall = set(areas["out_of_play"]["all"])
        for alias, name in areas["area_aliases"].items():
            if name not in kinds1 and name not in kinds2 and name not in wall:
                self.ref(
                    "areas", f'alias "{alias}" names "{name}", which is on neither map', "area_aliases", alias
                )
        for i, name in enumerate(areas["out_of_play"]["ed2_3_players"]):
            if name not in kinds2:
                self.ref(
                    "areas",
                    f'"{name}" is not an area of the second-edition map',
                    "out_of_play",
                    "ed2_3_players",
                    i,
                )
        ed2 = areas["areas_ed2"]
        overlap = set(ed2["land"]) & set(ed2["sea"])
        for name in sorted(overlap):
            self.ref("areas", f'"{name}" is both a land and a sea area', "areas_ed2", "sea")
        for name, v in ed2["land"].items():
            if v and "home" in v and v["home"] not in houses:
                self.ref(
                    "areas",
                    f'home house "{v["home"]}" of {name} is not in houses.yaml',
                    "areas_ed2",
                    "land",
                    name,
                    "home",
                )
        for name, p in ed2["port"].items():
            if kinds2.get(p["land"]) != "land":
                self.ref(
                    "areas",
                    f'the port {name} joins "{p["land"]}", which is not a land area',
                    "areas_ed2",
                    "port",
                    name,
                    "land",
                )
            if kinds2.get(p["sea"]) != "sea":
                self.ref(
                    "areas",
                    f'the port {name} opens on "{p["sea"]}", which is not a sea area',
                    "areas_ed2",
                    "port",
                    name,
                    "sea",
                )
        for i, name in enumerate(ed2["islands"]):
            if kinds2.get(name) != "land":
                self.ref("areas", f'the island "{name}" is not a land area', "areas_ed2", "islands", i)
        for name, seas in areas["muster_seas_ed2"].items():
            land = ed2["land"].get(name)
            if name not in ed2["land"] or not (land or {}).get("castle"):
                self.ref(
                    "areas",
                    f'"{name}" is not a castle or stronghold of the second edition',
                    "muster_seas_ed2",
                    name,
                )
            for i, sea in enumerate(seas):
                if kinds2.get(sea) != "sea":
                    self.ref("areas", f'"{sea}" is not a sea area', "muster_seas_ed2", name, i)
        for name, v in ed2["land"].items():
            if v and v.get("castle") and name not in areas["muster_seas_ed2"]:
                self.ref(
                    "areas",
                    f"the castle or stronghold {name} has no entry in muster_seas_ed2",
                    "areas_ed2",
                    "land",
                    name,
                )
        ed1 = areas["areas_ed1_inferred"]
        for name, hid in ed1["home"].items():
            if kinds1.get(name) != "land" or hid not in houses:
                self.ref(
                    "areas",
                    f"home {name}: {hid} is not a land area and house of edition 1",
                    "areas_ed1_inferred",
                    "home",
                    name,
                )
        seed = areas["ed1_seed_map"]
        for table, kind in (("land_named", "land"), ("sea_named", "sea"), ("islands", "land")):
            for i, name in enumerate(seed[table]):
                if kinds1.get(name) != kind:
                    self.ref(
                        "areas",
                        f'"{name}" is not a {kind} area of the inferred first-edition map',
                        "ed1_seed_map",
                        table,
                        i,
                    )
        for table in ("supply_icons", "power_icons", "mustering_points", "muster_seas"):
            for name in seed[table]:
                if kinds1.get(name) != "land":
                    self.ref(
                        "areas",
                        f'"{name}" is not a land area of the inferred first-edition map',
                        "ed1_seed_map",
                        table,
                        name,
                    )
        for name, seas in seed["muster_seas"].items():
            for i, sea in enumerate(seas):
                if kinds1.get(sea) != "sea":
                    self.ref(
                        "areas",
                        f'"{sea}" is not a sea area of the inferred first-edition map',
                        "ed1_seed_map",
                        "muster_seas",
                        name,
                        i,
                    )

    def tables(self) -> None:
        tables = self.raw["tables"]
        for key, t in tables["editions"].items():
            if set(t["unit_caps"]) != set(t["units"]):
                self.ref(
                    "tables",
                    f"{key}: unit_caps must give a cap for each unit and no other",
                    "editions",
                    key,
                    "unit_caps",
                )
            low, high = t["players"]["min"], t["players"]["max"]
            counts = [r["players"] for r in t["houses_by_player_count"]]
            if sorted(counts) != list(range(low, high + 1)):
                self.ref(
                    "tables",
                    f"{key}: houses_by_player_count must cover {low} to {high} players once each",
                    "editions",
                    key,
                    "houses_by_player_count",
                )
            for i, row in enumerate(t["houses_by_player_count"]):
                if len(row["houses"]) != row["players"] or not set(row["houses"]) <= set(t["houses"]):
                    self.ref(
                        "tables",
                        f"{key}: {row['players']} players need {row['players']} houses of the edition",
                        "editions",
                        key,
                        "houses_by_player_count",
                        i,
                    )
        for i, row in enumerate(tables["supply_track"]):
            if list(row) != sorted(row, reverse=True):
                self.ref(
                    "tables", f"supply level {i}: the army limits must run largest first", "supply_track", i
                )
        if set(tables["order_kinds"]) != set(tables["order_tokens"]):
            self.ref(
                "tables", "order_kinds must name the kind of every order token and no other", "order_kinds"
            )

    def cards(self) -> None:
        per_house = self.raw["tables"]["house_cards"]["per_house"]
        houses = self.raw["houses"]["houses"]
        seen: dict[str, str] = {}
        for hid, hand in self.raw["house_cards"]["house_cards_ed2"].items():
            if hid not in houses or 2 not in houses[hid]["editions"]:
                self.ref("house_cards", f"{hid} is not a house of the second edition", "house_cards_ed2", hid)
            if len(hand) != per_house:
                self.ref(
                    "house_cards",
                    f"{hid} has {len(hand)} cards; a house has {per_house}",
                    "house_cards_ed2",
                    hid,
                )
            for name in hand:
                if name in seen:
                    self.ref(
                        "house_cards",
                        f'"{name}" is a card of both {seen[name]} and {hid}',
                        "house_cards_ed2",
                        hid,
                        name,
                    )
                seen[name] = hid

    def setups(self) -> None:
        setups = self.raw["setups"]
        kinds1, kinds2 = self._maps()
        ed_houses = {key: set(t["houses"]) for key, t in self.raw["tables"]["editions"].items()}

        def units(
            file_path: tuple[Any, ...], table: dict[str, Any], kinds: dict[str, str], word: str
        ) -> None:
            for area, present in table.items():
                kind = kinds.get(area)
                if kind is None:
                    self.ref("setups", f'"{area}" is not an area of the {word} map', *file_path, area)
                    continue
                if kind == "land" and "ship" in present:
                    self.ref("setups", f"a ship cannot start on the land area {area}", *file_path, area)
                if kind != "land" and set(present) - {"ship"}:
                    self.ref("setups", f"land units cannot start in the {kind} {area}", *file_path, area)

        for hid, start in setups["start_ed1"]["houses"].items():
            if hid not in ed_houses["ed1"]:
                self.ref("setups", f"{hid} is not a house of the first edition", "start_ed1", "houses", hid)
            units(("start_ed1", "houses", hid, "units"), start["units"], kinds1, "inferred first-edition")
        start2 = setups["start_ed2"]
        for hid, table in start2["units"].items():
            if hid not in ed_houses["ed2"]:
                self.ref("setups", f"{hid} is not a house of the second edition", "start_ed2", "units", hid)
            units(("start_ed2", "units", hid), table, kinds2, "second-edition")
        if set(start2["supply"]) != ed_houses["ed2"]:
            self.ref("setups", "start_ed2.supply must give every second-edition house", "start_ed2", "supply")
        for track, order in start2["influence"].items():
            if set(order) != ed_houses["ed2"] or len(order) != len(ed_houses["ed2"]):
                self.ref(
                    "setups",
                    f"the {track} start must list every second-edition house once",
                    "start_ed2",
                    "influence",
                    track,
                )
        for track, order in setups["influence_start_ed1_inferred"].items():
            if set(order) != ed_houses["ed1"] or len(order) != len(ed_houses["ed1"]):
                self.ref(
                    "setups",
                    f"the {track} start must list every first-edition house once",
                    "influence_start_ed1_inferred",
                    track,
                )
        for i, removed in enumerate(start2.get("removed") or ()):
            if removed["unit"] not in start2["units"].get(removed["house"], {}).get(removed["area"], {}):
                self.ref(
                    "setups",
                    "a removed unit must be one of the house's start units",
                    "start_ed2",
                    "removed",
                    i,
                )
        for key, kinds in (("ed1", kinds1), ("ed2", kinds2)):
            for i, row in enumerate(setups["neutral_forces"][key]):
                for area in row["areas"]:
                    if kinds.get(area) != "land":
                        self.ref(
                            "setups",
                            f'"{area}" is not a land area of {key}',
                            "neutral_forces",
                            key,
                            i,
                            "areas",
                            area,
                        )


def check_data(folder: Path | None = None) -> list[Problem]:
    """Every problem of the data folder (None: the bundled data)."""
    return _Checker(folder or bundled_data(FOLDER)).run()
