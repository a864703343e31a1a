"""What each server argument is: flags, type, default, help (en/zh), deprecation.

Reading the schema needs no pydantic; ``ServerArgs`` (the pydantic model) is
built on first use, so metadata-only commands never pay for it.
"""
from .meta import MISSING, Arg, Group, Text
from .registry import ArgSpec, iter_groups, spec, suggest

__all__ = [
    "FLAGS",
    "GROUPS",
    "MISSING",
    "NAMES",
    "SPECS",
    "Arg",
    "ArgSpec",
    "Group",
    "ServerArgs",
    "Text",
    "iter_groups",
    "spec",
    "suggest",
]


def __getattr__(name: str):
    if name in ("FLAGS", "GROUPS", "NAMES", "SPECS"):  # SGLang's table, loaded on first use (registry.py)
        from . import registry

        return getattr(registry, name)
    if name == "ServerArgs":
        from .model import ServerArgs

        return ServerArgs
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
