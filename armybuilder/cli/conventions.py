"""Command-line conventions every command shares, whoever registers it.

- Help shows plain placeholders (`FILE...`, `--points N`, `--format [text|json]`), never Python types.
- Usage errors are one line (`armybuilder: error: ...`), like every other error.
- Output to a reader that went away (`armybuilder cards | head -1`) ends quietly.
"""

from __future__ import annotations

import errno
import io
import os
import sys
from typing import TYPE_CHECKING, Any

from typer.core import TyperCommand

if TYPE_CHECKING:
    import typer

def _choices(param: Any) -> list[str]:
    """The values a parameter takes when it is a choice (an enum or a click Choice), else none."""
    for holder in (getattr(param, "type_descriptor", None), getattr(param, "type", None)):
        found = getattr(holder, "choices", None) if holder is not None else None
        if found:
            return [str(getattr(c, "value", c)) for c in found]
    return []


def placeholder(param: Any) -> str:
    """`N`, `FILE`, `[text|json]`: what the help shows after an option or for an argument."""
    if param.metavar:
        return str(param.metavar)
    choices = _choices(param)
    if choices:
        return f"[{'|'.join(choices)}]"
    longest = max(getattr(param, "opts", None) or [""], key=len).lstrip("-")
    name = (longest or str(param.name or "value")).strip("_").replace("-", "_").upper()
    return name + ("..." if param.nargs != 1 else "")


class Command(TyperCommand):
    """A typer command whose help and usage line show plain placeholders."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name != "argument":
                continue
            name = placeholder(param)
            if param.nargs != 1 and "..." not in name:
                name += "..."
            pieces.append(name if param.required or name.startswith("[") else f"[{name}]")
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments: list[tuple[str, str]] = []
        options: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            _, text = record
            if param.param_type_name == "argument":
                arguments.append((placeholder(param), text))
                continue
            names = ", ".join(sorted(param.opts, key=len))  # `-f, --format`
            if getattr(param, "secondary_opts", None):
                names += " / " + ", ".join(sorted(param.secondary_opts, key=len))
            if not getattr(param, "is_flag", False):
                names += " " + placeholder(param)
            options.append((names, text))
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


def apply(app: typer.Typer) -> None:
    """Give every registered command (sub-apps' included) the plain help of `Command`."""
    for info in app.registered_commands:
        if info.cls in (None, TyperCommand):  # a command's own class, when it has one, is kept
            info.cls = Command
    for group in app.registered_groups:
        if group.typer_instance is not None:
            apply(group.typer_instance)


def _expected(param: Any) -> str | None:
    """What a parameter takes, in our words (`a whole number`, `one of text, json`), when we can tell."""
    choices = _choices(param)
    if choices:
        return "one of " + ", ".join(choices)
    kind: object = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    if kind is None:  # typer before 0.29 describes a value by a click type (IntRange is an IntParamType)
        names = {cls.__name__ for cls in type(getattr(param, "type", None)).__mro__}
        kind = int if "IntParamType" in names else float if "FloatParamType" in names else None
    return "a whole number" if kind is int else "a number" if kind is float else None


def _option(param: Any) -> str:
    """How the user named a parameter: its longest option (`--points`), or an argument's placeholder."""
    opts = getattr(param, "opts", None) or []
    if getattr(param, "param_type_name", "") == "option" and opts:
        return str(max(opts, key=len))
    return placeholder(param)


def one_line(exc: Any) -> str:
    """A usage error (unknown option, missing argument, bad value) as one line with where to look.

    The message is built from what the error is (its class and parameter), not from the wording of the
    command-line library, so it reads the same whatever version of typer is installed.
    """
    kinds = {cls.__name__ for cls in type(exc).__mro__}
    param = getattr(exc, "param", None)
    if "NoSuchOption" in kinds and getattr(exc, "option_name", None):
        message = f"no such option: {exc.option_name}"
        possible = sorted(getattr(exc, "possibilities", None) or ())
        if possible:
            message += f" (did you mean {' or '.join(possible)}?)"
    elif "MissingParameter" in kinds and param is not None:
        kind = getattr(exc, "param_type", None) or getattr(param, "param_type_name", None) or "value"
        message = f"missing {kind} '{_option(param)}'"
    elif "BadParameter" in kinds and param is not None and _expected(param):
        message = f"invalid value for '{_option(param)}': expected {_expected(param)}"
    else:  # anything else (an unknown command, a bad value we cannot describe): the library's own sentence
        message = " ".join(str(exc.format_message()).split()).rstrip(".")
        message = message[:1].lower() + message[1:]
    ctx = getattr(exc, "ctx", None)
    path = getattr(ctx, "command_path", None) or "armybuilder"
    return f"{message}; see `{path} --help`"


class _QuietPipe(io.RawIOBase):
    """Standard output that stops writing, silently, once its reader has gone (a closed pipe)."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd
        self.gone = False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data: Any) -> int:
        size = len(memoryview(data).cast("B"))
        if self.gone:
            return size
        try:
            return os.write(self._fd, data)
        except BrokenPipeError:
            self.gone = True  # the rest goes nowhere; the command still ends with its own exit code
            return size
        except OSError as exc:  # a full disk, a quota, an I/O error: said once (by main), never retried at exit
            self.gone = True
            raise OutputFailed(exc.errno or errno.EIO) from None


class OutputFailed(OSError):
    """Standard output could not be written (a full disk…): the command ends with one line and exit 2."""

    def __init__(self, code: int) -> None:
        super().__init__(code, os.strerror(code))

    def __str__(self) -> str:
        reason = self.strerror or "output error"
        return f"cannot write: {reason[:1].lower() + reason[1:]}"


def quiet_broken_pipe() -> None:
    """Replace standard output (when it is a pipe or file) with one that outlives its reader."""
    stream = sys.stdout
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real stream (a test runner's): nothing to do
    if os.isatty(fd):
        return
    stream.flush()
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(_QuietPipe(fd)),
        encoding=stream.encoding,
        errors=stream.errors,
        line_buffering=False,
    )
