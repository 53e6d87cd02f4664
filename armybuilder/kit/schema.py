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

from armybuilder.kit import quickschema
from armybuilder.kit.words import did_you_mean
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


class Validator:
    """A Draft 2020-12 validator of a schema that builds `jsonschema`'s (importing it) only when a value needs
    it: its quick check (`quickschema`) says "valid" for data without errors, and `jsonschema` finds and
    words every error of the rest."""

    __slots__ = ("_judge", "others", "quick", "schema")

    def __init__(self, schema: dict[str, Any], others: Iterable[dict[str, Any]] = ()) -> None:
        self.schema = schema
        self.others = list(others)  # schemas it refers to by their `$id`
        self.quick = quickschema.compile_schema(schema, self.others)  # None: the schema uses what it does not compile
        self._judge: Draft202012Validator | None = None

    def judge(self) -> Draft202012Validator:
        """`jsonschema`'s validator of the schema (made once)."""
        if self._judge is None:
            from jsonschema import Draft202012Validator

            if not self.others:
                self._judge = Draft202012Validator(self.schema)
            else:
                from referencing import Registry, Resource

                registry: Registry[Any] = Registry().with_resources(
                    (other["$id"], Resource.from_contents(other)) for other in self.others
                )
                self._judge = Draft202012Validator(self.schema, registry=registry)
        return self._judge

    def quickly_valid(self, value: Any) -> bool:
        """True when the quick check proves `value` valid. False says only that `jsonschema` must judge (no
        quick check, a value it cannot judge exactly, or an invalid one)."""
        if self.quick is None:
            return False
        try:
            return self.quick(value)
        except quickschema.Unsure:
            return False

    def iter_errors(self, value: Any) -> Iterator[ValidationError]:
        """Every schema error of `value`, as `jsonschema` finds them (none, without it, for valid data)."""
        if self.quickly_valid(value):
            return iter(())
        return self.judge().iter_errors(value)


def validator(schema: dict[str, Any], others: Iterable[dict[str, Any]] = ()) -> Validator:
    """A validator of `schema` (`Validator`); `others` are schemas it refers to by their `$id`."""
    return Validator(schema, others)


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


def errors(check: Validator | Draft202012Validator, value: Any) -> list[ValidationError]:
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
    check: Validator | Draft202012Validator, value: Any, file: str, rule: str = "schema", see: str = ""
) -> Iterator[Problem]:
    """One error problem per schema error: `where: what the schema says` at the value (or the unknown
    key), `see` appended as the place to read more (`see schemas/nations.json`)."""
    for error in errors(check, value):
        where = dotted(list(error.absolute_path)) or "the file"
        pos = error_position(value, error)
        message = f"{where}: {error.message}" + (f"; {see}" if see else "")
        yield Problem(rule, Severity.ERROR, message, file, pos.line, pos.column)


# --- shapes: schema errors in our own words ---------------------------------------------------------
#
# A position file's schema says, in each subschema, what to write there (`"x-expect": "a whole number from
# 0 to 999"`); `shape_problems` turns each error into "where should be what, not the value found", an
# unknown key into the keys there are (with a did-you-mean), a missing key into "add it". No message
# quotes the schema library.


def whole_validator(schema: dict[str, Any]) -> Draft202012Validator:
    """A validator of `schema` in which an integer is a whole number as YAML writes it (not 2.0, not true)."""
    from jsonschema import Draft202012Validator, validators

    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", lambda _, v: v.__class__ is int)
    strict = validators.extend(Draft202012Validator, type_checker=checker)  # type: ignore[no-untyped-call]
    return strict(schema)  # type: ignore[no-any-return]


def described(value: Any) -> str:
    """A value as a message names it: `the number 7`, `the text "x"`, `a mapping`, `nothing (null)`."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return f"the number {value}" if abs(value) < 10**12 else "a huge number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return f'the text "{clipped(value, 40)}"'
    if isinstance(value, dict):
        return "a mapping" if value else "an empty mapping"
    if isinstance(value, list):
        return f"a list of {len(value)} item{'' if len(value) == 1 else 's'}" if value else "an empty list"
    return f"a {type(value).__name__}"


def clipped(text: Any, width: int = 60) -> str:
    """`text` as a message quotes it: its invisible and look-alike characters shown (`kit.words.marked`: a
    misspelt name and its "did you mean" then differ visibly), cut at `width`."""
    from armybuilder.kit.words import marked

    shown = marked(str(text))
    return shown if len(shown) <= width else shown[: width - 3] + "..."


def unknown_key(where: str, key: Any, allowed: Sequence[str]) -> str:
    """`where: unknown key "fellowshp"; did you mean `fellowship`? the keys are …`."""
    if not isinstance(key, str):
        return f"{where}: {described(key)} is not a key here; the keys are {', '.join(allowed)}"
    hint = did_you_mean(key, allowed, cutoff=0.75)
    return f'{where}: unknown key "{clipped(key)}"; {hint + " " if hint else ""}the keys are {", ".join(allowed)}'


def shape_message(value: Any, error: ValidationError, key: Any = None) -> str:
    """What a schema error means and what to write instead (`key`: the unknown or missing key concerned)."""
    path = list(error.absolute_path)
    where = dotted(path) or "the file"
    schema = error.schema if isinstance(error.schema, dict) else {}
    allowed = [str(k) for k in schema.get("properties", {})]
    if error.validator == "additionalProperties":
        return unknown_key(where, key, allowed)
    if error.validator == "required":
        expect = schema.get("properties", {}).get(key, {}).get("x-expect", "its value")
        return f"{where}: the required key `{key}` is missing; add `{key}:` with {expect}"
    expect = schema.get("x-expect") or "what the file format says"
    hint = ""
    if error.validator == "enum" and isinstance(error.instance, str):
        close = did_you_mean(error.instance, [str(v) for v in schema.get("enum", ())])
        hint = f"; {close}" if close else ""
    return f"{where} should be {expect}, not {described(error.instance)}{hint}"


def shape_problems(check: Draft202012Validator, value: Any, file: str, rule: str = "schema") -> Iterator[Problem]:
    """One error problem per schema error, in our words (`shape_message`): at the value, at an unknown key,
    or for a missing key at the mapping that lacks it. A value breaking several keywords (a type and an
    enum) is told once."""
    told: set[tuple[str, ...]] = set()
    for error in errors(check, value):
        path = list(error.absolute_path)
        node = value_at(value, path)
        if error.validator == "additionalProperties" and isinstance(node, dict):
            allowed = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
            for key in (k for k in node if k not in allowed):
                pos = key_position(node, key) or position(value, path)
                yield Problem(rule, Severity.ERROR, shape_message(value, error, key), file, pos.line, pos.column)
        elif error.validator == "required" and isinstance(node, dict):
            if ("required", *map(str, path)) in told:  # one error per missing key: all told at once
                continue
            told.add(("required", *map(str, path)))
            pos = position(value, path)
            wanted = error.validator_value if isinstance(error.validator_value, list) else []
            for key in (k for k in wanted if k not in node):
                yield Problem(rule, Severity.ERROR, shape_message(value, error, key), file, pos.line, pos.column)
        elif (at := tuple(map(str, path))) not in told:
            told.add(at)
            pos = position(value, path)
            yield Problem(rule, Severity.ERROR, shape_message(value, error), file, pos.line, pos.column)
