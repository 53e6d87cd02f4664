"""A quick yes for JSON Schema: the keywords the games' schemas use, compiled into Python functions that say
whether a value is valid, as `jsonschema` (Draft 2020-12) would, many times faster.

It only ever saves work: a value it calls valid has no errors to report, so the caller skips `jsonschema`;
for every other value `jsonschema` runs as before and gives every message. A schema using a keyword not
compiled here gets no quick check (`compile_schema` returns None), and a value it cannot judge exactly
(`Unsure`) goes to `jsonschema` too. tests/test_quickschema.py holds it to `jsonschema`'s verdicts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from urllib.parse import urldefrag, urljoin

Check = Callable[[Any], bool]

# Keywords that only annotate: they never decide validity.
_ANNOTATIONS = frozenset(
    {"$schema", "$id", "$defs", "definitions", "$comment", "title", "description", "examples", "default", "x-expect"}
)
_TRUE: Check = lambda value: True  # noqa: E731 - the schema `true`
_FALSE: Check = lambda value: False  # noqa: E731 - the schema `false`


class Unsure(Exception):
    """A value the compiled check cannot judge exactly as `jsonschema` would: let `jsonschema` judge it."""


class NotCompiled(Exception):
    """A schema using something the compiler does not know: no quick check for it."""


def _is_number(value: Any) -> bool:
    return value.__class__ is not bool and isinstance(value, (int, float))


_TYPES: dict[str, Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: (v.__class__ is not bool and isinstance(v, int)) or (isinstance(v, float) and v.is_integer()),
    "number": _is_number,
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_TRUE_KEY, _FALSE_KEY = object(), object()


def _unbool(value: Any) -> Any:
    return _TRUE_KEY if value is True else _FALSE_KEY if value is False else value


def _equal(one: Any, two: Any) -> bool:
    """`jsonschema`'s equality for the values an `enum` or `const` holds (a bool equals only itself)."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, (list, dict)) or isinstance(two, (list, dict)):
        raise Unsure  # containers: not compared here
    return bool(_unbool(one) == _unbool(two))


def _unique(items: list[Any]) -> bool:
    keys = []
    for item in items:
        if isinstance(item, (list, dict)):
            raise Unsure
        keys.append(("bool", item) if isinstance(item, bool) else item)
    try:
        return len(set(keys)) == len(keys)
    except TypeError:  # something unhashable
        raise Unsure from None


