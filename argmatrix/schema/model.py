"""``ServerArgs``: the one pydantic model with a field per server argument.

It is assembled from the group classes so that each group stays a small,
readable module, while users get one flat, frozen object (``args.tp_size``).
"""
from __future__ import annotations

from typing import Any, ClassVar

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError, create_model, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from . import registry
from .registry import ArgSpec, suggest


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
        names = cls._names
        unknown = [k for k in data if k not in names]
        if not unknown:
            return handler(data)
        known = {k: v for k, v in data.items() if k in names}
        errors: list[InitErrorDetails] = []
        for key in unknown:
            hint = suggest(key, names)
            msg = f"unknown argument '{key}'" + (f"; did you mean '{hint}'?" if hint else "")
            errors.append({"type": PydanticCustomError("unknown_argument", msg, {"suggestion": hint}),
                           "loc": (key,), "input": data[key]})
        try:
            handler(known)
        except ValidationError as exc:
            errors.extend({"type": PydanticCustomError(e["type"], e["msg"], e.get("ctx") or {}),
                           "loc": e["loc"], "input": e["input"]} for e in exc.errors())
        raise ValidationError.from_exception_data(cls.__name__, errors)

    _names: ClassVar[dict[str, str]] = registry.NAMES
    _specs: ClassVar[dict[str, ArgSpec]] = registry.SPECS

    def changed(self) -> dict[str, Any]:
        """Fields whose value differs from the declared default."""
        return {k: v for k, v in self if v != self._specs[k].default}


def build_model(model_name: str, specs: dict[str, ArgSpec], names: dict[str, str], doc: str) -> type[_ServerArgsBase]:
    """One frozen pydantic model with a field per argument of an engine's surface."""
    fields: dict[str, Any] = {}
    for name, spec in specs.items():
        info = Field(default=spec.default, validation_alias=AliasChoices(*spec.names),
                     description=spec.arg.help.en)
        fields[name] = (spec.annotation, info)
    model = create_model(model_name, __base__=_ServerArgsBase, __module__=__name__, **fields)
    model._names, model._specs = names, specs
    model.__doc__ = doc
    return model


ServerArgs = build_model("ServerArgs", registry.SPECS, registry.NAMES,
                         "Every server argument argmatrix knows, validated.  Build it from Python "
                         "(``ServerArgs(model_path='m', tp_size=2)``) or through ``argmatrix.compile``.")
