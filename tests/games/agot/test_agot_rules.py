"""Every rule of agot-board-game: an invalid case (rule id and line, marked `#! rule-id` in the YAML) and
a valid case where the rule stays silent."""

from __future__ import annotations

import pytest
from agot_helpers import at, check, ids, marks, messages

from armybuilder.games.agot.rules import RULES
from armybuilder.problems import Severity

ED2 = "game: agot-board-game\nedition: 2\nplayers: 6\nround: 3\n"
ED2_3 = "game: agot-board-game\nedition: 2\nplayers: 3\nround: 3\n"
ED2_4 = "game: agot-board-game\nedition: 2\nplayers: 4\nround: 3\n"
ED1 = "game: agot-board-game\nedition: 1\nplayers: 5\nround: 3\n"
ED1_4 = "game: agot-board-game\nedition: 1\nplayers: 4\nround: 3\n"

# (rule, severity expected at the marks, text): each rule's own examples first (`armybuilder rules ID` shows
# them; written once, in the rule), then the cases only the tests need
INVALID: list[tuple[str, Severity, str]] = [
    *((rule.id, rule.severity, rule.invalid) for rule in RULES if rule.invalid is not None),
    ("unknown-house", Severity.ERROR, ED2 + "houses:\n  starkk: {supply: 1}  #! unknown-house\n"),
    ("unknown-house", Severity.ERROR, ED1 + "houses:\n  martell: {supply: 1}  #! unknown-house\n"),
    (
        "unknown-house",
        Severity.ERROR,
        ED2 + "influence:\n  fiefdoms: [stark, lanister]  #! unknown-house\nhouses:\n  stark: {}\n",
    ),
    (
        "unknown-house",
        Severity.ERROR,
        ED2 + "dominance_tokens: {iron_throne: baratheonn}  #! unknown-house\nhouses:\n  stark: {}\n",
    ),
    (
        "unknown-house",
        Severity.ERROR,
        ED2 + "houses:\n  stark: {}\nmuster:\n  starks: {}  #! unknown-house\n",
    ),
    (
        "unknown-area",
        Severity.ERROR,
        ED2 + "houses:\n  stark:\n    units:\n      Winterfel: {footman: 1}  #! unknown-area\n",
    ),
    (
        "unknown-area",
        Severity.ERROR,
        ED2 + "houses:\n  stark:\n    units:\n      Summer Sea: {ship: 1}  #! unknown-area\n",
    ),
    (
        "unknown-area",
        Severity.ERROR,
        ED2 + "houses:\n  stark:\n    power_on_board: [Nowhere]  #! unknown-area\n",
    ),
    (
        "unknown-area",
        Severity.NOTE,
        ED1
        + "houses:\n  greyjoy:\n    units:\n      Port of Pyke: {ship: 1}  #! unknown-area\n      Winterfel: {footman: 1}\n",
    ),
    (
        "area-out-of-play",
        Severity.ERROR,
        ED2_3 + "houses:\n  stark:\n    units:\n      Pyke: {footman: 1}  #! area-out-of-play\n",
    ),
    (
        "area-out-of-play",
        Severity.ERROR,
        ED1 + "houses:\n  stark:\n    units:\n      北方: {footman: 1}  #! area-out-of-play\n",
    ),
    (
        "area-out-of-play",
        Severity.ERROR,
        ED2 + "neutral_forces: [Beyond the Wall]  #! area-out-of-play\nhouses:\n  stark: {}\n",
    ),
    ("house-not-playing", Severity.ERROR, ED1_4 + "houses:\n  greyjoy: {supply: 2}  #! house-not-playing\n"),
    (
        "house-not-playing",
        Severity.ERROR,
        ED2_3 + "houses:\n  tyrell: {}  #! house-not-playing\nmuster:\n  tyrell: {}  #! house-not-playing\n",
    ),
    (
        "unknown-unit-type",
        Severity.ERROR,
        ED2 + "houses:\n  stark:\n    units:\n      Winterfell: {dragon: 1}  #! unknown-unit-type\n",
    ),
    (
        "unknown-unit-type",
        Severity.ERROR,
        ED1 + "houses:\n  stark:\n    units:\n      Winterfell: {siege_engine: 1}  #! unknown-unit-type\n",
    ),
    (
        "unknown-unit-type",
        Severity.ERROR,
        ED2
        + "houses:\n  stark: {units: {Winterfell: {footman: 1}}}\nmuster:\n  stark:\n    Winterfell: [horse]  #! unknown-unit-type\n",
    ),
    (
        "ship-on-land",
        Severity.ERROR,
        ED2 + "houses:\n  lannister:\n    units:\n      Lannisport: {ship: 1}  #! ship-on-land\n",
    ),
    (
        "land-unit-at-sea",
        Severity.ERROR,
        ED2
        + "houses:\n  lannister:\n    units:\n      Port of Lannisport: {knight: 1}  #! land-unit-at-sea\n",
    ),
    (
        "unit-cap",
        Severity.ERROR,
        ED1
        + "houses:\n  greyjoy:  #! unit-cap\n    units:\n      Ironman's Bay: {ship: 3}\n      Sunset Sea: {ship: 3}\n",
    ),
    ("supply-range", Severity.ERROR, ED1 + "houses:\n  stark:\n    supply: -1  #! supply-range\n"),
    ("supply-icons", Severity.NOTE, ED1 + "houses:\n  stark:\n    supply: 3  #! supply-icons\n"),
    (
        "house-cards",
        Severity.ERROR,
        ED2 + "houses:\n  stark:\n    house_cards: {hand: 0, discarded: 7}  #! house-cards\n",
    ),
    (
        "house-cards",
        Severity.ERROR,
        ED2
        + "houses:\n  stark:\n    house_cards:\n      hand: [Eddard Stark, Robb Stark, Roose Bolton, Greatjon Umber,"
        " The Blackfish, Catelyn Stark]\n      discarded:\n        - The Hound  #! house-cards\n",
    ),
    (
        "house-cards",
        Severity.ERROR,
        ED2
        + "houses:\n  stark:\n    house_cards:\n      hand:\n        - Eddard Stark\n        - Eddard Stark  #! house-cards\n"
        "        - Robb Stark\n        - Roose Bolton\n        - Greatjon Umber\n        - The Blackfish\n"
        "        - Ned Stark  #! house-cards\n      discarded: []\n",
    ),
    (
        "house-cards",
        Severity.NOTE,
        ED1 + "houses:\n  stark:\n    house_cards:\n      hand:\n        - Eddard Stark  #! house-cards\n"
        "        - A\n        - B\n        - C\n        - D\n        - E\n        - F\n      discarded: []\n",
    ),
    (
        "power-token-placement",
        Severity.ERROR,
        ED2
        + "neutral_forces: [The Eyrie]\nhouses:\n  lannister:\n    units: {Riverrun: {footman: 1}}\n  stark:\n"
        "    power_on_board:\n      - Riverrun  #! power-token-placement\n      - The Eyrie  #! power-token-placement\n",
    ),
    (  # one token listed twice by one house (the reader notes it: the rule runs only then)
        "power-token-placement",
        Severity.ERROR,
        ED2 + "houses:\n  lannister:\n    power_on_board:\n      - Riverrun\n      - Riverrun  #! power-token-placement\n",
    ),
    (  # ed.1 position 1 allows at least 2: 3 is left open (note)
        "special-orders-limit",
        Severity.NOTE,
        ED1 + "influence:\n  kings_court: [stark, lannister, baratheon, greyjoy, tyrell]\nhouses:\n"
        "  stark:  #! special-orders-limit\n    units: {Winterfell: {footman: 1}, Karhold: {footman: 1}, "
        "White Harbor: {footman: 1}}\n    orders: {Winterfell: raid-star, Karhold: march-plus1-star, "
        "White Harbor: defense-plus2-star}\n",
    ),
    (  # ed.1 position 4 allows at most 2: 3 is one over
        "special-orders-limit",
        Severity.ERROR,
        ED1 + "influence:\n  kings_court: [stark, lannister, baratheon, tyrell, greyjoy]\nhouses:\n"
        "  tyrell:  #! special-orders-limit\n    units: {Highgarden: {footman: 1}, The Reach: {footman: 1}, "
        "Oldtown: {footman: 1}}\n    orders: {Highgarden: raid-star, The Reach: march-plus1-star, "
        "Oldtown: defense-plus2-star}\n",
    ),
    (  # ed.1 position 4 with 2: within the bound, not known exactly (note)
        "special-orders-limit",
        Severity.NOTE,
        ED1 + "influence:\n  kings_court: [stark, lannister, baratheon, tyrell, greyjoy]\nhouses:\n"
        "  tyrell:  #! special-orders-limit\n    units: {Highgarden: {footman: 1}, The Reach: {footman: 1}}\n"
        "    orders: {Highgarden: raid-star, The Reach: march-plus1-star}\n",
    ),
    (  # ed.2, no place on the track: 4 starred orders, one over the most any position allows
        "special-orders-limit",
        Severity.ERROR,
        ED2_4 + "influence:\n  kings_court: [lannister, stark, baratheon]\nhouses:\n"
        "  greyjoy:  #! special-orders-limit\n    units: {Pyke: {footman: 1}, Seagard: {footman: 1}, "
        "Flint's Finger: {footman: 1}, Greywater Watch: {footman: 1}}\n    orders: {Pyke: raid-star, "
        "Seagard: march-plus1-star, Flint's Finger: defense-plus2-star, Greywater Watch: consolidate-star}\n",
    ),
    (
        "consolidate-at-sea",
        Severity.WARNING,
        ED2 + "houses:\n  greyjoy:\n    units: {Ironman's Bay: {ship: 1}}\n    orders:\n"
        "      Ironman's Bay: consolidate-star  #! consolidate-at-sea\n",
    ),
    (
        "support-on-island",
        Severity.WARNING,
        ED2 + "houses:\n  baratheon:\n    units: {Dragonstone: {footman: 1}}\n    orders:\n"
        "      Dragonstone: support-plus1-star  #! support-on-island\n",
    ),
    (
        "westeros-restriction",
        Severity.WARNING,
        ED2 + "westeros_cards: [Storm of Swords, Web of Lies, Sea of Storms]\nhouses:\n  stark:\n"
        "    units: {Winterfell: {footman: 1}, Karhold: {footman: 1}, Bay of Ice: {ship: 1}}\n    orders:\n"
        "      Winterfell: defense-plus1  #! westeros-restriction\n      Karhold: support  #! westeros-restriction\n"
        "      Bay of Ice: raid-star  #! westeros-restriction\n",
    ),
    (
        "westeros-restriction",
        Severity.WARNING,
        ED2
        + "westeros_cards: [Put to the Sword, Rains of Autumn]\nput_to_the_sword: no-defense\nhouses:\n  stark:\n"
        "    units: {Winterfell: {footman: 1}, Karhold: {footman: 1}}\n    orders:\n"
        "      Winterfell: defense-plus2-star  #! westeros-restriction\n"
        "      Karhold: march-plus1-star  #! westeros-restriction\n",
    ),
    (
        "westeros-restriction",
        Severity.WARNING,
        ED2 + "westeros_cards: [Mustering, Web of Lies]\nput_to_the_sword: no-defense  #! westeros-restriction\n"
        "houses:\n  stark:\n    units: {Winterfell: {footman: 1}}\n    orders: {Winterfell: defense-plus1}\n",
    ),  # the choice of a card this round did not reveal: said, not dropped
    (
        "round-range",
        Severity.ERROR,
        "game: agot-board-game\nedition: 2\nplayers: 6\nround: 11  #! round-range\nhouses:\n  stark: {}\n",
    ),
    (
        "victory",
        Severity.NOTE,
        ED1 + "houses:\n  lannister:  #! victory\n    units: {Riverrun: {footman: 1}}\n",
    ),
    (
        "standard-setup",
        Severity.ERROR,
        "game: agot-board-game\nedition: 2\nplayers: 3\nround: 2  #! standard-setup\nphase: setup\nwildling_threat: 4  #! standard-setup\n"
        "neutral_forces: [King's Landing, Harrenhal]  #! standard-setup, standard-setup\n"
        "influence:\n  iron_throne: [lannister, baratheon, stark]  #! standard-setup\n"
        "dominance_tokens: {messenger_raven: stark}  #! standard-setup\n"
        "houses:\n  lannister:\n    supply: 3  #! standard-setup\n    power_available: 4  #! standard-setup\n"
        "    power_on_board: [Harrenhal]  #! standard-setup\n    house_cards: {hand: 6, discarded: 1}  #! standard-setup\n"
        "    units:\n      Lannisport: {footman: 1, knight: 1}\n      Stoney Sept: {footman: 2}  #! standard-setup\n"
        "      The Golden Sound: {ship: 1}\n      Port of Lannisport: {ship: 1}  #! standard-setup\n"
        "    orders: {Lannisport: march-0}  #! standard-setup\n",
    ),
    (
        "standard-setup",
        Severity.NOTE,
        "game: agot-board-game\nedition: 1\nplayers: 5\nround: 1\nphase: setup\nhouses:\n  stark:\n"
        "    supply: 1  #! standard-setup\n",
    ),
    (
        "muster-plan",
        Severity.ERROR,
        ED2 + "houses:\n  lannister:\n    supply: 2\n    units:\n      Lannisport: {footman: 1}\n"
        "      Stoney Sept: {footman: 1}\n      Seagard: {footman: 1}\nmuster:\n  lannister:\n"
        "    Lannisport: [knight, footman]  #! muster-plan\n    Stoney Sept: [footman]  #! muster-plan\n"
        "    Riverrun: [footman]  #! muster-plan\n    Seagard:\n      - {upgrade: knight}\n      - {upgrade: knight}  #! muster-plan\n",
    ),
    (
        "muster-plan",
        Severity.ERROR,
        ED2 + "houses:\n  lannister:\n    supply: 2\n    units:\n      Lannisport: {footman: 1}\n"
        "      Port of Lannisport: {ship: 3}\n  greyjoy:\n    units: {Ironman's Bay: {ship: 1}}\nmuster:\n  lannister:\n"
        "    Lannisport:\n      - {ship: Port of Lannisport}  #! muster-plan\n      - {ship: Sunset Sea}  #! muster-plan\n",
    ),
    (
        "muster-plan",
        Severity.ERROR,
        ED2 + "houses:\n  stark:\n    supply: 1\n    units:\n      Winterfell: {knight: 2, footman: 1}\n"
        "      White Harbor: {knight: 2}\n      Karhold: {knight: 1}\nmuster:\n  stark:\n    Winterfell: [{upgrade: knight}]  #! muster-plan\n"
        "    White Harbor: [footman]  #! muster-plan\n",
    ),
    (
        "muster-plan",
        Severity.NOTE,
        ED1 + "houses:\n  stark:\n    supply: 1\n    units: {Winterfell: {footman: 1}}\nmuster:\n  stark:\n"
        "    Winterfell: [footman]  #! muster-plan\n",
    ),
]

