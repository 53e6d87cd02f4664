"""ASOIAF's rules of one event, as read from its event file (`event.py` reads them): what each list may
field, and what a player's lists or a team's lists must meet together.

Rules per list run in `check` (in the worker that checked the list); rules per player and per team run in
`cross_check` on the small `ListFacts` that `cross_key` kept of each list, so a batch reads no list twice.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from armybuilder.games.asoiaf.cards import NEUTRAL, Card, CardKind
from armybuilder.games.base import CrossItem, EventRules, Report
from armybuilder.problems import Problem, Severity
from armybuilder.text import a, count

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.armylist import ArmyList, Entry
    from armybuilder.games.asoiaf.context import Army

_SEASON = re.compile(r"(?:\d{4}(?:-S(\d{1,2}))?|S(\d{1,2}))(?![0-9])", re.IGNORECASE)
PREVIEW_WORDS = ("preview", "playtest")


def season_of(version: str) -> int | None:
    """Where a card version stands among the seasons: "2021" (the second edition's first cards) is 0,
    "2021-S01".."2021-S03" are 1..3, "S04".."S06" are 4..6, and a suffix ("S07-preview") does not matter.
    None for a version that names no season."""
    found = _SEASON.match(version.strip())
    if found is None:
        return None
    number = found.group(1) or found.group(2)
    return int(number) if number else 0


def is_preview(card: Card) -> bool:
    """A preview or playtest card: its version in the card data says so ("S07-preview", "playtest")."""
    version = card.version.casefold()
    return any(word in version for word in PREVIEW_WORDS)


@dataclass(frozen=True)
class CardFilter:
    """Which cards count for an `includes` rule: every set field must hold."""

    text: str  # how messages name it: "a neutral NCU"
    kind: CardKind | None = None
    commander: bool | None = None
    faction: str | None = None
    character: bool | None = None
    cards: frozenset[str] | None = None  # card ids (a name written in the event file)

    def matches(self, card: Card) -> bool:
        return (
            (self.kind is None or card.kind is self.kind)
            and (self.commander is None or card.commander == self.commander)
            and (self.faction is None or card.faction == self.faction)
            and (self.character is None or card.character == self.character)
            and (self.cards is None or card.id in self.cards)
        )


def unmatched(filters: Sequence[CardFilter], cards: Sequence[Card]) -> tuple[int, ...]:
    """The filters left without a card when each filter takes a different card (a maximum matching:
    a neutral character NCU cannot stand for both "a neutral NCU" and "a neutral character")."""
    owner: dict[int, int] = {}  # card index -> filter index

    def take(f: int, seen: set[int]) -> bool:
        for c, card in enumerate(cards):
            if c not in seen and filters[f].matches(card):
                seen.add(c)
                if c not in owner or take(owner[c], seen):
                    owner[c] = f
                    return True
        return False

    return tuple(f for f in range(len(filters)) if not take(f, set()))


def and_list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def card_list(items: Iterable[str]) -> str:
    """Card names, which may hold commas themselves (`Name, Subname`): separated by semicolons."""
    return "; ".join(sorted(set(items)))


@dataclass(frozen=True)
class NeutralCap:
    """The neutral cap of a player's or a team's lists together: half their combined game sizes, or a
    number of points."""

    points: int | None = None  # None: half the combined game sizes

    def of(self, combined: int) -> int:
        return combined // 2 if self.points is None else self.points

    @property
    def text(self) -> str:
        return "half their combined points" if self.points is None else count(self.points, "point")


@dataclass(frozen=True)
class GroupRules:
    """The rules of a player's lists (`per_player`) or a team's lists (`per_team`) together."""

    includes: tuple[CardFilter, ...] = ()
    neutral_cap: NeutralCap | None = None
    factions: str | None = None  # "same" or "different" (teams)
    players: int | None = None  # players in a team

    def __bool__(self) -> bool:
        return bool(self.includes) or any(x is not None for x in (self.neutral_cap, self.factions, self.players))


class ListFacts(NamedTuple):
    """What the rules per player and per team need of one list (kept in memory for every list)."""

    faction: str | None
    faction_name: str | None
    faction_pos: tuple[int, int]
    size: int | None  # the game size
    total: int | None  # points spent
    neutral: int  # neutral points, reinforcements included (0 for a neutral army: it has no cap)
    neutral_pos: tuple[int, int]  # the first neutral card
    lacks_player: tuple[int, ...]  # the `per_player` includes this list lacks
    lacks_team: tuple[int, ...]  # the `per_team` includes this list lacks


@dataclass
class AsoiafEventRules(EventRules):
    """What an event file asks of ASOIAF lists, per file, per player and per team."""

    where: str  # how messages name the event
    factions: frozenset[str] | None = None  # faction keys allowed; None: any
    faction_names: dict[str, str] = field(default_factory=dict)  # faction key -> display name
    banned_cards: dict[str, str] = field(default_factory=dict)  # card id -> reference as written
    banned_characters: frozenset[str] = frozenset()
    allowed_cards: dict[str, str] | None = None  # card id -> reference as written; None: any card
    copies_per_kind: dict[CardKind, int] = field(default_factory=dict)  # at most N of any one card of a kind
    copies_of: tuple[tuple[str, frozenset[str], int], ...] = ()  # (name as written, card ids, at most)
    newest_season: tuple[str, int] | None = None  # (as written, its place among the seasons)
    preview_cards: bool = True
    homebrew_cards: bool = True
    homebrew: frozenset[str] = frozenset()  # ids of the loaded cards that are not in the bundled data
    reinforcement_points: int | None = None  # None: the event takes no reinforcements
    includes: tuple[CardFilter, ...] = ()
    per_player: GroupRules = field(default_factory=GroupRules)
    per_team: GroupRules = field(default_factory=GroupRules)
    replaces: frozenset[str] = frozenset()  # a field here, a class default in the base

    @property
    def team_event(self) -> bool:  # type: ignore[override]
        return bool(self.per_team)

    @property
    def _pool(self) -> bool:
        """Whether any rule limits which cards a list may field (else each card need not be looked at)."""
        return bool(
            self.banned_cards or self.banned_characters or self.allowed_cards is not None
            or self.newest_season is not None or not self.preview_cards or not self.homebrew_cards
        )  # fmt: skip

    # --- one list ---------------------------------------------------------------------------------

    def check(self, report: Report[Any]) -> list[Problem]:
        army: ArmyList | None = report.model
        out: list[Problem] = []
        if army is None or not army.readable:
            return out

        def problem(rule: str, message: str, pos: tuple[int, int], card: str | None = None) -> None:
            out.append(Problem(rule, Severity.ERROR, message, army.path, pos[0], pos[1], card))

        if self.factions is not None and army.faction is not None and army.faction.key not in self.factions:
            allowed = ", ".join(sorted(self.factions))
            problem("event-faction", f"{army.faction.name} is not allowed at {self.where}; allowed: {allowed}",
                    army.pos("faction"))  # fmt: skip
        ctx: Army | None = report.context
        fielded = [e for e, _ in ctx.pairs] if ctx is not None else list(army.entries())
        if self._pool:
            for entry in (*fielded, *army.reinforcements):
                if entry.card is not None:
                    self._card_pool(entry, problem)
        if self.copies_per_kind or self.copies_of:
            self._copies(fielded, problem)
        if self.includes:
            lacks = unmatched(self.includes, [e.card for e in fielded if e.card is not None])
            if lacks:
                wanted = and_list([self.includes[i].text for i in range(len(self.includes))])
                missing = and_list([self.includes[i].text for i in lacks])
                each = ", each a different card" if len(self.includes) > 1 else ""
                problem("event-includes", f"{self.where} wants every list to include {wanted}{each}; this "
                        f"list lacks {missing} — add it", army.pos("units"))  # fmt: skip
        self._reinforcements(army, problem)
        return out

    def _card_pool(self, entry: Entry, problem: Any) -> None:
        """Bans, the allowed cards, the newest season, preview and homebrew cards: one problem per entry."""
        card = entry.card
        assert card is not None
        pos = (entry.line, entry.column)
        hit = [c for c in card.characters if c in self.banned_characters] if self.banned_characters else []
        if card.id in self.banned_cards:
            problem("event-ban", f"{card.title} is banned at {self.where} (banned_cards: "
                    f"{self.banned_cards[card.id]}); replace it", pos, card.id)  # fmt: skip
        elif hit:
            problem("event-ban", f"{card.title} is {hit[0]}, a character banned at {self.where}; replace it",
                    pos, card.id)  # fmt: skip
        elif self.allowed_cards is not None and card.id not in self.allowed_cards:
            problem("event-card-pool", f"{card.title} is not among the cards {self.where} allows "
                    "(`allowed_cards`); replace it with one of them", pos, card.id)  # fmt: skip
        elif not self.homebrew_cards and card.id in self.homebrew:
            problem("event-homebrew", f"{card.title} is not in the official card data (a homebrew card); "
                    f"{self.where} allows none — replace it", pos, card.id)  # fmt: skip
        elif not self.preview_cards and is_preview(card):
            problem("event-preview", f"{card.title} is a preview or playtest card (version {card.version}); "
                    f"{self.where} allows none — replace it", pos, card.id)  # fmt: skip
        elif self.newest_season is not None:
            label, newest = self.newest_season
            season = season_of(card.version)
            if season is None or season > newest:
                problem("event-season", f"{card.title} is a card of {card.version or 'no season'}, after "
                        f"{label}, the newest season {self.where} allows; replace it with an earlier card",
                        pos, card.id)  # fmt: skip

    def _copies(self, fielded: list[Entry], problem: Any) -> None:
        by_card: dict[str, list[Entry]] = {}
        for entry in fielded:
            assert entry.card is not None
            by_card.setdefault(entry.card.id, []).append(entry)
        for entries in by_card.values():
            card = entries[0].card
            assert card is not None
            limit = self.copies_per_kind.get(card.kind)
            if limit is not None and len(entries) > limit:
                entry = entries[limit]  # the first copy over the cap
                problem("event-copies", f"the list has {len(entries)} {card.title}; {self.where} allows at most "
                        f"{limit} of any one {card.kind.label} in a list — remove {len(entries) - limit}",
                        (entry.line, entry.column), card.id)  # fmt: skip
        for name, ids, limit in self.copies_of:
            found = [e for e in fielded if e.card is not None and e.card.id in ids]
            if len(found) > limit:
                entry = found[limit]
                problem("event-copies", f"the list has {count(len(found), 'copy', 'copies')} of {name}; "
                        f"{self.where} allows at most {limit} — remove {len(found) - limit}",
                        (entry.line, entry.column), entry.card.id if entry.card else None)  # fmt: skip

    def _reinforcements(self, army: ArmyList, problem: Any) -> None:
        declared = [e for e in army.reinforcements if e.card is not None]
        if not declared:
            return
        if self.reinforcement_points is None:
            problem("event-reinforcements", f"{self.where} takes no reinforcements; remove `reinforcements:` "
                    "from the list", army.pos("reinforcements"))  # fmt: skip
            return
        total = sum(e.card.points for e in declared if e.card is not None)
        if total > self.reinforcement_points:
            over = total - self.reinforcement_points
            problem("event-reinforcements", f"the reinforcements cost {total} points; {self.where} allows up "
                    f"to {self.reinforcement_points} — drop {count(over, 'point')} of them",
                    army.pos("reinforcements"))  # fmt: skip

    # --- across a player's or a team's lists ----------------------------------------------------------

    def cross_key(self, report: Report[Any]) -> ListFacts | None:
        army: ArmyList | None = report.model
        ctx: Army | None = report.context
        if army is None or ctx is None:
            return None
        cards = [card for _, card in ctx.pairs]
        moved = report.converted  # positions would point into YAML the player never saw

        def at(pos: tuple[int, int]) -> tuple[int, int]:
            return (0, 0) if moved else pos

        neutral = 0
        neutral_pos = army.pos("faction")
        if ctx.faction != NEUTRAL:
            neutral = ctx.neutral_total + sum(
                e.card.points for e in army.reinforcements if e.card is not None and e.card.is_neutral
            )
            first = next((e for e, card in ctx.pairs if card.is_neutral), None)
            if first is not None:
                neutral_pos = (first.line, first.column)
        return ListFacts(
            army.faction.key if army.faction else None,
            army.faction.name if army.faction else None,
            at(army.pos("faction")),
            ctx.points,
            ctx.total,
            neutral,
            at(neutral_pos),
            unmatched(self.per_player.includes, cards),
            unmatched(self.per_team.includes, cards),
        )

    def cross_check(self, group: Sequence[CrossItem], scope: str, name: str) -> dict[int, list[Problem]]:
        rules = self.per_player if scope == "player" else self.per_team
        out: dict[int, list[Problem]] = {}
        if not rules or not group:
            return out
        if scope == "team" and rules.players is not None:  # every list counts here, readable or not
            players = list(dict.fromkeys(item.player.casefold() for item in group))
            if len(players) != rules.players:
                message = (
                    f"team {name} has lists from {count(len(players), 'player')}; a team at {self.where} is "
                    f"{rules.players} players — add or move players (the lists' `team:` or the event's `teams:`)"
                )
                for i, item in enumerate(group):
                    line, column = item.key.faction_pos if isinstance(item.key, ListFacts) else (1, 1)
                    out.setdefault(i, []).append(Problem("event-team-size", Severity.ERROR, message, item.path,
                                                         line, column))  # fmt: skip
        keep = [i for i, item in enumerate(group) if isinstance(item.key, ListFacts)]
        if keep:
            for j, problems in self._together([group[i] for i in keep], scope, name, rules).items():
                out.setdefault(keep[j], []).extend(problems)
        return out

    def _together(
        self, group: Sequence[CrossItem], scope: str, name: str, rules: GroupRules
    ) -> dict[int, list[Problem]]:
        """The rules of a group on the lists whose facts were kept (the readable lists of this game)."""
        out: dict[int, list[Problem]] = {}
        facts: list[ListFacts] = [item.key for item in group]
        whose = f"{name}'s lists" if scope == "player" else f"team {name}'s lists"

        def each(rule: str, message: str, where: Iterable[int] | None = None, pos: str = "faction_pos") -> None:
            for i in range(len(group)) if where is None else where:
                spot = getattr(facts[i], pos)
                out.setdefault(i, []).append(
                    Problem(rule, Severity.ERROR, message, group[i].path, spot[0], spot[1])
                )

        if scope == "team" and rules.factions is not None:
            self._team_factions(group, facts, rules.factions, each)
        if rules.includes:
            lacks = [f.lacks_player if scope == "player" else f.lacks_team for f in facts]
            if all(lacks):
                wanted = and_list([f.text for f in rules.includes])
                best = min(range(len(group)), key=lambda i: len(lacks[i]))
                missing = and_list([rules.includes[i].text for i in lacks[best]])
                each("event-includes", f"{self.where} wants one of {whose} to include {wanted}"
                     f"{', each a different card' if len(rules.includes) > 1 else ''}; none does "
                     f"(closest: {group[best].path}, which lacks {missing}) — add them to one list")  # fmt: skip
        if rules.neutral_cap is not None:
            sizes = [f.size for f in facts]
            if all(s is not None for s in sizes):
                combined = sum(s for s in sizes if s is not None)
                cap = rules.neutral_cap.of(combined)
                neutral = sum(f.neutral for f in facts)
                if neutral > cap:
                    parts = ", ".join(f"{f.neutral} in {item.path}" for f, item in zip(facts, group, strict=True))
                    half = f"half of their combined {combined}" if rules.neutral_cap.points is None else "the event's cap"
                    each("event-neutral-cap", f"the neutral cards of {whose} cost {neutral} points together "
                         f"({parts}), over the cap of {cap} ({half}); drop or swap "
                         f"{count(neutral - cap, 'point')} of neutral cards in any of them",
                         [i for i, f in enumerate(facts) if f.neutral] or None, pos="neutral_pos")  # fmt: skip
        return out

    def _team_factions(self, group: Sequence[CrossItem], facts: list[ListFacts], rule: str, each: Any) -> None:
        known = [(i, f) for i, f in enumerate(facts) if f.faction is not None]
        if rule == "same":
            if len({f.faction for _, f in known}) > 1:
                sides = ", ".join(f"{group[i].path} is {f.faction_name}" for i, f in known)
                each("event-team-factions", f"the lists of a team at {self.where} must be of the same faction: "
                     f"{sides} — rebuild them as one faction", [i for i, _ in known])  # fmt: skip
            return
        by_faction: dict[str, list[int]] = {}
        for i, f in known:
            by_faction.setdefault(f.faction or "", []).append(i)
        for members in by_faction.values():
            if len(members) > 1:
                name = facts[members[0]].faction_name
                paths = and_list([group[i].path for i in members])
                each("event-team-factions", f"the lists of a team at {self.where} must be of different "
                     f"factions; {paths} are all {name} — rebuild one as another faction", members)  # fmt: skip

    def figures(self, group: Sequence[CrossItem], scope: str) -> dict[str, Any]:
        facts: list[ListFacts] = [item.key for item in group if isinstance(item.key, ListFacts)]
        sizes = [f.size for f in facts]
        combined = sum(s for s in sizes if s is not None) if all(s is not None for s in sizes) else None
        rules = self.per_player if scope == "player" else self.per_team
        cap = rules.neutral_cap.of(combined) if rules.neutral_cap is not None and combined is not None else None
        totals = [f.total for f in facts]
        return {
            "points": combined,
            "total": sum(t for t in totals if t is not None) if all(t is not None for t in totals) else None,
            "neutral_total": sum(f.neutral for f in facts),
            "neutral_cap": cap,
            "factions": [f.faction for f in facts],
        }

    def team_problems(self, team_players: Any) -> list[tuple[str, str]]:
        size = self.per_team.players
        if size is None:
            return []
        return [
            (f"team {team} has {count(len(players), 'player')}; a team at {self.where} is {size} players", team)
            for team, players in team_players.items()
            if len(players) != size
        ]

    # --- for the players' pack ----------------------------------------------------------------------

    def explain(self) -> list[str]:
        out: list[str] = []
        names = self.faction_names
        if self.factions is not None:
            out.append(f"Allowed factions: {and_list(sorted(names.get(f, f) for f in self.factions))}.")
        if self.allowed_cards is not None:
            out.append(f"Only these cards may be fielded: {card_list(self.allowed_cards.values())}.")
        if self.banned_cards:
            out.append(f"Banned cards (every version of a bare name): {card_list(self.banned_cards.values())}.")
        if self.banned_characters:
            out.append(f"Banned characters (every card of each): {card_list(self.banned_characters)}.")
        for kind, limit in self.copies_per_kind.items():
            out.append(f"A list holds at most {limit} of any one {kind.label}.")
        for name, _, limit in self.copies_of:
            out.append(f"A list holds at most {limit} of {name}.")
        if self.newest_season is not None:
            out.append(
                f"Cards of a season after {self.newest_season[0]} are not allowed (a card's season is its version "
                "in the card data: 2021, 2021-S01 to 2021-S03, S04, S05, S06, …)."
            )
        if not self.preview_cards:
            out.append("Preview and playtest cards are not allowed.")
        if not self.homebrew_cards:
            out.append("Homebrew cards (cards that are not in the official card data) are not allowed.")
        if self.reinforcement_points is not None:
            out.append(
                f"Beside the list, a player may declare up to {count(self.reinforcement_points, 'point')} of "
                "reinforcements (`reinforcements:` in the list: NCUs or attachments, no commander) to add "
                "once during a game. They follow the list's faction, neutral and character rules, their neutral "
                "points count toward the neutral cap, and they do not count against the list's points."
            )
        if self.includes:
            out.append(f"Every list includes {and_list([f.text for f in self.includes])}{self._distinct(self.includes)}.")
        for scope, rules in (("player", self.per_player), ("team", self.per_team)):
            out.extend(self._explain_group(scope, rules))
        if "neutral-cap" in self.replaces:
            out.append(
                "This replaces each list's own neutral cap (half its points): one list may spend more on "
                "neutral cards when the others leave room."
            )
        return out

    @staticmethod
    def _distinct(filters: Sequence[CardFilter]) -> str:
        return ", each a different card" if len(filters) > 1 else ""

    def _explain_group(self, scope: str, rules: GroupRules) -> list[str]:
        out = []
        whose = "a player's lists" if scope == "player" else "a team's lists"
        if rules.players is not None:
            out.append(f"A team is {rules.players} players.")
        if rules.factions == "same":
            out.append("The lists of a team are all of the same faction.")
        elif rules.factions == "different":
            out.append("The lists of a team are each of a different faction.")
        if rules.includes:
            out.append(
                f"At least one of {whose} includes {and_list([f.text for f in rules.includes])}"
                f"{self._distinct(rules.includes)}."
            )
        if rules.neutral_cap is not None:
            out.append(
                f"The neutral cards of {whose} together cost at most {rules.neutral_cap.text} (reinforcements "
                "count; a neutral army's cards do not)."
            )
        return out


def describe_filter(kind: CardKind | None, commander: bool | None, faction_name: str | None,
                    character: bool | None, card: str | None) -> str:  # fmt: skip
    """How messages name the cards a filter counts: "a neutral NCU", "a House Stark commander"."""
    if card is not None:
        words = [card]
        if faction_name:
            words.append(f"({faction_name})")
        return " ".join(words)
    noun = kind.label if kind is not None else ("character" if character else "card")
    words = []
    if faction_name:
        words.append(faction_name)
    if character is False:
        words.append("non-character")
    elif character and kind is not None:
        words.append("character")
    if commander is True:
        words.append("commander")
    elif commander is False:
        words.append("non-commander")
    return a(" ".join([*words, noun]))
