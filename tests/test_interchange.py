"""Other tools' list formats: War Council share codes, asoiaf-stats text and Tabletop Simulator id strings.

Round trips for an example list of every faction, golden exports, the real War Council sample code,
hostile input, lenient reading of pasted text, and the `import` / `export` commands.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from goldens import assert_golden
from typer.testing import CliRunner, Result

from armybuilder.cli import app
from armybuilder.errors import ArmyBuilderError, UsageError
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import ListReport, validate_path, validate_text
from armybuilder.games.asoiaf.interchange import (
    FORMATS,
    ImportedList,
    InterchangeError,
    detect,
    export_list,
    import_comment,
    import_list,
    wire,
)
from armybuilder.games.asoiaf.listwriter import ListSpec, dump_list

HERE = Path(__file__).parent
CASES = HERE / "cases" / "interchange"
FACTION_LISTS = sorted(CASES.glob("*.yaml"))
SAMPLE = "EglWaWN0YXJpb24YCCAoKABaAwi4VFoHCLdUEMOiAVoDCLFUWgMIslRaCwi0VBDCogEQyaIBYNPwAWDU8AFgw+0B"

ENV = {"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "100", "ARMYBUILDER_DATA": None}
runner = CliRunner(env=ENV)


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


def shape(spec: ListSpec) -> dict[str, Any]:
    """What must survive a round trip: faction, points, name, team and every card id in its place, the
    reinforcements declared beside the list too."""
    return {
        "faction": spec.faction,
        "points": spec.points,
        "name": spec.name,
        "team": spec.team,
        "units": [(u.id, [a.id for a in atts]) for u, atts in spec.units],
        "ncus": [n.id for n in spec.ncus],
        "enemy": [e.id for e in spec.enemy_attachments],
        "reinforcements": [r.id for r in spec.reinforcements],
    }


def spec_of(report: ListReport) -> ListSpec:
    army = report.army
    assert army.faction is not None and army.points is not None and not army.problems
    spec = ListSpec(faction=army.faction.key, points=army.points, name=army.name, team=army.team)
    for unit in army.units:
        assert unit.unit.card is not None
        spec.units.append((unit.unit.card, [a.card for a in unit.attachments if a.card is not None]))
    spec.ncus = [n.card for n in army.ncus if n.card is not None]
    spec.enemy_attachments = [e.card for e in army.enemy_attachments if e.card is not None]
    spec.reinforcements = [r.card for r in army.reinforcements if r.card is not None]
    return spec


def reimport(fmt: str, text: str, catalogue: Catalogue) -> tuple[ListSpec, ListReport]:
    """Import, write our YAML, load and validate it again: what a user gets from `armybuilder import`."""
    spec = import_list(fmt, text, catalogue)
    yaml_text = dump_list(spec, catalogue, import_comment(fmt, spec))
    report = validate_text(yaml_text, catalogue, "<imported>")
    assert not report.army.problems, report.army.problems
    return spec, report


def code_of(*fields: bytes) -> str:
    return base64.b64encode(b"".join(fields)).decode()


GREYJOY_HEAD = (wire.bytes_field(2, b"X"), wire.varint_field(3, 8), wire.varint_field(4, 40))


def ids(catalogue: Catalogue, *titles: str) -> list[str]:
    out = []
    for title in titles:
        (card,) = catalogue.find(title)
        out.append(card.id)
    return out


# --- the real War Council code -----------------------------------------------------------------------------


def test_sample_code_decodes_to_the_victarion_list(catalogue: Catalogue) -> None:
    spec = import_list("warcouncil", SAMPLE, catalogue)
    assert (spec.faction, spec.points, spec.name) == ("greyjoy", 40, "Victarion")
    titles = [(u.title, [a.title for a in atts]) for u, atts in spec.units]
    assert titles == [
        ("Drowned Men", []),
        ("Silenced Men", ["Victarion Greyjoy, The Iron Captain"]),
        ("Ironborn Reavers", []),
        ("Ironborn Bowmen", []),
        ("Ironmakers", ["Asha Greyjoy, Captain of the Black Wind", "Qarl, Asha's Champion"]),
    ]
    assert [n.title for n in spec.ncus] == [
        "Balon Greyjoy, King of Salt and Rock",
        "Wendamyr, Maester of House Greyjoy",
        "Lord Varys, The Spider",
    ]
    assert spec.commander is not None and spec.commander.id == "20803"
    assert isinstance(spec, ImportedList) and spec.notes == []


def test_sample_code_comes_back_unchanged(catalogue: Catalogue) -> None:
    _, report = reimport("warcouncil", SAMPLE, catalogue)
    assert export_list("warcouncil", report, catalogue) == SAMPLE + "\n"


def test_validate_gives_its_verdict_on_the_sample(catalogue: Catalogue, tmp_path: Path) -> None:
    out = tmp_path / "victarion.yaml"
    assert run("import", SAMPLE, "-o", str(out)).exit_code == 0
    result = run("validate", str(out), "--format", "parsable")
    # costs changed since the code was made: the data's current costs total 42 for this 40-point list
    assert result.exit_code == 1
    assert result.stdout.count("\n") == 1
    assert ":4:1: error points-limit the list costs 42 points, 2 over the 40-point game size" in result.stdout


# --- round trips for every faction ---------------------------------------------------------------------------


def test_every_faction_has_an_example_list(catalogue: Catalogue) -> None:
    assert sorted(p.stem for p in FACTION_LISTS) == sorted(catalogue.factions)


@pytest.mark.parametrize("path", FACTION_LISTS, ids=lambda p: p.stem)
def test_example_lists_are_legal(path: Path, catalogue: Catalogue) -> None:
    report = validate_path(str(path), catalogue)
    assert report.valid and not report.warnings, report.problems


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("path", FACTION_LISTS, ids=lambda p: p.stem)
def test_round_trip(fmt: str, path: Path, catalogue: Catalogue) -> None:
    report = validate_path(str(path), catalogue)
    if fmt == "warcouncil" and path.stem == "brotherhood":
        with pytest.raises(InterchangeError, match="War Council's number for Brotherhood Without Banners"):
            export_list(fmt, report, catalogue)
        return
    text = export_list(fmt, report, catalogue)
    assert detect(text) == fmt
    spec, again = reimport(fmt, text, catalogue)
    expected = shape(spec_of(report))
    if fmt == "tts":  # an id string carries no name; the game size is the smallest that holds the list
        expected["name"] = None
        assert "gives no game size: points 40" in import_comment(fmt, spec)
    assert shape(spec) == expected
    assert shape(spec_of(again)) == expected
    assert again.valid


# --- golden exports ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_golden_exports(fmt: str, catalogue: Catalogue) -> None:
    for name in ("stark", "greyjoy"):
        report = validate_path(str(CASES / f"{name}.yaml"), catalogue)
        assert_golden(f"interchange-{name}.{fmt}.txt", export_list(fmt, report, catalogue))


def test_golden_import_yaml(catalogue: Catalogue) -> None:
    spec = import_list("warcouncil", SAMPLE, catalogue, "victarion.code")
    assert_golden(
        "interchange-victarion-import.yaml",
        dump_list(spec, catalogue, import_comment("warcouncil", spec, "victarion.code")),
    )


def test_asoiaf_stats_writes_effective_costs_and_c(catalogue: Catalogue) -> None:
    report = validate_path(str(CASES / "brotherhood.yaml"), catalogue)
    text = export_list("asoiaf-stats", report, catalogue)
    assert "  • Beric Dondarrion, Lightning Lord (C)" in text
    assert "  • Anguy, The Archer (1)" in text  # the Brotherhood discount: one attachment costs 1 less


# --- War Council: hostile input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("this is not a code!", "not base64"),
        ("", "not base64"),
        ("A", "not base64"),
        (base64.b64encode(b"\xff\xff\xff\xff").decode(), "not a War Council share code: truncated varint"),
        (code_of(b"\x18\x80"), "truncated varint at byte 1"),
        (code_of(b"\x18" + b"\xff" * 11), "varint longer than 10 bytes"),
        (code_of(b"\x12\x20abc"), "field 2 at byte 0 runs past the end"),
        (code_of(b"\x1b\x00"), "wire type 3"),
        (code_of(wire.bytes_field(3, b"x")), "field 3 has wire type 2, expected 0"),
        (code_of(wire.varint_field(3, 8), wire.varint_field(3, 8)), "field 3 is given twice"),
        (code_of(wire.varint_field(4, 40)), "it names no faction"),
        (
            code_of(wire.varint_field(3, 11)),
            "faction number 11 .* Brotherhood Without Banners' number is not known",
        ),
        (code_of(wire.varint_field(3, 8), wire.varint_field(4, 10**9)), "points limit 1000000000"),
        (code_of(*GREYJOY_HEAD, wire.bytes_field(11, b"")), "combat unit 1 has no unit id"),
        (
            code_of(*GREYJOY_HEAD, wire.bytes_field(11, wire.varint_field(1, 99999))),
            "combat unit 1: no card has id 99999",
        ),
        (
            code_of(*GREYJOY_HEAD, wire.varint_field(12, 10808)),
            "NCU 1: id 10808 is Drowned Men, a combat unit, not an NCU",
        ),
        (
            code_of(
                *GREYJOY_HEAD, wire.bytes_field(11, wire.varint_field(1, 10808) + wire.varint_field(2, 30803))
            ),
            "attachment of combat unit 1: id 30803 is Balon Greyjoy, King of Salt and Rock, an NCU",
        ),
        (code_of(*GREYJOY_HEAD, wire.bytes_field(2, b"\xff")), "field 2 is given twice"),
        (code_of(wire.bytes_field(2, b"\xff\xfe"), wire.varint_field(3, 8)), "not UTF-8"),
        (SAMPLE * 20_000, "1,760,000 characters; a list is a few hundred"),
    ],
)
def test_hostile_codes_are_refused(code: str, message: str, catalogue: Catalogue) -> None:
    with pytest.raises(InterchangeError, match=message):
        import_list("warcouncil", code, catalogue)


def test_every_problem_of_a_code_is_counted(catalogue: Catalogue) -> None:
    code = code_of(
        *GREYJOY_HEAD, wire.varint_field(12, 1), wire.varint_field(12, 2), wire.varint_field(12, 3)
    )
    with pytest.raises(InterchangeError, match=r"NCU 1: no card has id 1 \(and 2 more problems\)"):
        import_list("warcouncil", code, catalogue)


def test_unknown_fields_are_skipped_and_noted(catalogue: Catalogue) -> None:
    raw = base64.b64decode(SAMPLE)
    extra = wire.varint_field(7, 1) + wire.bytes_field(9, b"future") + wire.varint_field(5, 3)
    unit = wire.bytes_field(11, wire.varint_field(1, 10801) + wire.varint_field(3, 1))
    spec = import_list("warcouncil", code_of(raw.replace(b"(\x00", b"") + extra + unit), catalogue)
    assert [u.id for u, _ in spec.units][-1] == "10801"
    assert isinstance(spec, ImportedList)
    assert spec.notes == [
        "skipped field 7 of the share code: War Council is not known to use it.",
        "skipped field 9 of the share code: War Council is not known to use it.",
        "the share code's field 5 is 3 (War Council writes 0); ignored.",
        "skipped field 3 of combat unit 6: War Council is not known to use it.",
    ]
    assert "# skipped field 7" in dump_list(spec, catalogue, import_comment("warcouncil", spec))


def test_url_safe_and_unpadded_codes_are_read(catalogue: Catalogue) -> None:
    code = base64.urlsafe_b64encode(base64.b64decode(SAMPLE)).decode().rstrip("=")
    assert shape(import_list("warcouncil", code, catalogue)) == shape(
        import_list("warcouncil", SAMPLE, catalogue)
    )
    assert (
        shape(import_list("warcouncil", f"  {SAMPLE[:40]}\n{SAMPLE[40:]}\n", catalogue))["name"]
        == "Victarion"
    )


def test_a_code_without_points_gets_the_standard_size(catalogue: Catalogue) -> None:
    code = code_of(wire.varint_field(3, 2), wire.bytes_field(11, wire.varint_field(1, 10101)))
    spec = import_list("warcouncil", code, catalogue)
    assert spec.points == 30 and spec.name is None
    assert "the share code gives no game size: points 30" in import_comment("warcouncil", spec).lower()


@pytest.mark.parametrize(
    "path", [*FACTION_LISTS, *sorted((HERE / "cases" / "valid").glob("*.yaml"))], ids=lambda p: f"{p.parent.name}/{p.stem}"
)
def test_our_own_printed_text_sheet_imports_back_to_the_same_list(path: Path, catalogue: Catalogue) -> None:
    # a player pastes the sheet `export --format text` printed: its tactics deck, share code and verdict lines
    # are left out with a note each, never read as a second `Faction:` line or an unknown card
    sheet = run("export", str(path), "--format", "text")
    assert sheet.exit_code == 0, sheet.output
    spec, _ = reimport("text", sheet.stdout, catalogue)
    expected = shape(spec_of(validate_path(str(path), catalogue)))
    if expected["name"] is None:  # the sheet of a list with no name is titled with its file
        expected["name"] = str(path)
    assert shape(spec) == expected
    assert not spec.not_read
    assert any("(tactics deck heading)" in note for note in import_comment("text", spec).splitlines())


NOTES = "Screen the *left* flank.\n\nKeep [NCUs] back: ann_smith's #1 tip & <b>"


@pytest.mark.parametrize("lang", ["en", "de", "fr", "zh-Hant"])
@pytest.mark.parametrize("fmt", ["text", "md"])
@pytest.mark.parametrize("path", FACTION_LISTS, ids=lambda p: p.stem)
def test_our_sheet_in_any_language_imports_back_to_the_same_list_with_its_notes(
    fmt: str, lang: str, path: Path, tmp_path: Path, catalogue: Catalogue
) -> None:
    """A sheet printed with `--lang` reads back as the English one does: its tactics deck (`Taktikdeck`,
    `Paquet de tactiques`, `戰術牌庫`) was read as a second `Faction:` line and unknown cards, its notes
    (`Notizen:`, `備註:`) as unknown cards, and its share code and verdict lines (`Code de partage War
    Council:`, `結果:`) as unknown cards: the cards came back, but exit 1 and the notes lost. The Markdown
    sheet's notes (quoted, escaped) were left out in every language, English too."""
    listed = tmp_path / path.name
    listed.write_text(path.read_text(encoding="utf-8") + f"notes: {json.dumps(NOTES)}\n", encoding="utf-8")
    sheet = run("export", str(listed), "--format", fmt, "--lang", lang)
    assert sheet.exit_code == 0, sheet.output
    spec, _ = reimport("text", sheet.stdout, catalogue)
    expected = shape(spec_of(validate_path(str(listed), catalogue)))
    if expected["name"] is None:
        expected["name"] = str(listed)
    assert shape(spec) == expected
    assert not spec.not_read, spec.not_read
    assert spec.list_notes == NOTES
    assert any("heading)" in note for note in import_comment("text", spec).splitlines())