VALID: list[tuple[str, str]] = [
    *((rule.id, rule.valid) for rule in RULES if rule.valid is not None),
    ("unknown-house", ED1 + "houses:\n  史塔克家族: {supply: 1}\n  兰尼斯特: {supply: 1}\n"),
    (
        "unknown-area",
        ED2 + "houses:\n  stark:\n    units:\n      奔流城: {footman: 1}\n      Bay of Ice: {ship: 1}\n",
    ),
    (
        "unknown-area",
        ED1 + "houses:\n  stark:\n    units:\n      夏海: {ship: 1}\n      White Harbor: {footman: 1}\n",
    ),
    ("area-out-of-play", ED2 + "houses:\n  greyjoy:\n    units:\n      Pyke: {footman: 1}\n"),
    (
        "unknown-unit-type",
        ED2 + "houses:\n  stark:\n    units:\n      Winterfell: {siege_engine: 1, footman: 0}\n",
    ),
    (
        "port-owner",
        ED2
        + "houses:\n  greyjoy:\n    power_on_board: [Lannisport]\n    units:\n      Port of Lannisport: {ship: 1}\n",
    ),
    (
        "army-supply",
        ED1
        + "houses:\n  lannister:\n    supply: 5\n    units:\n      Harrenhal: {footman: 4}\n      Riverrun: {footman: 3}\n"
        "      Seagard: {footman: 2}\n      Stoney Sept: {footman: 2}\n      Lannisport: {footman: 1}\n",
    ),
    (
        "house-cards",
        ED2 + "houses:\n  stark:\n    house_cards:\n      hand: [Eddard Stark, Robb Stark]\n"
        "      discarded: [Roose Bolton, Greatjon Umber, Ser Rodrik Cassel, The Blackfish, Catelyn Stark]\n",
    ),
    (
        "order-without-units",
        ED2 + "houses:\n  stark:\n    units: {Winterfell: {footman: 1}}\n    orders: {Winterfell: march-0}\n",
    ),
    (  # ed.1 position 2 allows at least 2: 2 is fine, with no note
        "special-orders-limit",
        ED1 + "influence:\n  kings_court: [lannister, stark, baratheon, greyjoy, tyrell]\nhouses:\n"
        "  stark:\n    units: {Winterfell: {footman: 1}, Karhold: {footman: 1}}\n"
        "    orders: {Winterfell: raid-star, Karhold: march-plus1-star}\n",
    ),
    (  # ed.2, no place on the track: 3 starred orders, the most a position allows
        "special-orders-limit",
        ED2_4 + "influence:\n  kings_court: [lannister, stark, baratheon]\nhouses:\n"
        "  greyjoy:\n    units: {Pyke: {footman: 1}, Seagard: {footman: 1}, Flint's Finger: {footman: 1}}\n"
        "    orders: {Pyke: raid-star, Seagard: march-plus1-star, Flint's Finger: defense-plus2-star}\n",
    ),
]


