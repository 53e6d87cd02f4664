"""Cards must be of the army's faction or neutral; a neutral army takes only neutral cards (000, 建軍).

A special card may allow an exception (Brotherhood Without Banners: one Baratheon or Stark combat unit).
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.cards import NEUTRAL, Card
from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.rules.examples import EXAMPLE_LIST
from armybuilder.problems import Problem, Severity

ID = "faction"
SEVERITY = Severity.ERROR
VALID = EXAMPLE_LIST
INVALID = """\
faction: neutral
points: 40
units:
  - unit: Stormcrow Mercenaries
    attachments: ["Daario Naharis, Stormcrow Captain"]
  - Stark Sworn Swords  # <- faction
"""


def check(army: Army) -> Iterator[Problem]:
    own = army.faction
    if own is None:
        return
    names = army.catalogue.factions
    own_name = names[own].name if own in names else own
    for entry, card in army.pairs:
        if card.faction in (own, NEUTRAL) or id(entry) in army.allowed_foreign:
            continue
        theirs = names[card.faction].name if card.faction in names else card.faction
        allowed = "neutral cards only" if own == NEUTRAL else f"{own_name} and neutral cards only"
        yield army.problem(
            ID,
            f"{card.title} is a {theirs} card; a {own_name} army takes {allowed}{_exception(army, card)} — remove it",
            entry,
        )


def _exception(army: Army, card: Card) -> str:
    """Name the special card that lets one such card in, when this one is over its allowance."""
    for special, effect in army.effects("army_may_include"):
        if card.faction in effect.factions:
            taken = [army.card(e).title for e in army.entries if id(e) in army.allowed_foreign]
            already = f"; the list already has {', '.join(taken)}" if taken else ""
            return f" ({special.name} allows {effect.summary}{already})"
    return ""
