"""The event builder against PyYAML's own composer and constructor over the same libyaml parser: on any
text, what yamlpos reads is what PyYAML reads, and what PyYAML refuses yamlpos refuses too (yamlpos refuses
more: aliases, merge keys, duplicate keys, tags on collections, excessive depth and size). The texts are
shallow: PyYAML's composer is the one that recurses."""

from __future__ import annotations

import math
from typing import Any

import yaml
from fuzzing import YAML_PIECES, dump, list_documents
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from armybuilder import yamlpos

SHALLOW_PIECES = [p for p in YAML_PIECES if p != "\x00"]


class PlainDatesAsText(yaml.CSafeLoader):
    """PyYAML, but an unquoted date is the text written (`2020-13-45` too, which PyYAML's constructor
    refuses): what yamlpos reads, by design, since no field of ours is a date."""


def _date_as_written(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    if not node.style:  # plain (None from the Python parser, "" from libyaml's)
        return loader.construct_scalar(node)
    return yaml.SafeLoader.construct_yaml_timestamp(loader, node)


PlainDatesAsText.add_constructor("tag:yaml.org,2002:timestamp", _date_as_written)
texts = st.one_of(st.lists(st.sampled_from(SHALLOW_PIECES), max_size=40).map("".join), list_documents.map(dump))


def same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


@given(texts)
@example("2020-13-45")  # a piece the fuzzer draws: an unquoted date PyYAML refuses and we read as written
@settings(max_examples=400, deadline=None, database=None, suppress_health_check=list(HealthCheck))
def test_reads_what_pyyaml_reads(text: str) -> None:
    try:
        theirs = yaml.load(text, Loader=PlainDatesAsText)
        refused = False
    except Exception:  # PyYAML refuses, or its constructors fail (`!!int ''` is an IndexError there)
        refused = True
    try:
        ours = yamlpos.load(text)
    except yamlpos.YamlError:
        return
    assert not refused, f"yamlpos read what PyYAML refuses: {text!r}"
    assert same(ours, theirs), (text, ours, theirs)


def test_an_unquoted_date_is_read_as_written_even_one_pyyaml_refuses() -> None:
    assert yamlpos.load("2020-13-45") == "2020-13-45"
    assert yamlpos.load("played: 2024-06-15") == {"played": "2024-06-15"}
    assert yaml.load("2020-13-45", Loader=PlainDatesAsText) == "2020-13-45"
