"""ASOIAF's event vocabulary: the keys of an event file this game reads, each checked as data from a
stranger (no expressions, no code: names, numbers, true/false and small fixed mappings).

Rules per list (top-level keys): `factions`, `banned_cards`, `banned_characters`, `allowed_cards`,
`max_copies`, `newest_season`, `preview_cards`, `homebrew_cards`, `reinforcement_points`, `includes`.
Rules across a player's lists: `per_player` (`includes`, `neutral_cap`). Rules across a team's lists:
`per_team` (`players`, `factions`, `includes`, `neutral_cap`). `replaces` names the list rules an event
rule stands in for (`neutral-cap`, replaced by a `neutral_cap` per team or per player). Every problem is
collected with its position (`EventReader`) and raised together.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder import yamlpos
from armybuilder.games.asoiaf.cards import NEUTRAL, CardKind
from armybuilder.games.asoiaf.event_rules import (
    AsoiafEventRules,
    CardFilter,
    GroupRules,
    NeutralCap,
    describe_filter,
    is_preview,
    season_of,
)
from armybuilder.kit.words import closest, did_you_mean, marked
from armybuilder.text import player_key

if TYPE_CHECKING:
    from armybuilder.batch.event import EventReader
    from armybuilder.games.asoiaf.cards import Card
    from armybuilder.games.asoiaf.catalogue import Catalogue

PER_PLAYER_KEYS = ("includes", "neutral_cap")
PER_TEAM_KEYS = ("players", "factions", "includes", "neutral_cap")
FILTER_KEYS = ("kind", "faction", "character", "commander", "card")
COPIES_KEYS = ("combat_units", "attachments", "ncus", "cards")
COPIES_KINDS = {"combat_units": CardKind.COMBAT_UNIT, "attachments": CardKind.ATTACHMENT, "ncus": CardKind.NCU}
KIND_WORDS = {"combat-unit": CardKind.COMBAT_UNIT, "unit": CardKind.COMBAT_UNIT, "attachment": CardKind.ATTACHMENT,
              "ncu": CardKind.NCU}  # fmt: skip
REPLACEABLE = {"neutral-cap": "neutral_cap"}  # list rule -> the rule per player or team that stands in for it
MAX_COUNT = 1000  # copies, points: beyond this a number is a typo or hostile input
MAX_TEAM = 10
MAX_FILTERS = 20
MAX_NAMES = 2000


def event_rules(catalogue: Catalogue, data: Any, name: str, where: str) -> AsoiafEventRules:
    """Read ASOIAF's event keys from an event file; raise EventError carrying every positioned problem."""
    from armybuilder.batch.event import EventReader

    reader = EventReader(name)
    read = _Reader(catalogue, data, reader)
    rules = read.rules(where)
    reader.raise_if_any()
    return rules


