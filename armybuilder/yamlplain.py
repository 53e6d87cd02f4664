"""YAML values with their positions (`Pos`, `PosMap`, `PosList`), and the plain block YAML nearly every list is
written in, read line by line without libyaml (`fast_load`). `armybuilder.yamlpos` is the one way in: it
reads everything else through libyaml, with the same values and positions."""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

MAX_DEPTH = 64
MAX_DIGITS = 100  # longer numbers are refused (and Python refuses to convert more than 4,300 digits)
MAX_VALUES = 20_000  # a list holds a few dozen values, the largest card data file about two thousand


class Pos(NamedTuple):
    line: int
    column: int


class PosMap(dict[Any, Any]):
    """A mapping with the position of the mapping itself, of each key and of each value."""

    __slots__ = ("key_pos", "pos", "value_pos")  # no instance dict: a batch builds thousands

    pos: Pos
    key_pos: dict[Any, Pos]
    value_pos: dict[Any, Pos]

    def at(self, key: Any) -> Pos:
        """Where the value of `key` stands (the mapping's own position when the key is absent)."""
        return self.value_pos.get(key) or self.key_pos.get(key) or self.pos


class PosList(list[Any]):
    """A sequence with its own position and the position of each item."""

    __slots__ = ("item_pos", "pos")

    pos: Pos
    item_pos: list[Pos]

    def at(self, index: int) -> Pos:
        return self.item_pos[index] if 0 <= index < len(self.item_pos) else self.pos


# --- the fast path: plain block YAML, as nearly every list is written -----------------------------------------
#
# Most lists are a handful of `key: value` lines, `- item` lines and one-line `[a, b]` lists. This reads
# exactly that subset line by line, several times faster than composing nodes with libyaml, and gives the
# same values and positions; at the first thing outside the subset (anchors, tags, block scalars, multi-line
# values, odd numbers, duplicate keys, anything libyaml would reject) it gives up and the full path runs.
# tests/test_yamlpos.py checks that both paths agree on every list the project knows and on many variants.
# One exception: a flow collection that nothing after it closes is told here (`Unclosed`, `_unclosed`), as
# libyaml would refuse it, without importing PyYAML for a list saved half-way.


_tuple_new = tuple.__new__  # _tuple_new(Pos, (line, column)) is Pos(line, column) at half the cost


class _NotSimple(Exception):
    """The text is outside the fast path's subset: let libyaml read it."""


class _OpenFlow(_NotSimple):
    """A flow collection `_inline` could not read on the line it opens on (1-based `line`, 0-based `col`): it
    may go on over more lines, or never close (`_unclosed` tells)."""

    def __init__(self, line: int, col: int) -> None:
        super().__init__()
        self.line = line
        self.col = col


_DASH, _KEY, _SCALAR = 0, 1, 2
# a plain key: a letter (of any script) or `_` first, then anything but `:` and `#` (`Helm's Deep`,
# `North Dunland`), no space before its colon
_KEY_RE = re.compile(r"([^\W\d](?:[^:#]*[^:#\s])?):(?: +|$)")
_WORD_KEY_RE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*):(?: +|$)")  # the usual key, matched faster
# anything the fast path leaves to libyaml: tabs, lone carriage returns, YAML 1.1 line breaks, byte order
# marks, and every character the YAML reader refuses (written as the few ranges outside what it accepts,
# `\n \x20-\x7e \xa0-\ud7ff \ue000-\ufefe \uff00-\ufffd \U00010000-\U0010ffff`: the same characters, and
# compiled in a sixth of the instructions, where the negated class cost every run's start ~25M)
_UNUSUAL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufeff\ufffe\uffff\u2028\u2029]")
_DECIMAL = re.compile(r"0|[1-9][0-9]*")
_NULL_WORDS = frozenset(("null", "Null", "NULL"))
_SPECIAL_WORDS = _NULL_WORDS | {  # plain words YAML 1.1 reads as booleans or null
    *("yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE"),
    *("on", "On", "ON", "off", "Off", "OFF"),
}
_BOOL_WORDS = {word: word[0] in "tT" for word in ("true", "True", "TRUE", "false", "False", "FALSE")}
_DOUBLE = re.compile(r'"((?:[^"\\]|\\["\\/bfnrt]|\\u(?![dD][89abAB])[0-9a-fA-F]{4})*)"')
_SINGLE = re.compile(r"'((?:[^']|'')*)'")
_FLOW_PLAIN_STOP = re.compile(r"[,\]\[{}#:]")


