"""YAML loading that keeps positions, refuses what a list or card file should never contain, and never raises
anything but YamlError.

Mappings load as `PosMap` (a dict remembering the line and column of each key and value), sequences as
`PosList` (a list remembering each item's position). Lines and columns are 1-based, as editors show them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

try:  # the C parser is several times faster; the pure-Python one gives the same nodes
    from yaml import CSafeLoader as _BaseLoader
except ImportError:  # pragma: no cover - PyYAML without libyaml
    from yaml import SafeLoader as _BaseLoader  # type: ignore[assignment]

MAX_DEPTH = 64


@dataclass(frozen=True, slots=True)
class Pos:
    line: int
    column: int


class PosMap(dict[Any, Any]):
    """A mapping with the position of the mapping itself, of each key and of each value."""

    pos: Pos
    key_pos: dict[Any, Pos]
    value_pos: dict[Any, Pos]

    def at(self, key: Any) -> Pos:
        """Where the value of `key` stands (the mapping's own position when the key is absent)."""
        return self.value_pos.get(key) or self.key_pos.get(key) or self.pos


class PosList(list[Any]):
    """A sequence with its own position and the position of each item."""

    pos: Pos
    item_pos: list[Pos]

    def at(self, index: int) -> Pos:
        return self.item_pos[index] if 0 <= index < len(self.item_pos) else self.pos


class YamlError(Exception):
    """Text that is not usable YAML; `line`/`column` are 1-based (0 when unknown)."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


def _pos(node: yaml.Node) -> Pos:
    return Pos(node.start_mark.line + 1, node.start_mark.column + 1)


_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_NULL = "tag:yaml.org,2002:null"
_MERGE = "tag:yaml.org,2002:merge"


class _Builder:
    """Turns a composed node tree into plain values with positions in one pass, checking what PyYAML lets
    through: aliases (a node met twice), merge keys, duplicate keys, unhashable keys, depth.

    Plain strings, integers and nulls, nearly every scalar of a list or card file, are built directly;
    any other scalar goes through PyYAML's safe constructor.
    """

    __slots__ = ("allow_aliases", "constructor", "seen")

    def __init__(self, allow_aliases: bool) -> None:
        self.allow_aliases = allow_aliases
        self.seen: set[int] = set()
        self.constructor: yaml.SafeLoader | None = None

    def build(self, node: yaml.Node, depth: int = 0) -> Any:
        if depth > MAX_DEPTH:
            p = _pos(node)
            raise YamlError(f"nesting deeper than {MAX_DEPTH} levels", p.line, p.column)
        if not self.allow_aliases:
            if id(node) in self.seen:
                p = _pos(node)
                raise YamlError(
                    "anchors and aliases (&name / *name) are not supported here; write each entry out",
                    p.line,
                    p.column,
                )
            self.seen.add(id(node))
        cls = node.__class__
        if cls is yaml.ScalarNode:
            return self._scalar(node)
        if cls is yaml.MappingNode:
            return self._mapping(node, depth)
        if cls is yaml.SequenceNode:
            items = PosList(self.build(item, depth + 1) for item in node.value)
            items.pos = _pos(node)
            items.item_pos = [_pos(item) for item in node.value]
            return items
        p = _pos(node)  # pragma: no cover - PyYAML composes only the three node kinds
        raise YamlError("unsupported YAML node", p.line, p.column)

    def _scalar(self, node: yaml.Node) -> Any:
        tag, value = node.tag, node.value
        if tag == _STR:
            return value
        if tag == _INT and value.isascii() and value.isdigit() and (value[0] != "0" or value == "0"):
            return int(value)
        if tag == _NULL:
            return None
        if self.constructor is None:
            self.constructor = yaml.SafeLoader("")
        try:
            return self.constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, TypeError) as exc:
            p = _pos(node)
            raise YamlError(f"bad value: {getattr(exc, 'problem', None) or exc}", p.line, p.column) from None

    def _mapping(self, node: yaml.Node, depth: int) -> PosMap:
        result = PosMap()
        result.pos = _pos(node)
        result.key_pos = {}
        result.value_pos = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                p = _pos(key_node)
                raise YamlError("merge keys (<<) are not supported; write the keys out", p.line, p.column)
            key = self.build(key_node, depth + 1)
            try:
                duplicate = key in result
            except TypeError:
                p = _pos(key_node)
                raise YamlError("a mapping key must be a plain value", p.line, p.column) from None
            if duplicate:
                p = _pos(key_node)
                first = result.key_pos[key]
                raise YamlError(
                    f"duplicate key {key!r} (first at line {first.line}); keep one and merge the two",
                    p.line,
                    p.column,
                )
            result[key] = self.build(value_node, depth + 1)
            result.key_pos[key] = _pos(key_node)
            result.value_pos[key] = _pos(value_node)
        return result


def _compose(text: str) -> yaml.Node | None:
    loader = _BaseLoader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def load(text: str | bytes, *, allow_aliases: bool = False) -> Any:
    """Parse one YAML document into plain values with positions. Raise YamlError on anything unusable."""
    if isinstance(text, bytes):
        if b"\x00" in text:
            raise YamlError("this is a binary file, not YAML text")
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise YamlError(f"not UTF-8 text (byte {exc.start}); save the file as UTF-8") from None
    if "\x00" in text:
        raise YamlError("this is a binary file, not YAML text")
    try:
        node = _compose(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        problem = exc.problem or exc.context or "invalid YAML"
        raise YamlError(f"invalid YAML: {problem}", line, column) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow; the reader gives its offset
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        char = exc.character if isinstance(exc.character, int) else ord(exc.character)
        raise YamlError(
            f"invalid YAML: {exc.reason} (U+{char:04X}); delete that character", line, column
        ) from None
    except yaml.YAMLError as exc:  # anything else: its first line, so the message stays one line
        raise YamlError(f"invalid YAML: {str(exc).splitlines()[0]}") from None
    except RecursionError:
        raise YamlError(f"nesting deeper than {MAX_DEPTH} levels") from None
    if node is None:
        return None
    try:
        return _Builder(allow_aliases).build(node)
    except RecursionError:
        raise YamlError(f"nesting deeper than {MAX_DEPTH} levels") from None
