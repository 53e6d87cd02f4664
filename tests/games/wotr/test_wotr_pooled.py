"""The figures the reader sums per nation and kind while it reads `board`, `besieged`, `reinforcements` and
`casualties` (`Position.pooled`, asked by figure-pool through `Position.out_of_box`) are exactly what
`out_of_box` works out from the sections themselves: every rule example, every sample and variants of them."""

from __future__ import annotations

from test_wotr_notes import positions
from wotr_support import data

from armybuilder import yamlpos
from armybuilder.games.wotr.position import Stack
from armybuilder.games.wotr.reader import read_position
from armybuilder.games.wotr.rules import figure_pool


def test_the_kept_counts_are_what_the_places_hold() -> None:
    checked = 0
    for text, position in positions():
        kept = position.out_of_box()
        position.pooled = None  # out_of_box works the counts out again from the sections
        assert kept == position.out_of_box(), text
        checked += 1
    assert checked > 1000


def test_a_nation_on_the_board_and_in_a_box_has_both_counted() -> None:
    text = (
        "game: war-of-the-ring\n"
        "board: {Minas Tirith: {gondor: {regular: 1}}, Osgiliath: {gondor: {regular: 2}, sauron: {}}}\n"
        "besieged: {Minas Tirith: {gondor: {elite: 1}}}\n"
    )
    position = read_position(yamlpos.load(text), "position.yaml", data())
    assert position.out_of_box() == {"gondor": {"regular": 3, "elite": 1}}


def test_a_nation_in_the_pools_is_counted_where_it_is_out_of_the_box() -> None:
    """Reinforcements count; casualties only for the Free Peoples (Shadow losses go back to the pools)."""
    text = (
        "game: war-of-the-ring\n"
        "board: {Edoras: {rohan: {regular: 1}}}\n"
        "reinforcements: {rohan: {regular: 2, leader: 1}, sauron: {nazgul: 1}}\n"
        "casualties: {rohan: {elite: 1}, sauron: {regular: 3}}\n"
    )
    position = read_position(yamlpos.load(text), "position.yaml", data())
    assert position.out_of_box() == {"rohan": {"regular": 3, "leader": 1, "elite": 1}, "sauron": {"nazgul": 1}}


def test_a_place_kept_as_parsed_gives_what_its_stacks_give() -> None:
    """A well-written place keeps its parsed entry and makes its stacks only when asked: its figures, and the
    stacks figure-pool walks for some nations (`_held`, read from the parsed entry without making stacks),
    are those its whole stacks give, kept as parsed or read stack by stack."""
    kept = read = 0
    for text, position in positions():
        every: list[Stack] = []
        for places in (position.board, position.besieged):
            for place in (places or {}).values():
                stacks = place.stacks
                kept += place.read is None
                read += place.read is not None
                assert dict(place.figures) == {n: s.counts for n, s in stacks.items()}, text
                every += stacks.values()
        every += (position.reinforcements or {}).values()
        every += (s for s in (position.casualties or {}).values() if position.nation(s.nation).side == "free_peoples")
        met = {s.nation for s in every}
        for nations in ({*sorted(met)[::2]}, met, set()):
            expected = [(s.nation, s.counts, s.count_pos) for s in every if s.nation in nations]
            assert list(figure_pool._held(position, nations)) == expected, text
    assert kept > 1000 and read > 0  # both ways of reading a place are met


def test_a_stack_taking_the_reporting_path_is_counted_once() -> None:
    """The board's totals are added as each stack's counts are looked over: a stack found wrong part way (a
    count that is not one, a kind its nation lacks) is taken back out and counted as the reporting path reads
    it, and an empty stack leaves no totals, whatever came before it."""
    text = (
        "game: war-of-the-ring\n"
        "board:\n"
        "  Minas Tirith: {gondor: {regular: 1}}\n"
        "  Osgiliath: {gondor: {regular: 2, elite: true}, rohan: {}}\n"
        "  Edoras: {rohan: {regular: 1}}\n"
        "  Helms Deep: {rohan: {elite: 2, leader: 1, nazgul: 1}}\n"
        "  Pelargir: {sauron: {regular: 1, nazgul: x}, isengard: {}}\n"
        "  Dol Amroth: {elves: {regular: 1, elite: -1}}\n"
        "  Lorien: {elves: {elite: 1, .nan: 1}}\n"
    )
    position = read_position(yamlpos.load(text), "position.yaml", data())
    kept = position.out_of_box()
    assert kept == {
        "gondor": {"regular": 3},
        "rohan": {"regular": 1, "elite": 2, "leader": 1},
        "sauron": {"regular": 1},
        "elves": {"regular": 1, "elite": 1},
    }
    assert list(kept["rohan"]) == ["regular", "elite", "leader"]  # in the order the stacks give them
    position.pooled = None
    assert kept == position.out_of_box()
