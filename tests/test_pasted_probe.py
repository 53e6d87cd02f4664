"""Ways of writing a list that probes of the reader found read wrong with exit 0 and no word of it.

- The list's first card line taken for its title.
- A `Neutral:` heading taken for the faction.
- A commander label (`Cmdr:`) dropped.
- Copies written `x2 (12)` or `2x` at the end counted once.
- An attachment after `incl.`, `--` or `w/` with no space skipped as prose.
- A unit's short form before a dash and its attachment.
- A house and a game size before the list's own name.
- A character with a word of its subname in brackets read as two cards.
- A line with a word more than a card's name taken for a misspelling of it.
- An `Enemy:` label dropped.
- Our own printed text sheet not read back (its tactics deck, `(1, printed 2)` costs, `[neutral]` tags, a
  list named like a card).
- Copies written `x2 Unit`, `Unit 2x (12)`, `Unit x2 - 12pts` or `2 Unit` counted once.
- Cards under `Sideboard:`, `Reinforcements:` or another heading of cards set aside joining the army.
- `Bolton Cutthroats` in a Bolton army read as the neutral card.
- A `Points:` line overriding the title's size; crossed-out lines counted; two lists split by `---` merged.
- An NCU after `+` read as another house's attachment; a short form read as a neutral card with no word.
- A sideboard's own `Units:` bringing its cards back; `4 Catelyn Stark` as four copies; `Unit 2 x 6` as six;
  a card line above `Faction:` taken for the name; a `[neutral]` tag, a name holding `&`, a crossed-out part
  of a line, and `Areo Hotah (C)` (its printed cost) on our own sheet read wrong.
- German and French set-aside headings; NCUs joined by `und`, `et` or `和` after a German, French or Chinese
  NCU label on the same line skipped; an enemy attachment after a German, French or Chinese label on its line
  read as an NCU or as the unit above's attachment; a Chinese-named unit with no cost before `+ attachment` lost
  (its attachment joining the unit above); `NCU’s:` with Word's curly apostrophe not read as a label; the
  Chinese heading `部隊：` ("units") taken for the list's name; German names with „…“ quotes not read;
  our Markdown sheet's escapes (`\\[neutral\\]`, `ann\\_smith`) not read back, and `ann__smith` read as `annsmith`.

Each now reads as its cards, or is a problem on its line, or has a note: nothing is lost without a word."""

from __future__ import annotations

import pytest

from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.interchange import ImportedList, import_list


def read(text: str, catalogue: Catalogue) -> ImportedList:
    return import_list("text", text, catalogue, "pasted.txt", points=40, keep=True)


def units(spec: ImportedList) -> list[tuple[str, list[str]]]:
    return [(u.id, [a.id for a in atts]) for u, atts in spec.units]


NIGHTS_WATCH = "Faction: Night's Watch\nPoints: 40\n{first}\nSworn Brothers\nRanger Hunters\n"


@pytest.mark.parametrize("joiner", ["on", "under", "over", "and", "/w"])
def test_a_first_card_line_with_an_unknown_joiner_is_a_problem_not_the_lists_name(
    catalogue: Catalogue, joiner: str
) -> None:
    spec = read(NIGHTS_WATCH.format(first=f"Veterans of the Watch {joiner} Jon Snow, 998th Lord Commander"), catalogue)
    assert spec.name is None
    assert [line for line, _ in spec.not_read] == [3]
    assert "Veterans of the Watch" in spec.not_read[0][1]


@pytest.mark.parametrize("joiner", ["incl.", "including", "ft.", "plus", "w/"])
def test_an_attachment_after_these_joiners_is_read_with_its_unit(catalogue: Catalogue, joiner: str) -> None:
    spec = read(NIGHTS_WATCH.format(first=f"Veterans of the Watch {joiner} Jon Snow, 998th Lord Commander"), catalogue)
    assert spec.name is None
    assert units(spec)[0] == ("10501", ["20502"])
    assert not spec.not_read


def test_w_slash_with_no_space_joins_the_attachment(catalogue: Catalogue) -> None:
    spec = read("Faction: Stark\nStark Sworn Swords w/Robb Stark, The Wolf Lord\nStark Bowmen\n", catalogue)
    assert units(spec) == [("10201", ["20201"]), ("10205", [])]
    assert spec.name is None and not spec.not_read


