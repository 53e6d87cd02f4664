"""Every deck rule of Horde vs Empire, valid and invalid, by rule id and line, against the spec's sample
catalogue. Each case is the valid sample deck with some lines replaced, so the lines stay readable."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hve_support import check_text, found

from armybuilder.games.hve.catalogue import Catalogue
from armybuilder.games.hve.rules import RULES
from armybuilder.games.hve.rules.examples import SAMPLE_DECK
from armybuilder.games.hve.system import SYSTEM
from armybuilder.problems import Severity

BASE = SAMPLE_DECK  # the deck every rule's examples start from (`armybuilder rules ID`)


def variant(changes: dict[int, str | None]) -> str:
    """BASE with line N replaced by `changes[N]` (None: the line left empty, so later lines keep their number)."""
    lines = BASE.splitlines()
    for number, text in changes.items():
        lines[number - 1] = "" if text is None else text
    return "\n".join(lines) + "\n"


VALID = [
    pytest.param(BASE, id="the valid sample"),
    pytest.param(variant({3: "faction: 帝国"}), id="faction-zh"),
    pytest.param(variant({3: "faction: 帝国阵营"}), id="faction-zh-long"),
    pytest.param(variant({3: "faction: '  Empire '"}), id="faction-case-and-space"),
    pytest.param(variant({5: "  - {card: imperial  guard, count: 2}"}), id="name-normalised"),
    pytest.param(variant({5: "  - Imperial Guard", 6: "  - {card: Spearmen, count: 3}"}), id="three-copies"),
    pytest.param(variant({15: None}), id="no-opening-unit"),
    pytest.param(variant({15: "opening_unit:"}), id="opening-unit-no-value"),
    pytest.param(variant({15: "opening_unit: spearmen"}), id="opening-unit-any-case"),
    pytest.param(variant({15: "opening_unit: Foot Archers"}), id="opening-unit-bare-entry"),
    pytest.param(variant({6: "  - Spearmen", 7: "  - {card: Foot Archers, count: 2}"}), id="repeat-sum-under-limit"),
]


@pytest.mark.parametrize("text", VALID)
def test_valid_decks(text: str, sample: Catalogue) -> None:
    report = check_text(text, sample)
    assert found(report) == []
    assert report.valid


INVALID = [
    # unknown-card
    pytest.param(
        variant({7: "  - Foot Archer"}),
        [("mount-target-missing", 13), ("unknown-card", 7)],
        'did you mean "Foot Archers"?',
        id="unknown-card-near-miss",
    ),
    pytest.param(
        variant({7: "  - Zzyzx"}),
        [("mount-target-missing", 13), ("unknown-card", 7)],
        '"Zzyzx" is not a known card',
        id="unknown-card-far",
    ),
    pytest.param(
        variant({6: "  - {card: 长枪队, count: 2}"}),
        [("opening-unit", 15), ("unknown-card", 6)],
        '"长枪队" is the Chinese name of Spearmen; write Spearmen',
        id="unknown-card-zh",
    ),
    pytest.param(
        RULES["unknown-card"].invalid,
        [("unknown-card", 7)],
        "Mounted Archers is the other side of Foot Archers; list Foot Archers",
        id="unknown-card-other-side",
    ),
    pytest.param(  # the opening unit is not listed but written: say what to write there
        variant({15: "opening_unit: Mounted Archers"}),
        [("opening-unit", 15), ("unknown-card", 15)],
        "Mounted Archers is the other side of Foot Archers; write opening_unit: Foot Archers",
        id="unknown-card-opening-other-side",
    ),
    pytest.param(
        variant({15: "opening_unit: War Elephants"}),
        [("opening-unit", 15), ("unknown-card", 15)],
        '"War Elephants" is not a known card',
        id="unknown-card-opening",
    ),
    pytest.param(
        variant({7: "  - War Elephants", 15: "opening_unit: War Elephants"}),
        [("mount-target-missing", 13), ("unknown-card", 7)],
        "",
        id="unknown-opening-listed-once",
    ),
    pytest.param(
        variant({13: "  - Mounted Archers"}),
        [("unknown-card", 13)],
        "list Foot Archers",
        id="unknown-card-under-commands",
    ),
    # faction
    pytest.param(RULES["faction"].invalid, [("faction", 1)], "the deck needs a faction", id="faction-missing"),
    pytest.param(variant({3: "faction:"}), [("faction", 3)], "the deck needs a faction", id="faction-no-value"),
    pytest.param(
        variant({3: "faction: orcs"}),
        [("faction", 3)],
        'faction must be golden-horde (金帐) or empire (帝国), not "orcs"',
        id="faction-unknown",
    ),
    pytest.param(variant({3: "faction: 3"}), [("faction", 3)], "not the number 3", id="faction-number"),
    pytest.param(variant({3: "faction: true"}), [("faction", 3)], "not the value true", id="faction-true"),
    pytest.param(variant({3: 'faction: "  "'}), [("faction", 3)], "the deck needs a faction", id="faction-blank"),
    pytest.param(variant({3: "faction: Horde"}), [("faction", 3)], 'not "Horde"; did you mean golden-horde?',
                 id="faction-did-you-mean"),
    pytest.param(variant({3: "faction: 帝國"}), [("faction", 3)], "did you mean empire?", id="faction-traditional"),
    pytest.param(variant({3: "faction: imperial"}), [("faction", 3)], 'not "imperial"', id="faction-no-hint"),
    pytest.param(variant({3: "faction: [empire]"}), [("faction", 3)], "", id="faction-list"),
    pytest.param(
        variant({3: "faction: orcs", 7: "  - Horse Archers"}),
        [("faction", 3), ("mount-target-missing", 13)],
        "",
        id="faction-card-not-judged-without-faction",
    ),
    # faction-card
    pytest.param(
        RULES["faction-card"].invalid,
        [("faction-card", 7), ("mount-target-missing", 13)],
        "Horse Archers is a Golden Horde card; an Empire deck may not use it",
        id="faction-card-unit",
    ),
    pytest.param(
        variant({3: "faction: golden-horde"}),
        [("faction-card", n) for n in (5, 6, 7, 9, 10, 11, 12, 13, 14)],
        "Spearmen (长枪队) is an Empire card; a Golden Horde deck may not use it",
        id="faction-card-every-entry",
    ),
    # wrong-section
    pytest.param(
        RULES["wrong-section"].invalid,
        [("mount-target-missing", 13), ("wrong-section", 7), ("wrong-section", 14)],
        "Volley is a command card; list it under commands",
        id="wrong-section",
    ),
    # deck-unit-count
    pytest.param(
        variant({7: None}), [("deck-unit-count", 4), ("mount-target-missing", 13)], "the deck has 4 unit cards", id="units-4"
    ),
    pytest.param(
        RULES["deck-unit-count"].invalid,
        [("deck-unit-count", 4)],
        "the deck has 6 unit cards; it must have exactly 5",
        id="units-6",
    ),
    pytest.param(
        variant({4: None, 5: None, 6: None, 7: None, 15: None}),
        [("deck-unit-count", 1)] + [("command-without-executor", n) for n in (9, 10, 11, 12, 13, 14)]
        + [("mount-target-missing", 13)],
        "the deck has 0 unit cards",
        id="units-absent",
    ),
    pytest.param(
        variant({4: "units:", 5: None, 6: None, 7: None, 15: None}),
        [("deck-unit-count", 4)] + [("command-without-executor", n) for n in (9, 10, 11, 12, 13, 14)]
        + [("mount-target-missing", 13)],
        "the deck has 0 unit cards",
        id="units-no-value",
    ),
    # deck-command-count
    pytest.param(RULES["deck-command-count"].invalid, [("deck-command-count", 8)], "the deck has 9 command cards; it must have exactly 10", id="commands-9"),
    pytest.param(
        variant({14: "  - Rally", 13: "  - {card: To Horse, count: 2}"}),
        [("deck-command-count", 8)],
        "the deck has 11 command cards",
        id="commands-11",
    ),
    pytest.param(
        variant(dict.fromkeys(range(8, 15))), [("deck-command-count", 1)], "the deck has 0 command cards", id="commands-absent"
    ),
    # unit-copies
    pytest.param(
        variant({5: "  - {card: Imperial Guard, count: 4}", 6: "  - Spearmen", 7: None}),
        [("mount-target-missing", 13), ("unit-copies", 5)],
        "4 copies of Imperial Guard; at most 3 copies of a unit card",
        id="unit-copies",
    ),
    pytest.param(
        RULES["unit-copies"].invalid,
        [("unit-copies", 5)],
        "4 copies of Spearmen",
        id="unit-copies-add-up-at-first-entry",
    ),
    # command-copies
    pytest.param(
        RULES["command-copies"].invalid,
        [("command-copies", 9)],
        "3 copies of Hold the Line; at most 2 copies of a command card",
        id="command-copies",
    ),
    # command-without-executor
    pytest.param(
        variant({3: "faction: golden-horde", 5: "  - {card: Horse Archers, count: 2}", 6: "  - {card: Steppe Lancers, count: 2}", 7: "  - Horse Archers"}),
        [("command-without-executor", n) for n in (9, 10, 11, 12, 13, 14)]
        + [("faction-card", n) for n in (9, 10, 11, 12, 13, 14)]
        + [("mount-target-missing", 13), ("opening-unit", 15)],
        "no unit in this deck can execute Pike Wall (infantry); it can only be spent as a cost",
        id="command-without-executor",
    ),
    # opening-unit
    pytest.param(
        RULES["opening-unit"].invalid,
        [("opening-unit", 15)],
        "the opening unit must be one of the deck's unit cards; Horse Archers is not listed under units",
        id="opening-unit-not-listed",
    ),
    pytest.param(variant({15: "opening_unit: volley"}), [("opening-unit", 15)], "Volley is not listed", id="opening-unit-command"),
    # mount-target-missing
    pytest.param(
        RULES["mount-target-missing"].invalid,
        [("mount-target-missing", 13)],
        "To Horse turns a unit into Mounted Archers, which no card in this deck provides",
        id="mount-target-missing",
    ),
]


@pytest.mark.parametrize(("text", "expected", "message"), INVALID)
def test_invalid_decks(text: str, expected: list[tuple[str, int]], message: str, sample: Catalogue) -> None:
    report = check_text(text, sample)
    assert found(report) == sorted(expected)
    if message:
        assert any(message in p.message for p in report.problems), [p.message for p in report.problems]


def test_command_copies_sum_over_entries(sample: Catalogue) -> None:
    report = check_text(variant({12: "  - Advance", 13: "  - {card: Rally, count: 2}"}), sample)
    assert [(p.rule, p.line, p.message) for p in report.errors] == [
        ("command-copies", 13, "3 copies of Rally; at most 2 copies of a command card")
    ]


def test_other_side_icon_executes(write_catalogue: Callable[..., Path]) -> None:
    """A command is executable through a unit's other side (To Horse's cavalry twin: Dismount)."""
    folder = write_catalogue(
        """\
        cards:
          - {name: Foot Archers, kind: unit, faction: empire, icon: infantry, strength: 1, hp: 2,
             other_side: {name: Mounted Archers, icon: cavalry, strength: 2, hp: 2}}
          - {name: Spearmen, kind: unit, faction: empire, icon: infantry, strength: 2, hp: 3}
          - {name: Dismount, kind: command, faction: empire, cost: 0, icons: [cavalry], strength: "-",
             type: move, keywords: [{dismount: Foot Archers}]}
          - {name: Gallop, kind: command, faction: empire, cost: 0, icons: [cavalry], strength: "-", type: move}
        """
    )
    catalogue = SYSTEM.load_data(folder)
    deck = """\
    game: hve
    name: Riders
    faction: empire
    units: [Foot Archers, {card: Spearmen, count: 3}, Foot Archers]
    commands: [{card: Dismount, count: 2}, {card: Gallop, count: 2}]
    """
    assert found(check_text(deck, catalogue)) == [("deck-command-count", 5)]
    without = deck.replace("Foot Archers, {card: Spearmen, count: 3}, Foot Archers", "{card: Spearmen, count: 5}")
    assert found(check_text(without, catalogue)) == [
        ("command-without-executor", 5),
        ("command-without-executor", 5),
        ("deck-command-count", 5),
        ("mount-target-missing", 5),
        ("unit-copies", 4),
    ]


def test_mount_target_listed_as_unknown_entry_counts(sample: Catalogue) -> None:
    """An entry named like the mount target provides it, even when the entry itself is unknown."""
    text = variant({7: "  - Mounted Archers"})
    assert found(check_text(text, sample)) == [("unknown-card", 7)]


def test_severities(sample: Catalogue) -> None:
    report = check_text(variant({7: "  - Spearmen", 6: "  - {card: Imperial Guard, count: 2}", 5: "  - {card: Spearmen, count: 2}"}), sample)
    assert {p.rule: p.severity for p in report.problems} == {"mount-target-missing": Severity.WARNING}
    assert report.valid
    strict = check_text(variant({7: "  - Spearmen", 6: "  - {card: Imperial Guard, count: 2}", 5: "  - {card: Spearmen, count: 2}"}), sample, strict=True)
    assert not strict.valid


def test_problem_points_at_entry_column(sample: Catalogue) -> None:
    report = check_text(variant({7: "  - Horse Archers"}), sample)
    problem = next(p for p in report.problems if p.rule == "faction-card")
    assert (problem.line, problem.column, problem.card) == (7, 5, "Horse Archers")
    count = check_text(variant({7: None}), sample)
    problem = next(p for p in count.problems if p.rule == "deck-unit-count")
    assert (problem.line, problem.column) == (4, 1)


@pytest.mark.parametrize("spelling", ["golden-horde", "Golden Horde", " golden  HORDE ", "金帐", "金帐阵营"])
def test_every_accepted_faction_spelling(spelling: str) -> None:
    """The key, the English name the tool prints, zh and zh_long (amendment 1, H1), compared as names are."""
    from armybuilder.games.hve.names import faction_key, faction_problem

    assert faction_key(spelling) == "golden-horde" and faction_problem(spelling) is None



class _Watched(frozenset[str]):
    """A catalogue's mount/dismount cards that count how often they are walked."""

    walks = 0

    def __iter__(self) -> Iterator[str]:
        type(self).walks += 1
        return super().__iter__()


