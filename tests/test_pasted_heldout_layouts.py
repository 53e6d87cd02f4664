"""Layouts met in a second, independent set of real lists (the `heldout-…` files of `cases/real-lists/`):
an attachment after a dash with no costs, NCUs on one line under an `NCUs` heading, an `NCU's` label with no
colon at the end of the last unit's line — and a unit line whose rest cannot be read is a problem at its line,
never the list's title."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.interchange import ImportedList, import_list


def read(text: str, catalogue: Catalogue) -> ImportedList:
    return import_list("text", text, catalogue, "pasted.txt", points=50, keep=True)


def cards(spec: ImportedList) -> dict[str, Any]:
    return {
        "commander": spec.commander.id if spec.commander else None,
        "units": [(u.id, [a.id for a in atts]) for u, atts in spec.units],
        "ncus": [n.id for n in spec.ncus],
        "not_read": [line for line, _ in spec.not_read],
    }


@pytest.mark.parametrize(
    "line",
    [
        "Stark Sworn Swords – Robb Stark, The Wolf Lord",
        "Stark Sworn Swords - Robb Stark (The Wolf Lord)",
        "Stark Sworn Swords — Robb Stark (C)",
    ],
)
def test_an_attachment_after_a_dash_without_costs(line: str, catalogue: Catalogue) -> None:
    spec = read(f"{line}\nStark Bowmen\n", catalogue)
    assert cards(spec) == {
        "commander": "20201",
        "units": [("10201", ["20201"]), ("10205", [])],
        "ncus": [],
        "not_read": [],
    }


def test_a_comment_after_a_dash_stays_a_comment(catalogue: Catalogue) -> None:
    spec = read("Stark Sworn Swords – my favourite\nStark Bowmen\n", catalogue)
    assert cards(spec)["units"] == [("10201", []), ("10205", [])]
    assert "Line 1: 'my favourite' after Stark Sworn Swords is a comment, not read." in spec.notes


@pytest.mark.parametrize("first", ["", "My list\n"])
@pytest.mark.parametrize("rest", ["Umber Berserkers", "Grey Wind"])
def test_a_unit_line_whose_rest_is_no_attachment_is_a_problem_not_a_title(
    first: str, rest: str, catalogue: Catalogue
) -> None:
    spec = read(f"{first}Stark Sworn Swords – {rest}\nStark Bowmen\n", catalogue)
    line = first.count("\n") + 1
    assert cards(spec)["not_read"] == [line]
    assert spec.not_read[0][1].startswith(f"no card called 'Stark Sworn Swords – {rest}'")
    assert spec.name != f"Stark Sworn Swords – {rest}"


@pytest.mark.parametrize(
    "text",
    [
        "Stark Sworn Swords (Robb Stark, Commander)\nNCUs\n\nCatelyn Stark, Rodrik Cassel\n",
        "Stark Sworn Swords (Robb Stark, Commander) NCU's\nCatelyn Stark & Rodrik Cassel\n",
        "Stark Sworn Swords (Robb Stark, Commander) Non-Combat Units\nCatelyn Stark, Rodrik Cassel\n",
    ],
)
def test_ncus_on_one_line_under_an_ncu_label(text: str, catalogue: Catalogue) -> None:
    assert cards(read(text, catalogue)) == {
        "commander": "20201",
        "units": [("10201", ["20201"])],
        "ncus": ["30201", "30205"],
        "not_read": [],
    }


def test_an_unknown_name_among_listed_ncus_is_a_problem_at_its_line(catalogue: Catalogue) -> None:
    spec = read("Stark Sworn Swords (Robb Stark, Commander)\nNCUs\nCatelyn Stark, Bogus Name\n", catalogue)
    assert cards(spec)["ncus"] == ["30201"] and cards(spec)["not_read"] == [3]
    assert "'Bogus Name'" in spec.not_read[0][1]


@pytest.mark.parametrize(
    "text",
    [
        "Stark Sworn Swords (Robb Stark, Commander)\nNCUs (2): Catelyn Stark, Rodrik Cassel\n",
        "Combat Units (1): Stark Sworn Swords (Robb Stark, Commander)\nNCUs [2]: Catelyn Stark & Rodrik Cassel\n",
    ],
)
def test_a_section_label_with_its_count(text: str, catalogue: Catalogue) -> None:
    assert cards(read(text, catalogue)) == {
        "commander": "20201",
        "units": [("10201", ["20201"])],
        "ncus": ["30201", "30205"],
        "not_read": [],
    }


def test_a_unit_then_a_colon_then_its_attachment_keeps_the_unit(catalogue: Catalogue) -> None:
    # the unit before the colon was dropped and the attachment joined the unit above it, with exit 0
    spec = read("Stark Bowmen\nStark Sworn Swords: Robb Stark (C)\n", catalogue)
    assert cards(spec) == {
        "commander": "20201",
        "units": [("10205", []), ("10201", ["20201"])],
        "ncus": [],
        "not_read": [],
    }


def test_a_unit_then_a_colon_then_no_card_is_a_problem_at_its_line(catalogue: Catalogue) -> None:
    spec = read("Stark Bowmen\nStark Sworn Swords: Bogus Thing\n", catalogue)
    assert cards(spec)["units"] == [("10205", []), ("10201", [])] and cards(spec)["not_read"] == [2]


def test_a_combat_unit_after_the_ncus_ends_the_ncu_section(catalogue: Catalogue) -> None:
    spec = read("NCUs\nCatelyn Stark\nRodrik Cassel\n\nStark Sworn Swords (Robb Stark, Commander)\nStark Bowmen\n", catalogue)
    assert cards(spec) == {
        "commander": "20201",
        "units": [("10201", ["20201"]), ("10205", [])],
        "ncus": ["30201", "30205"],
        "not_read": [],
    }


@pytest.mark.parametrize(
    "line", ["Stark Sworn Swords - 5pts - Robb Stark (C)", "Stark Sworn Swords – (5) – Robb Stark, The Wolf Lord"]
)
def test_a_cost_between_dashes_then_the_attachment(line: str, catalogue: Catalogue) -> None:
    # the attachment was taken for a comment after the first dash and dropped, with exit 0
    spec = read(f"{line}\nStark Bowmen - 6pts\n", catalogue)
    assert cards(spec) == {
        "commander": "20201",
        "units": [("10201", ["20201"]), ("10205", [])],
        "ncus": [],
        "not_read": [],
    }


def test_a_commander_mark_is_never_a_comment(catalogue: Catalogue) -> None:
    spec = read("Stark Bowmen\nStark Sworn Swords – my favourite (C)\n", catalogue)
    assert cards(spec)["not_read"] == [2] and not any("comment" in note for note in spec.notes)


def test_two_lists_in_one_text_are_never_merged_into_one(catalogue: Catalogue) -> None:
    # both lists were read as one army of four units with no commander, with exit 0
    text = (
        "List 1\nStark Sworn Swords (Robb Stark, Commander)\nStark Bowmen\n"
        "List 2\nStark Sworn Swords (Eddard Stark, Commander)\nStark Bowmen\n"
    )
    spec = read(text, catalogue)
    assert cards(spec)["not_read"] == [4, 5]
    assert spec.not_read[0][1] == "'List 2' begins a second list after the cards of another; import each list on its own"
    assert spec.not_read[1][1].startswith("a second commander: Eddard Stark, Lord of Winterfell is marked (C) here")


@pytest.mark.parametrize(
    ("first", "units"),
    [
        ("Halberdiers with Tywin", [("10102", ["20104"]), ("10101", [])]),  # read: a short unit name first
        ("Unsullied w/ Grey Worm", [("10101", [])]),  # flagged: an unknown unit, then a card's whole name
    ],
)
def test_a_first_line_naming_cards_is_never_the_list_title(
    first: str, units: list[tuple[str, list[str]]], catalogue: Catalogue
) -> None:
    # both were taken for the list's title and left out, with exit 0
    spec = read(f"{first}\nGuardsmen\n", catalogue)
    assert spec.name != first
    assert cards(spec)["units"] == units
    assert cards(spec)["not_read"] == ([] if len(units) == 2 else [1])


def test_a_misspelt_house_unit_first_with_its_attachment_is_no_title(catalogue: Catalogue) -> None:
    # `Umber Berzerkers` is close to `House Umber Berserkers` without its `House`: it was the list's title, exit 0
    spec = read("Umber Berzerkers w/ Greatjon\nStark Sworn Swords\n", catalogue)
    assert spec.name != "Umber Berzerkers w/ Greatjon"
    assert cards(spec)["not_read"] == [1]


@pytest.mark.parametrize("title", ["My List - Stark - 40", "Robb's Army - Starks with Wolves"])
def test_a_title_with_a_dash_stays_a_title(title: str, catalogue: Catalogue) -> None:
    spec = read(f"{title}\nStark Bowmen\n", catalogue)
    assert spec.name is not None and cards(spec)["not_read"] == []


def test_the_same_commander_marked_on_two_units_is_a_problem(catalogue: Catalogue) -> None:
    # read as two units each carrying the commander, with no commander and exit 0
    spec = read("Stark Sworn Swords + Robb Stark (C)\nStark Sworn Swords + Robb Stark (C)\nStark Bowmen\n", catalogue)
    assert spec.not_read == [
        (2, "Robb Stark, The Wolf Lord is marked (C) here and on line 1; the commander leads one unit: remove one")
    ]


@pytest.mark.parametrize("line", ["NCUs = Catelyn Stark + Rodrik Cassel", "NCUs - Catelyn Stark, Rodrik Cassel"])
def test_an_ncu_label_then_an_equals_sign_or_a_dash(line: str, catalogue: Catalogue) -> None:
    # `NCUs = …` was skipped as prose, with exit 0
    spec = read(f"Stark Sworn Swords (Robb Stark, Commander)\n{line}\n", catalogue)
    assert cards(spec)["ncus"] == ["30201", "30205"] and cards(spec)["not_read"] == []


def test_an_unknown_label_before_card_names_is_a_problem_not_skipped(catalogue: Catalogue) -> None:
    spec = read("Stark Sworn Swords (Robb Stark, Commander)\nSupport: Catelyn Stark, Rodrik Cassel\n", catalogue)
    assert spec.not_read == [
        (
            2,
            "`Support:` is no label this reader knows, and the line names cards; write `NCUs:` or `Units:` before "
            "them, or one card a line",
        )
    ]
