"""A checked position as plain data (the `position` of `export --format json`): every section the file
states, under the file's own keys, with the names the reader resolved (house ids, the map's English area
names). Sections the file does not state are left out; so is what the reader left out of the model (an
unknown house, a value of the wrong shape: the problems say why). An area the map does not know is kept
under the name written, as the model keeps it."""

from __future__ import annotations

from typing import Any

from armybuilder.games.agot.position import Cards, HouseBlock, MusterItem, MusterPlan, Position


def position_data(position: Position) -> dict[str, Any]:
    """The position as plain data (see the module's docstring)."""
    p = position
    out: dict[str, Any] = {"edition": p.edition.number}
    for key, value in (
        ("players", p.players),
        ("round", p.round),
        ("name", p.name),
        ("phase", p.phase),
        ("wildling_threat", p.wildling),
    ):
        if value is not None:
            out[key] = value
    if p.influence is not None:
        out["influence"] = {track: [hid for hid, _ in t.houses] for track, t in p.influence.items()}
    if p.dominance is not None:
        out["dominance_tokens"] = {token: hid for token, (hid, _) in p.dominance.items()}
    if p.neutral is not None:
        out["neutral_forces"] = [place.name for place, _ in p.neutral]
    if p.westeros is not None:
        out["westeros_cards"] = [name for name, _ in p.westeros]
    if p.put_to_the_sword is not None:
        out["put_to_the_sword"] = p.put_to_the_sword
    out["houses"] = {hid: house_data(block) for hid, block in p.houses.items()}
    if p.muster is not None:
        out["muster"] = {plan.house: muster_data(plan) for plan in p.muster}
    return out


def house_data(block: HouseBlock) -> dict[str, Any]:
    """One house's block: what it states of supply, power, cards, units (area -> kind -> count) and orders
    (area -> token; an area given two orders, an `orders-one-per-area` error, has its tokens in a list)."""
    out: dict[str, Any] = {}
    if block.supply is not None:
        out["supply"] = block.supply
    if block.power_available is not None:
        out["power_available"] = block.power_available
    if block.tokens is not None:
        out["power_on_board"] = [place.name for place, _ in block.tokens]
    if block.cards is not None:
        out["house_cards"] = cards_data(block.cards)
    stacks = block.stacks
    if stacks is not None:
        out["units"] = {name: dict(stack.counts) for name, stack in stacks.items()}
    orders = block.orders
    if orders is not None:
        placed: dict[str, Any] = {}
        for order in orders:
            name, token = order.place.name, order.token
            before = placed.get(name)
            if before is None:
                placed[name] = token
            else:  # the area's second (or third) order: every token the model holds, in file order
                placed[name] = [*before, token] if isinstance(before, list) else [before, token]
        out["orders"] = placed
    return out


def cards_data(cards: Cards) -> dict[str, Any]:
    """`hand` and `discarded` as the file gives them: a count, or the list of card names (trimmed)."""
    names = [name for name, _ in cards.names]
    in_hand = cards.hand if "hand" in cards.listed else 0
    return {
        "hand": names[:in_hand] if "hand" in cards.listed else cards.hand,
        "discarded": names[in_hand:] if "discarded" in cards.listed else cards.discarded,
    }


def muster_data(plan: MusterPlan) -> dict[str, Any]:
    """A house's plan: source area -> its purchases, each written as the file writes it."""
    return {source.place.name: [_item(item) for item in source.items] for source in plan.sources}


def _item(item: MusterItem) -> Any:
    if item.what == "ship":
        return {"ship": item.target.name if item.target is not None else None}
    if item.what == "upgrade":
        return {"upgrade": item.unit}
    return item.unit
