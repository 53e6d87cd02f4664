"""Neutral cards may cost at most half the game size, rounded down (000, 建軍: 20 of 40 points).

A neutral army has no cap. A neutral commander costs 0 and adds nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.context import Army
from armybuilder.problems import Problem, Severity
from armybuilder.text import count

ID = "neutral-cap"
SEVERITY = Severity.ERROR


def check(army: Army) -> Iterator[Problem]:
    cap = army.neutral_cap
    if cap is None:
        return
    total = army.neutral_total
    if total <= cap:
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
