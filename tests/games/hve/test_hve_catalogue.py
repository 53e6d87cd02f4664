"""Every catalogue rule of Horde vs Empire (`data check`), valid and invalid, by rule id and line; the
folder layout; load_data refusing a catalogue with errors; the JSON Schema agreeing with the checker."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from hve_support import SAMPLES
from jsonschema import Draft202012Validator

from armybuilder import yamlpos
from armybuilder.errors import DataError
from armybuilder.games.hve.catalogue import bundled_folder
from armybuilder.games.hve.system import SYSTEM
from armybuilder.problems import Problem, Severity

Writer = Callable[..., Path]

HEAD = """\
cards:
  - {name: Spearmen, kind: unit, faction: empire, icon: infantry, strength: 2, hp: 3,
     other_side: {name: Mounted Spearmen, icon: cavalry, strength: 2, hp: 3}}
"""
# the entry under test starts on line 4
UNIT = "{name: Lancers, kind: unit, faction: empire, icon: cavalry, strength: 2, hp: 2%s}"
COMMAND = '{name: Strike, kind: command, faction: empire, cost: 1, icons: [infantry], strength: "-", type: %s%s}'


def found(problems: list[Problem]) -> list[tuple[str, int]]:
    return sorted((p.rule, p.line) for p in problems)


def check(write: Writer, entry: str) -> list[Problem]:
    return SYSTEM.check_data(write(HEAD + f"  - {entry}\n"))


def unit(extra: str = "") -> str:
    return UNIT % extra


def command(ctype: str = "attack", keywords: str | None = None, extra: str = "") -> str:
    more = extra if keywords is None else f", keywords: [{keywords}]{extra}"
    return COMMAND % (ctype, more)


def unit_with(**fields: str) -> str:
    base = {"name": "Lancers", "kind": "unit", "faction": "empire", "icon": "cavalry", "strength": "2", "hp": "2"}
    for key, value in fields.items():
        if value == "DROP":
            base.pop(key)
        else:
            base[key] = value
    return "{" + ", ".join(f"{k}: {v}" for k, v in base.items()) + "}"


def command_with(**fields: str) -> str:
    base = {
        "name": "Strike", "kind": "command", "faction": "empire", "cost": "1", "icons": "[infantry]",
        "strength": '"-"', "type": "attack",
    }  # fmt: skip
    for key, value in fields.items():
        if value == "DROP":
            base.pop(key)
        else:
            base[key] = value
    return "{" + ", ".join(f"{k}: {v}" for k, v in base.items()) + "}"


VALID = [
    unit(),
    unit(", zh: 长矛骑兵"),
    unit_with(strength="0"),
    unit_with(icon="siege-engine"),
    unit_with(faction="金帐"),
    unit_with(faction="帝国阵营"),
    unit_with(faction="' Golden-Horde '"),
    unit(", other_side: {name: Foot Lancers, zh: 步兵, icon: infantry, strength: 1, hp: 2}"),
    command(),
    command_with(cost="0"),
    command_with(strength="0"),
    command_with(icons="[infantry, cavalry]"),
    command(extra=", keywords: "),
    command(extra=", keywords: []"),
    command(extra=", zh: 打击"),
    command("attack", "melee"),
    command("attack", "{ranged: 1}, {ranged: 3}"),
    command("move", "{maneuver: {number: 2}}"),
    command("move", "{maneuver: {number: 1, qualifier: [approach, eight-way, cover, cover]}}"),
    command("attack", "{maneuver: 1}, melee, {maneuver: 1}"),
    command("defend", "{steadfast: {qualifier: frontal}}, {steadfast: {qualifier: [all-round]}}"),
    command("move", "{swap: {qualifier: undaunted}}, {swap: {qualifier: timid}}, swap"),
    command("attack", "{support: {number: 1, qualifier: {encircle: 2}}}"),
    command("attack", "{support: {number: 2, qualifier: [{encircle: 1}]}}, {support: 1}"),
    command("move", "drive, {drive: 2}"),
    command("move", "{mount: Mounted Spearmen}, {dismount: spearmen}"),
    command("move", "turn, push, pierce, arrow-rain, wolf-pack, self-wound, crewed, whole-army, momentary, quick-response"),
    command("attack", "{grapple: 1}, {coordination: 1}, {charge: 1}, {direct-fire: 1}, {flank: 1}, {pursuit: 1}"),
    command("defend", "{bronze-armour: 2}, {barrage: 1}, {respite: 1}, {rally: 1}, counter"),
]


@pytest.mark.parametrize("entry", VALID)
def test_valid_entries(entry: str, write_catalogue: Writer) -> None:
    assert found(check(write_catalogue, entry)) == []


INVALID = [
    # card-kind
    ("3", ["card-kind"]),
    ("just a name", ["card-kind"]),
    ("[Lancers]", ["card-kind"]),
    (unit_with(name="DROP"), ["card-kind"]),
    (unit_with(name="''"), ["card-kind"]),
    (unit_with(name="5"), ["card-kind"]),
    (unit_with(kind="DROP"), ["card-kind"]),
    (unit_with(kind="spell", strength="junk", extra="1"), ["card-kind"]),
    (unit_with(kind="Unit"), ["card-kind"]),
    (unit_with(faction="DROP"), ["card-kind"]),
    (unit_with(faction="orcs"), ["card-kind"]),
    (unit_with(faction="[empire]"), ["card-kind"]),
    (unit_with(name="DROP", faction="DROP"), ["card-kind", "card-kind"]),
    # duplicate-card
    (unit_with(name="spearmen"), ["duplicate-card"]),
    (unit_with(name="'  SPEARMEN '"), ["duplicate-card"]),
    # unit-card-fields
    (unit_with(icon="DROP"), ["unit-card-fields"]),
    (unit_with(icon="[cavalry]"), ["unit-card-fields"]),
    (unit_with(icon="Cavalry"), ["unit-card-fields"]),
    (unit_with(icon="heavy cavalry"), ["unit-card-fields"]),
    (unit_with(icon="3"), ["unit-card-fields"]),
    (unit_with(strength="DROP"), ["unit-card-fields"]),
    (unit_with(strength="-1"), ["unit-card-fields"]),
    (unit_with(strength="1.5"), ["unit-card-fields"]),
    (unit_with(strength="'2'"), ["unit-card-fields"]),
    (unit_with(strength="true"), ["unit-card-fields"]),
    (unit_with(strength='"-"'), ["unit-card-fields"]),
    (unit_with(hp="DROP"), ["unit-card-fields"]),
    (unit_with(hp="0"), ["unit-card-fields"]),
    (unit_with(hp="2.0"), ["unit-card-fields"]),
    (unit_with(zh="''"), ["unit-card-fields"]),
    (unit_with(zh="3"), ["unit-card-fields"]),
    (unit_with(keywords="[melee]"), ["unit-card-fields"]),
    (unit_with(cost="1"), ["unit-card-fields"]),
    (unit_with(icon="DROP", hp="0", zh="''"), ["unit-card-fields"] * 3),
    (unit(", other_side: 3"), ["unit-card-fields"]),
    (unit(", other_side: {name: Foot, icon: infantry, strength: 1}"), ["unit-card-fields"]),
    (unit(", other_side: {name: '', icon: infantry, strength: 1, hp: 1}"), ["unit-card-fields"]),
    (unit(", other_side: {name: Foot, icon: infantry, strength: 1, hp: 1, faction: empire}"), ["unit-card-fields"]),
    (unit(", other_side: {name: Foot, icon: [infantry], strength: -1, hp: 1}"), ["unit-card-fields"] * 2),
    # command-card-fields
    (command_with(cost="DROP"), ["command-card-fields"]),
    (command_with(cost="-1"), ["command-card-fields"]),
    (command_with(cost="'1'"), ["command-card-fields"]),
    (command_with(icons="DROP"), ["command-card-fields"]),
    (command_with(icons="infantry"), ["command-card-fields"]),
    (command_with(icons="[]"), ["command-card-fields"]),
    (command_with(icons="[Infantry]"), ["command-card-fields"]),
    (command_with(icons="[infantry, infantry]"), ["command-card-fields"]),
    (command_with(icons="[infantry, 3, cavalry]"), ["command-card-fields"]),
    (command_with(strength="DROP"), ["command-card-fields"]),
    (command_with(strength="x"), ["command-card-fields"]),
    (command_with(strength="-1"), ["command-card-fields"]),
    (command_with(strength="'--'"), ["command-card-fields"]),
    (command_with(type="DROP"), ["command-card-fields"]),
    (command_with(type="charge"), ["command-card-fields"]),
    (command_with(type="Attack"), ["command-card-fields"]),
    (command_with(zh="''"), ["command-card-fields"]),
    (command_with(hp="2"), ["command-card-fields"]),
    (command_with(other_side="{name: X}"), ["command-card-fields"]),
    (command(extra=", keywords: melee"), ["command-card-fields"]),
    (command(extra=", keywords: {melee: 1}"), ["command-card-fields"]),
    (command("attack", "{ranged: 2, direct-fire: 1}"), ["command-card-fields"]),
    (command("attack", "[melee]"), ["command-card-fields"]),
    (command("attack", "3"), ["command-card-fields"]),
    (command("attack", "{}"), ["command-card-fields"]),
    (command("attack", "{3: 1}"), ["command-card-fields"]),
    (command("move", "{maneuver: {}}"), ["command-card-fields"]),
    (command("move", "{maneuver: {number: 1, qualifiers: [cover]}}"), ["command-card-fields"]),
    (command("move", "{maneuver: {number: 1, qualifier: []}}"), ["command-card-fields"]),
    (command("move", "{maneuver: {number: 1, qualifier: [[cover]]}}"), ["command-card-fields"]),
    (command("move", "{maneuver: {number: 1, qualifier: }}"), ["command-card-fields"]),
    (command("move", "{maneuver: {number: 1, qualifier: [{cover: 1, approach: 1}]}}"), ["command-card-fields"]),
    # keyword-unknown
    (command("defend", "bronze-armor"), ["keyword-unknown"]),
    (command("defend", "{bronze-armor: 1}"), ["keyword-unknown"]),
    (command("attack", "Melee"), ["keyword-unknown"]),
    (command("attack", "近战"), ["keyword-unknown"]),
    (command("move", "{maneuver: {number: 1, qualifier: [sideways]}}"), ["keyword-unknown"]),
    (command("move", "{maneuver: {number: 1, qualifier: [melee]}}"), ["keyword-unknown"]),
    (command("move", "{maneuver: {number: 1, qualifier: [cover, sideways, backwards]}}"), ["keyword-unknown"] * 2),
    # keyword-number
    (command("move", "maneuver"), ["keyword-number"]),
    (command("attack", "ranged"), ["keyword-number"]),
    (command("attack", "{support: {qualifier: [{encircle: 2}]}}"), ["keyword-number"]),
    (command("attack", "{melee: 1}"), ["keyword-number"]),
    (command("attack", "{melee: }"), ["keyword-number"]),
    (command("attack", "{melee: two}"), ["keyword-number"]),
    (command("defend", "{steadfast: {number: 1, qualifier: frontal}}"), ["keyword-number"]),
    (command("attack", "{ranged: two}"), ["keyword-number"]),
    (command("attack", "{ranged: 4}"), ["keyword-number"]),
    (command("attack", "{ranged: 0}"), ["keyword-number"]),
    (command("attack", "{charge: 2.5}"), ["keyword-number"]),
    (command("attack", "{charge: true}"), ["keyword-number"]),
    (command("attack", "{charge: }"), ["keyword-number"]),
    (command("attack", "{charge: [1]}"), ["keyword-number"]),
    (command("attack", "{charge: -1}"), ["keyword-number"]),
    (command("attack", "{charge: 0}"), ["keyword-number"]),
    (command("attack", "{charge: '1'}"), ["keyword-number"]),
    (command("attack", "{charge: {number: 0}}"), ["keyword-number"]),
    (command("move", "{drive: 0}"), ["keyword-number"]),
    (command("move", "{drive: }"), ["keyword-number"]),
    (command("move", "{drive: x}"), ["keyword-number"]),
    (command("move", "mount"), ["keyword-number"]),
    (command("move", "{mount: 2}"), ["keyword-number"]),
    (command("move", "{mount: ''}"), ["keyword-number"]),
    (command("move", "{dismount: {number: 1}}"), ["keyword-number"]),
    (command("attack", "{support: {number: 1, qualifier: [encircle]}}"), ["keyword-number"]),
    (command("attack", "{support: {number: 1, qualifier: [{encircle: 0}]}}"), ["keyword-number"]),
    (command("attack", "{support: {number: 1, qualifier: [{encircle: x}]}}"), ["keyword-number"]),
    (command("defend", "{steadfast: {qualifier: [{frontal: 1}]}}"), ["keyword-number"]),
    (command("attack", "maneuver, {support: {qualifier: [encircle]}}"), ["keyword-number"] * 3),
    # keyword-qualifier
    (command("defend", "frontal"), ["keyword-qualifier"]),
    (command("attack", "{encircle: 2}"), ["keyword-qualifier"]),
    (command("defend", "{steadfast: {qualifier: cover}}"), ["keyword-qualifier"]),
    (command("attack", "{melee: {qualifier: frontal}}"), ["keyword-qualifier"]),
    (command("move", "{maneuver: {number: 1, qualifier: [cover, timid]}}"), ["keyword-qualifier"]),
    # keyword-command-type (a warning)
    (command("attack", "swap"), ["keyword-command-type"]),
    (command("attack", "counter"), ["keyword-command-type"]),
    (command("move", "{steadfast: {qualifier: frontal}}"), ["keyword-command-type"]),
    (command("attack", "{bronze-armour: 1}"), ["keyword-command-type"]),
    (command("move", "melee"), ["keyword-command-type"]),
    (command("defend", "{ranged: 2}"), ["keyword-command-type"]),
    (command("defend", "{charge: 1}"), ["keyword-command-type"]),
    (command("defend", "{charge: 0}"), ["keyword-command-type", "keyword-number"]),
    (command("charge", "melee"), ["command-card-fields"]),
    (command_with(type="DROP", keywords="[swap]"), ["command-card-fields"]),
    # mount-target
    (command("move", "{mount: Flying Carpets}"), ["mount-target"]),
    (command("move", "{dismount: Strike}"), ["mount-target"]),
]


@pytest.mark.parametrize(("entry", "rules"), INVALID)
def test_invalid_entries(entry: str, rules: list[str], write_catalogue: Writer) -> None:
    problems = check(write_catalogue, entry)
    assert found(problems) == sorted((rule, 4) for rule in rules), [p.message for p in problems]
    for p in problems:
        assert p.severity is (Severity.WARNING if p.rule == "keyword-command-type" else Severity.ERROR)
        assert p.message and "\n" not in p.message


def test_positions_point_at_the_value(write_catalogue: Writer) -> None:
    folder = write_catalogue(
        """\
        cards:
          - name: Strike
            kind: command
            faction: empire
            cost: -1
            icons: [infantry, Bad]
            strength: "-"
            type: attack
            keywords:
              - melee
              - {ranged: 9}
              - {maneuver: {number: 1, qualifier: [cover, frontal]}}
              - frontal
            extra: 1
          - {kind: unit}
        """
    )
    problems = SYSTEM.check_data(folder)
    where = [(p.rule, p.line, p.column) for p in problems]
    assert where == [
        ("command-card-fields", 5, 11),  # cost's value
        ("command-card-fields", 6, 23),  # the bad icon
        ("keyword-number", 11, 9),  # the keyword item
        ("keyword-qualifier", 12, 51),  # the qualifier item
        ("keyword-qualifier", 13, 9),
        ("command-card-fields", 14, 5),  # the unknown key
        ("card-kind", 15, 5),  # the entry: no name
        ("card-kind", 15, 5),  # the entry: no faction
        ("unit-card-fields", 15, 5),  # required fields missing: at the entry
        ("unit-card-fields", 15, 5),
        ("unit-card-fields", 15, 5),
    ]


def test_messages(write_catalogue: Writer) -> None:
    problems = check(write_catalogue, command("defend", "bronze-armor"))
    assert 'did you mean "bronze-armour"?' in problems[0].message
    problems = check(write_catalogue, command("defend", "frontal"))
    assert "{steadfast: {qualifier: frontal}}" in problems[0].message
    problems = check(write_catalogue, command_with(cost="DROP"))
    assert "cost: 0" in problems[0].message


def test_duplicate_across_files_in_code_point_order(write_catalogue: Writer) -> None:
    folder = write_catalogue(
        {
            "a.yaml": "cards:\n  - {name: Spearmen, kind: unit, faction: empire, icon: infantry, strength: 2, hp: 3}\n",
            "B.yaml": "cards:\n\n  - {name: SPEARMEN, kind: unit, faction: empire, icon: infantry, strength: 2, hp: 3}\n",
        }
    )
    problems = SYSTEM.check_data(folder)
    assert [(Path(p.file).name, p.rule, p.line) for p in problems] == [("a.yaml", "duplicate-card", 2)]
    assert "B.yaml line 3" in problems[0].message


def test_mount_target_across_files(write_catalogue: Writer) -> None:
    folder = write_catalogue(
        {
            "horde.yaml": "cards:\n  - {name: Dismount, kind: command, faction: golden-horde, cost: 0, icons: [cavalry],"
            ' strength: "-", type: move, keywords: [{dismount: Foot Archers}]}\n',
            "zz.yaml": "cards:\n  - {name: Riders, kind: unit, faction: golden-horde, icon: cavalry, strength: 2, hp: 2,\n"
            "     other_side: {name: foot archers, icon: infantry, strength: 1, hp: 2}}\n",
        }
    )
    assert SYSTEM.check_data(folder) == []
    assert len(SYSTEM.load_data(folder)) == 2


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("- {name: X}\n", 1),
        ("cards: 3\n", 1),
        ("cards: {name: X}\n", 1),
        ("cards: []\nunits: []\n", 2),
        ("# nothing\n", 1),
        ("", 1),
        ("units: []\n", 1),
        ("cards: []\n---\ncards: []\n", 2),
    ],
)
def test_file_shape_is_schema(text: str, line: int, write_catalogue: Writer) -> None:
    problems = SYSTEM.check_data(write_catalogue({"cards.yaml": text}))
    assert {(p.rule, p.line) for p in problems} == {("schema", line)}


def test_syntax(write_catalogue: Writer) -> None:
    problems = SYSTEM.check_data(write_catalogue({"cards.yaml": "cards:\n  - {name: [X\n"}))
    assert [p.rule for p in problems] == ["syntax"]
    assert problems[0].line >= 2


def test_empty_cards_is_an_empty_catalogue(write_catalogue: Writer) -> None:
    folder = write_catalogue({"cards.yaml": "cards:\n"})
    assert SYSTEM.check_data(folder) == []
    assert len(SYSTEM.load_data(folder)) == 0


def test_which_files_are_read(write_catalogue: Writer) -> None:
    good = "cards:\n  - {name: Spearmen, kind: unit, faction: empire, icon: infantry, strength: 2, hp: 3}\n"
    bad = "cards: 3\n"
    folder = write_catalogue({"cards.yaml": good, "other.yml": bad, ".hidden.yaml": bad, "notes.txt": bad})
    (folder / "sub").mkdir()
    (folder / "sub" / "more.yaml").write_text(bad, encoding="utf-8")
    (folder / "dir.yaml").mkdir()
    # only cards.yaml is read; a file that looks like card data and is not read is a warning naming it, so a
    # deck's card kept in `other.yml` is never "not a known card" with no hint why
    found = SYSTEM.check_data(folder)
    assert {(p.rule, p.severity.value, p.file) for p in found} == {
        ("file-not-read", "warning", "other.yml"),
        ("file-not-read", "warning", "sub/more.yaml"),
    }
    assert [card.name for card in SYSTEM.load_data(folder).cards.values()] == ["Spearmen"]  # a warning loads


@pytest.mark.parametrize("layout", ["missing", "file", "empty", "only-yml"])
def test_unusable_folder_is_a_data_error(layout: str, tmp_path: Path) -> None:
    folder = tmp_path / "catalogue"
    if layout == "file":
        folder.write_text("cards: []\n", encoding="utf-8")
    elif layout in ("empty", "only-yml"):
        folder.mkdir()
        if layout == "only-yml":
            (folder / "cards.yml").write_text("cards: []\n", encoding="utf-8")
    with pytest.raises(DataError):
        SYSTEM.check_data(folder)
    with pytest.raises(DataError):
        SYSTEM.load_data(folder)


def test_load_data_refuses_errors_naming_file_and_line(write_catalogue: Writer) -> None:
    folder = write_catalogue(HEAD + "  - " + unit_with(hp="0") + "\n")
    with pytest.raises(DataError) as caught:
        SYSTEM.load_data(folder)
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith(f"{folder / 'cards.yaml'}:4: ")
    assert "unit-card-fields" in text and "data check --game horde-vs-empire-cards" in text


def test_load_data_accepts_warnings(write_catalogue: Writer) -> None:
    folder = write_catalogue(HEAD + "  - " + command("attack", "swap") + "\n")
    assert [p.rule for p in SYSTEM.check_data(folder)] == ["keyword-command-type"]
    catalogue = SYSTEM.load_data(folder)
    assert catalogue.find("strike") is not None


def test_bundled_catalogue_is_clean() -> None:
    assert SYSTEM.check_data() == []
    assert SYSTEM.check_data(bundled_folder()) == []
    catalogue = SYSTEM.load_data()
    assert catalogue.bundled
    names = {card.name for card in catalogue.cards.values()}
    assert {"Imperial Guard", "Spearmen", "Starfall Cavalry"} <= names
    assert catalogue.find("御林军") is None and catalogue.by_zh["御林军"].name == "Imperial Guard"
    assert catalogue.find("Starfall Cavalry").faction == "golden-horde"  # type: ignore[union-attr]


def test_bundled_catalogue_is_marked_as_example() -> None:
    for path in sorted(bundled_folder().glob("*.yaml")):
        head = path.read_text(encoding="utf-8").splitlines()[0]
        assert "EXAMPLE CARDS" in head and "NOT the official card list" in head


def test_bundled_catalogue_uses_every_keyword() -> None:
    from armybuilder.games.hve.keywords import KEYWORDS, QUALIFIERS

    catalogue = SYSTEM.load_data()
    used = {k.name for c in catalogue.cards.values() for k in c.keywords}
    qualifiers = {q.name for c in catalogue.cards.values() for k in c.keywords for q in k.qualifiers}
    assert used == set(KEYWORDS)
    assert qualifiers == set(QUALIFIERS)


def test_sample_catalogue_is_clean(sample_folder: Path) -> None:
    assert SYSTEM.check_data(sample_folder) == []


# --- the JSON Schema for editors agrees with the checker ----------------------------------------------------


@cache
def _schema() -> Draft202012Validator:
    path = Path(__file__).resolve().parents[3] / "armybuilder" / "games" / "hve" / "schemas" / "catalogue.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _plain(value: object) -> object:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("path", [*sorted(bundled_folder().glob("*.yaml")), SAMPLES / "hve-catalogue.yaml"], ids=lambda p: p.name)
def test_schema_accepts_the_catalogues(path: Path) -> None:
    document = _plain(yamlpos.load(path.read_bytes()))
    assert list(_schema().iter_errors(document)) == []


@pytest.mark.parametrize("entry", [e for e in VALID if "Golden-Horde" not in e])
def test_schema_accepts_valid_entries(entry: str) -> None:
    document = _plain(yamlpos.load(HEAD + f"  - {entry}\n"))
    assert list(_schema().iter_errors(document)) == []


@pytest.mark.parametrize(
    ("entry", "rules"),
    [
        case
        for case in INVALID
        # the schema knows no faction spelling in another case, no float-as-integer rule, no cross-entry rules
        if not set(case[1]) & {"duplicate-card", "mount-target", "keyword-command-type"}
        and "2.0" not in case[0]
    ],
)
def test_schema_rejects_invalid_entries(entry: str, rules: list[str]) -> None:
    document = _plain(yamlpos.load(HEAD + f"  - {entry}\n"))
    assert list(_schema().iter_errors(document)) != []


@pytest.mark.parametrize("fmt", ["parsable", "github", "json", "text"])
def test_data_check_of_a_relative_folder_names_each_file_once(
    write_catalogue: Writer, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    """`data check --game horde-vs-empire-cards FOLDER` with a relative FOLDER: `FOLDER/cards.yaml`, not
    the folder twice (GitHub annotations must point at the file)."""
    from typer.testing import CliRunner

    from armybuilder.cli import app

    folder = write_catalogue(HEAD + "  - " + unit_with(hp="0") + "\n")
    monkeypatch.chdir(folder.parent)
    result = CliRunner(env={"NO_COLOR": "1"}).invoke(
        app, ["data", "check", "--game", "horde-vs-empire-cards", folder.name, "--format", fmt]
    )
    assert result.exit_code == 1
    shown = f"{folder.name}/cards.yaml"
    assert shown in result.stdout and f"{folder.name}/{shown}" not in result.stdout


@pytest.mark.parametrize(
    ("faction", "message"),
    [
        ("Horde", 'faction must be golden-horde (金帐) or empire (帝国), not "Horde"; did you mean golden-horde?'),
        ("1", "faction must be golden-horde (金帐) or empire (帝国), not the number 1"),
        ('"  "', "the card needs a faction: golden-horde (金帐) or empire (帝国)"),
    ],
)
def test_card_faction_messages(write_catalogue: Writer, faction: str, message: str) -> None:
    """A card's faction takes the deck's spellings, with the same did-you-mean (amendment 1, H1, H2)."""
    folder = write_catalogue(HEAD + "  - " + unit_with(faction=faction) + "\n")
    assert [(p.rule, p.line, p.message) for p in SYSTEM.check_data(folder)] == [("card-kind", 4, message)]


def test_a_card_faction_may_be_the_english_name(write_catalogue: Writer) -> None:
    folder = write_catalogue(HEAD + "  - " + unit_with(faction='"Empire"') + "\n")
    assert SYSTEM.check_data(folder) == []


def test_a_mount_target_copied_with_its_icon_says_to_write_the_name_alone(write_catalogue: Writer) -> None:
    """Amendment 1, H3: the icon is the profile's, recorded once; `(cavalry)` after the name is no name."""
    folder = write_catalogue(HEAD + "  - " + command("move", '{mount: "Mounted Spearmen (cavalry)"}') + "\n")
    assert [(p.rule, p.line, p.message) for p in SYSTEM.check_data(folder)] == [
        ("mount-target", 4, "write the unit name alone: {mount: Mounted Spearmen}; its icon (cavalry) comes "
                            "from the unit's profile")
    ]  # fmt: skip
    folder = write_catalogue(HEAD + "  - " + command("move", '{mount: "Flying Carpets (cavalry)"}') + "\n")
    (problem,) = SYSTEM.check_data(folder)
    assert problem.rule == "mount-target" and "no unit card" in problem.message


def test_files_not_read_are_looked_for_within_bounds(write_catalogue: Writer) -> None:
    good = "cards:\n  - {name: Spearmen, kind: unit, faction: empire, icon: infantry, strength: 2, hp: 3}\n"
    folder = write_catalogue({"cards.yaml": good})
    for n in range(700):  # a folder of a stranger's: never walked whole, never one warning per file of it
        (folder / f"copy-{n:03}.yml").write_text(good, encoding="utf-8")
    found = SYSTEM.check_data(folder)
    assert len(found) == 20 and {p.rule for p in found} == {"file-not-read"}
    assert found[-1].message.startswith("and ") and "more files like the ones above are not read" in found[-1].message
