"""The reader's notes (`Position.may_break`) are generous: a gated rule the reader did not note would have
found nothing. Every rule example, every sample and variants of them (a line dropped, doubled, its numbers
raised) are checked twice: as the system runs the rules, and with every gated rule forced to look."""

from __future__ import annotations

import re
from collections.abc import Iterator

from agot_helpers import SAMPLES, data
from test_agot_rules import INVALID, VALID

from armybuilder import yamlpos
from armybuilder.games.agot.reader import read
from armybuilder.games.agot.rules import GATED, RULES, run
from armybuilder.problems import Problem


def _texts() -> Iterator[str]:
    originals = [c[2] for c in INVALID] + [c[1] for c in VALID] + [p.read_text("utf-8") for p in SAMPLES.glob("*.yaml")]
    for text in originals:
        yield text
        lines = text.splitlines()
        for i in range(len(lines)):
            yield "\n".join(lines[:i] + lines[i + 1 :]) + "\n"  # a line dropped
            yield "\n".join(lines[: i + 1] + lines[i:]) + "\n"  # a line doubled
            yield "\n".join([*lines[:i], re.sub(r"\d+", "9", lines[i]), *lines[i + 1 :]]) + "\n"  # numbers raised


def _found(problems: list[Problem]) -> list[tuple[str, int, int, str]]:
    return [(p.rule, p.line, p.column, p.message) for p in problems]


def test_a_gated_rule_is_noted_on_its_example_and_looks_only_when_noted() -> None:
    assert {"supply-icons", "victory"}.isdisjoint(GATED)  # rules the reader notes nothing for run always
    for rule in RULES:
        if rule.id not in GATED:
            continue
        assert rule.invalid is not None
        position, _ = read("position.yaml", yamlpos.load(rule.invalid), data())
        assert position is not None and rule.id in position.may_break
        assert list(rule.check(position))
        position.may_break.clear()
        assert not list(rule.check(position)), rule.id


def test_no_gated_rule_finds_what_the_reader_did_not_note() -> None:
    checked = 0
    for text in _texts():
        try:
            value = yamlpos.load(text)
        except yamlpos.YamlError:
            continue
        position, _ = read("position.yaml", value, data())
        if position is None:
            continue
        forced, _ = read("position.yaml", value, data())
        assert forced is not None
        forced.may_break.update(GATED)
        assert _found(run(position)) == _found(RULES.run(forced)), text
        checked += 1
    assert checked > 1000
