"""Plain-English sentences for structured card facts: requirements, special-card effects, tactics roles.

Every sentence is composed here from the structured fields; no card rules text is ever copied. The core
never prints: these functions return strings for the printouts and reports to use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from armybuilder.games.asoiaf.cards import Card, Condition, Requirement, TacticsCard
from armybuilder.text import count as _plural

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue

# Special-card effects name card kinds by their data keys (`combat_units`), cards by CardKind values.
_KIND_WORDS: dict[str, tuple[str, str]] = {
    "combat_units": ("combat unit", "combat units"),
    "combat-unit": ("combat unit", "combat units"),
    "attachments": ("attachment", "attachments"),
    "attachment": ("attachment", "attachments"),
    "ncus": ("NCU", "NCUs"),
    "ncu": ("NCU", "NCUs"),
}


def join_refs(refs: Sequence[str], word: str = "or") -> str:
    """`A`, `A or B`, `A, B or C`; with `;` between items when a title itself holds a comma."""
    items = list(refs)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    sep = "; " if any(", " in item for item in items) else ", "
    return f"{sep.join(items[:-1])} {word} {items[-1]}"


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _faction_name(key: str, catalogue: Catalogue | None) -> str:
    faction = catalogue.factions.get(key) if catalogue is not None else None
    return faction.name if faction is not None else key


def _kinds(kinds: Sequence[str], plural: bool) -> str:
    words = [_KIND_WORDS.get(k, (k, k))[1 if plural else 0] for k in kinds]
    return join_refs(words, "or") if words else ("cards" if plural else "card")


# --- requirements ---------------------------------------------------------------------------------------


def _requires_in_army(req: Requirement, catalogue: Catalogue | None) -> str:
    return f"Only with {join_refs(req.any_of)} in the army."


def _not_in_army_with(req: Requirement, catalogue: Catalogue | None) -> str:
    return f"Not allowed in an army that includes {join_refs(req.any_of)}."


def _must_attach_to(req: Requirement, catalogue: Catalogue | None) -> str:
    return f"{req.target} must join this unit."


def _must_join_unit_of(req: Requirement, catalogue: Catalogue | None) -> str:
    return f"May only join the unit of {req.target}."


def _limited(req: Requirement, catalogue: Catalogue | None) -> str:
    shared = f" (shared with {join_refs(req.shared_with, 'and')})" if req.shared_with else ""
    return f"At most {_plural(req.max or 0, 'copy', 'copies')}{shared}."


def _limited_per_unit(req: Requirement, catalogue: Catalogue | None) -> str:
    return (
        f"At most {_plural(req.max or 0, 'copy', 'copies')} for each {join_refs(req.per_any_of)} "
        "unit in the army."
    )


def _waives_limit_of(req: Requirement, catalogue: Catalogue | None) -> str:
    return f"While this card is in the army, {req.target} has no copy limit."


def _ignores_attachment_limit(req: Requirement, catalogue: Catalogue | None) -> str:
    if req.only_when_joining_unit_of:
        return (
            f"May join the unit of {req.only_when_joining_unit_of} even when it already has its usual "
            "attachments."
        )
    return "May join a unit even when it already has its usual attachments."


def _condition_phrases(cond: Condition | None) -> list[str]:
    if cond is None:
        return []
    phrases = []
    if cond.attached_to_this_unit:
        phrases.append("when joining this unit")
    if cond.attached_to_unit_of:
        phrases.append(f"when joining the unit of {cond.attached_to_unit_of}")
    if cond.in_army_any_of:
        phrases.append(f"while {join_refs(cond.in_army_any_of)} is in the army")
    return phrases


def _cost_change(req: Requirement, plural: bool) -> str:
    cost, be = ("cost", "are") if plural else ("costs", "is")
    if req.set_to is not None:
        return f"{be} free" if req.set_to == 0 else f"{cost} {req.set_to}"
    amount = req.amount or 0
    if amount < 0:
        return f"{cost} {-amount} less"
    if amount > 0:
        return f"{cost} {amount} more"
    return f"{cost} the same"


def _cost_modifier(req: Requirement, catalogue: Catalogue | None) -> str:
    count = req.count
    cond = req.condition
    joins = cond is not None and (cond.attached_to_this_unit or cond.attached_to_unit_of is not None)
    applies = req.applies_to or "self"
    if applies == "self":
        if count is None:
            subject, plural = "", False
        elif count == 1:
            subject, plural = "first copy", False
        else:
            subject, plural = f"first {count} copies", True
    elif applies == "any_attachment":
        where = "" if joins else " in the army"
        if count is None:
            subject, plural = f"every attachment{where}", False
        elif count == 1:
            subject, plural = f"one attachment{where}", False
        else:
            subject, plural = f"up to {count} attachments{where}", True
    else:
        refs = (applies,) if isinstance(applies, str) else applies
        if count is None:
            subject, plural = join_refs(refs, "and"), len(refs) > 1
        elif count == 1:
            subject = f"one copy of {refs[0]}" if len(refs) == 1 else f"one of {join_refs(refs)}"
            plural = False
        else:
            subject, plural = f"up to {count} of {join_refs(refs, 'and')}", True
    change = _cost_change(req, plural)
    # the card itself, every copy: "Costs 1 less ...", "Free ..."
    text = f"{subject} {change}" if subject else ("free" if req.set_to == 0 else change)
    return _sentence(" ".join([text, *_condition_phrases(cond)]))


def _exclusive_loyalty(req: Requirement, catalogue: Catalogue | None) -> str:
    source = " (taken from its commander's Loyalty ability)" if req.derived_from == "ability" else ""
    return f"Loyal to {req.loyalty}{source}; the army may include no card with a different loyalty."


def _attach_only_to_faction(req: Requirement, catalogue: Catalogue | None) -> str:
    return f"May only join {_faction_name(req.faction or '', catalogue)} combat units, not neutral ones."


def _attach_to_enemy_unit(req: Requirement, catalogue: Catalogue | None) -> str:
    timing = {"before_deployment": "before deployment", "after_deployment": "after deployment"}.get(
        req.timing or "", req.timing or ""
    )
    when = f" {timing}" if timing else ""
    return (
        f"Bought by you but attached to an enemy {req.unit_type or 'combat'} unit{when}, "
        "ignoring the usual attachment limits."
    )


def _only_via_ability(req: Requirement, catalogue: Catalogue | None) -> str:
    owner = f" of {req.ability_owner}" if req.ability_owner else ""
    return f"Not recruited; it only enters play through the {req.ability} ability{owner}."


def _other(req: Requirement, catalogue: Catalogue | None) -> str:
    return _sentence(req.summary) if req.summary else "A requirement without structured details."


# --- special-card effects -------------------------------------------------------------------------------


def _faction_rule(req: Requirement, catalogue: Catalogue | None) -> str:
    return "A faction rule used during the game; it does not change army building."


def _game_card(req: Requirement, catalogue: Catalogue | None) -> str:
    return "An extra card used during the game by abilities; it does not change army building."


def _unit_tokens(req: Requirement, catalogue: Catalogue | None) -> str:
    return f"{req.unit} starts the game with {_plural(req.count or 0, f'{req.token} token')}."


def _extra_tactics_zone(req: Requirement, catalogue: Catalogue | None) -> str:
    when = _condition_phrases(req.condition)
    unique = " (only one in the game)" if req.unique_in_game else ""
    return _sentence(" ".join(["adds an extra tactics zone", *when]) + unique)


def _army_may_include(req: Requirement, catalogue: Catalogue | None) -> str:
    factions = join_refs([_faction_name(f, catalogue) for f in req.factions])
    n = req.max
    many = n is None or n != 1
    kinds = _kinds(req.card_kinds, many)
    amount = f"{n} " if n is not None else "any "
    source = f" from {factions}" if factions else ""
    counts = ""
    if req.counts_as:
        label = req.counts_as.replace("_", "-")
        counts = f", counted as {label} cards" if many else f", counted as a {label} card"
    return f"The army may include {amount}{kinds}{source}{counts}."


def _army_excludes(req: Requirement, catalogue: Catalogue | None) -> str:
    parts = []
    if req.factions:
        factions = join_refs([_faction_name(f, catalogue) for f in req.factions])
        parts.append(f"no {factions} {_kinds(req.card_kinds, True)}")
    elif req.card_kinds:
        parts.append(f"no {_kinds(req.card_kinds, True)}")
    if req.any_of:
        parts.append(f"none of {join_refs(req.any_of, 'and')}")
    excluded = join_refs(parts, "and") if parts else "no other cards"
    when = _condition_phrases(req.condition)
    prefix = f"{when[0]}, " if len(when) == 1 else ""
    return _sentence(f"{prefix}the army may include {excluded}")


def _alternate_commander(req: Requirement, catalogue: Catalogue | None) -> str:
    card = req.card or "this card"
    if req.commander_card_id:
        card += f" ({req.commander_card_id})"
    cost = ""
    if req.cost is not None:
        cost = f" at cost {req.cost}"
        if req.normal_cost is not None:
            cost += f" instead of {req.normal_cost}"
    extras = []
    if req.requires_in_army_all_of:
        extras.append(f"needs {join_refs(req.requires_in_army_all_of, 'and')} in the army")
    if req.replaces_faction_tactics == "all":
        extras.append("uses its own tactics cards instead of the faction's")
    tail = f"; it {join_refs(extras, 'and')}" if extras else ""
    if req.only_when_chosen:
        tail += " (only when the list chooses it: `commander:` names it or no other commander is fielded)"
    return f"{card} may be the army's commander{cost}{tail}."


_DESCRIBERS: dict[str, Callable[[Requirement, Catalogue | None], str]] = {
    "requires_in_army": _requires_in_army,
    "not_in_army_with": _not_in_army_with,
    "must_attach_to": _must_attach_to,
    "must_join_unit_of": _must_join_unit_of,
    "limited": _limited,
    "limited_per_unit": _limited_per_unit,
    "waives_limit_of": _waives_limit_of,
    "ignores_attachment_limit": _ignores_attachment_limit,
    "cost_modifier": _cost_modifier,
    "exclusive_loyalty": _exclusive_loyalty,
    "attach_only_to_faction": _attach_only_to_faction,
    "attach_to_enemy_unit": _attach_to_enemy_unit,
    "only_via_ability": _only_via_ability,
    "other": _other,
    "faction_rule": _faction_rule,
    "game_card": _game_card,
    "unit_tokens": _unit_tokens,
    "extra_tactics_zone": _extra_tactics_zone,
    "army_may_include": _army_may_include,
    "army_excludes": _army_excludes,
    "alternate_commander": _alternate_commander,
}

REQUIREMENT_KINDS = (
    "requires_in_army",
    "not_in_army_with",
    "must_attach_to",
    "must_join_unit_of",
    "limited",
    "limited_per_unit",
    "waives_limit_of",
    "ignores_attachment_limit",
    "cost_modifier",
    "exclusive_loyalty",
    "attach_only_to_faction",
    "attach_to_enemy_unit",
    "only_via_ability",
    "other",
)
EFFECT_KINDS = (
    "faction_rule",
    "game_card",
    "unit_tokens",
    "extra_tactics_zone",
    "cost_modifier",
    "army_may_include",
    "army_excludes",
    "alternate_commander",
)


def describe_requirement(req: Requirement, catalogue: Catalogue | None = None) -> str:
    """One plain-English sentence for a card requirement or a special-card effect.

    With a catalogue, faction keys read as display names ("House Greyjoy" rather than "greyjoy").
    An unknown kind falls back to the entry's own summary, or names the kind.
    """
    describer = _DESCRIBERS.get(req.kind)
    if describer is not None:
        return describer(req, catalogue)
    if req.summary:
        return _sentence(req.summary)
    return f"A requirement of kind {req.kind!r}."


# --- tactics cards ----------------------------------------------------------------------------------------


def tactics_owners(card: TacticsCard, catalogue: Catalogue) -> list[Card]:
    """The commanders whose deck holds this tactics card (one, or several sharing a deck)."""
    owners = [c for c in catalogue.cards.values() if card.id in c.tactics]
    if not owners and card.commander and card.commander in catalogue.cards:
        owners = [catalogue.cards[card.commander]]
    return owners


def deck_role(card: TacticsCard, catalogue: Catalogue) -> str:
    """What a tactics card is for: the faction deck, or a commander's own cards (and what it replaces)."""
    faction = _faction_name(card.faction, catalogue)
    if card.commander is None:
        return f"Faction tactics card of {faction}."
    owners = tactics_owners(card, catalogue)
    names = join_refs([o.label for o in owners], "and") if owners else card.commander
    text = f"Commander tactics card of {names}"
    if card.replaces == "all":
        text += ", replacing every faction tactics card"
    elif card.replaces:
        replaced = catalogue.tactics.get(card.replaces)
        text += f", replacing {replaced.name} ({replaced.id})" if replaced else f", replacing {card.replaces}"
    return text + "."