class _Compiler:
    """Compiles one schema and the schemas it refers to by `$id`, each subschema once (so `$ref` may recurse)."""

    def __init__(self, root: Mapping[str, Any], others: Iterable[Mapping[str, Any]]) -> None:
        self.documents: dict[str, Mapping[str, Any]] = {}
        for document in (root, *others):
            self.documents[str(document.get("$id", ""))] = document
        self.root_id = str(root.get("$id", ""))
        self.done: dict[tuple[str, str], Check] = {}

    def reference(self, base: str, ref: str) -> Check:
        uri, fragment = urldefrag(urljoin(base, ref) if base else ref)
        document = self.documents.get(uri)
        if document is None:
            raise NotCompiled(f"$ref to an unknown document: {ref}")
        key = (uri, fragment)
        found = self.done.get(key)
        if found is not None:
            return found
        node: Any = document
        if fragment:
            if not fragment.startswith("/"):
                raise NotCompiled(f"$ref by anchor: {ref}")
            for part in fragment[1:].split("/"):
                part = part.replace("~1", "/").replace("~0", "~")
                if isinstance(node, list):
                    node = node[int(part)]
                elif isinstance(node, dict) and part in node:
                    node = node[part]
                else:
                    raise NotCompiled(f"$ref to nothing: {ref}")
        cell: list[Check] = []
        self.done[key] = lambda value: cell[0](value)  # a reference met again while compiling it
        compiled = self.compile(node, uri)
        cell.append(compiled)
        self.done[key] = compiled
        return compiled

    def compile(self, schema: Any, base: str) -> Check:
        if schema is True:
            return _TRUE
        if schema is False:
            return _FALSE
        if not isinstance(schema, dict):
            raise NotCompiled("a schema that is not an object")
        if "$id" in schema and schema is not self.documents.get(base):
            raise NotCompiled("$id inside a schema")
        checks: list[Check] = []
        for keyword, arg in schema.items():
            if keyword in _ANNOTATIONS or keyword in ("then", "else"):
                continue  # (then and else are compiled with `if`)
            checks.append(self.keyword(keyword, arg, schema, base))
        if not checks:
            return _TRUE
        if len(checks) == 1:
            return checks[0]
        every = tuple(checks)
        return lambda value: all(check(value) for check in every)

    def keyword(self, keyword: str, arg: Any, schema: dict[str, Any], base: str) -> Check:
        if keyword == "$ref":
            return self.reference(base, arg)
        if keyword == "type":
            names = [arg] if isinstance(arg, str) else list(arg)
            if not all(name in _TYPES for name in names):
                raise NotCompiled(f"type {arg}")
            kinds = tuple(_TYPES[name] for name in names)
            if len(kinds) == 1:
                return kinds[0]
            return lambda v: any(kind(v) for kind in kinds)
        if keyword in ("enum", "const"):
            options = list(arg) if keyword == "enum" else [arg]
            if all(isinstance(o, str) for o in options):
                texts = frozenset(options)
                return lambda v: isinstance(v, str) and v in texts
            return lambda v: any(_equal(v, o) for o in options)
        if keyword in ("minLength", "maxLength"):
            n = int(arg)
            if keyword == "minLength":
                return lambda v: not isinstance(v, str) or len(v) >= n
            return lambda v: not isinstance(v, str) or len(v) <= n
        if keyword == "pattern":
            search = re.compile(arg).search
            return lambda v: not isinstance(v, str) or search(v) is not None
        if keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            limit = arg
            if keyword == "minimum":
                return lambda v: not _is_number(v) or v >= limit
            if keyword == "maximum":
                return lambda v: not _is_number(v) or v <= limit
            if keyword == "exclusiveMinimum":
                return lambda v: not _is_number(v) or v > limit
            return lambda v: not _is_number(v) or v < limit
        if keyword == "required":
            needed = tuple(arg)
            return lambda v: not isinstance(v, dict) or all(name in v for name in needed)
        if keyword in ("minProperties", "maxProperties", "minItems", "maxItems"):
            n, kind = int(arg), dict if keyword.endswith("Properties") else list
            if keyword.startswith("min"):
                return lambda v: not isinstance(v, kind) or len(v) >= n
            return lambda v: not isinstance(v, kind) or len(v) <= n
        if keyword == "properties":
            props = tuple((name, self.compile(sub, base)) for name, sub in arg.items())
            return lambda v: not isinstance(v, dict) or all(check(v[name]) for name, check in props if name in v)
        if keyword == "additionalProperties":
            if "patternProperties" in schema:
                raise NotCompiled("patternProperties")
            known = frozenset(schema.get("properties", {}))
            if arg is False:
                return lambda v: not isinstance(v, dict) or known.issuperset(v)
            extra = self.compile(arg, base)
            return lambda v: not isinstance(v, dict) or all(extra(x) for k, x in v.items() if k not in known)
        if keyword == "propertyNames":
            name_check = self.compile(arg, base)
            return lambda v: not isinstance(v, dict) or all(name_check(k) for k in v)
        if keyword == "prefixItems":
            prefix = tuple(self.compile(sub, base) for sub in arg)
            return lambda v: not isinstance(v, list) or all(check(item) for check, item in zip(prefix, v, strict=False))
        if keyword == "items":  # the items after `prefixItems`
            every = self.compile(arg, base)
            start = len(schema.get("prefixItems", ()))
            if not start:
                return lambda v: not isinstance(v, list) or all(every(item) for item in v)
            return lambda v: not isinstance(v, list) or all(every(item) for item in v[start:])
        if keyword == "uniqueItems":
            if not arg:
                return _TRUE
            return lambda v: not isinstance(v, list) or _unique(v)
        if keyword == "allOf":
            parts = tuple(self.compile(sub, base) for sub in arg)
            return lambda v: all(part(v) for part in parts)
        if keyword == "anyOf":
            parts = tuple(self.compile(sub, base) for sub in arg)
            return lambda v: any(part(v) for part in parts)
        if keyword == "oneOf":
            parts = tuple(self.compile(sub, base) for sub in arg)
            return lambda v: sum(1 for part in parts if part(v)) == 1
        if keyword == "not":
            inner = self.compile(arg, base)
            return lambda v: not inner(v)
        if keyword == "if":
            test = self.compile(arg, base)
            then = self.compile(schema.get("then", True), base)
            otherwise = self.compile(schema.get("else", True), base)
            return lambda v: then(v) if test(v) else otherwise(v)
        raise NotCompiled(f"keyword {keyword}")


def compile_schema(schema: Mapping[str, Any], others: Iterable[Mapping[str, Any]] = ()) -> Check | None:
    """The quick check of `schema` (`others`: the schemas it refers to by `$id`), or None when it uses
    something not compiled here. The check returns whether a value is valid, or raises `Unsure`."""
    compiler = _Compiler(schema, others)
    try:
        return compiler.compile(schema, compiler.root_id)
    except NotCompiled:
        return None
