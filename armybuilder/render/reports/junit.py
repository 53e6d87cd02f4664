"""`junit`: JUnit XML, one test case per file, failing with its problems, for a club repository's CI.

Only characters legal in XML 1.0 are written: others from file names or lists are escaped as text."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.render.reports.common import where
from armybuilder.rows import problem_text
from armybuilder.text import printable

if TYPE_CHECKING:
    from armybuilder.render.reports import Meta, Rows


# characters XML 1.0 does not allow at all (not even as references): most C0 controls, lone surrogates
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    """`text` with every character XML 1.0 forbids, and every one a terminal would obey, escaped as visible
    text (`\\x1b`): the report parses, and printed it steers nothing."""
    text = printable(text, one_line=False)
    return text if _NOT_XML.search(text) is None else _NOT_XML.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def write(rows: Rows, meta: Meta) -> Iterator[str]:
    """JUnit XML: one test case per list, failing with its problems, for a club repository's CI. Only
    characters legal in XML 1.0 are written: others from file names or lists are escaped as text."""
    for piece in _junit(rows, meta):
        yield xml_text(piece)


def _junit(rows: Rows, meta: Meta) -> Iterator[str]:
    from xml.sax.saxutils import escape as xml_escape  # imported here: it brings in urllib and ssl
    from xml.sax.saxutils import quoteattr

    suite = meta.event.name if meta.event is not None and meta.event.name else "armybuilder batch"
    total, bad, name = str(len(rows)), str(rows.invalid), quoteattr(suite)
    yield '<?xml version="1.0" encoding="utf-8"?>\n'
    yield f"<testsuites name={name} tests={quoteattr(total)} failures={quoteattr(bad)}>\n"
    yield (
        f"  <testsuite name={name} tests={quoteattr(total)} failures={quoteattr(bad)} "
        'errors="0" skipped="0">\n'
    )
    for row in rows:
        case = f"    <testcase classname={quoteattr(row.player)} name={quoteattr(row.path)} file={quoteattr(row.path)}"
        # one line a problem, whatever the file name holds (a newline in it must not start another)
        lines = "".join(printable(f"{where(p)}: {p.severity} {p.rule} {p.message}") + "\n" for p in row.problems)
        if not row.valid:
            first = row.first_problem
            kind = quoteattr(first.rule if first else "invalid")
            yield (
                f"{case}>\n      <failure type={kind} message={quoteattr(problem_text(first))}>"
                f"{xml_escape(lines)}</failure>\n    </testcase>\n"
            )
        elif row.problems:
            yield f"{case}>\n      <system-out>{xml_escape(lines)}</system-out>\n    </testcase>\n"
        else:
            yield f"{case} />\n"
    yield "  </testsuite>\n</testsuites>\n"
