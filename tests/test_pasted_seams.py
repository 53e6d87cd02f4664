"""Readings of a pasted list that real pages brought (the Frontline lists in `cases/real-lists/`, and a
character written on its own line): a unit and its attachment that a page's layout alone set apart and that
ran together when copied (or came with a tab between them, from a table's cells), a name whose only card of
the list's faction is an attachment, and those pages' headings. Each reading comes with a note; what it
cannot settle is a problem on its line, never another faction's card."""

from __future__ import annotations

from typing import Any

from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.interchange import ImportedList, import_list


def read(text: str, catalogue: Catalogue) -> ImportedList:
    return import_list("text", text, catalogue, "pasted.txt", points=40, keep=True)


def units(spec: ImportedList) -> list[tuple[str, list[str]]]:
    return [(u.id, [a.id for a in atts]) for u, atts in spec.units]


def notes(spec: ImportedList) -> str:
    return "\n".join(spec.notes)


def test_a_unit_and_its_attachment_run_together_are_read_as_both(catalogue: Catalogue) -> None:
    spec = read("Stark Sworn SwordsRobb Stark (C)\nHouse Umber BerserkersUmber Champion\n", catalogue)
    assert units(spec) == [("10201", ["20201"]), ("10203", ["20203"])]
    assert not spec.not_read
    assert (
        "Line 1: 'Stark Sworn Swords' and 'Robb Stark (C)' are written together with no space or mark between "
        "them: read as Stark Sworn Swords + Robb Stark (C)."
    ) in notes(spec)


def test_a_run_together_first_line_is_cards_not_the_lists_name(catalogue: Catalogue) -> None:
    spec = read("Stark Sworn SwordsRobb Stark (C)\nStark Bowmen\n", catalogue)
    assert spec.name is None
    assert units(spec) == [("10201", ["20201"]), ("10205", [])]


def test_a_seam_after_no_whole_card_name_is_left_as_written(catalogue: Catalogue) -> None:
    # `MyList`: no card before the capital, so the title stays a title; `SwordsHello`: the card is read, and
    # what follows it is a problem on its line, not a part of the unit's name
    spec = read("MyList\nStark Sworn Swords\n", catalogue)
    assert spec.name == "MyList"
    assert not any("written together" in note for note in spec.notes)
    spec = read("Stark Bowmen\nStark Sworn SwordsHello\n", catalogue)
    assert [line for line, _ in spec.not_read] == [2]
    assert "'Hello'" in spec.not_read[0][1]


def reading(spec: ImportedList) -> dict[str, Any]:
    return {"units": units(spec), "ncus": [n.id for n in spec.ncus], "not_read": [line for line, _ in spec.not_read]}


def test_a_name_on_its_own_line_whose_card_of_the_faction_is_an_attachment(catalogue: Catalogue) -> None:
    # Barristan Selmy is a Lannister attachment and a Targaryen NCU: in a Lannister list, the attachment
    spec = read("Faction: Lannister\nKingsguard\nBarristan Selmy\nLannister Guardsmen\nJaime Lannister (C)\n", catalogue)
    assert reading(spec) == {"units": [("10110", ["20106"]), ("10101", ["20115"])], "ncus": [], "not_read": []}
    assert "Line 3: 'Barristan Selmy' stands on a line of its own" in notes(spec)
    # in a Targaryen list, the NCU, as before
    spec = read("Faction: Targaryen\nUnsullied Swordsmen\nBarristan Selmy\n", catalogue)
    assert [n.faction for n in spec.ncus] == ["targaryen"]
    assert not any("stands on a line of its own" in note for note in spec.notes)


def test_a_name_with_two_attachments_of_the_faction_is_a_problem_not_another_factions_card(
    catalogue: Catalogue,
) -> None:
    # `Jon Snow` in a Night's Watch list: two Watch attachments, and a Free Folk NCU never taken for them
    spec = read("Faction: Night's Watch\nVeterans of the Watch\nJon Snow\nSworn Brothers\n", catalogue)
    assert [line for line, _ in spec.not_read] == [3]
    assert "could be any of 2 cards" in spec.not_read[0][1]
    assert "30308" not in [n.id for n in spec.ncus]
    assert "Line 3: 'Jon Snow' stands on a line of its own" in notes(spec)
    # with the commander named elsewhere, the one Jon Snow who is no commander: read, and the note says why
    spec = read("Faction: Night's Watch\nVeterans of the Watch\nJon Snow\nSworn Brothers\n  Jeor Mormont (C)\n", catalogue)
    assert units(spec)[0] == ("10501", ["20503"])
    assert "Line 3: 'Jon Snow' stands on a line of its own" in notes(spec)


