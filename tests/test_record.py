"""`compared` gives a dataclass the equality, hash and repr `dataclass` itself would have written."""

from __future__ import annotations

import dataclasses
import pickle
import sys
from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass, field, replace

import pytest

from armybuilder.problems import Problem, Severity
from armybuilder.record import compared, record


@compared
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Mine:
    name: str
    points: int = 0
    notes: tuple[str, ...] = field(default=(), compare=False)
    secret: str = field(default="", repr=False)


@dataclass(frozen=True, slots=True)
class Theirs:
    name: str
    points: int = 0
    notes: tuple[str, ...] = field(default=(), compare=False)
    secret: str = field(default="", repr=False)


@compared
@dataclass(eq=False, repr=False)
class Open:
    only: int


@dataclass
class OpenTheirs:
    only: int


def test_equality_hash_and_repr_are_the_dataclass_ones() -> None:
    values = [("a", 1, ("x",), "s"), ("a", 1, ("y",), "s"), ("a", 2, (), "s"), ("b", 1, (), "t"), ("a", 1, (), "t")]
    for left in values:
        for right in values:
            assert (Mine(*left) == Mine(*right)) == (Theirs(*left) == Theirs(*right)), (left, right)
            if Theirs(*left) == Theirs(*right):
                assert hash(Mine(*left)) == hash(Mine(*right))
        assert repr(Mine(*left)).replace("Mine", "Theirs") == repr(Theirs(*left))
    assert Mine("a") != Theirs("a")  # another class is never equal, even with the same fields
    assert Mine("a") != ("a", 0)
    assert len({Mine("a", 1, ("x",)), Mine("a", 1, ("y",))}) == 1  # `notes` is not compared, so not hashed


def test_a_class_not_frozen_is_unhashable_as_a_dataclass_is() -> None:
    assert Open(1) == Open(1) and Open(1) != Open(2)
    assert Open.__hash__ is None and OpenTheirs.__hash__ is None
    with pytest.raises(TypeError):
        hash(Open(1))
    assert repr(Open(3)) == "Open(only=3)" == repr(OpenTheirs(3)).replace("OpenTheirs", "Open")


def test_frozen_replace_and_pickle_still_work() -> None:
    mine = Mine("a", 1)
    with pytest.raises(FrozenInstanceError):
        mine.points = 2  # type: ignore[misc]
    assert replace(mine, points=2) == Mine("a", 2)
    assert pickle.loads(pickle.dumps(mine)) == mine
    problem = Problem("schema", Severity.ERROR, "unknown key", "list.yaml", 3, 1)
    assert pickle.loads(pickle.dumps(problem)) == problem
    assert hash(problem) == hash(Problem("schema", Severity.ERROR, "unknown key", "list.yaml", 3, 1))
    assert repr(problem).startswith("Problem(rule='schema', severity=")


def test_it_refuses_a_class_whose_dataclass_already_wrote_them() -> None:
    with pytest.raises(TypeError, match="eq=False, repr=False"):
        compared(Theirs)


# --- `record`: the same classes, made without compiling anything ---------------------------------------------

_compiled: list[str] = []
_listening = [False]


def _note_compiles(event: str, args: tuple[object, ...]) -> None:
    if _listening[0] and event == "compile":
        _compiled.append(str(args[1]))


sys.addaudithook(_note_compiles)  # (a hook stays for the session: it listens only inside `_made`)


def _made(make: Callable[[], type]) -> tuple[type, list[str]]:
    """A class made by `make`, and what was compiled while it was made."""
    _compiled.clear()
    _listening[0] = True
    try:
        made = make()
    finally:
        _listening[0] = False
    return made, list(_compiled)


def _frozen_record() -> type:
    @record(frozen=True, slots=True)
    class Kept:
        """A frozen record with slots, defaults, a factory and a field left out of `__init__`."""

        name: str
        points: int = 0
        notes: tuple[str, ...] = field(default=(), compare=False)
        tags: list[str] = field(default_factory=list, compare=False)
        title: str = field(init=False, repr=False, compare=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "title", self.name.title())

    return Kept


Kept = _frozen_record()
Kept.__qualname__ = "Kept"  # (made in a function: named as a module's class, so that pickle finds it)


@dataclass(frozen=True, slots=True)
class KeptTheirs:
    name: str
    points: int = 0
    notes: tuple[str, ...] = field(default=(), compare=False)
    tags: list[str] = field(default_factory=list, compare=False)


def test_a_record_compiles_nothing_where_a_dataclass_compiles_its_methods() -> None:
    kept, compiled = _made(_frozen_record)
    assert compiled == []
    _, theirs = _made(lambda: dataclass(frozen=True)(type("T", (), {"__annotations__": {"a": "int"}})))
    assert theirs  # (the hook hears what `dataclass` compiles: the test above would see it)
    assert dataclasses.is_dataclass(kept) and [f.name for f in dataclasses.fields(kept)][:2] == ["name", "points"]


def test_a_record_takes_its_fields_as_a_dataclass_does() -> None:
    kept = Kept
    one = kept("ann", 3, notes=("x",))
    assert (one.name, one.points, one.notes, one.tags, one.title) == ("ann", 3, ("x",), [], "Ann")
    assert kept("ann").points == 0 and kept("ann").tags is not kept("ann").tags  # a fresh list each time
    assert one == kept(points=3, name="ann") and hash(one) == hash(kept("ann", 3))
    assert repr(one) == repr(KeptTheirs("ann", 3, ("x",))).replace("KeptTheirs", kept.__qualname__)
    assert replace(one, points=4) == kept("ann", 4) and replace(one, points=4).title == "Ann"
    for bad in (lambda: kept(), lambda: kept("a", 1, (), [], 5), lambda: kept("a", name="b"), lambda: kept("a", x=1)):
        with pytest.raises(TypeError):
            bad()


def test_a_frozen_record_refuses_changes_and_pickles_as_a_dataclass() -> None:
    kept = Kept
    one = kept("ann", 3)
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'points'"):
        one.points = 4
    with pytest.raises(FrozenInstanceError, match="cannot delete field 'name'"):
        del one.name
    assert pickle.loads(pickle.dumps(one)) == one
    assert one.__getstate__() == [*KeptTheirs("ann", 3).__getstate__(), "Ann"]  # its values in field order


def test_an_open_record_is_unhashable_and_changes() -> None:
    @record()
    class Note:
        """A record that is not frozen."""

        text: str
        seen: list[int] = field(default_factory=list)

    note = Note("a")
    note.text = "b"
    note.seen.append(1)
    assert note == Note("b", [1]) and Note.__hash__ is None and repr(note).endswith(".Note(text='b', seen=[1])")


def test_dataclasses_imported_by_record_still_document_a_class_without_a_docstring() -> None:
    """`record` imports `dataclasses` with a stand-in for `inspect` (a batch's start need not pay for it): a
    fresh process has no `inspect` after importing it, and a dataclass with no docstring is then documented
    from its signature as `dataclasses` always does, the real `inspect` imported when first needed."""
    import subprocess

    code = (
        "import sys\n"
        "import armybuilder.record\n"
        "print('inspect' in sys.modules, 'dataclasses' in sys.modules)\n"
        "from dataclasses import dataclass\n"
        "@dataclass\n"
        "class Point:\n"
        "    x: int\n"
        "    y: int = 2\n"
        "print(Point.__doc__, sys.modules['inspect'].signature is not None)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["False True", "Point(x: int, y: int = 2) True"]
