"""The comments of a list file through an edit. The round-trip writer keeps a comment with the entry it
follows, so removing or rewriting that entry takes with it the comment lines written above the next one
(`# keep the Outriders`, a `# ---- NCUs ----` heading), and a text above `---` is not kept at all.

`keep_comments(before, after)` puts each lost block of comment lines back above the line it stood above,
when that line is still in the file, and returns the comments it could not put back (those written on a
line the edit removed or rewrote) so the command can say so: no comment goes without a word.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter


def comment_of(line: str) -> str | None:
    """The comment a YAML line holds (from `#` to its end, stripped), or None: a `#` starts a comment at the
    start of a line or after a space, outside quotes."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"" and (i == 0 or line[i - 1] in " \t-:[{,"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[i:].strip()
    return None


def _is_comment_line(line: str) -> bool:
    return line.lstrip().startswith("#")


def split_preamble(text: str) -> tuple[str, str]:
    """(the text up to and with a `---` line that only comments and blank lines precede, the rest): the
    writer drops what stands above `---`, so it is kept aside and put back as it was."""
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped == "---" or stripped.startswith("--- #"):
            return "".join(lines[: i + 1]), "".join(lines[i + 1 :])
        if stripped and not stripped.startswith("#"):
            break
    return "", text


def keep_comments(before: str, after: str) -> tuple[str, list[str]]:
    """`after` with the blocks of whole-line comments of `before` it lost put back above the line each stood
    above (found again by its text, in file order), and the comments still missing after that. A block is
    lost when a comment of it is missing from `after` and is not right above its line there (two comments
    of one text are told apart by where they stand)."""
    old, new = before.splitlines(), after.splitlines()
    missing = Counter(c for c in map(comment_of, old) if c) - Counter(c for c in map(comment_of, new) if c)
    if not missing:
        return after, []
    where: dict[str, list[int]] = {}  # each line of `after` (stripped) -> where it stands, in order
    for j, line in enumerate(new):
        where.setdefault(line.strip(), []).append(j)
    inserts: list[tuple[int, list[str]]] = []
    block: list[str] = []
    start = 0  # where in `after` the next anchor is looked for: blocks go back in file order
    for line in old:
        if not line.strip() or _is_comment_line(line):
            block.append(line)
            continue
        found = where.get(line.strip(), [])
        k = bisect_left(found, start)
        at = found[k] if k < len(found) else None
        comments = [b.strip() for b in block if _is_comment_line(b)]
        if at is not None:
            above = {n.strip() for n in new[max(0, at - len(block)) : at]}
            lost = [c for c in comments if missing[c] > 0 and c not in above]
            if lost:
                inserts.append((at, block))
                for c in lost:
                    missing[c] -= 1
            start = at + 1  # (two lines of one text: the next is looked for after this one)
        block = []
    lost_at_end = [b for b in block if _is_comment_line(b) and missing[b.strip()] > 0]
    for at, lines in reversed(inserts):
        # the blank lines and comments the writer kept above the anchor are not written twice
        kept = 0
        while kept < len(lines) and at - kept - 1 >= 0 and new[at - kept - 1].strip() == lines[-kept - 1].strip():
            kept += 1
        new[at - kept : at - kept] = lines[: len(lines) - kept]
    if lost_at_end:  # the comments after the last line: those the writer lost, never a second copy of the rest
        new.extend(lost_at_end)
        for b in lost_at_end:
            missing[b.strip()] -= 1
    text = "\n".join(new) + ("\n" if after.endswith("\n") or not after else "")
    return text, sorted(missing.elements())
