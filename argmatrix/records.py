"""Records: dataclass-like classes that cost next to nothing to define.

``@dataclass`` compiles five or six functions per class from generated source (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, the frozen ``__setattr__``/``__delattr__``) and imports ``inspect`` to do it.  On
CPython 3.11 that is 0.3-0.8 ms a class, and the preflight defines about fifty of them before it reads a flag:
more than half of a cold ``check-config``.  A record's methods are shared, written once here, and read the
class's field table; defining one costs a dict walk.  Type checkers read ``record`` as a dataclass through
``dataclass_transform`` (PEP 681).

What a record does, as ``@dataclass`` does: fields from annotations (``ClassVar`` excluded) in definition order,
inherited fields first; defaults and ``field(default_factory=..., repr=..., compare=..., init=...)``;
``__post_init__``; ``frozen`` (the default here), ``eq`` and ``order``; ``__match_args__``.  What it leaves out:
``slots``, ``InitVar``, ``kw_only``.  ``replace``, ``fields`` and ``asdict`` work on records as dataclasses'
functions do on dataclasses.  Instances pickle and copy as plain objects (their ``__dict__``).
"""
from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:  # only type checkers read it; at run time it would cost an import of typing_extensions (3.10 lacks typing's)
    def dataclass_transform(**_: Any) -> Any:
        return lambda decorated: decorated

R = TypeVar("R")
T = TypeVar("T", bound=type)


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class FrozenInstanceError(AttributeError):
    """Assigning to or deleting a field of a frozen record (what ``dataclasses.FrozenInstanceError`` says)."""


class Field:
    """One field of a record: its name, default or default factory, and whether ``__init__``, ``repr`` and the
    comparisons take it."""

    __slots__ = ("name", "default", "default_factory", "init", "repr", "compare")

    def __init__(self, default: Any = MISSING, default_factory: Any = MISSING, init: bool = True,
                 repr: bool = True, compare: bool = True) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("a field cannot have both a default and a default_factory")
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare

    def __repr__(self) -> str:
        return f"Field({self.name!r})"


def field(*, default: Any = MISSING, default_factory: Callable[[], Any] | Any = MISSING, init: bool = True,
          repr: bool = True, compare: bool = True) -> Any:
    """A field's options, as ``dataclasses.field`` takes them."""
    return Field(default, default_factory, init, repr, compare)


def _is_classvar(hint: object) -> bool:
    # annotations are strings under ``from __future__ import annotations``
    text = hint if isinstance(hint, str) else getattr(hint, "__name__", "") or repr(hint)
    return text.startswith(("ClassVar", "typing.ClassVar", "t.ClassVar")) or text == "ClassVar"


# ---- the shared methods; each reads the class's tables ------------------------------------------------------

# A class's first instances use the shared __init__ below; at this many it gets one compiled for its own fields,
# as @dataclass writes for every class up front (the compile costs about a hundred instances' worth of the shared
# one's extra time, so only classes with many instances, texts and per-release facts, ever pay it).
PROMOTE_AFTER = 100


def _compiled_init(cls: Any) -> Any:
    """An ``__init__`` for ``cls``'s fields, compiled once: what ``_init`` does, without its loops."""
    names = [f.name for f in cls.__record_fields__]
    if any(n == "self" or n.startswith("_am_") for n in names):
        return None  # a field name the generated code could not take as a parameter: stay on the shared one
    env: dict[str, Any] = {"_am_M": MISSING}
    params, body = [], ["    _am_s = self.__dict__"]
    for name, default, factory in cls.__record_init__:
        if default is not MISSING:
            env[f"_am_d_{name}"] = default
            params.append(f"{name}=_am_d_{name}")
            body.append(f"    _am_s[{name!r}] = {name}")
        elif factory is not MISSING:
            env[f"_am_f_{name}"] = factory
            params.append(f"{name}=_am_M")
            body.append(f"    _am_s[{name!r}] = _am_f_{name}() if {name} is _am_M else {name}")
        else:
            params.append(name)
            body.append(f"    _am_s[{name!r}] = {name}")
    for name, factory in cls.__record_uninit__:
        env[f"_am_u_{name}"] = factory
        body.append(f"    _am_s[{name!r}] = _am_u_{name}()")
    if cls.__record_post_init__:
        body.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body) + "\n"
    exec(source, env)  # built from the class's own field names, checked above
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    cls = type(self)
    count = cls.__record_count__
    count[0] += 1
    if count[0] == PROMOTE_AFTER and cls.__dict__.get("__init__") is _init:
        compiled = _compiled_init(cls)
        if compiled is not None:
            cls.__init__ = compiled
            compiled(self, *args, **kwargs)
            return
    table = cls.__record_init__
    if len(args) > len(table):
        raise TypeError(f"{cls.__name__}() takes {len(table)} positional arguments but {len(args)} were given")
    state = self.__dict__
    for (name, _, _), value in zip(table, args):
        state[name] = value
    for name, default, factory in table[len(args):]:
        if name in kwargs:
            state[name] = kwargs.pop(name)
        elif default is not MISSING:
            state[name] = default
        elif factory is not MISSING:
            state[name] = factory()
        else:
            raise TypeError(f"{cls.__name__}() missing required argument: {name!r}")
    if kwargs:
        name = next(iter(kwargs))
        known = any(name == entry[0] for entry in table)
        raise TypeError(f"{cls.__name__}() got multiple values for argument {name!r}" if known
                        else f"{cls.__name__}() got an unexpected keyword argument {name!r}")
    for name, factory in cls.__record_uninit__:
        state[name] = factory()
    if cls.__record_post_init__:
        self.__post_init__()


