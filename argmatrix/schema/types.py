"""Value types shared by many arguments.

Each type validates the same way whether the value comes from a config file,
an environment variable, the command line or Python code, so the parser never
has to know what a field means: it hands strings to the validator.

The metadata classes here speak pydantic's ``__get_pydantic_core_schema__``
protocol but import pydantic only when a validator is actually built, so
reading the schema (``--help``, ``docs``, ``matrix``) stays cheap.
"""
from __future__ import annotations

import json
import re
from typing import Annotated, Any

from ..records import record
from .meta import Text
from .type_errors import ValueProblem

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
    if len(value) > 64:      # int() refuses 4,300 digits and more; no count or size needs 64 characters
        raise ValueProblem(Text(f"'{value[:16]}...' is {len(value):,} characters long: not a count or size",
                                f"“{value[:16]}...”长达 {len(value):,} 个字符，不是有效的数量或大小"),
                           Text("write a number such as 2, 32k or 4G", "请写 2、32k、4G 这样的数值"))
    m = _HUMAN_INT.match(value)
    if not m:
        raise ValueProblem(Text(f"'{value}' is not an integer", f"“{value}”不是整数"),
                           Text("use digits with an optional k/m/g/t (x1000) or K/M/G/T (x1024) suffix, e.g. 32k",
                                "请写数字，可带 k/m/g/t（×1000）或 K/M/G/T（×1024）后缀，例如 32k"))
    num, suffix = m["num"], m["suffix"]
    if "." in num:
        if suffix in _BINARY:
            raise ValueProblem(Text(f"'{value}': a fraction cannot take the binary suffix {suffix}",
                                    f"“{value}”：小数不能带二进制后缀 {suffix}"),
                               Text(f"write an integer, e.g. {round(float(num))}{suffix}",
                                    f"请写整数，例如 {round(float(num))}{suffix}"))
        whole, frac = num.split(".")
        scale = _DECIMAL[suffix]
        scaled_frac = int(frac) * scale
        if scaled_frac % 10 ** len(frac):
            raise ValueProblem(Text(f"'{value}' is not a whole number", f"“{value}”不是整数"),
                               Text("write a value that comes out whole, e.g. 1.5k", "请写换算后为整数的取值，例如 1.5k"))
        sign = -1 if whole.startswith("-") else 1
        return int(whole) * scale + sign * scaled_frac // 10 ** len(frac)
    return int(num) * (_BINARY.get(suffix) or _DECIMAL[suffix])


def parse_human_int_or_auto(value: Any) -> Any:
    """vLLM's ``--max-model-len``: a human-readable integer, or ``auto`` / ``-1`` for "as large as fits"."""
    if isinstance(value, str) and value.strip().lower() == "auto":
        return -1
    return parse_human_int(value)


def no_zero_cap(value: Any) -> Any:
    """A cap where -1 means "no cap": SGLang refuses 0, so say so before the launch does.  (Here, not beside its
    one field, so that the stored argument table does not load that field's whole group module.)"""
    if str(value).strip().lstrip("+-") == "0":
        raise ValueProblem(Text("0 is not allowed", "不允许取 0"),
                           Text("use -1 for no cap, or a positive number", "请用 -1 表示不设上限，或写正数"))
    return value


def parse_json_text(value: Any) -> Any:
    """Accept a JSON document given as text (from argv, env or a YAML string)."""
    if isinstance(value, str):
        text = value.strip()
        if text == "":
            return None
        try:
            return json.loads(text)
        except JSON_ERRORS as exc:
            raise ValueProblem(json_error(exc), Text("write a JSON object, e.g. '{\"key\": 1}'",
                                                     "请写 JSON 对象，例如 '{\"key\": 1}'")) from None
    return value


# what json.loads raises for text it cannot read: JSONDecodeError (a ValueError), a ValueError for a number of more
# than 4,300 digits, RecursionError for nesting past the stack
JSON_ERRORS = (ValueError, RecursionError)


