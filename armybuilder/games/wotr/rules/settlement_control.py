"""A settlement held by an army must be controlled by that army's side (ch.6 capturing settlements,
l.1837-1844: an army entering a Town, City or undefended Stronghold captures it, and so does an attacker
left in the region when a besieged Stronghold's defenders are destroyed; l.1850: a settlement its own side
retakes loses its marker; l.470: an army is army units, with any leaders).

For the open part of a region with a settlement (Town, City, Stronghold; not the two fortifications)
holding army units of one side only, with (for a Stronghold) an empty box: (capture) an army of the other
side stands there, yet `captured` does not give it the settlement, pointing at the region key under
`board`; (retaking) `captured` gives the settlement to the other side, yet only its own side's army stands
there, pointing at the region's key under `captured`. Leaders, Nazgûl and characters alone neither capture
nor retake. Needs `board` and `captured`, and `besieged` for a Stronghold.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Place, Position
from armybuilder.games.wotr.words import SIDE_NAMES, SIDE_WORDS, a
from armybuilder.problems import Problem, Severity

ID = "settlement-control"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
board:
  Westemnet: {isengard: {regular: 1}}
"""
INVALID = """\
game: war-of-the-ring
board:
  Edoras: {isengard: {regular: 1}}  # <- settlement-control
captured: {}
"""
OTHER = {"free_peoples": "shadow", "shadow": "free_peoples"}


def army_word(position: Position, place: Place, side: str) -> str:
    """`Rohan`, `Isengard`: the adjective of the one nation whose army units stand there, or the side's word."""
    data = position.data
    nations = [
        n for n, counts in place.figures.items()  # (the counts as kept: no stack made)
        if data.nations[n].side == side and counts.get("regular", 0) + counts.get("elite", 0)
    ]
    return data.nations[nations[0]].adjective if len(set(nations)) == 1 else SIDE_WORDS[side]


def _alone(position: Position) -> Iterator[Place]:
    """The board's places with army units of one side only in a nation's settlement, except the usual ones
    (that settlement's own side at home, not named by `captured`): nothing to say of those."""
    yield from position.on_board().away  # one side's army in a settlement of the other side's nation
    assert position.board is not None and position.captured is not None
    board, away = position.board, position.data.settlements_away
    for region in position.captured:  # one side's army at home in a settlement `captured` names
        place = board.get(region)
        if place is not None:
            free, shadow = place.free_peoples, place.shadow
            if (free and not shadow and region not in away["free_peoples"]) or (
                shadow and not free and region not in away["shadow"]
            ):
                yield place


def check(position: Position) -> Iterator[Problem]:
    if position.board is None or position.captured is None:
        return
    data = position.data
    regions, side_army, captured = data.regions, position.side_army, position.captured
    for place in _alone(position):
        region = regions[place.region]
        if not region.is_settlement:
            continue
        own = data.owner_side(place.region)
        if own is None:
            continue
        sides = [side for side in ("free_peoples", "shadow") if side_army(place, side)]
        if len(sides) != 1:
            continue
        if sides[0] == own and place.region not in captured:  # its own side's army at home: nothing to say
            continue
        if region.is_stronghold:
            if position.besieged is None:
                continue  # without `besieged` an army may be besieging a held box: not judged
            box = position.besieged.get(place.region)
            if box is not None and any(s.total for s in box.stacks.values()):
                continue
        (side,) = sides
        holder = position.controller(place.region)
        if side == holder:
            continue
        kind = region.settlement.capitalize()
        nation_word = data.nations[region.nation].adjective if region.nation else ""
        if side != own:  # capture
            yield position.problem(
                ID,
                SEVERITY,
                f"{a(army_word(position, place, side))} army stands alone in {place.region} ({a(nation_word)} "
                f"{kind}), but captured does not give {place.region} to {SIDE_NAMES[side]}; an army that enters "
                f'an enemy Town, City or undefended Stronghold captures it: add "{place.region}: {side}" under '
                "captured",
                place.pos,
            )
        else:  # retaking
            entry = position.captured[place.region]
            yield position.problem(
                ID,
                SEVERITY,
                f"{place.region} is listed as captured by {SIDE_NAMES[OTHER[side]]}, but only "
                f"{a(army_word(position, place, side))} army stands there; a settlement its own side retakes "
                f"loses its marker: remove {place.region} from captured",
                entry.pos,
            )
