"""Reading a house's `orders` for the reader (`reader.py`): each area resolved as the reader resolves it,
each token checked, and the rules about orders the house may break noted (`Position.may_break`); once the
tracks are read, whether a house starred more orders than its King's Court place allows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from armybuilder.games.agot.data import CONSOLIDATE, SUPPORT, Resolved
from armybuilder.games.agot.nodes import value_at as _val_pos
from armybuilder.games.agot.position import _NO_KEYS, NO_POS, HouseBlock, Order, Position, Track, _tuple_new
from armybuilder.games.agot.text import show
from armybuilder.kit.words import did_you_mean
from armybuilder.yamlpos import Pos

if TYPE_CHECKING:
    from armybuilder.games.agot.reader import Reader

_NO_TRACKS: dict[str, Track] = {}


def read_orders(r: Reader, block: dict[Any, Any], h: HouseBlock, where: Pos) -> None:
    """A house's starred orders counted and the rules about orders they may break (`Position.may_break`),
    noted in one pass over the entries; when every entry is usual (an area resolved before, a known
    token) the orders are made only when asked (`HouseBlock.orders`), else every entry is read again
    and the others reported (`where`: the position of the key)."""
    v = block["orders"]
    if not isinstance(v, dict):
        r.faults += 1
        return
    if h._raw_units is not None and v.keys() <= h._raw_units.keys() and _usual_tokens(r, v, h, where):
        return
    known = r.data.order_tokens
    areas = r.areas
    used: dict[str, int] = {}
    ordered: set[str] = set()
    read_tokens = r.data.read_tokens
    starred = 0
    for key, token in v.items():
        place = areas.get(key)
        if place is None or token.__class__ is not str or token not in known:
            break
        used[token] = used.get(token, 0) + 1
        ordered.add(place.name)
        if token in read_tokens:  # consolidate, support and starred orders: the rules that read them
            starred += _note_token(r, token, place)
    else:  # every entry usual
        h._raw_orders, h._areas = v, areas
        h.orders_pos, h._starred = where, starred
        _note_orders(r, h, len(v), used, ordered)
        return
    orders: list[Order] = []
    key_pos = getattr(v, "key_pos", _NO_KEYS)
    used = {}
    ordered = set()
    starred = 0
    for key, token in v.items():
        place = areas.get(key)
        if place is None or token.__class__ is not str or token not in known:  # else the usual entry
            place = _order_place(r, key, token, v, key_pos.get(key, NO_POS))
            if place is None:
                continue
        orders.append(_tuple_new(Order, (place, key, token, key_pos.get(key, NO_POS))))
        used[token] = used.get(token, 0) + 1
        ordered.add(place.name)
        if token in read_tokens:
            starred += _note_token(r, token, place)
    h._orders, h.orders_pos, h._starred = orders, where, starred
    _note_orders(r, h, len(orders), used, ordered)


def _usual_tokens(r: Reader, v: dict[Any, Any], h: HouseBlock, where: Pos) -> bool:
    """The usual orders, read without a loop over them when they stand where the house's units were read
    (so each area is resolved, in play and named once, and holds units unless the house has an empty
    entry) and every token is known and one the house has: only the consolidate, support and starred
    orders are looked at, and the tokens counted when one is placed twice. False, having
    read nothing, for any other orders."""
    tokens = v.values()
    try:
        distinct = set(tokens)  # (one pass over the tokens; the tests below compare sets)
    except TypeError:  # a token that cannot be a key (a list, a mapping): read entry by entry
        return False
    if not r.data.supplied_tokens.issuperset(distinct):
        return False
    if len(distinct) < len(v):  # a token placed twice: counted against the house's tokens
        known = r.data.order_tokens
        used: dict[str, int] = {}
        for token in tokens:
            used[token] = n = used.get(token, 0) + 1
            if n > known[token]:
                r.position.may_break.add("order-supply")
    read_tokens = r.data.read_tokens
    starred = 0
    if not read_tokens.isdisjoint(distinct):
        areas = r.areas
        for key, token in v.items():
            if token in read_tokens:
                starred += _note_token(r, token, areas[key])
    h._raw_orders, h._areas = v, r.areas
    h.orders_pos, h._starred = where, starred
    if h._empty:
        r.position.may_break.add("order-without-units")
    return True


def _note_token(r: Reader, token: str, place: Resolved) -> int:
    """The rule a consolidate or support order may break where it stands; 1 for a starred order, else 0."""
    if token in CONSOLIDATE and place.area is not None and place.area.kind == "sea":
        r.position.may_break.add("consolidate-at-sea")
    elif token in SUPPORT and place.name in r.ed.islands:
        r.position.may_break.add("support-on-island")
    return 1 if token.endswith("-star") else 0


def _note_orders(r: Reader, h: HouseBlock, count: int, used: dict[str, int], ordered: set[str]) -> None:
    """The rules a house's `count` orders (`used`: per token, `ordered`: their areas) may break."""
    may_break = r.position.may_break
    if len(ordered) < count:
        may_break.add("orders-one-per-area")
    names = h._unit_names
    if names is not None and (h._empty or not ordered.issubset(names)):
        may_break.add("order-without-units")
    known = r.data.order_tokens
    for token, n in used.items():
        if n > known[token]:
            may_break.add("order-supply")


def note_stars(r: Reader, pos: Position) -> None:
    """Whether a house placed more starred orders than its King's Court place allows (the second edition
    gives each place its stars; the first, only some: any starred order is noted there), once the
    tracks are read: most files star exactly what their places allow, and the rule then is not run."""
    starred = [h for h in pos.houses.values() if h._starred]
    if not starred:
        return
    if r.ed.number == 1:
        pos.may_break.add("special-orders-limit")
        return
    court = (pos.influence or _NO_TRACKS).get("kings_court")
    if court is None or court.broken or pos.playing is None:  # (the rule finds nothing then)
        return
    places = pos.court_places()
    for h in starred:
        at = places.get(h.id, ())
        stars = r.ed.stars(pos.players, at[0]) if len(at) == 1 else None
        if len(at) != 1 or (stars is not None and cast("int", h._starred) > stars):
            pos.may_break.add("special-orders-limit")
            return


def _order_place(r: Reader, key: Any, token: Any, v: dict[Any, Any], kpos: Pos) -> Resolved | None:
    """The area of any other order entry (a name not resolved before, a token to report), or None
    when the entry is left out (reported, or a fault the schema words)."""
    place = r.known_areas().get(key)
    if place is None:
        place = r.place(key, kpos, "an order area", key=True)
    if place is None or (token.__class__ is not str and not r.shaped(isinstance(token, str))):
        return None
    known = r.data.order_tokens
    if token not in known:
        hint = did_you_mean(token, known)
        r.schema(
            f"{show(token)} is not an order token{'; ' + hint if hint else ''}; the tokens are {', '.join(known)}",
            _val_pos(v, key),
        )
        return None
    return place
