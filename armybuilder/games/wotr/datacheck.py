"""Reading and checking the War of the Ring data folder: what `armybuilder data check --game war-of-the-ring`
reports, and what `load_data` refuses.

Each file is validated against its JSON Schema (`schemas/<file>.json`), then the set is checked for what a
schema cannot see. Every problem points at the line of the offending entry.

- `data-schema`: a file is missing, is not YAML, or breaks its schema (a field missing, unknown or of the
  wrong type).
- `data-consistency`: facts that disagree: the standard set-up plus the reinforcements differ from the box
  count, a name used that no table defines, region totals that do not add up, two names of one kind that
  are the same under the matching rule.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from armybuilder import yamlpos
from armybuilder.fileio import read_input
from armybuilder.games.wotr.names import matched
from armybuilder.kit import schema as kit
from armybuilder.problems import Problem, Severity

FILES = ("nations", "regions", "characters", "setup", "tracks", "aliases")
NAME_KINDS = ("sides", "nations", "figure_kinds", "players", "regions", "characters")


def schema(name: str) -> dict[str, Any]:
    return kit.load_schema("armybuilder.games.wotr", f"{name}.json")


@cache
def _validator(name: str) -> kit.Validator:
    return kit.validator(schema(name))


@dataclass
class DataFiles:
    """The parsed files of one data folder (None for a file that could not be read) and its problems."""

    folder: Path
    values: dict[str, Any]
    problems: list[Problem]

    def path(self, name: str) -> str:
        return str(self.folder / f"{name}.yaml")


def read_bytes(folder: Path) -> dict[str, bytes] | None:
    """Every file of `folder` as `read` reads it (the same guards), or None when one cannot be read."""
    try:
        return {name: read_input(folder / f"{name}.yaml") for name in FILES}
    except OSError:
        return None  # `read` says which file and why


def read(folder: Path, blobs: Mapping[str, bytes] | None = None) -> DataFiles:
    """Parse and schema-check every file of `folder` (`blobs`: their bytes, already read by `read_bytes`)."""
    files = DataFiles(folder, {}, [])
    for name in FILES:
        path = folder / f"{name}.yaml"
        try:
            value = yamlpos.load(blobs[name] if blobs is not None else read_input(path))
        except OSError as exc:
            files.problems.append(
                Problem("data-schema", Severity.ERROR, f"cannot read {name}.yaml: {exc.strerror}", str(path))
            )
            files.values[name] = None
            continue
        except yamlpos.YamlError as exc:
            files.problems.append(
                Problem("data-schema", Severity.ERROR, exc.message, str(path), exc.line, exc.column)
            )
            files.values[name] = None
            continue
        found = list(kit.schema_problems(_validator(name), value, str(path), "data-schema", f"see schemas/{name}.json"))
        files.problems += found
        files.values[name] = None if found else value
    return files


class _Consistency:
    def __init__(self, files: DataFiles) -> None:
        self.files = files
        self.v = files.values

    def problem(self, name: str, path: list[Any], message: str) -> Problem:
        pos = kit.position(self.v[name], path)
        return Problem(
            "data-consistency", Severity.ERROR, message, self.files.path(name), pos.line, pos.column
        )

    def run(self) -> Iterator[Problem]:
        nations, regions, characters = self.v["nations"], self.v["regions"], self.v["characters"]
        setup, tracks, aliases = self.v["setup"], self.v["tracks"], self.v["aliases"]
        if nations is not None:
            yield from self.nations(nations)
        if nations is not None and regions is not None and setup is not None:
            yield from self.setup(nations, regions, setup)
        if regions is not None:
            yield from self.regions(regions, nations)
        if characters is not None and regions is not None:
            yield from self.characters(characters, regions)
        if characters is not None and setup is not None:
            for i, name in enumerate(setup["fellowship"]["companions"]):
                if characters["characters"].get(name, {}).get("kind") != "companion":
                    yield self.problem(
                        "setup",
                        ["fellowship", "companions", i],
                        f"{name!r} is not a companion in characters.yaml",
                    )
            if setup["fellowship"]["guide"] not in setup["fellowship"]["companions"]:
                yield self.problem("setup", ["fellowship", "guide"], "the starting guide is not a companion")
        if tracks is not None and nations is not None and characters is not None:
            yield from self.tracks(tracks, nations, characters)
        if aliases is not None:
            yield from self.aliases(aliases)

    def nations(self, nations: Any) -> Iterator[Problem]:
        listed: dict[str, str] = {}
        for side, entry in nations["sides"].items():
            for i, nation in enumerate(entry["nations"]):
                if nation not in nations["nations"]:
                    yield self.problem(
                        "nations", ["sides", side, "nations", i], f"{nation!r} is not a nation"
                    )
                listed[nation] = side
        for key, nation in nations["nations"].items():
            if listed.get(key) != nation["side"]:
                yield self.problem(
                    "nations",
                    ["nations", key, "side"],
                    f"{key} is not listed under its side {nation['side']}",
                )
            kinds = set(nation["figures_in_box"])
            if nation["side"] == "shadow" and "leader" in kinds:
                yield self.problem("nations", ["nations", key], f"{key}: the Shadow has no leader figures")
            if "nazgul" in kinds and key != "sauron":
                yield self.problem("nations", ["nations", key], f"{key}: only Sauron has Nazgûl")
        for side, totals in nations.get("totals", {}).items():
            boxes = [n["figures_in_box"] for n in nations["nations"].values() if n["side"] == side]
            found = {
                "army_units": sum(b.get("regular", 0) + b.get("elite", 0) for b in boxes),
                "leaders": sum(b.get("leader", 0) for b in boxes),
                "nazgul": sum(b.get("nazgul", 0) for b in boxes),
            }
            for what, total in totals.items():
                if found[what] != total:
                    yield self.problem(
                        "nations",
                        ["totals", side, what],
                        f"{side} {what}: the nations sum to {found[what]}, not {total}",
                    )

    def setup(self, nations: Any, regions: Any, setup: Any) -> Iterator[Problem]:
        known = nations["nations"]
        for nation, places in setup["board"].items():
            if nation not in known:
                yield self.problem("setup", ["board", nation], f"{nation!r} is not a nation")
                continue
            for region, figures in places.items():
                if region not in regions["regions"]:
                    yield self.problem("setup", ["board", nation, region], f"{region!r} is not a region")
                for kind in figures:
                    if kind not in known[nation]["figures_in_box"]:
                        yield self.problem(
                            "setup", ["board", nation, region, kind], f"{nation} has no {kind} figures"
                        )
        for nation in setup["reinforcements"]:
            if nation not in known:
                yield self.problem("setup", ["reinforcements", nation], f"{nation!r} is not a nation")
        for nation, entry in known.items():
            for kind, box in entry["figures_in_box"].items():
                on_board = sum(f.get(kind, 0) for f in setup["board"].get(nation, {}).values())
                pool = setup["reinforcements"].get(nation, {}).get(kind, 0)
                if on_board + pool != box:
                    yield self.problem(
                        "setup",
                        ["reinforcements", nation],
                        f"{nation} {kind}: {on_board} set up + {pool} in reinforcements = {on_board + pool}, "
                        f"but the box holds {box}",
                    )
        for nation in setup["political"]:
            if nation not in known:
                yield self.problem("setup", ["political", nation], f"{nation!r} is not a nation")
        location = setup["fellowship"]["location"]
        if location not in regions["regions"]:
            yield self.problem("setup", ["fellowship", "location"], f"{location!r} is not a region")

    def regions(self, regions: Any, nations: Any) -> Iterator[Problem]:
        table = regions["regions"]
        forms: dict[str, str] = {}
        for name, region in table.items():
            nation = region["nation"]
            if nations is not None and nation is not None and nation not in nations["nations"]:
                yield self.problem("regions", ["regions", name, "nation"], f"{nation!r} is not a nation")
            other = forms.setdefault(matched(name), name)
            if other != name:
                yield self.problem("regions", ["regions", name], f"{name!r} and {other!r} are the same name")
        counted = {"regions": len(table), "with_nation": sum(r["nation"] is not None for r in table.values())}
        for region in table.values():
            counted[region["settlement"]] = counted.get(region["settlement"], 0) + 1
        for what, total in regions["totals"].items():
            if counted.get(what, 0) != total:
                yield self.problem(
                    "regions", ["totals", what], f"{what}: the table has {counted.get(what, 0)}, not {total}"
                )

    def characters(self, characters: Any, regions: Any) -> Iterator[Problem]:
        table = characters["characters"]
        for name, entry in table.items():
            replaces = entry.get("replaces")
            if replaces is not None and table.get(replaces, {}).get("kind") != "companion":
                yield self.problem(
                    "characters", ["characters", name, "replaces"], f"{replaces!r} is not a companion"
                )
            if (entry["kind"] == "upgrade") != (replaces is not None):
                yield self.problem(
                    "characters",
                    ["characters", name],
                    f"{name}: an upgrade, and only an upgrade, replaces someone",
                )
            stays = entry.get("stays_in")
            if stays is not None and stays not in regions["regions"]:
                yield self.problem(
                    "characters", ["characters", name, "stays_in"], f"{stays!r} is not a region"
                )

    def tracks(self, tracks: Any, nations: Any, characters: Any) -> Iterator[Problem]:
        for count, players in tracks["players_control"].items():
            owners: dict[str, str] = {}
            for player, names in players.items():
                for i, name in enumerate(names):
                    if name not in nations["nations"] and characters["characters"].get(name, {}).get(
                        "kind"
                    ) != ("minion"):
                        yield self.problem(
                            "tracks",
                            ["players_control", count, player, i],
                            f"{name!r} is not a nation or minion",
                        )
                    if name in owners:
                        yield self.problem(
                            "tracks",
                            ["players_control", count, player, i],
                            f"{name} is given to both {owners[name]} and {player}",
                        )
                    owners[name] = player
            for nation in nations["nations"]:
                if nation not in owners:
                    yield self.problem("tracks", ["players_control", count], f"nobody controls {nation}")
        for i, nation in enumerate(tracks["political"]["can_be_passive"]):
            if nation not in nations["nations"]:
                yield self.problem(
                    "tracks", ["political", "can_be_passive", i], f"{nation!r} is not a nation"
                )

    def aliases(self, aliases: Any) -> Iterator[Problem]:
        canonical: dict[str, set[str]] = {
            "sides": set((self.v["nations"] or {}).get("sides", {})),
            "nations": set((self.v["nations"] or {}).get("nations", {})),
            "figure_kinds": set((self.v["nations"] or {}).get("figure_kinds", {})),
            "players": set((self.v["tracks"] or {}).get("player_names", {})),
            "regions": set((self.v["regions"] or {}).get("regions", {})),
            "characters": set((self.v["characters"] or {}).get("characters", {})),
        }
        for kind, table in aliases["aliases"].items():
            forms = {matched(name): name for name in canonical[kind]}
            for name, others in table.items():
                if canonical[kind] and name not in canonical[kind]:
                    yield self.problem(
                        "aliases", ["aliases", kind, name], f"{name!r} is not one of the {kind}"
                    )
                for i, other in enumerate(others):
                    owner = forms.setdefault(matched(other), name)
                    if owner != name:
                        yield self.problem(
                            "aliases",
                            ["aliases", kind, name, i],
                            f"{other!r} matches {owner!r} as well as {name!r}; an alias must name one thing",
                        )
        characters = canonical["characters"]
        for name, candidates in aliases["ambiguous"].items():
            for i, candidate in enumerate(candidates):
                if characters and candidate not in characters:
                    yield self.problem("aliases", ["ambiguous", name, i], f"{candidate!r} is not a character")


def consistency(files: DataFiles) -> list[Problem]:
    """The consistency problems of files that were read (files that failed their schema are skipped)."""
    return list(_Consistency(files).run())


def check_folder(folder: Path) -> list[Problem]:
    """Every problem of a data folder, schema first, then consistency (on the files that passed their schema)."""
    files = read(folder)
    problems = list(files.problems)
    problems.extend(consistency(files))
    return sorted(problems, key=Problem.sort_key)
