"""The positioned YAML loader: its fast path for plain block YAML must read exactly what libyaml reads.

`yamlpos.load` reads most lists line by line and hands anything outside that subset to libyaml. A wrong
value, type or position on the fast path would be a wrong verdict or a problem on the wrong line, so every
YAML file in the project and thousands of seeded variants are read both ways and compared.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from armybuilder import yamlpos
from armybuilder.yamlplain import Unclosed

ROOT = Path(__file__).resolve().parents[1]
PROJECT_YAML = sorted(
    p
    for pattern in ("examples/*.yaml", "tests/**/*.yaml", "armybuilder/**/*.yaml", ".pre-commit-hooks.yaml")
    for p in ROOT.glob(pattern)
)


def shape(value: Any) -> Any:
    """Value, type and every position, comparable with ==."""
    if isinstance(value, yamlpos.PosMap):
        items = tuple(
            (k, tuple(value.key_pos[k]), tuple(value.value_pos[k]), shape(v)) for k, v in value.items()
        )
        return ("map", tuple(value.pos), items)
    if isinstance(value, yamlpos.PosList):
        return (
            "seq",
            tuple(value.pos),
            tuple((tuple(value.item_pos[i]), shape(v)) for i, v in enumerate(value)),
        )
    return (type(value).__name__, value)


def full(text: str) -> Any:
    try:
        return shape(yamlpos._full_load(text, False))
    except yamlpos.YamlError:
        return "error"


def agree(text: str) -> bool:
    """Assert both paths read `text` alike; True when the fast path read it (or found a `[` or `{` that
    nothing closes, which libyaml must refuse too)."""
    fast = yamlpos._fast_load(text)
    if fast is yamlpos._NOT_SIMPLE:
        return False
    if isinstance(fast, Unclosed):
        assert full(text) == "error", text
        return True
    assert shape(fast) == full(text), text
    return True


@pytest.mark.parametrize("path", PROJECT_YAML, ids=lambda p: str(p.relative_to(ROOT)))
def test_project_yaml_reads_alike(path: Path) -> None:
    agree(path.read_text(encoding="utf-8-sig"))


def test_the_example_list_takes_the_fast_path() -> None:
    assert agree((ROOT / "examples" / "stark-40.yaml").read_text())


COMMON = [
    "faction: stark\npoints: 40\n",
    "units:\n  - A\n  - unit: B\n    attachments:\n      - C\n",
    "units:\n- A\n- B\nncus: [X, 'Y''s', \"Z, W\"]  # comment\n",
    "# only a comment\nname: x # trailing\n",
    "commander:\npoints: 40\n",
    "units:\n  -\n  - A\n",
    'a: \'single\'\nb: "double \\u00e9 \\" \\\\ done"\n',
    "notes: Ser Rodrik's men, 2nd wave\n",
    "- - a\n  - b\n- c\n",
    "a: [ ]\nb: []\n",
    "name: Wolves\r\npoints: 40\r\n",
    "",
    "# nothing\n",
    "name: null\nteam: ~\n",
    "x",
    "units:\n  - {card: Horse Archers, count: 2}\n  - {card: \"Khan's Guard\", count: 1}\n",
    "board:\n  Erebor: {dwarves: {regular: 1, elite: 2}}\n  \"Helm's Deep\": {rohan: {regular: 1}}\n",
    "captured: {North Dunland: free_peoples}\nrevealed: true\nhidden: False\n",
    "依魯伯: {dwarves: [1, 'a']}\n'Ironman''s Bay': {ship: 2}\nempty: {}\nspaced: { }\n",
    "- {card:  Horse Archers ,count: 2 }\n- { a b: c d, e: 1}  # plain words, split rather than scanned\n",
]


@pytest.mark.parametrize("text", COMMON)
def test_common_shapes(text: str) -> None:
    agree(text)


def test_common_shapes_mostly_take_the_fast_path() -> None:
    assert sum(agree(t) for t in COMMON) >= len(COMMON) - 2


LEFT_TO_LIBYAML = [
    "a: &x 1\nb: *x\n",  # anchors
    "a: !!str 1\n",  # tags
    "a: |\n  block\n",  # block scalars
    "a: multi\n  line\n",  # a plain value over two lines
    "a: 012\nb: 1_000\nc: 0x1f\nd: 1.5\ne: 2020-01-01\n",  # numbers and dates YAML 1.1 reads its own way
    "a: yes\n",  # a boolean
    "a: 1\na: 2\n",  # a duplicate key (libyaml's path says which line)
    "a:\tb\n",  # a tab
    "a: [x,\n  y]\n",  # a flow list over two lines
    "a: {b: 1,\n  c: 2}\n",  # a flow mapping over two lines
    "a: {b: 1, b: 2}\n",  # a duplicate key in a flow mapping
    "a: {1: b}\n",  # a key YAML reads as a number
    "a: {b: c: d}\n",  # not YAML
    "a: {b}\n",  # a key without its value
    "a: {b: 1,}\n",  # trailing comma
    '"yes": 1\n',  # a quoted key the fast path leaves to libyaml
    "a: on\n",  # a YAML 1.1 boolean that surprises
    "---\na: 1\n",  # document marker
    "a: b: c\n",  # not YAML
    "  a: 1\nb: 2\n",  # bad indentation
    "a: [x, y,]\n",  # trailing comma
    'a: "\\ud83d\\ude00"\n',  # surrogate escapes
    "a: x\r",  # a lone carriage return
]


@pytest.mark.parametrize("text", LEFT_TO_LIBYAML)
def test_outside_the_subset_goes_to_libyaml(text: str) -> None:
    assert yamlpos._fast_load(text) is yamlpos._NOT_SIMPLE


PIECES = [
    "faction: stark",
    "points: 40",
    "name: List 1",
    "commander: Robb Stark, The Wolf Lord",
    "units:",
    "  - Stark Sworn Swords",
    '  - "Stark Bowmen"',
    "  - 'Jaqen H''ghar'",
    "  - unit: Umber Berserkers",
    "    attachments:",
    "      - Umber Champion",
    "    attachment: [A, 'B', \"C, D\"]",
    "- Indentless",
    "ncus: [Catelyn Stark]",
    "ncus:",
    "  -",
    "# a comment",
    "   # an indented comment",
    "",
    "player: 42",
    "team: null",
    "notes: half #not a comment",
    "notes: x # comment",
    "points: 040",
    "points: 4.0",
    "a: yes",
    "units: []",
    "  - - nested",
    "  -   spaced",
    "key:    ",
    '"quoted key": 1',
    "x: 'unclosed",
    'x: "esc \\n \\t \\/ \\u00e9"',
    "x: [a, [b]]",
    "x: é ü",
    "x: a:b",
    "x: a: b",
    "? complex",
    "  continued line",
    "\tx: tab",
    "x: ~",
    "x: -5",
    "x: Null",
    "x: {a: 1, b: [c, 'd'], e: {f: g}}",
    "x: { a b :  c d ,e: 1 }",
    "x: {a: b c: d}",
    "x: {a: 1, true: 2}",
    "  Erebor: {dwarves: {regular: 1, elite: 2}}",
    "\"Helm's Deep\": {rohan: {regular: 1}}",
    "'It''s': x",
    '"k":v',
    "North Dunland: free_peoples",
    "  - {card: Horse Archers, count: 2}",
    "- {card: \"Khan's Guard\"}",
    "x: {a: 1,}",
    "x: {a}",
    "x: {a: }",
    "x: {a: b:c}",
    "x: {a: 1, a: 2}",
    "x: {1: a}",
    "x: {yes: a}",
    "x: {a: [b, {c: d}]}",
    "x: {}",
    "x: true",
    "x: FALSE",
    "x: On",
    "key with space : 1",
    "a b: c #d",
    "a#b: c",
    "a, b: [c]",
    "依魯伯: {dwarves: {regular: 1}}",
    "米那斯: 帝国",
]


def mutate(rng: random.Random) -> str:
    lines = [rng.choice(PIECES) for _ in range(rng.randint(1, 12))]
    if rng.random() < 0.3:  # shift a line's indentation
        i = rng.randrange(len(lines))
        lines[i] = " " * rng.randint(0, 6) + lines[i].lstrip(" ")
    ending = "\r\n" if rng.random() < 0.1 else "\n"
    return ending.join(lines) + (ending if rng.random() < 0.9 else "")


def test_seeded_variants_read_alike() -> None:
    rng = random.Random(20251120)
    fast = 0
    for _ in range(10000):
        fast += agree(mutate(rng))
    assert fast > 800  # the comparison must not be empty: many variants are in the subset


FLOW_PIECES = [
    "units: [Stark Sworn Swords, Stark Bowmen",
    "ncus: [Catelyn Stark]",
    "  attachments: [Umber Champion,",
    "    Umber Ravager]",
    "x: {a: 1, b: [c,",
    "  d], e: f}",
    "x: [a, 'b, ]', \"c [\"",
    "x: [a, 'b",
    "  c'",
    "x: [don't, b",
    "x: [a # ]",
    "  # ] a comment",
    "]",
    "}",
    "  - [x",
    "- {card: Horse Archers, count: 2",
    "x: [&a b, *a",
    "x: [!!str 1",
    "x: [a:b, c",
    "x: [a?b",
    "x: [? a",
    "x: [- a",
    "x: [a#b",
    "---",
    "...",
    "x: [[[[",
    "  ]]]]",
    "x: [a, {b: [c",
    "    Stark Bowmen: [1, 2]",
    "x: [\"a\\\"b\", c",
    "x: ['it''s', c",
    "x: [,",
    "x: [a,,",
    "x: [a] b",
    "x: {: a",
    "x: [a\t, b",
]


def broken(rng: random.Random) -> str:
    """A list with flow collections over several lines, some closed, some never: the lines players get wrong."""
    lines = [rng.choice(PIECES if rng.random() < 0.4 else FLOW_PIECES) for _ in range(rng.randint(1, 10))]
    text = "\n".join(lines) + "\n"
    if rng.random() < 0.3:  # cut short, as a file saved half-way
        text = text[: rng.randrange(len(text) + 1)]
    return text


def test_a_bracket_nothing_closes_is_refused_as_libyaml_refuses_it() -> None:
    """Whenever the fast path says a `[` or `{` is never closed, libyaml refuses the text too: the claim is
    only made where it is sure (else libyaml reads the text), and it is made often enough to matter."""
    rng = random.Random(20261127)
    claimed = 0
    for _ in range(6000):
        text = broken(rng)
        fast = yamlpos._fast_load(text)
        if isinstance(fast, Unclosed):
            claimed += 1
            assert full(text) == "error", text
            line = text.split("\n")[fast.line - 1]
            assert line[fast.column - 1] == fast.opener, text
        elif fast is not yamlpos._NOT_SIMPLE:
            assert shape(fast) == full(text), text
    assert claimed > 300


@pytest.mark.parametrize(
    ("text", "line", "column", "closer"),
    [
        ("name: Mine\nfaction: stark\npoints: [40\n", 3, 9, '"]"'),  # a file saved half-way
        ("units: [Stark Sworn Swords, Stark Bowmen\nncus: [Catelyn Stark]\n", 1, 8, '"]"'),
        ("x: {a: 1,\n  b: [c, d]\n", 1, 4, '"}"'),
        ("units:\n  - unit: Umber Berserkers\n    attachments: [Umber Champion\n", 3, 18, '"]"'),
    ],
)
def test_an_unclosed_bracket_is_placed_where_it_opens(text: str, line: int, column: int, closer: str) -> None:
    with pytest.raises(yamlpos.YamlError) as caught:
        yamlpos.load(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert caught.value.message.startswith("invalid YAML") and f"put {closer}" in caught.value.message


@pytest.mark.parametrize(
    "text",
    [
        "a: [x,\n  y]\n",  # closed on the next line: libyaml reads it
        "a: ['x\n",  # a quote left open: libyaml says so
        "a: [x\n---\nb: 1\n",  # a document marker
        "a: [&x b\n",  # an anchor
        "a: [" + "[" * 70 + "\n",  # deeper than MAX_DEPTH: libyaml's limit message
    ],
)
def test_what_the_scan_is_not_sure_of_goes_to_libyaml(text: str) -> None:
    assert yamlpos._fast_load(text) is yamlpos._NOT_SIMPLE


def test_generated_lists_read_alike(tmp_path: Path) -> None:
    """The benchmark's own lists (legal, illegal and broken), read both ways."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("batch_speed", ROOT / "benchmarks" / "batch_speed.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.generate(tmp_path, 300, seed=7)
    texts = [p.read_text() for p in sorted(tmp_path.rglob("*.yaml"))]
    assert sum(agree(t) for t in texts) > 250


