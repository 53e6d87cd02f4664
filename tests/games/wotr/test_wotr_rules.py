"""Every rule of War of the Ring: valid positions give no problem at all; invalid ones give exactly the
(rule, line) pairs marked `# <- rule-id` in their text."""

from __future__ import annotations

import pytest
from wotr_support import check, found, marked, setup_text

from armybuilder.games.wotr.rules import RULES
from armybuilder.problems import Severity

G = "game: war-of-the-ring\n"

VALID: dict[str, list[str]] = {
    "unknown-region": [
        G + "board:\n  Barad Dûr: {sauron: {regular: 1}}\n  米那斯提力斯: {gondor: {regular: 1}}\n",
        G + "fellowship: {location: lothlórien}\ncharacters: {Legolas: eagles eyrie}\n",
        G + "captured: {依魯伯: shadow}\n",
    ],
    "unknown-figure": [
        G + "reinforcements: {索倫: {戒靈: 2, 常規部隊: 1}, Southrons & Easterlings: {elite: 1}}\n",
        G + "eliminated: [Merry, 神行客, Gandalf the Grey]\n",
        G + "board:\n  Erebor: {矮人: {}}\n",
    ],
    "figure-pool": [
        G + "board:\n  Minas Tirith: {gondor: {regular: 9}}\nreinforcements: {gondor: {regular: 6}}\n",
        setup_text().replace("turn: 0", "turn: 1"),
    ],
    "stacking-limit": [
        G + "board:\n  Minas Tirith: {gondor: {regular: 5, elite: 3, leader: 4}, rohan: {elite: 2}}\n",
    ],
    "besieged-not-stronghold": [
        G + "besieged:\n  Moria: {sauron: {regular: 3}}\ncaptured: {}\nboard:\n  Moria: {dwarves: {regular: 1}}\n",
        G + "besieged:\n  Erebor: {sauron: {regular: 3}}\ncaptured: {Erebor: shadow}\n",
    ],
    "siege-without-besieger": [
        G + "board:\n  Minas Tirith: {sauron: {regular: 3}}\nbesieged:\n  Minas Tirith: {gondor: {regular: 2}}\n",
    ],
    "opposing-armies": [
        G + "board:\n  Lorien: {sauron: {regular: 2}}\nbesieged:\n  Lorien: {elves: {regular: 2}}\n",
    ],
    "leader-alone": [
        G + "board:\n  Minas Tirith: {sauron: {regular: 4}}\nbesieged:\n  Minas Tirith: {gondor: {leader: 2, elite: 1}}\n",
    ],
    "minion-in-free-stronghold": [
        G + "board:\n  Rivendell: {sauron: {nazgul: 1, regular: 1}}\ncaptured: {}\n",
        G + "board: {}\ncaptured: {}\ncharacters: {Witch-king: Moria, Mouth of Sauron: Fangorn}\n",
    ],
    "saruman-leaves-orthanc": [
        G + "characters: {Saruman: Orthanc}\n",
    ],
    "character-once": [
        G + "fellowship: {companions: [Legolas, Gimli]}\ncharacters: {Boromir: Minas Tirith}\neliminated: [Meriadoc]\n",
    ],
    "replaced-character": [
        G + "fellowship: {companions: [Gandalf the Grey]}\ncharacters: {Strider: Dol Amroth}\n",
    ],
    "fellowship-guide": [
        G + "fellowship: {guide: Gimli, companions: [Legolas, Gimli, Meriadoc]}\n",
        G + "fellowship: {guide: Gollum, companions: []}\n",
    ],
    "fellowship-track": [
        G + "fellowship: {location: null, progress: 0, corruption: 11, mordor_step: 5}\n",
    ],
    "action-dice": [
        G + "characters: {Aragorn: Minas Tirith, Witch-king: Moria}\naction_dice: {free_peoples: 5, shadow: 8}\n",
        G + "phase: 6\ncharacters: {}\naction_dice: {free_peoples: 4}\n",
    ],
    "hunt-allocation": [
        G + "fellowship: {companions: []}\nhunt: {allocated: 1, free_peoples_dice_returned: true}\naction_dice: {shadow: 7}\n",
        G + "fellowship: {companions: [Legolas, Gimli]}\nhunt: {allocated: 2}\n",
    ],
    "elven-rings": [
        G + "elven_rings: {free_peoples: 1, shadow: 1, spent: 1}\n",
    ],
    "hand-limit": [
        G + "players: 3\nhands: {free_peoples: 6, witch_king_player: 4, 薩魯曼索倫聯盟玩家: 4}\n",
    ],
    "political-track": [
        G + "political:\n  gondor: {box: 2}\n  sauron: {box: 1}\n  southrons: {box: 2}\n",  # their starting boxes
        G + "political:\n  gondor: {box: 0, active: true}\n  dwarves: {box: 2, active: false}\n  elves: {box: 1}\n",
    ],
    "political-board": [  # at the boundary: exactly one box per capture, active with an enemy army in
        G + "captured: {Dale: shadow}\npolitical: {north: {box: 2, active: true}}\n",
        G + "board:\n  Westemnet: {isengard: {regular: 1}}\ncaptured: {Westemnet: shadow}\n"
        "political: {rohan: {box: 2, active: true}}\n",
        G + "board:\n  Druadan Forest: {sauron: {regular: 1}}\npolitical: {gondor: {box: 2, active: false}}\n",
        G + "board:\n  Edoras: {rohan: {leader: 1, regular: 1}}\n  Fangorn: {sauron: {nazgul: 2}}\n"
        "political: {rohan: {box: 3, active: false}}\n",
    ],
    "settlement-control": [
        G + "board:\n  Edoras: {isengard: {regular: 1}}\ncaptured: {Edoras: shadow}\n",
        G + "board:\n  Edoras: {rohan: {regular: 1}}\ncaptured: {}\n",
        G + "board:\n  Edoras: {sauron: {nazgul: 2}}\ncaptured: {}\n",  # Nazgûl alone capture nothing
        G + "board:\n  Helm's Deep: {isengard: {regular: 3}}\nbesieged:\n  Helm's Deep: {rohan: {regular: 1}}\n"
        "captured: {}\n",  # a siege, not a capture
        G + "board:\n  Helm's Deep: {isengard: {regular: 3}}\ncaptured: {}\n",  # no besieged: not judged
    ],
    "not-at-war-abroad": [
        G + "board:\n  Fangorn: {north: {regular: 1}}\n  Erebor: {north: {regular: 1}}\n"
        "political: {north: {box: 0, active: true}}\n",
        G + "board:\n  Erebor: {north: {regular: 1}}\n  Dale: {sauron: {nazgul: 1}}\npolitical: {sauron: {box: 1}}\n",
    ],
    "victory-points": [
        G + "captured: {Minas Tirith: shadow, Pelargir: shadow, Bree: shadow, Umbar: free_peoples}\n"
        "victory_points: {shadow: 3, free_peoples: 2}\n",
    ],
    "victory-claim": [
        G + "fellowship: {corruption: 12}\nresult: shadow-ring\n",
        G + "fellowship: {corruption: 3, mordor_step: 5, location: null}\nresult: Free Peoples ring\n",
        G + "fellowship: {corruption: 12}\nresult: free-peoples-concession\n",
        G + "victory_points: {shadow: 10}\nresult: shadow-military\n",
    ],
    "standard-setup": [
        setup_text(),
        setup_text(4),
    ],
    "multiplayer-control": [
        G + "players: 3\ncontrol:\n  free_peoples: [dwarves, rohan]\n  saruman_player: [Saruman, southrons]\n",
    ],
    "schema": [
        G + "edition: 2\nplayers: 4\nturn: 3\nphase: 6\nname: Ladder game 17\n",
        G + "fellowship: {location: null, mordor_step: null, revealed: true}\n",
    ],
}

