"""YAML loading that keeps positions, refuses what a list or card file should never contain, and never raises
anything but YamlError.

Mappings load as `PosMap` (a dict remembering the line and column of each key and value), sequences as
`PosList` (a list remembering each item's position). Lines and columns are 1-based, as editors show them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from armybuilder.fileio import MAX_INPUT_BYTES, NotText, decode_text
from armybuilder.yamlplain import MAX_DEPTH as MAX_DEPTH
from armybuilder.yamlplain import MAX_DIGITS as MAX_DIGITS
from armybuilder.yamlplain import MAX_VALUES as MAX_VALUES
from armybuilder.yamlplain import NOT_SIMPLE as _NOT_SIMPLE
from armybuilder.yamlplain import Pos as Pos
from armybuilder.yamlplain import PosList as PosList
from armybuilder.yamlplain import PosMap as PosMap
from armybuilder.yamlplain import Unclosed as _Unclosed
from armybuilder.yamlplain import fast_load as _fast_load

if TYPE_CHECKING:
    import yaml

# PyYAML's loader and whether it is libyaml's, set by _pyyaml() at the first text the plain reader leaves to
# it: most files never need PyYAML, and importing it is the largest import of a cold start
_BaseLoader: Any = None
_LIBYAML = False  # libyaml drops a leading byte-order mark itself


def _pyyaml() -> Any:
    """PyYAML's loader class, imported the first time a text needs it. The C parser is several times faster;
    the pure-Python one gives the same nodes."""
    global _BaseLoader, _LIBYAML
    if _BaseLoader is None:
        import yaml

        try:
            from yaml import CSafeLoader as loader
        except ImportError:  # pragma: no cover - PyYAML without libyaml
            from yaml import SafeLoader as loader  # type: ignore[assignment]
        _LIBYAML = loader is getattr(yaml, "CSafeLoader", None)
        _BaseLoader = loader
    return _BaseLoader

_tuple_new = tuple.__new__  # _tuple_new(Pos, (line, column)) is Pos(line, column) at half the cost
MAX_LOAD = MAX_INPUT_BYTES  # characters or bytes (`read_input` gives one byte more of a larger file)


class YamlError(Exception):
    """Text that is not usable YAML; `line`/`column` are 1-based (0 when unknown)."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


class TooDeep(YamlError):
    """Nesting deeper than MAX_DEPTH: armybuilder's own limit, whatever libyaml's is."""