def test_other_games_generated_files_read_alike(tmp_path: Path) -> None:
    """The other games' benchmark files (decks with flow mappings, positions with quoted and spaced keys,
    Chinese names) read both ways, and take the fast path."""
    import importlib.util

    def bench(name: str) -> Any:
        spec = importlib.util.spec_from_file_location(name.replace("-", "_"), ROOT / "benchmarks" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    hve = bench("horde-vs-empire-cards_speed")
    texts = [p.read_text(encoding="utf-8") for p in hve.generate_decks(tmp_path, 100, hve.SYSTEM.load_data())]
    agot, wotr = bench("agot-board-game_speed"), bench("war-of-the-ring_speed")
    rng = random.Random(5)
    texts += [agot.position(rng) for _ in range(100)]
    data = wotr.SYSTEM.load_data()
    texts += [wotr.position(data, rng) for _ in range(100)]
    assert sum(agree(t) for t in texts) > 280


@pytest.mark.parametrize(
    "text",
    [
        "".join(f"k{i}: 1\n" for i in range(12_000)),  # 24,000 values on lines the fast path reads
        "x: {" + ", ".join(f"k{i}: [a, b]" for i in range(8_000)) + "}\n",
    ],
    ids=["keys", "flow"],
)
def test_the_value_limit_holds_whichever_path_reads_the_text(text: str) -> None:
    with pytest.raises(yamlpos.YamlError, match="more than 20,000 values"):
        yamlpos.load(text)


def test_load_reports_the_same_errors() -> None:
    """A text the fast path gives up on still gets libyaml's positioned error."""
    with pytest.raises(yamlpos.YamlError) as caught:
        yamlpos.load("a: 1\na: 2\n")
    assert caught.value.line == 2 and "duplicate key" in caught.value.message


@pytest.mark.parametrize(
    ("text", "column"),
    [("a: \x01", 4), ("é: \x01", 4), ("长长: [\x01]", 6), ("\ufeffé: \x01", 4), ("- \ufeff\n- \x01", 3)],
)
@pytest.mark.parametrize("parser", ["libyaml", "python"])
def test_a_character_yaml_refuses_is_placed_in_characters(
    text: str, column: int, parser: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """libyaml counts bytes; the user counts characters, so text in Chinese or German before it keeps the
    column right, as read from a string and as read from the file's bytes; PyYAML without libyaml (its
    reader refuses the character as the loader is made) says the same."""
    if parser == "python":
        monkeypatch.setattr(yamlpos, "_BaseLoader", yaml.SafeLoader)
        monkeypatch.setattr(yamlpos, "_LIBYAML", False)
    for given in (text, text.encode("utf-8")):
        with pytest.raises(yamlpos.YamlError) as caught:
            yamlpos.load(given)
        assert (caught.value.line, caught.value.column) == (text.count("\n") + 1, column)
        assert "(U+0001); delete that character" in caught.value.message


@pytest.mark.parametrize(
    ("text", "value"),
    [("\ufeffa: 1", {"a": 1}), ("\ufeff\ufeffa: 1", {"a": 1}), ("\ufeff\ufeff\ufeffa: 1", {"\ufeffa": 1})],
)
def test_byte_order_marks_read_as_pyyaml_reads_them(text: str, value: dict[str, int]) -> None:
    """The encoding's mark and one more at the start of the line are dropped, as in PyYAML; a third is text
    (yamlpos used to drop it too, dropping the encoding's mark once itself and once more through libyaml)."""
    assert yamlpos.load(text) == value
    assert yamlpos.load(text.encode("utf-8")) == value


def test_the_fast_paths_unusual_characters_are_exactly_those_outside_what_the_yaml_reader_accepts() -> None:
    import re

    from armybuilder.yamlplain import _UNUSUAL

    # the characters PyYAML's reader accepts (its NON_PRINTABLE, negated), and the YAML 1.1 line breaks
    accepted = re.compile("[\n\x20-\x7e\xa0-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")
    for code in range(0x110000):
        char = chr(code)
        expected = accepted.match(char) is None or char in "\u2028\u2029"
        assert (_UNUSUAL.match(char) is not None) == expected, hex(code)
