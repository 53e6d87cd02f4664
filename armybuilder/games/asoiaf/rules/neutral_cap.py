"""Neutral cards may cost at most half the game size, rounded down (000, 建軍: 20 of 40 points).

A neutral army has no cap. A neutral commander costs 0 and adds nothing. Neutral reinforcements (declared
beside the list, added during a game) count toward the cap at their printed cost: the army must stay
within it once they join.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.rules.examples import EXAMPLE_LIST
from armybuilder.problems import Problem, Severity
from armybuilder.text import count

ID = "neutral-cap"
SEVERITY = Severity.ERROR
VALID = EXAMPLE_LIST
INVALID = """\
faction: stark
points: 25
commander: Robb Stark, The Wolf Lord
units:
  - unit: Stark Sworn Swords
    attachment: Robb Stark, The Wolf Lord
  - Hedge Knights
  - Lysene Sellswords
ncus: [Petyr Baelish, Catelyn Stark]  # <- neutral-cap
"""


def check(army: Army) -> Iterator[Problem]:
    cap = army.neutral_cap
    if cap is None:
        return
    total = army.neutral_total
    if total <= cap:
        yield from _reinforcements(army, cap)
        return
    running = 0
    for entry in army.entries:
        if army.is_neutral(entry):
            running += army.cost(entry)
            if running > cap:
                over = total - cap
                yield army.problem(
                    ID,
                    f"neutral cards cost {total} points, over the cap of {cap} (half of {army.points}); "
                    f"drop or swap {count(over, 'point')} of neutral cards",
                    entry,
                )
                return


def _reinforcements(army: Army, cap: int) -> Iterator[Problem]:
    running = army.neutral_total
    for entry in army.army.reinforcements:
        card = entry.card
        if card is not None and card.is_neutral:
            running += card.points
            if running > cap:
                extra = sum(e.card.points for e in army.army.reinforcements if e.card is not None and e.card.is_neutral)
                total = army.neutral_total + extra
                yield army.problem(
                    ID,
                    f"with the reinforcements, neutral cards cost {total} points, over the cap of {cap} (half of "
                    f"{army.points}); drop or swap {count(total - cap, 'point')} of neutral reinforcements",
                    entry,
                )
                return