@pytest.mark.parametrize("name", ["Wolves: Winter Is Coming", "Robb: The Young Wolf", "Stark 40", "Sworn Brothers", "Stark - 50 (Robb)"])
def test_our_text_sheet_reads_back_a_list_named_like_a_key_a_card_or_a_size(name: str, tmp_path: Path, catalogue: Catalogue) -> None:
    """The sheet's first line is the list's name whatever it says: `Robb: The Young Wolf` was an extra NCU
    Robb, `Stark 40` a second `Faction:` line, `Wolves: Winter Is Coming` a skipped line."""
    listed = tmp_path / "named.yaml"
    text = (CASES / "stark.yaml").read_text(encoding="utf-8")
    listed.write_text(f"name: {json.dumps(name)}\n" + "".join(line for line in text.splitlines(keepends=True) if not line.startswith("name:")), encoding="utf-8")
    sheet = run("export", str(listed), "--format", "text")
    spec, _ = reimport("text", sheet.stdout, catalogue)
    assert shape(spec) == shape(spec_of(validate_path(str(listed), catalogue)))
    assert spec.name == name and not spec.not_read


def test_our_text_sheet_reads_back_the_lists_notes(tmp_path: Path, catalogue: Catalogue) -> None:
    """The sheet prints the list's `notes:` under `Notes:` after the tactics deck; they were skipped as tactics
    cards, and the list came back without them."""
    listed = tmp_path / "noted.yaml"
    text = (CASES / "stark.yaml").read_text(encoding="utf-8")
    listed.write_text(text + 'notes: "Grey Wind screens the Berserkers.\\nDeploy Robb last."\n', encoding="utf-8")
    sheet = run("export", str(listed), "--format", "text")
    spec, report = reimport("text", sheet.stdout, catalogue)
    assert spec.list_notes == "Grey Wind screens the Berserkers.\nDeploy Robb last."
    assert shape(spec) == shape(spec_of(validate_path(str(listed), catalogue)))
    assert report.army.notes == validate_path(str(listed), catalogue).army.notes  # as the list itself reads