def _plain(text: str) -> Any:
    """A plain scalar's value (comment and trailing spaces already gone)."""
    first = text[0]
    if first.isdigit():
        if len(text) <= MAX_DIGITS and _DECIMAL.fullmatch(text):
            return int(text)
        raise _NotSimple
    if (
        not (first.isalpha() or (first > "\x7f" and first not in "\xa0\u3000"))
        or ": " in text
        or text[-1] == ":"
    ):
        raise _NotSimple
    if text in _SPECIAL_WORDS:
        if text in _NULL_WORDS:
            return None
        if text in _BOOL_WORDS:
            return _BOOL_WORDS[text]
        raise _NotSimple  # yes, no, on, off: YAML 1.1's booleans, which the full path tells the user of
    return text


def _quoted(text: str, start: int) -> tuple[str, int]:
    """A quoted scalar beginning at text[start]: its value and the index just past it."""
    if text[start] == '"':
        end = text.find('"', start + 1)
        if end < 0:
            raise _NotSimple
        if "\\" not in text[start:end]:
            return text[start + 1 : end], end + 1
        m = _DOUBLE.match(text, start)
        if m is None:
            raise _NotSimple
        return json.loads(m.group(0)), m.end()
    m = _SINGLE.match(text, start)
    if m is None:
        raise _NotSimple
    return m.group(1).replace("''", "'"), m.end()


def _rest_is_comment(text: str, index: int) -> bool:
    rest = text[index:]
    stripped = rest.lstrip(" ")
    return not stripped or (stripped[0] == "#" and len(stripped) < len(rest))


def _inline(text: str, line: int, col: int) -> Any:
    """A value written on one line at 0-based column `col`: plain, quoted, or a flow list `[a, b]` or
    mapping `{a: 1, b: [x]}`."""
    first = text[0]
    if first == '"' and text[-1] == '"' and text.count('"') == 2 and "\\" not in text:
        return text[1:-1]  # the usual quoted name, alone on its line
    if first == '"' or first == "'":
        value, end = _quoted(text, 0)
        if not _rest_is_comment(text, end):
            raise _NotSimple
        return value
    if first == "[" or first == "{":
        try:
            value, end = _flow(text, 0, line, col, 0)
        except _NotSimple:
            raise _OpenFlow(line, col) from None
        if not _rest_is_comment(text, end):
            raise _NotSimple
        return value
    cut = text.find(" #")
    if cut >= 0:
        text = text[:cut]
    return _plain(text.rstrip(" "))


_FLOW_DEPTH = 8  # flow collections nested deeper than this (a position nests two) are libyaml's to read


def _flow_scalar(text: str, i: int, key: bool) -> tuple[Any, int]:
    """A scalar of a flow collection at text[i]: quoted, or plain up to the `,`, `]` or `}` after it (up
    to the `: ` after it when it is a key)."""
    if text[i] == '"' or text[i] == "'":
        return _quoted(text, i)
    stop = _FLOW_PLAIN_STOP.search(text, i)
    if stop is None:
        raise _NotSimple
    end = stop.start()
    if key != (text[end] == ":"):
        raise _NotSimple
    raw = text[i:end].rstrip(" ")
    if not raw:
        raise _NotSimple
    return _plain(raw), end


_PLAIN_FLOW_MAP = re.compile(r"\{([^\[\]{}\"'#]*)\}")  # a flow mapping of plain words only


