"""argmatrix.records behaves as @dataclass does for what the package uses of it."""
from __future__ import annotations

import copy
import pickle
from typing import ClassVar

import pytest

from argmatrix.records import FrozenInstanceError, asdict, field, fields, is_record, record, replace


@record
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = field(default_factory=tuple)
    note: str = field(default="", compare=False, repr=False)
    KIND: ClassVar[str] = "point"


@record(order=True)
class Version:
    major: int
    minor: int


@record(frozen=False)
class Box:
    items: list[int] = field(default_factory=list)
    size: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        self.size = len(self.items)


@record(eq=False)
class Base:
    key: str
    weight: float = 1.0


@record(eq=False)
class Child(Base):
    extra: str = "x"


def test_construction_defaults_and_factories():
    p = Point(1)
    assert (p.x, p.y, p.tags, p.note) == (1, 0, (), "")
    assert Point(1, 2, ("a",), note="n") == Point(x=1, y=2, tags=("a",), note="other")  # note: compare=False
    assert [f.name for f in fields(Point)] == ["x", "y", "tags", "note"]  # the ClassVar is no field
    assert Point.KIND == "point" and is_record(p) and is_record(Point) and not is_record(3)
    b1, b2 = Box(), Box()
    assert b1.items is not b2.items and Box([1, 2]).size == 2  # a fresh list each, __post_init__ ran


@pytest.mark.parametrize("call, message", [
    (lambda: Point(), "missing required argument: 'x'"),
    (lambda: Point(1, 2, (), "n", 5), "takes 4 positional arguments but 5 were given"),
    (lambda: Point(1, x=2), "got multiple values for argument 'x'"),
    (lambda: Point(1, z=2), "unexpected keyword argument 'z'"),
    (lambda: Point(1, z=2, y=3), "unexpected keyword argument 'z'"),
    (lambda: Box(size=3), "unexpected keyword argument 'size'"),  # not an __init__ field
])
def test_bad_arguments_are_refused_as_python_refuses_them(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_frozen_eq_hash_order_repr():
    p = Point(1, 2)
    with pytest.raises(FrozenInstanceError):
        p.x = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del p.y  # type: ignore[misc]
    assert hash(p) == hash(Point(1, 2)) and p != Point(1, 3) and p != (1, 2)
    assert repr(p) == "Point(x=1, y=2, tags=())"
    assert sorted([Version(1, 10), Version(1, 2), Version(0, 9)]) == [Version(0, 9), Version(1, 2), Version(1, 10)]
    assert Box() == Box() and Box.__hash__ is None  # mutable: compared by value, unhashable
    a, b = Base("k"), Base("k")
    assert a != b and a == a  # eq=False: identity


def test_inheritance_replace_asdict_pickle_copy():
    c = Child("k", extra="e")
    assert [f.name for f in fields(c)] == ["key", "weight", "extra"] and c.weight == 1.0
    r = replace(Point(1, 2, note="n"), y=5)
    assert (r.x, r.y, r.note) == (1, 5, "n")
    assert asdict(Point(1, tags=("t",))) == {"x": 1, "y": 0, "tags": ("t",), "note": ""}
    with pytest.raises(ValueError):
        replace(Box([1]), size=3)
    for made in (pickle.loads(pickle.dumps(Point(1, 2))), copy.deepcopy(Point(1, 2)), copy.copy(Point(1, 2))):
        assert made == Point(1, 2)


def test_definitions_dataclasses_refuse_are_refused():
    with pytest.raises(ValueError, match="use default_factory"):
        @record
        class Bad:
            items: list[int] = []  # noqa: RUF012
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument 'a'"):
        @record
        class Order:
            a: int = 1
            b: int


def test_a_class_with_many_instances_gets_its_own_init_which_behaves_the_same():
    from argmatrix import records

    @record
    class Many:
        a: int
        b: list[int] = field(default_factory=list)
        c: str = "c"
        d: int = field(default=4, init=False)

    made = [Many(i) for i in range(records.PROMOTE_AFTER + 5)]
    assert Many.__init__ is not records._init  # promoted
    assert made[-1] == Many(made[-1].a) and (made[-1].b, made[-1].c, made[-1].d) == ([], "c", 4)
    assert Many(1, [2], c="x") == Many(a=1, b=[2], c="x") and Many(1).b is not Many(2).b  # a fresh list each
    for bad in (lambda: Many(), lambda: Many(1, z=2), lambda: Many(1, a=2), lambda: Many(1, [], "c", 5)):
        with pytest.raises(TypeError):
            bad()
    with pytest.raises(FrozenInstanceError):
        made[0].a = 2  # type: ignore[misc]
