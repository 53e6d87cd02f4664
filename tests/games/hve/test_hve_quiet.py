"""A deck no rule has anything to say about skips running the rules (`rules.quiet`): on every deck of the
rule table and every rule's own examples, against the sample and the bundled catalogue, `quiet` is True only
when running every rule finds nothing."""

from __future__ import annotations

import textwrap

import pytest
from hve_support import SAMPLES
from test_hve_deck_rules import INVALID, VALID

from armybuilder import yamlpos
from armybuilder.games.hve.catalogue import Catalogue
from armybuilder.games.hve.deck import read_deck
from armybuilder.games.hve.rules import RULES, _asked, may_find, quiet, run
from armybuilder.games.hve.rules.examples import SAMPLE_DECK

EXAMPLES = [
    pytest.param(text, id=f"{rule.id}-{kind}")
    for rule in RULES
    for kind, text in (("valid", rule.valid), ("invalid", rule.invalid))
    if text is not None
]
TABLE = [pytest.param(p.values[0], id=p.id) for p in (*VALID, *INVALID)]


@pytest.mark.parametrize("text", [*TABLE, *EXAMPLES])
def test_quiet_only_when_no_rule_finds_anything(text: str, sample: Catalogue, bundled: Catalogue) -> None:
    for catalogue in (sample, bundled):
        deck = read_deck("deck.yaml", yamlpos.load(textwrap.dedent(text)), catalogue)
        if quiet(deck):
            assert RULES.run(deck) == []


def test_the_valid_sample_is_quiet(sample: Catalogue) -> None:
    text = (SAMPLES / "hve-valid.yaml").read_text(encoding="utf-8")
    deck = read_deck("hve-valid.yaml", yamlpos.load(text), sample)
    assert RULES.run(deck) == [] and quiet(deck)


ONLY_WRONG_SECTION = SAMPLE_DECK.replace("  - Foot Archers\n", "  - To Horse\n").replace(
    "  - To Horse\n  - Rally", "  - Foot Archers\n  - Rally"
)


def test_a_deck_breaking_only_wrong_section_is_not_quiet(bundled: Catalogue) -> None:
    deck = read_deck("deck.yaml", yamlpos.load(ONLY_WRONG_SECTION), bundled)
    assert {p.rule for p in RULES.run(deck)} == {"wrong-section"}
    assert not quiet(deck)


@pytest.mark.parametrize("text", [*TABLE, *EXAMPLES, ONLY_WRONG_SECTION])
def test_what_is_noted_while_reading_is_what_the_entries_say(text: str, sample: Catalogue, bundled: Catalogue) -> None:
    """The facts `quiet` and the rules read (worked out per section from the catalogue's indexes) are what
    walking every entry gives."""
    for catalogue in (sample, bundled):
        deck = read_deck("deck.yaml", yamlpos.load(textwrap.dedent(text)), catalogue)
        units, commands = deck.units.entries, deck.commands.entries
        cards = [e.card for e in (*units, *commands)]
        assert deck.unknown == (None in cards)
        if deck.faction is not None:
            assert deck.foreign == any(c is not None and c.faction != deck.faction for c in cards)
        assert deck.misplaced == any(
            e.card is not None and e.card.is_unit != (e.section == "units") for e in (*units, *commands)
        )
        icons = {i for e in units if e.card is not None and e.card.is_unit for i in e.card.unit_icons}
        assert deck.unit_icons == icons
        executed = [e.card for e in commands if e.card is not None and not e.card.is_unit]
        assert deck.unexecutable == any(icons.isdisjoint(c.icons) for c in executed)
        assert deck.turning == [e for e in commands if e.card is not None and not e.card.is_unit and e.card.mount_targets]
        assert deck.named_units == {e.key for e in units}
        for section in (deck.units, deck.commands):
            totals: dict[str, int] = {}
            for e in section.entries:
                totals[e.key] = totals.get(e.key, 0) + e.count
            assert section.most == max(totals.values(), default=0)


@pytest.mark.parametrize("text", [*TABLE, *EXAMPLES, ONLY_WRONG_SECTION])
def test_a_rule_skipped_by_its_first_test_finds_nothing(text: str, sample: Catalogue, bundled: Catalogue) -> None:
    """`rules.run` skips a rule whose first test (`may_find`) says it has nothing to find: each such rule
    finds nothing indeed, and `run` finds what running every rule finds, in the same order."""
    for catalogue in (sample, bundled):
        deck = read_deck("deck.yaml", yamlpos.load(textwrap.dedent(text)), catalogue)
        for rule in RULES:
            if not may_find(rule.id, deck):
                assert list(rule.run(deck)) == [], rule.id
        # `run` asks the same first tests at once: a copy that drifted would skip a rule unseen
        assert _asked(deck) == tuple(bool(may_find(rule.id, deck)) for rule in RULES)
        assert run(deck) == RULES.run(deck)


@pytest.mark.parametrize("text", [*TABLE, *EXAMPLES, ONLY_WRONG_SECTION])
def test_a_rules_few_rows_are_those_of_every_row(text: str, bundled: Catalogue) -> None:
    """`Section.rows_of` (what a rule about a few cards reads) gives the rows `rows` gives for those names, in
    file order, whether the rows were made already or not."""
    read_deck("deck.yaml", yamlpos.load(textwrap.dedent(text)), bundled)  # its names met once: as in a batch
    for made_first in (False, True):
        deck = read_deck("deck.yaml", yamlpos.load(textwrap.dedent(text)), bundled)
        for section in (deck.units, deck.commands):
            if made_first:
                assert section.rows is section.rows  # made once, kept
            keys = set(list(section.totals)[::2])  # every other name: some rows kept, some left out
            few = section.rows_of(keys)
            assert few == [row for row in section.rows if row[1] in keys]


def test_a_usual_deck_read_again_keeps_its_rows_unmade(bundled: Catalogue) -> None:
    """The rows of a deck whose names were met before are made only when asked (what `rows_of` is for)."""
    text = textwrap.dedent(EXAMPLES[0].values[0])
    read_deck("deck.yaml", yamlpos.load(text), bundled)
    deck = read_deck("deck.yaml", yamlpos.load(text), bundled)
    assert deck.units._rows is None
    keys = set(list(deck.units.totals)[::2])
    assert deck.units.rows_of(keys) == [row for row in deck.units.rows if row[1] in keys]


def test_a_message_quoting_what_steers_a_terminal_is_stamped_printable(bundled: Catalogue) -> None:
    """`run` answers at once for a problem already as its rule stamps it, and stamps every other one: a name
    written with an escape or a bidirectional override (read twice: its names then met before) comes out
    escaped, as `RULES.run` gives it."""
    text = SAMPLE_DECK.replace("  - Foot Archers", '  - "Foot\\x1b[2J Archers\\u202e"')
    text = text.replace("opening_unit: Spearmen", 'opening_unit: "Spear\\x1b]0;men"')
    for _ in range(2):
        deck = read_deck("deck.yaml", yamlpos.load(text), bundled)
        found = run(deck)
        assert found == RULES.run(deck)
        assert {"unknown-card", "opening-unit"} <= {p.rule for p in found}
        assert all(p.message.isprintable() for p in found)
