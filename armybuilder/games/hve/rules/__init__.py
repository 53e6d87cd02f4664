"""The deck rules of Horde vs Empire, one module per rule id.

Each module is a rule of the kit (`armybuilder.kit.rules`): `ID`, `SEVERITY`, a docstring documenting it,
optional `ALSO` (other severities the docstring gives) and `check(deck)` yielding Problems; `RULES` runs
them in order and stamps each problem with its rule's id and a documented severity. `syntax` and `schema`
are found while the file is read: `LOAD_DOCS`.
"""

from __future__ import annotations

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
from armybuilder.problems import ProblemDoc, Severity

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


# Every rule's own first test, asked at once: a deck that passes them all is one no rule has anything to say
# about, and its check skips running them. `quiet` answers for the rules named here; a rule added to _MODULES
# and not here fails at import, so no rule is ever skipped unasked.
_QUIET_ANSWERS_FOR = frozenset(
    {
        unknown_card.ID, faction.ID, faction_card.ID, wrong_section.ID, deck_unit_count.ID,
        deck_command_count.ID, unit_copies.ID, command_copies.ID, command_without_executor.ID,
        opening_unit.ID, mount_target_missing.ID,
    }
)
if set(RULES.ids()) != _QUIET_ANSWERS_FOR:  # pragma: no cover - a rule was added or removed
    raise ImportError(f"hve.rules.quiet answers for {sorted(_QUIET_ANSWERS_FOR)}, the rules are {RULES.ids()}")


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
        and (opening is None or norm(opening) in deck.named_units)  # unknown-card, opening-unit
    )
