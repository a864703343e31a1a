"""What the schema says about one argument, beyond its Python type and default.

Every field of ``ServerArgs`` carries exactly one :class:`Arg` in its
``Annotated`` metadata.  Everything downstream (the CLI parser, the matrix,
the generated docs, the JSON Schema) reads these objects; nothing restates a
flag, a default, a choice list or a support label.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any


@dataclass(frozen=True, slots=True)
class Text:
    """A sentence in both languages argmatrix speaks."""

    en: str
    zh: str

    def __call__(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.en


class Support(str, Enum):
    """Ascend (A2/A3) support as the seed tables state it, before any rule applies.

    The matrix turns this label into a per-platform status; the label itself is
    kept so the generated Ascend page can say exactly what the upstream page says.
    """

    A2_A3 = "A2, A3"
    GPU_ONLY = "Special for GPU"
    PLANNED = "Planned"
    EXPERIMENTAL = "Experimental"
    THIRD_PARTY = "third-party"   # needs a third-party component that does not run on NPU
    DEFICIENT = "deficient"       # runs, with known functional problems
    UNSUPPORTED = "unsupported"   # seed 000's "×" on both chips, no newer word on it


@dataclass(frozen=True, slots=True)
class Note:
    """A remark from the seed's Options column.  ``rule`` names the matrix rule that enforces it."""

    text: Text
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Renamed:
    """The flag still works but is spelled differently now; its value moves to ``successor``."""

    successor: str  # field name
    since: str      # matrix snapshot in which the new name replaced it


@dataclass(frozen=True, slots=True)
class Removed:
    """The flag no longer exists; setting it is an error that says what to do instead."""

    since: str
    instead: Text | None = None


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Any = _Missing()


@dataclass(frozen=True, slots=True)
class Arg:
    """The command-line and support metadata of one server argument.

    ``flags``: canonical flag first, then aliases, spelled as the seeds spell them.
    ``npu``: the Ascend support label; ``npu_options``: the values allowed on
    Ascend when that is narrower than the type (``None``: anything the type allows);
    ``npu_default``: what Ascend uses when the user says nothing (``MISSING``: the
    declared default).  ``notes`` are the Options-column remarks.
    """

    flags: tuple[str, ...]
    help: Text
    npu: Support
    npu_options: tuple[Any, ...] | None = None
    npu_default: Any = MISSING
    notes: tuple[Note, ...] = ()
    deprecated: Renamed | Removed | None = None
    metavar: str | None = None

    def __init__(self, *flags: str, help: Text, npu: Support, npu_options=None,
                 npu_default: Any = MISSING, notes: tuple[Note, ...] = (),
                 deprecated: Renamed | Removed | None = None, metavar: str | None = None):
        if not flags or not all(f.startswith("--") for f in flags):
            raise ValueError(f"Arg needs flags that start with '--', got {flags!r}")
        set_ = object.__setattr__
        set_(self, "flags", tuple(flags))
        set_(self, "help", help)
        set_(self, "npu", npu)
        set_(self, "npu_options", tuple(npu_options) if npu_options is not None else None)
        set_(self, "npu_default", npu_default)
        set_(self, "notes", tuple(notes))
        set_(self, "deprecated", deprecated)
        set_(self, "metavar", metavar)

    @property
    def flag(self) -> str:
        return self.flags[0]


@dataclass(frozen=True, slots=True)
class Group:
    """A section of the reference: the seeds' sections, in their order."""

    key: str
    title: Text
    # a sentence that applies to every argument of the group (e.g. "must be used with --disable-cuda-graph")
    note: Text | None = None