def test_a_dash_typed_as_two_hyphens_sets_a_unit_and_its_attachment_apart(catalogue: Catalogue) -> None:
    spec = read("Faction: Stark\nHouse Umber Berserkers (6) -- Umber Champion (1)\nStark Bowmen (6)\n", catalogue)
    assert units(spec) == [("10203", ["20203"]), ("10205", [])]
    assert not spec.not_read


def test_a_title_that_is_no_card_line_stays_the_lists_name(catalogue: Catalogue) -> None:
    # a title naming a house, or a unit's short form first: titles, as before
    for title in ("My Night's Watch list", "Bowmen galore"):
        spec = read(f"{title}\nFaction: Stark\nStark Bowmen\n", catalogue)
        assert spec.name == title and not spec.not_read
    # a combat unit's whole name and more words first, with no header line under it: a card line, reported
    spec = read("Stark Bowmen Spam\nStark Sworn Swords\nFaction: Stark\n", catalogue)
    assert [line for line, _ in spec.not_read] == [1]


@pytest.mark.parametrize("title", ["Stark Bowmen Spam", "Sworn Brothers", "Beyond the Wall"])
def test_a_first_line_right_above_the_header_lines_is_the_lists_name(catalogue: Catalogue, title: str) -> None:
    # as our own sheet begins (`Sworn Brothers` / `Night's Watch · 40 points`): the name, even when a card's too
    spec = read(f"{title}\nNight's Watch · 40 points\nCommander: Jon Snow, 998th Lord Commander\n\n"
                "Sworn Brothers (7) + Jon Snow, 998th Lord Commander (C)\n", catalogue)  # fmt: skip
    assert spec.name == title and not spec.not_read
    assert units(spec) == [("10502", ["20502"])]
    says_a_card_too = [note for note in spec.notes if note.startswith("Line 1:") and "a card has that name" in note]
    assert bool(says_a_card_too) == (title != "Stark Bowmen Spam")


STARK_AND_NEUTRALS = """Stark Sworn Swords (5) + Robb Stark, The Wolf Lord (C)
House Umber Berserkers (6)
Stark Bowmen (6)
{heading}
Hedge Knights (7)
Lord Varys (4)
"""


@pytest.mark.parametrize("heading", ["Neutral:", "NEUTRAL", "**Neutral**", "### Neutral", "Neutral (11 pts):"])
def test_a_neutral_heading_after_the_cards_is_a_heading_not_the_faction(catalogue: Catalogue, heading: str) -> None:
    spec = read(STARK_AND_NEUTRALS.format(heading=heading), catalogue)
    assert spec.faction == "stark"
    assert [u for u, _ in units(spec)] == ["10201", "10203", "10205", "10410"]
    assert [n.id for n in spec.ncus] == ["30403"]
    assert any("Skipped line 4 (heading over the neutral cards)" in note for note in spec.notes)


def test_a_faction_heading_after_a_faction_line_is_still_a_second_faction(catalogue: Catalogue) -> None:
    spec = read("Faction: Stark\nStark Bowmen\nLannister:\nLannister Guardsmen\n", catalogue)
    assert [line for line, _ in spec.not_read] == [3]


@pytest.mark.parametrize("label", ["Cmdr", "Cmd", "Commanding", "Led by"])
def test_a_commander_label_names_the_commander(catalogue: Catalogue, label: str) -> None:
    spec = read(f"Faction: Stark\n{label}: Robb Stark\nStark Sworn Swords (5)\n  w/ Robb Stark (C)\nStark Bowmen\n", catalogue)
    assert spec.commander is not None and spec.commander.id == "20201"
    assert units(spec) == [("10201", ["20201"]), ("10205", [])]
    assert spec.ncus == [] and not spec.not_read


@pytest.mark.parametrize(
    "line", ["Lannister Crossbowmen x2 (12)", "Lannister Crossbowmen ×2 (12 pts)", "Lannister Crossbowmen 2x",
             "Lannister Crossbowmen (6) (x2)", "2x Lannister Crossbowmen (6)", "Lannister Crossbowmen (6) x2"],
)  # fmt: skip
def test_copies_written_after_the_name_are_every_copy(catalogue: Catalogue, line: str) -> None:
    spec = read(f"Faction: Lannister\nLannister Guardsmen + Tywin Lannister (C)\n{line}\n", catalogue)
    assert [u for u, _ in units(spec)] == ["10101", "10106", "10106"]
    assert not spec.not_read
    assert not any("written at" in note for note in spec.notes)  # 12 for two copies of a 6-point card: as printed