def test_our_sheets_notes_come_back_as_written_and_a_notes_heading_elsewhere_takes_no_cards(tmp_path: Path, catalogue: Catalogue) -> None:
    """Notes of several paragraphs, holding card names, come back whole (their second paragraph was read as
    cards); in a list that is not our sheet, lines under `Notes:` are read as ever (they became notes)."""
    listed = tmp_path / "noted.yaml"
    notes = "Deploy left.\nBackup units if allowed:\n\n- Stark Bowmen\nUmber  Berserkers"
    listed.write_text((CASES / "stark.yaml").read_text(encoding="utf-8") + f"notes: {json.dumps(notes)}\n", encoding="utf-8")
    spec, _ = reimport("text", run("export", str(listed), "--format", "text").stdout, catalogue)
    assert spec.list_notes == notes
    assert shape(spec) == shape(spec_of(validate_path(str(listed), catalogue)))
    pasted = "Stark 40\nCommander: Robb Stark, The Wolf Lord\nStark Sworn Swords + Robb Stark, The Wolf Lord\nNotes:\nStark Bowmen\nNCUs: Catelyn Stark\n"
    spec = import_list("text", pasted, catalogue)
    assert spec.list_notes is None
    assert [u.title for u, _ in spec.units] == ["Stark Sworn Swords", "Stark Bowmen"] and [c.name for c in spec.ncus] == ["Catelyn Stark"]