def _case_id(case: tuple[object, ...]) -> str:
    return str(case[0])


@pytest.mark.parametrize(("rule", "severity", "text"), INVALID, ids=[_case_id(c) for c in INVALID])
def test_invalid(rule: str, severity: Severity, text: str) -> None:
    report = check(text)
    expected = {m for m in marks(text) if m[0] == rule}
    assert expected, "the case marks no line"
    assert at(report, rule) == expected, [str(p) for p in report.problems]
    for p in report.problems:
        if p.rule == rule:
            assert p.severity is severity
            assert p.column > 0 and p.message
    assert "schema" not in ids(report), [str(p) for p in report.problems]


@pytest.mark.parametrize(("rule", "text"), VALID, ids=[_case_id(c) for c in VALID])
def test_valid(rule: str, text: str) -> None:
    report = check(text)
    assert rule not in ids(report), [str(p) for p in report.problems]
    assert "schema" not in ids(report), [str(p) for p in report.problems]


def test_every_rule_has_cases() -> None:
    rules = set(RULES.ids())
    assert rules <= {c[0] for c in INVALID}
    assert rules <= {c[0] for c in VALID}


# --- messages in the spec's wording ----------------------------------------------------------------


def test_army_supply_message_names_house_supply_armies_and_what_to_remove() -> None:
    text = (
        ED1 + "houses:\n  lannister:\n    supply: 3\n    units:\n      Harrenhal: {knight: 3, footman: 1}\n"
        "      The Golden Sound: {ship: 3}\n      Searoad Marches: {knight: 1, footman: 1}\n"
        "      Stoney Sept: {footman: 2}\n"
    )
    assert messages(check(text), "army-supply") == [
        "Lannister (supply 3) may field armies of 3, 2, 2, 2; it has 4, 3, 2, 2: destroy 2 units, "
        "1 in Harrenhal and 1 in The Golden Sound"
    ]


