"""What a player can field from a collection: `collection armies`, `collection next`, and `options`,
`complete` and `build` limited to owned cards."""

from __future__ import annotations

import itertools
import json
import textwrap
from collections import Counter
from collections.abc import Hashable
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.games.asoiaf import armies
from armybuilder.games.asoiaf.armylist import load_list_text
from armybuilder.games.asoiaf.builder.complete import complete
from armybuilder.games.asoiaf.builder.options import options
from armybuilder.games.asoiaf.builder.relaxation import TableMemo, Tables
from armybuilder.games.asoiaf.cards import NEUTRAL, Card, CardKind
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import Options, validate, validate_path
from armybuilder.games.asoiaf.collection import Collection, read_collection, read_collection_text
from armybuilder.games.asoiaf.listwriter import ListSpec

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "collection-stark.yaml"
ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "160", "ARMYBUILDER_DATA": None}
runner = CliRunner(env=ENV)

ROBB = "Robb Stark, The Wolf Lord"
EDDARD = "Eddard Stark, Lord of Winterfell"
BRYNDEN = "Brynden Tully, Outrider Commander"


@pytest.fixture(scope="module")
def example(catalogue: Catalogue) -> Collection:
    found = read_collection(str(EXAMPLE), catalogue)
    assert found.problems == []
    return found


def titles(cards: list[Card]) -> list[str]:
    return [c.title for c in cards]


def fielded(report_army: object) -> Counter[str]:
    ctx = report_army.context  # type: ignore[attr-defined]
    return Counter(card.title for _, card in ctx.pairs)


# --- collection armies: pinned for the example collection ------------------------------------------------


@pytest.mark.parametrize(
    ("points", "key", "cards"),
    [
        (
            30,
            (0, -6, 1, -7, 0),  # every point spent, six activations, no card twice
            {
                "Stark Sworn Swords": 1,
                "House Umber Berserkers": 1,
                "Stark Bowmen": 1,
                "House Karstark Spearmen": 1,
                "Catelyn Stark, Lady of Winterfell": 1,
                "Sansa Stark, Little Bird": 1,
            },
        ),
        (
            40,
            (2, -7, 2, -10, 0),
            {
                "Stark Sworn Swords": 2,
                "House Umber Berserkers": 1,
                "Stark Bowmen": 1,
                "House Karstark Spearmen": 1,
                "Umber Champion": 1,
                "Sworn Sword Captain": 1,
                "Mormont Veteran": 1,
                "Catelyn Stark, Lady of Winterfell": 1,
                "Sansa Stark, Little Bird": 1,
            },
        ),
    ],
)
def test_which_commanders_are_playable_and_their_optimal_lists(
    catalogue: Catalogue, example: Collection, points: int, key: tuple[int, ...], cards: dict[str, int]
) -> None:
    """Ranked as `complete` ranks: (points left, -activations, most copies, -distinct cards, neutral)."""
    found = {f.commander.title: f for f in armies.armies(example, catalogue, points)}
    assert sorted(found) == sorted([ROBB, EDDARD, BRYNDEN])
    assert {t for t, f in found.items() if f.playable} == {ROBB, EDDARD}
    assert found[BRYNDEN].why == f"no cavalry unit owned for {BRYNDEN} to join"
    for commander in (ROBB, EDDARD):
        best = found[commander]
        assert best.proven, best.why
        assert best.key == key
        assert best.report is not None
        assert fielded(best.report) == Counter({**cards, commander: 1})
        assert best.report.valid
        assert not best.report.problems or {p.rule for p in best.report.problems} == {"points-unspent"}


def test_faction_filter_and_no_commander(catalogue: Catalogue, example: Collection) -> None:
    assert armies.armies(example, catalogue, 40, faction="lannister") == []
    result = runner.invoke(app, ["collection", "armies", str(EXAMPLE), "--points", "40", "--faction", "lannister"])
    assert result.exit_code == 0, result.output
    assert "holds no commander" in result.output


# --- optimality against brute force -------------------------------------------------------------------------

TINY = """\
owned:
  Robb Stark, The Wolf Lord: 1
  Ramsay Snow, The Bastard of Bolton: 1
  Brynden Tully, Outrider Commander: 1
  Stark Sworn Swords: 2
  Stark Bowmen: 1
  House Karstark Spearmen: 1
  House Bolton Cutthroats: 1
  Umber Champion: 1
  Sworn Sword Captain: 1
  Catelyn Stark, Lady of Winterfell: 1
  Sansa Stark, Little Bird: 1
"""


