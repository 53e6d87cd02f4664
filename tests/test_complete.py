"""`complete`: the best ways to spend what is left, proven by branch and bound; --apply, --format json, progress."""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_builder import COMMENTED, legal_lists, run, spec_of

from armybuilder.games.asoiaf.armylist import ArmyList, load_list, load_list_text
from armybuilder.games.asoiaf.builder import complete as search_module
from armybuilder.games.asoiaf.builder.complete import Addition, Completion, Search, complete
from armybuilder.games.asoiaf.builder.document import Document
from armybuilder.games.asoiaf.builder.edits import apply_additions
from armybuilder.games.asoiaf.builder.judge import new_errors
from armybuilder.games.asoiaf.builder.options import options, with_additions
from armybuilder.games.asoiaf.builder.proposals import DEFAULT_LIMITS, Limits, Rank, rank_of
from armybuilder.games.asoiaf.cards import Card
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate, validate_text
from armybuilder.games.asoiaf.listwriter import dump_list

ROOT = Path(__file__).parent.parent


def asoiaf(path: Path) -> bool:
    """An ASOIAF army list (not another game's, not a collection file)."""
    text = path.read_text(encoding="utf-8")
    found = re.search(r"^game:\s*(\S+)", text, re.MULTILINE)
    collection = re.search(r"^owned:", text, re.MULTILINE)
    return (found is None or found.group(1) == "asoiaf") and collection is None


EXAMPLES = [
    p
    for p in [
        *sorted((ROOT / "tests" / "cases" / "valid").glob("*-40.yaml")),
        ROOT / "tests" / "cases" / "valid" / "martell-30.yaml",
        *sorted((ROOT / "examples").glob("*.yaml")),
    ]
    if asoiaf(p)
]


def commander_only(army: ArmyList, catalogue: Catalogue, points: int = 40) -> ArmyList:
    """The list with everything but its commander removed: the unit an attachment commander leads stays,
    and so do the cards the commander may lead only with (Doran Martell's Areo Hotah)."""
    ctx = validate(army, catalogue).context
    assert ctx is not None and ctx.commander is not None
    lead = ctx.commander
    needed = [
        ref
        for _special, effect in ctx.effects("alternate_commander")
        if effect.commander_card_id == lead.id
        for ref in effect.requires_in_army_all_of
    ]

    def keep(card: Card | None) -> bool:
        return card is lead or (card is not None and any(catalogue.matches(card, ref) for ref in needed))

    units = [
        dataclasses.replace(u, attachments=[a for a in u.attachments if keep(a.card)])
        for u in army.units
        if keep(u.unit.card) or any(keep(a.card) for a in u.attachments)
    ]
    ncus = [n for n in army.ncus if keep(n.card)]
    return dataclasses.replace(army, units=units, ncus=ncus, enemy_attachments=[], points=points)


def groups(search: Search) -> list[tuple[str, ...]]:
    return [
        tuple(sorted(a.card.id for a in c.additions if a.kind == "unit" and a.card))
        for c in search.completions
    ]


def written(army: ArmyList, completion: Completion, catalogue: Catalogue) -> str:
    """The list text with the completion applied the way `complete --apply` writes it."""
    doc = Document(dump_list(spec_of(army), catalogue))
    apply_additions(doc, catalogue, completion.additions)
    return doc.dump()


# --- the search is proven, and agrees with brute force ------------------------------------------------------


def with_left(text: str, left: int, catalogue: Catalogue) -> ArmyList:
    """The list in `text`, its game size set so that `left` points are left to spend."""
    army = load_list_text(text, catalogue)
    ctx = validate(army, catalogue).context
    assert ctx is not None
    return dataclasses.replace(army, points=ctx.total + left)


def nodes_clock(nodes: int) -> Callable[[], float]:
    """A clock for `timeout=1`: it reaches 1 after about `nodes` search nodes (the search reads it every
    TICK nodes), so a limit in work done, the same on any machine."""
    calls = iter(range(10**9))
    return lambda: next(calls) * search_module.TICK / nodes


