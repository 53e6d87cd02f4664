"""The games' toolkit (`armybuilder.kit`): one behaviour for positions, schema errors, did-you-mean and
the size guard, whichever game asks."""

from __future__ import annotations

from armybuilder import yamlpos
from armybuilder.fileio import MAX_INPUT_BYTES
from armybuilder.kit import schema as kit
from armybuilder.kit.size import too_large
from armybuilder.kit.words import close_matches, closest, closest_in, did_you_mean
from armybuilder.problems import Severity

TEXT = "nations:\n  gondor:\n    regulars: 3\n    elites: two\n  rohan: {regulars: 1, eilte: 2}\n"


def test_a_path_points_at_the_value_not_the_key() -> None:
    value = yamlpos.load(TEXT)
    assert kit.position(value, ["nations", "gondor", "elites"]) == (4, 13)
    assert kit.position(value, ["nations", "gondor"]) == (3, 5)  # the value of `gondor:` starts below it
    assert kit.key_position(value["nations"], "gondor") == (2, 3)
    # a path that leads nowhere: its nearest found ancestor
    assert kit.position(value, ["nations", "mordor", "regulars"]) == (2, 3)
    assert kit.position(value, []) == (1, 1)
    assert kit.value_at(value, ["nations", "rohan", "regulars"]) == 1
    assert kit.value_at(value, ["nations", 7]) is None


SCHEMA = {
    "type": "object",
    "properties": {
        "nations": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "properties": {"regulars": {"type": "integer"}, "elites": {"type": "integer"}},
                "additionalProperties": False,
            },
        }
    },
}


def test_schema_errors_are_positioned_problems() -> None:
    value = yamlpos.load(TEXT)
    found = list(kit.schema_problems(kit.validator(SCHEMA), value, "nations.yaml", "data-schema", "see it"))
    assert [(p.rule, p.severity, p.line, p.column) for p in found] == [
        ("data-schema", Severity.ERROR, 4, 13),  # the wrong value
        ("data-schema", Severity.ERROR, 5, 24),  # the unknown key itself
    ]
    assert found[0].message.startswith("nations.gondor.elites: ") and found[0].message.endswith("; see it")
    assert found[1].message.startswith("nations.rohan: ")


def test_did_you_mean() -> None:
    assert did_you_mean("comander", ["commander", "units"]) == "did you mean `commander`?"
    assert did_you_mean("zzz", ["commander"], "known keys: commander") == "known keys: commander"


def test_closest_words_and_what_they_stand_for() -> None:
    assert closest("stak", ["state", "stark", "lannister"], n=2) == ["stark", "state"]
    assert closest("stak", ["stark"], cutoff=0.9) == []
    # spellings compared, what they stand for said: each once, best first, never more than n
    spellings = {"greyjoy": "Greyjoy", "house greyjoy": "Greyjoy", "stark": "Stark"}
    assert closest_in("greyjoi", spellings, n=3) == ["Greyjoy"]
    assert closest_in("stark", spellings, n=1) == ["Stark"]
    assert closest_in("zzz", spellings) == []


def test_close_matches_finds_what_difflib_finds() -> None:
    """The faster search suggests the same names in the same order as difflib's, whatever the cutoff:
    misspellings, fragments, repeated letters, empty and long words, and names of other scripts."""
    import difflib
    import random

    rng = random.Random(7)
    known = ["stark sworn swords", "umber berserkers", "house tully sworn shields", "crannogman trackers",
             "robb stark king in the north", "greatjon umber", "sansa stark", "", "a", "aaaa", "弓兵", "ser"]  # fmt: skip
    words = [*known, "stark swrn swords", "umbre", "sworn", "zzz", "aa", "crannogmen", "弓", "s" * 40, "stark " * 40]
    for _ in range(200):
        base = list(rng.choice(known) or "x")
        for _ in range(rng.randint(0, 4)):
            base[rng.randrange(len(base))] = rng.choice("aeiourst ")
        words.append("".join(base))
    for word in words:
        for cutoff in (0.0, 0.5, 0.6, 0.75, 0.84, 1.0):
            for n in (1, 3):
                assert close_matches(word, known, n, cutoff) == difflib.get_close_matches(word, known, n, cutoff)


def test_the_size_guard() -> None:
    assert too_large(b"x" * MAX_INPUT_BYTES) is None
    told = too_large(b"x" * (MAX_INPUT_BYTES + 1), "a deck", "a few kilobytes")
    assert told == "the file is over 1,000,000 bytes; a deck is a few kilobytes — is this the right file?"


def test_shape_problems_say_what_to_write_in_our_words() -> None:
    schema = {
        "type": "object",
        "required": ["game"],
        "additionalProperties": False,
        "properties": {
            "game": {"type": "string", "x-expect": "the game's name"},
            "turn": {"type": "integer", "minimum": 0, "x-expect": "a whole number, 0 or more"},
        },
    }
    value = yamlpos.load("turn: 2.0\ntrun: 1\n")
    found = list(kit.shape_problems(kit.whole_validator(schema), value, "p.yaml"))
    assert [(p.line, p.column, p.message) for p in found] == [
        (1, 1, "the file: the required key `game` is missing; add `game:` with the game's name"),
        (2, 1, 'the file: unknown key "trun"; did you mean `turn`? the keys are game, turn'),
        (1, 7, "turn should be a whole number, 0 or more, not a decimal number"),  # 2.0 is not a whole number here
    ]
