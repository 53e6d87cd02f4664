"""What a cold start imports: a command run as users run it loads only what that command needs.

Speed itself is measured by `bash benchmarks/run`; these tests guard the imports that cost the time, which
a later change could bring back without any test noticing: typer's pydantic layer (built per option), the
plug-in scan (`importlib.metadata`), the other commands, the batch machinery, rich for machine output,
PyYAML for lists its plain reader takes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from armybuilder.cli.fastpath import ENVIRONMENT

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "stark-40.yaml"

NEVER = (  # for a list of a bundled game, whatever the command
    "pydantic",
    "importlib.metadata",
    "jsonschema",
    "ruamel",
    "segno",
    "yaml",  # PyYAML: only for YAML the plain reader leaves to it (anchors, tags, flow styles…)
    "armybuilder.batch",
    "armybuilder.scheduler",
    "armybuilder.cli.batch",
    "armybuilder.cli.data",
    "armybuilder.cli.event",
    "armybuilder.cli.new",
    "armybuilder.games.asoiaf.commands",
)


def modules_after(tmp_path: Path, *args: str) -> set[str]:
    """The modules a fresh `armybuilder ARGS` process holds when it ends (its output to a file)."""
    listing = tmp_path / "modules.json"
    code = (
        "import sys, json\n"
        f"sys.argv = ['armybuilder', *{list(args)!r}]\n"
        "from armybuilder.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"open({str(listing)!r}, 'w').write(json.dumps(sorted(sys.modules)))\n"
    )
    # (an option's environment variable would send `batch` through typer: cli/fastpath.py)
    env = {k: v for k, v in os.environ.items() if k not in (*ENVIRONMENT, "ARMYBUILDER_WIDTH")}
    for _ in range(2):  # the first run may fill the card cache; the second is the cold start users see
        with open(tmp_path / "out.txt", "wb") as out:
            subprocess.run(
                [sys.executable, "-c", code], stdout=out, stderr=subprocess.DEVNULL, env=env, cwd=tmp_path, check=False
            )
    return set(json.loads(listing.read_text()))


def loaded(modules: set[str], prefix: str) -> list[str]:
    return sorted(m for m in modules if m == prefix or m.startswith(prefix + "."))


@pytest.mark.parametrize(
    "args",
    [
        ("validate", str(EXAMPLE)),
        ("validate", "--format", "parsable", str(EXAMPLE)),
        ("show", str(EXAMPLE)),
        ("export", str(EXAMPLE)),
    ],
    ids=["validate", "validate-parsable", "show", "export"],
)
def test_a_cold_command_imports_only_what_it_needs(tmp_path: Path, args: tuple[str, ...]) -> None:
    modules = modules_after(tmp_path, *args)
    assert "armybuilder.games.asoiaf.system" in modules  # it did check the list
    for prefix in NEVER:
        assert not loaded(modules, prefix), f"{' '.join(args[:-1])} imported {loaded(modules, prefix)[:3]}"


def test_machine_output_imports_no_rich(tmp_path: Path) -> None:
    assert not loaded(modules_after(tmp_path, "validate", "--format", "parsable", str(EXAMPLE)), "rich")


def test_export_imports_no_rich_and_no_list_reader(tmp_path: Path) -> None:
    """A sheet is plain text: rich is for what a terminal shows, and of the other tools' formats the sheet
    needs only the War Council share code it prints (not the pasted-list reader, the largest)."""
    modules = modules_after(tmp_path, "export", str(EXAMPLE))
    assert "armybuilder.games.asoiaf.render.sheet" in modules
    assert "War Council share code" in (tmp_path / "out.txt").read_text(encoding="utf-8")
    interchange = "armybuilder.games.asoiaf.interchange"
    for prefix in ("rich", f"{interchange}.pasted", f"{interchange}.stats", f"{interchange}.tts", "armybuilder.games.asoiaf.render.show"):
        assert not loaded(modules, prefix), loaded(modules, prefix)[:3]


def test_a_batch_into_a_file_imports_no_rich(tmp_path: Path) -> None:
    folder = tmp_path / "lists"
    folder.mkdir()
    (folder / "a.yaml").write_text(EXAMPLE.read_text())
    modules = modules_after(tmp_path, "batch", str(folder))
    assert "armybuilder.batch" in modules
    # rich is for a terminal, the pack writer for --pack (what a worker imports: the broken-list tests below),
    # the field's roll-ups for report files and players' tables; a bundled game's list scans for no plug-in
    # and needs no schema library, no other command and no other game
    never = (
        "rich",
        "typer",  # a plain `batch DIR` is read without it (cli/fastpath.py)
        "armybuilder.cli.batch",
        "pydantic",
        "armybuilder.render.reports.pack",
        "armybuilder.field",
        "importlib.metadata",
        "jsonschema",
        "ruamel",
        "armybuilder.cli.validate",
        "armybuilder.cli.data",
        "armybuilder.games.asoiaf.interchange.pasted",
        "armybuilder.games.hve",
        "armybuilder.games.agot",
        "armybuilder.games.wotr",
        "multiprocessing",  # the scheduler forks and talks over pipes itself
        "armybuilder.batch.event",  # an event's rules: only a batch with --event reads them
        "armybuilder.batch.cross",
        "inspect",  # with ast, dis and tokenize: `dataclasses` imports it only to document undocumented classes
        "ast",
        "_hashlib",  # OpenSSL's libcrypto, loaded for nothing: the card cache hashes with `_blake2`
    )
    for prefix in never:
        assert not loaded(modules, prefix), loaded(modules, prefix)[:3]
    assert (tmp_path / "out.txt").read_text().startswith("player")  # the plain table


WOTR = ROOT / "tests" / "games" / "wotr" / "samples" / "wotr-valid.yaml"


@pytest.mark.parametrize("command", ["validate", "batch"])
def test_war_of_the_ring_with_its_data_cached_needs_no_schema_or_yaml_library(tmp_path: Path, command: str) -> None:
    """War of the Ring's checked data is cached like the other games' (games/wotr/data.py): once cached, a
    position written in plain block YAML is checked without jsonschema or PyYAML, and its data is not
    parsed or checked again."""
    target = WOTR
    if command == "batch":
        target = tmp_path / "positions"
        target.mkdir()
        for n in range(3):
            (target / f"position-{n}.yaml").write_text(WOTR.read_text(encoding="utf-8"), encoding="utf-8")
    modules = modules_after(tmp_path, command, str(target))
    assert "armybuilder.games.wotr.system" in modules  # it did check the position
    for prefix in ("jsonschema", "yaml", "importlib.metadata"):
        assert not loaded(modules, prefix), f"{command} imported {loaded(modules, prefix)[:3]}"
    verdict = (tmp_path / "out.txt").read_text(encoding="utf-8")
    assert ("valid" in verdict) if command == "validate" else verdict.startswith("player")


def test_plugins_are_looked_for_only_for_a_game_not_bundled(tmp_path: Path) -> None:
    other = tmp_path / "other.yaml"
    other.write_text("game: no-such-game\n")
    assert "importlib.metadata" in modules_after(tmp_path, "validate", str(other))


def test_the_bundled_readers_are_every_bundled_game_with_text_formats() -> None:
    """A file that is no YAML list is offered to `BUNDLED_READERS` without importing every game: the table
    must name each bundled game that reads a text format, with its formats."""
    from armybuilder import games
    from armybuilder.games.capabilities import INTERCHANGE

    readers = {key: INTERCHANGE.of(games.get(key)) for key in games.BUNDLED}
    formats = {key: r.import_formats for key, r in readers.items() if r is not None}
    assert {key: found for key, found in formats.items() if found} == games.BUNDLED_READERS


def test_the_bundled_event_games_are_every_bundled_game_with_event_keys() -> None:
    """An event file in a batch folder is told from a list by the keys of `BUNDLED_EVENTS`' games alone."""
    from armybuilder import games
    from armybuilder.games.capabilities import EVENTS

    with_keys = {
        key: e.event_keys for key in games.BUNDLED if (e := EVENTS.of(games.get(key))) is not None and e.event_keys
    }
    assert with_keys == games.BUNDLED_EVENTS