PROOF_NODES = 400_000  # work the proof may take (the speed target is benchmarks/complete_speed.py's)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_faction_is_proven_and_every_proposal_validates(path: Path, catalogue: Catalogue) -> None:
    """Each faction's example list cut down to its commander (up to 40 points left): the top 5 are proven,
    differ in their combat units, and each written into the list validates with no errors."""
    army = commander_only(load_list(path, catalogue), catalogue)
    search = complete(army, catalogue, top=5, timeout=1, clock=nodes_clock(PROOF_NODES))
    assert search.proven, search.why
    assert len(search.completions) == 5
    assert len(set(groups(search))) == 5  # proposals differ in their new combat units
    keys = [c.key for c in search.completions]
    assert keys == sorted(keys)
    assert all(c.copies <= 3 for c in search.completions)  # the default --max-copies
    assert all(sum(a.kind == "ncu" for a in c.additions) <= 2 for c in search.completions)  # --max-ncus
    for completion in search.completions:
        report = validate_text(written(army, completion, catalogue), catalogue, "<list>")
        assert not report.errors, [p.message for p in report.errors]
        assert report.context is not None and report.context.points is not None
        assert report.context.points - report.context.total == completion.left


def test_lannister_s_most_activations_are_proven(catalogue: Catalogue) -> None:
    """Issue #27: from Tywin Lannister alone, the 35 points left buy 9 activations at best, from two Poor
    Fellows, the Mountain, the cheapest units and two NCUs, no card more than twice; the proof completes
    (it once stopped at its limit before reaching one such list)."""
    army = commander_only(load_list(ROOT / "tests" / "cases" / "valid" / "lannister-40.yaml", catalogue), catalogue)
    search = complete(army, catalogue, top=5, timeout=1, clock=nodes_clock(PROOF_NODES))
    assert search.proven, search.why
    assert [c.rank for c in search.completions] == [(0, -9, 2, -10, 5), *[(0, -9, 2, -10, 10)] * 4]
    first = Counter(a.card.title for a in search.completions[0].additions if a.card is not None)
    assert first["Poor Fellows"] == 2 and first["Gregor Clegane, The Mountain That Rides"] == 1
    assert sum(a.kind == "ncu" for a in search.completions[0].additions) == 2


def brute_force(
    army: ArmyList,
    catalogue: Catalogue,
    top: int,
    limits: Limits = DEFAULT_LIMITS,
    free: frozenset[str] = frozenset(),
    owned: dict[str, int] | None = None,
) -> list[Rank]:
    """Every list reachable by legal one-card additions (`options`) that spend points (or are among the
    `free` titles: a card the whole army makes free, which the search proposes for the card it adds) and
    keep within the player's limits (and, with `owned`, the copies the player has, those in the list
    counted), the best rank per set of new units: the best `top` ranks (the fixed order after them is the
    search's own). Slow; for small budgets only."""
    base = validate(army, catalogue)
    assert base.context is not None and base.context.points is not None
    start_units = len(army.units)
    best: dict[tuple[str, ...], Rank] = {}
    seen: set[tuple[object, ...]] = set()

    def state(a: ArmyList) -> tuple[object, ...]:
        units = tuple(
            sorted(
                (u.unit.card.id, tuple(sorted(x.card.id for x in u.attachments if x.card)))
                for u in a.units
                if u.unit.card
            )
        )
        return units, tuple(sorted(n.card.id for n in a.ncus if n.card))

    def walk(a: ArmyList) -> Iterator[ArmyList]:
        for option in options(a, catalogue):
            if option.cost <= 0 and option.card.title not in free:
                continue
            if owned is not None and sum(c.id == option.card.id for c in a.cards()) >= owned.get(option.card.id, 0):
                continue  # every copy the player has is in the list already
            if option.slot.value == "units":
                nxt = with_additions(a, units=[(option.card, ())])
            elif option.slot.value == "ncus":
                nxt = with_additions(a, ncus=[option.card])
            else:
                assert option.unit is not None
                nxt = with_additions(a, attach=[(option.unit - 1, option.card)])
            key = state(nxt)
            if key not in seen:
                seen.add(key)
                yield nxt
                yield from walk(nxt)

    for found in walk(army):
        report = validate(found, catalogue)
        if report.context is None or new_errors(base, report):
            continue
        ctx = report.context
        assert ctx.points is not None
        if not within(found, limits):
            continue
        new_units = found.units[start_units:]
        group = tuple(sorted(u.unit.card.id for u in new_units if u.unit.card))
        key = rank_of(ctx)
        if group not in best or key < best[group]:
            best[group] = key
    return sorted(best.values())[:top]


