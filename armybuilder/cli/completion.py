"""Shell completion glue: what every completion callback shares (the data folder typed, each shell's quoting).

Callbacks run only when the shell asks (`_ARMYBUILDER_COMPLETE` is set), so the game data they need is
loaded there and never when a command starts.

Card names hold spaces, commas and apostrophes, so a value must be written the way the word being completed
is quoted: bash inserts what it is given as it is (we quote: backslashes in a bare word, nothing inside
double quotes, `'\\''` inside single quotes); zsh and fish quote a value themselves, as long as they get it
whole (zsh through `compadd`, below, fish as typer's script gives it).
"""

from __future__ import annotations

import os
from typing import Any

_BASH_SPECIAL = set(" \t'\"\\$`!&|;()<>*?[]{}#~,=:")
_DOUBLE_QUOTED_SPECIAL = set('"\\$`')

# zsh: one `value<TAB>help` line per value, added with compadd (which quotes each value for the word being
# completed, in double quotes, single quotes or none); nothing offered: file names. (`%%` is a `%`.)
ZSH_SCRIPT = """\
#compdef %(prog_name)s

%(complete_func)s() {
  local -a found values descriptions
  local line
  found=("${(@f)$(env _TYPER_COMPLETE_ARGS="${words[1,$CURRENT]}" %(autocomplete_var)s=complete_zsh \
%(prog_name)s)}")
  for line in "${found[@]}"; do
    [[ -n $line ]] || continue
    values+=("${line%%%%$'\\t'*}")
    descriptions+=("${line/$'\\t'/  -- }")
  done
  if (( ${#values} )); then
    compadd -l -d descriptions -a values
  else
    _files
  fi
}

compdef %(complete_func)s %(prog_name)s
"""


def _bash_escaped(text: str) -> str:
    """A bare word: every space, comma, quote and other special character escaped with a backslash."""
    return "".join("\\" + ch if ch in _BASH_SPECIAL else ch for ch in text)


def bash_quote(words: str, cword: int) -> str | None:
    """The quote the word being completed is open in (`"`, `'`, or None for a bare word), read from the
    words as typed (bash's COMP_WORDS, joined by spaces, quotes and backslashes kept)."""
    quote: str | None = None
    index, escaped = 0, False
    quotes: list[str | None] = [None]
    for ch in words:
        if escaped:
            escaped = False
        elif quote == "'":
            quote = None if ch == "'" else quote
        elif ch == "\\":
            escaped = True
        elif quote == '"':
            quote = None if ch == '"' else quote
        elif ch in "'\"":
            quote = ch
        elif ch in " \t\n":
            index += 1
            quotes.append(None)
            continue
        quotes[index] = quote
    return quotes[cword] if 0 <= cword < len(quotes) else None


def bash_value(value: str, quote: str | None) -> str:
    """`value` as bash must insert it in the word being completed: bash replaces that word (the part
    after an opening quote, inside quotes) with exactly this text and closes an open quote itself."""
    if quote == '"':
        return "".join("\\" + ch if ch in _DOUBLE_QUOTED_SPECIAL else ch for ch in value)
    if quote == "'":
        return value.replace("'", "'\\''")
    return _bash_escaped(value)


def shell_values(pairs: list[tuple[str, str]], typed: str) -> list[tuple[str, str]]:
    """(value, help) pairs that continue what was typed: names match in any case and keep the typed text's
    case (the shell keeps only values that start with the typed text). Each shell's quoting is applied
    when the values are written out (`install`)."""
    return [
        (typed + value[len(typed) :], text)
        for value, text in pairs
        if value.casefold().startswith(typed.casefold())
    ]


def _bash_format(self: Any, item: Any) -> str:
    """Typer's bash class writing one value quoted as the word being completed is: `Robb<TAB>` becomes
    `Robb\\ Stark,\\ The\\ Wolf\\ Lord`, `"Robb<TAB>` `"Robb Stark, The Wolf Lord"`, `'Jaqen<TAB>`
    `'Jaqen H'\\''ghar'`."""
    try:
        quote = bash_quote(os.environ.get("COMP_WORDS", ""), int(os.environ.get("COMP_CWORD", "-1")))
    except ValueError:
        quote = None
    return bash_value(str(item.value), quote)


def typed_data(ctx: Any) -> str | None:
    """The `--data` folder given so far on the command line (or in ARMYBUILDER_DATA)."""
    params = getattr(ctx, "params", None) or {}
    value = params.get("data") or os.environ.get("ARMYBUILDER_DATA")
    return str(value) if value else None


def _zsh_complete(self: Any) -> str:
    """Typer's zsh class, answering ZSH_SCRIPT: `value<TAB>help` lines, nothing when nothing fits."""
    args, incomplete = self.get_completion_args()
    lines = []
    for item in self.get_completions(args, incomplete):
        help_text = " ".join(str(item.help or "").split())
        value = " ".join(str(item.value).split("\n"))
        lines.append(f"{value}\t{help_text}" if help_text else value)
    return "\n".join(lines)


def install() -> None:
    """Teach typer's completion our quoting: bash values quoted as the word being completed is, and zsh
    values handed whole to `compadd` (typer's own zsh answer writes `''` for an apostrophe, which zsh reads
    as nothing), in the script it prints or installs and in its answers. A typer without these classes keeps
    its own."""
    try:
        from typer import _completion_classes, _completion_shared
    except ImportError:  # pragma: no cover - a typer without these modules keeps its own completion
        return
    bash = getattr(_completion_classes, "BashComplete", None)
    zsh = getattr(_completion_classes, "ZshComplete", None)
    scripts = getattr(_completion_shared, "_completion_scripts", None)
    if bash is None or zsh is None or not isinstance(scripts, dict):  # pragma: no cover
        return
    bash.format_completion = _bash_format
    zsh.source_template = ZSH_SCRIPT
    zsh.complete = _zsh_complete
    scripts["zsh"] = ZSH_SCRIPT
