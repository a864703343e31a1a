"""What the schema says about one argument, beyond its Python type and default.

Every field of ``ServerArgs`` carries exactly one :class:`Arg` in its
``Annotated`` metadata.  Everything downstream (the CLI parser, the matrix,
the generated docs, the JSON Schema) reads these objects; nothing restates a
flag, a default, a choice list or a support label.
"""
from __future__ import annotations

from typing import Any

from ..records import record


@record
class Text:
    """A sentence in both languages argmatrix speaks."""

    en: str
    zh: str

    def __call__(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.en


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Any = _Missing()


@record
class Arg:
    """What one server argument is: its flags and its help.

    ``flags``: canonical flag first, then aliases, spelled as SGLang spells them.
    Where the argument works (statuses, allowed values, platform defaults) is
    not the schema's business: each platform object in ``argmatrix.matrix.platforms``
    owns that for its hardware.  Which SGLang release takes the flag is ``schema/releases.py``'s.
    """

    flags: tuple[str, ...]
    help: Text
    metavar: str | None = None
    # vLLM's BooleanOptionalAction switches, which its parser also reads as --no-<flag>; None: the surface's rule
    negatable: bool | None = None

    def __init__(self, *flags: str, help: Text,
                 metavar: str | None = None, negatable: bool | None = None):
        # the canonical flag is long; vLLM adds short aliases (-tp, -q)
        if not flags or not flags[0].startswith("--") or not all(f.startswith("-") for f in flags):
            raise ValueError(f"Arg needs a long flag first (then aliases), got {flags!r}")
        set_ = object.__setattr__
        set_(self, "flags", tuple(flags))
        set_(self, "help", help)
        set_(self, "metavar", metavar)
        set_(self, "negatable", negatable)

    @property
    def flag(self) -> str:
        return self.flags[0]


@record
class ObjectKey:
    """One documented key of a JSON-object argument (``--compilation-config``'s ``cudagraph_mode``)."""

    key: str                      # a dotted path inside the object
    type: str                     # bool | int | float | str | dict | list | enum
    default: Any
    choices: tuple[Any, ...] | None
    help: Text
    source: str
    removed_in: str | None = None
    successor: str | None = None
    owner: str = ""               # who reads the object, when not the engine itself ("vLLM-Ascend")
    strict: bool = False          # the reader refuses an unknown key or a bad value (vLLM's pydantic dataclasses)
    since: str | None = None      # the owner's release checked does not read the key; this later release does
    release: str = ""             # the owner's release these keys are read by ("" when not per release)
    bounds: Any = None            # {"gt": 0, "le": 1}: pydantic's bounds on a number (vLLM's config classes)


def release_words(release: str | None, lang: str) -> str:
    """A release as people say it: "main after v0.23.0" (a branch, not a tag) is "v0.23.0 之后的 main 分支"."""
    when = release or ""
    if lang == "zh" and when.startswith("main after "):
        return f"{when.removeprefix('main after ')} 之后的 main 分支"
    return when


# groups of argmatrix's own flags (``argmatrix serve`` limits), which no SGLang release has
ARGMATRIX_ONLY_GROUPS = frozenset({"argmatrix_server"})


@record
class Group:
    """A section of the reference: the seeds' sections, in their order."""

    key: str
    title: Text
    # a sentence that applies to every argument of the group (e.g. "must be used with --disable-cuda-graph")
    note: Text | None = None