def test_a_cost_for_one_copy_that_matches_neither_is_still_a_note(catalogue: Catalogue) -> None:
    spec = read("Faction: Lannister\nLannister Guardsmen + Tywin Lannister (C)\nLannister Crossbowmen x2 (9)\n", catalogue)
    assert [u for u, _ in units(spec)] == ["10101", "10106", "10106"]
    assert any("Lannister Crossbowmen is written at 9 points" in note for note in spec.notes)


def test_a_house_and_a_size_before_the_lists_own_name_give_the_game_size(catalogue: Catalogue) -> None:
    spec = import_list(
        "text", "Free Folk 40 – Varamyr\nVaramyr Sixskins (C)\nSpearwives (5)\nShadowcat\n", catalogue, "p.txt", keep=True
    )
    assert spec.points == 40  # (it was the costs printed, or no size at all)
    assert spec.name == "Free Folk – Varamyr"
    assert not spec.not_read


def test_a_units_short_form_then_a_dash_and_its_attachment_are_both_read(catalogue: Catalogue) -> None:
    spec = read("Faction: Stark\nOutriders - Blackfish\nStark Bowmen\n", catalogue)
    assert units(spec) == [("10202", ["20208"]), ("10205", [])]
    assert not spec.not_read


def test_a_character_and_a_word_of_its_subname_in_brackets_are_never_two_cards(catalogue: Catalogue) -> None:
    # `Blackfish (Vanguard)`: not the Blackfish and a Free Folk unit called Vanguard; a problem at its line
    spec = read("Faction: Stark\nStark Outriders\n  w/ Blackfish (Vanguard)\nStark Bowmen\n", catalogue)
    assert [u for u, _ in units(spec)] == ["10202", "10205"]
    assert [line for line, _ in spec.not_read] == [3]


# --- a second probe ---------------------------------------------------------------------------------------

LANNISTER = "Faction: Lannister\nPoints: 40\nLannister Guardsmen (5) + Tywin Lannister, Lord of Casterly Rock (C)\n{line}\n"


@pytest.mark.parametrize(
    ("line", "ncus"),
    [("NCUs: Tyrion Lannister, The Imp, Pycelle", ["30104", "30102"]),
     ("NCUs: Pycelle, Tyrion Lannister, The Imp", ["30102", "30104"])],
)  # fmt: skip
def test_a_one_word_ncu_beside_one_with_a_subname_is_read(catalogue: Catalogue, line: str, ncus: list[str]) -> None:
    spec = read(LANNISTER.format(line=line), catalogue)
    assert [n.id for n in spec.ncus] == ncus
    assert not any("close to it" in note for note in spec.notes)


@pytest.mark.parametrize(
    "line", ["Kingsguard, Jaime Lannister, The Young Lion", "2x Lannister Halberdiers (one with Guard Captain)"]
)
def test_a_line_with_a_word_more_than_a_cards_name_is_no_misspelling_of_it(catalogue: Catalogue, line: str) -> None:
    # a misspelling changes letters, it adds no word: these were a card "close to" the line, the rest lost
    spec = read(LANNISTER.format(line=line), catalogue)
    assert spec.not_read and {number for number, _ in spec.not_read} == {4}
    assert units(spec)[0] == ("10101", ["20104"])  # nothing joined the unit above


def test_a_misspelling_is_still_read_as_the_card_it_is_close_to(catalogue: Catalogue) -> None:
    spec = read(LANNISTER.format(line="Lannister Halberdeirs"), catalogue)
    assert [u for u, _ in units(spec)] == ["10101", "10102"]
    assert any("'Lannister Halberdeirs' read as Lannister Halberdiers" in note for note in spec.notes)


def test_ncus_written_name_dash_subname_after_a_label_are_each_read(catalogue: Catalogue) -> None:
    text = (
        "Faction: Stark\nStark Sworn Swords + Robb Stark, The Wolf Lord (C)\n"
        "Non-Combat Units: Catelyn Stark - Lady of Winterfell, Sansa Stark - Little Bird\n"
    )
    spec = read(text, catalogue)
    assert [n.id for n in spec.ncus] == ["30201", "30202"]
    assert not any("comment" in note for note in spec.notes)


@pytest.mark.parametrize(
    ("title", "points"),
    [("Stark 50 (Robb)", 50), ("Robb's Wolves (50)", 50), ("Robb's Wolves [60]", 60), ("Stark 50p", 50),
     ("Stark @ 50", 50)],
)  # fmt: skip
def test_a_game_size_in_these_titles_is_read(catalogue: Catalogue, title: str, points: int) -> None:
    text = f"{title}\nStark Sworn Swords (5) + Robb Stark, The Wolf Lord (C)\nStark Bowmen (6)\n"
    spec = import_list("text", text, catalogue, "p.txt", keep=True)
    assert spec.points == points and not spec.not_read


