"""The reader and its schema agree (`schemas/position.schema.json`): the reader notices a shape fault
without wording it and the schema words it, so a value the reader takes must pass the schema, and a value
it leaves out as misshapen must be one the schema names. Mutations of the samples and a standard set-up
try every place a value can stand."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest
from wotr_support import SAMPLES, check, data, setup_text

from armybuilder import yamlpos
from armybuilder.games.wotr import reader
from armybuilder.games.wotr.position import Position
from armybuilder.kit import schema as kit

G = "game: war-of-the-ring\n"
ODD = [None, "x", -1, 1000, 2.5, True, [], {}, {"zz": 1}, [1], 3, 0, "Moria", "gondor", "free_peoples"]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*path, i))


def _agree(document: Any) -> None:
    position = Position("p.yaml", data(), players=data().players_default)
    read = reader._Reader(position)
    read.read(document)
    worded = list(kit.shape_problems(reader.validator(), document, "p.yaml"))
    if read.faults:  # a value left out as misshapen is one the schema names
        assert worded, document
    if not read.faults and not position.problems:  # nothing found: the schema finds nothing either
        assert worded == [], [p.message for p in worded]


def _mutants(text: str, seed: int) -> Iterator[Any]:
    rng = random.Random(seed)
    base = yamlpos.load(text)
    paths = [p for p in _paths(base) if p]
    for path in rng.sample(paths, min(len(paths), 40)):
        for odd in rng.sample(ODD, 3):
            doc = copy.deepcopy(yamlpos.load(text))
            node = kit.value_at(doc, path[:-1])
            node[path[-1]] = odd
            yield doc
        doc = yamlpos.load(text)
        node = kit.value_at(doc, path[:-1])
        if isinstance(node, dict):
            node["zzz"] = 1  # an unknown key beside a known one
            yield doc


@pytest.mark.parametrize(
    "text", [setup_text(2), setup_text(4), (SAMPLES / "wotr-valid.yaml").read_text("utf-8")], ids=["2p", "4p", "valid"]
)
def test_reader_and_schema_agree_on_every_mutation(text: str) -> None:
    for doc in _mutants(text, 26):
        _agree(doc)


def test_a_well_shaped_file_is_never_validated(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: Any) -> Any:
        raise AssertionError("validated a file the reader found nothing in")

    monkeypatch.setattr(kit, "shape_problems", refuse)
    assert check(setup_text(2)).problems == []


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (G + "turn: -1\n", 2, "turn should be a whole number from 0 (the set-up) to 999, not the number -1"),
        (G + "fellowshp: {}\n", 2, 'the file: unknown key "fellowshp"; did you mean `fellowship`? the keys are game, '),
        (G + "board:\n  Erebor: {dwarves: {regular: two}}\n", 3, 'board.Erebor.dwarves.regular should be a whole number from 0 to 999, not the text "two"'),
        (G + "hunt: {alocated: 1}\n", 2, 'hunt: unknown key "alocated"; did you mean `allocated`?'),
        (G + "action_dice: {neutral: 1}\n", 2, 'action_dice: unknown key "neutral"; the keys are free_peoples, shadow'),
        ("board: {}\n", 1, "the file: the required key `game` is missing; add `game:` with war-of-the-ring"),
        ("[1]\n", 1, "the file should be a mapping of keys such as game, board, fellowship, not a list"),
    ],
)
def test_shape_messages_name_the_field_and_what_to_write(text: str, line: int, message: str) -> None:
    (problem,) = check(text).problems
    assert (problem.rule, problem.line) == ("schema", line)
    assert problem.message.startswith(message)


def test_the_value_is_pointed_at() -> None:
    (problem,) = check(G + "fellowship:\n  progress: x\n").problems
    assert (problem.line, problem.column) == (3, 13)