def within(army: ArmyList, limits: Limits) -> bool:
    """The finished list keeps to the player's limits."""
    ids = Counter(c.id for c in army.cards())
    units = sum(1 for u in army.units if u.unit.card)
    ncus = sum(1 for n in army.ncus if n.card)
    return (
        (limits.max_copies is None or max(ids.values()) <= limits.max_copies)
        and (limits.min_units is None or units >= limits.min_units)
        and (limits.max_units is None or units <= limits.max_units)
        and (limits.min_ncus is None or ncus >= limits.min_ncus)
        and (limits.max_ncus is None or ncus <= limits.max_ncus)
        and all(ids.keys() & wanted for wanted in limits.with_cards)
    )


BROTHERHOOD = """\
faction: brotherhood
points: 40
commander: "Beric Dondarrion, Lightning Lord"
units:
  - unit: Peasant Levy
    attachment: "Beric Dondarrion, Lightning Lord"
  - Peasant Levy
"""


# Stannis: the neutral cap all but reached (5 of 7 at 14 points: no neutral NCU fits), a character
# attachment whose cost depends on the army (Devan Seaworth), units the list already holds
BARATHEON = """\
faction: baratheon
points: 40
commander: "Stannis Baratheon, The One True King"
units:
  - unit: Baratheon Sentinels
    attachment: "Stannis Baratheon, The One True King"
  - House Bolton Cutthroats
"""


# Gregor: Jaime Lannister (Kingsguard) 1 cheaper only with Cersei in the army, checked at the leaves with
# the cards the list can hold; the Stone Crows need a Tyrion, charged at the least an addition bringing him
# costs (1: none offers him on the Stone Crows, who would take him for nothing)
LANNISTER = """\
faction: lannister
points: 40
commander: "Gregor Clegane, The Mountain"
units:
  - unit: Poor Fellows
    attachment: "Gregor Clegane, The Mountain"
  - Lannister Guardsmen
"""

# Renly: Cortnay Penrose (Loyal Tactician) surely 1 cheaper beside him, at most 1 then, and free on the
# Stormcrow Mercenaries, who take 1 off an attachment
RENLY = """\
faction: baratheon
points: 40
commander: "Renly Baratheon, The Charismatic Heir"
units:
  - unit: Rose Knights
    attachments: ["Renly Baratheon, The Charismatic Heir"]
  - Baratheon Sentinels
"""


@pytest.mark.parametrize(
    ("text", "left", "free"),
    [
        (COMMENTED, 2, ()),  # Stark: Robb on the swords, the Outriders free for an attachment
        (COMMENTED, 5, ()),
        (BROTHERHOOD, 3, ()),  # one attachment in the army costs 1 less
        (BARATHEON, 4, ("Devan Seaworth, King's Squire",)),  # free with Stannis
        (LANNISTER, 3, ()),
        (RENLY, 5, ("Cortnay Penrose, Loyal Tactician",)),
    ],
    ids=["stark-2", "stark-5", "brotherhood-3", "baratheon-neutral-cap-4", "lannister-3", "renly-5"],
)
def test_the_search_agrees_with_brute_force(
    text: str, left: int, free: tuple[str, ...], catalogue: Catalogue
) -> None:
    army = with_left(text, left, catalogue)
    search = complete(army, catalogue, top=3, timeout=30)
    assert search.proven, search.why
    assert [c.rank for c in search.completions] == brute_force(army, catalogue, 3, free=frozenset(free))
    keys = [c.key for c in search.completions]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)  # a total order


LIMITED = [
    Limits(max_copies=1),
    Limits(min_ncus=2),
    Limits(max_units=2),
    Limits(min_units=3, max_ncus=1),
]


@pytest.mark.parametrize("limits", LIMITED, ids=lambda lim: ",".join(f"{k}={v}" for k, v in vars(lim).items() if v))
def test_the_search_agrees_with_brute_force_within_the_player_s_limits(limits: Limits, catalogue: Catalogue) -> None:
    army = with_left(COMMENTED, 5, catalogue)
    search = complete(army, catalogue, top=3, timeout=60, limits=limits)
    assert search.proven, search.why
    assert search.completions
    assert [c.rank for c in search.completions] == brute_force(army, catalogue, 3, limits)
    for completion in search.completions:
        assert within(completion.report.army, limits)


# a shelf with copies of interchangeable units (the same cost, no rules of their own): own 5-point units
# (Stark Sworn Swords, one copy already in the list), neutral ones, a few attachments and NCUs (three of
# them alike: a character of their own, no rules)
SHELF = {
    "House Karstark Loyalists": 2, "House Karstark Spearmen": 2, "Crannogman Trackers": 2, "Stark Sworn Swords": 2,
    "House Bolton Cutthroats": 1, "Lysene Sellswords": 1, "Stone Crows": 1, "Stark Outriders": 1,
    "Umber Champion": 1, "Sworn Sword Captain": 1, "Dreadfort Captain": 1, "Crannogman Survivalist": 1,
    "Catelyn Stark, Lady of Winterfell": 1, "Sansa Stark, Little Bird": 1, "Rodrik Cassel, Combat Veteran": 1,
    "Lyanna Mormont, Youngest She-Bear": 1,
}  # fmt: skip