@pytest.mark.parametrize("label", ["Enemy", "Enemies", "EA"])
def test_an_enemy_label_heads_the_enemy_attachments(catalogue: Catalogue, label: str) -> None:
    text = f"Faction: Stark\nStark Sworn Swords + Robb Stark, The Wolf Lord (C)\nStark Bowmen\n{label}: Jaqen H'ghar\n"
    spec = read(text, catalogue)
    assert [e.id for e in spec.enemy_attachments] == ["20221"] and spec.ncus == []


def test_a_label_the_reader_does_not_know_before_cards_is_said(catalogue: Catalogue) -> None:
    # the cards are read; that the label was set aside is a note, not silence
    text = "Faction: Stark\nStark Sworn Swords + Robb Stark, The Wolf Lord (C)\nStark Bowmen\nOpponent: Jaqen H'ghar\n"
    spec = read(text, catalogue)
    assert "Line 4: `Opponent:` is no label this reader knows; what follows it is read as cards." in spec.notes


def test_an_attachment_that_joins_an_enemy_unit_written_on_ones_own_is_moved_with_a_note(catalogue: Catalogue) -> None:
    text = "Faction: Stark\nStark Sworn Swords + Robb Stark, The Wolf Lord (C)\nStark Bowmen + Jaqen H'ghar (1)\n"
    spec = read(text, catalogue)
    assert units(spec) == [("10201", ["20201"]), ("10205", [])]
    assert [e.id for e in spec.enemy_attachments] == ["20221"]
    assert (
        "Line 3: Jaqen H'ghar, Mysterious Prisoner joins an enemy unit, not Stark Bowmen: read as an enemy attachment."
    ) in spec.notes


STARK = "Stark 40\nStark Sworn Swords (5) + Robb Stark, The Wolf Lord (C)\n{line}\n"


@pytest.mark.parametrize(
    "line",
    ["2x Stark Bowmen", "x2 Stark Bowmen", "Stark Bowmen x2", "Stark Bowmen 2x (12)", "Stark Bowmen x2 – 12",
     "Stark Bowmen x2 - 12pts", "Stark Bowmen x2 = 12", "Stark Bowmen (6) (x2)", "2 Stark Bowmen", "2 Stark Bowmen (12)",
     "Stark Bowmen *2", "Stark Bowmen *2 (12)", "**Stark Bowmen** *2"],
)  # fmt: skip
def test_every_way_of_writing_two_copies_gives_two(catalogue: Catalogue, line: str) -> None:
    spec = read(STARK.format(line=line), catalogue)
    assert units(spec)[1:] == [("10205", []), ("10205", [])]
    assert not spec.not_read
    assert not any("close to it" in note or "written at" in note for note in spec.notes)  # no spelling, no cost
    if line.startswith("2 "):  # a bare number first: a count, said in a note
        assert any(note.startswith("Line 3: '2' before Stark Bowmen read as 2 copies") for note in spec.notes)


@pytest.mark.parametrize("line", ["Stark Bowmen **6**", "*Stark Bowmen* (6)", "Stark Bowmen *6*"])
def test_stars_around_a_name_or_a_cost_are_emphasis(catalogue: Catalogue, line: str) -> None:
    spec = read(STARK.format(line=line), catalogue)
    assert units(spec)[1:] == [("10205", [])] and not spec.not_read


def test_a_bare_number_first_that_is_the_cards_cost_is_its_cost(catalogue: Catalogue) -> None:
    spec = read(STARK.format(line="6 Stark Bowmen"), catalogue)
    assert units(spec)[1:] == [("10205", [])]
    assert not spec.not_read and not any("copies" in note for note in spec.notes)


def test_copies_of_a_unit_with_its_attachment_say_each_copy_takes_it(catalogue: Catalogue) -> None:
    spec = read(STARK.format(line="Stark Bowmen x2 + Sworn Sword Captain"), catalogue)
    assert units(spec)[1:] == [("10205", ["20204"]), ("10205", ["20204"])]
    assert any(note.startswith("Line 3: 2 copies of Stark Bowmen read, each with") for note in spec.notes)


