"""Browsing: `cards` filters and formats, `card REF` lookups, and the plain-English requirement sentences."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from goldens import assert_golden
from typer.testing import CliRunner, Result

from armybuilder.cli import app
from armybuilder.games.asoiaf.cards import Condition, Requirement
from armybuilder.games.asoiaf.catalogue import Catalogue, load_catalogue
from armybuilder.games.asoiaf.describe import (
    EFFECT_KINDS,
    REQUIREMENT_KINDS,
    deck_role,
    describe_requirement,
)

ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "100", "ARMYBUILDER_NO_CACHE": None, "ARMYBUILDER_DATA": None}
runner = CliRunner(env=ENV)


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("catalogue-cache")


@pytest.fixture(autouse=True)
def _private_cache(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One catalogue cache for this module's runs, outside the user's home."""
    monkeypatch.setenv("ARMYBUILDER_CACHE_DIR", str(cache_dir))


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def ids_in(output: str) -> list[str]:
    """The card ids at the start of table rows."""
    return [line.split()[0] for line in output.splitlines() if line[:5].isdigit()]


# --- cards ------------------------------------------------------------------------------------------------


def test_faction_and_kind_filters() -> None:
    result = run("cards", "--faction", "stark", "--kind", "attachment")
    assert result.exit_code == 0, result.output
    assert "Umber Champion" in result.stdout
    assert "Stark Outriders" not in result.stdout
    assert "30 cards" in result.stdout


def test_faction_by_display_name_matches_key() -> None:
    by_key = run("cards", "--faction", "stark", "--kind", "ncu")
    by_name = run("cards", "--faction", "House Stark", "--kind", "ncu")
    assert by_key.exit_code == by_name.exit_code == 0
    assert by_key.stdout == by_name.stdout


def test_kind_commander_lists_only_commanders(cat: Catalogue) -> None:
    result = run("cards", "--kind", "commander")
    assert result.exit_code == 0, result.output
    ids = ids_in(result.stdout)
    assert len(ids) == sum(1 for c in cat.cards.values() if c.commander) == 84
    assert all(cat.cards[i].commander for i in ids)


def test_character_lists_every_version() -> None:
    result = run("cards", "--character", "Robb Stark")
    assert result.exit_code == 0, result.output
    assert sorted(ids_in(result.stdout)) == ["20201", "20206", "30210"]


def test_type_filter(cat: Catalogue) -> None:
    result = run("cards", "--type", "siege-engine", "--kind", "combat-unit")
    assert result.exit_code == 0, result.output
    ids = ids_in(result.stdout)
    assert ids and all(cat.cards[i].type == "siegeengine" for i in ids)
    assert "Builder Scorpion Crew" in result.stdout


def test_search_ignores_case_and_apostrophes() -> None:
    straight = run("cards", "jaqen h'ghar")
    curly = run("cards", "--search", "JAQEN H\u2019GHAR")
    assert straight.exit_code == curly.exit_code == 0
    assert sorted(ids_in(straight.stdout)) == ["20221", "20413", "30405"]
    assert straight.stdout == curly.stdout


def test_tactics_listed_with_commander() -> None:
    result = run("cards", "--faction", "stark", "--kind", "tactics", "retreat")
    assert result.exit_code == 0, result.output
    assert "commander" in result.stdout.splitlines()[0]
    assert "Sudden Retreat" in result.stdout
    assert "Robb Stark, The Wolf Lord" in result.stdout


def test_no_match_is_friendly() -> None:
    result = run("cards", "--faction", "stark", "no such card anywhere")
    assert result.exit_code == 0
    assert "no cards match" in result.stdout


