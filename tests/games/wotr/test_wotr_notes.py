"""The reader's notes on the board (`Position.noted`: the places each rule about armies asks about, noted
while the board is read) are exactly what `Position.on_board` works out from the places themselves. Every
rule example, every sample and variants of them (a line dropped, doubled, its numbers raised or zeroed)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from wotr_support import SAMPLES, data

from armybuilder import yamlpos
from armybuilder.games.wotr.position import Position
from armybuilder.games.wotr.reader import read_position
from armybuilder.games.wotr.rules import RULES


def _texts() -> Iterator[str]:
    examples = [text for rule in RULES for text in (rule.valid, rule.invalid) if text]
    for text in examples + [p.read_text("utf-8") for p in sorted(SAMPLES.glob("*.yaml"))]:
        yield text
        lines = text.splitlines()
        for i in range(len(lines)):
            yield "\n".join(lines[:i] + lines[i + 1 :]) + "\n"  # a line dropped
            yield "\n".join(lines[: i + 1] + lines[i:]) + "\n"  # a line doubled
            for number in ("9", "0"):  # numbers raised, numbers zeroed
                yield "\n".join([*lines[:i], re.sub(r"\d+", number, lines[i]), *lines[i + 1 :]]) + "\n"


def positions() -> Iterator[tuple[str, Position]]:
    """Each of `_texts` that is YAML at all, with the position the reader makes of it."""
    for text in _texts():
        try:
            value = yamlpos.load(text)
        except yamlpos.YamlError:
            continue
        yield text, read_position(value, "position.yaml", data())


def test_the_board_is_noted_as_it_is_read() -> None:
    rule = RULES["opposing-armies"]
    assert rule.invalid is not None
    position = read_position(yamlpos.load(rule.invalid), "position.yaml", data())
    assert position.noted is not None
    assert [place.region for place in position.noted.contested] == ["Osgiliath"]


def test_the_readers_notes_are_what_on_board_works_out() -> None:
    checked = 0
    for text, position in positions():
        noted = position.noted
        position.noted = None  # on_board works the lists out again from the places
        worked_out = position.on_board()
        if noted is None:
            assert not any(worked_out), text
        else:
            assert noted == worked_out, text
        checked += 1
    assert checked > 1000
