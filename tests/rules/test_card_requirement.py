"""card-requirement: every recruitment condition printed on a card and every army-building special.

One valid and one invalid list per requirement kind of the vocabulary (see the card reference README);
cost modifiers are checked through the totals they produce.
"""

from __future__ import annotations

import pytest
from armycheck import check, cost_of, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import ListReport
from armybuilder.games.asoiaf.deck import build_deck

ROBB = '  - unit: Stark Sworn Swords\n    attachments: ["Robb Stark, The Wolf Lord"]\n'


def stark(body: str, catalogue: Catalogue, commander: str = ROBB) -> ListReport:
    return check(catalogue, "faction: stark\npoints: 50\nunits:\n" + commander + body)


def rules(report: ListReport) -> set[tuple[str, int]]:
    return {e for e in errors(report) if e[0] == "card-requirement"}


# --- requires_in_army ---------------------------------------------------------------------------------


def test_requires_in_army(catalogue: Catalogue) -> None:
    assert rules(stark("  - Grey Wind\n", catalogue)) == set()
    eddard = '  - unit: Stark Sworn Swords\n    attachments: ["Eddard Stark, Lord of Winterfell"]\n'
    report = stark("  - Grey Wind\n", catalogue, commander=eddard)
    assert rules(report) == {("card-requirement", 6)}
    assert "Grey Wind may only be fielded with Robb Stark; add one or remove Grey Wind" in message(
        report, "card-requirement"
    )


# --- not_in_army_with ------------------------------------------------------------------------------------


def test_not_in_army_with(catalogue: Catalogue) -> None:
    greatjon = '  - unit: Stark Sworn Swords\n    attachments: ["Greatjon Umber, Lord of Last Hearth"]\n'
    fine = stark('ncus: ["Robb Stark, King in the North"]\n', catalogue, commander=greatjon)
    assert rules(fine) == set()
    eddard = '  - unit: Stark Sworn Swords\n    attachments: ["Eddard Stark, Lord of Winterfell"]\n'
    report = stark('ncus: ["Robb Stark, King in the North"]\n', catalogue, commander=eddard)
    assert rules(report) == {("card-requirement", 6)}
    assert "may not be fielded with Eddard Stark, Lord of Winterfell (line 5); remove one" in message(
        report, "card-requirement"
    )


# --- must_attach_to -----------------------------------------------------------------------------------


def test_must_attach_to(catalogue: Catalogue) -> None:
    carried = '  - unit: Eddard\'s Honor Guard\n    attachments: ["Eddard Stark, Lord of Winterfell"]\n'
    assert rules(stark("", catalogue, commander=carried)) == set()
    apart = '  - unit: Stark Sworn Swords\n    attachments: ["Eddard Stark, Lord of Winterfell"]\n'
    report = stark("  - Eddard's Honor Guard\n", catalogue, commander=apart)
    assert rules(report) == {("card-requirement", 6)}
    assert "must carry Eddard Stark, Lord of Winterfell as its attachment; attach it here" in message(
        report, "card-requirement"
    )


# --- must_join_unit_of --------------------------------------------------------------------------------


def test_must_join_unit_of(catalogue: Catalogue) -> None:
    rickon = '  - unit: Stark Bowmen\n    attachments: ["Rickon Stark, Prince of Winterfell", "Osha, Spearwife Guardian"]\n'
    assert rules(stark(rickon, catalogue)) == set()
    apart = (
        '  - unit: Stark Bowmen\n    attachments: ["Rickon Stark, Prince of Winterfell"]\n'
        '  - unit: House Umber Berserkers\n    attachments: ["Osha, Spearwife Guardian"]\n'
    )
    report = stark(apart, catalogue)
    assert rules(report) == {("card-requirement", 9)}
    assert "may only join the unit of Rickon Stark; move it to that unit" in message(
        report, "card-requirement"
    )


def test_must_join_unit_of_implies_presence(catalogue: Catalogue) -> None:
    # Jorah Mormont, Penitent Betrayer has no requires_in_army, but must join Daenerys's unit
    report = check(
        catalogue,
        """
        faction: targaryen
        points: 40
        units:
          - unit: Unsullied Pikemen
            attachments: ["Grey Worm, Unsullied Commander"]
          - unit: Unsullied Swordmasters
            attachments: ["Jorah Mormont, Penitent Betrayer"]
        """,
    )
    assert rules(report) == {("card-requirement", 7)}


