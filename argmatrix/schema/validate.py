"""Validate one field's value, cheaply when the value is well-formed.

``check-config`` validates only the handful of values a user set.  Building
pydantic validators for them costs more than the rest of the command (pydantic's
import alone doubles a cold start), so every well-formed input is handled here:
an int or a digit string, a listed choice, a list given as repeated values, a
comma-separated string or a JSON array (``--cuda-graph-bs 8 16``), a JSON object,
and two errors written the way pydantic writes them: a number outside its bounds
and a word that is not one of a field's choices (a value an older release took,
``--load-balance-method decode_round_robin``, is a well-formed launch too).  Anything else goes through pydantic, so messages and edge cases stay
pydantic's; tests/schema/test_validate.py checks that both paths agree on every
field.
"""
from __future__ import annotations

import re
from typing import Any, Literal, get_args, get_origin

from . import registry
from .registry import ArgSpec, _metadata
from .type_errors import ValueProblem
from .types import (
    Before,
    Bounds,
    parse_human_int,
    parse_human_int_or_auto,
    parse_json_or_text,
    parse_json_text,
    split_list,
)

HUMAN_READERS = (parse_human_int, parse_human_int_or_auto)  # 32k; vLLM's --max-model-len also takes auto

_INT_TEXT = re.compile(r"\s*[+-]?\d+\s*")
_FLOAT_TEXT = re.compile(r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*")
_BOOL_TEXT = {"true": True, "1": True, "yes": True, "on": True, "t": True, "y": True,
              "false": False, "0": False, "no": False, "off": False, "f": False, "n": False}
_NO = object()  # "cannot prove this valid": ask pydantic


class _Refused:
    """A well-formed value the field refuses (a number outside its bounds, a word outside its choices): the
    errors pydantic would report, without pydantic."""

    __slots__ = ("errors",)

    def __init__(self, *errors: dict[str, Any]):
        self.errors = errors

    @property
    def error(self) -> dict[str, Any]:
        return self.errors[0]


def _literal_error(choices: tuple[Any, ...], value: Any, loc: tuple[Any, ...] = ()) -> dict[str, Any]:
    """pydantic's ``literal_error`` for ``value`` outside ``choices``: "Input should be 'a', 'b' or 'c'"."""
    shown = [repr(c) for c in choices]
    expected = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"
    return {"type": "literal_error", "loc": loc, "msg": f"Input should be {expected}", "input": value,
            "ctx": {"expected": expected}}


def _words(choices: tuple[Any, ...]) -> bool:
    return all(type(c) is str for c in choices)


# pydantic's words for each bound, and its error type (what type_errors.describe reads)
_BOUND_ERRORS = {"ge": ("greater_than_equal", "greater than or equal to"), "gt": ("greater_than", "greater than"),
                 "le": ("less_than_equal", "less than or equal to")}


def _bound_error(bounds: list[Bounds], value: float) -> dict[str, Any] | None:
    for b in bounds:
        for key, limit in b.items():
            if {"ge": value >= limit, "gt": value > limit, "le": value <= limit}[key]:
                continue
            kind, words = _BOUND_ERRORS[key]
            shown = int(limit) if isinstance(limit, float) and limit.is_integer() else limit  # pydantic prints 0, not 0.0
            return {"type": kind, "loc": (), "msg": f"Input should be {words} {shown}", "input": value,
                    "ctx": {key: limit}}
    return None


def _number(t: type, value: Any) -> Any:
    """``value`` as an int or float the way pydantic's lax mode reads it, or _NO."""
    if isinstance(value, bool):
        return _NO
    if isinstance(value, str):
        pattern = _INT_TEXT if t is int else _FLOAT_TEXT
        if not pattern.fullmatch(value):
            return _NO
        try:
            return t(value)
        except ValueError:     # more digits than Python converts (4,300): no count or size is that large
            return _NO
    if t is int:
        return value if isinstance(value, int) else _NO
    return float(value) if isinstance(value, (int, float)) else _NO


def _item(t: Any, value: Any) -> Any:
    """One element of a list field (no bounds or validators of its own), or _NO (a word outside a list of
    words is refused by the caller)."""
    if t is Any:
        return value
    if t is str:
        return value if isinstance(value, str) else _NO
    if t in (int, float):
        return _number(t, value)
    if get_origin(t) is Literal:
        return value if any(value == c and type(value) is type(c) for c in get_args(t)) else _NO
    return _NO


_FIELD_CHECKS: dict[int, tuple[ArgSpec, list[Any], list[Bounds]]] = {}


def _checks(spec: ArgSpec) -> tuple[list[Any], list[Bounds]]:
    """The field's before-validators and bounds, read from its annotation once per process."""
    held = _FIELD_CHECKS.get(id(spec))
    if held is None or held[0] is not spec:
        meta = _metadata(spec.annotation)
        held = _FIELD_CHECKS[id(spec)] = (spec, [m.func for m in meta if isinstance(m, Before)],
                                          [m for m in meta if isinstance(m, Bounds)])  # the spec is kept: ids stay
    return held[1], held[2]


def _before(spec: ArgSpec) -> list[Any]:
    return _checks(spec)[0]


def _fast(spec: ArgSpec, value: Any) -> Any:
    if value is None:
        return None if spec.optional else _NO
    t = spec.base_type
    origin = get_origin(t)
    if origin is Literal:
        choices = get_args(t)
        if any(value == c and type(value) is type(c) for c in choices):
            return value
        # a word outside a field of words: pydantic's error, unless a validator of the field's own reads it first
        return _Refused(_literal_error(choices, value)) if type(value) is str and _words(choices) \
            and not _before(spec) else _NO
    if t is bool:
        if isinstance(value, bool):
            return value
        return _BOOL_TEXT.get(value.strip().lower(), _NO) if isinstance(value, str) else _NO
    if t is str:
        return value if isinstance(value, str) else _NO
    if _before(spec) == [parse_json_or_text]:  # vLLM's object-or-name: a JSON object in braces, else the text
        try:
            value = parse_json_or_text(value)
        except ValueProblem:
            return _NO
        if isinstance(value, str):
            return value
        return value if isinstance(value, dict) and all(isinstance(k, str) for k in value) else _NO
    if origin in (list, dict):
        funcs = _before(spec)
        if any(f not in (split_list, parse_json_text) for f in funcs):
            return _NO
        try:
            for f in funcs:
                value = f(value)
        except ValueProblem:
            return _NO             # malformed: pydantic words the error
        if value is None:
            return _NO             # "null" or "": the type check comes after the JSON text is read
        if origin is dict:
            key_t, _ = get_args(t)
            if not isinstance(value, dict) or get_args(t)[1] is not Any or key_t is not str:
                return _NO
            return value if all(isinstance(k, str) for k in value) else _NO
        if not isinstance(value, (list, tuple)):
            return _NO
        (item_t,) = get_args(t)
        items = [_item(item_t, v) for v in value]
        if get_origin(item_t) is Literal and _words(get_args(item_t)) and all(type(v) is str for v in value):
            refused = [_literal_error(get_args(item_t), v, (i,)) for i, v in enumerate(value) if items[i] is _NO]
            if refused:
                return _Refused(*refused)
        return _NO if any(v is _NO for v in items) else items
    if t in (int, float):
        funcs = _before(spec)
        if any(f not in HUMAN_READERS for f in funcs):
            return _NO  # the field has a check of its own (e.g. "-1 or positive") that only pydantic runs
        if funcs and isinstance(value, str):
            try:
                value = funcs[0](value)
            except ValueProblem:
                return _NO
        value = _number(t, value)
        if value is _NO:
            return _NO
        error = _bound_error(_checks(spec)[1], value)
        return value if error is None else _Refused(error)
    return _NO


_ADAPTERS: dict[tuple[int, str], Any] = {}


def field_adapter(name: str, specs: dict[str, ArgSpec] | None = None):
    """A pydantic validator for one field alone (not the 300-field model) of ``specs`` (default: SGLang's)."""
    specs = registry.SPECS if specs is None else specs
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
    specs = registry.SPECS if specs is None else specs
    typed: dict[str, Any] = {}
    errors: list[tuple[str, Any]] = []
    for name, value in values.items():
        fast = _fast(specs[name], value)
        if isinstance(fast, _Refused):
            errors.extend((name, e if detailed else e["msg"]) for e in fast.errors)
            continue
        if fast is not _NO:
            typed[name] = fast
            continue
        from pydantic import ValidationError

        try:
            typed[name] = field_adapter(name, specs).validate_python(value)
        except ValidationError as exc:
            errors.extend((name, e if detailed else e["msg"]) for e in exc.errors())
    return typed, errors
