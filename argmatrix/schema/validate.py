"""Validate one field's value, cheaply when the value is obviously right.

``check-config`` validates only the handful of values a user set.  Building
pydantic validators for them costs more than the rest of the command, so
plain, well-formed inputs (an int, a digit string, a listed choice) are
accepted here directly; anything else, and every error, goes through pydantic
so messages and edge cases stay pydantic's.  tests/schema/test_validate.py
checks that both paths agree.
"""
from __future__ import annotations

import re
from typing import Any, Literal, get_args, get_origin

from .registry import SPECS, ArgSpec, _metadata
from .types import Before, Bounds, parse_human_int

_INT_TEXT = re.compile(r"\s*[+-]?\d+\s*")
_FLOAT_TEXT = re.compile(r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*")
_BOOL_TEXT = {"true": True, "1": True, "yes": True, "on": True, "t": True, "y": True,
              "false": False, "0": False, "no": False, "off": False, "f": False, "n": False}
_NO = object()  # "cannot prove this valid": ask pydantic


def _fast(spec: ArgSpec, value: Any) -> Any:
    if value is None:
        return None if spec.optional else _NO
    t = spec.base_type
    if get_origin(t) is Literal:
        return value if any(value == c and type(value) is type(c) for c in get_args(t)) else _NO
    if t is bool:
        if isinstance(value, bool):
            return value
        return _BOOL_TEXT.get(value.strip().lower(), _NO) if isinstance(value, str) else _NO
    if t is str:
        return value if isinstance(value, str) else _NO
    if t in (int, float):
        if any(isinstance(m, Before) and m.func is not parse_human_int for m in _metadata(spec.annotation)):
            return _NO  # the field has a check of its own (e.g. "-1 or positive") that only pydantic runs
        if spec.human_int and isinstance(value, str):
            try:
                value = parse_human_int(value)
            except ValueError:
                return _NO
        if isinstance(value, bool):
            return _NO
        if isinstance(value, str):
            pattern = _INT_TEXT if t is int else _FLOAT_TEXT
            if not pattern.fullmatch(value):
                return _NO
            value = t(value)
        elif t is int and not isinstance(value, int):
            return _NO
        elif t is float and isinstance(value, (int, float)):
            value = float(value)
        elif t is float:
            return _NO
        bounds = [m for m in _metadata(spec.annotation) if isinstance(m, Bounds)]
        return value if all(b.admits(value) for b in bounds) else _NO
    return _NO


_ADAPTERS: dict[tuple[int, str], Any] = {}


def field_adapter(name: str, specs: dict[str, ArgSpec] | None = None):
    """A pydantic validator for one field alone (not the 300-field model) of ``specs`` (default: SGLang's)."""
    specs = SPECS if specs is None else specs
    key = (id(specs), name)
    if key not in _ADAPTERS:
        from pydantic import TypeAdapter

        _ADAPTERS[key] = TypeAdapter(specs[name].annotation)
    return _ADAPTERS[key]


def validate_fields(values: dict[str, Any], detailed: bool = False,
                    specs: dict[str, ArgSpec] | None = None) -> tuple[dict[str, Any], list[tuple[str, Any]]]:
    """Validate each value with its field's type; returns the typed values and ``(field, message)`` failures.

    ``detailed``: each failure carries pydantic's error dict (type, ctx, msg) instead of its English message,
    for :func:`argmatrix.schema.type_errors.describe`.  ``specs``: the surface's fields (default: SGLang's).
    """
    specs = SPECS if specs is None else specs
    typed: dict[str, Any] = {}
    errors: list[tuple[str, Any]] = []
    for name, value in values.items():
        fast = _fast(specs[name], value)
        if fast is not _NO:
            typed[name] = fast
            continue
        from pydantic import ValidationError

        try:
            typed[name] = field_adapter(name, specs).validate_python(value)
        except ValidationError as exc:
            errors.extend((name, e if detailed else e["msg"]) for e in exc.errors())
    return typed, errors
