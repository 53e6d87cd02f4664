"""Checking one ASOIAF list: load it, build the army context, run every rule, and report."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from armybuilder.games.base import DEFAULT_OPTIONS, EMPTY_SUMMARY, Options, Report, Summary, Tally

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.armylist import ArmyList
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.context import Army
    from armybuilder.games.asoiaf.deck import Deck

GAME = "asoiaf"


@dataclass
class ListReport(Report):
    """The verdict on one army list: `model` is the ArmyList, `context` the Army the rules read."""

    @property
    def army(self) -> ArmyList:
        army: ArmyList = self.model
        return army

    @property
    def deck(self) -> Deck | None:
        """The list's tactics deck (built once, during validation), when it has exactly one commander."""
        return self.context.deck if self.context is not None else None


def summarize(army: ArmyList, ctx: Army | None) -> Summary:
    """What every reporter and batch row reads of a checked list."""
    commander = ctx.commander if ctx else None
    points = ctx.points if ctx else army.points
    total = ctx.total if ctx else None
    neutral_total = ctx.neutral_total if ctx else None
    neutral_cap = ctx.neutral_cap if ctx else None
    tallies: tuple[Tally, ...] = ()
    if total is not None and points is not None:
        tallies = (Tally("points", total, points),)
        if neutral_cap is not None:
            tallies += (Tally("neutral", neutral_total, neutral_cap),)
    return Summary(
        title=army.name,
        player=army.player,
        team=army.team,
        side=army.faction_key,
        side_name=army.faction.name if army.faction else None,
        leader=commander.title if commander else None,
        tallies=tallies,
        fielded=tuple(e.card.id for e in army.entries() if e.card is not None),
        details={
            "name": army.name,
            "player": army.player,
            "faction": army.faction_key,
            "points": points,
            "total": total,
            "neutral_total": neutral_total,
            "neutral_cap": neutral_cap,
            "commander": commander.title if commander else None,
        },
    )


def validate(army: ArmyList, catalogue: Catalogue, options: Options | None = None) -> ListReport:
    """Check a loaded list against every rule; never raises for anything wrong with the list."""
    from armybuilder.games.asoiaf.context import Army
    from armybuilder.games.asoiaf.rules import REGISTRY

    options = options or DEFAULT_OPTIONS
    report = ListReport(army.path, GAME, strict=options.strict, summary=EMPTY_SUMMARY, model=army)
    problems = list(army.problems)
    ctx = None
    if army.readable:
        ctx = Army.build(army, catalogue, options.points)
        report.context = ctx
        for rule in REGISTRY.values():
            problems.extend(rule.check(ctx))
    report.add(problems)
    report.summary = summarize(army, ctx)
    return report


def validate_team(reports: list[ListReport]) -> None:
    """Team-mates may not field the same character: add a problem to each later list that repeats one."""
    from armybuilder.games.asoiaf.rules.unique_character import team_problems

    for report, problems in zip(reports, team_problems(reports), strict=True):
        report.add(problems)


def validate_path(path: str, catalogue: Catalogue, options: Options | None = None) -> ListReport:
    """Load a list file and validate it; an unreadable file is an invalid list, never an exception."""
    from armybuilder.games.asoiaf.armylist import load_list

    return validate(load_list(path, catalogue), catalogue, options)


def validate_text(
    text: str | bytes, catalogue: Catalogue, path: str, options: Options | None = None
) -> ListReport:
    """Validate a list given as YAML text (from stdin, an archive, a test)."""
    from armybuilder.games.asoiaf.armylist import load_list_text

    return validate(load_list_text(text, catalogue, path), catalogue, options)