def test_a_unit_and_its_attachment_in_cells_of_a_copied_table(catalogue: Catalogue) -> None:
    spec = read("Stark Sworn Swords\t5\tRobb Stark (C)\nHouse Umber Berserkers\tUmber Champion\n", catalogue)
    assert units(spec) == [("10201", ["20201"]), ("10203", ["20203"])]
    assert not spec.not_read
    assert "Line 2: 'House Umber Berserkers' and 'Umber Champion' stand in cells of their own" in notes(spec)


def test_a_tab_after_no_card_is_a_space_as_before(catalogue: Catalogue) -> None:
    # a count before the name, an indented attachment, a cost cell: no cell that begins with a letter follows a
    # card's whole name, so each tab reads as the spaces it always was
    tabbed = "Faction: Stark\n2\tStark Sworn Swords\n\tRobb Stark (C)\nStark Bowmen\t6\n"
    spec = read(tabbed, catalogue)
    spaced = "Faction: Stark\n2 Stark Sworn Swords\n\tRobb Stark (C)\nStark Bowmen 6\n"
    assert reading(spec) == reading(read(spaced, catalogue))
    # the count before the name: two copies, the indented commander joining the one above it
    assert reading(spec)["units"] == [("10201", []), ("10201", ["20201"]), ("10205", [])]
    assert not any("cells of their own" in note for note in spec.notes)


def test_the_headings_of_those_pages(catalogue: Catalogue) -> None:
    # `Hylo’s List 1 and 2:` above the cards is the list's name without its colon; a lead-in written with
    # a curly apostrophe (`Ste’s list was:`) is prose before the cards, as with a straight one
    spec = read("Hylo’s List 1 and 2:\nStark Sworn Swords\n  Robb Stark (C)\n", catalogue)
    assert spec.name == "Hylo’s List 1 and 2"
    spec = read("Ste’s list was: Stark Sworn Swords\n  Robb Stark (C)\n", catalogue)
    assert units(spec) == [("10201", ["20201"])]
    assert "Line 1: 'Ste’s list was:' before the cards is prose, not read." in notes(spec)


def test_a_cards_name_after_its_houses_name(catalogue: Catalogue) -> None:
    # `Night's Watch Veterans of the Watch` first: the unit, not the list's name; the house is no part of it
    spec = read("Night's Watch Veterans of the Watch\n  Jon Snow (C)\nNight's Watch Sworn Brothers\n", catalogue)
    assert spec.name is None
    assert units(spec) == [("10501", ["20502"]), ("10502", [])]
    assert "Line 1: 'Night's Watch' before Veterans of the Watch names its house" in notes(spec)
    # a name as it stands is never cut (`Stark Sworn Swords`), and a house before what is no card's whole
    # name leaves the line as it was: `Stark 40` is the house and the size, `Stark Wolves` a title
    spec = read("Stark 40\nStark Sworn Swords\n  Robb Stark (C)\n", catalogue)
    assert (spec.faction, spec.points, units(spec)) == ("stark", 40, [("10201", ["20201"])])
    assert not any("names its house" in note for note in spec.notes)
    spec = read("Stark Wolves\nStark Sworn Swords\n  Robb Stark (C)\n", catalogue)
    assert spec.name == "Stark Wolves"


def test_a_house_before_a_cards_name_is_read_wherever_a_name_is(catalogue: Catalogue) -> None:
    # read where every name is resolved, so on a line with its attachment too
    spec = read("Night's Watch Veterans of the Watch + Jon Snow (C)\nSworn Brothers\n", catalogue)
    assert units(spec) == [("10501", ["20502"]), ("10502", [])]
    assert not spec.not_read


def test_a_line_of_many_seams_asks_about_the_few_a_name_can_reach(catalogue: Catalogue, monkeypatch: Any) -> None:
    # `aBaBaB…`: each capital after a small letter is a seam; only those within a card title's reach (with a
    # cost and a mark) are looked up, and a table row of many cells asks about as few (unbounded: 148 and 196)
    from armybuilder.games.asoiaf.interchange.pasted import layout

    asked: list[str] = []
    whole = layout.Lines._whole_card

    def counted(self: Any, text: str) -> bool:
        asked.append(text)
        return whole(self, text)

    monkeypatch.setattr(layout.Lines, "_whole_card", counted)
    read("Stark Sworn Swords\n" + "aB" * 149 + "\n", catalogue)
    assert 0 < len(asked) <= 60
    asked.clear()
    read("Stark Sworn Swords\n" + "\t".join(["aB"] * 99) + "\n", catalogue)
    assert 0 < len(asked) <= 80  # each cell, then each seam of the line they make: not one per cell of 99
