"""The list-editing commands change the player's own file: nothing in it may be lost or damaged unsaid.

Each case was found by probing the edit commands with files as players keep them (a comment above `---`,
a Windows editor's line endings, a list reached through a link, two edits at once). Before, each edit
exited 0 with part of the file gone or the wrong file written.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from armybuilder.cli import app
from armybuilder.errors import ArmyBuilderError
from armybuilder.inplace import Editing

runner = CliRunner(env={"NO_COLOR": "1", "ARMYBUILDER_WIDTH": "120", "ARMYBUILDER_DATA": None})

ROBB = 'faction: stark\npoints: 40\nunits:\n  - unit: Stark Sworn Swords\n    attachments: ["Robb Stark, The Wolf Lord"]\n'

ANNOTATED = """\
# Ann's list for the Winter Cup
---
faction: stark
points: 40
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
  - Stark Bowmen
  # keep the Outriders: they screen the Bowmen
  - Stark Outriders   # fast
  - unit: House Umber Berserkers   # the hammer
    attachment: Umber Champion     # +1 attack

# ---- NCUs ----
ncus:
  - Catelyn Stark
"""


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def write(tmp_path: Path, text: str, name: str = "list.yaml") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


# --- cards written in a form the edits cannot keep: refused, the file untouched ---------------------------


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        (ROBB + "ncus:\n  Catelyn Stark:\n  Arya Stark:\n", 6, "`ncus` is written as a mapping"),
        (
            "faction: stark\npoints: 40\nunits:\n  Stark Sworn Swords: [\"Robb Stark, The Wolf Lord\"]\n  Stark Bowmen:\n",
            3,
            "`units` is written as a mapping",
        ),
        (
            ROBB + "  - unit: House Umber Berserkers\n    attachment: Umber Champion\n    attachments: [Crannogman Survivalist]\n",
            8,
            "both `attachment:` and `attachments:`",
        ),
    ],
)
def test_an_edit_that_would_drop_cards_is_refused_with_the_line(
    tmp_path: Path, text: str, line: int, words: str
) -> None:
    path = write(tmp_path, text)
    result = run("add", str(path), "Sansa Stark, Little Bird")
    assert result.exit_code == 2
    assert f"{path}:{line}:" in result.output and words in result.output
    assert path.read_text("utf-8") == text


def test_a_bare_dash_as_the_first_unit_does_not_crash_an_edit(tmp_path: Path) -> None:
    path = write(tmp_path, "faction: stark\npoints: 40\nunits:\n  -\n" + ROBB.split("units:\n")[1])
    result = run("add", str(path), "Stark Bowmen")
    assert result.exit_code == 1, result.output  # the empty entry is still an error of the list
    assert "Internal error" not in result.output and "Traceback" not in result.output
    assert "  - Stark Bowmen\n" in path.read_text("utf-8")


# --- the file keeps its form -------------------------------------------------------------------------------


def test_an_edit_through_a_link_edits_the_file_it_leads_to(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    target = write(shared, ROBB, "ann.yaml")
    link = tmp_path / "mine.yaml"
    link.symlink_to(Path("shared") / "ann.yaml")
    result = run("add", str(link), "Stark Bowmen")
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert "Stark Bowmen" in target.read_text("utf-8")


@pytest.mark.parametrize(
    ("encode", "decode"),
    [
        (lambda t: t.replace("\n", "\r\n").encode(), lambda b: b.decode()),
        (lambda t: b"\xef\xbb\xbf" + t.encode(), lambda b: b.decode("utf-8")),
        (lambda t: b"\xff\xfe" + t.replace("\n", "\r\n").encode("utf-16-le"), lambda b: b[2:].decode("utf-16-le")),
    ],
    ids=["crlf", "utf-8-bom", "utf-16-crlf"],
)
def test_an_edit_keeps_the_files_encoding_and_line_endings(tmp_path: Path, encode, decode) -> None:  # type: ignore[no-untyped-def]
    original = encode(ROBB.replace("  - unit: Stark", "  # the swords\n  - unit: Stark") + "  - Stark Outriders   # fast\n")
    path = tmp_path / "list.yaml"
    path.write_bytes(original)
    result = run("add", str(path), "Stark Bowmen")
    assert result.exit_code == 0, result.output
    written = path.read_bytes()
    assert written[:3] == original[:3]  # the byte-order mark (or the first letters) as they were
    text = decode(written)
    if b"\r" in original:
        assert text.count("\r\n") == text.count("\n")  # every line, not only the commented ones
    else:
        assert "\r" not in text
    assert "Stark Bowmen" in text and "# the swords" in text and "# fast" in text


# --- comments ----------------------------------------------------------------------------------------------


def test_removing_a_unit_keeps_the_header_and_the_next_units_comment(tmp_path: Path) -> None:
    path = write(tmp_path, ANNOTATED)
    result = run("remove", str(path), "Stark Bowmen")
    assert result.exit_code == 0, result.output
    assert path.read_text("utf-8") == ANNOTATED.replace("  - Stark Bowmen\n", "")
    assert "note:" not in result.output


def test_removing_an_attachment_keeps_the_units_and_the_sections_comments_and_tells_the_lost_one(
    tmp_path: Path,
) -> None:
    path = write(tmp_path, ANNOTATED)
    result = run("remove", str(path), "Umber Champion")
    assert result.exit_code == 0, result.output
    text = path.read_text("utf-8")
    assert "  - House Umber Berserkers" in text and "# the hammer" in text
    assert "\n\n# ---- NCUs ----\nncus:\n" in text  # the heading stays above its section
    assert "+1 attack" not in text
    assert "note: 1 comment" in result.output and "# +1 attack" in result.output


def test_attaching_to_a_commented_unit_keeps_its_comment_on_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, ANNOTATED.replace("  - unit: House Umber Berserkers   # the hammer\n    attachment: Umber Champion     # +1 attack\n", "  - House Umber Berserkers   # the hammer\n"))
    result = run("add", str(path), "Umber Champion", "--to", "House Umber Berserkers")
    assert result.exit_code == 0, result.output
    lines = path.read_text("utf-8").splitlines()
    at = lines.index("    attachment: Umber Champion")
    assert lines[at - 1].startswith("  - unit: House Umber Berserkers") and lines[at - 1].endswith(" # the hammer")
    assert lines[at + 1 : at + 4] == ["", "# ---- NCUs ----", "ncus:"]


# --- two edits at once -------------------------------------------------------------------------------------


def test_two_edits_of_one_file_take_turns(tmp_path: Path) -> None:
    path = write(tmp_path, "a\n")
    entered = threading.Event()

    def first() -> None:
        with Editing(path) as held:
            entered.set()
            time.sleep(0.3)  # the second edit starts meanwhile, and must wait
            held.write(held.text + "first\n")

    thread = threading.Thread(target=first)
    thread.start()
    entered.wait(5)
    with Editing(path) as held:
        held.write(held.text + "second\n")
    thread.join()
    assert path.read_text("utf-8") == "a\nfirst\nsecond\n"


def test_a_file_another_program_saved_meanwhile_is_not_overwritten(tmp_path: Path) -> None:
    path = write(tmp_path, "a\n")
    with Editing(path) as held:
        os.utime(path)  # (a save without a lock, as an editor does)
        path.write_text("theirs\n", "utf-8")
        with pytest.raises(ArmyBuilderError, match="changed while this edit ran"):
            held.write("ours\n")
    assert path.read_text("utf-8") == "theirs\n"


def test_a_comment_written_twice_comes_back_where_the_lost_one_stood() -> None:
    from armybuilder.games.asoiaf.builder.comments import keep_comments

    before = "units:\n  # cheap\n  - Stark Bowmen\n  - Stark Outriders\n  # cheap\n  - Stark Sworn Swords\n"
    after = "units:\n  # cheap\n  - Stark Bowmen\n  - Stark Sworn Swords\n"  # the writer took the second with the Outriders
    assert keep_comments(before, after) == ("units:\n  # cheap\n  - Stark Bowmen\n  # cheap\n  - Stark Sworn Swords\n", [])


def test_a_comment_above_the_second_of_two_like_units_stays_above_it(tmp_path: Path) -> None:
    path = write(tmp_path, ROBB + "  - Stark Bowmen\n  - Stark Outriders   # fast\n  # these Bowmen hold the ridge\n  - Stark Bowmen\n")
    assert run("remove", str(path), "Stark Outriders").exit_code == 0
    assert path.read_text("utf-8").endswith("  - Stark Bowmen\n  # these Bowmen hold the ridge\n  - Stark Bowmen\n")


def test_removing_the_last_ncu_under_a_comment_writes_yaml_and_tells_the_comment(tmp_path: Path) -> None:
    """The writer put `[]` at column 0 under the comment: a file no command could read again."""
    path = write(tmp_path, ROBB + "ncus:\n  # keep\n  - Catelyn Stark\n")
    result = run("remove", str(path), "Catelyn Stark")
    assert result.exit_code == 0, result.output
    assert path.read_text("utf-8").endswith("ncus: []\n")
    assert "note: 1 comment" in result.output and "# keep" in result.output


@pytest.mark.parametrize(
    "args",
    [["remove", "{path}", "9" * 5000], ["add", "{path}", "Umber Champion", "--to", "9" * 5000], ["set", "{path}", "points", "9" * 5000], ["options", "{path}", "--for", "9" * 5000]],
    ids=["remove", "add-to", "set-points", "options-for"],
)
def test_a_number_of_thousands_of_digits_is_a_usage_error(tmp_path: Path, args: list[str]) -> None:
    path = write(tmp_path, ROBB)
    result = run(*[a.replace("{path}", str(path)) for a in args])
    assert result.exit_code == 2, result.output
    assert "internal error" not in result.output.casefold()
    assert path.read_text("utf-8") == ROBB


def test_an_edit_of_a_hard_linked_file_says_the_other_name_keeps_the_old_list(tmp_path: Path) -> None:
    path = write(tmp_path, ROBB)
    other = tmp_path / "backup.yaml"
    os.link(path, other)
    result = run("add", str(path), "Stark Bowmen")
    assert result.exit_code == 0, result.output
    assert "1 other name(s) (hard links); they keep the list as it was" in result.output
    assert "Stark Bowmen" in path.read_text("utf-8") and other.read_text("utf-8") == ROBB


def test_comments_after_the_last_line_are_not_written_twice() -> None:
    from armybuilder.games.asoiaf.builder.comments import keep_comments

    assert keep_comments("a: 1\n# end one\n# end two\n", "a: 1\n# end one\n") == ("a: 1\n# end one\n# end two\n", [])