def test_wire_varints_round_trip() -> None:
    for value in (0, 1, 127, 128, 300, 10808, 2**35, 2**64 - 1):
        encoded = wire.varint(value)
        assert wire.read_varint(encoded, 0) == (value, len(encoded))
    with pytest.raises(ValueError):
        wire.varint(-1)


def test_html_in_a_list_name_stays_text(catalogue: Catalogue, tmp_path: Path) -> None:
    name = "<script>alert(\"x\")</script> & 'co'"
    code = code_of(
        wire.bytes_field(2, name.encode()),
        wire.varint_field(3, 2),
        wire.varint_field(4, 30),
        wire.bytes_field(11, wire.varint_field(1, 10101)),
    )
    spec, report = reimport("warcouncil", code, catalogue)
    assert spec.name == name and report.army.name == name
    listed = tmp_path / "x.yaml"
    assert run("import", code, "-o", str(listed)).exit_code == 0
    assert validate_path(str(listed), catalogue).army.name == name
    sheet = run("export", str(listed), "--format", "html")
    assert sheet.exit_code == 0
    assert "<script>" not in sheet.stdout and "&lt;script&gt;" in sheet.stdout
    assert export_list("asoiaf-stats", report, catalogue).startswith(f"Name: {name}\n")
    assert import_list("asoiaf-stats", export_list("asoiaf-stats", report, catalogue), catalogue).name == name


# --- asoiaf-stats: lenient reading, strict names ----------------------------------------------------------------

PASTED = """\
Faction: House Greyjoy
Commander: Victarion Greyjoy - The Iron Captain

Combat Units:
- Silenced Men (7)
  - Victarion Greyjoy, The Iron Captain (C)
- Ironmakers (7)
\t+ Asha Greyjoy, Captain of the Black Wind (1)
    with Qarl, Asha’s Champion (1)
* ironborn reavers (5)
Drowned Men (4)
– Ironborn Bowmen

Non-Combat Units (3)
• Balon Greyjoy (5)
• Wendamyr (4)
• Lord Varys (4)

Built on asoiaf-stats.com
https://asoiaf-stats.com/lists/123
"""


