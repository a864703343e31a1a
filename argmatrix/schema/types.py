"""Value types shared by many arguments.

Each type validates the same way whether the value comes from a config file,
an environment variable, the command line or Python code, so the parser never
has to know what a field means: it hands strings to pydantic.
"""
from __future__ import annotations

import json
import re
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, WithJsonSchema

_HUMAN_INT = re.compile(r"^\s*(?P<num>[+-]?\d+(?:\.\d+)?)\s*(?P<suffix>[kmgtKMGT]?)\s*$")
_DECIMAL = {"": 1, "k": 10**3, "m": 10**6, "g": 10**9, "t": 10**12}
_BINARY = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
HUMAN_INT_PATTERN = r"^[+-]?\d+(\.\d+)?[kmgtKMGT]?$"


def parse_human_int(value: Any) -> Any:
    """Read ``1k`` as 1000, ``1K`` as 1024 and ``25.6k`` as 25600.

    Lower-case suffixes are decimal, upper-case binary (vLLM's convention).
    A fraction is allowed only with a decimal suffix and only when the result
    is whole: ``1.5K`` and ``1.0001k`` are rejected rather than rounded.
    Anything that is not a string is left for the int validator.
    """
    if not isinstance(value, str):
        return value
    m = _HUMAN_INT.match(value)
    if not m:
        raise ValueError(f"'{value}' is not an integer; use digits with an optional k/m/g/t (x1000) or K/M/G/T (x1024) suffix, e.g. 32k")
    num, suffix = m["num"], m["suffix"]
    if "." in num:
        if suffix in _BINARY:
            raise ValueError(f"'{value}': a fraction cannot take the binary suffix {suffix}; write an integer, e.g. {round(float(num))}{suffix}")
        whole, frac = num.split(".")
        scale = _DECIMAL[suffix]
        scaled_frac = int(frac) * scale
        if scaled_frac % 10 ** len(frac):
            raise ValueError(f"'{value}' is not a whole number")
        sign = -1 if whole.startswith("-") else 1
        return int(whole) * scale + sign * scaled_frac // 10 ** len(frac)
    return int(num) * (_BINARY.get(suffix) or _DECIMAL[suffix])


def parse_json_text(value: Any) -> Any:
    """Accept a JSON document given as text (from argv, env or a YAML string)."""
    if isinstance(value, str):
        text = value.strip()
        if text == "":
            return None
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not valid JSON ({exc.msg} at column {exc.colno})") from None
    return value


def split_list(value: Any) -> Any:
    """A list may be written as a JSON array, a comma-separated string, or repeated values."""
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            return parse_json_text(text)
        return [part.strip() for part in text.split(",") if part.strip()] if text else []
    return value


_human_json = WithJsonSchema({"anyOf": [{"type": "integer"}, {"type": "string", "pattern": HUMAN_INT_PATTERN}]})

# Token and byte counts: 32k, 1M, 25.6k.
HumanInt = Annotated[int, BeforeValidator(parse_human_int), _human_json]
PositiveHumanInt = Annotated[int, Field(ge=1), BeforeValidator(parse_human_int), _human_json]
NonNegHumanInt = Annotated[int, Field(ge=0), BeforeValidator(parse_human_int), _human_json]

PositiveInt = Annotated[int, Field(ge=1)]
NonNegInt = Annotated[int, Field(ge=0)]
Port = Annotated[int, Field(ge=1, le=65535)]
Fraction = Annotated[float, Field(ge=0.0, le=1.0)]
PositiveFloat = Annotated[float, Field(gt=0.0)]
NonNegFloat = Annotated[float, Field(ge=0.0)]

JsonObject = Annotated[dict[str, Any], BeforeValidator(parse_json_text)]
JsonList = Annotated[list[Any], BeforeValidator(parse_json_text)]
IntList = Annotated[list[int], BeforeValidator(split_list)]
FloatList = Annotated[list[float], BeforeValidator(split_list)]
StrList = Annotated[list[str], BeforeValidator(split_list)]