def brute_force(commander: Card, shelf: Collection, catalogue: Catalogue, points: int) -> tuple[int, ...] | None:
    """The best key of every list the collection can field under `commander`, found by trying them all,
    best first (these cards have no cost modifiers, so printed costs rank them; the validator settles
    which are legal)."""
    others = [c for c in shelf.cards(catalogue) if not c.commander for _ in range(shelf.count(c))]
    ranked: list[tuple[tuple[int, ...], str, tuple[Card, ...]]] = []
    for faction in armies.army_factions(commander, shelf, catalogue, None):
        pool = [c for c in others if c.faction in (faction, NEUTRAL)]
        for size in range(len(pool) + 1):
            for picked in set(itertools.combinations(pool, size)):
                cost = sum(c.points for c in picked)
                if cost <= points:
                    acts = sum(1 for c in picked if c.kind is not CardKind.ATTACHMENT)
                    copies = Counter(c.id for c in (*picked, commander))
                    neutral = sum(c.points for c in picked if c.is_neutral)
                    rank = (points - cost, -acts, max(copies.values()), -len(copies), neutral)
                    ranked.append((rank, faction, picked))
    ranked.sort(key=lambda r: (r[0], r[1], [c.id for c in r[2]]))
    for key, faction, picked in ranked:
        units = [c for c in picked if c.kind is CardKind.COMBAT_UNIT]
        atts = [c for c in picked if c.kind is CardKind.ATTACHMENT] + [commander]
        ncus = [c for c in picked if c.kind is CardKind.NCU]
        for places in itertools.permutations(range(len(units)), len(atts)):
            spec = ListSpec(faction, points, units=[(u, []) for u in units], ncus=ncus)
            for att, place in zip(atts, places, strict=True):
                spec.units[place][1].append(att)
            if not armies.check_spec(spec, catalogue).errors:
                return key
    return None


@pytest.mark.parametrize("points", [30, 40])
def test_each_best_list_is_the_best_of_every_list_the_collection_can_field(catalogue: Catalogue, points: int) -> None:
    shelf = read_collection_text(TINY, catalogue, "tiny.yaml")
    assert shelf.problems == []
    found = {f.commander.title: f for f in armies.armies(shelf, catalogue, points)}
    assert {t for t, f in found.items() if f.playable} == {ROBB, "Ramsay Snow, The Bastard of Bolton"}
    for fielding in found.values():
        expected = brute_force(fielding.commander, shelf, catalogue, points)
        assert fielding.key == expected, fielding.commander.title
        assert fielding.proven
    # the neutral unit comes along at both sizes: one more activation outranks fewer neutral points
    assert found[ROBB].key == ((0, -6, 1, -8, 5) if points == 30 else (4, -7, 2, -9, 5))


SWAPPABLE = """\
owned:
  Robb Stark, The Wolf Lord: 1
  Stark Sworn Swords: 1
  House Karstark Spearmen: 1
  House Karstark Loyalists: 1
  Winterfell Guard: 1
  Umber Champion: 1
  Sansa Stark, Little Bird: 1
"""


@pytest.mark.parametrize("points", [20, 30])
def test_units_only_one_of_which_is_tried_as_the_commander_s_still_give_the_best_list(
    catalogue: Catalogue, points: int
) -> None:
    shelf = read_collection_text(SWAPPABLE, catalogue, "swappable.yaml")
    robb = catalogue.find(ROBB)[0]
    led = [spec.units[0][0].title for spec in armies.bases(robb, "stark", points, shelf, catalogue)]
    # three plain 5-point infantry units owned once each are one choice; a unit with a cost rule is its own
    assert led == ["House Karstark Loyalists", "Winterfell Guard"]
    best = armies.best_army(robb, shelf, catalogue, points)
    assert best.key == brute_force(robb, shelf, catalogue, points)


def test_interchangeable_units_are_only_those_no_rule_names(catalogue: Catalogue) -> None:
    named = armies.referenced(catalogue)
    assert catalogue.find("Rickon Stark, Prince of Winterfell")[0].id in named  # Osha joins his unit
    assert catalogue.find("Stark Sworn Swords")[0].id not in named