def test_a_deck_does_not_walk_a_large_catalogues_mount_cards(sample: Catalogue, monkeypatch: pytest.MonkeyPatch) -> None:
    """A designer's catalogue may hold thousands of mount/dismount cards: a deck's check asks its own few
    command cards of them (each deck's cost bounded by the deck, not the catalogue), finding the same."""
    from armybuilder.games.hve.rules import mount_target_missing

    text = variant({7: "  - Spearmen", 13: "  - To Horse"})
    expected = found(check_text(text, sample))
    assert ("mount-target-missing", 13) in expected
    mount_target_missing._turns(sample)  # the rule's table of the catalogue, made once per catalogue
    many = _Watched({*sample.turning, *(f"mount card {n}" for n in range(100))})
    monkeypatch.setattr(sample, "turning", many)
    _Watched.walks = 0
    assert found(check_text(text, sample)) == expected
    assert _Watched.walks == 0


class _Misses(dict[str, tuple[str, int]]):
    """A catalogue's table of names as written that counts the names asked of it and not found."""

    misses = 0

    def __getitem__(self, written: str) -> tuple[str, int]:
        try:
            return super().__getitem__(written)
        except KeyError:
            type(self).misses += 1
            raise


def test_a_deck_of_names_met_before_is_read_again_once_not_once_per_name(sample: Catalogue) -> None:
    """A section's names met before (in an earlier deck of the batch) but not yet in the table of their facts
    are learnt in one pass, then the section is read once more: never a read again per new name, which made
    a hostile deck of thousands of names cost time growing with their square. The problems are the same."""
    names = [f"Rider {n}" for n in range(60)]
    text = variant({5: "  - " + "\n  - ".join(names), 6: None, 7: None})
    expected = found(check_text(text, sample))
    assert ("unknown-card", 5) in expected
    sample.facts.clear()
    _Misses.misses = 0
    sample.facts[("empire", True)] = _Misses()
    assert found(check_text(text, sample)) == expected
    assert set(names) <= sample.facts[("empire", True)].keys()
    assert _Misses.misses == 1