def test_asoiaf_stats_reading_is_lenient_about_layout(catalogue: Catalogue) -> None:
    spec = import_list("asoiaf-stats", PASTED, catalogue)
    assert [(u.title, [a.title for a in atts]) for u, atts in spec.units] == [
        ("Silenced Men", ["Victarion Greyjoy, The Iron Captain"]),
        ("Ironmakers", ["Asha Greyjoy, Captain of the Black Wind", "Qarl, Asha's Champion"]),
        ("Ironborn Reavers", []),
        ("Drowned Men", []),
        ("Ironborn Bowmen", []),
    ]
    assert [n.id for n in spec.ncus] == ["30803", "30804", "30403"]
    assert spec.name is None
    assert spec.points == 50  # 42 points at today's costs: the smallest standard size that holds them
    comment = import_comment("asoiaf-stats", spec)
    assert (
        "The text gives no game size: points 50 is the smallest standard size that holds its 42 points"
        in comment
    )
    assert "# The text gives no game size" in dump_list(spec, catalogue, comment)


def test_bullets_decide_attachments_when_indentation_does_not(catalogue: Catalogue) -> None:
    text = "Faction: greyjoy\nPoints: 40\n\nCombat Units\n• Silenced Men (7)\n- Victarion Greyjoy, The Iron Captain (C)\n• Drowned Men (4)\n"
    spec = import_list("asoiaf-stats", text, catalogue)
    assert [(u.id, [a.id for a in atts]) for u, atts in spec.units] == [("10807", ["20803"]), ("10808", [])]
    assert spec.points == 40


def test_a_bare_first_line_is_the_list_name(catalogue: Catalogue) -> None:
    text = "Iron Fleet\nFaction: House Greyjoy\nPoints: 38/40\nCombat Units\n• Drowned Men (4)\n"
    spec = import_list("asoiaf-stats", text, catalogue)
    assert (spec.name, spec.points) == ("Iron Fleet", 40)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("Combat Units\n• Drowned Men\n", 1, "no `Faction:` line"),
        ("Faction: House Greyjoi\n", 1, "unknown faction 'House Greyjoi'; known factions: House Stark"),
        (
            "Faction: Greyjoy\n\nCombat Units\n• Drowned Man (4)\n",
            4,
            "no combat unit called 'Drowned Man'; did you mean 'Drowned Men'",
        ),
        (
            "Faction: Greyjoy\nCombat Units\n+ Asha Greyjoy (1)\n",
            3,
            "reads as an attachment, but no combat unit comes before it",
        ),
        (
            "Faction: Greyjoy\nCombat Units\n• Drowned Men\n• Balon Greyjoy\n",
            4,
            "'Balon Greyjoy, King of Salt and Rock' is an NCU / attachment, not a combat unit",
        ),
        (
            "Faction: Greyjoy\nCombat Units\n• Silenced Men\n  • Victarion Greyjoy\n",
            4,
            "'Victarion Greyjoy' matches 2 cards",
        ),
        ("Faction: Greyjoy\nFction: x\n", 2, "cannot read 'Fction: x'"),
        (
            "Faction: Greyjoy\nPoints: many\nCombat Units\n• Drowned Men\n",
            2,
            "`Points: many` is not a game size",
        ),
        ("Faction: Greyjoy\nFaction: Stark\n", 2, "a second `Faction:` line"),
        (
            "Faction: Greyjoy\nCommander: Euron Greyjoy\nCombat Units\n• Drowned Men\n",
            2,
            "`Commander: Euron Greyjoy` is in none of the combat units",
        ),
        (
            "Faction: Greyjoy\nCommander: Asha Greyjoy\nCombat Units\n• Silenced Men\n  • Victarion Greyjoy, The Iron Captain\n",
            2,
            "is not the commander in the list \\(Victarion Greyjoy, The Iron Captain\\)",
        ),
        ("Faction: Greyjoy\nNon Combat Units\n• Balon Greyjoy\n  • Wendamyr\n", 4, "NCUs take none"),
    ],
)
def test_asoiaf_stats_errors_name_the_line(text: str, line: int, message: str, catalogue: Catalogue) -> None:
    with pytest.raises(InterchangeError, match=message) as caught:
        import_list("asoiaf-stats", text, catalogue, "pasted.txt")
    assert (caught.value.path, caught.value.line) == ("pasted.txt", line)
    assert str(caught.value).startswith(f"pasted.txt:{line}: ")


def test_asoiaf_stats_refuses_a_megabyte(catalogue: Catalogue) -> None:
    text = "Faction: Greyjoy\nCombat Units\n" + "• Drowned Men (4)\n" * 60_000
    with pytest.raises(InterchangeError, match="characters; a list is a few hundred"):
        import_list("asoiaf-stats", text, catalogue)


def test_enemy_attachments_section(catalogue: Catalogue) -> None:
    text = (
        "Faction: Greyjoy\nPoints: 40\nCombat Units\n• Drowned Men (4)\n\nEnemy Attachments\n"
        "• Asha Greyjoy, Captain of the Black Wind (1)\n"
    )
    spec = import_list("asoiaf-stats", text, catalogue)
    assert [c.id for c in spec.enemy_attachments] == ["20802"]
    report = validate_text(dump_list(spec, catalogue), catalogue, "x.yaml")
    written = export_list("asoiaf-stats", report, catalogue)
    assert "Enemy Attachments\n• Asha Greyjoy, Captain of the Black Wind" in written
    assert shape(import_list("asoiaf-stats", written, catalogue)) == shape(spec)
    for fmt in ("warcouncil", "tts"):
        with pytest.raises(InterchangeError, match="no place for enemy attachments"):
            export_list(fmt, report, catalogue)