def test_checking_a_broken_list_imports_no_other_game(tmp_path: Path) -> None:
    """A list that is broken YAML is offered to the text formats: only the bundled readers are imported for
    that (not every game), and no plug-in is looked for while a bundled format can be tried."""
    broken = tmp_path / "b.yaml"
    broken.write_text("faction: stark\npoints: [40\n")
    code = (
        "import sys, json\n"
        "from armybuilder import batch\n"
        "from armybuilder.engine import Workspace\n"
        f"row = batch.check_one(batch.collect([{str(broken)!r}])[0], Workspace(), batch.Config())\n"
        "print(json.dumps([row.problems[0].rule, sorted(sys.modules)]))\n"
    )
    for _ in range(2):  # the first run may fill the card cache
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True)
    rule, modules = json.loads(done.stdout)
    assert rule == "syntax"
    for prefix in ("armybuilder.games.hve", "armybuilder.games.wotr", "armybuilder.games.agot", "jsonschema", "importlib.metadata"):
        assert not loaded(set(modules), prefix)


def test_a_batch_of_another_game_loads_that_game_alone(tmp_path: Path) -> None:
    """Before it forks, a batch loads the games its files name (ASOIAF only when a file names none)."""
    folder = tmp_path / "decks"
    folder.mkdir()
    deck = ROOT / "tests" / "games" / "hve" / "samples" / "hve-valid.yaml"
    for n in range(3):
        (folder / f"deck-{n}.yaml").write_text(deck.read_text(encoding="utf-8"), encoding="utf-8")
    modules = modules_after(tmp_path, "batch", str(folder))
    assert "armybuilder.games.hve.catalogue" in modules
    for prefix in ("armybuilder.games.asoiaf", "armybuilder.games.agot", "armybuilder.games.wotr", "jsonschema", "importlib.metadata"):
        assert not loaded(modules, prefix), loaded(modules, prefix)[:3]


