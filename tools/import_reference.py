"""One-off bootstrap: write the project's readable card data from the shared reference facts.

The files under data/ (the full set of season 2025.02; later seasons are change sets in data/seasons/) are
maintained by hand afterwards; this script documents how they were first made and can re-create them when
the reference is refreshed (review the diff before committing; it never touches data/seasons/).
Usage: python tools/import_reference.py ../shared/reference/asoiaf-cards data
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

FACTIONS = [
    "stark", "lannister", "freefolk", "nightswatch", "baratheon", "targaryen",
    "greyjoy", "martell", "bolton", "brotherhood", "neutral",
]
# Where the reference README names the source snapshot of a faction file.
SOURCES = {
    "bolton": "0a51b9b7a9a9cfe0dd50da8c8dfeb845d43c7125 (NCU flags, specials: 076b1dbc596c1781f6f34969aed578d16cf992a2)",
    "brotherhood": "05e536ac6f8c95a45500e7325996ab921076ad51",
    "greyjoy": "163b8e7f529191987686775f9938b55cfa2878fa",
    "martell": "0c0d0552cb73434027b8f5a4fd3d1cecb0f784d6 (names, costs, versions, stats: February 2025 snapshot)",
}
DEFAULT_SOURCE = "0a51b9b7a9a9cfe0dd50da8c8dfeb845d43c7125"
# Seasons in release order, used to name the newest season a faction's cards were printed in.
SEASON_ORDER = ["2021", "2021-S01", "2021-S02", "2021-S03", "S04", "S05", "S06"]
DATA_VERSION = "2025.02"
SNAPSHOT = "2025-02"


def q(value: Any) -> str:
    """A scalar as YAML flow text: strings always double-quoted (JSON escaping is valid YAML)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(q(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {q(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


def card_lines(card: dict[str, Any], kind: str, in_commanders: bool) -> list[str]:
    out = [f'  - id: {q(card["id"])}', f'    name: {q(card["name"])}']
    if card.get("subname") is not None:
        out.append(f'    subname: {q(card["subname"])}')
    if in_commanders:
        out.append(f"    kind: {kind}")
    out.append(f'    version: {q(card["version"])}')
    if "type" in card:
        out.append(f'    type: {card["type"]}')
    if "tray" in card:
        out.append(f'    tray: {card["tray"]}')
    cost = card["cost"]
    if in_commanders and cost != "C":
        out.append(f"    cost: {q(cost)}  # a commander with a printed cost")
    else:
        out.append(f"    cost: {q(cost)}")
    if kind == "combat-unit":
        out.append(
            "    stats: {"
            + ", ".join(f"{k}: {q(card[k])}" for k in ("speed", "defense", "morale", "wounds"))
            + "}"
        )
        out.append("    attacks:")
        for attack in card["attacks"]:
            out.append(f"      - {q(attack)}")
    out.append(f'    abilities: {q(card["abilities"])}')
    if card["character"]:
        chars = card["characters"]
        note = card.get("character_note")
        comment = f"  # {note}" if note else ""
        if chars != [card["name"]] and not note:
            comment = "  # identity differs from the card name"
        out.append(f"    characters: {q(chars)}{comment}")
    if card.get("commander") and not in_commanders:
        raise ValueError(f"commander outside commanders: {card['id']}")
    if in_commanders:
        out.append("    tactics:")
        for t in card["tactics"]:
            out.append(f"      - {q(t)}")
        if card.get("replaces_faction_tactics"):
            out.append(f'    replaces_faction_tactics: {q(card["replaces_faction_tactics"])}')
    if card["requirements"]:
        out.append("    requirements:")
        for r in card["requirements"]:
            out.append(f"      - {q(r)}")
    return out


def header(faction: str, what: str) -> list[str]:
    return [
        f"# {what} of faction {faction}. Facts only: names, numbers and flags (no rules text or lore).",
        "# Fields: see README.md (Card data). Edit by hand; `armybuilder data check` validates the result.",
        f"faction: {faction}",
    ]


def write(path: Path, lines: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(ref: Path, out: Path) -> None:
    names = {f["key"]: f["name"] for f in yaml.safe_load((ref / "factions.yaml").read_text())["factions"]}
    faction_rows = []
    for faction in FACTIONS:
        src = yaml.safe_load((ref / f"{faction}.yaml").read_text(encoding="utf-8"))
        assert src["faction"] == faction
        groups: dict[str, list[tuple[dict[str, Any], str]]] = {"units": [], "attachments": [], "ncus": []}
        commanders: list[tuple[dict[str, Any], str]] = []
        for key, kind, folder in (
            ("combat_units", "combat-unit", "units"),
            ("attachments", "attachment", "attachments"),
            ("ncus", "ncu", "ncus"),
        ):
            for card in src.get(key) or []:
                (commanders if card.get("commander") else groups[folder]).append((card, kind))
        titles = {"units": "Combat units", "attachments": "Attachments", "ncus": "Non-combat units (NCUs)"}
        listkeys = {"units": "combat_units", "attachments": "attachments", "ncus": "ncus"}
        for folder, cards in groups.items():
            lines = header(faction, titles[folder]) + [f"{listkeys[folder]}:" + ("" if cards else " []")]
            for card, kind in cards:
                lines += card_lines(card, kind, in_commanders=False)
            write(out / folder / f"{faction}.yaml", lines)
        lines = header(faction, "Commanders (cost C unless noted; `kind` says where the card is placed)")
        lines.append("commanders:" + ("" if commanders else " []"))
        for card, kind in commanders:
            lines += card_lines(card, kind, in_commanders=True)
        write(out / "commanders" / f"{faction}.yaml", lines)

        tactics = src.get("tactics") or []
        lines = header(faction, "Tactics cards (7 faction cards, then each commander's own)")
        lines.append("faction_tactics:")
        for t in tactics:
            if t["commander_id"] is None:
                lines.append(f'  - {{id: {q(t["id"])}, name: {q(t["name"])}, version: {q(t["version"])}}}')
        lines.append("commander_tactics:")
        for t in tactics:
            if t["commander_id"] is None:
                continue
            row = {"id": t["id"], "name": t["name"], "version": t["version"], "commander": t["commander_id"]}
            if t.get("replaces") is not None:
                row["replaces"] = t["replaces"]
            comment = f'  # {t["replaces_note"]}' if t.get("replaces_note") else ""
            lines.append(f"  - {q(row)}{comment}")
        write(out / "tactics" / f"{faction}.yaml", lines)

        specials = src.get("specials") or []
        if specials:
            lines = header(faction, "Special cards (faction rules, alternate commanders, army-building effects)")
            lines.append("specials:")
            for s in specials:
                lines.append(f'  - id: {q(s["id"])}')
                lines.append(f'    name: {q(s["name"])}')
                lines.append(f'    type: {s["type"]}')
                lines.append(f'    version: {q(s["version"])}')
                lines.append(f'    used_by: {q(s["used_by"])}')
                if s.get("note"):
                    lines.append(f'    note: {q(s["note"])}')
                lines.append("    effects:")
                for e in s["effects"]:
                    lines.append(f"      - {q(e)}")
            write(out / "specials" / f"{faction}.yaml", lines)

        versions = {c["version"] for k in ("combat_units", "attachments", "ncus") for c in src.get(k) or []}
        season = max(versions, key=SEASON_ORDER.index)
        faction_rows.append(
            f'  - {{key: {faction}, name: {q(names[faction])}, season: {q(season)}, '
            f'source: {q(SOURCES.get(faction, DEFAULT_SOURCE))}}}'
        )
    lines = [
        "# The card data set: its version, and every faction with the newest card season its cards were",
        "# printed in and the community-database snapshot they were read from. Costs change between",
        "# seasons: `data_version` is what validation reports and what an event file pins.",
        f'data_version: "{DATA_VERSION}"',
        f'snapshot: "{SNAPSHOT}"',
        "factions:",
        *faction_rows,
    ]
    write(out / "factions.yaml", lines)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