# --- TTS id strings ------------------------------------------------------------------------------------------


def test_tts_accepts_faction_key_or_name(catalogue: Catalogue) -> None:
    for faction in ("greyjoy", "House Greyjoy", "house greyjoy", "Greyjoy"):
        spec = import_list("tts", f" {faction} ; 10807, 20803 ,10808,30803,\n", catalogue)
        assert shape(spec)["units"] == [("10807", ["20803"]), ("10808", [])]
        assert shape(spec)["ncus"] == ["30803"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("greyjoy 10807", "expected `Faction;id,id,…`"),
        ("Greyjoi;10807", "unknown faction 'Greyjoi'"),
        (
            "greyjoy;20803,10807",
            "id 1: Victarion Greyjoy, The Iron Captain \\(20803\\) is an attachment, but no combat unit",
        ),
        ("greyjoy;10807,,10808", "id 2 is empty or not a number"),
        ("greyjoy;10807,424242", "id 2: no card has id 424242"),
        ("greyjoy;" + "10807," * 200_000, "characters; a list is a few hundred"),
    ],
)
def test_tts_errors(text: str, message: str, catalogue: Catalogue) -> None:
    with pytest.raises(InterchangeError, match=message) as caught:
        import_list("tts", text, catalogue, "tts.txt")
    assert caught.value.path == "tts.txt"


# --- detect and dispatch -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        (SAMPLE, "warcouncil"),
        (f"\n  {SAMPLE}\n", "warcouncil"),
        (PASTED, "asoiaf-stats"),
        ("House Stark;10101,20101", "tts"),
        ("stark; 10101 , 20101,\n", "tts"),
        ((CASES / "stark.yaml").read_text(), None),
        ("faction: stark\npoints: 40\nunits: [Stark Sworn Swords]\n", None),
        ("", None),
        ("hello world", None),
        ("aGVsbG8=", None),  # base64 of "hello": not a message with a faction
        ("x" * 2_000_000, None),
    ],
)
def test_detect(text: str, fmt: str | None) -> None:
    assert detect(text) == fmt


def test_unknown_format_is_a_usage_error(catalogue: Catalogue) -> None:
    with pytest.raises(UsageError, match="unknown list format 'yaml'"):
        import_list("yaml", "", catalogue)
    assert issubclass(InterchangeError, ArmyBuilderError)


def test_unreadable_lists_are_not_exported(catalogue: Catalogue) -> None:
    report = validate_text("faction: stark\npoints: 40\nunits: [Stark Sworn Swordz]\n", catalogue, "bad.yaml")
    for fmt in FORMATS:
        with pytest.raises(InterchangeError, match=r"bad.yaml:3: cannot export as .*Stark Sworn Swordz"):
            export_list(fmt, report, catalogue)


# --- the commands ---------------------------------------------------------------------------------------------


def test_import_writes_yaml_and_respects_force(tmp_path: Path) -> None:
    out = tmp_path / "v.yaml"
    first = run("import", SAMPLE, "-o", str(out))
    assert first.exit_code == 0
    assert "Imported warcouncil list to" in first.stdout
    assert out.read_text().startswith("# Imported from a War Council share code (<argument>)")
    out.write_text("mine\n")
    again = run("import", SAMPLE, "-o", str(out))
    assert again.exit_code == 2
    assert "exists; pass --force to replace it" in again.stderr
    assert out.read_text() == "mine\n"
    assert run("import", SAMPLE, "-o", str(out), "--force").exit_code == 0
    assert "Victarion" in out.read_text()


def test_import_reads_files_and_stdin(tmp_path: Path) -> None:
    pasted = tmp_path / "pasted.txt"
    pasted.write_text(PASTED, encoding="utf-8")
    from_file = run("import", str(pasted))
    assert from_file.exit_code == 0
    assert f"# Imported from an asoiaf-stats text ({pasted})" in from_file.stdout
    assert "faction: greyjoy\npoints: 50\n" in from_file.stdout
    from_stdin = run("import", "-", "--from", "tts", input="greyjoy;10808\n")
    assert from_stdin.exit_code == 0
    assert "units:\n  - Drowned Men\n" in from_stdin.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope.txt"], "nope.txt: no such file (and it is not a list code either)"),
        (["my_list"], "my_list: no such file (and it is not a list code either)"),  # no code has a `_`
        ([""], "<argument>: empty; give a file holding the list"),
        (["hello world"], "<argument>: cannot tell which format this is; give --from"),
        (["faction: stark\npoints: 40\n"], "already a YAML list"),
        (["game: war-of-the-ring\nturn: 3\n"], "a War of the Ring (2nd edition) file, already in armybuilder's own"),
        (["game: horde-vs-empire-cards\nname: A\n"], "check it with `armybuilder validate`; import reads A Song"),
        (["!!!", "--from", "warcouncil"], "<argument>: not a War Council share code: it is not base64"),
        (["stark;10101,99999"], "<argument>:1: id 2: no card has id 99999"),
    ],
)
def test_import_errors_are_one_line(args: list[str], message: str) -> None:
    result = run("import", *args)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_import_of_a_folder_points_to_batch(tmp_path: Path) -> None:
    result = run("import", str(tmp_path))
    assert result.exit_code == 2
    assert f"{tmp_path} is a folder; import reads one list" in result.stderr
    assert f"`armybuilder batch {tmp_path}` checks every list in it" in result.stderr