@pytest.mark.parametrize(
    ("args", "start", "hint"),
    [
        (["--faction", "starks"], "unknown faction 'starks'; did you mean stark? known: stark, ", "stark"),
        (["--kind", "atachment"], "unknown kind 'atachment'; did you mean attachment?", "attachment"),
        (["--type", "cavalery"], "unknown type 'cavalery'; did you mean cavalry?", "cavalry"),
        (["--character", "Rob Stark"], "unknown character 'Rob Stark'; did you mean Robb Stark?", ""),
        (["--format", "yaml"], "unknown format 'yaml'", "json"),
    ],
)
def test_unknown_filter_values_exit_2_with_one_line(args: list[str], start: str, hint: str) -> None:
    result = run("cards", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("armybuilder: error: " + start)
    assert hint in lines[0]


def test_json_and_csv_formats() -> None:
    as_json = run("cards", "--character", "Robb Stark", "--format", "json")
    assert as_json.exit_code == 0, as_json.output
    document = json.loads(as_json.stdout)
    assert document["format_version"] == 1
    rows = document["cards"]
    assert {r["id"]: r["cost"] for r in rows} == {"20201": "C", "20206": 2, "30210": 4}
    assert "\x1b" not in as_json.stdout
    as_csv = run("cards", "--character", "Robb Stark", "--format", "csv")
    records = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    assert [r["id"] for r in records] == [r["id"] for r in rows]
    assert records[0]["characters"] == "Robb Stark"


def test_cards_golden_stark_attachments() -> None:
    result = run("cards", "--faction", "stark", "--kind", "attachment")
    assert result.exit_code == 0, result.output
    assert_golden("cards-stark-attachments.txt", result.stdout)


def test_output_fits_100_columns() -> None:
    for args in (["cards", "--faction", "baratheon"], ["card", "10313"], ["card", "51102"]):
        result = run(*args)
        assert result.exit_code == 0, result.output
        assert max(len(line) for line in result.stdout.splitlines()) <= 100


# --- card -------------------------------------------------------------------------------------------------


def test_card_golden_robb_wolf_lord() -> None:
    result = run("card", "Robb Stark, The Wolf Lord")
    assert result.exit_code == 0, result.output
    assert_golden("card-robb-stark-wolf-lord.txt", result.stdout)


def test_card_by_id_and_any_case_is_the_same() -> None:
    by_id = run("card", "20201")
    by_title = run("card", "robb stark, the wolf lord")
    assert by_id.exit_code == by_title.exit_code == 0
    assert by_id.stdout == by_title.stdout


def test_card_brynden_tully_is_ambiguous() -> None:
    # four Stark cards carry the name: two commanders and two attachments
    result = run("card", "Brynden Tully")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "'Brynden Tully' matches 4 cards" in result.stderr
    for ident in ("20208", "20209", "20214", "20215"):
        assert ident in result.stderr
    assert "Brynden Tully, The Blackfish" in result.stderr
    assert "Name, Subname" in result.stderr


def test_card_full_title_shows_the_blackfish() -> None:
    result = run("card", "Brynden Tully, The Blackfish")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Brynden Tully, The Blackfish  (20208)")
    assert "commander (attachment)" in out
    for tactic in ("Set for Charge", "Refuse to Yield", "War Cry"):
        assert tactic in out
    assert "Other versions of this character" in out
    for other in ("Unyielding Knight", "Vanguard Infiltrator", "Outrider Commander"):
        assert other in out


def test_card_curly_apostrophe_matches() -> None:
    result = run("card", "Jaqen H\u2019ghar, Mysterious Prisoner")
    assert result.exit_code == 0, result.output
    assert "Jaqen H'ghar, Mysterious Prisoner  (20221)" in result.stdout


def test_unknown_card_suggests() -> None:
    result = run("card", "Brynden Tuly")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("armybuilder: error: unknown card 'Brynden Tuly'; did you mean: ")
    assert "Brynden Tully, The Blackfish" in lines[0]


def test_ambiguous_lists_candidates_with_ids() -> None:
    result = run("card", "Robb Stark")
    assert result.exit_code == 2
    err = result.stderr
    assert "'Robb Stark' matches 3 cards" in err
    assert "20201  Robb Stark, The Wolf Lord" in err
    assert "20206  Robb Stark, The Young Wolf" in err
    assert "30210  Robb Stark, King in the North" in err


def test_same_title_needs_the_id() -> None:
    result = run("card", "Watch Marshal")
    assert result.exit_code == 2
    assert "10510" in result.stderr and "20520" in result.stderr


def test_combat_unit_shows_stats_attacks_and_requirements() -> None:
    result = run("card", "Grey Wind")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "speed" in out and "defense" in out and "morale" in out and "wounds" in out
    assert "Tooth & Claw" in out and "Melee" in out and "3+" in out
    assert "Only with Robb Stark in the army." in out


def test_requirements_in_plain_english() -> None:
    result = run("card", "Winterfell Champion")
    assert result.exit_code == 0, result.output
    assert "First copy is free while Eddard Stark, Lord of Winterfell is in the army." in result.stdout


def test_tactics_card_by_id_and_name() -> None:
    by_id = run("card", "40208")
    assert by_id.exit_code == 0, by_id.output
    assert "Commander tactics card of Robb Stark, The Wolf Lord (20201)." in by_id.stdout
    by_name = run("card", "sudden retreat")
    assert by_name.exit_code == 2  # a Stark commander card and a Targaryen faction card share the name
    assert "40208" in by_name.stderr and "40702" in by_name.stderr


def test_replaced_faction_tactics_card() -> None:
    result = run("card", "40702")
    assert result.exit_code == 0, result.output
    assert "Faction tactics card of House Targaryen." in result.stdout
    assert "Assault Orders (40710)" in result.stdout


def test_commander_replacing_a_faction_card() -> None:
    result = run("card", "Davos Seaworth, Hero of Blackwater")
    assert result.exit_code == 0, result.output
    assert "Final Strike (40606)" in result.stdout


def test_special_cards_of_a_card_and_by_id() -> None:
    mag = run("card", "10313")
    assert mag.exit_code == 0, mag.output
    assert "Chieftain of the Giants" in mag.stdout
    assert "at cost 5 instead of 9" in mag.stdout
    special = run("card", "Brotherhood Without Banners")
    assert special.exit_code == 0, special.output
    assert "One attachment in the army costs 1 less." in special.stdout


def test_no_color_flag_and_env_give_no_escape_codes() -> None:
    colour_runner = CliRunner(env={**ENV, "NO_COLOR": None})
    result = colour_runner.invoke(app, ["card", "20201", "--no-color"])
    assert result.exit_code == 0, result.output
    assert "\x1b[" not in result.stdout
    assert "\x1b[" not in run("cards", "-f", "stark").stdout


# --- describe_requirement ---------------------------------------------------------------------------------

R = Requirement
SENTENCES: list[tuple[Requirement, str]] = [
    (R("requires_in_army", any_of=("Robb Stark",)), "Only with Robb Stark in the army."),
    (
        R("requires_in_army", any_of=("Qyburn", "Tommen Baratheon, Next in Succession")),
        "Only with Qyburn or Tommen Baratheon, Next in Succession in the army.",
    ),
    (
        R("not_in_army_with", any_of=("Loras Tyrell", "Brienne")),
        "Not allowed in an army that includes Loras Tyrell or Brienne.",
    ),
    (
        R("must_attach_to", target="Eddard Stark, Lord of Winterfell"),
        "Eddard Stark, Lord of Winterfell must join this unit.",
    ),
    (R("must_join_unit_of", target="Rickon Stark"), "May only join the unit of Rickon Stark."),
    (R("limited", max=2), "At most 2 copies."),
    (R("limited", max=1), "At most 1 copy."),
    (R("limited", max=2, shared_with=("Watch Marshal",)), "At most 2 copies (shared with Watch Marshal)."),
    (
        R("limited_per_unit", max=1, per_any_of=("Golden Company Swordsmen", "Golden Company Crossbowmen")),
        "At most 1 copy for each Golden Company Swordsmen or Golden Company Crossbowmen unit in the army.",
    ),
    (
        R("waives_limit_of", target="Builder Scorpion Crew"),
        "While this card is in the army, Builder Scorpion Crew has no copy limit.",
    ),
    (
        R("ignores_attachment_limit"),
        "May join a unit even when it already has its usual attachments.",
    ),
    (
        R("ignores_attachment_limit", only_when_joining_unit_of="Grenn"),
        "May join the unit of Grenn even when it already has its usual attachments.",
    ),
    (
        R(
            "cost_modifier",
            applies_to="self",
            amount=-1,
            condition=Condition(in_army_any_of=("Cersei Lannister",)),
        ),
        "Costs 1 less while Cersei Lannister is in the army.",
    ),
    (
        R(
            "cost_modifier",
            applies_to="self",
            set_to=0,
            count=1,
            condition=Condition(in_army_any_of=("Eddard Stark, Lord of Winterfell",)),
        ),
        "First copy is free while Eddard Stark, Lord of Winterfell is in the army.",
    ),
    (
        R(
            "cost_modifier",
            applies_to="self",
            amount=-1,
            condition=Condition(attached_to_unit_of="Bastard's Girls"),
        ),
        "Costs 1 less when joining the unit of Bastard's Girls.",
    ),
    (
        R(
            "cost_modifier",
            applies_to="any_attachment",
            amount=-1,
            count=1,
            condition=Condition(attached_to_this_unit=True),
        ),
        "One attachment costs 1 less when joining this unit.",
    ),
    (
        R(
            "cost_modifier",
            applies_to=("Tyrion Lannister",),
            set_to=0,
            condition=Condition(attached_to_this_unit=True),
        ),
        "Tyrion Lannister is free when joining this unit.",
    ),
    (
        R("cost_modifier", applies_to=("Drogon", "Rhaegal", "Viserion"), amount=-1, count=1),
        "One of Drogon, Rhaegal or Viserion costs 1 less.",
    ),
    (
        R("cost_modifier", applies_to=("Skinner, Bastard's Boy", "Grunt, Bastard's Boy"), set_to=0, count=1),
        "One of Skinner, Bastard's Boy or Grunt, Bastard's Boy is free.",
    ),
    (R("cost_modifier", applies_to="self", amount=1, count=2), "First 2 copies cost 1 more."),
    (R("cost_modifier", applies_to=("Drogon", "Rhaegal"), set_to=0), "Drogon and Rhaegal are free."),
    (
        R("exclusive_loyalty", loyalty="Greens"),
        "Loyal to Greens; the army may include no card with a different loyalty.",
    ),
    (
        R("exclusive_loyalty", loyalty="Stannis Baratheon", derived_from="ability"),
        "Loyal to Stannis Baratheon (taken from its commander's Loyalty ability); "
        "the army may include no card with a different loyalty.",
    ),
    (R("attach_only_to_faction", faction="greyjoy"), "May only join greyjoy combat units, not neutral ones."),
    (
        R("attach_to_enemy_unit", unit_type="infantry", timing="after_deployment"),
        "Bought by you but attached to an enemy infantry unit after deployment, "
        "ignoring the usual attachment limits.",
    ),
    (
        R("only_via_ability", ability="Bonded Skinchanger", ability_owner="Skinchanger"),
        "Not recruited; it only enters play through the Bonded Skinchanger ability of Skinchanger.",
    ),
    (R("only_via_ability", ability="Warg"), "Not recruited; it only enters play through the Warg ability."),
    (R("other", summary="needs a sunny day"), "Needs a sunny day."),
    # special-card effects
    (R("faction_rule"), "A faction rule used during the game; it does not change army building."),
    (R("game_card"), "An extra card used during the game by abilities; it does not change army building."),
    (
        R("unit_tokens", unit="Kingsguard", token="banner", count=4),
        "Kingsguard starts the game with 4 banner tokens.",
    ),
    (
        R(
            "extra_tactics_zone",
            condition=Condition(in_army_any_of=("Pyat Pree, Warlock of Qarth",)),
            unique_in_game=True,
        ),
        "Adds an extra tactics zone while Pyat Pree, Warlock of Qarth is in the army (only one in the game).",
    ),
    (
        R("cost_modifier", applies_to="any_attachment", amount=-1, count=1),
        "One attachment in the army costs 1 less.",
    ),
    (
        R(
            "army_may_include",
            max=1,
            factions=("baratheon", "stark"),
            card_kinds=("combat_units",),
            counts_as="non_neutral",
        ),
        "The army may include 1 combat unit from baratheon or stark, counted as a non-neutral card.",
    ),
    (R("army_excludes", factions=("neutral",)), "The army may include no neutral cards."),
    (
        R(
            "army_excludes",
            factions=("bolton",),
            any_of=("Roose Bolton", "Walder Frey"),
            condition=Condition(in_army_any_of=("Catelyn Stark, Lady Stoneheart",)),
        ),
        "While Catelyn Stark, Lady Stoneheart is in the army, the army may include no bolton cards "
        "and none of Roose Bolton and Walder Frey.",
    ),
    (
        R(
            "alternate_commander",
            card="Mag the Mighty",
            commander_card_id="10313",
            cost=5,
            normal_cost=9,
            replaces_faction_tactics="all",
        ),
        "Mag the Mighty (10313) may be the army's commander at cost 5 instead of 9; "
        "it uses its own tactics cards instead of the faction's.",
    ),
    (
        R(
            "alternate_commander",
            card="Varamyr Sixskins",
            commander_card_id="10318",
            cost=2,
            requires_in_army_all_of=("Shadowcat", "Wolf Pack"),
        ),
        "Varamyr Sixskins (10318) may be the army's commander at cost 2; "
        "it needs Shadowcat and Wolf Pack in the army.",
    ),
]


@pytest.mark.parametrize(("req", "sentence"), SENTENCES, ids=lambda v: getattr(v, "kind", ""))
def test_describe_requirement(req: Requirement, sentence: str) -> None:
    assert describe_requirement(req) == sentence


def test_every_kind_has_a_sentence_test() -> None:
    tested = {req.kind for req, _ in SENTENCES}
    assert tested >= set(REQUIREMENT_KINDS) | set(EFFECT_KINDS)


def test_faction_names_with_a_catalogue(cat: Catalogue) -> None:
    req = R("attach_only_to_faction", faction="greyjoy")
    assert describe_requirement(req, cat) == "May only join House Greyjoy combat units, not neutral ones."


def test_every_requirement_in_the_data_reads_as_one_sentence(cat: Catalogue) -> None:
    reqs = [r for c in cat.cards.values() for r in c.requirements]
    reqs += [e for s in cat.specials.values() for e in s.effects]
    for req in reqs:
        text = describe_requirement(req, cat)
        assert req.kind in REQUIREMENT_KINDS + EFFECT_KINDS
        assert text[0].isupper() and text.endswith("."), text
        assert "None" not in text and "\n" not in text, text


def test_unknown_kind_falls_back() -> None:
    assert describe_requirement(R("moon_phase")) == "A requirement of kind 'moon_phase'."
    assert describe_requirement(R("moon_phase", summary="only at full moon")) == "Only at full moon."


def test_deck_roles(cat: Catalogue) -> None:
    assert deck_role(cat.tactics["40201"], cat) == "Faction tactics card of House Stark."
    assert (
        deck_role(cat.tactics["40208"], cat) == "Commander tactics card of Robb Stark, The Wolf Lord (20201)."
    )
    assert deck_role(cat.tactics["40629"], cat).endswith(", replacing Final Strike (40606).")
    assert deck_role(cat.tactics["40326"], cat).endswith(", replacing every faction tactics card.")
    shared = deck_role(cat.tactics["40911"], cat)
    assert "Areo Hotah" in shared and "Doran Martell" in shared
