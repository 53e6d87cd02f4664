"""The reader and its schema agree (`schemas/position.schema.json`): the reader notices a shape fault
without wording it and the schema words it, so a file the reader takes whole must pass the schema, and a
value it leaves out as misshapen must be one the schema names. Mutations of the samples try every place
a value can stand."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest
from agot_helpers import SAMPLES, check, data

from armybuilder import yamlpos
from armybuilder.games.agot import reader
from armybuilder.kit import schema as kit

HEAD = "game: agot-board-game\nedition: 2\nplayers: 6\nround: 3\n"
ODD = [None, "x", -1, 2.5, True, [], {}, {"zz": 1}, ["x"], 3, "Winterfell", "stark", "march-0", "footman"]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*path, i))


def _agree(document: Any) -> None:
    read = reader.Reader("p.yaml", data())
    read.read(document)
    worded = list(kit.shape_problems(reader.validator(), document, "p.yaml"))
    if read.faults:  # a value left out as misshapen is one the schema names
        assert worded, document
    if not read.faults and not read.unread:  # read whole and well shaped: the schema finds nothing either
        assert worded == [], [p.message for p in worded]


def _mutants(text: str, seed: int) -> Iterator[Any]:
    rng = random.Random(seed)
    base = yamlpos.load(text)
    paths = [p for p in _paths(base) if p]
    for path in rng.sample(paths, min(len(paths), 60)):
        for odd in rng.sample(ODD, 4):
            doc = copy.deepcopy(base)
            kit.value_at(doc, path[:-1])[path[-1]] = odd
            yield doc
        doc = copy.deepcopy(base)
        node = kit.value_at(doc, path[:-1])
        if isinstance(node, dict):
            node["zzz"] = 1  # an unknown key beside a known one
            yield doc


@pytest.mark.parametrize("name", ["agot-valid.yaml", "agot-muster.yaml", "agot-invalid.yaml"])
def test_reader_and_schema_agree_on_every_mutation(name: str) -> None:
    for doc in _mutants((SAMPLES / name).read_text("utf-8"), 26):
        _agree(doc)


def test_a_well_shaped_file_is_never_validated(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: Any) -> Any:
        raise AssertionError("validated a file read whole without a fault")

    monkeypatch.setattr(kit, "shape_problems", refuse)
    check((SAMPLES / "agot-valid.yaml").read_text("utf-8"))
    check(HEAD + "houses:\n  stark:\n    units: {Winterfel: {footman: 1}}\n")  # an unknown area: its units are read


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (HEAD + "phase: planing\nhouses: {stark: {}}\n", 5, 'phase should be one of setup, westeros, planning, action, not the text "planing"; did you mean `planning`?'),
        (HEAD + "houses:\n  stark:\n    suply: 2\n", 7, 'houses.stark: unknown key "suply"; did you mean `supply`? the keys are supply, '),
        (HEAD + "houses:\n  stark:\n    units: {Winterfell: {footman: many}}\n", 7, 'houses.stark.units.Winterfell.footman should be a whole number, 0 or more, not the text "many"'),
        (HEAD + "houses:\n  stark:\n    house_cards: {hand: 7}\n", 7, "houses.stark.house_cards: the required key `discarded` is missing; add `discarded:` with"),
        (HEAD + "westeros_cards: [Supply, Mustering, Game of Thrones, Clash of Kings]\nhouses: {stark: {}}\n", 5, "westeros_cards should be a list of this round's cards, 3 at most (one per deck)"),
        ("game: agot-board-game\nedition: '2'\nplayers: 6\nround: 3\nhouses: {stark: {}}\n", 2, 'edition should be 1 (2003) or 2 (2011), not the text "2"'),
    ],
)
def test_shape_messages_name_the_field_and_what_to_write(text: str, line: int, message: str) -> None:
    (problem,) = check(text).problems
    assert (problem.rule, problem.line) == ("schema", line)
    assert problem.message.startswith(message)


def test_missing_keys_are_told_once_each() -> None:
    problems = check("game: agot-board-game\nedition: 2\n").problems
    assert [p.message.split(";")[0] for p in problems] == [
        f"the file: the required key `{key}` is missing" for key in ("players", "round", "houses")
    ]
    assert {(p.line, p.column) for p in problems} == {(1, 1)}