def test_import_refuses_binary_files(tmp_path: Path) -> None:
    blob = tmp_path / "x.bin"
    blob.write_bytes(b"\x80\x81\xfe" * 10)  # (\xff\xfe would start UTF-16 text: read as such)
    result = run("import", str(blob), "--from", "tts")
    assert result.exit_code == 2 and "not UTF-8 text" in result.stderr


def test_import_refuses_a_megabyte_file(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("• Stark Sworn Swords (5)\n" * 40_000, encoding="utf-8")
    for args in ([], ["--from", "asoiaf-stats"]):
        result = run("import", str(big), *args)
        assert result.exit_code == 2
        assert "; a list is a few hundred" in result.stderr and result.stderr.count("\n") == 1
    small = tmp_path / "small.txt"  # under the file limit, over the text limit
    small.write_text(
        "Faction: Stark\nCombat Units\n" + "• Stark Sworn Swords (5)\n" * 5_000, encoding="utf-8"
    )
    for args in ([], ["--from", "asoiaf-stats"]):
        result = run("import", str(small), *args)
        assert result.exit_code == 2 and "125,028 characters; a list is a few hundred" in result.stderr


def test_import_usage_errors_exit_2() -> None:
    assert run("import", SAMPLE, "--from", "yaml").exit_code == 2


@pytest.mark.parametrize("fmt", ["warcouncil", "asoiaf-stats", "tts", "html", "md", "text", "json"])
def test_export_every_format(fmt: str, tmp_path: Path) -> None:
    listed = CASES / "stark.yaml"
    out = tmp_path / f"out.{fmt}"
    result = run("export", str(listed), "--format", fmt, "-o", str(out))
    assert result.exit_code == 0, result.stderr
    # an id string has no place for the list's name, and says so
    assert result.stderr == ("" if fmt != "tts" else "armybuilder: warning: tts has no place for the list's `name:`; it is not in the export\n")
    written = out.read_text(encoding="utf-8")
    assert ("Winter Is Coming" in written) or fmt in ("warcouncil", "tts")
    assert run("export", str(listed), "--format", fmt, "-o", str(out)).exit_code == 2
    assert run("export", str(listed), "--format", fmt, "-o", str(out), "--force").exit_code == 0
    to_stdout = run("export", str(listed), "--format", fmt)
    assert to_stdout.exit_code == 0 and to_stdout.stdout == written


def test_export_of_an_invalid_list_warns(tmp_path: Path) -> None:
    listed = tmp_path / "over.yaml"
    listed.write_text((CASES / "stark.yaml").read_text().replace("points: 40", "points: 30"))
    for fmt in ("md", "warcouncil"):
        result = run("export", str(listed), "--format", fmt)
        assert result.exit_code == 0
        assert result.stderr.startswith(f"armybuilder: warning: {listed} is not a valid list (1 problem)")
        assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("name", "text", "args", "message"),
    [
        ("missing.yaml", None, [], "missing.yaml: no such file"),
        ("broken.yaml", "faction: [\n", [], "broken.yaml:"),
        (
            "typo.yaml",
            "faction: stark\npoints: 40\nunits: [Stark Sworn Swordz]\n",
            ["-f", "tts"],
            "typo.yaml:3: cannot export as tts",
        ),
        (
            "bwb.yaml",
            (CASES / "brotherhood.yaml").read_text(),
            ["-f", "warcouncil"],
            "War Council's number for Brotherhood",
        ),
    ],
)
def test_export_errors(name: str, text: str | None, args: list[str], message: str, tmp_path: Path) -> None:
    listed = tmp_path / name
    if text is not None:
        listed.write_text(text)
    result = run("export", str(listed), *args)
    assert result.exit_code == 2
    assert message in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_commands_have_help() -> None:
    for command in ("import", "export"):
        result = run(command, "--help")
        assert result.exit_code == 0 and "--force" in result.stdout



TTS_36 = "House Stark;10201,20201,10203,20203,10202,10205,10201,20204,10206"  # 36 points, no game size


def test_a_game_size_given_is_taken_when_an_id_string_states_none(catalogue: Catalogue) -> None:
    from armybuilder.games.asoiaf.interchange import import_list

    guessed = import_list("tts", TTS_36, catalogue, "l.txt")
    assert guessed.points == 40 and any("smallest standard size" in n for n in guessed.notes)
    given = import_list("tts", TTS_36, catalogue, "l.txt", points=50)
    assert given.points == 50 and any("gives no game size: points 50, as given." in n for n in given.notes)