# --- limited, limited with shared_with, waives_limit_of -------------------------------------------------


def test_limited(catalogue: Catalogue) -> None:
    two = "".join("  - unit: Stark Bowmen\n    attachments: [Crannogman Survivalist]\n" for _ in range(2))
    assert rules(stark(two, catalogue)) == set()
    three = two + "  - unit: House Umber Berserkers\n    attachments: [Crannogman Survivalist]\n"
    report = stark(three, catalogue)
    assert rules(report) == {("card-requirement", 11)}
    assert "at most 2 Crannogman Survivalist per army; the list has 3 — remove 1" in message(
        report, "card-requirement"
    )


NIGHTS_WATCH = """
faction: nightswatch
points: 50
units:
  - unit: Sworn Brothers
    attachments: ["Othell Yarwyck, First Builder"]
{body}"""


def test_limited_shared_with(catalogue: Catalogue) -> None:
    # the Watch Marshal unit and the Watch Marshal attachment share one limit of 2
    fine = check(
        catalogue,
        NIGHTS_WATCH.format(
            body="  - Watch Marshal\n  - unit: Ranger Trackers\n    attachments: [Watch Marshal]\n"
        ),
    )
    assert rules(fine) == set()
    body = (
        "  - Watch Marshal\n  - unit: Ranger Trackers\n    attachments: [Watch Marshal]\n  - Watch Marshal\n"
    )
    report = check(catalogue, NIGHTS_WATCH.format(body=body))
    assert rules(report) == {("card-requirement", 9)}
    # printed on both cards, reported once
    assert len([p for p in report.problems if p.rule == "card-requirement"]) == 1
    assert "(shared with Watch Marshal)" in message(report, "card-requirement")


def test_waives_limit_of(catalogue: Catalogue) -> None:
    three = "  - Builder Scorpion Crew\n  - Builder Scorpion Crew\n"
    without = check(catalogue, NIGHTS_WATCH.format(body=three + "  - Builder Scorpion Crew\n"))
    assert rules(without) == {("card-requirement", 8)}
    assert "at most 2 Builder Scorpion Crew per army" in message(without, "card-requirement")
    body = (
        three
        + '  - unit: Builder Scorpion Crew\n    attachments: ["Scorpion Modifications (Othell Yarwyck)"]\n'
    )
    waived = check(catalogue, NIGHTS_WATCH.format(body=body))
    assert rules(waived) == set()


# --- limited_per_unit ---------------------------------------------------------------------------------


def test_limited_per_unit(catalogue: Catalogue) -> None:
    one = stark("  - Golden Company Swordsmen\n  - Golden Company War Elephant\n", catalogue)
    assert rules(one) == set()
    two = stark(
        "  - Golden Company Swordsmen\n  - Golden Company War Elephant\n  - Golden Company War Elephant\n",
        catalogue,
    )
    assert rules(two) == {("card-requirement", 8)}
    assert "remove 1 or add a unit" in message(two, "card-requirement")
    none = stark("  - Golden Company War Elephant\n", catalogue)
    assert rules(none) == {("card-requirement", 6)}


# --- cost_modifier (checked through the totals) ----------------------------------------------------------


def test_adaptive_discounts_one_attachment_of_its_unit(catalogue: Catalogue) -> None:
    report = stark("  - unit: Winterfell Guard\n    attachments: [Umber Champion]\n", catalogue)
    assert cost_of(report, "Umber Champion") == [0]
    assert report.context is not None and report.context.total == 5 + 7 + 0
    plain = stark("  - unit: Stark Bowmen\n    attachments: [Umber Champion]\n", catalogue)
    assert cost_of(plain, "Umber Champion") == [1]


def test_first_copy_free_with_eddard(catalogue: Catalogue) -> None:
    eddard = '  - unit: Stark Sworn Swords\n    attachments: ["Eddard Stark, Lord of Winterfell"]\n'
    body = "".join(
        f"  - unit: {u}\n    attachments: [Winterfell Champion]\n"
        for u in ("Stark Bowmen", "House Umber Berserkers")
    )
    with_eddard = stark(body, catalogue, commander=eddard)
    assert cost_of(with_eddard, "Winterfell Champion") == [0, 1]
    assert with_eddard.context is not None and with_eddard.context.total == 5 + 6 + 6 + 1
    with_robb = stark(body, catalogue)
    assert cost_of(with_robb, "Winterfell Champion") == [1, 1]