@pytest.mark.parametrize(
    "heading",
    [
        "Sideboard:", "Reinforcements:", "Not taking", "Subs (2):", "Possible swaps:", "Side board units:", "Reserve:",
        "Ersatz:", "Ersatzbank:", "Nicht dabei:", "Reservebank:", "Banc :", "Sur le banc :", "Pas pris :",
        "Renforts :", "Remplaçants :", "備用：",
    ],
)  # fmt: skip
def test_cards_under_a_heading_of_cards_set_aside_are_left_out_with_a_note(catalogue: Catalogue, heading: str) -> None:
    # to the end of the text: a sideboard may have its own `NCUs:` and `Units:`
    spec = read(STARK.format(line=f"Stark Bowmen (6)\n\n{heading}\nMormont Veteran (1)\nNCUs:\nSansa Stark (4)\nUnits:\nStark Outriders"), catalogue)
    assert units(spec)[1:] == [("10205", [])] and spec.ncus == []  # no Mormont Veteran, Sansa, Outriders
    skipped = [note for note in spec.notes if "not part of the army" in note]
    assert [note.split(" ")[2] for note in skipped] == ["6", "7", "8", "9", "10"]


def test_a_tactics_deck_ends_at_a_heading_of_the_army_or_a_units_line(catalogue: Catalogue) -> None:
    deck = "Tactics deck (20 cards):\n  Faction: Winter's Might, Northern Ferocity\n  Robb Stark, The Wolf Lord: Hit and Run"
    spec = read(STARK.format(line=f"{deck}\nNCUs:\nCatelyn Stark (4)"), catalogue)
    assert [n.id for n in spec.ncus] == ["30201"] and not spec.not_read
    spec = read(STARK.format(line="Tactics\nStark Bowmen (6)\nCatelyn Stark (4)"), catalogue)
    assert units(spec)[1:] == [("10205", [])] and [n.id for n in spec.ncus] == ["30201"]


def test_a_set_aside_label_with_its_cards_on_one_line_is_left_out(catalogue: Catalogue) -> None:
    spec = read(STARK.format(line="Stark Bowmen (6)\nSideboard: Sansa Stark, Mormont Veteran"), catalogue)
    assert units(spec)[1:] == [("10205", [])] and spec.ncus == []
    assert any(note.startswith("Skipped line 4 (sideboard: not part of the army)") for note in spec.notes)
    # a label of a few words with such a word in it, as for a heading
    spec = read(STARK.format(line="Stark Bowmen (6)\nPossible swaps: Sansa Stark"), catalogue)
    assert spec.ncus == [] and any("(possible swaps: not part of the army)" in note for note in spec.notes)


def test_a_house_before_the_armys_own_card_is_that_card_not_a_neutral_one(catalogue: Catalogue) -> None:
    spec = read("House Bolton 40\nBolton Cutthroats (5) + Roose Bolton, Lord of the Dreadfort (C)\n"
                "House Bolton Blackguards (6)\nBolton Flayed Men (8)\n", catalogue)  # fmt: skip
    # Bolton's own Cutthroats and Flayed Men, with a note each; a neutral card's whole name stays that card
    assert [u for u, _ in units(spec)] == ["11001", "10404", "11005"]
    assert any(note.startswith("Line 2: 'Bolton' before Cutthroats names its house") for note in spec.notes)
    assert any(note.startswith("Line 4: 'Bolton' before Flayed Men names its house") for note in spec.notes)


def test_a_points_line_that_disagrees_with_the_titles_size_is_a_problem(catalogue: Catalogue) -> None:
    spec = read("Stark 40\nPoints: 50\nStark Sworn Swords (5) + Robb Stark, The Wolf Lord (C)\n", catalogue)
    assert [line for line, _ in spec.not_read] == [2]
    assert "disagrees with the game size 40 on line 1" in spec.not_read[0][1]
    agreeing = read("Stark 40\nPoints: 40\nStark Sworn Swords (5) + Robb Stark, The Wolf Lord (C)\n", catalogue)
    assert agreeing.points == 40 and not agreeing.not_read


def test_crossed_out_and_commented_out_lines_are_no_cards(catalogue: Catalogue) -> None:
    spec = read(STARK.format(line="~~House Umber Berserkers (6)~~\n// Stark Bowmen (6)\n- ~~Grey Wind (3)~~\nStark Outriders"), catalogue)
    assert units(spec)[1:] == [("10202", [])]
    assert [n for n in spec.notes if "crossed out" in n or "commented out" in n] == [
        "Skipped line 3 (crossed out): ~~House Umber Berserkers (6)~~",
        "Skipped line 4 (commented out): // Stark Bowmen (6)",
        "Skipped line 5 (crossed out): - ~~Grey Wind (3)~~",
    ]


