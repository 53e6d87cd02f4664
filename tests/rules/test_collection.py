"""collection (warning): a list fields a card more often than the player's collection owns (--collection);
and the collection file itself: its references resolve as in lists, with positioned problems."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from armycheck import errors, message, warnings
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.errors import UsageError
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import ListReport, Options, validate_text
from armybuilder.games.asoiaf.collection import read_collection_text

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "collection-stark.yaml"
runner = CliRunner(env={"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "200", "ARMYBUILDER_DATA": None})

LIST = """\
faction: stark
points: 40
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
  - Stark Sworn Swords
  - Stark Sworn Swords
  - Stark Outriders
ncus: [Catelyn Stark]
"""

OWNS_ALL = """\
owned:
  Robb Stark, The Wolf Lord: 1
  Stark Sworn Swords: 3
  Stark Outriders: 1
  Catelyn Stark, Lady of Winterfell: 1
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def check(catalogue: Catalogue, tmp_path: Path, owned: str, *, strict: bool = False) -> ListReport:
    shelf = write(tmp_path, "shelf.yaml", owned)
    return validate_text(LIST, catalogue, "test.yaml", Options(strict=strict, collection=str(shelf)))


def test_a_list_within_the_collection_has_no_warning(catalogue: Catalogue, tmp_path: Path) -> None:
    report = check(catalogue, tmp_path, OWNS_ALL)
    assert ("collection", 6) not in warnings(report)
    assert not [p for p in report.problems if p.rule == "collection"]


def test_each_card_fielded_beyond_the_collection_warns_once_at_the_first_copy_not_owned(
    catalogue: Catalogue, tmp_path: Path
) -> None:
    owned = """\
    owned:
      Robb Stark, The Wolf Lord:
      Stark Sworn Swords: 1
      Catelyn Stark, Lady of Winterfell: 1
    """
    report = check(catalogue, tmp_path, owned)
    assert {w for w in warnings(report) if w[0] == "collection"} == {("collection", 6), ("collection", 8)}
    assert "3 Stark Sworn Swords fielded, 1 owned (shelf.yaml); field 2 fewer" in message(report, "collection")
    assert "1 Stark Outriders fielded, 0 owned" in message(report, "collection")
    assert errors(report) == set()
    assert report.valid


def test_strict_fails_the_list(catalogue: Catalogue, tmp_path: Path) -> None:
    report = check(catalogue, tmp_path, "owned: {Stark Sworn Swords: 2}\n", strict=True)
    assert ("collection", 7) in warnings(report)
    assert not report.valid


def test_without_a_collection_nothing_is_counted(catalogue: Catalogue) -> None:
    report = validate_text(LIST, catalogue, "test.yaml", Options())
    assert not [p for p in report.problems if p.rule == "collection"]


def test_an_unusable_collection_is_one_line_naming_the_position(catalogue: Catalogue, tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"shelf.yaml:2:3: no card called 'Stark Swrn Swords'"):
        check(catalogue, tmp_path, "owned:\n  Stark Swrn Swords: 2\n")


# --- the collection file ---------------------------------------------------------------------------------


def read(catalogue: Catalogue, text: str) -> tuple[dict[str, int], set[tuple[str, int, int]]]:
    found = read_collection_text(textwrap.dedent(text), catalogue, "shelf.yaml")
    return found.owned, {(p.rule, p.line, p.column) for p in found.problems}


def test_references_as_in_lists_ids_and_bare_entries(catalogue: Catalogue) -> None:
    owned, problems = read(
        catalogue,
        """\
        owned:
          - Stark Sworn Swords: 2
          - "Robb Stark, The Wolf Lord"
          - "10205"
          - stark sworn swords
        """,
    )
    assert problems == set()
    assert owned == {"10201": 3, "20201": 1, "10205": 1}


def test_a_mapping_value_left_empty_is_one_copy(catalogue: Catalogue) -> None:
    owned, problems = read(catalogue, "owned:\n  Stark Bowmen:\n  Stark Outriders: 0\n")
    assert problems == set()
    assert owned == {"10205": 1, "10202": 0}


def test_unknown_card_says_did_you_mean(catalogue: Catalogue) -> None:
    found = read_collection_text("owned:\n  Stark Swrn Swords: 2\n", catalogue, "shelf.yaml")
    assert [(p.rule, p.line, p.column) for p in found.problems] == [("unknown-card", 2, 3)]
    assert "did you mean 'Stark Sworn Swords'" in found.problems[0].message


