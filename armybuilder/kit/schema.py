"""JSON Schemas for games: loading them from a game's package, finding where a JSON path points in a
YAML value read with positions, and turning schema errors into positioned problems.

Positions follow one rule: a path points at the **value** it names (a mapping's value, a list's item),
falling back to the nearest ancestor that is found. An unknown key is pointed at by `key_position`,
since the key is what to fix there.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator, ValidationError

TOP = Pos(1, 1)


@cache
def load_schema(package: str, filename: str) -> dict[str, Any]:
    """A JSON Schema shipped in `package`'s `schemas/` folder (`"units.json"`), read once per process."""
    text = resources.files(package).joinpath("schemas", filename).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def validator(schema: dict[str, Any], others: Iterable[dict[str, Any]] = ()) -> Draft202012Validator:
    """A Draft 2020-12 validator of `schema`; `others` are schemas it refers to by their `$id`."""
    from jsonschema import Draft202012Validator

    others = list(others)
    if not others:
        return Draft202012Validator(schema)
    from referencing import Registry, Resource

    registry: Registry[Any] = Registry().with_resources(
        (other["$id"], Resource.from_contents(other)) for other in others
    )
    return Draft202012Validator(schema, registry=registry)


def own_position(value: Any) -> Pos | None:
    """Where a value read with positions starts (None for a plain value)."""
    pos = getattr(value, "pos", None)
    return pos if isinstance(pos, Pos) else None


def position(root: Any, path: Iterable[Any]) -> Pos:
    """Where the value at `path` (keys and indexes) stands in `root`, or its nearest found ancestor."""
    best = own_position(root) or TOP
    node = root
    for step in path:
        if (isinstance(node, dict) and step in node) or (
            isinstance(node, list) and not isinstance(step, bool) and isinstance(step, int) and 0 <= step < len(node)
        ):
            at = getattr(node, "at", None)
            found = at(step) if callable(at) else None
            best = found if isinstance(found, Pos) else best
            node = node[step]
        else:
            break
    return best


def key_position(mapping: Any, key: Any) -> Pos | None:
    """Where `key` itself stands in a mapping read with positions (None when it is not known)."""
    key_pos = getattr(mapping, "key_pos", None)
    found = key_pos.get(key) if isinstance(key_pos, dict) else None
    return found if isinstance(found, Pos) else None


def value_at(root: Any, path: Iterable[Any]) -> Any:
    """The value at `path`, or None when the path leads nowhere."""
    node = root
    for step in path:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def dotted(path: Sequence[Any]) -> str:
    """`regions.Gondor[2]`: a JSON path as people read it ("" for the top)."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def errors(check: Draft202012Validator, value: Any) -> list[ValidationError]:
    """Every schema error of `value`, in the order of their paths (so problems come out stable)."""
    return sorted(check.iter_errors(value), key=lambda e: [str(step) for step in e.absolute_path])


def error_position(value: Any, error: ValidationError) -> Pos:
    """Where a schema error points: an unknown key at the key, anything else at the value."""
    path = list(error.absolute_path)
    if error.validator == "additionalProperties":
        node = value_at(value, path)
        allowed = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        extra = [k for k in node if k not in allowed] if isinstance(node, dict) else []
        found = key_position(node, extra[0]) if extra else None
        if found is not None:
            return found
    return position(value, path)


def schema_problems(
    check: Draft202012Validator, value: Any, file: str, rule: str = "schema", see: str = ""
) -> Iterator[Problem]:
    """One error problem per schema error: `where: what the schema says` at the value (or the unknown
    key), `see` appended as the place to read more (`see schemas/nations.json`)."""
    for error in errors(check, value):
        where = dotted(list(error.absolute_path)) or "the file"
        pos = error_position(value, error)
        message = f"{where}: {error.message}" + (f"; {see}" if see else "")
        yield Problem(rule, Severity.ERROR, message, file, pos.line, pos.column)
