"""What the board proves about a nation's political marker (ch.6 capturing settlements, l.1841-1842; ch.7
activation, l.1884-1887; advance, l.1899-1904, example l.1906-1908).

(activation) The Dwarves, Gondor, the North or Rohan shown passive while `captured` gives the Shadow one of
their settlements, or while Shadow army units stand in one of their regions (the open part under `board`,
or a Stronghold box under `besieged`; Druadan Forest does not count): an enemy army entering a nation's land
activates it, and every capture brought one in. (advance) A nation's box above its starting box minus the
number of its settlements `captured` gives to the other side (never below 0): each capture moved its marker
one box toward At War, Shadow nations included, and markers never move back.

Attacks, settlements since retaken, the Fellowship declared in a City and companions' visits leave no trace,
so a nation may always stand further on than this rule asks. Skips nations `political-track` reports. One
problem per nation, at its key under `political`, naming both checks when both fail.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Place, Position
from armybuilder.games.wotr.rules import political_track
from armybuilder.games.wotr.rules.settlement_control import army_word
from armybuilder.games.wotr.words import join, possessive, verb
from armybuilder.problems import Problem, Severity

ID = "political-board"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
captured: {Orthanc: free_peoples}
political: {isengard: {box: 0}}
"""
INVALID = """\
game: war-of-the-ring
captured: {Orthanc: free_peoples}
political:
  isengard: {box: 1}  # <- political-board
"""
NOT_COUNTED = frozenset({"Druadan Forest"})  # its nation is this project's reading (§4 item 3)
_NONE: list[str] = []  # a nation none of whose settlements is captured (never changed)


def _shadow_armies(position: Position) -> dict[str, tuple[str, Place]]:
    """Nation -> (region, place): the first place, `board` then `besieged` in file order, where Shadow army
    units stand in one of the nation's regions (one pass for every passive nation)."""
    data = position.data
    regions, side_army = data.regions, position.side_army
    found: dict[str, tuple[str, Place]] = {}
    for section, boxes in ((position.board, False), (position.besieged, True)):
        for place in (section or {}).values():
            region = regions[place.region]
            nation = region.nation
            if nation is None or nation in found or place.region in NOT_COUNTED or not side_army(place, "shadow"):
                continue
            if boxes and (not region.is_stronghold or position.misplaced_box(place)):
                continue  # reported by besieged-not-stronghold and skipped (§1.1)
            found[nation] = (place.region, place)
    return found


def check(position: Position) -> Iterator[Problem]:
    if position.political is None:
        return
    data = position.data
    regions, nations = data.regions, data.nations
    taken: dict[str, list[str]] = {}  # nation -> its settlements the other side holds, in `captured` order
    shadow_armies: dict[str, tuple[str, Place]] | None = None  # worked out at the first passive nation that asks
    for c in (position.captured or {}).values():
        where = regions[c.region]
        owner = nations.get(where.nation) if where.nation is not None else None
        if owner is not None and where.is_settlement and c.side != owner.side:
            taken.setdefault(owner.key, []).append(c.region)
    for entry in position.political.values():
        if political_track.message(position, entry) is not None:  # (said once: political-track runs first)
            continue
        key = entry.nation
        lost = taken.get(key, _NONE)
        passive = entry.active is not None and entry.active.value is False and key in data.can_be_passive
        if not lost and not passive:
            continue  # nothing to judge: with nothing captured, a box above the start is political-track's
        name = nations[key].name
        passive_wrong = False
        reason = ""
        if passive:
            if lost:
                passive_wrong = True
            elif position.board is not None or position.besieged is not None:
                if shadow_armies is None:
                    shadow_armies = _shadow_armies(position)
                army = shadow_armies.get(key)
                if army is not None:
                    passive_wrong = True
                    region, place = army
                    reason = f"{army_word(position, place, 'shadow')} army units stand in {region}, a region of {name}"
        box_wrong = False
        most = 0
        if entry.box is not None and position.captured is not None:
            setup = data.setup_political.get(key)  # (the top box only for a nation the set-up leaves out)
            start = setup[0] if setup is not None else max(data.political_boxes)
            most = max(0, start - len(lost))
            box_wrong = entry.box.value > most
        if not passive_wrong and not box_wrong:
            continue
        if lost:
            what = "a settlement" if len(lost) == 1 else "settlements"
            reason = f"{join(lost)}, {what} of {name}, {'is' if len(lost) == 1 else 'are'} captured"
        box = entry.box.value if entry.box is not None else None
        if passive_wrong and box_wrong:
            message = f"{reason}: {name} must be active and in box {most} or lower, not passive in box {box}"
        elif passive_wrong:
            message = (
                f"{reason}, yet {name} {verb(key, 'is', 'are')} passive; an enemy army entering a nation's land "
                f"activates it: make {name} active"
            )
        else:
            moved = data.setup_political[key][0] - most
            message = (
                f"{reason}, so {possessive(name, key)} marker has moved at least {moved} "
                f"{'box' if moved == 1 else 'boxes'} from its starting box {data.setup_political[key][0]}: put it "
                f"in box {most} or lower, not {box}"
            )
        yield position.problem(ID, SEVERITY, message, entry.pos)
