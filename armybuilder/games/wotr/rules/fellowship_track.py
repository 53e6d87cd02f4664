"""The Fellowship's tracks stay in range (ch.8 corruption, l.2028-2034; the progress counter, l.2076 ff.;
ch.9 the Mordor track, l.2363-2393): progress not below 0; corruption 0..12; `mordor_step` 0..5; and on the
Mordor track (`mordor_step` set) the Ring-bearers stand in no region, so `location` must be null.

Points at the field's value.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity

ID = "fellowship-track"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
fellowship: {location: Gorgoroth, progress: 9, corruption: 12}
"""
INVALID = """\
game: war-of-the-ring
fellowship:
  progress: -1  # <- fellowship-track
"""


def check(position: Position) -> Iterator[Problem]:
    fellowship = position.fellowship
    if fellowship is None:
        return
    data = position.data
    fields = fellowship.fields
    progress = fields.get("progress")
    if progress is not None and progress.value < 0:
        yield position.problem(
            ID,
            SEVERITY,
            f"progress {progress.value} is impossible; the progress counter never goes below 0",
            progress.pos,
        )
    revealed, step_ = fields.get("revealed"), fields.get("mordor_step")
    if (
        progress is not None
        and progress.value > 0
        and revealed is not None
        and revealed.value is True
        and step_ is not None
        and step_.value is None
    ):  # revealing puts the counter back to 0, and only a hidden Fellowship moves (l.2108, 2124, 2144, 2158)
        yield position.problem(
            ID,
            SEVERITY,
            f"the Fellowship is revealed with progress {progress.value}; revealing puts the counter back to 0 and "
            "a revealed Fellowship cannot move: set progress to 0, or revealed to false if it has been hidden since",
            progress.pos,
        )
    corruption = fields.get("corruption")
    if corruption is not None and corruption.value > data.corruption_max:
        yield position.problem(
            ID,
            SEVERITY,
            f"corruption {corruption.value} is impossible; the Shadow wins when it reaches {data.corruption_max}",
            corruption.pos,
        )
    elif corruption is not None and corruption.value < 0:
        yield position.problem(
            ID,
            SEVERITY,
            f"corruption {corruption.value} is impossible; the track starts at 0",
            corruption.pos,
        )
    step = fields.get("mordor_step")
    if step is not None and step.value is not None and not 0 <= step.value <= data.mordor_last_step:
        yield position.problem(
            ID,
            SEVERITY,
            f"Mordor track step {step.value} is impossible; the steps run from 0 on entering to "
            f"{data.mordor_last_step} at the Crack of Doom",
            step.pos,
        )
    location = fields.get("location")
    if step is not None and step.value is not None and location is not None and location.value is not None:
        yield position.problem(
            ID,
            SEVERITY,
            f"the Fellowship is on the Mordor track (step {step.value}), so it stands in no region; make location "
            f"null, not {location.value}",
            location.pos,
        )