def test_a_separator_between_cards_is_said(catalogue: Catalogue) -> None:
    spec = read(STARK.format(line="Stark Bowmen\n---\nStark Outriders (6) + Brynden Tully, Outrider Commander"), catalogue)
    assert len(units(spec)) == 3
    assert any(note.startswith("Line 4: a separator between cards") for note in spec.notes)
    plain = read(STARK.format(line="Stark Bowmen\n---"), catalogue)  # after the last card: nothing to say
    assert not any("separator" in note for note in plain.notes)


def test_an_ncu_after_a_plus_is_the_armys_card_not_another_houses_attachment(catalogue: Catalogue) -> None:
    spec = read("Stark 40\nStark Sworn Swords + Robb Stark, The Wolf Lord (C) + Catelyn Stark\n", catalogue)
    assert units(spec) == [("10201", ["20201"])]  # no Lady Stoneheart (Brotherhood) on the unit
    assert [n.id for n in spec.ncus] == ["30201"] and spec.commander is not None
    assert any(note.startswith("Line 2: 'Catelyn Stark' read as a card the army may take") for note in spec.notes)


def test_a_short_form_read_as_another_houses_card_is_said(catalogue: Catalogue) -> None:
    spec = read(STARK.format(line="Archers (6)"), catalogue)
    assert units(spec)[1:] == [("10407", [])]
    assert any(note.startswith("Line 3: 'Archers' read as Stormcrow Archers (neutral)") for note in spec.notes)


def test_the_faction_is_voted_even_when_a_line_is_not_read(catalogue: Catalogue) -> None:
    spec = read("Points: 30\nStark Sworn Swords (5)\nRobb Stark, The Wolf Lord (C)\nStark Bowmen (6)\nPoints: 50\n", catalogue)
    assert [line for line, _ in spec.not_read] == [5]
    assert spec.faction == "stark"
    assert any(note.startswith("No `Faction:` line: the faction is House Stark") for note in spec.notes)


def test_a_number_first_that_is_the_cost_of_a_version_of_the_card_is_a_cost(catalogue: Catalogue) -> None:
    spec = read("Stark 40\n5 Stark Sworn Swords\n  Robb Stark, The Wolf Lord (C)\n4 Catelyn Stark\n", catalogue)
    assert units(spec) == [("10201", ["20201"])]
    assert [n.id for n in spec.ncus] == ["30201"]  # one Catelyn, at her cost of 4
    assert not any("copies" in note for note in spec.notes)


def test_copies_then_each_ones_cost(catalogue: Catalogue) -> None:
    spec = read(STARK.format(line="Stark Bowmen 2 x 6"), catalogue)
    assert units(spec)[1:] == [("10205", []), ("10205", [])]
    assert not any("written at" in note for note in spec.notes)


@pytest.mark.parametrize("first", ["2x Stark Bowmen", "Stark Bowmen x2", "Stark Bowmen + Sworn Sword Captain"])
def test_a_card_line_above_the_header_lines_is_no_name(catalogue: Catalogue, first: str) -> None:
    spec = read(f"{first}\nFaction: Stark\nStark Sworn Swords (5) + Robb Stark, The Wolf Lord (C)\n", catalogue)
    assert spec.name is None
    assert "10205" in [u for u, _ in units(spec)]


def test_a_faction_tag_chooses_between_cards_of_one_name(catalogue: Catalogue) -> None:
    # as our own sheet prints a neutral card that the army's house also has under that name
    text = "Targaryen 40\nUnsullied Pikemen (7) + Daenerys Targaryen, Mother of Dragons (C)\nStormcrow Mercenaries [neutral] (5)\n"
    neutral = [c.id for c in catalogue.cards.values() if c.title == "Stormcrow Mercenaries" and c.faction == "neutral"]
    assert len(neutral) == 1
    assert units(read(text, catalogue))[1] == (neutral[0], [])


def test_a_card_name_with_a_joiner_in_a_line_of_ncus(catalogue: Catalogue) -> None:
    spec = read("Baratheon 40\nBaratheon Wardens + Stannis Baratheon, The Rightful Heir (C)\n"
                "NCUs: Selyse & Shireen, Queen and Princess (5), Melisandre, The Red Woman (5)\n", catalogue)  # fmt: skip
    assert len(spec.ncus) == 2 and not spec.not_read