def test_first_of_a_group_free(catalogue: Catalogue) -> None:
    # the four Bastard's Boys carry one shared effect: the first of them is free, not the first of each
    report = check(
        catalogue,
        """
        faction: bolton
        points: 40
        units:
          - unit: Cutthroats
            attachments: ["Ramsay Snow, Spiteful Heir"]
          - unit: Cutthroats
            attachments: ["Skinner, Bastard's Boy"]
          - unit: Blackguards
            attachments: ["Grunt, Bastard's Boy"]
          - unit: Dreadfort Spearmen
            attachments: ["Sour Alyn, Bastard's Boy"]
        """,
    )
    ctx = report.context
    assert ctx is not None
    boys = [ctx.cost(e) for e in ctx.entries if "Bastard's Boy" in e.text]
    assert sorted(boys) == [0, 1, 1]
    assert ctx.total == 5 + 5 + 6 + 5 + 2


def test_joins_this_unit_for_free(catalogue: Catalogue) -> None:
    tyrion = '"Tyrion Lannister, The Giant of Lannister"'
    text = """
    faction: lannister
    points: 40
    units:
      - unit: Lannister Guardsmen
        attachments: ["Tywin Lannister, Lord of Casterly Rock"]
      - unit: {unit}
        attachments: [{tyrion}]
      - Stone Crows
    """
    free = check(catalogue, text.format(unit="Stone Crows", tyrion=tyrion))
    assert cost_of(free, "Tyrion Lannister, The Giant of Lannister") == [0]
    assert rules(free) == set()
    paid = check(catalogue, text.format(unit="Lannister Halberdiers", tyrion=tyrion))
    assert cost_of(paid, "Tyrion Lannister, The Giant of Lannister") == [1]


def test_cheaper_if_in_army(catalogue: Catalogue) -> None:
    text = """
    faction: lannister
    points: 40
    units:
      - unit: Lannister Guardsmen
        attachments: ["Tywin Lannister, Lord of Casterly Rock"]
      - unit: Lannister Halberdiers
        attachments: ["Jaime Lannister, Kingsguard"]
    ncus: [{ncu}]
    """
    with_cersei = check(catalogue, text.format(ncu="Cersei Lannister"))
    assert cost_of(with_cersei, "Jaime Lannister, Kingsguard") == [1]
    assert with_cersei.context is not None and with_cersei.context.total == 5 + 5 + 1 + 4
    without = check(catalogue, text.format(ncu='"Petyr Baelish, Littlefinger"'))
    assert cost_of(without, "Jaime Lannister, Kingsguard") == [2]


def test_cheaper_when_joining_a_named_unit(catalogue: Catalogue) -> None:
    text = """
    faction: bolton
    points: 40
    units:
      - unit: Cutthroats
        attachments: ["Ramsay Snow, Spiteful Heir"]
      - unit: {unit}
        attachments: ["Ben Bones, Kennelmaster"]
    """
    assert cost_of(check(catalogue, text.format(unit="Bastard's Girls")), "Ben Bones, Kennelmaster") == [0]
    assert cost_of(check(catalogue, text.format(unit="Blackguards")), "Ben Bones, Kennelmaster") == [1]


def test_discount_on_other_cards(catalogue: Catalogue) -> None:
    text = """
    faction: targaryen
    points: 50
    units:
      - unit: Unsullied Pikemen
        attachments: ["Grey Worm, Unsullied Commander"]
      - Drogon
      - Rhaegal
    ncus: [{ncu}]
    """
    unburnt = check(catalogue, text.format(ncu='"Daenerys Targaryen, The Unburnt"'))
    ctx = unburnt.context
    assert ctx is not None
    assert sorted(ctx.cost(e) for e in ctx.entries if e.text in ("Drogon", "Rhaegal")) == [6, 7]
    other = check(catalogue, text.format(ncu='"Petyr Baelish, Littlefinger"'))
    assert cost_of(other, "Drogon") + cost_of(other, "Rhaegal") == [7, 7]


# --- exclusive_loyalty --------------------------------------------------------------------------------


BARATHEON = """
faction: baratheon
points: 40
units:
  - unit: Baratheon Wardens
    attachments: ["{commander}"]
  - Rose Knights
  - {other}
"""