def test_army_supply_cuts_armies_beyond_the_row_to_one_unit() -> None:
    text = (
        ED2 + "houses:\n  stark:\n    supply: 0\n    units:\n      Winterfell: {footman: 2}\n"
        "      Karhold: {footman: 2}\n      The Twins: {footman: 3}\n"
    )
    (message,) = messages(check(text), "army-supply")
    assert message.endswith("it has 3, 2, 2: destroy 2 units, 1 in The Twins and 1 in Karhold")


def test_unit_cap_first_edition_ships_name_the_other_reading() -> None:
    text = (
        ED1 + "houses:\n  greyjoy:\n    units:\n      Ironman's Bay: {ship: 3}\n      Sunset Sea: {ship: 3}\n"
    )
    (message,) = messages(check(text), "unit-cap")
    assert "6 ships; a house owns only 5 in the first edition" in message
    assert "30 ships for 5 houses" in message


def test_unknown_names_get_did_you_mean() -> None:
    report = check(ED2 + "houses:\n  lanister:\n    units:\n      Winterfel: {footman: 1}\n")
    assert messages(report, "unknown-house") == [
        '"lanister" is not a house of the second edition; did you mean "lannister"?'
    ]
    report = check(ED2 + "houses:\n  stark:\n    units:\n      Winterfel: {footman: 1}\n")
    assert messages(report, "unknown-area") == [
        '"Winterfel" is not an area of the second-edition map; did you mean "Winterfell"?'
    ]
    report = check(ED2 + "houses:\n  stark:\n    units:\n      指城: {footman: 1}\n")
    (message,) = messages(report, "unknown-area")
    assert "石指城" in message


