"""Stand-ins for the modules an engine's code imports and a tool must not (or cannot) load.

The tools that run SGLang's own argument code (``sglang_release.py`` on an unpacked wheel with nothing installed,
``sglang_memory.py``, ``sglang_conformance.py`` and ``sglang_reads_exports.py`` in a scratch venv) share this one
implementation: a stub module hands out a :class:`Stub` for every name, and a :class:`StubFinder` on
``sys.meta_path`` decides which imports get one.  Imported by tools only, never by argmatrix or its tests.
"""
from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
from collections.abc import Callable
from typing import Any


class Stub:
    """Anything a stubbed module exports: callable, indexable, iterable as nothing, falsy, usable as a base class
    and in ``X | None`` annotations."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def __call__(self, *args: Any, **kwargs: Any) -> Stub:
        return Stub()

    def __getattr__(self, name: str) -> Stub:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return Stub()

    def __getitem__(self, key: Any) -> Stub:
        return Stub()

    def __iter__(self):
        return iter(())

    def __bool__(self) -> bool:
        return False

    def __or__(self, other: Any) -> Stub:
        return Stub()

    __ror__ = __or__

    def __mro_entries__(self, bases: tuple) -> tuple:
        return (Stub,)

    def __repr__(self) -> str:
        return "<stub>"


class StubModule(types.ModuleType):
    __version__ = "0.0.0"  # libraries compare the versions of what they find

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return Stub()


def stub_module(name: str, exports: dict[str, Any] | None = None) -> StubModule:
    module = StubModule(name)
    module.__path__ = []
    module.__dict__.update(exports or {})
    return module


class StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Gives a stub module for every top-level module ``wanted`` names (and any submodule of a stubbed one);
    never for the standard library or ``sglang`` itself.  ``exports``: names a stub must really have (module ->
    attribute -> value), e.g. ``dill.dumps`` that SGLang calls at import time."""

    def __init__(self, wanted: Callable[[str], bool], exports: dict[str, dict[str, Any]] | None = None,
                 only_from_sglang: bool = False) -> None:
        self.wanted = wanted
        self.exports = exports or {}
        self.only_from_sglang = only_from_sglang  # a library probing for an optional module gets the real answer

    def find_spec(self, name, path, target=None):
        top = name.split(".")[0]
        if top == "sglang" or top in sys.stdlib_module_names:
            return None
        if "." in name:  # a submodule: only of a module this finder stubbed
            stubbed = isinstance(sys.modules.get(top), StubModule)
            return importlib.machinery.ModuleSpec(name, self, is_package=True) if stubbed else None
        if not self.wanted(name) or (self.only_from_sglang and not _imported_by_sglang()):
            return None
        return importlib.machinery.ModuleSpec(name, self, is_package=True)

    def create_module(self, spec):
        return stub_module(spec.name, self.exports.get(spec.name))

    def exec_module(self, module):
        pass


def install(wanted: Callable[[str], bool], *, first: bool, exports: dict[str, dict[str, Any]] | None = None,
            only_from_sglang: bool = False, hide_from_probes: bool = False) -> StubFinder:
    """Put a :class:`StubFinder` on ``sys.meta_path``: ``first`` replaces even installed modules, otherwise only
    the ones nothing else finds.  ``hide_from_probes``: ``importlib.util.find_spec`` (how libraries probe for an
    optional package) does not see the stubs, so nobody takes one for the real thing."""
    finder = StubFinder(wanted, exports, only_from_sglang)
    if first:
        sys.meta_path.insert(0, finder)
    else:
        sys.meta_path.append(finder)
    if hide_from_probes:
        real_find_spec = importlib.util.find_spec

        def find_spec(name, package=None):
            if isinstance(sys.modules.get(name.split(".")[0]), StubModule):
                return None
            return real_find_spec(name, package)

        importlib.util.find_spec = find_spec
    return finder


def _imported_by_sglang() -> bool:
    """Whether the import being resolved comes from SGLang's code (not from a library it imported): walk out of
    importlib's frames and this module's to the importing module."""
    frame = sys._getframe(1)
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if "importlib" not in frame.f_code.co_filename and name != __name__:
            return name.startswith("sglang")
        frame = frame.f_back
    return False
