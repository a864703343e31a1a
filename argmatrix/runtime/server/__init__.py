"""The HTTP server: OpenAI-compatible and native endpoints over the argmatrix engine.

Nothing heavy is imported here: ``fastapi``, ``uvicorn`` and ``torch`` load only
when :func:`run_server` or :func:`build_app` is first used, so ``import
argmatrix.runtime.server`` stays cheap.

- :func:`run_server` (``launch.run_server``): load the engine with a progress
  bar, warm up, listen with uvicorn, handle SIGTERM and the watchdog; returns
  the process exit status.
- :func:`build_app` (``app.build_app``): the FastAPI application for an
  already started engine.
- :class:`ServingRuntime` (``launch.ServingRuntime``): the same steps as
  ``run_server`` as an object, for tests and embedding (``start_in_thread``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["ServingRuntime", "build_app", "run_server"]

_LAZY = {"run_server": ".launch", "ServingRuntime": ".launch", "build_app": ".app"}

if TYPE_CHECKING:  # pragma: no cover
    from .app import build_app
    from .launch import ServingRuntime, run_server


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
