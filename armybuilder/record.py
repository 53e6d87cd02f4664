"""`compared`: a dataclass's equality, hash and repr as shared functions, not compiled for each class.

`dataclass` writes each method it adds as source text and compiles it: six for a frozen class, about a
millisecond of every run's start for each, of which the start of a batch or a cold `validate` holds dozens.
A class declared `@compared` over `@dataclass(..., eq=False, repr=False)` has `__init__` (and, frozen, the
guards against assignment) from `dataclass` and `__eq__`, `__hash__` and `__repr__` from here, behaving as
`dataclass` would write them: equal when of the same class with equal compared fields; a frozen class hashes
them, any other is unhashable; the repr names the class and its shown fields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

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
    mine = {"__eq__", "__hash__", "__repr__"} & set(vars(cls))
    if params.eq or params.repr or params.order or params.unsafe_hash or mine - {"__hash__"}:
        raise TypeError(f"{cls.__qualname__}: @compared wants @dataclass(eq=False, repr=False) and no own __eq__/__repr__")
    every = fields(cls)
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
        cls.__hash__ = __hash__ if params.frozen else None  # type: ignore[assignment]
    cls.__repr__ = __repr__  # type: ignore[assignment]
    return cls
