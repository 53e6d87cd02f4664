"""Dataclasses that compile nothing when they are made: `record`, and `compared` for a `dataclass` of its own.

`dataclass` writes each method it adds as source text and compiles it (six for a frozen class), each about half
a million instructions of every run's start: a batch's start compiled two hundred (callgrind).
`@record(frozen=..., slots=...)` makes the same dataclass (`fields`, `replace`, pickling as `dataclass` pickles
it) with every method a shared function: `__init__` takes the fields as `dataclass` would (positionally or by
keyword, defaults, default factories, `__post_init__`), reading them in a loop (a class built thousands of
times a run writes its own `__init__`); a frozen one refuses assignment and deletion with `dataclass`'s words.
Two limits: a record is subclassed only by a record (its `__dataclass_params__` say neither frozen nor eq, so
`dataclass` would take a frozen record for a plain one), and a record has a docstring (without one,
`dataclass` writes one from a signature, compiling what `record` avoids). `@compared` over `@dataclass(..., eq=False, repr=False)` gives such a class
the same `__eq__`, `__hash__` and `__repr__`, behaving as `dataclass` would write them: equal when of the same
class with equal compared fields; a frozen class hashes them, any other is unhashable; the repr names the
class and its shown fields.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar, dataclass_transform


class _Inspect(ModuleType):
    """Stands for `inspect` while `dataclasses` is imported: the real module is imported when first asked for
    a name."""

    def __getattr__(self, name: str) -> Any:
        if sys.modules.get("inspect") is self:
            del sys.modules["inspect"]
        import inspect

        return getattr(inspect, name)


def _import_dataclasses() -> None:
    """Import `dataclasses` without the `inspect` it imports (with ast, dis and tokenize: a tenth of a plain
    batch's start, callgrind), which it uses only to write a docstring for a class that has none (a record
    always has one): while it is imported, `inspect` is a stand-in that imports the real one when used."""
    if "dataclasses" in sys.modules or "inspect" in sys.modules:
        return
    stand_in = _Inspect("inspect")
    sys.modules["inspect"] = stand_in
    try:
        import dataclasses  # noqa: F401
    finally:
        if sys.modules.get("inspect") is stand_in:
            del sys.modules["inspect"]


_import_dataclasses()

from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, field, fields  # noqa: E402

C = TypeVar("C", bound=type)


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of these attributes of an object."""
    if len(names) == 1:
        (name,) = names
        return lambda self: (getattr(self, name),)
    if not names:
        return lambda self: ()
    from operator import attrgetter

    return attrgetter(*names)


def compared(cls: C) -> C:
    """Give a dataclass declared with `eq=False, repr=False` the `__eq__`, `__hash__` and `__repr__` that
    `dataclass` would have given it (see the module)."""
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    return _compare(cls, fields(cls), params.frozen)


def _compare(cls: C, every: tuple[Field[Any], ...], frozen: bool) -> C:
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    mine = {"__eq__", "__hash__", "__repr__"} & set(vars(cls))
    if params.eq or params.repr or params.order or params.unsafe_hash or mine - {"__hash__"}:
        raise TypeError(f"{cls.__qualname__}: @compared wants @dataclass(eq=False, repr=False) and no own __eq__/__repr__")
    key = _values(tuple(f.name for f in every if f.compare))
    hashed = _values(tuple(f.name for f in every if (f.compare if f.hash is None else f.hash)))
    shown = tuple(f.name for f in every if f.repr)

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    def __repr__(self: Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({inner})"

    cls.__eq__ = __eq__  # type: ignore[assignment]
    if "__hash__" not in mine:  # (one the class writes itself stays, as `dataclass` keeps it)
        cls.__hash__ = __hash__ if frozen else None  # type: ignore[assignment]
    cls.__repr__ = __repr__  # type: ignore[assignment]
    return cls


# --- `record`: a dataclass that compiles nothing ------------------------------------------------------------------


def _init_of(cls: type, every: tuple[Field[Any], ...], frozen: bool) -> Callable[..., None]:
    """An `__init__` taking the fields as `dataclass` would write it (positional or by keyword, defaults and
    default factories, `__post_init__` last), as one shared function: no source compiled for the class."""
    own = tuple(f for f in every if f.init)
    names = tuple(f.name for f in own)
    index = {name: at for at, name in enumerate(names)}
    fallbacks: tuple[tuple[Any, Any], ...] = tuple((f.default, f.default_factory) for f in own)
    # fields left out of `__init__` that have a default still get it, as `dataclass` does
    others: tuple[tuple[str, Any, Any], ...] = tuple((f.name, f.default, f.default_factory) for f in every if not f.init and not (
        f.default is MISSING and f.default_factory is MISSING))
    assign = object.__setattr__ if frozen else setattr
    post = hasattr(cls, "__post_init__")
    count = len(names)
    title = f"{cls.__qualname__}.__init__()"

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > count:
            raise TypeError(f"{title} takes {count + 1} positional arguments but {len(args) + 1} were given")
        values = [*args, *(MISSING,) * (count - len(args))]
        for key, value in kwargs.items():
            at = index.get(key)
            if at is None:
                raise TypeError(f"{title} got an unexpected keyword argument {key!r}")
            if at < len(args):
                raise TypeError(f"{title} got multiple values for argument {key!r}")
            values[at] = value
        for name, value, (default, factory) in zip(names, values, fallbacks, strict=True):
            if value is MISSING:
                if default is not MISSING:
                    value = default
                elif factory is not MISSING:
                    value = factory()
                else:
                    raise TypeError(f"{title} missing 1 required argument: {name!r}")
            assign(self, name, value)
        for name, default, factory in others:
            assign(self, name, default if default is not MISSING else factory())
        if post:
            self.__post_init__()

    return __init__


def _freeze(cls: Any, names: tuple[str, ...]) -> None:
    """The guards of a frozen dataclass, with its words: no field assigned or deleted after `__init__`."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    cls.__setattr__ = __setattr__
    cls.__delattr__ = __delattr__
    if "__slots__" in vars(cls):  # pickled as `dataclass` pickles a frozen class with slots: its values in order
        cls.__getstate__ = _getstate
        if "__setstate__" not in vars(cls):
            cls.__setstate__ = _setstate


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(fields(self), state, strict=False):
        object.__setattr__(self, f.name, value)


@dataclass_transform(field_specifiers=(field, Field))
def record(*, frozen: bool = False, slots: bool = False) -> Callable[[C], C]:
    """`@dataclass(frozen=..., slots=...)` with the `__init__`, `__eq__`, `__hash__`, `__repr__` and frozen
    guards `dataclass` would write, as shared functions: the class compiles no source when it is made (see the
    module). For a class made rarely: its `__init__` reads its arguments in a loop; a class built thousands of
    times a run writes its own `__init__`, or stays a `dataclass`."""

    def make(cls: C) -> C:
        own_init = "__init__" in vars(cls)
        made: Any = dataclass(init=False, eq=False, repr=False, slots=slots)(cls)
        every = fields(made)
        if not own_init:
            made.__init__ = _init_of(made, every, frozen)
        if frozen:
            _freeze(made, tuple(f.name for f in every))
        return _compare(made, every, frozen)  # type: ignore[no-any-return]

    return make
