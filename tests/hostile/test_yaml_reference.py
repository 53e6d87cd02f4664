"""The event builder against PyYAML's own composer and constructor over the same libyaml parser: on any
text, what yamlpos reads is what PyYAML reads, and what PyYAML refuses yamlpos refuses too (yamlpos refuses
more: aliases, merge keys, duplicate keys, tags on collections, excessive depth and size). The texts are
shallow: PyYAML's composer is the one that recurses."""

from __future__ import annotations

import math
from typing import Any

import yaml
from fuzzing import YAML_PIECES, dump, list_documents
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armybuilder import yamlpos

SHALLOW_PIECES = [p for p in YAML_PIECES if p != "\x00"]
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
@settings(max_examples=400, deadline=None, database=None, suppress_health_check=list(HealthCheck))
def test_reads_what_pyyaml_reads(text: str) -> None:
    try:
        theirs = yaml.load(text, Loader=yaml.CSafeLoader)
        refused = False
    except Exception:  # PyYAML refuses, or its constructors fail (`!!int ''` is an IndexError there)
        refused = True
    try:
        ours = yamlpos.load(text)
    except yamlpos.YamlError:
        return
    assert not refused, f"yamlpos read what PyYAML refuses: {text!r}"
    assert same(ours, theirs), (text, ours, theirs)