def test_first_edition_unknown_areas_are_one_note_listing_each_name() -> None:
    report = check(
        ED1
        + "houses:\n  greyjoy:\n    units:\n      Port of Pyke: {ship: 1}\n      Winterfel: {footman: 1}\n"
        "    orders: {Winterfel: march-0}\n"
    )
    assert messages(report, "unknown-area") == [
        'not checked against the first-edition map, whose area list is inferred: "Port of Pyke" '
        '(a second-edition port), "Winterfel" (did you mean "Winterfell"?)'
    ]
    # the unknown kind is not checked by the kind rules, but the area still takes orders
    assert "ship-on-land" not in ids(report) and "order-without-units" not in ids(report)


def test_martell_in_the_first_edition() -> None:
    (message,) = messages(check(ED1 + "houses:\n  martell: {}\n"), "unknown-house")
    assert message.startswith("Martell is a second-edition house; the first edition has Stark, Lannister")


def test_unknown_area_units_still_count_towards_totals() -> None:
    text = (
        ED2
        + "houses:\n  stark:\n    supply: 0\n    units:\n      Nowhere: {footman: 3}\n      Winterfell: {footman: 3}\n"
    )
    report = check(text)
    assert "army-supply" in ids(report)


def test_contested_area_names_both_houses() -> None:
    text = (
        ED2
        + "houses:\n  lannister:\n    units: {Harrenhal: {footman: 1}}\n  stark:\n    units: {Harrenhal: {knight: 1}}\n"
    )
    assert messages(check(text), "contested-area")[0].startswith("Stark and Lannister units share Harrenhal")