def _plain_flow_map(text: str, start: int, line: int, col: int) -> tuple[PosMap, int] | None:
    """`{card: Horse Archers, count: 2}` (no quotes, brackets or comments in it) split rather than scanned;
    None when the mapping at text[start] is not of that kind."""
    m = _PLAIN_FLOW_MAP.match(text, start)
    if m is None or not m.group(1).strip(" "):
        return None
    result = PosMap()
    result.pos = _tuple_new(Pos, (line, col + start + 1))
    key_pos: dict[Any, Pos] = {}
    value_pos: dict[Any, Pos] = {}
    at = start + 1  # the index in `text` of the entry read
    for part in m.group(1).split(","):
        key_text, colon, value_text = part.partition(":")
        if not colon or value_text[:1] != " " or ":" in value_text:
            raise _NotSimple
        key = key_text.strip(" ")
        value = value_text.strip(" ")
        if not key or not value:
            raise _NotSimple
        key_at = at + len(key_text) - len(key_text.lstrip(" "))
        value_at = at + len(key_text) + 1 + len(value_text) - len(value_text.lstrip(" "))
        key = _plain(key)
        if key.__class__ is not str or key in _SPECIAL_WORDS or key in result:
            raise _NotSimple  # a number, a boolean, a duplicate: libyaml's path reads or refuses it
        result[key] = _plain(value)
        key_pos[key] = _tuple_new(Pos, (line, col + key_at + 1))
        value_pos[key] = _tuple_new(Pos, (line, col + value_at + 1))
        at += len(part) + 1
    result.key_pos = key_pos
    result.value_pos = value_pos
    return result, m.end()


def _flow(text: str, start: int, line: int, col: int, depth: int) -> tuple[Any, int]:
    """The flow list or mapping opening at text[start], all on this line, and the index just past it."""
    if depth >= _FLOW_DEPTH:
        raise _NotSimple
    mapping = text[start] == "{"
    if mapping:
        plain = _plain_flow_map(text, start, line, col)
        if plain is not None:
            return plain
    close = "}" if mapping else "]"
    result: Any = PosMap() if mapping else PosList()
    result.pos = _tuple_new(Pos, (line, col + start + 1))
    positions: list[Pos] = []
    value_pos: dict[Any, Pos] = {}
    i, n = start + 1, len(text)
    while True:
        while i < n and text[i] == " ":
            i += 1
        if i >= n:
            raise _NotSimple  # it goes on over more lines
        if text[i] == close:
            if result and text[i - 1] == ",":
                raise _NotSimple  # a trailing comma
            i += 1
            break
        if mapping:
            where = _tuple_new(Pos, (line, col + i + 1))
            key, i = _flow_scalar(text, i, True)
            if key.__class__ is not str or key in _SPECIAL_WORDS or key in result:
                raise _NotSimple  # a number, a duplicate: libyaml's path reads or refuses it
            if i + 1 >= n or text[i] != ":" or text[i + 1] != " ":
                raise _NotSimple
            i += 2
            while i < n and text[i] == " ":
                i += 1
            if i >= n:
                raise _NotSimple
            positions.append(where)
        at = i
        if text[i] == "[" or text[i] == "{":
            value, i = _flow(text, i, line, col, depth + 1)
        else:
            value, i = _flow_scalar(text, i, False)
        if mapping:
            result[key] = value
            value_pos[key] = _tuple_new(Pos, (line, col + at + 1))
        else:
            result.append(value)
            positions.append(_tuple_new(Pos, (line, col + at + 1)))
        if len(positions) > MAX_VALUES:  # let the full path refuse it, before reading the rest
            raise _NotSimple
        while i < n and text[i] == " ":
            i += 1
        if i < n and text[i] == ",":
            i += 1
        elif i >= n or text[i] != close:
            raise _NotSimple
    if mapping:
        result.key_pos = dict(zip(result, positions, strict=True))
        result.value_pos = value_pos
    else:
        result.item_pos = positions
    return result, i


# (0-based column, kind, text, value): a key's value is (value column, value text, column past the colon, value)
_Token = tuple[int, int, Any, Any]
_LINE_TOKENS: dict[str, tuple[_Token, ...]] = {}  # a line's tokens, by its text: a batch's lists share most lines
_LINE_CACHE_SIZE = 4096  # lines remembered (emptied when full: a hostile batch of unique lines costs nothing more)
_CACHED_LINE_CHARS = 160  # a longer line is tokenised each time: the cache never holds more than a few megabytes


