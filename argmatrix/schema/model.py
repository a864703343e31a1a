"""``ServerArgs``: the one pydantic model with a field per server argument.

It is assembled from the group classes so that each group stays a small,
readable module, while users get one flat, frozen object (``args.tp_size``).
"""
from __future__ import annotations

import difflib
from functools import lru_cache
from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from .registry import NAMES, SPECS


def suggest(key: str, candidates=None) -> str | None:
    """The closest known key to a misspelt one, if any is close enough."""
    found = difflib.get_close_matches(key, list(candidates or NAMES), n=1, cutoff=0.6)
    if not found:
        return None
    return NAMES.get(found[0], found[0]) if candidates is None else found[0]


class _ServerArgsBase(BaseModel):
    # defer_build: the validator for 300+ fields is built on first validation, so
    # commands that only read metadata (docs, matrix, --help) never pay for it.
    model_config = ConfigDict(frozen=True, extra="forbid", validate_default=False,
                              populate_by_name=True, defer_build=True)

    @model_validator(mode="wrap")
    @classmethod
    def _unknown_keys_with_suggestions(cls, data: Any, handler):
        """Report unknown keys with a did-you-mean, together with every other field error."""
        if not isinstance(data, dict):
            return handler(data)
        unknown = [k for k in data if k not in NAMES]
        if not unknown:
            return handler(data)
        known = {k: v for k, v in data.items() if k in NAMES}
        errors: list[InitErrorDetails] = []
        for key in unknown:
            hint = suggest(key)
            msg = f"unknown argument '{key}'" + (f"; did you mean '{hint}'?" if hint else "")
            errors.append({"type": PydanticCustomError("unknown_argument", msg, {"suggestion": hint}),
                           "loc": (key,), "input": data[key]})
        try:
            handler(known)
        except ValidationError as exc:
            errors.extend({"type": PydanticCustomError(e["type"], e["msg"], e.get("ctx") or {}),
                           "loc": e["loc"], "input": e["input"]} for e in exc.errors())
        raise ValidationError.from_exception_data(cls.__name__, errors)

    def changed(self) -> dict[str, Any]:
        """Fields whose value differs from the declared default."""
        return {k: v for k, v in self if v != SPECS[k].default}


@lru_cache(maxsize=None)
def field_adapter(name: str) -> TypeAdapter:
    """A validator for one field alone: checking three flags should not build the 300-field validator."""
    return TypeAdapter(SPECS[name].annotation)


def validate_fields(values: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """Validate each value with its field's type; returns the typed values and ``(field, message)`` failures."""
    typed: dict[str, Any] = {}
    errors: list[tuple[str, str]] = []
    for name, value in values.items():
        try:
            typed[name] = field_adapter(name).validate_python(value)
        except ValidationError as exc:
            errors.extend((name, e["msg"]) for e in exc.errors())
    return typed, errors


def _build() -> type[_ServerArgsBase]:
    fields: dict[str, Any] = {}
    for name, spec in SPECS.items():
        info = Field(default=spec.default, validation_alias=AliasChoices(*spec.names),
                     description=spec.arg.help.en)
        fields[name] = (spec.annotation, info)
    model = create_model("ServerArgs", __base__=_ServerArgsBase, __module__=__name__, **fields)
    model.__doc__ = ("Every server argument argmatrix knows, validated.  Build it from Python "
                     "(``ServerArgs(model_path='m', tp_size=2)``) or through ``argmatrix.compile``.")
    return model


ServerArgs = _build()
