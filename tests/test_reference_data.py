"""The bundled season 2025.02 says what the shared reference card facts say, card by card.

The reference lives beside the checkout (../shared/reference/asoiaf-cards, or where ASOIAF_REFERENCE
points); without it the test is skipped. Later seasons (data/seasons/) change 2025.02 and are compared with
it by tests/test_seasons.py.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
import yaml

from armybuilder.games.asoiaf.cards import Card, CardKind, Condition, Requirement
from armybuilder.games.asoiaf.catalogue import Catalogue, load_catalogue

REFERENCE = Path(
    os.environ.get("ASOIAF_REFERENCE")
    or Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "asoiaf-cards"
)
SEASON = "2025.02"  # the season the reference describes
LIST_KINDS = {"combat_units": CardKind.COMBAT_UNIT, "attachments": CardKind.ATTACHMENT, "ncus": CardKind.NCU}

pytestmark = pytest.mark.skipif(
    not REFERENCE.is_dir(), reason=f"reference card facts not found at {REFERENCE} (a checkout detail)"
)


def _empty(value: Any) -> bool:
    return value is None or value == [] or value == () or value == {}


def clean(value: Any) -> Any:
    """Plain, comparable data: lists for tuples, and no empty fields in mappings."""
    if isinstance(value, dict):
        return {k: clean(v) for k, v in value.items() if not _empty(v)}
    if isinstance(value, list | tuple):
        return [clean(v) for v in value]
    return value


def condition_dict(condition: Condition) -> dict[str, Any]:
    out: dict[str, Any] = {
        "in_army_any_of": list(condition.in_army_any_of),
        "attached_to_unit_of": condition.attached_to_unit_of,
    }
    if condition.attached_to_this_unit:
        out["attached_to_this_unit"] = True
    return clean(out)  # type: ignore[no-any-return]


def requirement_dict(req: Requirement) -> dict[str, Any]:
    """Our requirement as the reference writes it: `{kind, fields}` without empty fields."""
    out: dict[str, Any] = {}
    for f in fields(req):
        value = getattr(req, f.name)
        if f.name == "condition" and value is not None:
            value = condition_dict(value)
        elif f.name == "applies_to" and isinstance(value, tuple):
            value = {"any_of": list(value)}
        out[f.name] = value
    return clean(out)  # type: ignore[no-any-return]


def reference_files() -> Iterator[dict[str, Any]]:
    for path in sorted(REFERENCE.glob("*.yaml")):
        if path.name != "factions.yaml":
            yield yaml.safe_load(path.read_text(encoding="utf-8"))


def reference_card(raw: dict[str, Any], faction: str, kind: CardKind) -> dict[str, Any]:
    cost = raw["cost"]
    out = {
        "faction": faction,
        "kind": str(kind),
        "name": raw["name"],
        "subname": raw.get("subname"),
        "version": raw["version"],
        "cost": None if cost == "C" else cost,
        "type": raw.get("type"),
        "tray": raw.get("tray"),
        "commander": bool(raw.get("commander")),
        "character": bool(raw.get("character")),
        "characters": raw.get("characters") or [],
        "abilities": raw.get("abilities") or [],
        "speed": raw.get("speed"),
        "defense": raw.get("defense"),
        "morale": raw.get("morale"),
        "wounds": raw.get("wounds"),
        "attacks": raw.get("attacks") or [],
        "tactics": [t["id"] for t in raw.get("tactics") or []],
        "replaces_faction_tactics": raw.get("replaces_faction_tactics") == "all",
        "requirements": [clean(r) for r in raw.get("requirements") or []],
    }
    return clean(out)  # type: ignore[no-any-return]


def our_card(card: Card) -> dict[str, Any]:
    out = {
        "faction": card.faction,
        "kind": str(card.kind),
        "name": card.name,
        "subname": card.subname,
        "version": card.version,
        "cost": card.cost,
        "type": card.type,
        "tray": card.tray,
        "commander": card.commander,
        "character": card.character,
        "characters": list(card.characters),
        "abilities": list(card.abilities),
        "speed": card.speed,
        "defense": card.defense,
        "morale": card.morale,
        "wounds": card.wounds,
        "attacks": [
            {"name": a.name, "type": a.type, "hit": a.hit, "dice": list(a.dice)} for a in card.attacks
        ],
        "tactics": list(card.tactics),
        "replaces_faction_tactics": card.replaces_faction_tactics,
        "requirements": [requirement_dict(r) for r in card.requirements],
    }
    return clean(out)  # type: ignore[no-any-return]


def differences(ours: dict[str, Any], theirs: dict[str, Any]) -> list[str]:
    out = []
    for key in sorted(set(ours) | set(theirs)):
        if ours.get(key) != theirs.get(key):
            out.append(f"  {key}: ours {ours.get(key)!r}\n  {' ' * len(key)}  reference {theirs.get(key)!r}")
    return out


def compare(catalogue: Catalogue) -> list[str]:
    """Every difference between the catalogue and the reference, as readable lines."""
    report: list[str] = []
    seen_cards: set[str] = set()
    seen_tactics: set[str] = set()
    seen_specials: set[str] = set()

    def note(what: str, diffs: list[str]) -> None:
        if diffs:
            report.append(what + ":\n" + "\n".join(diffs))

    for ref in reference_files():
        faction = ref["faction"]
        for key, kind in LIST_KINDS.items():
            for raw in ref.get(key) or []:
                ident = raw["id"]
                seen_cards.add(ident)
                card = catalogue.cards.get(ident)
                if card is None:
                    report.append(f"card {ident} {raw['name']} ({faction}): missing from the bundled data")
                    continue
                note(
                    f"card {ident} {card.title}",
                    differences(our_card(card), reference_card(raw, faction, kind)),
                )
        for raw in ref.get("tactics") or []:
            ident = raw["id"]
            seen_tactics.add(ident)
            tactic = catalogue.tactics.get(ident)
            if tactic is None:
                report.append(f"tactics card {ident} {raw['name']}: missing from the bundled data")
                continue
            theirs = {
                "faction": faction,
                "name": raw["name"],
                "version": raw["version"],
                "commander_id": raw["commander_id"],
                "replaces": raw["replaces"],
            }
            ours = {
                "faction": tactic.faction,
                "name": tactic.name,
                "version": tactic.version,
                "commander_id": tactic.commander,
                "replaces": tactic.replaces,
            }
            note(f"tactics card {ident} {tactic.name}", differences(clean(ours), clean(theirs)))
        for raw in ref.get("specials") or []:
            ident = raw["id"]
            seen_specials.add(ident)
            special = catalogue.specials.get(ident)
            if special is None:
                report.append(f"special card {ident} {raw['name']}: missing from the bundled data")
                continue
            theirs = {
                "faction": faction,
                "name": raw["name"],
                "type": raw["type"],
                "version": raw["version"],
                "used_by": raw.get("used_by") or [],
                "note": raw.get("note"),
                "effects": [clean(e) for e in raw["effects"]],
            }
            ours = {
                "faction": special.faction,
                "name": special.name,
                "type": special.type,
                "version": special.version,
                "used_by": list(special.used_by),
                "note": special.note,
                "effects": [requirement_dict(e) for e in special.effects],
            }
            note(f"special card {ident} {special.name}", differences(clean(ours), clean(theirs)))
    for ident in sorted(set(catalogue.cards) - seen_cards):
        report.append(f"card {ident} {catalogue.cards[ident].title}: not in the reference")
    for ident in sorted(set(catalogue.tactics) - seen_tactics):
        report.append(f"tactics card {ident}: not in the reference")
    for ident in sorted(set(catalogue.specials) - seen_specials):
        report.append(f"special card {ident}: not in the reference")
    return report


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ARMYBUILDER_NO_CACHE", "1")  # compare what the files say, not a cache
        return load_catalogue(version=SEASON)


def test_bundled_cards_match_the_reference(catalogue: Catalogue) -> None:
    report = compare(catalogue)
    if report:
        pytest.fail(f"{len(report)} difference(s) from {REFERENCE}:\n\n" + "\n\n".join(report), pytrace=False)


def test_reference_comparison_can_fail(catalogue: Catalogue) -> None:
    """The comparison is not vacuous: a changed cost and a changed requirement are both caught."""
    from dataclasses import replace

    card = catalogue.cards["10204"]  # Grey Wind: requires Robb Stark
    changed = replace(
        card, cost=(card.cost or 0) + 1, requirements=(replace(card.requirements[0], any_of=("Rob Stark",)),)
    )
    broken = replace(catalogue, cards={**catalogue.cards, "10204": changed})
    report = compare(broken)
    assert len(report) == 1
    assert "cost: ours 4" in report[0] and "reference 3" in report[0]
    assert "Rob Stark" in report[0]


def test_the_season_is_the_reference_s(catalogue: Catalogue) -> None:
    assert catalogue.data_version == SEASON


def test_reference_counts(catalogue: Catalogue) -> None:
    assert (len(catalogue.cards), len(catalogue.tactics), len(catalogue.specials)) == (521, 344, 11)
    assert sum(c.commander for c in catalogue.cards.values()) == 84


def test_the_newest_season_differs_from_the_reference_where_data_diff_says() -> None:
    """What `data diff 2025.02 <newest>` reports is exactly what sets the newest season apart from the
    reference: no change slips in unreported, none is reported that is not there."""
    import re

    from armybuilder.games.asoiaf.seasondiff import diff_catalogues

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ARMYBUILDER_NO_CACHE", "1")
        old, new = load_catalogue(version=SEASON), load_catalogue()
    assert new.data_version != SEASON
    against_reference = {re.findall(r"\d{5}", line.split(":")[0])[0] for line in compare(new)}
    reported = {m for line in diff_catalogues(old, new) for m in re.findall(r"\((\d{5})\)", line)[:1]}
    assert against_reference == reported
    assert against_reference  # the newest season changes something
