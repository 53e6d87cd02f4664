"""A batch's roll-ups: what an organiser reads besides the rows themselves: each player's state ("is
Alice done?"), the field by faction and by commander, and the roster for pairings. Built in one pass
over the rows, beside `rows.py` so that the reporters need nothing of the batch machinery."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from armybuilder.rows import Row, problem_text
from armybuilder.text import player_key


@dataclass
class Player:
    """One player's submissions: how many, how many valid, and what is left to fix."""

    name: str
    team: str | None = None
    files: list[str] = field(default_factory=list)
    valid: int = 0
    to_fix: list[str] = field(default_factory=list)  # `file: rule: message (line N)` per invalid list

    def done(self, lists_per_player: int | None) -> bool:
        """Every list valid, and as many as the event takes."""
        wanted = lists_per_player or 1
        return self.valid == len(self.files) and len(self.files) >= wanted

    def status(self, lists_per_player: int | None) -> str:
        """`OK`, or what to fix, for the roll-up."""
        if self.done(lists_per_player):
            return "OK"
        missing = (lists_per_player or 1) - len(self.files)
        notes = list(self.to_fix)
        if missing > 0 and not notes:
            notes.append(f"{missing} more list{'s' if missing > 1 else ''} to submit")
        return "; ".join(notes)

    def as_dict(self, lists_per_player: int | None) -> dict[str, Any]:
        return {
            "player": self.name,
            "team": self.team,
            "lists": len(self.files),
            "valid": self.valid,
            "ok": self.done(lists_per_player),
            "to_fix": self.to_fix,
            "files": self.files,
        }


@dataclass(frozen=True)
class Entry:
    """One list on the roster: who plays what, and the code to import it from."""

    player: str
    team: str | None
    faction: str | None
    commander: str | None
    code: str | None
    code_note: str | None
    path: str
    valid: bool

    def as_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "team": self.team,
            "faction": self.faction,
            "commander": self.commander,
            "share_code": self.code,
            "share_code_note": self.code_note,
            "path": self.path,
            "valid": self.valid,
        }


@dataclass
class Field:
    """The batch as a whole: players in the order they first appear, counts, the roster."""

    lists_per_player: int | None = None
    players: dict[str, Player] = field(default_factory=dict)
    faction_lists: Counter[str] = field(default_factory=Counter)
    faction_players: dict[str, set[str]] = field(default_factory=dict)
    commander_lists: Counter[str] = field(default_factory=Counter)
    roster: list[Entry] = field(default_factory=list)

    def add(self, row: Row) -> None:
        key = player_key(row.player)
        player = self.players.get(key)
        if player is None:
            player = self.players[key] = Player(row.player)
        player.team = player.team or row.team
        player.files.append(row.path)
        if row.valid:
            player.valid += 1
        else:
            player.to_fix.append(f"{os.path.basename(row.path)}: {problem_text(row.first_problem)}")
        faction = row.side_name or row.side
        if row.game != "?" and faction:
            self.faction_lists[faction] += 1
            self.faction_players.setdefault(faction, set()).add(key)
        if row.leader:
            self.commander_lists[row.leader] += 1
        self.roster.append(
            Entry(row.player, row.team, faction, row.leader, row.code, row.code_note, row.path, row.valid)
        )

    @property
    def has_teams(self) -> bool:
        return any(p.team for p in self.players.values())

    def ordered_roster(self) -> list[Entry]:
        """The roster by player, then by file: each player's lists together, for pairings."""
        return sorted(self.roster, key=lambda e: (player_key(e.player), e.path))

    def factions(self) -> list[tuple[str, int, int]]:
        """(faction, players, lists), most lists first."""
        return [
            (name, len(self.faction_players[name]), count)
            for name, count in sorted(self.faction_lists.items(), key=lambda kv: (-kv[1], kv[0]))
        ]

    def commanders(self) -> list[tuple[str, int]]:
        """(commander, lists), most lists first."""
        return sorted(self.commander_lists.items(), key=lambda kv: (-kv[1], kv[0]))

    def as_dict(self) -> dict[str, Any]:
        return {
            "players": [p.as_dict(self.lists_per_player) for p in self.players.values()],
            "field": {
                "factions": [{"faction": f, "players": p, "lists": n} for f, p, n in self.factions()],
                "commanders": [{"commander": c, "lists": n} for c, n in self.commanders()],
            },
            "roster": [e.as_dict() for e in self.ordered_roster()],
        }


def summarise(rows: Iterable[Row], lists_per_player: int | None = None) -> Field:
    """The field of a batch, from its rows in one pass."""
    found = Field(lists_per_player)
    for row in rows:
        found.add(row)
    return found
