"""The deck rules of Horde vs Empire, one module per rule id.

Each module is a rule of the kit (`armybuilder.kit.rules`): `ID`, `SEVERITY`, a docstring documenting it,
optional `ALSO` (other severities the docstring gives) and `check(deck)` yielding Problems; `RULES` runs
them in order and stamps each problem with its rule's id and a documented severity. `syntax` and `schema`
are found while the file is read: `LOAD_DOCS`.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from types import ModuleType

from armybuilder.games.hve.deck import Deck
from armybuilder.games.hve.names import norm
from armybuilder.games.hve.rules import (
    command_copies,
    command_without_executor,
    deck_command_count,
    deck_unit_count,
    faction,
    faction_card,
    mount_target_missing,
    opening_unit,
    unit_copies,
    unknown_card,
    wrong_section,
)
from armybuilder.kit.rules import Rules
from armybuilder.problems import Problem, ProblemDoc, Severity

_MODULES: tuple[ModuleType, ...] = (
    unknown_card,
    faction,
    faction_card,
    wrong_section,
    deck_unit_count,
    deck_command_count,
    unit_copies,
    command_copies,
    command_without_executor,
    opening_unit,
    mount_target_missing,
)

# Problems found while the file is read (position.py / deck.py), before any rule runs: documented
# entries, not rule modules.
LOAD_DOCS: tuple[ProblemDoc, ...] = (
    ProblemDoc('schema', Severity.ERROR, 'A file not shaped as its kind: a deck that is not a mapping, has an unknown key, a missing name, a section that is not a list, an entry that is not a card name or {card, count ≥ 1}, or an opening unit that is not a name; a card file that is not one mapping with only `cards:`, a list. A malformed deck entry takes no part in any other rule. Found while the file is read (deck.py, datacheck.py), so `check` yields nothing here.', "load"),
    ProblemDoc('syntax', Severity.ERROR, 'A deck or card file that is not valid YAML (or not UTF-8 text); the problem points where the parser stopped. Found while the file is read (by the core for decks, by `data check` for card files), so `check` yields nothing here.', "load"),
)

RULES: Rules[Deck] = Rules.of(_MODULES, LOAD_DOCS)


# Every rule's own first test, asked without running the rule: False means the rule surely finds nothing
# in the deck (noted while it was read: `Deck.unknown` …). `quiet` asks them all at once, `run` runs only the
# rules whose test is True; a rule added to _MODULES and not here fails at import, so none is skipped unasked.
def _opening_unlisted(deck: Deck) -> bool:
    return deck.opening is not None and norm(deck.opening) not in deck.units.totals


_MAY_FIND: dict[str, Callable[[Deck], bool]] = {
    unknown_card.ID: lambda d: d.unknown or _opening_unlisted(d),
    faction.ID: lambda d: d.faction is None,
    faction_card.ID: lambda d: d.faction is not None and d.foreign,
    wrong_section.ID: lambda d: d.misplaced,
    deck_unit_count.ID: lambda d: d.units.listed and d.units.total != deck_unit_count.SIZE,
    deck_command_count.ID: lambda d: d.commands.listed and d.commands.total != deck_command_count.SIZE,
    unit_copies.ID: lambda d: d.units.most > unit_copies.LIMIT,
    command_copies.ID: lambda d: d.commands.most > command_copies.LIMIT,
    command_without_executor.ID: lambda d: d.unexecutable,
    opening_unit.ID: _opening_unlisted,
    mount_target_missing.ID: lambda d: d.stranded,
}
if set(RULES.ids()) != set(_MAY_FIND):  # pragma: no cover - a rule was added or removed
    raise ImportError(f"hve.rules.quiet answers for {sorted(_MAY_FIND)}, the rules are {RULES.ids()}")


def may_find(rule_id: str, deck: Deck) -> bool:
    """False when rule `rule_id` surely finds nothing in `deck` (its first test, asked without running it)."""
    return _MAY_FIND[rule_id](deck)


_RUNS = tuple((rule.check, rule.stamper()) for rule in RULES)  # in the order of `_asked`'s answers
if tuple(RULES.ids()) != (
    *(unknown_card.ID, faction.ID, faction_card.ID, wrong_section.ID, deck_unit_count.ID, deck_command_count.ID),
    *(unit_copies.ID, command_copies.ID, command_without_executor.ID, opening_unit.ID, mount_target_missing.ID),
):  # pragma: no cover - a rule was added, removed or moved
    raise ImportError(f"hve.rules.run answers for the rules in another order than {RULES.ids()}")


def _asked(deck: Deck) -> tuple[bool, ...]:
    """Each rule's first test (`_MAY_FIND`), in the order of RULES, asked at once."""
    units, commands, opening, faction_set = deck.units, deck.commands, deck.opening, deck.faction is not None
    unlisted = opening is not None and norm(opening) not in units.totals
    return (
        deck.unknown or unlisted,
        not faction_set,
        faction_set and deck.foreign,
        deck.misplaced,
        units.listed and units.total != deck_unit_count.SIZE,
        commands.listed and commands.total != deck_command_count.SIZE,
        units.most > unit_copies.LIMIT,
        commands.most > command_copies.LIMIT,
        deck.unexecutable,
        unlisted,
        deck.stranded,
    )


def run(deck: Deck) -> list[Problem]:
    """What `RULES.run(deck)` finds, in the same order, running only the rules that may find something."""
    found: list[Problem] = []
    extend = found.extend
    for check, stamp in compress(_RUNS, _asked(deck)):  # the rules asked only (both in the order of RULES)
        extend(map(stamp, check(deck)))
    return found


def quiet(deck: Deck) -> bool:
    """True when no rule of RULES would find anything in `deck` (noted while it was read: `Deck.unknown`
    …); False only means the rules must be run."""
    units, commands, opening = deck.units, deck.commands, deck.opening
    return (
        deck.faction is not None  # faction; faction-card needs the foreign flag below
        and not (deck.unknown or deck.foreign or deck.misplaced or deck.unexecutable or deck.stranded)
        and (not units.listed or units.total == deck_unit_count.SIZE)
        and (not commands.listed or commands.total == deck_command_count.SIZE)
        and units.most <= unit_copies.LIMIT
        and commands.most <= command_copies.LIMIT
        and (opening is None or norm(opening) in units.totals)  # unknown-card, opening-unit
    )
