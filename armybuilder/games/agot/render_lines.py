"""What the printed report says of the position itself, beside the per-house table: a game block (edition,
players, round, phase, wildling threat, Westeros cards, Put to the Sword, influence tracks, dominance tokens,
neutral forces) and one block per house (its units by area with the order placed there, power tokens on
the board, house cards, muster plan). Built from `plain.position_data`, so the names are the ones the
export gives (house names, the map's English area names); a section the file does not state gives no line.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from armybuilder.games.agot.data import TOKEN_NAMES, TRACK_NAMES, UNIT_PLURAL, UNIT_SINGULAR
from armybuilder.games.agot.plain import position_data
from armybuilder.games.agot.position import Position

_ORDER_KINDS = {"consolidate": "consolidate power"}
_ORDER_BONUS = {"minus1": "-1", "0": "0", "plus1": "+1", "plus2": "+2"}
_PUT_TO_THE_SWORD = {
    "no-defense": "no defense orders this round",
    "no-march-plus1": "no march +1 ★ order this round",
    "none": "no restriction chosen",
}


class Lines(NamedTuple):
    """A titled block of the report: plain lines, each printed as it stands."""

    title: str
    lines: list[str]


def order_words(token: str) -> str:
    """An order token as the board shows it: `march-plus1-star` is `march +1 ★`, `consolidate` is
    `consolidate power`; a token of another shape is left as written."""
    parts = token.split("-")
    star = parts[-1] == "star" and len(parts) > 1
    if star:
        parts = parts[:-1]
    words = [_ORDER_KINDS.get(parts[0], parts[0]), *(_ORDER_BONUS.get(p, p) for p in parts[1:])]
    return " ".join(words) + (" ★" if star else "")


def unit_words(counts: dict[str, int]) -> str:
    """`2 knights, 1 footman`, in the file's order; `no units` for an empty entry."""
    if not counts:
        return "no units"
    return ", ".join(f"{n} {(UNIT_SINGULAR if n == 1 else UNIT_PLURAL).get(k, k)}" for k, n in counts.items())


def _names(names: list[str]) -> str:
    return ", ".join(names) or "none"


def game_lines(position: Position, data: dict[str, Any]) -> Lines:
    """The game block: what the file states outside the houses."""
    lines = [f"edition: {data['edition']}"]
    for key, label in (("players", "players"), ("round", "round"), ("phase", "phase")):
        if key in data:
            lines.append(f"{label}: {data[key]}")
    if "wildling_threat" in data:
        lines.append(f"wildling threat: {data['wildling_threat']}")
    if "westeros_cards" in data:
        lines.append(f"Westeros cards: {_names(data['westeros_cards'])}")
    if "put_to_the_sword" in data:
        choice = data["put_to_the_sword"]
        lines.append(f"Put to the Sword: {_PUT_TO_THE_SWORD.get(choice, choice)}")
    for track, houses in (data.get("influence") or {}).items():
        lines.append(
            f"{TRACK_NAMES.get(track, track)} track: {_names([position.house_name(h) for h in houses])}"
        )
    if "dominance_tokens" in data:
        held = [
            f"{TOKEN_NAMES.get(t, t)} held by {position.house_name(h)}"
            for t, h in data["dominance_tokens"].items()
        ]
        lines.append(f"dominance tokens: {_names(held)}")
    if "neutral_forces" in data:
        lines.append(f"neutral force tokens: {_names(data['neutral_forces'])}")
    return Lines("Game", lines)


def _orders_text(token: Any) -> str:
    tokens = token if isinstance(token, list) else [token]
    return " and ".join(order_words(t) for t in tokens)


def _cards(cards: dict[str, Any]) -> str:
    hand, discarded = cards["hand"], cards["discarded"]
    parts = [
        f"in hand: {_names(hand)}" if isinstance(hand, list) else f"{hand} in hand",
        f"discarded: {_names(discarded)}" if isinstance(discarded, list) else f"{discarded} discarded",
    ]
    return "; ".join(parts)


def _purchase(item: Any) -> str:
    if isinstance(item, dict) and "ship" in item:
        return "ship" + (f" into {item['ship']}" if item["ship"] is not None else "")
    if isinstance(item, dict) and "upgrade" in item:
        return f"upgrade to {UNIT_SINGULAR.get(item['upgrade'], item['upgrade'])}"
    return UNIT_SINGULAR.get(str(item), str(item))


def house_lines(house: dict[str, Any], plan: dict[str, Any] | None) -> list[str]:
    """One house's lines: its areas (units, and the order placed there), power tokens, cards, muster plan."""
    lines: list[str] = []
    units: dict[str, dict[str, int]] | None = house.get("units")
    orders: dict[str, Any] | None = house.get("orders")
    for area, counts in (units or {}).items():
        order = (orders or {}).get(area)
        lines.append(
            f"{area}: {unit_words(counts)}" + (f" — {_orders_text(order)}" if order is not None else "")
        )
    for area, order in (orders or {}).items():
        if area not in (units or {}):
            lines.append(f"{area}: no unit listed — {_orders_text(order)}")
    if units == {}:
        lines.append("units: none")
    if orders == {}:
        lines.append("orders: none")
    if "power_on_board" in house:
        lines.append(f"power tokens on the board: {_names(house['power_on_board'])}")
    if "house_cards" in house:
        lines.append(f"house cards: {_cards(house['house_cards'])}")
    if plan is not None:
        for source, items in plan.items():
            lines.append(f"muster at {source}: {', '.join(_purchase(i) for i in items) or 'nothing'}")
        if not plan:
            lines.append("muster: nothing planned")
    return lines


def position_blocks(position: Position) -> list[Lines]:
    """The game block, then one block per house (those with a block under `houses`, then those with only a
    muster plan)."""
    data = position_data(position)
    houses: dict[str, Any] = data["houses"]
    muster: dict[str, Any] = data.get("muster") or {}
    blocks = [game_lines(position, data)]
    for hid in dict.fromkeys([*houses, *muster]):
        house = houses.get(hid) or {}
        lines = house_lines(house, muster.get(hid))
        if not lines:  # (supply and power available are the table's columns)
            lines = ["nothing stated beyond the table above" if house else "nothing stated but the house"]
        blocks.append(Lines(position.house_name(hid), lines))
    return blocks
