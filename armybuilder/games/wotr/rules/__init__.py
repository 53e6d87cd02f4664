"""The rules of War of the Ring (2nd edition) position files, one module per rule id.

Each module is a rule of the kit (`armybuilder.kit.rules`): `ID`, `SEVERITY`, a docstring documenting it,
optional `ALSO` (other severities the docstring gives) and `check(position)` yielding Problems; `RULES` runs
them in order and stamps each problem with its rule's id and a documented severity. (`figure-pool` and
`action-dice` also warn). The four load-stage ids (`syntax`, `schema`, `unknown-region`, `unknown-figure`)
are found while the file is read (position.py) and documented in `LOAD_DOCS`.
"""

from __future__ import annotations

from types import ModuleType

from armybuilder.games.wotr.position import Position
from armybuilder.games.wotr.rules import (
    action_dice,
    besieged_not_stronghold,
    character_once,
    elven_rings,
    fellowship_guide,
    fellowship_track,
    figure_pool,
    hand_limit,
    hunt_allocation,
    leader_alone,
    minion_in_free_stronghold,
    multiplayer_control,
    not_at_war_abroad,
    opposing_armies,
    political_board,
    political_track,
    replaced_character,
    saruman_leaves_orthanc,
    settlement_control,
    siege_limit,
    siege_without_besieger,
    stacking_limit,
    standard_setup,
    victory_claim,
    victory_points,
)
from armybuilder.kit.rules import Rules
from armybuilder.problems import ProblemDoc, Severity

_MODULES: tuple[ModuleType, ...] = (
    figure_pool,
    stacking_limit,
    siege_limit,
    besieged_not_stronghold,
    siege_without_besieger,
    opposing_armies,
    leader_alone,
    minion_in_free_stronghold,
    saruman_leaves_orthanc,
    character_once,
    replaced_character,
    fellowship_guide,
    fellowship_track,
    action_dice,
    hunt_allocation,
    elven_rings,
    hand_limit,
    political_track,
    political_board,
    not_at_war_abroad,
    settlement_control,
    victory_points,
    victory_claim,
    standard_setup,
    multiplayer_control,
)

# Problems found while the file is read (position.py / deck.py), before any rule runs: documented
# entries, not rule modules.
LOAD_DOCS: tuple[ProblemDoc, ...] = (
    ProblemDoc('schema', Severity.ERROR, "The file's shape is wrong: not a mapping; an unknown key; a value of the wrong type; a count outside 0..999 or a number beyond ±999; `edition` other than 2, `players` outside 2..4, a negative `turn`, a `phase` outside 1..6 or given at turn 0; a `captured` value that is not a side; a `result` that is not one of the six; a `hands` or `control` key that is not a player of that player count; `control` in a 2-player file; Gollum or a minion among the companions; Gollum on the map; two keys of one mapping naming the same thing. Found while the file is read (position.py); the offending node is then left out of every rule.", "load"),
    ProblemDoc('syntax', Severity.ERROR, "The file is not YAML (or not UTF-8 text): the parser's message at the place it stopped. Found by the core while the file is read; nothing else is checked in such a file.", "load"),
    ProblemDoc('unknown-figure', Severity.ERROR, 'A nation key that is not one of the 8 nations; a figure kind the nation does not have (leaders only for the Free Peoples, Nazgûl only for Sauron); a character name that is not one of the 13 characters (the ambiguous "Gandalf" and "Aragorn" of the seed included). Found while the file is read, with "did you mean" suggestions; the entry is left out of the rules.', "load"),
    ProblemDoc('unknown-region', Severity.ERROR, 'A name that must be a region (a key under `board`, `besieged` or `captured`, a region under `characters`, `fellowship.location`) is none of the 105 regions, after aliases and the matching rule. Found while the file is read, with up to three "did you mean" suggestions; the entry is left out of the rules.', "load"),
)

RULES: Rules[Position] = Rules.of(_MODULES, LOAD_DOCS)