def test_ambiguous_card_lists_each_card_with_its_id(catalogue: Catalogue) -> None:
    found = read_collection_text("owned:\n  - Robb Stark\n", catalogue, "shelf.yaml")
    assert [(p.rule, p.line, p.column) for p in found.problems] == [("ambiguous-card", 2, 5)]
    assert "(20201)" in found.problems[0].message and "`Name, Subname` or the id" in found.problems[0].message


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("owned:\n  Stark Bowmen: two\n", (2, 17)),
        ("owned:\n  Stark Bowmen: -1\n", (2, 17)),
        ("owned:\n  Stark Bowmen: 100\n", (2, 17)),
        ("owned:\n  Stark Bowmen: true\n", (2, 17)),
        ("owned: 3\n", (1, 8)),
        ("owned:\n  - {Stark Bowmen: 1, Stark Outriders: 1}\n", (2, 5)),
        ("units: []\nowned: []\n", (1, 1)),
        ("- Stark Bowmen\n", (1, 1)),
        ("name: shelf\n", (1, 1)),
        ("game: hve\nowned: []\n", (1, 7)),
    ],
)
def test_schema_problems_are_positioned(catalogue: Catalogue, text: str, where: tuple[int, int]) -> None:
    _, problems = read(catalogue, text)
    assert ("schema", *where) in problems


def test_bad_yaml_is_a_syntax_problem(catalogue: Catalogue) -> None:
    _, problems = read(catalogue, "owned:\n  a: 1\n  a: 2\n")
    assert problems == {("syntax", 3, 3)}


# --- through the commands --------------------------------------------------------------------------------


def test_validate_show_and_batch_take_a_collection(tmp_path: Path) -> None:
    listfile = write(tmp_path, "list.yaml", LIST)
    shelf = write(tmp_path, "shelf.yaml", "owned:\n  Stark Sworn Swords: 2\n")
    result = runner.invoke(app, ["validate", str(listfile), "--collection", str(shelf), "-f", "parsable"])
    assert result.exit_code == 0, result.output
    assert "list.yaml:7:5: warning collection 3 Stark Sworn Swords fielded, 2 owned" in result.output
    strict = runner.invoke(app, ["validate", str(listfile), "--collection", str(shelf), "--strict"])
    assert strict.exit_code == 1
    shown = runner.invoke(app, ["show", str(listfile), "--collection", str(shelf)])
    assert "3 Stark Sworn Swords fielded, 2 owned" in shown.output
    lists = tmp_path / "lists"
    lists.mkdir()
    (lists / "a.yaml").write_text(LIST, encoding="utf-8")
    batch = runner.invoke(app, ["batch", str(lists), "--collection", str(shelf), "--strict"])
    assert batch.exit_code == 1, batch.output
    assert "collection" in batch.output


def test_an_unusable_collection_stops_validate_and_batch_with_exit_2(tmp_path: Path) -> None:
    listfile = write(tmp_path, "list.yaml", LIST)
    shelf = write(tmp_path, "shelf.yaml", "owned:\n  Stark Swrn Swords: 2\n  Nobody: 1\n")
    for args in (["validate", str(listfile)], ["batch", str(tmp_path / "list.yaml")]):
        result = runner.invoke(app, [*args, "--collection", str(shelf)])
        assert result.exit_code == 2, result.output
        assert "shelf.yaml:2:3: no card called 'Stark Swrn Swords'" in result.output
        assert "and 1 more problem" in result.output
    missing = runner.invoke(app, ["validate", str(listfile), "--collection", str(tmp_path / "nope.yaml")])
    assert missing.exit_code == 2
    assert "nope.yaml: no such file" in missing.output


def test_collection_check_prints_every_problem(tmp_path: Path) -> None:
    shelf = write(tmp_path, "shelf.yaml", "owned:\n  Stark Swrn Swords: 2\n  Robb Stark:\n  Stark Bowmen: 2\n")
    result = runner.invoke(app, ["collection", "check", str(shelf)])
    assert result.exit_code == 1
    assert "shelf.yaml:2:3: error unknown-card" in result.output
    assert "shelf.yaml:3:3: error ambiguous-card" in result.output
    assert "1 card, 2 copies, 0 commanders" in result.output
    good = runner.invoke(app, ["collection", "check", str(EXAMPLE)])
    assert good.exit_code == 0, good.output
    assert "3 commanders" in good.output


def test_validate_for_an_event_takes_a_collection(tmp_path: Path) -> None:
    listfile = write(tmp_path, "list.yaml", LIST)
    shelf = write(tmp_path, "shelf.yaml", "owned:\n  Stark Sworn Swords: 2\n")
    event = write(tmp_path, "event.yaml", "name: Club night\npoints: 40\n")
    args = ["validate", str(listfile), "--event", str(event), "--collection", str(shelf), "-f", "parsable"]
    result = runner.invoke(app, args)
    assert "collection 3 Stark Sworn Swords fielded, 2 owned" in result.output, result.output
    bad = write(tmp_path, "bad.yaml", "owned:\n  Nobody: 1\n")
    refused = runner.invoke(app, ["validate", str(listfile), "--event", str(event), "--collection", str(bad)])
    assert refused.exit_code == 2 and "bad.yaml:2:3" in refused.output