INVALID: dict[str, list[str]] = {
    "unknown-region": [
        G + "board:\n  Mordor: {sauron: {regular: 1}}  # <- unknown-region\n",
        G + "fellowship:\n  location: Rivendel  # <- unknown-region\ncharacters:\n  Legolas: Nowhere  # <- unknown-region\n",
        G + "besieged:\n  Erebr: {}  # <- unknown-region\ncaptured:\n  Dal: shadow  # <- unknown-region\n",
    ],
    "unknown-figure": [
        G + "reinforcements:\n  isengard: {leader: 1}  # <- unknown-figure\n",
        G + "reinforcements:\n  dwarfs: {leader: 1}  # <- unknown-figure\n",
        G + "eliminated:\n  - Gandalf  # <- unknown-figure\n",
        G + "board:\n  Erebor: {dwarves: {cavalry: 1}}  # <- unknown-figure\n",
        G + "board:\n  Erebor: {dwarves: {nazgul: 1}}  # <- unknown-figure\n",
        G + "fellowship:\n  guide: Frodo  # <- unknown-figure\n",
        G + "players: 4\ncontrol:\n  gondor_player: [gondor, Numenor]  # <- unknown-figure\n",
    ],
    "figure-pool": [
        G + "board:\n  Minas Tirith: {gondor: {regular: 9}}\nreinforcements:\n  gondor: {regular: 7}  # <- figure-pool\n",
        G + "board:\n  Gorgoroth: {sauron: {nazgul: 5}}\n  Moria: {sauron: {nazgul: 4}}  # <- figure-pool\n",
        setup_text()
        .replace("turn: 0", "turn: 1")
        .replace("  rohan:     {regular: 6, elite: 4, leader: 3}", "  rohan:     {regular: 6, elite: 2, leader: 3}  # <- figure-pool"),
    ],
    "stacking-limit": [
        G + "board:\n  Gorgoroth:  # <- stacking-limit\n    sauron: {regular: 9, elite: 1}\n    isengard: {regular: 1}\n",
    ],
    "besieged-not-stronghold": [
        G + "besieged:\n  Helm's Deep: {rohan: {regular: 1}}  # <- besieged-not-stronghold\ncaptured: {Helm's Deep: shadow}\n",
        G + "captured: {}\nbesieged:\n  Orthanc: {rohan: {regular: 1}}  # <- besieged-not-stronghold\n",
    ],
    "siege-without-besieger": [
        G + "board:\n  Minas Tirith: {sauron: {nazgul: 3}}\nbesieged:\n"
        "  Minas Tirith: {gondor: {leader: 1, regular: 1}}  # <- siege-without-besieger\n",
    ],
    "opposing-armies": [
        G + "besieged:\n  Minas Tirith: {gondor: {regular: 2}, sauron: {nazgul: 1}}  # <- opposing-armies\n",
    ],
    "leader-alone": [
        G + "board:\n  Minas Tirith: {sauron: {regular: 4}}\nbesieged:\n  Minas Tirith: {gondor: {leader: 2}}  # <- leader-alone\n",
        G + "board:\n  Fangorn: {rohan: {leader: 1}, sauron: {nazgul: 2}}  # <- leader-alone\n",
    ],
    "minion-in-free-stronghold": [
        G + "board: {}\ncaptured: {}\ncharacters:\n  Witch-king: Rivendell  # <- minion-in-free-stronghold\n",
        G + "board: {}\ncaptured: {Moria: free_peoples}\ncharacters:\n  Mouth of Sauron: Moria  # <- minion-in-free-stronghold\n",
    ],
    "character-once": [
        G + "fellowship:\n  companions:\n    - Boromir\n    - Boromir  # <- character-once\n",
        G + "fellowship:\n  companions: [Boromir]\neliminated:\n  - Boromir  # <- character-once\n",
        G + "eliminated: [Gimli]\ncharacters:\n  Gimli: Erebor  # <- character-once\n",
        G + "fellowship:\n  companions: [Legolas]\ncharacters:\n  Legolas: Woodland Realm  # <- character-once\n",
    ],
    "replaced-character": [
        G + "fellowship:\n  companions: [Strider]\ncharacters:\n  Aragorn: Minas Tirith  # <- replaced-character\n",
        G + "characters:\n  Gandalf the Grey: Fangorn\n  Gandalf the White: Edoras  # <- replaced-character\n",
    ],
    "fellowship-guide": [
        G + "fellowship:\n  guide: Meriadoc  # <- fellowship-guide\n  companions: [Strider, Meriadoc]\n",
        G + "fellowship:\n  guide: Gollum  # <- fellowship-guide\n  companions: [Peregrin]\n",
        G + "fellowship:\n  guide: Boromir  # <- fellowship-guide\n  companions: [Meriadoc]\n",
    ],
    "fellowship-track": [
        G + "fellowship:\n  corruption: 13  # <- fellowship-track\n",
        G + "fellowship:\n  corruption: -2  # <- fellowship-track\n",
        G + "fellowship:\n  mordor_step: 6  # <- fellowship-track\n  location: null\n",
        G + "fellowship:\n  mordor_step: 2\n  location: Gorgoroth  # <- fellowship-track\n",
    ],
    "action-dice": [
        G + "characters: {Gandalf the White: Fangorn}\naction_dice:\n  free_peoples: 6  # <- action-dice\n",
        G + "characters: {}\naction_dice:\n  shadow: 8  # <- action-dice\n",
    ],
    "hunt-allocation": [
        G + "fellowship: {companions: [Legolas, Gimli]}\nhunt:\n  allocated: 3  # <- hunt-allocation\n",
        G + "hunt:\n  allocated: 0  # <- hunt-allocation\n  free_peoples_dice_returned: true\n",
        G + "phase: 3\naction_dice: {shadow: 2}\nhunt:\n  allocated: 3  # <- hunt-allocation\n",
    ],
    "hand-limit": [
        G + "players: 4\nhands:\n  gondor_player: 5  # <- hand-limit\n",
        G + "players: 3\nhands:\n  free_peoples: 6\n  witch_king_player: 5  # <- hand-limit\n",
    ],
    "political-track": [
        G + "political:\n  gondor: {box: 3}  # <- political-track\n",  # one over its starting box 2
        G + "political:\n  sauron: {box: 2}  # <- political-track\n",
        G + "political:\n  gondor: {box: 0, active: false}  # <- political-track\n",
        G + "political:\n  elves: {active: false}  # <- political-track\n",
        G + "political:\n  isengard: {box: 2, active: false}  # <- political-track\n",
    ],
    "political-board": [  # one step over: a box too high, a nation left passive
        G + "captured: {Dale: shadow}\npolitical:\n  north: {box: 3, active: true}  # <- political-board\n",
        G + "board:\n  Fords of Isen: {isengard: {regular: 1}}\n"
        "political:\n  rohan: {box: 3, active: false}  # <- political-board\n",
        G + "captured: {Dale: shadow}\npolitical:\n  north: {box: 3, active: false}  # <- political-board\n",
        G + "besieged:\n  Helm's Deep: {sauron: {regular: 2}}\npolitical:\n  rohan: {active: false}  # <- political-board\n",
    ],
    "settlement-control": [
        G + "board:\n  Edoras: {rohan: {regular: 1}}\ncaptured:\n  Edoras: shadow  # <- settlement-control\n",
        G + "board:\n  Helm's Deep: {isengard: {regular: 3}}  # <- settlement-control\nbesieged: {}\ncaptured: {}\n",
        G + "board:\n  Westemnet: {isengard: {regular: 1}}  # <- settlement-control\ncaptured: {Edoras: shadow}\n",
    ],
    "not-at-war-abroad": [
        G + "board:\n  Minas Tirith:\n    sauron: {regular: 1}\nbesieged:\n  Minas Tirith:\n"
        "    rohan: {leader: 1, regular: 1}  # <- not-at-war-abroad\npolitical: {rohan: {box: 2}}\n",
        # a place read stack by stack (an entry of it is malformed): the problem still points at the nation's key
        G + "board:\n  Erebor:\n    dwarves: {regular: 1, bogus: 2}  # <- unknown-figure\n"
        "    north: {regular: 1}  # <- not-at-war-abroad\npolitical: {north: {box: 1}}\n",
    ],
    "victory-points": [
        G + "captured: {Dale: shadow}\nvictory_points:\n  shadow: 2  # <- victory-points\n",
        G + "captured:\n  Dale: free_peoples  # <- victory-points\n",
        G + "captured: {Umbar: free_peoples}\nvictory_points:\n  free_peoples: 0  # <- victory-points\n",
    ],
    "victory-claim": [
        G + "captured: {Umbar: free_peoples}\nresult: free-peoples-military  # <- victory-claim\n",
        G + "fellowship: {corruption: 12}\nvictory_points: {shadow: 10}\nresult: shadow-military  # <- victory-claim\n",
        G + "fellowship: {corruption: 4, mordor_step: 3, location: null}\nresult: free-peoples-ring  # <- victory-claim\n",
    ],
    "standard-setup": [
        setup_text()
        .replace("  Rivendell:      {elves: {elite: 2, leader: 1}}", "  Rivendell:      {elves: {elite: 3, leader: 1}}  # <- standard-setup")
        .replace("  elves:     {regular: 2, elite: 4, leader: 0}", "  elves:     {regular: 2, elite: 4, leader: 0}  # <- figure-pool"),
        setup_text().replace(
            "characters: {}               # characters on the map: name -> region",
            "characters: {Strider: Bree}  # <- standard-setup, character-once",
        ),
        setup_text().replace("  progress: 0", "  progress: 1  # <- standard-setup"),
        setup_text().replace("hands: {free_peoples: 0, shadow: 0}", "hands: {free_peoples: 0, shadow: 2}  # <- standard-setup"),
        setup_text().replace(
            "  gondor:    {box: 2, active: false}", "  gondor:    {box: 1, active: false}  # <- standard-setup"
        ),
    ],
    "multiplayer-control": [
        G + "players: 4\ncontrol:\n  gondor_player:\n    - gondor\n    - rohan  # <- multiplayer-control\n",
    ],
    "schema": [
        G + "edition: 1  # <- schema\nplayers: 5  # <- schema\n",
        G + "turn: 0\nphase: 2  # <- schema\n",
        G + "fellowshp: {}  # <- schema\n",
        G + "board:\n  Erebor: {dwarves: {regular: two}}  # <- schema\n",
        G + "board:\n  Erebor: {}\n  依魯伯: {}  # <- schema\n",
        G + "control: {}  # <- schema\n",
        G + "captured:\n  Dale: orcs  # <- schema\n",
        G + "result: shadow-victory  # <- schema\n",
        G + "hands:\n  gondor_player: 2  # <- schema\n",
        G + "fellowship:\n  companions:\n    - Gollum  # <- schema\n",
        G + "characters:\n  Gollum: Moria  # <- schema\n",
        G + "action_dice:\n  free_peoples: 4\n  neutral: 1  # <- schema\n",
        G + "fellowship:\n  corruption: 1000  # <- schema\n",
        G + "turn: -1  # <- schema\n",
        G + "board: [Erebor]  # <- schema\n",
    ],
    "syntax": [
        G + "board: {a: b}}  # <- syntax\n",
    ],
}


