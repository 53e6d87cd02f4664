"""The completion search's bound tables are built as whole numbers, one field per entry (`_Lanes`): the
least of two tables, a change added to every entry and the swap of two places must be what they are entry
by entry, at 64-bit fields (every list of the game's sizes) and at wider ones (a game of thousands of
points), or `complete` and `collection armies` prove lists that are not the best."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from armybuilder.games.asoiaf.builder.relaxation import _Lanes, _swapped

# the most an entry may be: 64-bit fields, and wider ones
MOSTS = st.sampled_from([1, 1000, (1 << 40) + 7, (1 << 61) - 1, 1 << 62, (1 << 100) + 3])


@st.composite
def two_tables(draw: st.DrawFn) -> tuple[int, list[int], list[int], int, int, int, int]:
    """(most, a table, another with a change added to each entry, the change, shift, start, stop): the
    window start..stop reads the other table at i - shift, inside it."""
    most = draw(MOSTS)
    size = draw(st.integers(1, 40))
    row = draw(st.lists(st.integers(0, most), min_size=size, max_size=size))
    other = draw(st.lists(st.integers(0, most), min_size=size, max_size=size))
    # a change keeps every entry of the other table within 0 .. twice the most
    change = draw(st.integers(-min(other), most))
    shift = draw(st.integers(-(size - 1), size - 1))
    start = draw(st.integers(max(0, shift), min(size, size + shift)))
    stop = draw(st.integers(start, min(size, size + shift)))
    return most, row, other, change, shift, start, stop


@settings(max_examples=400, deadline=None)
@given(two_tables())
def test_the_least_of_two_tables_is_the_least_entry_by_entry(
    case: tuple[int, list[int], list[int], int, int, int, int],
) -> None:
    most, row, other, change, shift, start, stop = case
    lanes = _Lanes(len(row), most)
    changed = lanes.row(other) + change * lanes.ones
    assert lanes.entries(changed) == [v + change for v in other]
    found = lanes.entries(lanes.least(lanes.row(row), changed, shift, lanes.window(start, stop)))
    wanted = [min(v, other[i - shift] + change) if start <= i < stop else v for i, v in enumerate(row)]
    assert found == wanted
    assert [lanes.at(lanes.row(row), i) for i in range(len(row))] == row


def test_the_fields_are_wider_only_where_an_entry_needs_it() -> None:
    assert _Lanes(3, (1 << 61) - 1).bits == 64
    assert _Lanes(3, 1 << 61).bits == 128
    big = [0, 1 << 100, 5]
    lanes = _Lanes(3, 1 << 100)
    assert lanes.entries(lanes.row(big)) == big
    # the least reads each entry whole, not its low 64 bits
    assert lanes.entries(
        lanes.least(lanes.row(big), lanes.row([9, 1 << 64, 1 << 65]), 0, lanes.window(0, 3))
    ) == [
        0,
        1 << 64,
        5,
    ]


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 20), st.data())
def test_swapping_the_last_two_places_swaps_them_in_every_entry(bits: int, data: st.DataObject) -> None:
    place = st.integers(0, (1 << bits) - 1)
    entries = data.draw(st.lists(st.tuples(st.integers(0, 60), place, place, place), min_size=1, max_size=30))
    row = [((a << bits | b) << bits | c) << bits | d for a, b, c, d in entries]
    swapped = [((a << bits | b) << bits | d) << bits | c for a, b, c, d in entries]
    (((found,),),) = _swapped([[[row]]], bits)
    assert found == swapped
