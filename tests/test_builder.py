"""Building lists from the command line: new/add/remove/move/set on files, options, complete."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from armybuilder.cli import app
from armybuilder.games.asoiaf.armylist import ArmyList, Slot, load_list_text
from armybuilder.games.asoiaf.builder.document import Document
from armybuilder.games.asoiaf.builder.edits import add, commanders_of, host_units, new_list
from armybuilder.games.asoiaf.builder.options import options, with_additions
from armybuilder.games.asoiaf.cards import CardKind
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate, validate_path, validate_text
from armybuilder.games.asoiaf.listwriter import ListSpec, dump_list, reference

ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "120", "ARMYBUILDER_DATA": None}
runner = CliRunner(env=ENV)

COMMENTED = """\
# Wolves of the North: my club list
name: Wolves   # keep this name
faction: stark
points: 40
commander: Robb Stark, The Wolf Lord
units:
  # Robb rides with the swords
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
  - Stark Outriders   # fast
ncus: [Catelyn Stark]
"""


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


@pytest.fixture
def listfile(tmp_path: Path) -> Path:
    path = tmp_path / "wolves.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    return path


def legal(path: Path, catalogue: Catalogue) -> bool:
    return validate_path(str(path), catalogue).valid


# --- new -------------------------------------------------------------------------------------------------


def test_new_places_an_attachment_commander_on_the_cheapest_fitting_unit(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = tmp_path / "new.yaml"
    result = run(
        "new", str(path), "--faction", "stark", "--points", "40", "--commander", "Robb Stark, The Wolf Lord"
    )
    assert result.exit_code == 0, result.output
    assert "created" in result.output and "35 left" in result.output
    army = load_list_text(path.read_text(), catalogue)
    [unit] = army.units
    assert unit.unit.card is not None and unit.unit.card.faction == "stark"
    assert [a.card.title for a in unit.attachments if a.card] == ["Robb Stark, The Wolf Lord"]
    assert legal(path, catalogue)


def test_new_with_unit_and_name_and_an_ncu_commander(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "new.yaml"
    result = run(
        "new", str(path), "--faction", "stark", "--commander", "Robb Stark, The Wolf Lord",
        "--unit", "Stark Sworn Swords", "--name", "Pack",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert 'name: "Pack"' in text and "unit: Stark Sworn Swords" in text
    ncu = next(c for c in catalogue.cards.values() if c.commander and c.kind is CardKind.NCU)
    other = tmp_path / "ncu.yaml"
    result = run("new", str(other), "--faction", ncu.faction, "--commander", ncu.id)
    assert result.exit_code in (0, 1), result.output
    army = load_list_text(other.read_text(), catalogue)
    assert [e.card for e in army.ncus] == [ncu]


def test_new_refuses_to_overwrite_without_force(listfile: Path) -> None:
    result = run("new", str(listfile), "--faction", "stark", "--commander", "Robb Stark, The Wolf Lord")
    assert result.exit_code == 2 and "exists" in result.output
    assert listfile.read_text() == COMMENTED
    result = run(
        "new", str(listfile), "--faction", "stark", "--commander", "Robb Stark, The Wolf Lord", "--force"
    )
    assert result.exit_code == 0
    assert listfile.read_text() != COMMENTED


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (["--faction", "strak", "--commander", "Robb Stark, The Wolf Lord"], "did you mean `stark`"),
        (["--faction", "stark", "--commander", "Rob Stark, The Wolf Lord"], "did you mean"),
        (["--faction", "stark", "--commander", "Stark Bowmen"], "not a commander"),
    ],
)
def test_new_bad_references_exit_2_with_a_hint(tmp_path: Path, args: list[str], hint: str) -> None:
    result = run("new", str(tmp_path / "x.yaml"), *args)
    assert result.exit_code == 2, result.output
    assert hint in result.output and "Traceback" not in result.output
    assert not (tmp_path / "x.yaml").exists()


# --- edits end to end -------------------------------------------------------------------------------------


def test_edits_end_to_end_keep_comments_and_key_order(listfile: Path, catalogue: Catalogue) -> None:
    result = run("add", str(listfile), "Stark Bowmen")
    assert result.exit_code == 0, result.output
    assert "added combat unit Stark Bowmen" in result.output and "Points 21/40 · 19 left" in result.output
    text = listfile.read_text()
    for comment in ("# Wolves of the North", "# keep this name", "# Robb rides", "# fast"):
        assert comment in text
    assert text.index("name:") < text.index("faction:") < text.index("units:") < text.index("ncus:")
    assert "  - Stark Bowmen\n" in text

    result = run("add", str(listfile), "Umber Champion", "--to", "3")
    assert result.exit_code == 0, result.output
    assert "  - unit: Stark Bowmen\n    attachment: Umber Champion\n" in listfile.read_text()

    result = run("add", str(listfile), "Stark Sworn Swords")
    assert result.exit_code == 0
    result = run("move", str(listfile), "Umber Champion", "--to", "4")
    assert result.exit_code == 0, result.output
    text = listfile.read_text()
    assert (
        "  - Stark Bowmen\n" in text
        and "  - unit: Stark Sworn Swords\n    attachment: Umber Champion\n" in text
    )

    result = run("remove", str(listfile), "Stark Outriders")
    assert result.exit_code == 0, result.output
    assert "Stark Outriders" not in listfile.read_text() and "# Robb rides" in listfile.read_text()

    result = run("remove", str(listfile), "Catelyn Stark")
    assert result.exit_code == 0, result.output
    assert "Catelyn" not in listfile.read_text()

    result = run("set", str(listfile), "points", "30")
    assert result.exit_code == 0, result.output
    assert "points: 30\n" in listfile.read_text() and "Neutral 0/15" in result.output

    result = run("set", str(listfile), "commander", "Eddard Stark, Lord of Winterfell")
    assert result.exit_code == 0, result.output
    text = listfile.read_text()
    assert "The Wolf Lord" not in text and "Eddard Stark" in text
    assert text.startswith("# Wolves of the North: my club list\nname: Wolves   # keep this name\n")
    assert legal(listfile, catalogue)


def test_remove_by_position_takes_the_attachments(listfile: Path, catalogue: Catalogue) -> None:
    run("add", str(listfile), "Stark Bowmen")
    run("add", str(listfile), "Umber Champion", "--to", "Stark Bowmen")
    result = run("remove", str(listfile), "3")
    assert result.exit_code == 0, result.output
    assert "with Umber Champion" in result.output
    assert "Bowmen" not in listfile.read_text() and "Umber" not in listfile.read_text()


def test_an_illegal_edit_is_refused_and_force_writes_it(listfile: Path, catalogue: Catalogue) -> None:
    result = run("add", str(listfile), "Umber Champion", "--to", "Stark Outriders")
    assert result.exit_code == 1
    assert "refused" in result.output and "attachment-type" in result.output
    assert listfile.read_text() == COMMENTED
    result = run("add", str(listfile), "Umber Champion", "--to", "2", "--force")
    assert result.exit_code == 1, result.output  # written, and the list on disk is invalid
    assert "Written with --force" in result.output
    assert "attachment: Umber Champion" in listfile.read_text()
    assert not legal(listfile, catalogue)


def test_removing_the_commander_is_refused(listfile: Path) -> None:
    result = run("remove", str(listfile), "1")
    assert result.exit_code == 1 and "commander" in result.output
    assert listfile.read_text() == COMMENTED


def test_over_budget_is_refused(listfile: Path) -> None:
    run("set", str(listfile), "points", "18")
    result = run("add", str(listfile), "Stark Bowmen")
    assert result.exit_code == 1 and "points-limit" in result.output


def test_an_illegal_list_may_be_edited_when_no_new_error_comes(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        COMMENTED.replace(
            "  - Stark Outriders   # fast\n", "  - unit: Stark Outriders\n    attachment: Umber Champion\n"
        )
    )
    assert not legal(path, catalogue)
    result = run("add", str(path), "Stark Bowmen")
    assert result.exit_code == 1, result.output  # written; the old error is still there
    assert "Stark Bowmen" in path.read_text()
    result = run("move", str(path), "Umber Champion", "--to", "Stark Bowmen")
    assert result.exit_code == 0, result.output
    assert legal(path, catalogue)


def test_attachment_without_to_picks_the_only_free_unit_or_asks(listfile: Path) -> None:
    result = run("add", str(listfile), "Umber Champion")
    assert result.exit_code == 2 and "already has an attachment (1. Stark Sworn Swords)" in result.output
    run("add", str(listfile), "Stark Bowmen")
    result = run("add", str(listfile), "Umber Champion")
    assert result.exit_code == 0 and "to 3. Stark Bowmen" in result.output
    run("add", str(listfile), "Stark Bowmen")
    run("add", str(listfile), "Stark Sworn Swords")
    result = run("add", str(listfile), "Sworn Sword Captain")
    assert result.exit_code == 2 and "--to" in result.output and "4. Stark Bowmen" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["add", "Stark Bowman"],
        ["add", "Umber Champian", "--to", "1"],
        ["remove", "Catelin Stark"],
        ["move", "Umber Champian", "--to", "1"],
        ["set", "commander", "Rob Stark"],
        ["set", "faction", "starks"],
    ],
)
def test_near_miss_names_suggest_and_exit_2(listfile: Path, args: list[str]) -> None:
    result = run(args[0], str(listfile), *args[1:])
    assert result.exit_code == 2, result.output
    assert "did you mean" in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert listfile.read_text() == COMMENTED


@pytest.mark.parametrize(
    "args",
    [
        ["remove", "Stark Bowmen"],
        ["move", "Umber Champion", "--to", "1"],
        ["set", "points", "-3"],
        ["set", "colour", "red"],
        ["add", "Umber Champion", "--to", "9"],
    ],
)
def test_usage_errors_are_one_line_and_exit_2(listfile: Path, args: list[str]) -> None:
    result = run(args[0], str(listfile), *args[1:])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("armybuilder: error:") or "Usage" in result.output
    assert listfile.read_text() == COMMENTED


def test_missing_file_and_broken_yaml(tmp_path: Path) -> None:
    result = run("add", str(tmp_path / "none.yaml"), "Stark Bowmen")
    assert result.exit_code == 2 and "no such file" in result.output
    broken = tmp_path / "broken.yaml"
    broken.write_text("faction: [stark\n")
    result = run("add", str(broken), "Stark Bowmen")
    assert result.exit_code == 2 and "not valid YAML" in result.output


# --- options ----------------------------------------------------------------------------------------------


def test_options_lists_units_attachments_and_ncus(listfile: Path) -> None:
    result = run("options", str(listfile))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Combat units" in out and "NCUs" in out and "Attachments for" in out
    assert "Robb Stark" not in out.split("Points", 1)[1].split("\n", 1)[1]  # present characters not offered
    assert "Lannister" not in out  # other great houses are not offered
    result = run("options", str(listfile), "--for", "Stark Outriders")
    assert result.exit_code == 0
    assert "Combat units" not in result.output and "Attachments for 2. Stark Outriders" in result.output
    assert "Umber Champion" not in result.output  # infantry attachment


def test_options_for_a_longer_list(catalogue: Catalogue) -> None:
    army = load_list_text(COMMENTED, catalogue)
    army = with_additions(army, units=[(catalogue.find("Stark Bowmen")[0], ())] * 4)
    found = options(army, catalogue)  # how fast is for benchmarks/run, not for a test on a busy machine
    assert found


# --- properties over random legal lists ---------------------------------------------------------------------

FACTIONS = ["stark", "lannister", "freefolk", "nightswatch", "baratheon", "targaryen", "greyjoy", "martell"]


@st.composite
def legal_lists(draw: st.DrawFn, catalogue: Catalogue) -> ArmyList:
    faction = draw(st.sampled_from(FACTIONS))
    points = draw(st.sampled_from([30, 40, 50]))
    commanders = [
        c
        for c in commanders_of(catalogue, faction)
        if c.kind is not CardKind.ATTACHMENT or host_units(catalogue, faction, c)
    ]
    commander = draw(st.sampled_from(commanders))
    text = new_list(catalogue, faction, points, commander.id)
    army = load_list_text(text, catalogue)
    if not validate(army, catalogue).valid:
        return army  # filtered below
    for _ in range(draw(st.integers(0, 4))):
        found = options(army, catalogue)
        if not found:
            break
        pick = draw(st.sampled_from(found))
        if pick.slot is Slot.ATTACHMENT:
            assert pick.unit is not None
            army = with_additions(army, attach=[(pick.unit - 1, pick.card)])
        elif pick.slot is Slot.NCU:
            army = with_additions(army, ncus=[pick.card])
        else:
            army = with_additions(army, units=[(pick.card, ())])
    return army


def spec_of(army: ArmyList) -> ListSpec:
    assert army.faction is not None and army.points is not None
    spec = ListSpec(faction=army.faction.key, points=army.points)
    for unit in army.units:
        assert unit.unit.card is not None
        spec.units.append((unit.unit.card, [a.card for a in unit.attachments if a.card is not None]))
    spec.ncus = [e.card for e in army.ncus if e.card is not None]
    return spec


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(data=st.data())
def test_every_option_keeps_a_legal_list_legal(catalogue: Catalogue, data: st.DataObject) -> None:
    army = data.draw(legal_lists(catalogue))
    text = dump_list(spec_of(army), catalogue)
    base = validate_text(text, catalogue, "<list>")
    if not base.valid:
        return
    found = options(load_list_text(text, catalogue), catalogue)
    sample = found[:: max(1, len(found) // 8)]
    for option in sample:  # through the same edit a player makes with `add`
        doc = Document(text)
        faction = army.faction_key or option.card.faction
        kinds = {Slot.UNIT: "units", Slot.NCU: "ncus", Slot.ATTACHMENT: "attachments"}
        ref = reference(option.card, option.slot, faction, catalogue)
        assert kinds[option.slot]
        add(doc, catalogue, ref, str(option.unit) if option.slot is Slot.ATTACHMENT else None)
        after = validate_text(doc.dump(), catalogue, "<list>")
        assert after.valid, (option, [p.message for p in after.errors])


@pytest.mark.parametrize(
    ("content", "where", "what"),
    [
        (b"\x00\x01", "bad.yaml:", "binary file"),
        (b"faction: stark\npoints: 40\nunits:\n  - [oops\n", "bad.yaml:4:", "nothing closes"),  # where the [ is
        (b"faction: stark\npoints: 40\npoints: 50\n", "bad.yaml:3:", "duplicate key"),
    ],
)
@pytest.mark.parametrize("command", [["add", "Stark Bowmen"], ["options"], ["complete"]])
def test_unreadable_files_are_one_positioned_line(
    tmp_path: Path, content: bytes, where: str, what: str, command: list[str]
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(content)
    result = run(command[0], str(path), *command[1:])
    assert result.exit_code == 2
    err = result.stderr.strip()
    assert "\n" not in err and what in err and f"{tmp_path}/{where}" in err
    assert path.read_bytes() == content


def test_remove_past_the_last_unit_says_how_many_there_are(listfile: Path) -> None:
    result = run("remove", str(listfile), "9")
    assert result.exit_code == 2
    assert "there is no unit 9" in result.stderr and "combat units" in result.stderr


BROKEN_FIRST = """\
faction: stark
points: 30
units:
  - unti: Stark Outriders
  - Stark Bowmen
  - House Umber Berserkers
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
"""


def test_an_entry_without_unit_takes_no_number_in_options_or_edits(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN_FIRST, encoding="utf-8")
    shown = run("options", str(path)).stdout
    assert "Attachments for 1. Stark Bowmen" in shown and "Attachments for 2. House Umber Berserkers" in shown
    result = run("add", str(path), "Umber Champion", "--to", "2")
    assert "to 2. House Umber Berserkers" in result.stdout
    army = load_list_text(path.read_text(encoding="utf-8"), catalogue, str(path))
    with_champion = [u.unit.card.title for u in army.units if u.unit.card and u.attachments]
    assert "House Umber Berserkers" in with_champion
    assert path.read_text(encoding="utf-8").splitlines()[3] == "  - unti: Stark Outriders"  # left as written


def test_complete_apply_attaches_to_the_unit_its_table_names(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN_FIRST, encoding="utf-8")
    table = " ".join(run("complete", str(path), "--top", "1").stdout.split())  # (a long row wraps)
    run("complete", str(path), "--apply", "1")
    army = load_list_text(path.read_text(encoding="utf-8"), catalogue, str(path))
    for number, unit in enumerate(army.units, 1):
        for att in unit.attachments if unit.unit.text != "Stark Sworn Swords" else []:  # (Robb was there)
            assert att.card is not None and f"→ {number}. {unit.unit.card.title}" in table  # type: ignore[union-attr]
    assert validate(army, catalogue).context.total == 30  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "args",
    [["add", "Umber Champion", "--to", "9"], ["move", "Robb Stark, The Wolf Lord", "--to", "9"]],
)
def test_a_unit_number_past_the_end_says_how_many_there_are(listfile: Path, args: list[str]) -> None:
    before = listfile.read_text(encoding="utf-8")
    result = run(args[0], str(listfile), *args[1:])
    assert result.exit_code == 2
    assert "there is no unit 9; the list has 2 combat units" in result.stderr
    assert listfile.read_text(encoding="utf-8") == before


@pytest.mark.parametrize(
    "args",
    [["set", "points", "²"], ["remove", "³"], ["add", "Umber Champion", "--to", "²"], ["set", "points", "4²"]],
)
def test_superscript_digits_are_a_usage_error_not_a_crash(listfile: Path, args: list[str]) -> None:
    before = listfile.read_text(encoding="utf-8")
    result = run(args[0], str(listfile), *args[1:])
    assert result.exit_code == 2, result.output
    assert listfile.read_text(encoding="utf-8") == before


@pytest.mark.parametrize("command", [["options"], ["complete", "--top", "1"]])
def test_options_and_complete_refuse_a_list_whose_faction_is_unknown(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "starks.yaml"
    path.write_text(COMMENTED.replace("faction: stark", "faction: starks"), encoding="utf-8")
    result = run(command[0], str(path), *command[1:])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert f"{path}:3:" in result.stderr and "starks" in result.stderr and "did you mean `stark`" in result.stderr


def test_lowering_the_size_of_an_over_budget_list_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "over.yaml"
    path.write_text((Path(__file__).parents[1] / "examples" / "stark-40.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert run("add", str(path), "Stark Outriders", "--force").exit_code == 1  # 46/40: 6 over
    result = run("set", str(path), "points", "30")
    assert result.exit_code == 1 and "refused" in result.stdout and "points-limit" in result.stdout
    assert "points: 40" in path.read_text(encoding="utf-8")
    assert run("set", str(path), "points", "44").exit_code == 1  # less over: written, still illegal
    assert "points: 44" in path.read_text(encoding="utf-8")


def test_lowering_the_size_of_a_list_over_its_neutral_cap_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "neutral.yaml"
    path.write_text(
        "faction: stark\npoints: 30\ncommander: Robb Stark, The Wolf Lord\nunits:\n"
        "  - unit: Stark Sworn Swords\n    attachment: Robb Stark, The Wolf Lord\n"
        "  - Hedge Knights\n  - Lysene Sellswords\nncus: [Petyr Baelish, Catelyn Stark]\n",
        encoding="utf-8",
    )  # 25/30 points, neutral 16 over a cap of 15
    result = run("set", str(path), "points", "28")  # a cap of 14: 2 over
    assert result.exit_code == 1 and "refused" in result.stdout and "neutral-cap" in result.stdout
    assert "points: 30" in path.read_text(encoding="utf-8")


def test_edits_and_options_read_the_club_names_validate_reads(tmp_path: Path) -> None:
    names = Path(__file__).parents[1] / "examples" / "names"
    path = tmp_path / "zh.yaml"
    path.write_text((names / "stark-40-zh-Hant.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    club = CliRunner(env={**ENV, "ARMYBUILDER_NAMES": str(names / "club-zh-Hant.yaml")})
    assert club.invoke(app, ["validate", str(path)]).exit_code == 0
    assert "Points 40/40 · 0 left" in club.invoke(app, ["options", str(path)]).stdout
    over = club.invoke(app, ["add", str(path), "Stark Bowmen"])  # 46/40: refused, as for an English list
    assert over.exit_code == 1 and "refused" in over.stdout and "Stark Bowmen" not in path.read_text(encoding="utf-8")
    removed = club.invoke(app, ["remove", str(path), "安柏勇士"])  # the club's name for Umber Champion
    assert removed.exit_code == 0, removed.output
    assert "安柏勇士" not in path.read_text(encoding="utf-8")
    assert club.invoke(app, ["validate", str(path)]).exit_code == 0
