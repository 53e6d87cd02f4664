"""The quick schema check (`kit.quickschema`) says what `jsonschema` says: for every schema the games ship,
over every bundled data file and many broken copies of them, and for each keyword it compiles over values
chosen to trip it (a bool for a number, 1.0 for an integer, keys that are not text). A value it calls valid
skips `jsonschema` when data is checked, so a wrong yes would let broken data through."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from armybuilder import yamlpos
from armybuilder.games.asoiaf import datacheck as asoiaf_datacheck
from armybuilder.games.hve import datacheck as hve_datacheck
from armybuilder.games.wotr import datacheck as wotr_datacheck
from armybuilder.kit import quickschema
from armybuilder.kit import schema as kit

DATA = Path(__file__).resolve().parent.parent / "data"
ODD = [None, True, False, 0, 1, -1, 2.5, 1.0, "", "x", "stark", [], [1], {}, {"x": 1}, {1: 2}, [None, None]]


def _plain(value: Any) -> Any:
    """A value read with positions as plain dicts and lists (copies, to break)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _nodes(value: Any) -> list[Any]:
    found = [value]
    if isinstance(value, dict):
        for v in value.values():
            found += _nodes(v)
    elif isinstance(value, list):
        for v in value:
            found += _nodes(v)
    return found


def _broken(value: Any, rng: random.Random) -> Any:
    """`value` with one thing changed somewhere: a key dropped, added or turned into a number, a value or
    an item replaced by an odd one, an item doubled, a list emptied."""
    copy = _plain(value)
    containers = [n for n in _nodes(copy) if isinstance(n, (dict, list)) and n]
    if not containers:
        return rng.choice(ODD)
    node = rng.choice(containers)
    op = rng.randrange(6)
    if isinstance(node, dict):
        key = rng.choice(list(node))
        if op == 0:
            del node[key]
        elif op == 1:
            node[rng.choice(["extra", "name", "1", 7])] = rng.choice(ODD)
        elif op == 2:
            node[7] = node.pop(key)
        else:
            node[key] = rng.choice(ODD)
    else:
        i = rng.randrange(len(node))
        if op == 0:
            node.clear()
        elif op == 1:
            node.append(node[i])
        else:
            node[i] = rng.choice(ODD)
    return copy


def _shipped() -> Iterator[tuple[str, Any, list[Any]]]:
    """(name, validator, the data files it judges) for every validator the games build with `kit.validator`."""
    for name, check in asoiaf_datacheck.validators().items():
        files = [DATA / "factions.yaml"] if name == "factions" else sorted((DATA / name).glob("*.yaml"))
        yield f"asoiaf {name}", check, [yamlpos.load(p.read_bytes()) for p in files]
    for name in wotr_datacheck.FILES:
        path = DATA / "war-of-the-ring" / f"{name}.yaml"
        yield f"wotr {name}", wotr_datacheck._validator(name), [yamlpos.load(path.read_bytes())]
    for path in sorted((DATA / "agot-board-game").glob("*.yaml")):
        schema = kit.load_schema("armybuilder.games.agot", f"{path.stem}.schema.json")
        yield f"agot {path.stem}", kit.validator(schema), [yamlpos.load(path.read_bytes())]
    files = sorted((DATA / "horde-vs-empire-cards").glob("*.yaml"))
    yield "hve catalogue", hve_datacheck._file_validator(), [yamlpos.load(p.read_bytes()) for p in files]


SHIPPED = list(_shipped())


@pytest.mark.parametrize(("name", "check", "values"), SHIPPED, ids=[s[0] for s in SHIPPED])
def test_the_quick_check_agrees_with_jsonschema_on_the_data_and_broken_copies(name: str, check: Any, values: list[Any]) -> None:
    quick = check.quick
    assert quick is not None, f"{name}: its schema uses something the quick check does not compile"
    rng = random.Random(name)
    judged = 0
    for value in values:
        assert quick(value) and check.judge().is_valid(value), name  # the shipped data: valid, and quickly so
        assert check.quickly_valid(value) and kit.errors(check, value) == []
        for _ in range(max(4, 60 // len(values))):
            broken = _broken(value, rng)
            try:
                verdict = quick(broken)
            except quickschema.Unsure:
                continue
            assert verdict == check.judge().is_valid(broken), (name, broken if len(repr(broken)) < 400 else "")
            judged += 1
    assert judged > 10


SCHEMAS: list[dict[str, Any]] = [
    {"type": "integer"},
    {"type": "number", "minimum": 0, "maximum": 3},
    {"type": ["string", "null"], "minLength": 1, "maxLength": 2},
    {"exclusiveMinimum": 0, "exclusiveMaximum": 2},
    {"enum": ["a", "b"]},
    {"enum": [1, True, None, "x"]},
    {"const": 1},
    {"const": False},
    {"pattern": "^s"},
    {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": False},
    {"additionalProperties": {"type": "string"}, "properties": {"x": True}},
    {"propertyNames": {"type": "string", "minLength": 2}, "minProperties": 1, "maxProperties": 1},
    {"items": {"type": "integer"}, "minItems": 1, "maxItems": 2, "uniqueItems": True},
    {"prefixItems": [{"type": "string"}], "items": {"type": "integer"}},
    {"prefixItems": [{"type": "string"}, False]},
    {"items": False},
    {"allOf": [{"type": "integer"}, {"minimum": 1}]},
    {"anyOf": [{"type": "string"}, {"type": "boolean"}]},
    {"oneOf": [{"type": "integer"}, {"minimum": 0}]},
    {"not": {"type": ["object", "array"]}},
    {"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"type": "integer"}},
    {"$defs": {"n": {"type": "integer"}, "list": {"items": {"$ref": "#/$defs/tree"}}, "tree": {"anyOf": [{"$ref": "#/$defs/n"}, {"$ref": "#/$defs/list"}]}}, "$ref": "#/$defs/tree"},
    {"uniqueItems": True},
]
VALUES = [*ODD, 3, 4, -0.5, 2.0, "ab", "sx", "abc", [1, 1], [1, True], [0, False], [1, 1.0], ["s", 1], ["s", 1, 2],
          ["s"], [[1], 2], [[[1]]], {"a": 1}, {"a": 1.0}, {"a": True}, {"ab": 1}, {"a": 1, "b": 2}, {"x": 1, "y": "z"}]


@pytest.mark.parametrize("schema", SCHEMAS, ids=[str(i) for i in range(len(SCHEMAS))])
def test_each_keyword_judges_as_jsonschema_does(schema: dict[str, Any]) -> None:
    from jsonschema import Draft202012Validator

    quick = quickschema.compile_schema(schema)
    assert quick is not None
    check = Draft202012Validator(schema)
    for value in VALUES:
        try:
            verdict = quick(value)
        except quickschema.Unsure:
            continue
        assert verdict == check.is_valid(value), (schema, value)


def test_a_schema_with_a_keyword_it_does_not_know_gets_no_quick_check() -> None:
    assert quickschema.compile_schema({"type": "object", "properties": {"a": {"format": "date"}}}) is None
    assert quickschema.compile_schema({"patternProperties": {"^a": True}, "additionalProperties": False}) is None
    assert quickschema.compile_schema({"$ref": "other.json#/$defs/x"}) is None  # a schema it was not given
