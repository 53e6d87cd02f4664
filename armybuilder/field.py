"""A batch's roll-ups: what an organiser reads besides the rows themselves: each player's state ("is
Alice done?"), the field by faction and by commander, and the roster for pairings. Built in one pass
over the rows, beside `rows.py` so that the reporters need nothing of the batch machinery."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from armybuilder.games import terms as terms_of
from armybuilder.games.base import RowTerms
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
    """One file on the roster: who plays what, and the code to import it from."""

    player: str
    team: str | None
    faction: str | None  # the file's side (faction, house, side), whatever the game calls it
    commander: str | None  # its leader (commander, guide, opening unit)
    code: str | None
    code_note: str | None
    path: str
    valid: bool
    game: str = ""
    title: str | None = None

    def as_dict(self, terms: RowTerms | None = None) -> dict[str, Any]:
        terms = terms or terms_of(self.game)
        item: dict[str, Any] = {"player": self.player, "team": self.team}
        if terms.side is not None:
            item[terms.side.key] = self.faction
        if terms.leader is not None:
            item[terms.leader.key] = self.commander
        if terms.side is None and terms.leader is None:
            item["name"] = self.title
        if terms.codes:
            item.update(share_code=self.code, share_code_note=self.code_note)
        item.update(path=self.path, valid=self.valid)
        return item


@dataclass
class Side:
    """One game's field: files by side and by leader."""

    side_files: Counter[str] = field(default_factory=Counter)
    side_players: dict[str, set[str]] = field(default_factory=dict)
    leader_files: Counter[str] = field(default_factory=Counter)

    def sides(self) -> list[tuple[str, int, int]]:
        """(side, players, files), most files first."""
        return [
            (name, len(self.side_players[name]), count)
            for name, count in sorted(self.side_files.items(), key=lambda kv: (-kv[1], kv[0]))
        ]

    def leaders(self) -> list[tuple[str, int]]:
        """(leader, files), most files first."""
        return sorted(self.leader_files.items(), key=lambda kv: (-kv[1], kv[0]))

    def as_dict(self, terms: RowTerms) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if terms.side is not None:
            key = terms.side.key
            out[key + "s"] = [{key: f, "players": p, terms.plural: n} for f, p, n in self.sides()]
        if terms.leader is not None:
            key = terms.leader.key
            out[key + "s"] = [{key: c, terms.plural: n} for c, n in self.leaders()]
        return out


@dataclass
class Field:
    """The batch as a whole: players in the order they first appear, each game's field, the roster."""

    lists_per_player: int | None = None
    players: dict[str, Player] = field(default_factory=dict)
    games: dict[str, Side] = field(default_factory=dict)  # in the order each game first appears
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
        side = self.games.setdefault(row.game, Side())
        if row.game != "?" and faction:
            side.side_files[faction] += 1
            side.side_players.setdefault(faction, set()).add(key)
        if row.leader:
            side.leader_files[row.leader] += 1
        self.roster.append(
            Entry(row.player, row.team, faction, row.leader, row.code, row.code_note, row.path, row.valid,
                  row.game, row.name)
        )  # fmt: skip

    @property
    def has_teams(self) -> bool:
        return any(p.team for p in self.players.values())

    @property
    def game_keys(self) -> list[str]:
        """The games of the batch in order (a row no game checked joins the first game, or stands alone)."""
        return [g for g in self.games if g != "?"] or list(self.games)

    @property
    def terms(self) -> RowTerms:
        """The words of the batch: its one game's, or plain files for a mixed batch."""
        keys = self.game_keys
        return terms_of(keys[0]) if len(keys) == 1 else RowTerms()

    def group(self, game: str) -> str:
        """The game a row is reported under."""
        keys = self.game_keys
        return game if game in keys or not keys else keys[0]

    def ordered_roster(self) -> list[Entry]:
        """The roster by player, then by file: each player's files together, for pairings."""
        return sorted(self.roster, key=lambda e: (player_key(e.player), e.path))

    def side(self, game: str) -> Side:
        """One game's field (a row no game checked counts with the first game)."""
        found = Side()
        for key, side in self.games.items():
            if self.group(key) == game:
                found.side_files.update(side.side_files)
                for name, players in side.side_players.items():
                    found.side_players.setdefault(name, set()).update(players)
                found.leader_files.update(side.leader_files)
        return found

    def as_dict(self) -> dict[str, Any]:
        keys = self.game_keys
        noun = self.terms.plural
        if len(keys) == 1:
            figures = self.side(keys[0]).as_dict(self.terms)
        else:
            figures = {"games": [{"game": g, **self.side(g).as_dict(terms_of(g))} for g in keys]}
        players = []
        for p in self.players.values():
            item = {(noun if key == "lists" else key): value for key, value in p.as_dict(self.lists_per_player).items()}
            players.append(item)
        return {
            "players": players,
            "field": figures,
            "roster": [e.as_dict(terms_of(self.group(e.game))) for e in self.ordered_roster()],
        }


def summarise(rows: Iterable[Row], lists_per_player: int | None = None) -> Field:
    """The field of a batch, from its rows in one pass."""
    found = Field(lists_per_player)
    for row in rows:
        found.add(row)
    return found
