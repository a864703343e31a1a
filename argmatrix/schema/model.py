"""``ServerArgs``: the one pydantic model with a field per server argument.

It is assembled from the group classes so that each group stays a small,
readable module, while users get one flat, frozen object (``args.tp_size``).
"""
from __future__ import annotations

from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError, create_model, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from .registry import NAMES, SPECS, suggest


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