def test_westeros_restriction_message() -> None:
    text = (
        ED1
        + "westeros_cards: [Storm of Swords]\nhouses:\n  lannister:\n    units: {Searoad Marches: {knight: 2}}\n"
        "    orders: {Searoad Marches: defense-plus2-star}\n"
    )
    (message,) = messages(check(text), "westeros-restriction")
    assert message.startswith(
        "no Defense orders may be placed this round (Storm of Swords): Searoad Marches has defense-plus2-star"
    )


def test_standard_setup_names_the_errata_for_the_lannister_port_ship() -> None:
    text = (
        ED2.replace("round: 3", "round: 1") + "phase: setup\nhouses:\n  lannister:\n    units:\n"
        "      Lannisport: {footman: 1, knight: 1}\n      Stoney Sept: {footman: 1}\n      The Golden Sound: {ship: 1}\n"
    )
    assert messages(check(text), "standard-setup") == [
        "set-up: Lannister starts with 1 ship in Port of Lannisport (FFG errata to the Lannister player screen), not 0"
    ]


def test_order_supply_names_the_other_march() -> None:
    text = (
        ED2 + "houses:\n  stark:\n    units: {Winterfell: {footman: 1}, Karhold: {footman: 1}}\n"
        "    orders: {Winterfell: march-0, Karhold: march-0}\n"
    )
    assert messages(check(text), "order-supply") == [
        "Stark placed 2 march-0 orders; it has 1 (its other normal march is march-minus1): change 1 of them"
    ]