# each rule's own examples (`armybuilder rules ID` shows them) are its first cases: written once, in the rule
for _rule in RULES:
    if _rule.valid is not None:
        VALID.setdefault(_rule.id, []).insert(0, _rule.valid)
    if _rule.invalid is not None:
        INVALID.setdefault(_rule.id, []).insert(0, _rule.invalid)

def _cases(table: dict[str, list[str]]) -> list[object]:
    return [pytest.param(rule, text, id=f"{rule}-{i}") for rule, texts in table.items() for i, text in enumerate(texts)]


@pytest.mark.parametrize(("rule", "text"), _cases(VALID))
def test_valid(rule: str, text: str) -> None:
    report = check(text)
    assert report.problems == [], [f"{p.line}: {p.rule}: {p.message}" for p in report.problems]
    assert report.valid


@pytest.mark.parametrize(("rule", "text"), _cases(INVALID))
def test_invalid(rule: str, text: str) -> None:
    expected = marked(text)
    assert rule in {r for r, _ in expected}
    report = check(text)
    assert found(report) == expected, [f"{p.line}: {p.rule}: {p.message}" for p in report.problems]


def test_every_rule_has_valid_and_invalid_cases() -> None:
    for rule in RULES.ids():
        assert INVALID.get(rule), f"no invalid case for {rule}"
        if rule != "syntax":
            assert VALID.get(rule), f"no valid case for {rule}"