def test_exclusive_loyalty(catalogue: Catalogue) -> None:
    renly = "Renly Baratheon, The Charismatic Heir"
    assert rules(check(catalogue, BARATHEON.format(commander=renly, other="Thorn Watch"))) == set()
    report = check(catalogue, BARATHEON.format(commander=renly, other="R’hllor Faithful"))
    assert rules(report) == {("card-requirement", 7)}
    text = message(report, "card-requirement")
    assert "is loyal to Stannis Baratheon" in text and "an army keeps one loyalty — remove one" in text


def test_exclusive_loyalty_derived_from_a_commander_ability(catalogue: Catalogue) -> None:
    # Stannis's loyalty comes from his commander ability: Renly's Rose Knights cannot serve him
    stannis = "Stannis Baratheon, The Rightful Heir"
    report = check(catalogue, BARATHEON.format(commander=stannis, other="Baratheon Sentinels"))
    assert rules(report) == {("card-requirement", 6)}
    assert "Rose Knights is loyal to Renly Baratheon" in message(report, "card-requirement")


def test_greens_and_blacks(catalogue: Catalogue) -> None:
    text = """
    faction: targaryen
    points: 40
    units:
      - unit: Unsullied Pikemen
        attachments: ["Grey Worm, Unsullied Commander"]
    ncus: [{ncus}]
    """
    assert rules(check(catalogue, text.format(ncus='"Alicent Hightower, Dowager Queen"'))) == set()
    both = check(
        catalogue, text.format(ncus='"Alicent Hightower, Dowager Queen", "Rhaenyra Targaryen, Dragon Queen"')
    )
    assert rules(both) == {("card-requirement", 6)}


# --- attach_only_to_faction ---------------------------------------------------------------------------


def test_attach_only_to_faction(catalogue: Catalogue) -> None:
    text = """
    faction: greyjoy
    points: 40
    units:
      - unit: Ironborn Reavers
        attachments: ["Asha Greyjoy, The Kraken's Daughter"]
      - unit: {unit}
        attachments: [Reaver Captain]
    """
    assert rules(check(catalogue, text.format(unit="Ironborn Bowmen"))) == set()
    report = check(catalogue, text.format(unit="Stormcrow Mercenaries"))
    assert rules(report) == {("card-requirement", 7)}
    assert "may only join House Greyjoy combat units, not Stormcrow Mercenaries; move it to one" in message(
        report, "card-requirement"
    )


# --- attach_to_enemy_unit (enemy_attachments) ---------------------------------------------------------


def test_attach_to_enemy_unit(catalogue: Catalogue) -> None:
    text = """
    faction: lannister
    points: 40
    units:
      - unit: Lannister Guardsmen
        attachments: ["Tywin Lannister, Lord of Casterly Rock"]
      - unit: Lannister Halberdiers
        attachments: [{own}]
    enemy_attachments: [{enemy}]
    """
    fine = check(
        catalogue, text.format(own="Guard Captain", enemy='Turncoat, "Jaime Lannister, Maimed Hostage"')
    )
    assert errors(fine) == set()
    assert (
        fine.context is not None and fine.context.total == 5 + 5 + 1 + 1 + 1
    )  # enemy attachments are paid for
    report = check(catalogue, text.format(own="Turncoat", enemy="Guard Captain"))
    assert rules(report) == {("card-requirement", 7), ("card-requirement", 8)}
    text_ = message(report, "card-requirement")
    assert "list it under `enemy_attachments:`" in text_
    assert "cannot be placed on an enemy unit; attach it to one of your own units" in text_


# --- only_via_ability ---------------------------------------------------------------------------------


def test_only_via_ability(catalogue: Catalogue) -> None:
    text = """
    faction: freefolk
    points: 40
    units:
      - unit: Free Folk Raiders
        attachments: ["Mance Rayder, King Beyond the Wall"]
      - unit: Spearwives
        attachments: [Skinchanger]
    {extra}"""
    assert rules(check(catalogue, text.format(extra=""))) == set()
    report = check(catalogue, text.format(extra="  - Bear\n"))
    assert rules(report) == {("card-requirement", 8)}
    assert "comes into play through Bonded Skinchanger (Skinchanger); remove it" in message(
        report, "card-requirement"
    )


# --- special cards --------------------------------------------------------------------------------------


FREE_FOLK = """
faction: freefolk
points: 40
units:
  - unit: Free Folk Raiders
    attachments: ["Mance Rayder, King Beyond the Wall"]
  - {other}
"""