# --- amendment 1: King's Court stars, house ids in any case, Chinese names, values as written -------------


def test_special_orders_limit_messages_of_the_first_edition() -> None:
    over = check(
        ED1 + "influence:\n  kings_court: [stark, lannister, baratheon, tyrell, greyjoy]\nhouses:\n"
        "  tyrell:\n    units: {Highgarden: {footman: 1}, The Reach: {footman: 1}, Oldtown: {footman: 1}}\n"
        "    orders: {Highgarden: raid-star, The Reach: march-plus1-star, Oldtown: defense-plus2-star}\n"
    )
    assert messages(over, "special-orders-limit") == [
        "Tyrell placed 3 starred orders; King's Court position 4 allows at most 2 in the first edition "
        "(never more than position 3): turn 1 into a normal order"
    ]
    noted = check(
        ED1 + "influence:\n  kings_court: [stark, baratheon, lannister, tyrell, greyjoy]\nhouses:\n"
        "  baratheon:\n    units: {Dragonstone: {footman: 1}, Storm's End: {footman: 1}, Kingswood: {footman: 1}}\n"
        "    orders: {Dragonstone: raid-star, Storm's End: march-plus1-star, Kingswood: defense-plus2-star}\n"
        "  tyrell:\n    units: {Highgarden: {footman: 1}}\n    orders: {Highgarden: raid-star}\n"
    )
    assert messages(noted, "special-orders-limit") == [
        "not checked in the first edition, which gives the stars of King's Court positions 3 (2) and 5 (0) "
        "only: Baratheon at position 2 placed 3 (at least 2 allowed), Tyrell at position 4 placed 1 (at most 2 allowed)"
    ]


def test_special_orders_limit_without_a_place_on_the_track() -> None:
    report = check(
        ED2_4 + "influence:\n  kings_court: [lannister, stark, baratheon]\nhouses:\n"
        "  greyjoy:\n    units: {Pyke: {footman: 1}, Seagard: {footman: 1}, Flint's Finger: {footman: 1}, "
        "Greywater Watch: {footman: 1}}\n    orders: {Pyke: raid-star, Seagard: march-plus1-star, "
        "Flint's Finger: defense-plus2-star, Greywater Watch: consolidate-star}\n"
    )
    assert messages(report, "special-orders-limit") == [
        "Greyjoy placed 4 starred orders and has no single place on the King's Court track (missing, or listed "
        "twice); no position allows more than 3: turn 1 into a normal order"
    ]


@pytest.mark.parametrize("key", ["Lannister", "LANNISTER", " lannister "])
def test_house_ids_ignore_letter_case(key: str) -> None:
    report = check(ED2 + f'houses:\n  "{key}":\n    units: {{Lannisport: {{footman: 1}}}}\n')
    assert "unknown-house" not in ids(report), [str(p) for p in report.problems]


def test_two_keys_naming_one_house_in_different_case_are_one_schema_error() -> None:
    report = check(ED2 + "houses:\n  lannister: {}\n  Lannister: {}\n")
    assert at(report, "schema") == {("schema", 7)}
    (message,) = messages(report, "schema")
    assert '"Lannister"' in message and '"lannister"' in message