def test_a_crossed_out_part_of_a_line_is_not_read(catalogue: Catalogue) -> None:
    text = "Stark Bowmen (6) ~~+ Sworn Sword Captain (1)~~\n[s]Stark Outriders (6)[/s]\n<del>Grey Wind (3)</del>"
    spec = read(STARK.format(line=text), catalogue)
    assert units(spec)[1:] == [("10205", [])] and spec.ncus == []
    assert "Line 3: '~~+ Sworn Sword Captain (1)~~' crossed out; not read." in spec.notes
    assert [n.split(" (")[0] for n in spec.notes if "(crossed out)" in n] == ["Skipped line 4", "Skipped line 5"]


def test_the_marked_commander_leads_when_the_list_fields_two_commander_cards(catalogue: Catalogue) -> None:
    spec = read("Faction: Targaryen\nPoints: 40\nUnsullied Pikemen (7) + Daenerys Targaryen, Mother of Dragons (C)\n"
                "Unsullied Swordmasters (7) + Barristan Selmy\n", catalogue)  # fmt: skip
    assert spec.commander is not None and spec.commander.title == "Daenerys Targaryen, Mother of Dragons"


# --- a third probe: lists in German, French and Chinese ----------------------------------------------------


@pytest.mark.parametrize(
    "line",
    ["NKE: Catelyn Stark und Sansa Stark", "UNC : Catelyn Stark et Sansa Stark",
     "Nicht-Kampfeinheiten: Catelyn Stark und Sansa Stark", "非戰鬥單位：Catelyn Stark 和 Sansa Stark",
     "非戰鬥單位：Catelyn Stark、Sansa Stark"],
)  # fmt: skip
def test_ncus_joined_by_und_et_or_he_after_a_foreign_ncu_label_are_read(catalogue: Catalogue, line: str) -> None:
    spec = read(STARK.format(line=line), catalogue)
    assert [n.id for n in spec.ncus] == ["30201", "30202"]
    assert not spec.not_read and not any("Skipped line 3" in note for note in spec.notes)


def test_a_card_name_holding_und_after_a_foreign_ncu_label_is_read_whole(catalogue: Catalogue) -> None:
    # `Bran und Hodor` is one card (an attachment, so a problem among the NCUs), never `Bran` and `Hodor`
    spec = read(STARK.format(line="NKE: Bran und Hodor, Schützling und Beschützer"), catalogue)
    assert spec.ncus == [] and len(spec.not_read) == 1 and "Bran and Hodor" in spec.not_read[0][1]


def test_a_french_card_name_holding_et_in_a_labelled_list_is_read_whole(catalogue: Catalogue) -> None:
    # `Scorpion et Équipe de Constructeurs` is Builder Scorpion Crew, never `Scorpion` and a card that is none
    spec = read("Maison Lannister 40\nUnités de combat : Scorpion et Équipe de Constructeurs, Gardes Lannister\n", catalogue)
    assert [u.name for u, _ in spec.units] == ["Builder Scorpion Crew", "Lannister Guardsmen"] and not spec.not_read


@pytest.mark.parametrize(
    "line",
    ["敵方附屬：Jaqen H'ghar, Unnamed", "Attachements ennemis : Jaqen H'ghar, Unnamed",
     "Feindliche Aufwertungen: Jaqen H'ghar, Unbenannt", "Enemy attachments: Jaqen H'ghar, Unnamed"],
)  # fmt: skip
def test_an_enemy_attachment_after_a_foreign_label_on_its_line_is_an_enemy_attachment(
    catalogue: Catalogue, line: str
) -> None:
    # not the NCU of that name, nor an attachment of the unit above (the German `--lang de` sheet writes this)
    spec = read(LANNISTER.format(line=f"Lannister Crossbowmen (6)\n{line}"), catalogue)
    assert [e.id for e in spec.enemy_attachments] == ["20413"]
    assert spec.ncus == [] and units(spec)[1] == ("10106", []) and not spec.not_read


@pytest.mark.parametrize(
    ("line", "unit"),
    [("安柏狂戰士 + Umber Champion", ("10203", ["20203"])),
     ("史塔克誓言騎士 + Sworn Sword Captain", ("10201", ["20204"])),
     ("史塔克誓言騎士（Sworn Sword Captain）", ("10201", ["20204"]))],
)  # fmt: skip
def test_a_chinese_named_unit_with_no_cost_before_its_attachment_is_read(
    catalogue: Catalogue, line: str, unit: tuple[str, list[str]]
) -> None:
    # the unit was lost and its attachment joined the unit above
    spec = read(STARK.format(line=f"Stark Bowmen (6)\n{line}"), catalogue)
    assert units(spec)[1:] == [("10205", []), unit] and not spec.not_read


