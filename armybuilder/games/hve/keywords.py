"""The command keywords of the seed (指令关键词) and their qualifiers: names, Chinese names and arguments.

Facts only: what each keyword takes (no number, a number, ranged's 1-3, drive's optional number, a unit
name) and which qualifiers may follow it. Keyword and qualifier names are compared exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Arg(Enum):
    """What a keyword takes after its name."""

    NONE = "none"  # no number: `- melee`
    NUMBER = "number"  # an integer ≥ 1: `{grapple: 1}`
    RANGE = "range"  # 1, 2 or 3 (ranged)
    OPTIONAL = "optional"  # none or an integer ≥ 1 (drive)
    UNIT = "unit"  # a unit name (mount, dismount)


@dataclass(frozen=True)
class KeywordInfo:
    """A keyword the cards use: its English and Chinese names, what it takes, its qualifiers."""

    name: str
    zh: str
    arg: Arg
    qualifiers: tuple[str, ...] = ()


@dataclass(frozen=True)
class QualifierInfo:
    """A qualifier of a keyword: its names and the keyword it belongs to."""

    name: str
    zh: str
    parent: str
    numbered: bool = False  # encircle takes its own number


def _k(name: str, zh: str, arg: Arg, *qualifiers: str) -> KeywordInfo:
    return KeywordInfo(name, zh, arg, qualifiers)


KEYWORDS: dict[str, KeywordInfo] = {
    k.name: k
    for k in (
        _k("melee", "近战", Arg.NONE),
        _k("ranged", "远程", Arg.RANGE),
        _k("maneuver", "机动", Arg.NUMBER, "approach", "eight-way", "cover"),
        _k("grapple", "缠斗", Arg.NUMBER),
        _k("counter", "反击", Arg.NONE),
        _k("steadfast", "坚阵", Arg.NONE, "all-round", "frontal"),
        _k("bronze-armour", "铜甲", Arg.NUMBER),
        _k("push", "推进", Arg.NONE),
        _k("swap", "替换", Arg.NONE, "undaunted", "timid"),
        _k("coordination", "协同", Arg.NUMBER),
        _k("charge", "冲锋", Arg.NUMBER),
        _k("direct-fire", "直射", Arg.NUMBER),
        _k("flank", "侧翼", Arg.NUMBER),
        _k("pursuit", "追猎", Arg.NUMBER),
        _k("pierce", "穿透", Arg.NONE),
        _k("arrow-rain", "箭雨", Arg.NONE),
        _k("wolf-pack", "狼群", Arg.NONE),
        _k("self-wound", "受伤", Arg.NONE),
        _k("barrage", "弹幕", Arg.NUMBER),
        _k("mount", "上马", Arg.UNIT),
        _k("dismount", "下马", Arg.UNIT),
        _k("support", "支援", Arg.NUMBER, "encircle"),
        _k("crewed", "操纵", Arg.NONE),
        _k("respite", "喘息", Arg.NUMBER),
        _k("rally", "振奋", Arg.NUMBER),
        _k("whole-army", "全军", Arg.NONE),
        _k("momentary", "当下", Arg.NONE),
        _k("quick-response", "快速响应", Arg.NONE),
        _k("drive", "驱赶", Arg.OPTIONAL),
        _k("turn", "转向", Arg.NONE),
    )
}

QUALIFIERS: dict[str, QualifierInfo] = {
    q.name: q
    for q in (
        QualifierInfo("approach", "逼近", "maneuver"),
        QualifierInfo("eight-way", "八向", "maneuver"),
        QualifierInfo("cover", "掩护", "maneuver"),
        QualifierInfo("all-round", "全向", "steadfast"),
        QualifierInfo("frontal", "正面", "steadfast"),
        QualifierInfo("undaunted", "勇往直前", "swap"),
        QualifierInfo("timid", "胆怯", "swap"),
        QualifierInfo("encircle", "环绕", "support", numbered=True),
    )
}

COMMAND_TYPES: dict[str, str] = {"move": "移动", "defend": "防御", "attack": "攻击"}

# keyword-command-type: the command type a keyword is described for
KEYWORD_TYPE: dict[str, str] = {
    "swap": "move",
    "counter": "defend",
    "steadfast": "defend",
    "bronze-armour": "defend",
    "melee": "attack",
    "ranged": "attack",
    "charge": "attack",
}


@dataclass(frozen=True)
class Qualifier:
    """A qualifier as a card writes it, with its number when it takes one."""

    name: str
    number: int | None = None

    def __str__(self) -> str:
        return self.name if self.number is None else f"{self.name} {self.number}"


@dataclass(frozen=True)
class Keyword:
    """One keyword as printed on a command card, in its order."""

    name: str
    number: int | None = None
    unit: str | None = None  # mount/dismount: the unit it turns into
    qualifiers: tuple[Qualifier, ...] = ()

    @property
    def info(self) -> KeywordInfo:
        return KEYWORDS[self.name]

    def spelled(self, *, zh: bool = True, icon: str | None = None) -> str:
        """`maneuver 1 (approach, cover)`, with the Chinese name first when `zh`: `机动 maneuver 1 (…)`;
        a mount target with its profile's `icon` as the card prints it: `上马 mount: Mounted Archers (cavalry)`."""
        text = self.name
        if zh:
            text = f"{self.info.zh} {text}"
        if self.number is not None:
            text += f" {self.number}"
        if self.unit is not None:
            text += f": {self.unit}" + (f" ({icon})" if icon else "")
        if self.qualifiers:
            parts = []
            for q in self.qualifiers:
                label = f"{QUALIFIERS[q.name].zh} {q}" if zh else str(q)
                parts.append(label)
            text += f" ({', '.join(parts)})"
        return text