def test_no_coin_beyond_the_wall(catalogue: Catalogue) -> None:
    assert rules(check(catalogue, FREE_FOLK.format(other="Thenn Warriors"))) == set()
    report = check(catalogue, FREE_FOLK.format(other="Hedge Knights"))
    assert rules(report) == {("card-requirement", 6)}
    assert "No Coin Beyond the Wall" in message(report, "card-requirement")


@pytest.mark.parametrize("catelyn", ["Catelyn Stark, Lady Stoneheart", "Catelyn Stark, The Hangwoman"])
def test_unending_vengeance(catalogue: Catalogue, catelyn: str) -> None:
    commander = (
        "Catelyn Stark, Lady Stoneheart" if "Stoneheart" in catelyn else "Beric Dondarrion, Lightning Lord"
    )
    ncu = "" if "Stoneheart" in catelyn else f'ncus: ["{catelyn}"]\n'
    text = (
        "faction: brotherhood\npoints: 50\nunits:\n"
        f'  - unit: Peasant Levy\n    attachments: ["{commander}"]\n'
        "  - unit: House Bolton Cutthroats\n    attachments: [Dreadfort Captain]\n" + ncu
    )
    if "Hangwoman" in catelyn:
        # Catelyn, The Hangwoman may not serve beside Beric: use Thoros as commander
        text = text.replace("Beric Dondarrion, Lightning Lord", "Thoros of Myr, The Red Wizard")
    report = check(catalogue, text)
    assert rules(report) == {("card-requirement", 6), ("card-requirement", 7)}
    assert "Unending Vengeance" in message(report, "card-requirement")


def test_bolton_cards_without_catelyn(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: brotherhood
        points: 50
        units:
          - unit: Peasant Levy
            attachments: ["Beric Dondarrion, Lightning Lord"]
          - unit: House Bolton Cutthroats
            attachments: [Dreadfort Captain]
        """,
    )
    assert errors(report) == set()


BROTHERHOOD = """
faction: brotherhood
points: 40
units:
  - unit: Peasant Levy
    attachments: ["Beric Dondarrion, Lightning Lord"]
  - unit: Stark Sworn Swords
    attachments: ["Anguy, The Archer"]
{more}"""


def test_brotherhood_takes_one_baratheon_or_stark_unit(catalogue: Catalogue) -> None:
    one = check(catalogue, BROTHERHOOD.format(more=""))
    assert errors(one) == set()
    assert cost_of(one, "Anguy, The Archer") == [1]  # one attachment costs 1 less
    assert one.context is not None and one.context.total == 4 + 5 + 1
    assert one.context.neutral_total == 0
    two = check(catalogue, BROTHERHOOD.format(more="  - Stag Knights\n"))
    assert errors(two) == {("faction", 8)}
    assert "allows one Baratheon or Stark combat unit" in message(two, "faction")
    attachment = check(
        catalogue, BROTHERHOOD.format(more="  - unit: Men-At-Arms\n    attachments: [Umber Champion]\n")
    )
    assert errors(attachment) == {("faction", 9)}


def test_varamyr_leads_with_shadowcat_and_wolf_pack(catalogue: Catalogue) -> None:
    text = 'faction: freefolk\npoints: 40\nunits:\n  - "10318"\n  - Shadowcat\n{more}'
    full = check(catalogue, text.format(more="  - Wolf Pack\n"))
    assert errors(full) == set()
    assert full.context is not None and full.context.total == 2 + 2 + 3
    report = check(catalogue, text.format(more=""))
    assert rules(report) == {("card-requirement", 4)}
    assert "leads the army only with Wolf Pack in it (Varamyr Sixskins); add Wolf Pack" in message(
        report, "card-requirement"
    )


def test_mag_the_mighty_deck_replaces_the_faction_tactics(catalogue: Catalogue) -> None:
    report = check(catalogue, 'faction: freefolk\npoints: 40\nunits:\n  - "10313"\n  - Thenn Warriors\n')
    assert errors(report) == set()
    ctx = report.context
    assert ctx is not None and ctx.commander is not None and ctx.total == 5 + 5
    deck = build_deck(catalogue, "freefolk", ctx.commander)
    assert deck.problems == () and deck.size == 20
    assert deck.faction_cards == () and len(deck.removed) == 7