@pytest.mark.parametrize("line", ["史塔克誓言騎士 與 Sworn Sword Captain", "史塔克誓言騎士與Sworn Sword Captain"])
def test_a_chinese_named_unit_joined_by_words_the_reader_does_not_know_is_a_problem(
    catalogue: Catalogue, line: str
) -> None:
    spec = read(STARK.format(line=f"Stark Bowmen (6)\n{line}"), catalogue)
    assert units(spec)[1:] == [("10205", [])] and [n for n, _ in spec.not_read] == [4]


@pytest.mark.parametrize(
    "lines", ["NCU’s: Catelyn Stark (4)", "NCUs’: Catelyn Stark (4)", "NCU’s Catelyn Stark (4)", "NCU‘s:\r\nCatelyn Stark (4)"]
)
def test_an_ncu_label_with_words_autocorrect_apostrophe_is_read(catalogue: Catalogue, lines: str) -> None:
    spec = read(STARK.format(line=lines).replace("\n", "\r\n"), catalogue)
    assert [n.id for n in spec.ncus] == ["30201"] and not spec.not_read


@pytest.mark.parametrize("heading", ["部隊：", "單位："])
def test_the_chinese_heading_units_is_a_heading_not_the_lists_name(catalogue: Catalogue, heading: str) -> None:
    spec = read(f"史塔克家族 40點\n{heading}\n史塔克誓言騎士（5）＋ Robb Stark, The Wolf Lord（C）\n史塔克弓兵（6）\n", catalogue)
    assert spec.name is None and units(spec) == [("10201", ["20201"]), ("10205", [])] and not spec.not_read


@pytest.mark.parametrize(
    ("line", "attachment"),
    [("Theon Graufreud, „Prinz“ von Winterfell", "20808"), ("Asha Graufreud, „Lady Graufreud“", "20816")],
)
def test_a_german_name_with_its_low_and_high_quotes_is_read(catalogue: Catalogue, line: str, attachment: str) -> None:
    # as `cards --lang de` prints it
    spec = read(f"Faction: House Greyjoy\nPoints: 40\nIronborn Reavers (5) + {line}\n", catalogue)
    assert units(spec) == [("10801", [attachment])] and not spec.not_read


MD_SHEET = r"""## Ann\_s list \*one\*

**House Lannister** · 40 points · Commander: **Tyrion Lannister, Halfman** · Player: ann\_smith

- Lannister Guardsmen (5) + Tyrion Lannister, Halfman (C)
- Stormcrow Mercenaries \[neutral\] (5)
- Stormcrow Mercenaries \[neutral\] (5) + Stormcrow Lieutenant \[neutral\] (1)

**Enemy attachments:** Jaqen H'ghar, Unnamed \[neutral\] (1)
"""


def test_our_markdown_sheet_with_its_escapes_reads_back(catalogue: Catalogue) -> None:
    # `\[neutral\]` was no card; `ann\_smith` became `ann\smith`, another player than the YAML list's `ann_smith`
    spec = read(MD_SHEET, catalogue)
    assert units(spec) == [("10101", ["20105"]), ("10406", []), ("10406", ["20414"])]
    assert [e.id for e in spec.enemy_attachments] == ["20413"] and not spec.not_read
    assert spec.player == "ann_smith" and spec.name == "Ann_s list *one*"


@pytest.mark.parametrize("player", ["ann__smith", "ann_smith", r"ann\_smith", r"ann\_\_smith"])
def test_a_players_name_keeps_its_underscores(catalogue: Catalogue, player: str) -> None:
    spec = read(f"Player: {player}\n" + STARK.format(line="Stark Bowmen (6)"), catalogue)
    assert spec.player == player.replace("\\", "")


def test_he_joins_names_only_never_a_players_name_or_a_title(catalogue: Catalogue) -> None:
    spec = read("我和我的狼\nFaction: House Stark\nPoints: 40\nPlayer: 和田\n" + STARK.format(line="NKE: Catelyn Stark 和 Sansa Stark").split("\n", 1)[1], catalogue)
    assert spec.player == "和田" and spec.name == "我和我的狼"
    assert [n.id for n in spec.ncus] == ["30201", "30202"] and not spec.not_read