@pytest.mark.parametrize("left", [5, 11, 13])
def test_interchangeable_units_are_searched_once_and_proposed_in_every_arrangement(
    left: int, catalogue: Catalogue
) -> None:
    """Units the search cannot tell apart are searched in one arrangement; the others are checked all the
    same: from a collection, with copies already in the list, the search agrees with brute force."""
    owned = {catalogue.find(title)[0].id: copies for title, copies in SHELF.items()}
    army = with_left(COMMENTED, left, catalogue)
    search = complete(army, catalogue, top=5, timeout=60, owned=owned)
    assert search.proven, search.why
    assert [c.rank for c in search.completions] == brute_force(army, catalogue, 5, owned=owned)
    new_units = {a.card.title for c in search.completions for a in c.additions if a.kind == "unit" and a.card}
    assert {"House Karstark Loyalists", "House Karstark Spearmen"} <= new_units  # both arrangements proposed


class Unpaired(search_module.Peers):
    """No card is another's peer: the search takes every arrangement itself (the reference for symmetry.py)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.of = [None] * len(self.items)
        self.unit_classes = []
        self.prev = {}


def proposals(search: Search) -> list[tuple[Rank, list[tuple[str, str, tuple[str, ...]]]]]:
    """Each proposal's rank and additions (kind, card, attachments), as a player reads the table."""

    def read(a: Addition) -> tuple[str, str, tuple[str, ...]]:
        return a.kind, a.card.title if a.card else "", tuple(x.title for x in a.attachments)

    return [(c.rank, sorted(read(a) for a in c.additions)) for c in search.completions]


# the Loyalists the list holds are nobody's peer and sit between the Trackers and the Spearmen (peers) in the
# search's order: among the completions of one rank with the Spearmen and the Loyalists, the first in the
# fixed order is the image of one the search reaches only below a node that the best completion already found
# with the Trackers and the Loyalists would cut; only `arranged_behind` keeps that node
LOYALISTS = """\
faction: stark
points: 25
commander: Robb Stark, The Wolf Lord
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
  - House Karstark Loyalists
"""


