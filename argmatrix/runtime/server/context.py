"""What the server needs to know about how it was configured.

``serve`` receives a ``Compiled`` object (``.args``, ``.sources``,
``.platform``, ``.findings``) from ``argmatrix.compile``; tests and embedders
may hand over a bare ``ServerArgs``.  :func:`server_context` accepts either.
"""
from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ... import records
from .redact import REDACTED, SECRET_FIELDS, redact  # noqa: F401 - re-exported for older imports

if TYPE_CHECKING:
    from ...compiler import Compiled
    from ...schema.model import ServerArgs


@dataclass(frozen=True)
class ServerContext:
    args: ServerArgs
    sources: dict[str, str] = field(default_factory=dict)
    platform: Any = None
    findings: tuple[Any, ...] = ()
    compiled: Compiled | None = None

    def source(self, name: str) -> str:
        """Where a value came from: the compiler's provenance, else ``default``/``python``."""
        if name in self.sources:
            return self.sources[name]
        from argmatrix.schema import SPECS

        spec = SPECS.get(name)
        if spec is not None and getattr(self.args, name) != spec.default:
            return "python"
        return "default"


def server_context(source: Compiled | ServerArgs | ServerContext) -> ServerContext:
    """Normalise a ``Compiled`` or a ``ServerArgs`` into a :class:`ServerContext`."""
    if isinstance(source, ServerContext):
        return source
    from ...compiler import Compiled

    if not isinstance(source, Compiled):  # a bare ServerArgs
        return ServerContext(args=source)
    return ServerContext(args=source.args, sources={str(k): str(v) for k, v in (source.sources or {}).items()},
                         platform=source.platform, findings=tuple(source.findings or ()), compiled=source)


def jsonable(obj: Any, _depth: int = 0) -> Any:
    """A JSON-safe rendering of config objects (pydantic models, dataclasses, enums, paths)."""
    if _depth > 8:
        return str(obj)
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, enum.Enum):
        return jsonable(obj.value, _depth + 1)
    if isinstance(obj, dict):
        return {str(k): jsonable(v, _depth + 1) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [jsonable(v, _depth + 1) for v in obj]
    if hasattr(obj, "model_dump"):
        try:
            return jsonable(obj.model_dump(mode="json"), _depth + 1)
        except Exception:  # noqa: BLE001 - fall back to the string form
            return str(obj)
    if (dataclasses.is_dataclass(obj) or records.is_record(obj)) and not isinstance(obj, type):
        out = {}
        for f in (records.fields(obj) if records.is_record(obj) else dataclasses.fields(obj)):
            try:
                out[f.name] = jsonable(getattr(obj, f.name), _depth + 1)
            except Exception:  # noqa: BLE001
                out[f.name] = "<unavailable>"
        return out
    text = getattr(obj, "en", None)  # schema Text
    if isinstance(text, str):
        return text
    return str(obj)


def resolved_args(ctx: ServerContext) -> dict[str, dict[str, Any]]:
    """Every argument with its value and where the value came from; secrets redacted."""
    out: dict[str, dict[str, Any]] = {}
    for name, value in ctx.args:
        out[name] = {"value": redact(jsonable(value), name), "source": redact(ctx.source(name))}
    return out


def served_model_name(args: ServerArgs, engine: Any = None) -> str:
    if args.served_model_name:
        return args.served_model_name
    if args.model_path:
        return args.model_path
    return getattr(engine, "model_name", None) or "default"