_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_NULL = "tag:yaml.org,2002:null"
_FLOAT = "tag:yaml.org,2002:float"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_PLAIN_COLLECTION_TAGS = frozenset((None, "!", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"))
_MERGE = "tag:yaml.org,2002:merge"


_NO_VALUE = object()


_BOOL = "tag:yaml.org,2002:bool"


_PLAIN_TYPES = (str, int, float, bool, type(None))  # all a value of ours ever is: never bytes, dates or sets


def _surprise(text: str, tag: str, value: Any) -> str | None:
    """How YAML 1.1 read a plain scalar unlike what a person reads, or None: a number with a leading zero
    (octal), with colons (base 60), in hex or binary or with underscores; `yes`, `on`, `off`… as booleans."""
    digits = text.lstrip("+-")
    decimal = digits.isascii() and digits.isdigit()
    if tag == _INT and not (decimal and (digits[0] != "0" or int(text) == value)):  # `04` is 4 either way
        if decimal:
            why = "a leading 0 makes an octal number"
        elif ":" in text:
            why = "colons make a base-60 number, like a time"
        else:
            why = "a number in YAML's own notation"
        return f"`{text}` is read by YAML as {value} ({why})"
    if tag == _FLOAT and (":" in text or "_" in text):
        why = "colons make a base-60 number, like a time" if ":" in text else "YAML drops the underscores"
        return f"`{text}` is read by YAML as {value} ({why})"
    if tag == _BOOL and text.lower() not in ("true", "false"):
        return f"`{text}` is read by YAML as {str(value).lower()}"
    return None


def _as_read(text: str, tag: str, value: Any, plain: bool, is_key: bool, pos: Pos) -> Any:
    """A scalar that is not plain text as a person reads it, or a YamlError saying how YAML would read it.

    YAML 1.1 reads `040` as 32, `1:00` as 60, `on:` as the key True and `2024-01-01` as a date, and a tag
    can make any value bytes (`!!binary`) or a date (`!!timestamp`), which no field of ours takes and which
    would print as a Python repr. A key is a name: it stays the text written. A plain date is the text
    written. A number YAML reads otherwise than a person is refused, saying so, in every field of every
    game. A tagged value of a type no field takes is refused. `yes`/`no`/`on`/`off` values stay booleans:
    that is what a person means by them in a flag, and a text field refuses a boolean itself."""
    why = _surprise(text, tag, value) if plain else None
    if plain and (not isinstance(value, _PLAIN_TYPES) or (is_key and why is not None)):
        return text
    if why is not None and tag != _BOOL:
        fix = f"write `{int(text, 10)}`" if tag == _INT and text.lstrip("+-").isdigit() else "write the number in plain digits"
        raise YamlError(f'{why}; {fix}, or quote it (`"{text}"`) if it is text', pos.line, pos.column)
    if not isinstance(value, _PLAIN_TYPES):
        shown = tag.replace("tag:yaml.org,2002:", "!!")
        raise YamlError(
            f"the tag {shown} is not supported here; write the value as plain text or a number", pos.line, pos.column
        )
    return value


def _events_to_value(loader: Any, allow_aliases: bool) -> Any:
    """Build plain values with positions straight from libyaml's events, with an explicit stack.

    libyaml's parser is a state machine, but PyYAML's composer (C or Python) recurses once per nesting
    level: a list nested 30,000 levels deep overflows the C stack and kills the process before any depth
    check could run. Reading events instead, nothing here recurses, and nesting beyond MAX_DEPTH is
    refused at the first node that goes too deep. The same pass refuses aliases (or, when allowed, bounds
    what they expand to: an alias bomb), merge keys, duplicate and unhashable keys.

    Plain strings, integers and nulls, nearly every scalar of a list or card file, are built directly; any
    other scalar goes through PyYAML's resolver and safe constructor.
    """
    import yaml  # imported already: the loader is PyYAML's

    get = loader.get_event
    get()  # the stream's start
    if get().__class__ is yaml.StreamEndEvent:  # else the document's start
        return None
    stack: list[Any] = []  # the open collections, innermost last
    keys: list[Any] = []  # per open collection: the key awaiting its value (_NO_VALUE: none, or a sequence)
    key_marks: list[Pos | None] = []
    anchors: dict[str, tuple[Pos, Any, int]] = {}  # name -> (where, value, values it expands to)
    opened: list[tuple[str, Pos, int]] = []  # anchored collections still open: (name, where, count before)
    count = 0  # values built, each alias counted at the size it expands to
    constructor: yaml.SafeLoader | None = None
    root: Any = _NO_VALUE
    while True:
        event = get()
        cls = event.__class__
        if cls is yaml.SequenceEndEvent or cls is yaml.MappingEndEvent:
            value = stack.pop()
            keys.pop()
            key_marks.pop()
            pos = value.pos
            if opened and opened[-1][1] is pos:
                name, _, before = opened.pop()
                anchors[name] = (pos, value, count - before)
        elif cls is yaml.DocumentEndEvent:
            break
        else:
            mark = event.start_mark
            pos = _tuple_new(Pos, (mark.line + 1, mark.column + 1))
            if len(stack) > MAX_DEPTH:
                raise TooDeep(f"nesting deeper than {MAX_DEPTH} levels", pos.line, pos.column)
            count += 1
            name = event.anchor
            if cls is yaml.AliasEvent:
                if name not in anchors:
                    if any(n == name for n, _, _ in opened):
                        raise YamlError(f"the alias *{name} refers to itself", pos.line, pos.column)
                    raise YamlError(f"invalid YAML: found undefined alias {name!r}", pos.line, pos.column)
                where, value, size = anchors[name]
                if not allow_aliases:  # reported at the anchor: that is what to write out
                    raise YamlError(
                        "anchors and aliases (&name / *name) are not supported here; write each entry out",
                        where.line,
                        where.column,
                    )
                count += size - 1
            else:
                if name is not None and (name in anchors or any(n == name for n, _, _ in opened)):
                    raise YamlError(f"invalid YAML: the anchor &{name} is defined twice", pos.line, pos.column)
                if cls is yaml.ScalarEvent:
                    tag, text = event.tag, event.value
                    plain = bool(event.implicit[0])  # a plain scalar: no quotes, no tag
                    if tag is None or tag == "!":
                        tag = loader.resolve(yaml.ScalarNode, text, event.implicit)
                    if tag == _STR:
                        value = text
                    elif (
                        tag == _INT
                        and text.isascii()
                        and text.isdigit()
                        and (text[0] != "0" or text == "0")
                        and len(text) <= MAX_DIGITS
                    ):
                        value = int(text)
                    elif tag == _NULL:
                        value = None
                    elif tag == _TIMESTAMP and plain:  # an unquoted date is the text written, even `2020-13-45`
                        value = text
                    elif tag == _MERGE and stack and keys[-1] is _NO_VALUE and stack[-1].__class__ is PosMap:
                        raise YamlError(
                            "merge keys (<<) are not supported; write the keys out", pos.line, pos.column
                        )
                    else:
                        if tag in (_INT, _FLOAT) and len(text) > MAX_DIGITS:  # 1:1:1:… is quadratic
                            raise YamlError(
                                f"a number of {len(text):,} characters; write a number of at most "
                                f"{MAX_DIGITS} digits, or quote the text",
                                pos.line,
                                pos.column,
                            )
                        if constructor is None:
                            constructor = yaml.SafeLoader("")
                        node = yaml.ScalarNode(tag, text, mark, event.end_mark, event.style)
                        try:
                            value = constructor.construct_object(node, deep=True)
                        except Exception as exc:  # PyYAML's constructors raise anything (`!!int ''`: IndexError)
                            problem = getattr(exc, "problem", None) or exc or type(exc).__name__
                            raise YamlError(f"bad value: {problem}", pos.line, pos.column) from None
                        is_key = bool(stack) and keys[-1] is _NO_VALUE and stack[-1].__class__ is PosMap
                        value = _as_read(text, tag, value, plain, is_key, pos)
                    if name is not None:
                        anchors[name] = (pos, value, 1)
                else:  # a sequence or mapping starts: its items or entries follow as events
                    if event.tag not in _PLAIN_COLLECTION_TAGS:  # !!set, !!omap, !!python/…: not ours
                        raise YamlError(f"bad value: the tag {event.tag} is not supported here", pos.line, pos.column)
                    if cls is yaml.MappingStartEvent:
                        value = PosMap()
                        value.key_pos = {}
                        value.value_pos = {}
                    else:
                        value = PosList()
                        value.item_pos = []
                    value.pos = pos
                    if name is not None:
                        opened.append((name, pos, count - 1))
                    stack.append(value)
                    keys.append(_NO_VALUE)
                    key_marks.append(None)
                    continue
            if count > MAX_VALUES:
                raise YamlError(
                    f"more than {MAX_VALUES:,} values in one file (an alias counts as all it repeats)",
                    pos.line,
                    pos.column,
                )
        # a value is complete: the document itself, a sequence item, a mapping key or a mapping value
        if not stack:
            root = value
            continue
        parent = stack[-1]
        if parent.__class__ is PosList:
            parent.append(value)
            parent.item_pos.append(pos)
        elif keys[-1] is _NO_VALUE:  # a key
            try:
                duplicate = value in parent
            except TypeError:
                raise YamlError("a mapping key must be a plain value", pos.line, pos.column) from None
            if duplicate:
                first = parent.key_pos[value]
                raise YamlError(
                    f"duplicate key {value!r} (first at line {first.line}); keep one and merge the two",
                    pos.line,
                    pos.column,
                )
            keys[-1] = value
            key_marks[-1] = pos
        else:  # a key's value
            key = keys[-1]
            parent[key] = value
            parent.key_pos[key] = key_marks[-1]
            parent.value_pos[key] = pos
            keys[-1] = _NO_VALUE
    event = get()
    if event.__class__ is not yaml.StreamEndEvent:
        mark = event.start_mark
        raise YamlError(
            "invalid YAML: found another document (after ---) in the file; keep one", mark.line + 1, mark.column + 1
        )
    return None if root is _NO_VALUE else root


def load(text: str | bytes, *, allow_aliases: bool = False) -> Any:
    """Parse one YAML document into plain values with positions. Raise YamlError on anything unusable."""
    if len(text) > MAX_LOAD:  # a stream this size is nothing armybuilder reads: refuse before parsing it
        raise YamlError(
            f"more than {MAX_LOAD:,} bytes; a list or card file is a few kilobytes — is this the right file?"
        )
    if isinstance(text, bytes):
        try:
            text = decode_text(text, "YAML text")
        except NotText as exc:
            raise YamlError(exc.message, exc.line, exc.column) from None
    elif text.startswith("\ufeff"):
        text = text[1:]
    if "\x00" in text:
        raise YamlError("this is a binary file, not YAML text")
    fast = _fast_load(text)
    if fast is not _NOT_SIMPLE:
        if fast.__class__ is _Unclosed:
            raise YamlError(_UNCLOSED[fast.opener], fast.line, fast.column)
        return fast
    return _full_load(text, allow_aliases)


# a `[` or `{` that nothing after it closes (`yamlplain.Unclosed`), where it opens: libyaml would say that it found
# no `,` or `]` where the text ends, or where the next key stands
_UNCLOSED = {
    "[": 'invalid YAML: "[" opens a list that nothing closes; put "]" after its last item',
    "{": 'invalid YAML: "{" opens a mapping that nothing closes; put "}" after its last entry',
}


def _full_load(text: str, allow_aliases: bool) -> Any:
    """Any YAML, through libyaml's parser and the event builder."""
    base = _pyyaml()
    import yaml

    # libyaml drops a leading byte-order mark, as load() did: a second one gets one back to drop, and a doubled
    # mark reads as in PyYAML (whose scanner skips the second), whichever parser
    extra = "\ufeff" if _LIBYAML and text.startswith("\ufeff") else ""
    try:  # the pure-Python reader (PyYAML without libyaml) checks every character as it is made
        loader = base(extra + text)
    except yaml.reader.ReaderError as exc:
        raise _refused(exc, text, extra) from None
    try:
        return _events_to_value(loader, allow_aliases)
    except yaml.MarkedYAMLError as exc:
        _raise_if_too_deep_before(text, exc, allow_aliases, extra)
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        problem = exc.problem or exc.context or "invalid YAML"
        raise YamlError(f"invalid YAML: {problem}", line, column) from None
    except yaml.reader.ReaderError as exc:
        raise _refused(exc, text, extra) from None
    except yaml.YAMLError as exc:  # anything else: its first line, so the message stays one line
        raise YamlError(f"invalid YAML: {str(exc).splitlines()[0]}") from None
    finally:
        loader.dispose()


def _refused(exc: yaml.reader.ReaderError, text: str, extra: str) -> YamlError:
    """A character YAML does not allow, placed in characters (the reader gives its offset: libyaml's in
    UTF-8 bytes of what it was given, the Python reader's in characters)."""
    at = exc.position
    if _LIBYAML:
        at = len((extra + text).encode()[:at].decode("utf-8", "ignore")) - len(extra)
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    char = exc.character if isinstance(exc.character, int) else ord(exc.character)
    return YamlError(f"invalid YAML: {exc.reason} (U+{char:04X}); delete that character", line, column)


def _raise_if_too_deep_before(text: str, exc: yaml.MarkedYAMLError, allow_aliases: bool, extra: str) -> None:
    """Raise TooDeep when the text nests deeper than MAX_DEPTH before the place libyaml stopped.

    libyaml's scanner reads ahead through a run of `[`, and since PyYAML 6.0.4 its own depth limit (about
    1,000 levels) can stop it before the first event reaches the builder's check at MAX_DEPTH. Reading the
    text up to that place again, libyaml cannot hit its limit, so the builder's check decides: every
    PyYAML gives the same problem at the same position, and libyaml's wording is never relied upon.
    """
    mark = exc.problem_mark or exc.context_mark
    cut = getattr(mark, "index", None)
    if not isinstance(cut, int) or not 0 < cut < len(text):
        return
    import yaml

    loader = _pyyaml()(extra + text[:cut])
    try:
        _events_to_value(loader, allow_aliases)
    except TooDeep:
        raise
    except (YamlError, yaml.YAMLError):  # the prefix ends mid-document: only a depth problem counts
        return
    finally:
        loader.dispose()