def test_figure_pool_warning_counts_the_missing_figures() -> None:
    text = INVALID["figure-pool"][3]
    [problem] = check(text).problems
    assert problem.severity is Severity.WARNING
    assert problem.message.startswith("2 Rohan elites are unaccounted for (3 of the 5 found)")


def test_figure_pool_points_where_the_total_first_passes_the_box() -> None:
    text = G + "board:\n  Dol Amroth: {gondor: {regular: 10}}\n  Pelargir: {gondor: {regular: 6}}\n  Lamedon: {gondor: {regular: 6}}\n"
    [problem] = check(text).problems
    assert (problem.rule, problem.line) == ("figure-pool", 4)
    assert problem.message == "Gondor has 22 regular figures out of the box, but the box holds 15; remove 7"


def test_action_dice_is_a_warning_late_in_the_turn() -> None:
    text = G + "phase: 5\ncharacters: {}\naction_dice: {free_peoples: 5}\n"
    [problem] = check(text).problems
    assert (problem.rule, problem.severity) == ("action-dice", Severity.WARNING)
    assert check(text).valid


def test_spec_message_templates() -> None:
    messages = {p.rule: p.message for p in check(INVALID["victory-claim"][1]).problems}
    assert messages["victory-claim"] == "a Free Peoples military victory needs 4 VP; the Free Peoples have 2 VP"
    text = G + "board:\n  Minas Tirith: {gondor: {regular: 8, elite: 3}}\n"
    [problem] = check(text).problems
    assert problem.message.startswith(
        "Minas Tirith holds 11 Free Peoples army units; at most 10 may stand in one region; remove 1"
    )
    [problem] = check(INVALID["not-at-war-abroad"][0]).problems
    assert problem.message == (
        "Northern units in Erebor (a region of the Dwarves) while the North is not At War; allowed only after a retreat"
    )
    [problem] = check(INVALID["multiplayer-control"][1]).problems
    assert problem.message.startswith("the Gondor player controls Gondor and the Elves, not Rohan")
    [problem] = check(INVALID["unknown-figure"][0]).problems
    assert problem.message.startswith("Isengard has no leader figures")


def test_unknown_names_leave_their_entry_out() -> None:
    text = G + "board:\n  Mordr: {gondor: {regular: 11}}\n  Erebor: {dwarfs: {regular: 11}}\n"
    assert found(check(text)) == [("unknown-figure", 4), ("unknown-region", 3)]


def test_schema_node_is_left_out_of_the_rules() -> None:
    text = G + "fellowship:\n  corruption: 1000\nresult: shadow-ring\n"
    assert found(check(text)) == [("schema", 3)]


def test_victory_claim_unknown_inputs_are_not_judged() -> None:
    assert check(G + "result: shadow-military\nfellowship: {progress: 3}\n").problems == []


def test_set_up_missing_region_points_at_board_key() -> None:
    text = INVALID["standard-setup"][0]
    [problem] = [p for p in check(text).problems if p.rule == "standard-setup"]
    assert problem.line == text.splitlines().index("board:  # <- standard-setup") + 1
    assert problem.message.startswith("set-up: Dale should hold 1 Northern regular and 1 leader")
