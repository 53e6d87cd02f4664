"""A corpus of hostile submissions: what a stranger could hand an organiser or post on a forum.

`list_cases()` are list files (YAML or not), `text_cases()` texts in the interchange formats,
`event_cases()` event files, `collection_cases(ids)` collections of those card ids; `special_entries(folder)` makes what a batch folder can hold besides files
(named pipes, symlink loops, unreadable files, names with newlines or escape sequences or bytes that are
not UTF-8). `write_corpus(folder)` writes them all. Each case says what it must give: the fragment of the
problem (or error) that names it, when it is not a list the tool can read at all.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ESC = "\x1b"
TITLE = f"{ESC}]0;pwned\x07"  # sets the terminal window's title
CLEAR = f"{ESC}[2J{ESC}[H"  # clears the screen
C1_CSI = "\x9b31m"  # the one-character CSI of 8-bit terminals
BIDI = "\u202eevil\u202c"  # right-to-left override
FORMULAS = ("=cmd|' /C calc'!A0", "+SUM(1,1)", "-2+3", "@SUM(1,1)", "\t=1+1", "\r=1+1")


@dataclass(frozen=True)
class Case:
    name: str
    content: bytes
    suffix: str = ".yaml"
    fragment: str | None = None  # what the one-line problem says, when the file is refused outright
    readable: bool = False  # a list the tool reads (it may still be invalid): no refusal expected

    @property
    def filename(self) -> str:
        return self.name + self.suffix


def _y(text: str) -> bytes:
    return text.encode("utf-8")


def _list(**fields: str) -> str:
    """A small list with some fields replaced (each value written as given: YAML text)."""
    base = {
        "name": "Hostile",
        "player": "mallory",
        "faction": "stark",
        "points": "40",
        "commander": '"Robb Stark, The Wolf Lord"',
        "units": '[{unit: Stark Sworn Swords, attachments: ["Robb Stark, The Wolf Lord"]}, Stark Bowmen]',
    }
    base.update(fields)
    return "".join(f"{k}: {v}\n" for k, v in base.items())


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar for any text (control characters as escapes)."""
    out = []
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif code < 0x20 or 0x7F <= code <= 0x9F or 0x2028 <= code <= 0x2029:
            out.append(f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _bomb(levels: int = 9) -> str:
    names = [chr(ord("a") + i) for i in range(levels)]
    lines = [f"{names[0]}: &{names[0]} [x, x, x, x, x, x, x, x, x]"]
    for prev, name in itertools.pairwise(names):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def list_cases() -> list[Case]:
    deep = 30_000
    cases = [
        Case("deep-flow-list", _y("units: " + "[" * deep + "]" * deep + "\n"), fragment="nesting deeper"),
        Case(
            "deep-flow-map",
            _y("units: " + "{a: " * deep + "x" + "}" * deep + "\n"),
            fragment="nesting deeper",
        ),
        Case("deep-unclosed", _y("units: " + "[" * 400_000), fragment="nesting deeper"),
        Case("deep-compact-dashes", _y("units:\n" + "- " * deep + "x\n"), fragment="nesting deeper"),
        Case("deep-block", _y("".join(" " * i + "-\n" for i in range(1000))), fragment="nesting deeper"),
        Case("deep-block-map", _y("".join(" " * i + "a:\n" for i in range(1000))), fragment="nesting deeper"),
        Case("alias-bomb", _y(_bomb()), fragment="anchors and aliases"),
        Case("alias-self", _y("faction: stark\nunits: &a [*a]\n"), fragment="itself"),
        Case("merge-key", _y("x: &x {faction: stark}\n<<: *x\n"), fragment="merge keys"),
        Case("huge-scalar", _y("name: " + "x" * 900_000 + "\nfaction: stark\npoints: 40\n"), readable=True),
        Case("over-a-megabyte", _y("# " + "x" * 1_500_000 + "\n"), fragment="bytes"),
        Case("many-values", _y("units: [" + "a," * 300_000 + "]\n"), fragment="values"),
        Case("many-units", _y(_list(units="") + "  - Stark Bowmen\n" * 2000), readable=True),
        Case("long-number", _y(_list(points="9" * 5000)), fragment="number"),
        Case("sexagesimal", _y(_list(points="1" + ":1" * 200_000)), fragment="number"),
        Case("nul-bytes", _y(_list()) + b"\x00\x00", fragment="binary"),
        Case("binary", bytes(range(256)) * 16, fragment="binary"),
        Case("utf16-bom", _list().encode("utf-16"), readable=True),
        Case("utf16-be-bom", b"\xfe\xff" + _list().encode("utf-16-be"), readable=True),
        Case("utf32-bom", _list().encode("utf-32"), readable=True),
        Case("utf8-bom", b"\xef\xbb\xbf" + _y(_list()), readable=True),
        Case("utf16-no-bom", _list().encode("utf-16-le"), fragment="UTF-16"),
        Case("utf16-broken", b"\xff\xfe" + _list().encode("utf-16-le")[:-1] + b"\x00\xd8", fragment="UTF-16"),
        Case("latin-1", "name: caf\xe9\nfaction: stark\n".encode("latin-1"), fragment="UTF-8"),
        Case("bom-only", b"\xef\xbb\xbf", readable=True),
        Case("empty", b"", readable=True),
        Case(
            "escapes-in-names",
            _y(
                _list(
                    name=_quoted(TITLE + "List" + CLEAR),
                    player=_quoted(C1_CSI + BIDI),
                    units=f"[{_quoted('Stark ' + ESC + '[31mBowmen')}, {_quoted(TITLE)}]",
                )
            ),
            readable=True,
        ),
        Case(
            "control-chars",
            _y(_list(name=_quoted("".join(chr(c) for c in range(1, 32) if c != 10)))),
            readable=True,
        ),
        Case("raw-escape", _y(_list()).replace(b"Hostile", b"Host\x1b[2Jile"), fragment="U+001B"),
        Case("newline-in-name", _y(_list(name=_quoted("a\nfile.yaml:1:1: error fake injected")))),
        *(
            Case(f"formula-{i}", _y(_list(player=_quoted(f), name=_quoted(f), units="[]")), readable=True)
            for i, f in enumerate(FORMULAS)
        ),
        Case(
            "wrong-types",
            _y(
                "name: [1, 2]\nplayer: {a: b}\nfaction: [stark]\npoints: {x: 1}\ncommander: [x]\n"
                "units: [1, null, [], {}, {unit: [x], attachments: 7}, {attachment: {a: b}}]\nncus: 5\n"
                "enemy_attachments: {x: y}\nteam: [a]\ngame: [asoiaf]\n"
            ),
            readable=True,
        ),
        Case(
            "wrong-types-2",
            _y(
                "faction: 12\npoints: 40.5\nunits:\n  - unit: 20201\n    attachments: [null, 1.5, true]\n"
                "ncus: [[[x]]]\nnotes: !!binary AAAA\n"
            ),
            fragment="the tag !!binary is not supported",
        ),
        Case("tagged-date", _y(_list(name="!!timestamp 2020-01-01")), fragment="the tag !!timestamp is not supported"),
        Case("octal-points", _y(_list(points="0o50")), readable=True),  # YAML 1.1 has no 0o: the text "0o50"
        Case("octal", _y(_list(points="050")), fragment="a leading 0 makes an octal number"),
        Case("base-60", _y(_list(points="1:40")), fragment="colons make a base-60 number"),
        Case("yes-on-keys", _y(_list() + "on: 1\nyes: 2\nNo: 3\nOFF: 4\n"), readable=True),
        Case("look-alike-names", _y(_list(units="[" + _quoted("Stark\u200b Bowm\u0435n") + "]")), readable=True),
        Case("keys-not-text", _y("1: x\nnull: y\ntrue: z\nfaction: stark\npoints: 40\n"), readable=True),
        Case("complex-key", _y("? [a, b]\n: c\nfaction: stark\n"), fragment="plain value"),
        Case(
            "python-tag",
            _y("faction: !!python/object/apply:os.system [echo pwned]\n"),
            fragment="not supported",
        ),
        Case("custom-tags", _y("faction: !stark stark\npoints: !!int 40\n"), fragment="bad value"),
        Case(
            "set-and-omap",
            _y("faction: stark\nunits: !!set {a, b}\nncus: !!omap [{a: 1}]\n"),
            fragment="not supported",
        ),
        Case("dates", _y("faction: 2020-01-01\npoints: 2001-12-14t21:59:43.10-05:00\n"), readable=True),
        Case("bad-date", _y("faction: stark\npoints: 2020-13-45\n"), readable=True),  # unquoted: its text
        Case("two-documents", _y(_list() + "---\n" + _list()), fragment="another document"),
        Case("undefined-alias", _y("faction: *nowhere\n"), fragment="undefined alias"),
        Case("duplicate-anchor", _y("a: &x 1\nb: &x 2\n"), fragment="defined twice"),
        Case("lone-cr", _y(_list()).replace(b"\n", b"\r"), readable=True),
        Case("long-key", _y("k" * 500_000 + ": 1\n"), readable=True),
        Case("surrogate-escape", _y('name: "\\ud800"\nfaction: stark\n'), readable=True),
        Case("game-unknown", _y("game: " + _quoted(TITLE) + "\n"), readable=True),
        Case("tabs", _y("faction: stark\n\tpoints: 40\n"), fragment="invalid YAML"),
    ]
    return cases


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _field(number: int, wire: int, payload: bytes) -> bytes:
    return _varint(number << 3 | wire) + payload


def _code(message: bytes) -> str:
    return base64.b64encode(message).decode()


def text_cases() -> list[Case]:
    name = (TITLE + CLEAR).encode()
    stark = _field(3, 0, _varint(2)) + _field(4, 0, _varint(40))
    cases = [
        Case("code-truncated", b"EglWaWN0YXJpb24YCCAoKABaAwi4VFoH", ".txt"),
        Case("code-random", base64.b64encode(os.urandom(300)), ".txt"),
        Case("code-huge-length", _code(stark + _field(2, 2, _varint(2**40))).encode(), ".txt"),
        Case("code-endless-varint", _code(stark + b"\xff" * 200).encode(), ".txt"),
        Case("code-escape-name", _code(_field(2, 2, _varint(len(name)) + name) + stark).encode(), ".txt"),
        Case("code-group-wire", _code(stark + _field(9, 3, b"")).encode(), ".txt"),
        Case(
            "code-unit-nested",
            _code(stark + _field(11, 2, _varint(3) + _field(1, 2, b"\x01x"))).encode(),
            ".txt",
        ),
        Case("code-64k", (_code(stark) * 5000).encode(), ".txt"),
        Case("code-utf16", _code(stark).encode("utf-16"), ".txt"),
        Case(
            "stats-escapes",
            f"Faction: House Stark\nCommander: {TITLE}\nCombat Units\n• {CLEAR} (5)\n".encode(),
            ".txt",
        ),
        Case(
            "stats-formula",
            "Faction: House Stark\nName: =cmd|' /C calc'!A0\n• Stark Bowmen (6)\n".encode(),
            ".txt",
        ),
        Case(
            "stats-many-lines",
            ("Faction: House Stark\nCombat Units\n" + "• Stark Bowmen (6)\n" * 3000).encode(),
            ".txt",
        ),
        Case("stats-only-bullets", ("•\n" * 5000).encode(), ".txt"),
        Case("tts-garbage", b"House Stark;" + b",".join(b"9" * 30 for _ in range(100)), ".txt"),
        Case("tts-empty-ids", b"House Stark;;;,,,", ".txt"),
        Case("tts-escape-faction", (TITLE + ";10101,20101").encode(), ".txt"),
        Case("text-binary", os.urandom(2000).replace(b"\x00", b"\x01"), ".txt"),
    ]
    return cases


def event_cases() -> list[Case]:
    return [
        Case("event-deep", _y("points: " + "[" * 30_000), fragment="nesting deeper"),
        Case("event-bomb", _y(_bomb()), fragment="anchors and aliases"),
        Case("event-binary", bytes(range(256)), fragment="binary"),
        Case("event-wrong-types", _y("points: [40]\n"), fragment="points"),
        Case("event-teams-scalar", _y("teams: 5\n"), fragment="teams"),
        Case("event-teams-nested", _y("teams: {Wolves: [[a]], Krakens: {b: c}}\n"), fragment="teams"),
        Case("event-bans-mapping", _y("banned_cards: {a: 1}\nfactions: 7\n")),
        Case("event-escape-name", _y("name: " + _quoted(TITLE + CLEAR) + "\npoints: 40\n"), readable=True),
        Case("event-lists-per-player", _y("lists_per_player: two\n"), fragment="lists_per_player"),
        Case("event-utf16", "points: 40\n".encode("utf-16"), readable=True),
        Case("event-huge", _y("name: " + "x" * 2_000_000), fragment="bytes"),
    ]


def collection_cases(card_ids: Iterable[str]) -> list[Case]:
    """Collections (`owned:`, what `collection armies` reads) of the given card ids: 99 copies of each, which
    once kept `collection armies` searching for minutes when the ids are the whole catalogue."""
    body = "owned:\n" + "".join(f"  {_quoted(i)}: 99\n" for i in card_ids)
    return [Case("every-card-99-times", _y(body), readable=True)]


def special_entries(folder: Path) -> list[str]:
    """Entries of a batch folder that are no ordinary files; returns the names made (on this system)."""
    made = []
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "a-named-pipe.yaml")  # nobody writes to it: a reader that blocks waits forever
        made.append("a-named-pipe.yaml")
    with contextlib.suppress(OSError):
        os.symlink("loop.yaml", folder / "loop.yaml")  # a symlink to itself
        made.append("loop.yaml")
    with contextlib.suppress(OSError):
        os.symlink("nowhere.yaml", folder / "dangling.yaml")
        made.append("dangling.yaml")
    locked = folder / "unreadable.yaml"
    locked.write_text(_list())
    locked.chmod(0)  # (root reads it anyway: then it is an ordinary list)
    made.append("unreadable.yaml")
    for name in ("new\nline.yaml", f"{ESC}[2J{ESC}]0;x\x07.yaml", "=cmd--formula.yaml"):
        with contextlib.suppress(OSError):
            (folder / name).write_text(_list(player=_quoted("x")))
            made.append(name)
    with contextlib.suppress(OSError):  # a name that is not UTF-8 (most Linux file systems allow it)
        raw = os.fsencode(str(folder)) + b"/\xff\xfenot-utf8.yaml"
        with open(raw, "wb") as handle:
            handle.write(_y(_list()))
        made.append(os.fsdecode(b"\xff\xfenot-utf8.yaml"))
    return made


def write_corpus(folder: Path, cases: list[Case]) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for case in cases:
        path = folder / case.filename
        path.write_bytes(case.content)
        paths.append(path)
    return paths


def all_cases() -> list[Case]:
    return list_cases() + text_cases()