def _tokens(text: str) -> tuple[list[_Token], list[int]]:
    """(0-based column, kind, text, value) for every dash, key and scalar, and the line of each: a scalar's
    value, a key's (value column, value text, 1-based column past the colon, value); the value `_ABSENT`
    when the line has none, `_COLLECTION` for a flow collection, to build at its position. Raises
    _NotSimple for a line outside the subset, or a value on it."""
    tokens: list[_Token] = []
    lines: list[int] = []
    known = _LINE_TOKENS
    for line, raw in enumerate(text.split("\n"), 1):
        found = known.get(raw)
        if found is None:
            found = _line_tokens(raw)
            if len(raw) <= _CACHED_LINE_CHARS:
                if len(known) >= _LINE_CACHE_SIZE:
                    known.clear()
                known[raw] = found
        if found:  # the line's own tokens, shared with every line of its text: no tuple made per token
            tokens += found
            lines += (line,) * len(found)
    return tokens, lines


def _line_tokens(raw: str) -> tuple[_Token, ...]:
    """The tokens of one line, without its number (raises _NotSimple)."""
    rest = raw.lstrip(" ")
    if not rest or rest[0] == "#":
        return ()
    tokens: list[_Token] = []
    append = tokens.append
    col = len(raw) - len(rest)
    dashes = 0
    while rest[0] == "-" and (len(rest) == 1 or rest[1] == " "):
        dashes += 1
        if dashes > MAX_DEPTH // 2:  # `- - - …`: deeper than the fast path goes (and each step copies the line)
            raise _NotSimple
        append((col, _DASH, None, None))
        after = rest[1:].lstrip(" ")
        col += len(rest) - len(after)
        rest = after
        if not rest or rest[0] == "#":
            break
    if not rest or rest[0] == "#":
        return tuple(tokens)
    m = _WORD_KEY_RE.match(rest) or (_KEY_RE.match(rest) if ":" in rest else None)
    if m is not None:
        key = m.group(1)
        end = m.end()
        past = col + len(key) + 2  # the column just past the colon, as libyaml marks a null value
        append((col, _KEY, key, (col + end, rest[end:], past, _value_of(rest[end:]))))
    elif (rest[0] == '"' or rest[0] == "'") and ":" in rest:  # a quoted key, or a quoted value
        key, end = _quoted(rest, 0)
        if rest[end : end + 2] == ": " or rest[end:] == ":":
            end += 1
            past = col + end + 1
            while end < len(rest) and rest[end] == " ":
                end += 1
            append((col, _KEY, key, (col + end, rest[end:], past, _value_of(rest[end:]))))
        else:
            append((col, _SCALAR, rest, _value_of(rest)))
    else:
        append((col, _SCALAR, rest, _value_of(rest)))
    return tuple(tokens)


_ABSENT = object()  # no value on the key's line
_COLLECTION = object()  # a flow collection: built where it stands (its items' positions are its own)


def _value_of(text: str) -> Any:
    """The value written on one line (cached with the line's tokens: a scalar is the same wherever it stands)."""
    if not text or text[0] == "#":
        return _ABSENT
    if text[0] == "[" or text[0] == "{":
        return _COLLECTION
    if text[0] == '"' and text[-1] == '"' and text.count('"') == 2 and "\\" not in text:
        return text[1:-1]  # _inline's first case, without the call: `unit: "Name"`
    return _inline(text, 0, 0)


