"""`skipped-checks`: an entry left out of the position (an unknown name or a `schema` problem) is never
taken as absent. A problem such an entry could have averted is withheld, and the file gets one note naming
every check withheld, at the first left-out entry (in file order) that withheld one (spec §1.1, table
"Entries left out" of §1.3).

The rules run as usual; this module then takes back what they reported on incomplete input. Which
left-out entry could avert which problem is judged by section: a left-out entry belongs to the top-level
section whose key stands last before it in the file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from armybuilder.games.wotr.position import Place, Position
from armybuilder.problems import Problem, ProblemDoc, Severity
from armybuilder.yamlpos import Pos

ID = "skipped-checks"
LEFT_OUT = frozenset({"schema", "unknown-region", "unknown-figure"})
DOC = ProblemDoc(
    ID,
    Severity.NOTE,
    "An entry left out of the position (an unknown name, or a `schema` problem) could have averted a problem "
    "a rule would report: the problem is withheld, and one note names every check withheld, at the first "
    "left-out entry that withheld one. A note never makes a file invalid: correct the entries and check again.",
    "rule",
)


def _sections(position: Position, problems: Iterable[Problem]) -> dict[str, list[Pos]]:
    """Top-level section -> the positions of its left-out entries, in file order."""
    keys: list[tuple[tuple[int, ...], str]] | None = None  # sorted once a left-out entry is met (most files have none)
    found: dict[str, list[Pos]] = {}
    for p in problems:
        if p.rule not in LEFT_OUT or not p.line:
            continue
        if keys is None:
            keys = sorted((tuple(pos), key) for key, pos in position.keys.items())
        at = (p.line, p.column)
        owner = None
        for pos, key in keys:
            if pos <= at:
                owner = key
        if owner is not None and at != tuple(position.keys[owner]):  # the section's own key is no entry
            found.setdefault(owner, []).append(Pos(p.line, p.column))
    return found


def _inside(left: dict[str, list[Pos]], place: Place) -> Pos:
    """The first left-out entry at or after a damaged place's key (its own entry, in file order)."""
    after = [pos for found in left.values() for pos in found if pos >= tuple(place.pos)]
    return min(after) if after else Pos(*place.pos)


def _place_at(section: dict[str, Place] | None, line: int, column: int) -> Place | None:
    for place in (section or {}).values():
        if tuple(place.pos) == (line, column):
            return place
    return None


def withhold(position: Position, problems: list[Problem]) -> list[Problem]:
    """The problems with those a left-out entry could have averted taken out, and the one note added."""
    left = _sections(position, problems)
    if not left:
        return problems
    first = {section: min(found) for section, found in left.items()}
    kept: list[Problem] = []
    withheld: list[tuple[Pos, str]] = []

    def by(*sections: str) -> Pos | None:
        hits = [first[s] for s in sections if s in first]
        return min(hits) if hits else None

    companions_left_out = position.fellowship is not None and position.fellowship.companions_damaged
    for p in problems:
        why: Pos | None = None
        what = ""
        if p.rule == "figure-pool" and p.severity is Severity.WARNING:
            why, what = by("board", "besieged", "reinforcements", "casualties"), "figures unaccounted for"
        elif p.rule == "leader-alone":
            place = _place_at(position.board, p.line, p.column) or _place_at(position.besieged, p.line, p.column)
            if place is not None and place.damaged:
                why, what = _inside(left, place), place.region
        elif p.rule == "siege-without-besieger":
            outside = (position.board or {}).get(_region_of(position.besieged, p))
            why = by("board") if outside is None or not outside.damaged else _inside(left, outside)
            what = _region_of(position.besieged, p)
        elif p.rule in ("minion-in-free-stronghold", "settlement-control"):
            region = _region_of(position.board, p) or _region_of(position.captured, p)
            place = (position.board or {}).get(region)
            box = (position.besieged or {}).get(region) if p.rule == "settlement-control" else None
            damaged = [_inside(left, e) for e in (place, box) if e is not None and e.damaged]
            why = min(damaged) if damaged else by("captured")
            what = region
        elif p.rule == "besieged-not-stronghold" and "Stronghold, so" not in p.message:
            why, what = by("captured"), _region_of(position.besieged, p)
        elif p.rule == "fellowship-guide" and companions_left_out:
            why, what = by("fellowship"), "the guide"
        elif p.rule == "hunt-allocation" and "companion" in p.message and companions_left_out:
            why, what = by("fellowship"), "the companion limit"
        elif p.rule == "action-dice" and "should have" in p.message:
            why, what = by("characters"), "the " + ("Free Peoples'" if "Free Peoples" in p.message else "Shadow's") + " pool"
        elif p.rule == "victory-points" and " VP of " in p.message:
            why, what = by("captured"), "the VP sums"
        elif p.rule == "victory-claim" and " VP" in p.message:
            why, what = by("captured"), "the VP conditions"
        if why is None:
            kept.append(p)
        else:
            withheld.append((why, f"{p.rule} ({what})" if what else p.rule))
    if not withheld:
        return problems
    at = min(pos for pos, _ in withheld)
    named = ", ".join(dict.fromkeys(text for _, text in withheld))
    note = position.problem(
        ID,
        Severity.NOTE,
        f"not checked because of entries left out above: {named}; correct those entries and check again",
        at,
    )
    return sorted([*kept, note], key=Problem.sort_key)


def _region_of(section: Mapping[str, object] | None, p: Problem) -> str:
    """The region whose key (or whose `captured` entry) the problem points at, or ""."""
    for name, entry in (section or {}).items():
        pos = getattr(entry, "pos", None)
        if pos is not None and tuple(pos) == (p.line, p.column):
            return name
    return ""
