"""Shell completion: the scripts for bash, zsh and fish, and card names and faction keys as values."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armybuilder.cli import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "stark-40.yaml"


def complete(shell: str, words: str, env: dict[str, str | None] | None = None) -> list[str]:
    """What the shell would be offered for the last word of `words` (a trailing space: a new word)."""
    parts = words.split(" ")
    env = {"_ARMYBUILDER_COMPLETE": f"complete_{shell}", "ARMYBUILDER_DATA": None, **(env or {})}
    if shell == "bash":
        env |= {"COMP_WORDS": words, "COMP_CWORD": str(len(parts) - 1)}
    else:
        env |= {"_TYPER_COMPLETE_ARGS": words, "_TYPER_COMPLETE_FISH_ACTION": "get-args"}
    result = CliRunner(env=env).invoke(app, [], prog_name="armybuilder")
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if line.strip()]


@pytest.mark.parametrize(("shell", "mark"), [("bash", "complete -o default"), ("zsh", "#compdef armybuilder"),
                                             ("fish", "complete --command armybuilder")])  # fmt: skip
def test_each_shell_gets_its_script(shell: str, mark: str) -> None:
    result = CliRunner(env={"_ARMYBUILDER_COMPLETE": f"source_{shell}"}).invoke(app, [], prog_name="armybuilder")
    assert result.exit_code == 0
    assert mark in result.output and "_ARMYBUILDER_COMPLETE" in result.output


def test_the_install_options_are_offered() -> None:
    result = CliRunner().invoke(app, ["--help"], prog_name="armybuilder")
    assert "--install-completion" in result.output and "--show-completion" in result.output


def test_commands_complete() -> None:
    assert {"validate", "cards", "schema"} <= set(complete("bash", "armybuilder "))
    assert set(complete("bash", "armybuilder ca")) == {"cards", "card"}


def test_card_names_complete_for_card_in_bash_as_one_word() -> None:
    found = complete("bash", "armybuilder card Robb")
    assert found == [
        "Robb\\ Stark\\,\\ King\\ in\\ the\\ North",
        "Robb\\ Stark\\,\\ The\\ Wolf\\ Lord",
        "Robb\\ Stark\\,\\ The\\ Young\\ Wolf",
    ]


def test_completion_keeps_what_was_typed_in_any_case() -> None:
    found = complete("bash", "armybuilder card robb")
    assert found and all(f.startswith("robb\\ Stark") for f in found)


def test_zsh_gets_names_with_their_descriptions() -> None:
    out = "\n".join(complete("zsh", "armybuilder card Euron"))
    # one `value<TAB>help` line each: the script hands the value whole to compadd, which quotes it for zsh
    assert "Euron Greyjoy, Lord Reaper of Pyke\tgreyjoy commander, infantry, cost C (20812)" in out
    assert "Euron Greyjoy, Crow's Eye\tgreyjoy attachment, infantry, cost 1 (20814)" in out


def test_fish_gets_names() -> None:
    out = complete("fish", "armybuilder card Umber")
    assert any(line.startswith("Umber Champion") for line in out), out


def test_tactics_and_special_cards_complete_for_card() -> None:
    out = complete("zsh", "armybuilder card Winter")
    assert any("Winter Is Coming" in line for line in out), out


def test_new_commander_offers_only_commanders_of_the_faction() -> None:
    out = "\n".join(complete("zsh", "armybuilder new x.yaml --faction greyjoy --commander Euron"))
    assert "Euron Greyjoy, Lord Reaper of Pyke" in out
    assert "Crow's Eye" not in out  # not a commander
    stark = "\n".join(complete("zsh", "armybuilder new x.yaml --faction stark --commander Catelyn"))
    assert "Lady Stoneheart" not in stark  # a Brotherhood Without Banners commander
    brotherhood = "\n".join(complete("zsh", "armybuilder new x.yaml --faction brotherhood --commander Catelyn"))
    assert "Catelyn Stark, Lady Stoneheart" in brotherhood


def test_faction_keys_complete() -> None:
    assert set(complete("bash", "armybuilder new x.yaml --faction ")) >= {"stark", "lannister", "greyjoy"}
    assert complete("bash", "armybuilder cards --faction gr") == ["greyjoy"]


def test_add_offers_the_list_s_own_faction_and_neutral_cards(tmp_path: Path) -> None:
    listed = tmp_path / "list.yaml"
    listed.write_text(EXAMPLE.read_text())
    assert complete("bash", f"armybuilder add {listed} Umber") == ["Umber\\ Champion"]
    assert complete("bash", f"armybuilder add {listed} Lannister") == []  # another faction's cards
    assert "Stormcrow\\ Mercenaries" in complete("bash", f"armybuilder add {listed} Stormcrow")  # neutral


def test_set_commander_and_faction_complete(tmp_path: Path) -> None:
    listed = tmp_path / "list.yaml"
    listed.write_text(EXAMPLE.read_text())
    assert "Eddard\\ Stark\\,\\ Lord\\ of\\ Winterfell" in complete("bash", f"armybuilder set {listed} commander Ed")
    assert complete("bash", f"armybuilder set {listed} faction lan") == ["lannister"]
    assert complete("bash", f"armybuilder set {listed} points 4") == []


def test_unusable_data_completes_nothing(tmp_path: Path) -> None:
    assert complete("bash", "armybuilder card Robb", env={"ARMYBUILDER_DATA": str(tmp_path)}) == []


def test_starting_a_command_loads_no_card_data() -> None:
    """Completion callbacks load the catalogue themselves: building the application imports none of it."""
    code = (
        "import sys, typer; from armybuilder.cli.application import app; typer.main.get_group(app); "
        "print(sorted(m for m in sys.modules if m.endswith(('.catalogue', '.completion', '.cards'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "armybuilder.games.asoiaf" not in done.stdout, done.stdout


@pytest.mark.parametrize(
    ("words", "cword", "value"),
    [
        ('armybuilder card "Stark Sw', 2, "Stark Sworn Swords"),  # bash closes the quote itself
        ("armybuilder card 'House Clegane Mou", 2, "House Clegane Mountain'\\''s Men"),
        ("armybuilder card Stark\\ Sw", 2, "Stark\\ Sworn\\ Swords"),
        ("armybuilder card Greatjon\\ Umber,\\ Fi", 2, "Greatjon\\ Umber\\,\\ Fierce\\ Bannerman"),
    ],
)
def test_bash_gets_each_value_quoted_as_the_word_is(words: str, cword: int, value: str) -> None:
    env = {"_ARMYBUILDER_COMPLETE": "complete_bash", "ARMYBUILDER_DATA": None, "COMP_WORDS": words}
    result = CliRunner(env=env | {"COMP_CWORD": str(cword)}).invoke(app, [], prog_name="armybuilder")
    assert result.output.splitlines() == [value]