class _Fast:
    __slots__ = ("ln", "n", "t")

    def __init__(self, tokens: list[_Token], lines: list[int]) -> None:
        self.t = tokens  # (0-based column, kind, text, value)
        self.ln = lines  # the line of each token
        self.n = len(tokens)

    def node(self, i: int, depth: int) -> tuple[Any, int]:
        if depth > MAX_DEPTH // 2:
            raise _NotSimple
        col, kind, text, value = self.t[i]
        if kind == _DASH:
            return self.sequence(i, col, depth, False)
        if kind == _KEY:
            return self.mapping(i, col, depth)
        return (_inline(text, self.ln[i], col) if value is _COLLECTION else value), i + 1

    def mapping(self, i: int, col: int, depth: int) -> tuple[PosMap, int]:
        t, ln, n = self.t, self.ln, self.n
        result = PosMap()
        result.pos = _tuple_new(Pos, (ln[i], col + 1))
        key_pos: dict[Any, Pos] = {}
        value_pos: dict[Any, Pos] = {}
        while i < n:
            c, kind, key, after = t[i]
            if c != col or kind != _KEY:
                break
            if key in _SPECIAL_WORDS or key in result:
                raise _NotSimple
            line = ln[i]
            i += 1
            key_pos[key] = _tuple_new(Pos, (line, col + 1))
            vcol, raw, past, value = after
            if value is not _ABSENT:
                if value is _COLLECTION:
                    value = _inline(raw, line, vcol)
                value_pos[key] = _tuple_new(Pos, (line, vcol + 1))
            elif i < n and ((c := t[i][0]) > col or (c == col and t[i][1] == _DASH)):
                value_pos[key] = _tuple_new(Pos, (ln[i], c + 1))
                if c == col:
                    value, i = self.sequence(i, col, depth + 1, True)
                else:
                    value, i = self.node(i, depth + 1)
            else:
                value = None
                value_pos[key] = _tuple_new(Pos, (line, past))
            result[key] = value
            if i < n and t[i][0] > col:
                raise _NotSimple
        if i < n and t[i][0] == col:
            raise _NotSimple
        result.key_pos = key_pos
        result.value_pos = value_pos
        return result, i

    def sequence(self, i: int, col: int, depth: int, indentless: bool) -> tuple[PosList, int]:
        t, ln, n = self.t, self.ln, self.n
        items = PosList()
        items.pos = _tuple_new(Pos, (ln[i], col + 1))
        positions: list[Pos] = []
        while i < n:
            c, kind, _, _ = t[i]
            if c != col or kind != _DASH:
                break
            line = ln[i]
            i += 1
            if i < n and (ln[i] == line or t[i][0] > col):
                token = t[i]
                positions.append(_tuple_new(Pos, (ln[i], token[0] + 1)))
                if token[1] == _SCALAR and depth < MAX_DEPTH // 2:  # node(), inlined for the usual `- Name`
                    value = token[3]
                    if value is _COLLECTION:
                        value = _inline(token[2], ln[i], token[0])
                    i += 1
                else:
                    value, i = self.node(i, depth + 1)
            else:
                positions.append(_tuple_new(Pos, (line, col + 2)))  # just past the dash
                value = None
            items.append(value)
            if i < n and t[i][0] > col:
                raise _NotSimple
        if i < n and t[i][0] == col and not (indentless and t[i][1] == _KEY):
            raise _NotSimple
        items.item_pos = positions
        return items, i


NOT_SIMPLE = object()
_PLAIN_ASCII = bytes(range(0x20, 0x7F)) + b"\n"  # printable ASCII and the newline (deleted: nothing else is left)


def fast_load(text: str) -> Any:
    """The document's value when it is plain block YAML; an `Unclosed` when a `[` or `{` of it is never closed
    (no YAML: `yamlpos.load` says so); `NOT_SIMPLE` otherwise."""
    if "\r" in text:
        if text.count("\r") != text.count("\r\n"):
            return NOT_SIMPLE
        text = text.replace("\r\n", "\n")
    if text.isascii():  # the usual case, checked several times faster than by the regular expression
        if text.encode().translate(None, _PLAIN_ASCII):  # a character other than these: a tab, a control
            return NOT_SIMPLE
    elif _UNUSUAL.search(text):
        return NOT_SIMPLE
    # every value of the subset has a `:`, `-`, `,`, `[` or `{` of its own (a key and its value share a
    # colon): more of them than MAX_VALUES allows, and the full path counts and refuses (none counts twice
    # over, so a shorter text cannot have that many)
    if 2 * len(text) >= MAX_VALUES and (
        2 * text.count(":") + text.count("-") + text.count(",") + 2 * (text.count("[") + text.count("{")) >= MAX_VALUES
    ):
        return NOT_SIMPLE
    try:
        tokens, lines = _tokens(text)
        if not tokens:
            return None
        value, end = _Fast(tokens, lines).node(0, 0)
    except _OpenFlow as flow:  # a `[` or `{` left open at the end of its line: when nothing after it closes it,
        # the text is no YAML, said here without libyaml (a batch's broken list would import PyYAML for it)
        found = _unclosed(text, flow.line, flow.col)
        return NOT_SIMPLE if found is None else found
    except (_NotSimple, ValueError, IndexError):  # ValueError: a JSON escape json.loads would not take;
        # IndexError: a line the subset's reader misjudged (never seen): libyaml reads it
        return NOT_SIMPLE
    return value if end == len(tokens) else NOT_SIMPLE


