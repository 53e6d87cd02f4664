"""Shell completion values: faction keys and card names, from the catalogue loaded only when asked.

Each function returns (value, help) pairs whose value starts with what was typed (any case, any apostrophe);
a catalogue that cannot be loaded completes nothing rather than failing the shell.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.cards import Card, CardKind
    from armybuilder.games.asoiaf.catalogue import Catalogue


def load(data: Path | str | None) -> Catalogue | None:
    """The catalogue of `data` (None: the bundled one), or None when it cannot be used."""
    from armybuilder.games.asoiaf.catalogue import load_catalogue

    try:
        return load_catalogue(data or None)
    except Exception:  # a completion never breaks the shell: no values instead
        return None


def _starts(typed: str, *texts: str) -> bool:
    from armybuilder.games.asoiaf.catalogue import normalize

    key = normalize(typed)
    return any(normalize(t).startswith(key) for t in texts)


def factions(cat: Catalogue, typed: str) -> list[tuple[str, str]]:
    """Faction keys (`stark`) for `--faction`, matched by key or by name (`House St` finds stark)."""
    return [(f.key, f.name) for f in cat.factions.values() if _starts(typed, f.key, f.name)]


def _help(card: Card) -> str:
    kind = "commander" if card.commander else card.kind.label
    kind += f", {card.type}" if card.type and card.type != "none" else ""
    return f"{card.faction} {kind}, cost {card.cost_label} ({card.id})"


def cards(
    cat: Catalogue,
    typed: str,
    kinds: Iterable[CardKind] | None = None,
    *,
    faction: str | None = None,
    commanders: bool = False,
) -> list[tuple[str, str]]:
    """Card titles (`Robb Stark, The Wolf Lord`) of some kinds, only commanders, only a faction's and
    neutral cards; ids when digits are typed."""
    from armybuilder.games.asoiaf.cards import NEUTRAL

    wanted = set(kinds) if kinds is not None else None
    found: dict[str, str] = {}
    for card in cat.cards.values():
        if wanted is not None and card.kind not in wanted:
            continue
        if commanders and not card.commander:
            continue
        if faction is not None and card.faction not in (faction, NEUTRAL):
            continue
        if typed.strip().isdigit():
            if card.id.startswith(typed.strip()):
                found[card.id] = f"{card.title} ({card.faction})"
        elif _starts(typed, card.title, card.name):
            found.setdefault(card.title, _help(card))
    return sorted(found.items())


def anything(cat: Catalogue, typed: str) -> list[tuple[str, str]]:
    """What `card REF` shows: every card, tactics card and special card."""
    found = cards(cat, typed)
    extra = [(t.name, f"{t.faction} tactics card ({t.id})") for t in cat.tactics.values()]
    extra += [(s.name, f"special card ({s.id})") for s in cat.specials.values()]
    names = {value for value, _ in found}
    for value, text in extra:
        if value not in names and _starts(typed, value):
            found.append((value, text))
            names.add(value)
    return sorted(found)


def faction_key(cat: Catalogue, text: object) -> str | None:
    """The faction a `--faction` typed so far names, when it names one."""
    if not isinstance(text, str):
        return None
    found = cat.faction(text)
    return found.key if found is not None else None