def test_another_arrangement_is_not_cut_with_the_completion_found_for_its_units(
    catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With 15 points left and a shelf of one Crannogman Trackers, one House Karstark Spearmen, a second
    Loyalists, an Umber Champion and an NCU: the proposals (ranks, cards and where the Umber Champion goes) are
    those of the search that takes every arrangement itself, and the ranks are brute force's."""
    shelf = {
        "Crannogman Trackers": 1, "House Karstark Spearmen": 1, "House Karstark Loyalists": 2,
        "Umber Champion": 1, "Rodrik Cassel, Combat Veteran": 1,
    }  # fmt: skip
    owned = {catalogue.find(title)[0].id: copies for title, copies in shelf.items()}
    army = load_list_text(LOYALISTS, catalogue)
    search = complete(army, catalogue, top=5, timeout=60, owned=owned)
    assert search.proven, search.why
    assert [c.rank for c in search.completions] == brute_force(army, catalogue, 5, owned=owned)
    monkeypatch.setattr(search_module, "Peers", Unpaired)
    reference = complete(army, catalogue, top=5, timeout=60, owned=owned)
    assert reference.proven, reference.why
    assert proposals(search) == proposals(reference)
    wanted = [
        ("ncu", "Rodrik Cassel, Combat Veteran", ()),
        ("unit", "House Karstark Loyalists", ("Umber Champion",)),
    ]
    assert [*wanted, ("unit", "House Karstark Spearmen", ())] in [adds for _, adds in proposals(search)]


def test_a_charge_costs_what_its_card_costs_where_an_addition_brings_it(catalogue: Catalogue) -> None:
    """With the Stone Crows wanted and 6 points: they need a Tyrion, who costs nothing on them but 1 on any
    other unit (no addition offers a card for nothing); the search charges that 1 and agrees with brute
    force."""
    army = with_left(LANNISTER, 6, catalogue)
    crows = frozenset(c.id for c in catalogue.cards.values() if c.title == "Stone Crows" and c.faction == "lannister")
    limits = Limits(with_cards=(crows,))
    search = complete(army, catalogue, top=3, timeout=60, limits=limits)
    assert search.proven, search.why
    assert search.completions
    assert [c.rank for c in search.completions] == brute_force(army, catalogue, 3, limits)


MAEGE = """\
faction: stark
points: 40
commander: Maege Mormont, Lady of Bear Island
units:
  - unit: Crannogman Trackers
    attachments: ["Maege Mormont, Lady of Bear Island"]
"""
# a list that validates at 40/40 with 9 activations and no card twice: what the search must reach or beat
MAEGE_NINE = {
    "units": ["Grey Wind", "Shaggydog", "Summer", "House Karstark Loyalists", "House Karstark Spearmen",
              "Stark Sworn Swords"],
    "attachments": ["Umber Champion", "Bran and Hodor, Protector and Ward", "Rickon Stark, Prince of Winterfell"],
    "ncus": ["Arya Stark, The Wolf Girl", "Robb Stark, King in the North"],
}  # fmt: skip


def test_a_card_charged_for_is_paid_once_in_the_proof(catalogue: Catalogue) -> None:
    """Grey Wind needs a Robb Stark: the search charges the cheapest Robb when it takes Grey Wind and
    refunds it when Robb King in the North comes. Its bound counted that NCU at its whole cost on top of
    the charge, one point too many, and "proved" a list of 8 activations (9 with a card twice under
    --with) while this one of 9 with no card twice is legal (a collection of every Stark card)."""
    text = MAEGE.replace("units:\n", "units:\n" + "".join(f"  - {u}\n" for u in MAEGE_NINE["units"][:3]))
    for unit, attachment in zip(MAEGE_NINE["units"][3:], MAEGE_NINE["attachments"], strict=True):
        text += f'  - unit: {unit}\n    attachments: ["{attachment}"]\n'
    text += "ncus:\n" + "".join(f"  - {n}\n" for n in MAEGE_NINE["ncus"])
    nine = validate_text(text, catalogue, "<list>")
    assert nine.valid and nine.context is not None and nine.context.total == 40
    owned = {c.id: 1 if c.characters else 2 for c in catalogue.cards.values() if c.faction == "stark"}
    army = load_list_text(MAEGE, catalogue)
    search = complete(army, catalogue, top=1, timeout=1, clock=nodes_clock(PROOF_NODES), owned=owned)
    assert search.proven, search.why
    best = search.completions[0]
    assert (best.left, best.activations, best.copies) == (0, 9, 1)


def test_a_charge_is_exactly_what_the_card_costs_where_it_is_cheapest(catalogue: Catalogue) -> None:
    """With Stormcrow Mercenaries in the list and 4 points left, Grey Wind (3) and the Robb Stark he needs,
    The Young Wolf, on the Stormcrow Mercenaries (who take 1 off an attachment: 1) spend them all; a charge
    even one point above that 1 leaves no room for Grey Wind and proposes an NCU instead (brute force agrees
    with the search, and its best proposal is that one)."""
    army = with_left(MAEGE + "  - Stormcrow Mercenaries\n", 4, catalogue)
    search = complete(army, catalogue, top=3, timeout=60)
    assert search.proven, search.why
    assert [c.rank for c in search.completions] == brute_force(army, catalogue, 3)
    best = sorted(x.title for a in search.completions[0].additions for x in a.cards())
    assert best == ["Grey Wind", "Robb Stark, The Young Wolf"]


def test_a_card_charged_for_is_counted_once_in_the_bound(catalogue: Catalogue) -> None:
    """With Stark Sworn Swords in Maege Mormont's list and 5 points left, the bound gives back the card
    of a charge still to come (Grey Wind's Robb Stark) as it gives back its cost: the item that brings it
    counts it again. Giving back more (four cards for it) cut the best lists of 6 new cards; brute
    force agrees with the search."""
    army = with_left(MAEGE + "  - Stark Sworn Swords\n", 5, catalogue)
    search = complete(army, catalogue, top=5, timeout=60)
    assert search.proven, search.why
    assert [c.rank for c in search.completions] == brute_force(army, catalogue, 5)


def test_a_needed_card_comes_with_its_needer(catalogue: Catalogue) -> None:
    """Summer needs Bran and Hodor: a proposal with Summer carries Bran and Hodor too, and validates."""
    army = load_list_text(COMMENTED.replace("points: 40", "points: 32"), catalogue)  # 6 points left
    search = complete(army, catalogue, top=10, timeout=30)
    assert search.proven
    with_summer = [
        c for c in search.completions if any(x.title == "Summer" for a in c.additions for x in a.cards())
    ]
    assert with_summer
    for completion in with_summer:
        titles = {x.title for a in completion.additions for x in a.cards()}
        assert "Bran and Hodor, Protector and Ward" in titles
        assert completion.report.valid


def test_an_extra_attachment_a_card_allows_is_proposed(catalogue: Catalogue) -> None:
    """Every unit already has its attachment and one point is left: only an attachment that joins beyond
    the limit (Crannogman Survivalist) can spend it."""
    text = (
        "faction: stark\npoints: 12\ncommander: Robb Stark, The Wolf Lord\nunits:\n"
        "  - unit: Stark Sworn Swords\n    attachment: Robb Stark, The Wolf Lord\n"
        "  - unit: Stark Sworn Swords\n    attachment: Sworn Sword Captain\n"
    )
    army = load_list_text(text, catalogue)
    base = validate(army, catalogue)
    assert base.valid and base.context is not None and base.context.points - base.context.total == 1
    search = complete(army, catalogue, top=5, timeout=30)
    assert search.proven and search.completions
    best = search.completions[0]
    assert best.left == 0 and best.report.valid
    assert [x.title for a in best.additions for x in a.attachments] == ["Crannogman Survivalist"]


def test_a_search_cut_short_says_so(catalogue: Catalogue) -> None:
    """At the time limit the search stops and says its proposals are the best found, not proven."""
    army = commander_only(load_list(ROOT / "examples" / "stark-40.yaml", catalogue), catalogue)
    ticks = iter(range(10**9))
    search = complete(army, catalogue, top=5, timeout=0.005, clock=lambda: next(ticks) / 1000)
    assert not search.proven and search.why == "stopped at the time limit"
    assert search.nodes > 0
    for completion in search.completions:
        assert completion.report.valid


def test_progress_is_reported_while_searching(catalogue: Catalogue) -> None:
    army = commander_only(load_list(ROOT / "examples" / "stark-40.yaml", catalogue), catalogue)
    seen: list[search_module.Progress] = []
    ticks = iter(range(10**9))
    complete(army, catalogue, timeout=100, clock=lambda: next(ticks) / 100, progress=seen.append)
    assert seen and seen[-1].nodes >= seen[0].nodes > 0
    assert all(p.timeout == 100 for p in seen)


def test_complete_needs_a_commander(tmp_path: Path) -> None:
    path = tmp_path / "none.yaml"
    path.write_text("faction: stark\npoints: 30\nunits: [Stark Bowmen]\n")
    result = run("complete", str(path))
    assert result.exit_code == 2 and "commander" in result.output


def test_an_invalid_list_is_never_claimed_proven(catalogue: Catalogue) -> None:
    army = load_list_text(COMMENTED.replace("Stark Outriders", "Stark Outriders\n  - Summer"), catalogue)
    army = dataclasses.replace(army, points=40)
    search = complete(army, catalogue, top=3, timeout=10)
    assert not search.proven and search.why == "the list has errors"


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(data=st.data())
def test_complete_never_proposes_an_illegal_list(catalogue: Catalogue, data: st.DataObject) -> None:
    army = data.draw(legal_lists(catalogue))
    report = validate(army, catalogue)
    if not report.valid or report.context is None or report.context.commander is None:
        return
    search = complete(army, catalogue, top=3, timeout=3.0)
    for completion in search.completions:
        after = validate_text(written(army, completion, catalogue), catalogue, "<list>")
        assert after.valid, [p.message for p in after.errors]


# --- the command -------------------------------------------------------------------------------------------


def test_complete_says_when_it_is_proven(tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(COMMENTED.replace("points: 40", "points: 21"))
    result = run("complete", str(path), "--top", "3")
    assert result.exit_code == 0, result.output
    assert "6 points to spend" in result.output
    assert "proven optimal: no legal completion ranks better" in result.output
    assert result.stderr == ""  # no progress when standard error is not a terminal


def test_complete_json(tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(COMMENTED.replace("points: 40", "points: 25"))
    result = run("complete", str(path), "--format", "json", "--top", "2")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["proven"] is True and data["budget"] == 10 and data["why_not_proven"] is None
    assert data["nodes"] > 0 and len(data["completions"]) == 2
    first = data["completions"][0]
    assert first["rank"] == 1 and first["left"] == 0 and first["additions"]
    assert {"kind", "card", "attachments", "unit"} <= set(first["additions"][0])


def test_complete_apply_writes_the_proposal_and_keeps_comments(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(COMMENTED.replace("points: 40", "points: 30"))
    shown = json.loads(run("complete", str(path), "--format", "json").stdout)["completions"][1]
    result = run("complete", str(path), "--apply", "2")
    assert result.exit_code == 0, result.output
    assert "completion 2" in result.output and "proven optimal" in result.output
    text = path.read_text()
    for line in COMMENTED.splitlines():
        if "#" in line:
            assert line.split("#", 1)[1] in text  # every comment kept
    report = validate_text(text, catalogue, str(path))
    assert report.valid and report.context is not None
    assert report.context.points - report.context.total == shown["left"]
    titles = {c.title for c in report.army.cards()}
    for addition in shown["additions"]:
        for card in [addition["card"], *addition["attachments"]]:
            if card:
                assert card["title"] in titles


def test_complete_apply_past_the_proposals_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "full.yaml"
    path.write_text(COMMENTED.replace("points: 40", "points: 16"))  # 1 point left: few ways to spend it
    before = path.read_text()
    result = run("complete", str(path), "--apply", "99")
    assert result.exit_code == 2 and "--apply 99" in result.stderr
    assert path.read_text() == before
    result = run("complete", str(path), "--apply", "1", "--format", "json")
    assert result.exit_code == 2 and path.read_text() == before


def test_complete_shows_progress_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from armybuilder.games.asoiaf.commands import edit

    monkeypatch.setattr(edit, "_progress_wanted", lambda: True)  # the complete command asks edit
    monkeypatch.setattr(search_module, "PROGRESS_EVERY", 0.0)
    monkeypatch.setattr(search_module, "TICK", 32)
    path = tmp_path / "bare.yaml"
    path.write_text(
        COMMENTED.replace("  - Stark Outriders   # fast\n", "").replace("ncus: [Catelyn Stark]\n", "")
    )
    result = run("complete", str(path))
    assert result.exit_code == 0, result.output
    assert "searching" in result.stderr and "nodes" in result.stderr
    assert "searching" not in result.stdout


def test_options_json(tmp_path: Path) -> None:
    path = tmp_path / "wolves.yaml"
    path.write_text(COMMENTED)
    result = run("options", str(path), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["points"] == 40 and data["total"] > 0
    kinds = {o["slot"] for o in data["options"]}
    assert kinds == {"units", "attachments", "ncus"}
    bowmen = next(o for o in data["options"] if o["title"] == "Stark Bowmen")
    assert bowmen["cost"] == 6 and bowmen["left"] == data["points"] - data["total"] - 6
    assert run("options", str(path), "--format", "xml").exit_code == 2


SMALL = COMMENTED.replace("points: 40", "points: 32")  # 11 points left


def test_proposal_1_is_the_same_whatever_top(tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL)
    firsts = []
    for top in ("1", "3", "5"):
        result = run("complete", str(path), "--format", "json", "--top", top)
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert data["proven"] is True
        firsts.append(data["completions"][0])
    assert firsts[0] == firsts[1] == firsts[2]


@pytest.mark.parametrize("row", [1, 3])
def test_apply_writes_row_n_of_the_table(tmp_path: Path, catalogue: Catalogue, row: int) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL)
    shown = json.loads(run("complete", str(path), "--format", "json").stdout)["completions"][row - 1]
    result = run("complete", str(path), "--apply", str(row))
    assert result.exit_code == 0, result.output
    report = validate_text(path.read_text(), catalogue, str(path))
    assert report.context is not None and report.context.points is not None
    before = Counter(c.id for c in load_list_text(SMALL, catalogue).cards())
    after = Counter(c.id for c in report.army.cards())
    added = Counter()
    for addition in shown["additions"]:
        for card in [addition["card"], *addition["attachments"]]:
            if card:
                added[card["id"]] += 1
    assert after - before == added
    assert report.context.points - report.context.total == shown["left"]


def test_min_ncus_gives_only_lists_with_that_many_ncus(tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL)
    result = run("complete", str(path), "--format", "json", "--min-ncus", "2", "--max-copies", "2")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["proven"] is True and data["completions"]
    for proposal in data["completions"]:
        ncus = 1 + sum(1 for a in proposal["additions"] if a["kind"] == "ncu")  # Catelyn Stark is there
        assert ncus >= 2
        assert proposal["copies"] <= 2


def test_with_and_without_cards(tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL)
    result = run("complete", str(path), "--format", "json", "--with", "Stark Bowmen", "--without", "Umber Champion")
    assert result.exit_code == 0, result.output
    for proposal in json.loads(result.stdout)["completions"]:
        titles = [c["title"] for a in proposal["additions"] for c in [a["card"], *a["attachments"]] if c]
        assert "Stark Bowmen" in titles and "Umber Champion" not in titles
    clash = run("complete", str(path), "--with", "Stark Bowmen", "--without", "Stark Bowmen")
    assert clash.exit_code == 2 and "--with Stark Bowmen and --without" in clash.output
    unknown = run("complete", str(path), "--without", "Stark Bowmn")
    assert unknown.exit_code == 2 and "--without Stark Bowmn" in unknown.output


def test_with_a_card_the_army_cannot_field_names_the_option(tmp_path: Path) -> None:
    path = tmp_path / "stark.yaml"
    path.write_text((ROOT / "examples" / "stark-40.yaml").read_text().replace("  - House Tully Sworn Shields\n", ""))
    foreign = run("complete", str(path), "--with", "Lannister Guardsmen")
    assert foreign.exit_code == 2 and foreign.stdout == ""
    assert "--with Lannister Guardsmen" in foreign.stderr and "House Lannister" in foreign.stderr
    second = run("complete", str(path), "--with", "Eddard Stark, Lord of Winterfell")  # a second commander
    assert second.exit_code == 0
    assert "No legal completion holds --with Eddard Stark, Lord of Winterfell" in second.stdout
    assert "No legal completion spends" not in second.stdout


def test_a_card_added_several_times_is_one_line_with_its_count(catalogue: Catalogue) -> None:
    from armybuilder.games.asoiaf.builder.proposals import Addition
    from armybuilder.games.asoiaf.render.builder import additions_lines

    cat = catalogue
    trackers = cat.find("Crannogman Trackers")[0]
    catelyn = cat.find("Catelyn Stark, Lady of Winterfell")[0]
    additions = [Addition("unit", trackers)] * 6 + [Addition("ncu", catelyn)]
    assert additions_lines(additions, {}) == ["6× Crannogman Trackers", "NCU Catelyn Stark, Lady of Winterfell"]



LIMIT_OPTIONS = {"--max-copies", "--min-units", "--max-units", "--min-ncus", "--max-ncus", "--with", "--without"}


def test_complete_build_and_collection_armies_take_the_same_limits() -> None:
    """The three commands that search declare the player's limits once: the same options, placeholders,
    defaults and help, and the same `Limits` from them (issue #27)."""
    import typer

    from armybuilder.cli import app

    group = typer.main.get_group(app)
    commands = {
        "complete": group.commands["complete"],
        "build": group.commands["build"],
        "collection armies": group.commands["collection"].commands["armies"],  # type: ignore[attr-defined]
    }

    def limits_of(command: object) -> dict[str, tuple[object, ...]]:
        found = {}
        for param in command.params:  # type: ignore[attr-defined]
            names = set(param.opts) & LIMIT_OPTIONS
            if names:
                found[names.pop()] = (param.name, param.default, param.metavar, param.multiple, param.help)
        return found

    shapes = {name: limits_of(command) for name, command in commands.items()}
    assert set(shapes["complete"]) == LIMIT_OPTIONS
    assert shapes["build"] == shapes["complete"] and shapes["collection armies"] == shapes["complete"]
    assert shapes["complete"]["--max-copies"][1] == 3


def test_the_default_ncus_are_what_a_player_fields(catalogue: Catalogue) -> None:
    """At most two NCUs unless the player asks for more: --max-ncus, or --min-ncus above two."""
    from armybuilder.games.asoiaf.commands.limits import read_limits

    def limits(min_ncus: int | None, max_ncus: int | None) -> Limits:
        return read_limits(catalogue, "stark", 3, None, None, min_ncus, max_ncus, [], [])

    assert limits(None, None) == DEFAULT_LIMITS and DEFAULT_LIMITS.max_ncus == 2
    assert limits(None, 5).max_ncus == 5
    assert limits(3, None).max_ncus == 3
    army = commander_only(load_list(ROOT / "tests" / "cases" / "valid" / "greyjoy-40.yaml", catalogue), catalogue)
    search = complete(army, catalogue, top=5, timeout=60)
    assert search.proven, search.why
    for completion in search.completions:
        assert sum(1 for a in completion.additions if a.kind == "ncu") <= 2