class Unclosed(NamedTuple):
    """A flow collection (`[` or `{`, at 1-based `line` and `column`) that nothing after it closes: no YAML."""

    line: int
    column: int
    opener: str


_EXPECT, _PLAIN_SCALAR, _AFTER = 0, 1, 2  # in a flow collection: before a node, in a plain scalar, after a node
_CLOSES = {"]": "[", "}": "{"}
_BLANKS = re.compile(r"[ \n]*")
_PLAIN_RUN = re.compile(r"[^\n ,\[\]{}:#?]+(?: +[^\n ,\[\]{}:#?]+)*")  # a plain scalar's words on one line
_FLOW_QUOTED = {'"': re.compile(r'"(?:[^"\\]|\\[\s\S])*"'), "'": re.compile(r"'(?:[^']|'')*'")}
_NOT_A_NODE = frozenset("&*!|>%@`?:-#")  # what may not start a plain scalar here (or is not sure to): give up


def _unclosed(text: str, line: int, col: int) -> Unclosed | None:
    """The flow collection opening at `line` (1-based) and `col` (0-based), when the rest of the text never
    closes it; None when something closes it, or when the scan meets anything it is not sure how libyaml
    reads (a quote left open, an anchor, a tag, an explicit key, a document marker, a colon or `#` inside a
    word, nesting past MAX_DEPTH, more than MAX_VALUES tokens): libyaml then reads the text and says what
    is wrong. Only quoted scalars, comments and plain scalars can hide a bracket, and each is skipped whole,
    so a collection this scan finds open at the end of the text is one libyaml refuses too (`tests/test_yamlpos.py`
    checks that on thousands of broken lists)."""
    i = 0
    for _ in range(line - 1):
        i = text.index("\n", i) + 1
    i += col
    opener = text[i]
    stack = [opener]
    state = _EXPECT
    i += 1
    n = len(text)
    for _ in range(MAX_VALUES):
        blanks = _BLANKS.match(text, i)  # (always matches, if only nothing)
        j = i if blanks is None else blanks.end()
        if j >= n:
            return Unclosed(line, col + 1, opener)
        char = text[j]
        blank_before = j > 0 and text[j - 1] in " \n"
        if char == "#":
            if not blank_before:
                return None
            end = text.find("\n", j)
            i = n if end < 0 else end
            if state == _PLAIN_SCALAR:
                state = _AFTER
            continue
        if text[j - 1] == "\n" and text.startswith(("---", "..."), j) and text[j + 3 : j + 4] in ("", " ", "\n"):
            return None
        if char in "[{":
            if state != _EXPECT or len(stack) >= MAX_DEPTH:
                return None
            stack.append(char)
            i = j + 1
        elif char in "]}":
            if stack.pop() != _CLOSES[char]:
                return None
            if not stack:
                return None  # it closes: a collection over several lines, libyaml's to read
            state, i = _AFTER, j + 1
        elif char == ",":
            if state == _EXPECT:
                return None
            state, i = _EXPECT, j + 1
        elif char == ":":
            if state == _EXPECT or text[j + 1 : j + 2] not in ("", " ", "\n"):
                return None
            state, i = _EXPECT, j + 1
        elif state == _AFTER:
            return None
        elif state == _EXPECT and char in _FLOW_QUOTED:
            quoted = _FLOW_QUOTED[char].match(text, j)
            if quoted is None:
                return None
            state, i = _AFTER, quoted.end()
        else:
            if state == _EXPECT and (char in _NOT_A_NODE):
                return None
            run = _PLAIN_RUN.match(text, j)
            if run is None:
                return None
            i = run.end()
            if i < n and text[i] in "#?":  # `a#b`, `a?b`: read one way or another by libyaml's versions
                return None
            state = _PLAIN_SCALAR
    return None