class _Reader:
    def __init__(self, catalogue: Catalogue, data: yamlpos.PosMap, reader: EventReader) -> None:
        self.catalogue = catalogue
        self.data = data
        self.reader = reader

    def problem(self, message: str, pos: Any) -> None:
        self.reader.problem(message, tuple(pos) if pos is not None else None)

    def rules(self, where: str) -> AsoiafEventRules:
        data, cat = self.data, self.catalogue
        fields: dict[str, Any] = {"where": where, "faction_names": {k: f.name for k, f in cat.factions.items()}}
        present = {key for key in data if data.get(key) is not None}  # the core checked every key is known
        if "factions" in present:
            fields["factions"] = self._factions()
        if "banned_cards" in present:
            fields["banned_cards"] = self._cards("banned_cards")
        if "banned_characters" in present:
            fields["banned_characters"] = self._characters()
        if "allowed_cards" in present:
            fields["allowed_cards"] = self._cards("allowed_cards")
        if "max_copies" in present:
            fields["copies_per_kind"], fields["copies_of"] = self._copies()
        if "newest_season" in present:
            fields["newest_season"] = self._season()
        for key in ("preview_cards", "homebrew_cards"):
            if key in present:
                value = self.reader.flag(data, key)
                if value is not None:
                    fields[key] = value
        if "homebrew_cards" in present and fields.get("homebrew_cards") is False:
            fields["homebrew"] = homebrew_ids(cat)
        if "reinforcement_points" in present:
            fields["reinforcement_points"] = self.reader.whole_number(
                data, "reinforcement_points", 0, MAX_COUNT, "the points of reinforcements a player may declare"
            )
        if "includes" in present:
            fields["includes"] = self._filters(data, "includes", "includes")
        for key, known in (("per_player", PER_PLAYER_KEYS), ("per_team", PER_TEAM_KEYS)):
            if key in present:
                fields[key] = self._group(key, known)
        rules = AsoiafEventRules(**fields)
        if "replaces" in present:
            rules.replaces = self._replaces(rules)
        self._impossible(rules)
        return rules

    # --- names -------------------------------------------------------------------------------------

    def _factions(self) -> frozenset[str] | None:
        found = self.reader.names(self.data, "factions")
        if found is None:
            return None
        keys = set()
        for text, pos in found[:MAX_NAMES]:
            faction = self.catalogue.faction(text)
            if faction is None:
                self.problem(f"unknown faction {text!r} in `factions`; known factions: "
                             f"{', '.join(self.catalogue.factions)}", pos)  # fmt: skip
            else:
                keys.add(faction.key)
        return frozenset(keys)

    def _cards(self, key: str) -> dict[str, str]:
        out: dict[str, str] = {}
        for text, pos in (self.reader.names(self.data, key) or [])[:MAX_NAMES]:
            for card in self._find(text, pos, f"`{key}`"):  # a bare name means every version with that name
                out[card.id] = text
        return out

    def _find(self, text: str, pos: Any, where: str) -> list[Card]:
        found = self.catalogue.find(text)
        if not found:
            close = self.catalogue.suggest(text)
            hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
            self.problem(f"no card called '{marked(text)}' in {where}{hint}", pos)
        return found

    def _characters(self) -> frozenset[str]:
        known = {c for card in self.catalogue.cards.values() for c in card.characters}
        by_key = {player_key(c): c for c in known}
        out = set()
        for text, pos in (self.reader.names(self.data, "banned_characters") or [])[:MAX_NAMES]:
            identity = by_key.get(player_key(text))
            if identity is None:
                close = closest(text, known)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                self.problem(f"no character called '{marked(text)}' in `banned_characters`{hint}", pos)
            else:
                out.add(identity)
        return frozenset(out)

    # --- numbers and switches ------------------------------------------------------------------------

    def _copies(self) -> tuple[dict[CardKind, int], tuple[tuple[str, frozenset[str], int], ...]]:
        per_kind: dict[CardKind, int] = {}
        named: list[tuple[str, frozenset[str], int]] = []
        value = self.reader.mapping(self.data, "max_copies", "max_copies: {combat_units: 2}")
        if value is None:
            return per_kind, ()
        self.reader.unknown_keys(value, COPIES_KEYS, "`max_copies`")
        for key, kind in COPIES_KINDS.items():
            if value.get(key) is not None:
                limit = self.reader.whole_number(value, key, 1, MAX_COUNT, "a number of copies",
                                                 f"max_copies.{key}")  # fmt: skip
                if limit is not None:
                    per_kind[kind] = limit
        if value.get("cards") is not None:
            cards = self.reader.mapping(value, "cards", 'cards: {"Stark Sworn Swords": 1}', "max_copies.cards")
            for text in list(cards or ())[:MAX_NAMES]:
                assert cards is not None
                label = f"max_copies.cards.{str(text)[:40]}"
                limit = self.reader.whole_number(cards, text, 1, MAX_COUNT, "a number of copies", label)
                found = self._find(str(text), cards.key_pos.get(text), "`max_copies.cards`")
                if limit is not None and found:
                    named.append((str(text), frozenset(c.id for c in found), limit))
        return per_kind, tuple(named)

    def _season(self) -> tuple[str, int] | None:
        value = self.data["newest_season"]
        text = str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
        season = season_of(text) if re.fullmatch(r"\d{4}(-S\d{1,2})?|S\d{1,2}", text, re.IGNORECASE) else None
        if season is None:
            seasons = sorted({c.version for c in self.catalogue.cards.values()}, key=lambda v: (season_of(v) or 99, v))
            self.problem(f"`newest_season` must be a season such as S05; the card data has {', '.join(seasons)}",
                         self.data.at("newest_season"))  # fmt: skip
            return None
        return text, season

    # --- card filters --------------------------------------------------------------------------------

    def _filters(self, data: yamlpos.PosMap, key: str, label: str) -> tuple[CardFilter, ...]:
        value = data[key]
        example = "[{kind: ncu, faction: neutral}]"
        if not isinstance(value, yamlpos.PosList) or not value:
            self.problem(f"`{label}` must be a list of cards to include, e.g. `{label}: {example}`", data.at(key))
            return ()
        if len(value) > MAX_FILTERS:
            self.problem(f"`{label}` lists {len(value)} cards; an event asks for at most {MAX_FILTERS}", value.pos)
            return ()
        out = []
        for index, item in enumerate(value):
            found = self._filter(item, value.at(index), f"{label}[{index + 1}]")
            if found is not None:
                out.append(found)
        return tuple(out)

    def _filter(self, item: Any, pos: Any, label: str) -> CardFilter | None:
        if not isinstance(item, yamlpos.PosMap) or not item:
            self.problem(f"`{label}` must say which card, e.g. `{{kind: ncu, faction: neutral}}` "
                         f"(keys: {', '.join(FILTER_KEYS)})", pos)  # fmt: skip
            return None
        before = len(self.reader.problems)
        self.reader.unknown_keys(item, FILTER_KEYS, f"`{label}`")
        fields: dict[str, Any] = {}
        faction_name = None
        if item.get("kind") is not None:
            word = str(item["kind"]).casefold().replace("_", "-").replace(" ", "-")
            kind = KIND_WORDS.get(word) if isinstance(item["kind"], str) else None
            if kind is None:
                self.problem(f"`{label}.kind` must be combat-unit, attachment or ncu", item.at("kind"))
            fields["kind"] = kind
        if item.get("faction") is not None:
            faction = self.catalogue.faction(str(item["faction"])) if isinstance(item["faction"], str) else None
            if faction is None:
                self.problem(f"unknown faction in `{label}.faction`; known factions: "
                             f"{', '.join(self.catalogue.factions)}", item.at("faction"))  # fmt: skip
            else:
                fields["faction"] = faction.key
                faction_name = "neutral" if faction.key == NEUTRAL else faction.name
        for key in ("character", "commander"):
            if item.get(key) is not None:
                fields[key] = self.reader.flag(item, key, f"{label}.{key}")
        card_text = None
        if item.get("card") is not None:
            value = item["card"]
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                self.problem(f"`{label}.card` must name a card", item.at("card"))
            else:
                card_text = str(value)[:200]
                found = self._find(card_text, item.at("card"), f"`{label}.card`")
                fields["cards"] = frozenset(c.id for c in found)
        if len(self.reader.problems) > before:
            return None
        text = describe_filter(fields.get("kind"), fields.get("commander"), faction_name,
                               fields.get("character"), card_text)  # fmt: skip
        return CardFilter(text, **fields)

    def _group(self, key: str, known: tuple[str, ...]) -> GroupRules:
        example = "per_team: {players: 2, neutral_cap: half}" if key == "per_team" else "per_player: {includes: …}"
        value = self.reader.mapping(self.data, key, example)
        if value is None:
            return GroupRules()
        self.reader.unknown_keys(value, known, f"`{key}`")
        fields: dict[str, Any] = {}
        if value.get("includes") is not None:
            fields["includes"] = self._filters(value, "includes", f"{key}.includes")
        if value.get("neutral_cap") is not None:
            cap = value["neutral_cap"]
            if cap == "half":
                fields["neutral_cap"] = NeutralCap()
            else:
                points = self.reader.whole_number(value, "neutral_cap", 0, MAX_COUNT,
                                                  "`half` or a number of points", f"{key}.neutral_cap")  # fmt: skip
                if points is not None:
                    fields["neutral_cap"] = NeutralCap(points)
        if value.get("players") is not None:
            fields["players"] = self.reader.whole_number(value, "players", 2, MAX_TEAM, "the players in a team",
                                                         f"{key}.players")  # fmt: skip
        if value.get("factions") is not None:
            factions = value["factions"]
            if factions not in ("same", "different"):
                self.problem(f"`{key}.factions` must be `same` or `different`, not {_short(factions)}",
                             value.at("factions"))  # fmt: skip
            else:
                fields["factions"] = factions
        return GroupRules(**fields)

    def _replaces(self, rules: AsoiafEventRules) -> frozenset[str]:
        from armybuilder.games.asoiaf.rules import RULES

        out = set()
        for text, pos in (self.reader.names(self.data, "replaces") or [])[:MAX_NAMES]:
            if text not in RULES:
                hint = did_you_mean(text, RULES.ids(), f"list rules: {', '.join(RULES.ids())}")
                self.problem(f"`replaces`: no list rule called {text!r}; {hint}", pos)
            elif text not in REPLACEABLE:
                self.problem(f"`replaces`: {text} cannot be replaced; an event replaces only "
                             f"{', '.join(REPLACEABLE)} (by a `neutral_cap` under `per_team` or `per_player`)",
                             pos)  # fmt: skip
            elif all(getattr(g, REPLACEABLE[text]) is None for g in (rules.per_team, rules.per_player)):
                self.problem(f"`replaces: [{text}]` needs a `{REPLACEABLE[text]}` under `per_team` or "
                             f"`per_player` to stand in for it; add one, or drop `replaces`", pos)  # fmt: skip
            else:
                out.add(text)
        return frozenset(out)

    # --- rules that no list could meet together ------------------------------------------------------

    def _impossible(self, rules: AsoiafEventRules) -> None:
        data = self.data
        if rules.allowed_cards is not None:
            both = sorted({rules.allowed_cards[i] for i in rules.allowed_cards if i in rules.banned_cards})
            if both:
                self.problem(f"{', '.join(both)}: both in `allowed_cards` and in `banned_cards`; keep one",
                             data.at("allowed_cards"))  # fmt: skip
            if rules.allowed_cards and not any(self.catalogue.cards[i].commander for i in rules.allowed_cards):
                self.problem("`allowed_cards` names no commander, so no list could be legal; add the commanders "
                             "the event allows", data.at("allowed_cards"))  # fmt: skip
        team = rules.per_team
        if team.factions == "different" and rules.factions is not None:
            room = len(rules.factions)
            if (team.players is not None and room < team.players) or room < 2:
                self.problem(f"`per_team.factions: different` needs as many factions as players in a team, but "
                             f"`factions` allows {room}", data.at("per_team"))  # fmt: skip
        allowed = [c for c in self.catalogue.cards.values() if self._allowed(rules, c)]
        for key, filters in (("includes", rules.includes), ("per_player", rules.per_player.includes),
                             ("per_team", rules.per_team.includes)):  # fmt: skip
            for wanted in filters:
                if not any(wanted.matches(c) for c in allowed):
                    self.problem(f"`{key}` asks for {wanted.text}, but no card the event allows is one; "
                                 "change the rule or the cards the event allows", data.at(key))  # fmt: skip

    @staticmethod
    def _allowed(rules: AsoiafEventRules, card: Card) -> bool:
        """Whether the event lets any list field this card (bans, the allowed cards, factions, seasons)."""
        if card.id in rules.banned_cards or any(c in rules.banned_characters for c in card.characters):
            return False
        if rules.allowed_cards is not None and card.id not in rules.allowed_cards:
            return False
        if rules.factions is not None and card.faction != NEUTRAL and card.faction not in rules.factions:
            return False
        if rules.newest_season is not None:
            season = season_of(card.version)
            if season is None or season > rules.newest_season[1]:
                return False
        return (rules.preview_cards or not is_preview(card)) and (rules.homebrew_cards or card.id not in rules.homebrew)


def homebrew_ids(catalogue: Catalogue) -> frozenset[str]:
    """The cards of a data folder that are not in the bundled card data (a new id, or an id whose name or
    faction differs): homebrew cards. Empty for the bundled data itself."""
    from armybuilder.games.asoiaf.catalogue import bundled_data_dir, load_catalogue

    try:
        if catalogue.root and bundled_data_dir().resolve() == Path(catalogue.root).resolve():
            return frozenset()
    except OSError:  # an unreadable folder is no reason to skip the comparison
        pass
    official = load_catalogue()
    return frozenset(
        card.id
        for card in catalogue.cards.values()
        if (known := official.cards.get(card.id)) is None or (known.title, known.faction) != (card.title, card.faction)
    )


def _short(value: Any) -> str:
    from armybuilder.batch.event import short

    return short(value)
