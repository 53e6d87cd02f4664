"""Every recruitment condition printed on a card, and every army-building effect of a special card:
required and excluded characters, must attach / must join, limited copies (shared limits too), limits per
unit, loyalty, faction-only attachments, enemy attachments, ability-only cards, special faction rules and
alternate commanders' conditions (000, 建軍: 某些單位/將領列明招募條件).
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.armylist import Entry, Slot
from armybuilder.games.asoiaf.context import Army, printing
from armybuilder.games.asoiaf.rules.examples import EXAMPLE_LIST
from armybuilder.problems import Problem, Severity
from armybuilder.text import count

ID = "card-requirement"
SEVERITY = Severity.ERROR
VALID = EXAMPLE_LIST
INVALID = """\
faction: martell
points: 30
commander: Doran Martell, Lord of Sunspear
units:
  - unit: Martell Spearmen
    attachments: [Spearlord]
  - Sand Skirmishers
  - Sunspear Royal Guard
  - Dune Vipers
ncus: ["Doran Martell, Lord of Sunspear"]  # <- card-requirement
"""


_ENEMY = Slot.ENEMY


def _names(refs: tuple[str, ...]) -> str:
    return refs[0] if len(refs) == 1 else ", ".join(refs[:-1]) + " or " + refs[-1]


def check(army: Army) -> Iterator[Problem]:
    yield from _per_card(army)
    if army.required:  # a card printing a condition: there may be a limit or a loyalty to keep
        yield from _limits(army)
        yield from _loyalty(army)
    if army.specials:  # a special card in force: its effects apply
        yield from _specials(army)


def _per_card(army: Army) -> Iterator[Problem]:
    for entry, card in army.pairs:
        if not card.requirements and entry.slot is not _ENEMY:
            continue  # most cards print no condition
        title = card.title
        for req in card.requirements:
            kind = req.kind
            if kind == "requires_in_army" and not army.includes(req.any_of, exclude=entry):
                yield army.problem(
                    ID,
                    f"{title} may only be fielded with {_names(req.any_of)}; add one or remove {title}",
                    entry,
                )
            elif kind == "not_in_army_with":
                clash = [e for e in army.matching(req.any_of, exclude=entry) if army.card(e).id != card.id]
                if clash:
                    other = army.card(clash[0]).title
                    yield army.problem(
                        ID,
                        f"{title} may not be fielded with {other} (line {clash[0].line}); remove one",
                        entry,
                    )
            elif kind == "must_attach_to" and req.target and entry.slot is Slot.UNIT:
                unit = next((u for u in army.army.units if u.unit is entry), None)
                carried = unit is not None and any(
                    a.card is not None and army.catalogue.matches(a.card, req.target)
                    for a in unit.attachments
                )
                if not carried:
                    yield army.problem(
                        ID, f"{title} must carry {req.target} as its attachment; attach it here", entry
                    )
            elif kind == "must_join_unit_of" and req.target and entry.slot is Slot.ATTACHMENT:
                unit = army.unit_of.get(id(entry))
                others = (
                    [unit.unit.card, *(a.card for a in unit.attachments if a is not entry)] if unit else []
                )
                if not any(c is not None and army.catalogue.matches(c, req.target) for c in others):
                    yield army.problem(
                        ID, f"{title} may only join the unit of {req.target}; move it to that unit", entry
                    )
            elif kind == "attach_only_to_faction" and req.faction and entry.slot is Slot.ATTACHMENT:
                unit = army.unit_of.get(id(entry))
                if unit is not None and unit.unit.card is not None and unit.unit.card.faction != req.faction:
                    name = army.catalogue.factions.get(req.faction)
                    yield army.problem(
                        ID,
                        f"{title} may only join {name.name if name else req.faction} combat units, not "
                        f"{unit.unit.card.title}; move it to one",
                        entry,
                    )
            elif kind == "attach_to_enemy_unit" and entry.slot is not Slot.ENEMY:
                yield army.problem(
                    ID,
                    f"{title} is placed on an enemy {req.unit_type or ''} unit; list it under `enemy_attachments:`",
                    entry,
                )
            elif kind == "only_via_ability":
                owner = f" ({req.ability_owner})" if req.ability_owner else ""
                yield army.problem(
                    ID,
                    f"{title} is not recruited: it comes into play through {req.ability}{owner}; remove it",
                    entry,
                )
        if entry.slot is _ENEMY and not card.requirements_of("attach_to_enemy_unit"):
            yield army.problem(
                ID, f"{title} cannot be placed on an enemy unit; attach it to one of your own units", entry
            )


def _limits(army: Army) -> Iterator[Problem]:
    limited = printing(army.catalogue, ("limited", "limited_per_unit"))
    if not any(army.card(e).id in limited for e in army.required):
        return  # no card of the list prints a limit
    waived = {
        c.id
        for e in army.required
        for r in army.card(e).requirements_of("waives_limit_of")
        if r.target
        for c in army.catalogue.resolve_ref(r.target)
    }
    done: set[str] = set()
    reported: set[frozenset[int]] = set()  # a shared limit printed on several cards is one limit
    for entry in army.required:
        card = army.card(entry)
        if card.id in done:
            continue
        done.add(card.id)
        for req in card.requirements_of("limited"):
            if card.id in waived or req.max is None:
                continue
            group = [e for e in army.entries if army.card(e).id == card.id]
            if req.shared_with:
                group += [e for e in army.matching(req.shared_with) if army.card(e).id != card.id]
            group.sort(key=lambda e: (e.line, e.column))
            members = frozenset(id(e) for e in group)
            if len(group) > req.max and members not in reported:
                reported.add(members)
                shared = f" (shared with {_names(req.shared_with)})" if req.shared_with else ""
                extra = len(group) - req.max
                yield army.problem(
                    ID,
                    f"at most {req.max} {card.title}{shared} per army; the list has {len(group)} — remove {extra}",
                    group[req.max],
                )
        for req in card.requirements_of("limited_per_unit"):
            if req.max is None:
                continue
            copies = [e for e in army.entries if army.card(e).id == card.id]
            hosts = [e for e in army.matching(req.per_any_of) if e.slot is Slot.UNIT]
            allowed = req.max * len(hosts)
            if len(copies) > allowed:
                yield army.problem(
                    ID,
                    f"at most {req.max} {card.title} per {_names(req.per_any_of)} unit; the list has "
                    f"{count(len(hosts), 'such unit')} and {len(copies)} {card.title} — "
                    f"remove {len(copies) - allowed} or add a unit",
                    copies[allowed],
                )


def _loyalty(army: Army) -> Iterator[Problem]:
    # the commander's loyalty (often from its ability) sets the army's; otherwise the first card's does
    loyal_ids = printing(army.catalogue, ("exclusive_loyalty",))
    loyal = [e for e in army.required if army.card(e).id in loyal_ids]
    if not loyal:
        return
    leaders = set(map(id, army.commanders))
    ordered = sorted(loyal, key=lambda e: id(e) not in leaders)
    first: tuple[str, Entry] | None = None
    for entry in ordered:
        for req in army.card(entry).requirements_of("exclusive_loyalty"):
            if req.loyalty is None:
                continue
            if first is None:
                first = (req.loyalty, entry)
            elif req.loyalty != first[0]:
                yield army.problem(
                    ID,
                    f"{army.card(entry).title} is loyal to {req.loyalty}, but {army.card(first[1]).title} "
                    f"(line {first[1].line}) is loyal to {first[0]}; an army keeps one loyalty — remove one",
                    entry,
                )


def _specials(army: Army) -> Iterator[Problem]:
    for special, effect in army.effects("army_excludes"):
        cond = effect.condition
        if cond is not None and cond.in_army_any_of and not army.includes(cond.in_army_any_of):
            continue
        for entry, card in army.pairs:
            if (
                cond is not None
                and cond.in_army_any_of
                and any(army.catalogue.matches(card, r) for r in cond.in_army_any_of)
            ):
                continue  # the card that brings the rule is not excluded by it
            by_faction = card.faction in effect.factions
            by_name = any(army.catalogue.matches(card, r) for r in effect.any_of)
            if by_faction or by_name:
                yield army.problem(
                    ID,
                    f"{card.title} is not allowed here by {special.name} ({effect.summary}); remove it",
                    entry,
                )
    commanders = army.commanders
    for special, effect in army.effects("alternate_commander"):
        if not effect.requires_in_army_all_of or len(commanders) != 1:
            continue
        if army.card(commanders[0]).id != effect.commander_card_id:
            continue
        for ref in effect.requires_in_army_all_of:
            if not army.includes(ref):
                yield army.problem(
                    ID,
                    f"{army.card(commanders[0]).title} leads the army only with {ref} in it ({special.name}); "
                    f"add {ref}",
                    commanders[0],
                )
