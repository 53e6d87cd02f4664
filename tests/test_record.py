"""`compared` gives a dataclass the equality, hash and repr `dataclass` itself would have written."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError, dataclass, field, replace

import pytest

from armybuilder.problems import Problem, Severity
from armybuilder.record import compared


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