def test_an_asoiaf_stats_size_smaller_than_what_is_spent_is_a_note(catalogue: Catalogue) -> None:
    from armybuilder.games.asoiaf.interchange import import_list

    text = (
        "Faction: House Stark\nCommander: Robb Stark, The Wolf Lord\nPoints: {}\n\nCombat Units\n"
        "• Stark Sworn Swords (5)\n  • Robb Stark, The Wolf Lord (C)\n• Stark Bowmen (6)\n"
    )
    spec = import_list("asoiaf-stats", text.format("40/38"), catalogue, "l.txt")
    assert spec.points == 38  # spent/size, as the site writes it; said, since it may be the other way round
    assert spec.notes == [
        "Line 3: `Points: 40/38` read as 40 points spent of a 38-point game (spent/size); if the game is 40 "
        "points, write `Points: 40`."
    ]
    spec = import_list("asoiaf-stats", text.format("38/40"), catalogue, "l.txt")
    assert spec.points == 40 and spec.notes == []


WOLVES = "EhNXb2x2ZXMgb2YgdGhlIE5vcnRoGAIgKCgAWgcI2U8Q6Z0BWgcI208Q650BWgMI2k9aAwjdT1oHCNlPEOydAVoDCN5PYPnrAQ=="


@pytest.mark.parametrize(
    "text", [f'"{WOLVES}"', f"`{WOLVES}`", f"“{WOLVES}”", f"{WOLVES[:40]}\n{WOLVES[40:]}\n", f"  {WOLVES[:50]}\n  {WOLVES[50:]}"]
)
def test_a_share_code_in_quotes_or_wrapped_over_lines_is_a_share_code(catalogue: Catalogue, text: str) -> None:
    from armybuilder.games.asoiaf.interchange import detect, import_list

    assert detect(text) == "warcouncil"
    assert import_list("warcouncil", text, catalogue, "c.txt").name == "Wolves of the North"


def test_a_column_of_card_names_is_no_share_code() -> None:
    from armybuilder.games.asoiaf.interchange import detect

    assert detect("Ghost\nAemon\nSworn Brothers (7)\n") != "warcouncil"


def test_a_url_safe_share_code_on_the_command_line_is_a_code_not_a_missing_file() -> None:
    # `-` and `_` stand for `+` and `/` in URL-safe base64: such a code is read, not "no such file"
    code = "EglWaWN0YXJpb24YCCAoKABaAwi4VFoHCLdUEMOiAVoDCLFUWgMIslRaCwi0VBDCogEQyaIBYNPwAWDU8AFgw+0B"
    assert "+" in code
    result = run("import", code.replace("+", "-"))
    assert result.exit_code == 0, result.stderr
    assert "faction: greyjoy" in result.stdout


# --- a share code in a longer text (an e-mail, a forum post, a link) ------------------------------------------


@pytest.mark.parametrize(
    ("text", "note"),
    [
        (f"Hi Tom,\n\nhere is my list for Saturday:\n\n{SAMPLE}\n\nCheers,\nAnn\n", "read the share code on line 5; the other 4 line(s)"),
        (f"my list: https://example.org/list?code={SAMPLE}&lang=en thanks\n", "read the share code on line 1; the words around it"),
        (f"```\n{SAMPLE}\n```\n", None),  # a fence is quotes around the code
        (f"{SAMPLE[:40]}\n{SAMPLE[40:]}\n", None),  # one code wrapped over two lines
        (f"Hi Ann, here is my list: {SAMPLE[:60]}\n{SAMPLE[60:]}\n", "read the share code on lines 1-2 (wrapped)"),
        (f"Hi Ann, my list:\n\n{SAMPLE[:80]}\n{SAMPLE[80:]}\n\nBob\n", "read the share code on lines 3-4 (wrapped); the other 2"),
        (f"> {SAMPLE[:50]}\n> {SAMPLE[50:]}\n", "read the share code on lines 1-2 (wrapped)"),
        (f"{SAMPLE}\nThanks\n", "read the share code on line 1; the other 1 line(s)"),
    ],
    ids=["e-mail", "link", "fence", "wrapped", "wrapped-after-words", "wrapped-short-tail", "reply-quoted", "word-below"],
)
def test_a_share_code_in_other_text_is_read_and_the_rest_is_told(catalogue: Catalogue, text: str, note: str | None) -> None:
    assert detect(text) == "warcouncil"
    spec = import_list("warcouncil", text, catalogue, "mail.txt")
    whole = import_list("warcouncil", SAMPLE, catalogue, "code.txt")
    assert (spec.faction, spec.cards()) == (whole.faction, whole.cards())
    told = [n for n in spec.notes if "share code on line" in n]
    assert told == ([] if note is None else [next(n for n in spec.notes if n.startswith(note))])


def test_two_share_codes_in_one_text_are_refused_saying_so(catalogue: Catalogue) -> None:
    for text in (f"{SAMPLE}\n{SAMPLE}\n", f"first: {SAMPLE}\nsecond: {SAMPLE}\n"):
        with pytest.raises(ArmyBuilderError, match=r"holds 2 War Council share codes \(lines 1, 2\); give one list per file"):
            import_list("warcouncil", text, catalogue, "two.txt")


def test_base64_inside_a_word_is_no_share_code() -> None:
    """A stretch of base64 glued to other letters (`…CCAo!!not a code`) may decode to a faction by chance:
    it is not taken for a code, so no list is guessed from it."""
    assert detect(f"{SAMPLE[:20]}!!not a code") is None
    assert detect(f"see x{SAMPLE} for my list") is None