def json_error(exc: BaseException) -> Text:
    """Why ``json.loads`` could not read a text (one of :data:`JSON_ERRORS`), in both languages."""
    if isinstance(exc, json.JSONDecodeError):
        return Text(f"not valid JSON ({exc.msg} at column {exc.colno})", f"不是合法的 JSON（第 {exc.colno} 列有误）")
    return Text("not usable JSON (a number with thousands of digits, or nesting too deep)",
                "无法使用的 JSON（含数千位的数字，或嵌套过深）")


_BRACED = re.compile(r"(?s)^\s*{.*}\s*$")


def parse_json_or_text(value: Any) -> Any:
    """vLLM's ``union_dict_and_str``: text in braces is a JSON object (or an error), any other text stays text."""
    if isinstance(value, str) and _BRACED.match(value):
        return parse_json_text(value)
    return value


def split_list(value: Any) -> Any:
    """A list may be written as a JSON array, a comma-separated string, or repeated values."""
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            return parse_json_text(text)
        return [part.strip() for part in text.split(",") if part.strip()] if text else []
    return value


@record
class Bounds:
    """Numeric bounds, applied to the int or float schema they annotate."""

    ge: float | None = None
    gt: float | None = None
    le: float | None = None

    def items(self):
        return [(k, getattr(self, k)) for k in ("ge", "gt", "le") if getattr(self, k) is not None]

    def admits(self, number: float) -> bool:
        return ((self.ge is None or number >= self.ge) and (self.gt is None or number > self.gt)
                and (self.le is None or number <= self.le))

    def __get_pydantic_core_schema__(self, source, handler):
        return {**handler(source), **dict(self.items())}


@record(eq=False)# typing hashes Annotated metadata, and json_schema is a dict
class Before:
    """Run ``func`` on the raw input before the annotated type validates it."""

    func: Any
    json_schema: Any = None  # what config files may write, when that is wider than the type

    # equal by value, so a stored argument table (schema/stored.py) equals the one introspected from the source
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Before) and (self.func, self.json_schema) == (other.func, other.json_schema)

    def __hash__(self) -> int:
        return hash(self.func)

    def __get_pydantic_core_schema__(self, source, handler):
        from pydantic_core import core_schema

        return core_schema.no_info_before_validator_function(self.func, handler(source))

    def __get_pydantic_json_schema__(self, schema, handler):
        return dict(self.json_schema) if self.json_schema is not None else handler(schema)


_human = Before(parse_human_int, {"anyOf": [{"type": "integer"}, {"type": "string", "pattern": HUMAN_INT_PATTERN}]})
_human_or_auto = Before(parse_human_int_or_auto, {"anyOf": [{"type": "integer"}, {"type": "string", "pattern":
                                                  HUMAN_INT_PATTERN[:-1] + "|^auto$"}]})
_json = Before(parse_json_text)
_split = Before(split_list)

# Token and byte counts: 32k, 1M, 25.6k.
HumanInt = Annotated[int, _human]
HumanIntOrAuto = Annotated[int, _human_or_auto]   # -1: as long as the model and the memory allow
PositiveHumanInt = Annotated[int, Bounds(ge=1), _human]
NonNegHumanInt = Annotated[int, Bounds(ge=0), _human]

PositiveInt = Annotated[int, Bounds(ge=1)]
NonNegInt = Annotated[int, Bounds(ge=0)]
Port = Annotated[int, Bounds(ge=1, le=65535)]
Fraction = Annotated[float, Bounds(ge=0.0, le=1.0)]
PositiveFloat = Annotated[float, Bounds(gt=0.0)]
NonNegFloat = Annotated[float, Bounds(ge=0.0)]

JsonObject = Annotated[dict[str, Any], _json]
JsonObjectOrText = Annotated[dict[str, Any] | str, Before(parse_json_or_text)]  # vLLM: an object, or a name
JsonList = Annotated[list[Any], _json]
IntList = Annotated[list[int], _split]
FloatList = Annotated[list[float], _split]
StrList = Annotated[list[str], _split]