def test_unknown_chinese_names_say_the_rulebook_has_no_such_name() -> None:
    report = check(ED2 + "houses:\n  马泰尔: {}\n  stark:\n    units:\n      临冬城: {footman: 1}\n")
    assert messages(report, "unknown-house") == [
        '"马泰尔" is not one of the rulebook\'s Chinese house names; write the house id: '
        "stark, lannister, baratheon, greyjoy, tyrell, martell"
    ]
    assert messages(report, "unknown-area") == [
        '"临冬城" is not one of the rulebook\'s Chinese area names; write the area\'s English name'
    ]
    ed1 = check(ED1 + "houses:\n  stark:\n    units:\n      临冬城: {footman: 1}\n")
    (note,) = messages(ed1, "unknown-area")
    assert note.endswith('"临冬城" (not one of the rulebook\'s Chinese names)')


def test_the_seed_s_english_names_reach_and_eyrie() -> None:
    report = check(ED1 + "neutral_forces: [Eyrie]\nhouses:\n  tyrell:\n    units: {Reach: {footman: 1}}\n")
    assert "unknown-area" not in ids(report), [str(p) for p in report.problems]


def test_orders_one_per_area_quotes_both_keys_as_written() -> None:
    report = check(
        ED1 + 'houses:\n  greyjoy:\n    units: {Pyke: {footman: 1}}\n    orders:\n      Pyke: raid\n      "Pyke ": support\n'
    )
    assert messages(report, "orders-one-per-area") == [
        'Pyke has two orders (keys "Pyke" and "Pyke "); an area takes one order, however many units are there: '
        "keep one"
    ]


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ("[footman, ~]", "a muster item is empty: write a unit (footman, knight, siege_engine), {ship: AREA} or "
                        "{upgrade: knight}"),
        ("[{ship: }]", "a mustered ship needs its sea area: write {ship: The Golden Sound} (or the port, edition 2)"),
        ("[{upgrade: }]", "an upgrade needs its unit: write {upgrade: knight} or {upgrade: siege_engine}"),
    ],
)
def test_empty_muster_items_say_what_to_write(item: str, message: str) -> None:
    report = check(
        ED1 + "houses:\n  lannister:\n    supply: 3\n    units: {Lannisport: {footman: 1}}\n"
        f"muster:\n  lannister:\n    Lannisport: {item}\n"
    )
    assert messages(report, "schema") == [message]
    assert all("None" not in p.message for p in report.problems)


def test_a_muster_plan_without_a_block_is_not_read_but_meets_house_not_playing() -> None:
    report = check(
        ED1_4 + "houses:\n  lannister: {}\nmuster:\n  tyrell:\n    Nowhere: [footman]\n"
        "  greyjoy:  #! house-not-playing\n    Pyke: [footman]\n"
    )
    assert "unknown-area" not in ids(report) and "muster-plan" not in ids(report)
    assert at(report, "house-not-playing") == {("house-not-playing", 10)}
    assert {p.line for p in report.problems if p.rule == "schema"} == {8, 10}


def test_first_edition_coasts_of_the_seed() -> None:
    plan = (
        ED1 + "houses:\n  greyjoy:\n    supply: 3\n    units: {Pyke: {footman: 1}}\n"
        "muster:\n  greyjoy:\n    Pyke: [{ship: %s}]\n"
    )
    assert messages(check(plan % "Ironman's Bay"), "muster-plan") == [  # L387-388: a coast of Pyke
        "not checked in the first edition, whose rulebook gives only part of the map: the mustering points of Pyke"
    ]
    (note,) = messages(check(plan % "Sunset Sea"), "muster-plan")  # not stated: not judged
    assert note == (
        "not checked in the first edition, whose rulebook gives only part of the map: the mustering points "
        "of Pyke; whether Sunset Sea touches Pyke"
    )
    error = messages(check(plan % "Seagard"), "muster-plan")[-1]
    assert error == "a ship is mustered into a sea area next to Pyke: Seagard is a land area"
