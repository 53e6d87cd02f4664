"""The deck the examples of the rules start from (`armybuilder rules ID`): valid with the bundled cards;
each rule's invalid example changes a few of its lines."""

SAMPLE_DECK = """\
game: horde-vs-empire-cards
name: Iron Wall
faction: empire
units:
  - {card: Imperial Guard, count: 2}
  - {card: Spearmen, count: 2}
  - Foot Archers
commands:
  - {card: Hold the Line, count: 2}
  - {card: Pike Wall, count: 2}
  - {card: Volley, count: 2}
  - {card: Advance, count: 2}
  - To Horse
  - Rally
opening_unit: Spearmen
"""


def changed(lines: dict[int, str]) -> str:
    """The sample deck with line N replaced by `lines[N]` (an empty text leaves the line empty)."""
    text = SAMPLE_DECK.splitlines()
    for number, line in lines.items():
        text[number - 1] = line
    return "\n".join(text) + "\n"