def _repr(self: Any) -> str:
    inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self).__record_repr__)
    return f"{type(self).__qualname__}({inner})"


def _key(self: Any) -> tuple[Any, ...]:
    return type(self).__record_key__(self)  # type: ignore[no-any-return]


def _key_of(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The compared fields of an instance as a tuple, read in C (``operator.attrgetter``)."""
    if not names:
        return lambda _: ()
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda obj: (one(obj),)
    return operator.attrgetter(*names)


def _eq(self: Any, other: object) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return self is other or _key(self) == _key(other)


def _hash(self: Any) -> int:
    return hash(_key(self))


def _ordering(op: Callable[[tuple[Any, ...], tuple[Any, ...]], bool]) -> Callable[[Any, object], bool]:
    def compare(self: Any, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return op(_key(self), _key(other))
    return compare


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _lt(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return a < b


def _le(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return a <= b


def _gt(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return a > b


def _ge(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return a >= b


ORDERING = {"__lt__": _ordering(_lt), "__le__": _ordering(_le), "__gt__": _ordering(_gt), "__ge__": _ordering(_ge)}


def _build(cls: Any, frozen: bool, eq: bool, order: bool) -> Any:
    table: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for f in base.__dict__.get("__record_fields__", ()):
            table[f.name] = f
    # the class's own annotations; inspect.get_annotations would load inspect, which records exist to avoid
    for name, hint in cls.__dict__.get("__annotations__", {}).items():  # noqa: RUF063
        if _is_classvar(hint):
            continue
        value = cls.__dict__.get(name, MISSING)
        f = value if isinstance(value, Field) else Field(default=value)
        f.name = name
        if isinstance(value, Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        if isinstance(f.default, (list, dict, set)):
            raise ValueError(f"mutable default {type(f.default).__name__} for field {name}: use default_factory")
        table[name] = f
    fields_ = tuple(table.values())
    seen_default = None
    for f in fields_:
        if not f.init:
            continue
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = f.name
        elif seen_default is not None:
            raise TypeError(f"non-default argument {f.name!r} follows default argument {seen_default!r}")
    cls.__record_fields__ = fields_
    cls.__record_init__ = tuple((f.name, f.default, f.default_factory) for f in fields_ if f.init)
    cls.__record_uninit__ = tuple((f.name, f.default_factory if f.default is MISSING else (lambda d=f.default: d))
                                  for f in fields_
                                  if not f.init and (f.default is not MISSING or f.default_factory is not MISSING))
    cls.__record_count__ = [0]  # instances made through the shared __init__ (a list: counting must not set an
    #                             attribute of the class, which would drop every cached lookup on it)
    cls.__record_repr__ = tuple(f.name for f in fields_ if f.repr)
    cls.__record_compare__ = tuple(f.name for f in fields_ if f.compare)
    cls.__record_key__ = _key_of(cls.__record_compare__)
    cls.__record_post_init__ = hasattr(cls, "__post_init__")
    setattr(cls, "__match_args__", tuple(f.name for f in fields_ if f.init))  # noqa: B010  (mypy: a read-only name)
    own = cls.__dict__
    if "__init__" not in own:
        cls.__init__ = _init
    if "__repr__" not in own:
        cls.__repr__ = _repr
    if eq and "__eq__" not in own:
        cls.__eq__ = _eq
        # as @dataclass: a frozen record hashes by its fields, a mutable one is unhashable
        if "__hash__" not in own or own["__hash__"] is None:
            cls.__hash__ = _hash if frozen else None
    if order:
        for name, method in ORDERING.items():
            setattr(cls, name, method)
    if frozen:
        cls.__setattr__ = _frozen_setattr
        cls.__delattr__ = _frozen_delattr
    return cls


@overload
def record(cls: T, /) -> T: ...
@overload
def record(*, frozen: bool = True, eq: bool = True, order: bool = False) -> Callable[[T], T]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def record(cls: T | None = None, /, *, frozen: bool = True, eq: bool = True,
           order: bool = False) -> T | Callable[[T], T]:
    """Make ``cls`` a record (frozen unless ``frozen=False``)."""
    if cls is None:
        return lambda c: _build(c, frozen, eq, order)
    return _build(cls, frozen, eq, order)


def is_record(obj: object) -> bool:
    return hasattr(type(obj) if not isinstance(obj, type) else obj, "__record_fields__")


def fields(obj: object) -> tuple[Field, ...]:
    """The fields of a record or record class, in order."""
    cls = obj if isinstance(obj, type) else type(obj)
    try:
        return cls.__record_fields__  # type: ignore[attr-defined, no-any-return]
    except AttributeError:
        raise TypeError(f"{cls.__name__} is not a record") from None


def replace(obj: R, /, **changes: Any) -> R:
    """A copy of the record ``obj`` with ``changes`` (``dataclasses.replace``)."""
    for f in fields(obj):
        if f.init and f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
        elif not f.init and f.name in changes:
            raise ValueError(f"field {f.name!r} is not set by __init__ and cannot be replaced")
    return type(obj)(**changes)


def asdict(obj: object) -> dict[str, Any]:
    """The fields of the record ``obj`` as a dict, records, lists, tuples and dicts inside converted too."""
    return {f.name: _plain(getattr(obj, f.name)) for f in fields(obj)}


def _plain(value: Any) -> Any:
    if is_record(value) and not isinstance(value, type):
        return asdict(value)
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return type(value)(_plain(v) for v in value)
    if isinstance(value, dict):
        return type(value)((_plain(k), _plain(v)) for k, v in value.items())
    return value