def test_a_broken_yaml_list_is_offered_to_no_reader_it_cannot_be(tmp_path: Path) -> None:
    """A broken YAML list of ours (a key only our lists have, or both `faction:` and `points:`) is offered to
    the text formats without importing the pasted-list reader, the largest: a batch worker meeting one
    would pay for it more than for a hundred lists' checks. A pasted list still imports it, and is read."""
    broken = tmp_path / "b.yaml"
    broken.write_text("name: Mine\nfaction: stark\npoints: [40\n")
    pasted = tmp_path / "p.txt"
    pasted.write_text("Faction: Stark\nPoints: 40\nStark Sworn Swords (5)\nUmber Berserkers (6)\n")
    code = (
        "import sys, json\n"
        "from armybuilder import batch\n"
        "from armybuilder.engine import Workspace\n"
        "ws = Workspace()\n"
        "rows = [batch.check_one(sub, ws, batch.Config()) for sub in batch.collect(sys.argv[1:])]\n"
        "print(json.dumps([[row.format, row.problems[0].rule if row.problems else None, row.problems[0].message if row.problems else None] for row in rows]))\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    reader = "armybuilder.games.asoiaf.interchange.pasted"
    for _ in range(2):  # the first run may fill the card cache
        done = subprocess.run([sys.executable, "-c", code, str(broken)], capture_output=True, text=True, cwd=tmp_path, check=True)
    (row,), modules = (json.loads(line) for line in done.stdout.splitlines())
    assert row[:2] == ["yaml", "syntax"] and "invalid YAML" in row[2]
    assert not loaded(set(modules), reader), loaded(set(modules), reader)[:3]
    assert "yaml" not in modules  # a bracket nothing closes is told without PyYAML (each worker would import it)
    done = subprocess.run([sys.executable, "-c", code, str(pasted)], capture_output=True, text=True, cwd=tmp_path, check=True)
    (row,), modules = (json.loads(line) for line in done.stdout.splitlines())
    assert row[0] == "text" and reader in modules
