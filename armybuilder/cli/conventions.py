"""Command-line conventions every command shares, whoever registers it.

- Help shows plain placeholders (`FILE...`, `--points N`, `--format [text|json]`), never Python types.
- Usage errors are one line (`armybuilder: error: ...`), like every other error.
- Output to a reader that went away (`armybuilder cards | head -1`) ends quietly (`streams.py`).
- A plain value (a word, a path, a whole number) reaches its command without typer building a pydantic
  validator for it: `light_values` (anything else still goes through typer's own checks and wording).
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from typer.core import TyperCommand, TyperGroup

if TYPE_CHECKING:
    import typer

def _choices(param: Any) -> list[str]:
    """The values a parameter takes when it is a choice (an enum or a click Choice), else none."""
    for holder in (getattr(param, "type_descriptor", None), getattr(param, "type", None)):
        found = getattr(holder, "choices", None) if holder is not None else None
        if found:
            return [str(getattr(c, "value", c)) for c in found]
    return []


# An option's placeholder says what to give, never the option's name again (`--top N`, not `--top TOP`).
_OPTION_PLACEHOLDERS = {
    "faction": "KEY",
    "game": "KEY",
    "format": "NAME",
    "for": "UNIT",
    "unit": "UNIT_REF",
    "kind": "CARD_KIND",
    "type": "UNIT_TYPE",
    "timeout": "SECONDS",
}


def _annotation(param: Any) -> Any:
    """The Python type a parameter takes: typer 0.29 describes it (`type_descriptor`), an older typer by a
    click type (IntRange is an IntParamType); None when neither says a number."""
    kind = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    if kind is None:
        names = {cls.__name__ for cls in type(getattr(param, "type", None)).__mro__}
        kind = int if "IntParamType" in names else float if "FloatParamType" in names else None
    return kind


def placeholder(param: Any) -> str:
    """`N`, `FILE`, `[text|json]`: what the help shows after an option or for an argument."""
    longest = max(getattr(param, "opts", None) or [""], key=len).lstrip("-")
    own = (longest or str(param.name or "value")).strip("_").replace("-", "_").upper()
    if param.metavar and (param.param_type_name != "option" or param.metavar != own):
        return str(param.metavar)
    choices = _choices(param)
    if choices:
        return f"[{'|'.join(choices)}]"
    name = own
    if param.param_type_name == "option":
        plain = _OPTION_PLACEHOLDERS.get(own.lower())
        name = plain or ("N" if _annotation(param) in (int, float) else own)
    return name + ("..." if param.nargs != 1 else "")


_WHOLE = re.compile(r"-?(?:0|[1-9][0-9]{0,17})")


@functools.cache
def _light_class() -> Any:
    """The runtime parameter of `_light_param`, built on typer's runtime-parameter seam (typer >= 0.25);
    None with an older typer (nothing is lightened then)."""
    try:
        from typer._coercion import RuntimeParam, build_runtime_param
    except ImportError:
        return None

    @dataclass(frozen=True)
    class Light(RuntimeParam):
        kind: type
        many: bool
        descriptor: Any

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            items = value if self.many and isinstance(value, (list, tuple)) else (value,)
            done = [_light_value(item, self.kind, self.parameter_info) for item in items]
            if any(item is _HEAVY for item in done):  # typer's own checks, and its wording for a bad value
                return build_runtime_param(self.descriptor)._coerce_value(value, param=param, ctx=ctx)
            return done if self.many else done[0]

    return Light


def _light_param(param: Any) -> Any:
    """A coercion for `param` that needs no pydantic when its type is a plain str, Path, int or bool (or a
    list of them) without constraints; None when typer's own is needed."""
    light = _light_class()
    descriptor: Any = getattr(param, "type_descriptor", None)
    if light is None or descriptor is None or getattr(param, "_runtime_param", 0) is not None:
        return None
    info = descriptor.parameter_info
    annotation = descriptor.annotation
    many = getattr(annotation, "__origin__", None) is list
    kind = annotation.__args__[0] if many else annotation
    if kind not in (str, Path, int, bool) or descriptor.file_annotation is not None:
        return None
    if getattr(info, "parser", None) is not None or getattr(info, "click_type", None) is not None:
        return None
    if kind is int and (info.min is not None or info.max is not None):
        return None
    if kind is Path and (
        info.exists or info.resolve_path or info.writable or not info.file_okay or not info.dir_okay
    ):
        return None
    if kind is Path and info.path_type not in (None, Path):
        return None
    return light(parameter_info=info, annotation=annotation, kind=kind, many=many, descriptor=descriptor)


_HEAVY = object()


def _light_value(item: Any, kind: type, info: Any) -> Any:
    """`item` as `kind`, or `_HEAVY` when typer's own coercion must judge it."""
    if not isinstance(item, str):
        return item if type(item) is kind else _HEAVY
    if kind is str:
        return item
    if kind is int:
        return int(item) if _WHOLE.fullmatch(item) else _HEAVY
    if kind is bool:
        return _HEAVY  # "yes", "0", …: typer's words
    if info.readable and not os.access(item, os.R_OK) and os.path.exists(item):
        return _HEAVY  # typer says it is not readable
    return Path(item)


def light_values(params: Any) -> None:
    """Give each plain parameter a coercion that builds no pydantic validator (see `_light_param`)."""
    for param in params:
        light = _light_param(param)
        if light is not None:
            param._runtime_param = light


class Command(TyperCommand):
    """A typer command whose help and usage line show plain placeholders, and whose plain values are read
    without pydantic."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        light_values(self.get_params(ctx))  # --help and the completion options included
        return list(super().parse_args(ctx, args))

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


class Group(TyperGroup):
    """A typer group (the application, `data`, `event`) whose own options are read without pydantic."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        light_values(self.get_params(ctx))  # --help and the completion options included
        return list(super().parse_args(ctx, args))


def apply(app: typer.Typer) -> None:
    """Give every registered command (sub-apps' included) the plain help of `Command`."""
    for info in app.registered_commands:
        if info.cls in (None, TyperCommand):  # a command's own class, when it has one, is kept
            info.cls = Command
    if getattr(app.info.cls, "value", app.info.cls) in (None, TyperGroup):  # typer's default, or none given
        app.info.cls = Group
    for group in app.registered_groups:
        if group.typer_instance is not None:
            apply(group.typer_instance)


def _expected(param: Any) -> str | None:
    """What a parameter takes, in our words (`a whole number`, `one of text, json`), when we can tell."""
    choices = _choices(param)
    if choices:
        return "one of " + ", ".join(choices)
    kind = _annotation(param)
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
