"""Names with an invisible or look-alike character (a zero-width space, a Cyrillic `е` in a Latin name, a
bidirectional control) got "no card called X; did you mean X?" with both spellings looking the same. Every
reader of names shows the difference through one helper (`kit.words.marked`): event files, collections,
pasted lists, and every game's names."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile_checks import ENV
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.kit.words import marked

ROOT = Path(__file__).resolve().parents[2]
CYRILLIC_E = "\u0435"


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("Stark\u200b Bowmen", "Stark\\u200b Bowmen"),
        (f"Stark Bowm{CYRILLIC_E}n", "Stark Bowm\\u0435n"),
        ("Stark\u202e Bowmen", "Stark\\u202e Bowmen"),
        ("Stark\u00a0Bowmen", "Stark\\u00a0Bowmen"),
        ("\u0421tark", "\\u0421tark"),  # a Cyrillic capital Es opening a Latin word
    ],
)
def test_marked_shows_what_differs(written: str, shown: str) -> None:
    assert marked(written) == shown


@pytest.mark.parametrize("name", ["Stark Bowmen", "Jaqen H'ghar", "Schütze", "Stark 弓兵", "Старк", "史塔克弓兵"])
def test_marked_leaves_a_name_as_written(name: str) -> None:
    assert marked(name) == name


def _copy(source: Path, old: str, new: str, folder: Path, name: str) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = folder / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


CASES = [
    # (source, what to replace, by what, command, what is said)
    (
        ROOT / "examples" / "events" / "starter-30.yaml",
        "  - Stark Outriders",
        f'  - "Stark Outrid{CYRILLIC_E}rs"',
        ["event", "check"],
        ":14:5: error event-file no card called 'Stark Outrid\\u0435rs' in `allowed_cards`; did you mean 'Stark Outriders'",
    ),
    (
        ROOT / "examples" / "collection-stark.yaml",
        "Stark Sworn Swords: 2",
        '"Stark Sworn\u200b Swords": 2',
        ["collection", "check"],
        ":10:3: error unknown-card no card called 'Stark Sworn\\u200b Swords'; did you mean 'Stark Sworn Swords'?",
    ),
    (
        ROOT / "examples" / "hve-empire.yaml",
        "  - Spearmen",
        f'  - "Sp{CYRILLIC_E}armen"',
        ["validate", "--format", "parsable"],
        ':8:5: error unknown-card "Sp\\u0435armen" is not a known card; did you mean "Spearmen"?',
    ),
    (
        ROOT / "tests" / "games" / "wotr" / "samples" / "wotr-valid.yaml",
        "  Erebor: ",
        f'  "Er{CYRILLIC_E}bor": ',
        ["validate", "--format", "parsable"],
        ':7:3: error unknown-region "Er\\u0435bor" is not a region of the War of the Ring map; did you mean "Erebor"?',
    ),
    (
        ROOT / "tests" / "games" / "agot" / "samples" / "agot-valid.yaml",
        "  lannister:\n",
        f'  "lannist{CYRILLIC_E}r":\n',
        ["validate", "--format", "parsable"],
        ':20:3: error unknown-house "lannist\\u0435r" is not a house of the first edition; did you mean "lannister"?',
    ),
]


@pytest.mark.parametrize(("source", "old", "new", "command", "said"), CASES, ids=lambda v: getattr(v, "stem", None))
def test_every_reader_of_names_shows_the_difference(
    source: Path, old: str, new: str, command: list[str], said: str, tmp_path: Path
) -> None:
    path = _copy(source, old, new, tmp_path, source.name)
    result = CliRunner(env=ENV).invoke(app, [*command, str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (1, 2) and "Traceback" not in result.output
    assert f"{path.name}{said}" in result.stdout, result.stdout


def test_a_pasted_list_shows_the_difference(tmp_path: Path) -> None:
    path = tmp_path / "pasted.txt"
    path.write_text(
        f"Faction: House Stark\nPoints: 40\nStark Sworn Swords with Robb Stark, The Wolf Lord\nStark Bowm{CYRILLIC_E}n\n",
        encoding="utf-8",
    )
    result = CliRunner(env=ENV).invoke(app, ["import", str(path)])
    assert result.exit_code == 0, result.output
    assert "Line 4: 'Stark Bowm\\u0435n' read as Stark Bowmen, the one card name close to it" in result.stdout