# --- what collection armies writes validates clean ----------------------------------------------------------


def test_every_list_written_validates_clean_and_fields_no_card_beyond_the_collection(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    out = tmp_path / "lists"
    result = runner.invoke(
        app, ["collection", "armies", str(EXAMPLE), "--points", "40", "--format", "json", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["points"] == 40 and len(data["armies"]) == 3
    written = sorted(out.glob("*.yaml"))
    assert [p.name for p in written] == [
        "stark-40-eddard-stark-lord-of-winterfell.yaml",
        "stark-40-robb-stark-the-wolf-lord.yaml",
    ]
    as_json = []
    for index, item in enumerate(a for a in data["armies"] if a["playable"]):
        path = tmp_path / f"from-json-{index}.yaml"
        path.write_text(json.dumps(item["list"]), encoding="utf-8")
        as_json.append(path)
    for path in [*written, *as_json]:
        report = validate_path(str(path), catalogue, Options(collection=str(EXAMPLE)))
        assert not report.errors, (path, report.errors)
        assert not [p for p in report.problems if p.rule == "collection"], path
    check = runner.invoke(app, ["validate", *map(str, written), "--collection", str(EXAMPLE), "-f", "parsable"])
    assert check.exit_code == 0 and "collection" not in check.output


def test_yaml_format_is_a_stream_of_lists(catalogue: Catalogue) -> None:
    result = runner.invoke(app, ["collection", "armies", str(EXAMPLE), "--points", "30", "--format", "yaml"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"# {BRYNDEN}: not playable at 30 points: no cavalry unit owned")
    docs = result.stdout.split("\n---\n")[1:]
    assert len(docs) == 2
    for doc in docs:
        assert yaml.safe_load(doc)["points"] == 30
        report = validate(load_list_text(doc, catalogue), catalogue)
        assert report.valid and not report.problems


def test_text_output(tmp_path: Path) -> None:
    result = runner.invoke(app, ["collection", "armies", str(EXAMPLE), "--points", "40"])
    assert result.exit_code == 0, result.output
    assert f"{BRYNDEN} — not playable: no cavalry unit owned for {BRYNDEN} to join" in result.output
    assert "Points 38/40 · 2 left · Neutral 0/20 · proven best" in result.output
    assert "2 of 3 commanders owned playable at 40 points" in result.output


def test_an_unusable_collection_prints_every_problem_and_exits_2(tmp_path: Path) -> None:
    shelf = tmp_path / "shelf.yaml"
    shelf.write_text("owned:\n  Stark Swrn Swords: 2\n  Robb Stark: 1\n", encoding="utf-8")
    for args in (["armies", "--points", "40"], ["next", "--points", "40", "--faction", "stark"]):
        result = runner.invoke(app, ["collection", args[0], str(shelf), *args[1:]])
        assert result.exit_code == 2
        assert "shelf.yaml:2:3: error unknown-card no card called 'Stark Swrn Swords'" in result.output
        assert "shelf.yaml:3:3: error ambiguous-card" in result.output


def test_a_search_that_runs_out_of_time_says_best_found(catalogue: Catalogue, example: Collection) -> None:
    ticks = itertools.count()
    best = armies.best_army(
        catalogue.find(ROBB)[0], example, catalogue, 40, timeout=0.5, clock=lambda: next(ticks) * 10.0
    )
    assert not best.proven
    assert "time limit" in best.why


# --- collection next ---------------------------------------------------------------------------------------


def test_next_ranks_single_cards_then_pairs_with_what_each_unlocks(catalogue: Catalogue) -> None:
    shelf = read_collection_text(
        "owned:\n  Brynden Tully, Outrider Commander: 1\n  Stark Sworn Swords: 1\n  Stark Bowmen: 1\n",
        catalogue,
        "shelf.yaml",
    )
    shopping = armies.next_purchases(shelf, catalogue, 40, "stark")
    assert shopping.playable == []
    first = shopping.purchases[0]
    assert len(first.cards) == 1
    by_first = {p.cards[0].title: p for p in shopping.purchases}
    # a cavalry unit makes the owned cavalry commander playable; the cheapest is named, the others offered
    cavalry = next(p for p in shopping.purchases if titles(p.unlocks) == [BRYNDEN])
    assert cavalry.cards[0].type == "cavalry" and len(cavalry.cards) == 1
    assert "Stark Outriders" in [cavalry.cards[0].title, *titles(list(cavalry.alternatives))]
    # an infantry commander's card alone unlocks it: the infantry units are owned
    assert titles(by_first[ROBB].unlocks) == [ROBB]
    sizes = [len(p.cards) for p in shopping.purchases]
    assert sizes == sorted(sizes)
    assert not any(p.cards[0].title == "Brynden Tully, The Blackfish" and len(p.cards) == 2 for p in shopping.purchases)


def test_next_pairs_a_commander_with_a_unit_when_nothing_it_can_lead_is_owned(catalogue: Catalogue) -> None:
    shelf = read_collection_text("owned:\n  Catelyn Stark, Lady of Winterfell: 1\n", catalogue, "shelf.yaml")
    shopping = armies.next_purchases(shelf, catalogue, 40, "stark")
    assert all(len(p.cards) == 2 for p in shopping.purchases)
    robb = next(p for p in shopping.purchases if p.cards[0].title == ROBB)
    assert robb.cards[1].kind is CardKind.COMBAT_UNIT and robb.cards[1].type == "infantry"
    assert titles(robb.unlocks) == [ROBB]
    # buying the pair really makes it playable
    bought = shelf.plus(robb.cards[0]).plus(robb.cards[1])
    assert armies.best_army(robb.cards[0], bought, catalogue, 40).playable


def test_next_command(tmp_path: Path) -> None:
    result = runner.invoke(app, ["collection", "next", str(EXAMPLE), "--points", "40", "--faction", "stark"])
    assert result.exit_code == 0, result.output
    assert f"Playable now at 40 points (stark): {EDDARD}, {ROBB}" in result.output
    assert BRYNDEN in result.output
    data = json.loads(
        runner.invoke(
            app, ["collection", "next", str(EXAMPLE), "--points", "40", "--faction", "stark", "--format", "json"]
        ).stdout
    )
    unlocking = [p for p in data["purchases"] if [u["title"] for u in p["unlocks"]] == [BRYNDEN]]
    assert unlocking and unlocking[0]["buy"][0]["faction"] in ("stark", "neutral")


# --- options, complete and build with --collection -----------------------------------------------------------

BASE = """\
faction: stark
points: 40
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
"""


def test_options_offers_only_owned_cards_with_a_copy_left(catalogue: Catalogue) -> None:
    shelf = read_collection_text(
        "owned:\n  Robb Stark, The Wolf Lord:\n  Stark Sworn Swords: 1\n  Stark Bowmen: 1\n  Umber Champion: 2\n",
        catalogue,
        "shelf.yaml",
    )
    army = load_list_text(BASE, catalogue)
    found = options(army, catalogue, owned=shelf.owned)
    assert sorted({o.card.title for o in found}) == ["Stark Bowmen"]  # the one Sworn Swords is in the list
    everything = options(army, catalogue)
    assert len(everything) > 10


def test_complete_never_proposes_an_unowned_card_and_counts_what_the_list_holds(catalogue: Catalogue) -> None:
    shelf = read_collection_text(
        "owned:\n  Robb Stark, The Wolf Lord:\n  Stark Sworn Swords: 2\n  Stark Bowmen: 1\n  Umber Champion: 1\n"
        "  Catelyn Stark, Lady of Winterfell: 1\n",
        catalogue,
        "shelf.yaml",
    )
    army = load_list_text(BASE, catalogue)
    search = complete(army, catalogue, top=5, owned=shelf.owned)
    assert search.proven
    best = search.completions[0]
    assert best.left == 40 - 5 - 5 - 6 - 1 - 4
    for completion in search.completions:
        counts = fielded(completion.report)
        assert all(counts[c.title] <= shelf.count(c) for c in completion.report.army.cards()), counts


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_complete_with_any_collection_stays_within_it(catalogue: Catalogue, data: st.DataObject) -> None:
    pool = sorted(
        (c for c in catalogue.cards.values() if c.faction in ("stark", NEUTRAL) and not c.commander),
        key=lambda c: c.id,
    )
    picked = data.draw(st.lists(st.sampled_from(pool), max_size=8))
    owned = Counter(c.id for c in picked)
    owned["20201"] = 1  # Robb, who leads the list
    owned["10201"] += data.draw(st.integers(0, 1))  # maybe a spare copy of the unit he leads
    army = load_list_text(BASE, catalogue)
    search = complete(army, catalogue, top=3, timeout=2.0, owned=owned)
    for completion in search.completions:
        ctx = completion.report.context
        assert ctx is not None
        counts = Counter(card.id for _, card in ctx.pairs)
        assert all(counts[i] <= max(owned[i], 1) for i in counts), (counts, owned)


def test_complete_and_options_commands_take_a_collection(tmp_path: Path) -> None:
    listfile = tmp_path / "list.yaml"
    listfile.write_text(BASE, encoding="utf-8")
    shelf = tmp_path / "shelf.yaml"
    shelf.write_text(
        textwrap.dedent(
            """\
            owned:
              Robb Stark, The Wolf Lord:
              Stark Sworn Swords: 1
              Stark Bowmen: 1
            """
        ),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["complete", str(listfile), "--collection", str(shelf)])
    assert result.exit_code == 0, result.output
    assert "Stark Bowmen" in result.output and "Outriders" not in result.output
    result = runner.invoke(app, ["options", str(listfile), "--collection", str(shelf)])
    assert result.exit_code == 0, result.output
    assert "Stark Bowmen" in result.output and "Outriders" not in result.output


def test_build_offers_only_owned_commanders_and_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shelf = tmp_path / "shelf.yaml"
    shelf.write_text(
        "owned:\n  Robb Stark, The Wolf Lord:\n  Stark Sworn Swords: 1\n  Stark Bowmen: 1\n", encoding="utf-8"
    )
    # faction, size, commander, the unit it leads, name, player; a unit; another; complete; save
    lines = ["stark", "", "1", "1", "", "", "u", "1", "u", "c", "s", "mine.yaml", "q"]
    result = runner.invoke(app, ["build", "--collection", str(shelf)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "1. Robb Stark, The Wolf Lord (commander)" in result.output
    assert "2. " not in result.output.split("Commander")[1].split("number to pick")[0]
    assert "Add a combat unit: nothing fits." in result.output  # the one Bowmen is in, nothing else owned
    assert "Outriders" not in result.output.split("[c]")[-2]  # the completion step offers owned cards only
    saved = yaml.safe_load((tmp_path / "mine.yaml").read_text(encoding="utf-8"))
    assert saved["units"][1] == "Stark Bowmen"


def test_progress_shows_only_once_a_run_takes_over_a_second(monkeypatch: pytest.MonkeyPatch) -> None:
    from armybuilder.games.asoiaf.render import collection as render

    quick = render.ArmiesProgress(color=False)
    with quick:
        quick.update(armies.Progress(0, 2, None, 0.0))
        assert not quick.bar.live.is_started
    monkeypatch.setattr(render, "SHOW_AFTER", 0.01)
    slow = render.ArmiesProgress(color=False)
    with slow:
        slow.timer.join()
        assert slow.bar.live.is_started
    assert not slow.bar.live.is_started


# --- every commander whose cards are owned is found --------------------------------------------------------


def _commanders() -> list[tuple[str, str]]:
    from armybuilder.games.asoiaf.catalogue import load_catalogue

    cat = load_catalogue()
    return sorted((c.id, c.title) for c in cat.cards.values() if c.commander)


def everything(catalogue: Catalogue, factions: set[str], copies: int) -> Collection:
    """A collection of `copies` of every card of these factions."""
    lines = ["owned:", *(f'  "{c.id}": {copies}' for c in catalogue.cards.values() if c.faction in factions)]
    shelf = read_collection_text("\n".join(lines) + "\n", catalogue, "everything.yaml")
    assert shelf.problems == []
    return shelf


@pytest.mark.parametrize(("card_id", "title"), _commanders(), ids=[t for _, t in _commanders()])
def test_every_commander_is_found_when_its_cards_are_owned(catalogue: Catalogue, card_id: str, title: str) -> None:
    """Owning every card of its faction (and the neutral ones), each commander leads a legal list: Varamyr
    Sixskins with Shadowcat and Wolf Pack, Doran Martell with Areo Hotah, Areo Hotah with Doran Martell."""
    commander = catalogue.cards[card_id]
    faction = commander.faction if commander.faction != NEUTRAL else "stark"
    shelf = everything(catalogue, {faction, NEUTRAL}, 3)
    found = armies.best_army(commander, shelf, catalogue, 40, faction=faction, timeout=2.0)
    assert found.playable, found.why
    assert found.report is not None and not found.report.errors, [p.message for p in found.report.errors]
    ctx = found.report.context
    assert ctx is not None and ctx.commander is commander


def test_a_collection_of_99_of_every_card_finishes_within_its_time_bound(catalogue: Catalogue) -> None:
    """99 copies of every card: no list takes a card more than 3 times (the default), and the run keeps to
    its total time (counted on a clock that only moves when the search looks at it)."""
    shelf = everything(catalogue, set(catalogue.factions) | {NEUTRAL}, 99)
    now = itertools.count()
    found = armies.armies(shelf, catalogue, 40, faction="stark", total=20.0, clock=lambda: next(now) * 0.05)
    assert found and all(f.playable for f in found)
    for fielding in found:
        assert fielding.report is not None and fielding.report.context is not None
        assert max(Counter(c.id for _, c in fielding.report.context.pairs).values()) <= 3
    assert next(now) * 0.05 <= 20.0 * 1.5


def test_collection_armies_takes_the_limits_of_complete(catalogue: Catalogue) -> None:
    result = runner.invoke(
        app, ["collection", "armies", str(EXAMPLE), "--points", "40", "--max-copies", "1", "--format", "yaml"]
    )
    assert result.exit_code == 0, result.output
    docs = result.stdout.split("\n---\n")[1:]
    assert docs
    for doc in docs:
        army = load_list_text(doc, catalogue)
        assert max(Counter(c.id for c in army.cards()).values()) == 1
    bad = runner.invoke(app, ["collection", "armies", str(EXAMPLE), "--points", "40", "--with", "No Such Card"])
    assert bad.exit_code == 2 and "--with No Such Card" in bad.output


def test_without_a_card_no_list_holds_it_not_even_as_the_unit_the_commander_joins(
    catalogue: Catalogue, example: Collection
) -> None:
    """`--without` names a card no proposal may add: the unit an attachment commander joins is one too."""
    robb = catalogue.find(ROBB)[0]
    before = armies.best_army(robb, example, catalogue, 40)
    assert before.report is not None and before.report.context is not None
    host = next(u.unit.card for u in before.report.army.units if any(a.card is robb for a in u.attachments))
    assert host is not None
    after = armies.best_army(robb, example, catalogue, 40, limits=armies.Limits(without=frozenset({host.id})))
    assert after.playable and after.proven, after.why
    assert after.report is not None and after.report.valid
    assert host.title not in {c.title for c in after.report.army.cards()}
    assert any(a.card is robb for u in after.report.army.units for a in u.attachments)  # on another unit


# --- bounded work ------------------------------------------------------------------------------------------


def test_copies_beyond_what_a_list_can_field_change_nothing(catalogue: Catalogue) -> None:
    """99 copies of a card are the 3 `--max-copies` allows (1 with `--max-copies 1`), a character card one
    copy: the same lists, the same keys."""
    tiny = read_collection_text(TINY, catalogue, "tiny.yaml")
    many = Collection(tiny.path, owned=dict.fromkeys(tiny.owned, 99))
    cut = armies.fieldable(many, catalogue)
    for card in many.cards(catalogue):
        assert cut.count(card) == (1 if card.characters else 3), card.title
    assert armies.fieldable(many, catalogue, armies.Limits(max_copies=1)).owned == dict.fromkeys(tiny.owned, 1)
    assert armies.fieldable(cut, catalogue) is cut  # nothing to cut: the collection itself
    three = Collection(tiny.path, owned=dict.fromkeys(tiny.owned, 3))
    keys = [[f.key for f in armies.armies(shelf, catalogue, 30)] for shelf in (many, three)]
    assert keys[0] == keys[1] and any(k is not None for k in keys[0])


def test_a_commander_out_of_time_leads_the_best_list_of_the_one_before(
    catalogue: Catalogue, example: Collection
) -> None:
    """Work is reused across commanders: Eddard's best list led by Robb is Robb's list to beat, his answer
    when no search runs (marked not proven, with why), and changes nothing when his searches finish."""
    eddard, robb = catalogue.find(EDDARD)[0], catalogue.find(ROBB)[0]
    before = armies.best_army(eddard, example, catalogue, 40)
    assert before.proven and before.spec is not None
    hurried = armies.best_army(robb, example, catalogue, 40, timeout=0.0, seeds=[before.spec])
    assert hurried.searches == 0 and not hurried.proven
    assert hurried.why.startswith("stopped at the time limit: 0 of the")
    assert hurried.report is not None and hurried.report.valid and hurried.report.context is not None
    assert hurried.report.context.commander is robb
    led = Counter(c.title for _, c in hurried.report.context.pairs)
    assert led == Counter({**fielded(before.report), EDDARD: 0, ROBB: 1}) - Counter()
    alone, seeded = (armies.best_army(robb, example, catalogue, 40, seeds=s) for s in ([], [before.spec]))
    assert alone.proven and seeded.proven
    assert seeded.key == alone.key and fielded(seeded.report) == fielded(alone.report)


@pytest.mark.parametrize("points", [30, 40])
def test_a_unit_left_bare_that_another_search_covers_changes_no_list(
    catalogue: Catalogue, example: Collection, points: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Searches after the first leave out lists holding a bare unit the commander was already searched on
    (the commander moved there is a list of that search): every best list and rank stay the same."""
    skipped: list[frozenset[str]] = []
    no_bare = armies._no_bare

    def recording(*args: object) -> frozenset[str]:
        found = no_bare(*args)  # type: ignore[arg-type]
        skipped.append(found)
        return found

    monkeypatch.setattr(armies, "_no_bare", recording)
    cutting = armies.armies(example, catalogue, points)
    assert any(skipped), "no search left a unit out: the test proves nothing"
    monkeypatch.setattr(armies, "_no_bare", lambda *args: frozenset())
    every = armies.armies(example, catalogue, points)
    assert [f.proven for f in cutting] == [f.proven for f in every]
    assert [f.key for f in cutting] == [f.key for f in every]
    assert [fielded(f.report) if f.report else None for f in cutting] == [
        fielded(f.report) if f.report else None for f in every
    ]


class _Checking(TableMemo):
    """A memo that never answers: each search builds its tables, compared with those built before under the
    same key (what a memo hit would have handed it)."""

    hits = 0

    def __init__(self) -> None:
        super().__init__()
        self.built: dict[object, object] = {}

    def get(self, key: Hashable) -> None:
        if key in self.built:
            type(self).hits += 1
        return None

    def put(self, key: Hashable, tables: Tables) -> None:
        assert self.built.setdefault(key, tables) == tables, "two searches alike by the memo's key, unlike tables"


@pytest.mark.parametrize(("faction", "points"), [("stark", 30), ("greyjoy", 25)])
def test_a_table_shared_between_searches_is_the_table_each_would_build(
    catalogue: Catalogue, faction: str, points: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`collection armies` hands a search the bound tables an earlier search built under the same key
    (`relaxation.TableMemo`): the key must hold all the tables depend on, or a search would prune with another
    list's bounds. Every search builds its own here and they must equal what was shared; the lists found are
    the same. (A whole faction's cards, a copy of each, as `benchmarks/collection_speed.py` has two.)"""
    shelf = Collection(f"<{faction}>", owned={c.id: 1 for c in catalogue.cards.values() if c.faction == faction})
    shared = [(f.commander.id, f.key, f.proven) for f in armies.armies(shelf, catalogue, points)]
    _Checking.hits = 0
    monkeypatch.setattr(armies, "TableMemo", _Checking)
    assert [(f.commander.id, f.key, f.proven) for f in armies.armies(shelf, catalogue, points)] == shared
    assert _Checking.hits > 0  # (the run shared tables at all)


def test_out_names_its_own_option_when_a_list_cannot_be_written(tmp_path: Path) -> None:
    out = tmp_path / "lists"
    (out / "stark-40-robb-stark-the-wolf-lord.yaml").mkdir(parents=True)  # a folder where a list goes
    args = ["collection", "armies", str(EXAMPLE), "--points", "40", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "is a folder" in result.stderr
    assert "--out" in result.stderr and "-o " not in result.stderr and "with -o" not in result.stderr
    (out / "stark-40-robb-stark-the-wolf-lord.yaml").rmdir()
    again = runner.invoke(app, args)  # the first list was written before the folder stopped the run
    assert again.exit_code == 2 and "--force" in again.stderr and "another folder with --out" in again.stderr
