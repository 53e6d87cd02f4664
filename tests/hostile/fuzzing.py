"""Property-based fuzzing of every reader of input: strategies and properties, shared by the test suite
(`test_fuzz.py`, a short run) and `benchmarks/fuzz.py` (a long one that prints how many inputs it tried).

Each property takes one generated input and asserts what the tool promises on any input: no exception but
the reader's own one-line error escapes, and what is read is usable (an import reads back as YAML).
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from armybuilder import yamlpos
from armybuilder.errors import ArmyBuilderError

# --- strategies ------------------------------------------------------------------------------------------------

YAML_PIECES = [
    "[", "]", "{", "}", ", ", ": ", ":", "- ", "-", "? ", "&a ", "&b ", "*a", "*b", "!!str ", "!!int ", "!x ",
    "!!python/object ", "<<: ", "'", '"', "''", '\\"', "\\x1b", "\\u202e", "# c", "\n", "\n  ", "\n    ", "\t",
    "\r\n", "\r", "---\n", "...\n", "|\n  ", ">-\n  ", "%YAML 1.1\n", "faction", "stark", "points", "40", "units",
    "Stark Bowmen", "unit", "attachments", "ncus", "commander", "name", "player", "null", "~", "yes", "0x1f",
    "1:1:1", "1e999", "2020-13-45", "9" * 120, "\x00", "\ufeff", "\x1b[2J", "\x85", "\u2028", "é", "😀",
]  # fmt: skip

yaml_like = st.lists(st.sampled_from(YAML_PIECES), max_size=60).map("".join)
any_text = st.text(max_size=300)
any_bytes = st.binary(max_size=400)
deep = st.tuples(st.sampled_from(["[", "{a: ", "- ", "  - ", "? "]), st.integers(60, 3000)).map(lambda t: t[0] * t[1])

LIST_KEYS = ["name", "player", "faction", "points", "commander", "units", "ncus", "enemy_attachments", "game", "team"]
scalars = st.one_of(
    st.integers(-(10**6), 10**6), st.sampled_from(["stark", "Stark Bowmen", "Robb Stark, The Wolf Lord", "", "40"]),
    any_text, st.booleans(), st.none(), st.floats(allow_nan=True),
)  # fmt: skip
values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["unit", "attachments", "attachment", "x"]), inner, max_size=3),
    max_leaves=12,
)  # fmt: skip
list_documents = st.dictionaries(st.sampled_from(LIST_KEYS), values, max_size=8)


def dump(value: Any) -> str:
    import yaml

    return yaml.safe_dump(value, allow_unicode=True, sort_keys=False)


yaml_lists = list_documents.map(dump)

EVENT_KEYS = ["name", "game", "points", "data_version", "lists_per_player", "teams", "factions", "banned_cards", "banned_characters", "zzz"]
event_documents = st.dictionaries(st.sampled_from(EVENT_KEYS), values, max_size=6).map(dump)

STATS_PIECES = [
    "Faction: ", "House Stark", "Commander: ", "Robb Stark, The Wolf Lord", "Combat Units", "Non Combat Units",
    "Enemy Attachments", "Name: ", "Points: ", "40", "• ", "- ", "* ", "– ", "  • ", "with ", "+ ", "(5)", "(C)",
    "Stark Bowmen", "Umber Champion", "Catelyn Stark", "\n", "\x1b]0;x\x07", "=cmd|' /C calc'!A0", "Built on x",
]  # fmt: skip
stats_texts = st.lists(st.sampled_from(STATS_PIECES), max_size=40).map("".join)
tts_texts = st.tuples(
    st.sampled_from(["House Stark", "stark", "Greyjoy", "", "x;y", "\x1b[2J"]),
    st.lists(st.one_of(st.sampled_from(["10101", "20101", "10104", "30101", "40101"]), st.integers(-5, 10**25).map(str), any_text), max_size=12),
).map(lambda t: t[0] + ";" + ",".join(t[1]))  # fmt: skip


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


fields = st.tuples(st.integers(0, 20), st.sampled_from([0, 1, 2, 3, 5, 7]), st.one_of(st.integers(0, 2**64), st.binary(max_size=20)))


def _message(parts: list[tuple[int, int, Any]]) -> bytes:
    out = bytearray()
    for number, wire, value in parts:
        out += _varint(number << 3 | wire)
        if isinstance(value, int):
            out += _varint(value) if wire != 2 else _varint(value % 50)
        else:
            out += (_varint(len(value)) if wire == 2 else b"") + value
    return bytes(out)


warcouncil_codes = st.one_of(
    st.lists(fields, max_size=12).map(_message).map(lambda b: base64.b64encode(b).decode()),
    any_bytes.map(lambda b: base64.b64encode(b).decode()),
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n", max_size=200),
)  # fmt: skip

# Adversarial long lines: a head a reader recognises, then one short piece repeated to tens of kilobytes
# (runs of spaces, digits, brackets, bullets, separators: what makes a backtracking pattern go quadratic),
# then a tail that makes the line fail at its very end.
LONG_CHARS = 60_000
LONG_HEADS = [
    "", "Faction: House Stark\n", "Faction: House Stark\nCombat Units\n• ", "Faction: House Stark\nCombat Units\nwith",
    "House Stark;", "Name:", "# ", "• ", "- ", "Commander: ", "Points: ", "Combat Units", "Wolves (40 pts)\n",
]
LONG_PIECES = [
    " ", "\t", "a", "1", "•", "(", ")", ":", ";", ",", "-", "*", "_", "#", ">", "/", "+", "x", "C", "[", "–", "w/", "pts",
    "\u00a0", "\u3000",
]
LONG_TAILS = ["", "!", "\n", "(", ")", ";", ":", "x", "(1", " (C)", ",", "\n• a (1)"]
long_lines = st.tuples(
    st.sampled_from(LONG_HEADS), st.lists(st.sampled_from(LONG_PIECES), min_size=1, max_size=3), st.sampled_from(LONG_TAILS)
).map(lambda t: t[0] + "".join(t[1]) * (LONG_CHARS // len("".join(t[1]))) + t[2])  # fmt: skip
# seconds a reader may take on one such text: generous for a loaded 2-core machine (linear reading takes a
# fraction of a second); a backtracking pattern takes minutes to hours on it
LONG_SECONDS = 20.0


def linear_readers(text: str) -> None:
    """Every reader of free text (format detection, each import format, the pasted reader) finishes a crafted
    long line within LONG_SECONDS, with a list or one of our errors."""
    import time

    from armybuilder.games.asoiaf.interchange import IMPORT_FORMATS, detect, import_list

    cat = _catalogue()
    for fmt in (None, *IMPORT_FORMATS):
        start = time.perf_counter()
        try:
            if fmt is None:
                detect(text)
            else:
                import_list(fmt, text, cat, "<long>")
        except ArmyBuilderError:
            pass
        took = time.perf_counter() - start
        assert took < LONG_SECONDS, f"{fmt or 'detect'} took {took:.1f} s on {text[:40]!r}…{text[-20:]!r}"


# --- properties --------------------------------------------------------------------------------------------------


def yaml_reader(text: str | bytes) -> None:
    """`yamlpos.load` returns values or raises YamlError with a one-line message and a position."""
    try:
        yamlpos.load(text)
    except yamlpos.YamlError as exc:
        assert "\n" not in exc.message and exc.message
        assert exc.line >= 0 and exc.column >= 0


def _catalogue() -> Any:
    from armybuilder.games.asoiaf.catalogue import load_catalogue

    global _CAT
    if _CAT is None:
        _CAT = load_catalogue()
    return _CAT


_CAT: Any = None


def interchange_decoder(fmt: str) -> Callable[[str], None]:
    def decode(text: str) -> None:
        """Reading a text in `fmt` gives a list or an ArmyBuilderError; a list it gives dumps to YAML that
        reads back; `detect` never raises."""
        from armybuilder.games.asoiaf.interchange import detect, import_comment, import_list
        from armybuilder.games.asoiaf.listwriter import dump_list

        detect(text)
        cat = _catalogue()
        try:
            spec = import_list(fmt, text, cat, "<fuzz>")
        except ArmyBuilderError as exc:
            assert str(exc)
            return
        yamlpos.load(dump_list(spec, cat, import_comment(fmt, spec, "<fuzz>")))

    decode.__name__ = f"decode_{fmt.replace('-', '_')}"
    return decode


def event_reader(text: str) -> None:
    """An event file gives an Event or an EventError naming its line; nothing else escapes."""
    import tempfile
    from pathlib import Path

    from armybuilder.batch.event import load_event
    from armybuilder.engine import Workspace
    from armybuilder.errors import EventError

    ws = Workspace()
    ws.preload("asoiaf", _catalogue())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "event.yaml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            load_event(path, ws)
        except EventError as exc:  # (a key may hold a newline: the command line escapes it when printing)
            assert exc.message and (exc.line is None or exc.line >= 1)


def list_checker(text: str | bytes) -> None:
    """Checking any text as a list gives a report (never an exception) whose problems all have positions."""
    from armybuilder.engine import Workspace, validate_text

    ws = Workspace()
    ws.preload("asoiaf", _catalogue())
    report = validate_text(text, ws, "fuzz.yaml")
    assert all(p.line >= 0 and p.column >= 0 for p in report.problems)
    if report.problems and report.problems[0].rule == "syntax":
        assert not report.valid


# target name -> (property, strategy): what the suite and benchmarks/fuzz.py run
TARGETS: dict[str, tuple[Callable[[Any], None], st.SearchStrategy[Any]]] = {
    "yaml-text": (yaml_reader, st.one_of(yaml_like, any_text, deep)),
    "yaml-bytes": (yaml_reader, any_bytes),
    "list-check": (list_checker, st.one_of(yaml_lists, yaml_like, any_bytes)),
    "event-file": (event_reader, st.one_of(event_documents, yaml_like)),
    "warcouncil": (interchange_decoder("warcouncil"), warcouncil_codes),
    "asoiaf-stats": (interchange_decoder("asoiaf-stats"), st.one_of(stats_texts, any_text)),
    "tts": (interchange_decoder("tts"), st.one_of(tts_texts, any_text)),
    "long-lines": (linear_readers, long_lines),
}
