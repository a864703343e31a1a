"""A bad value, said in both languages: one template per kind of validation error.

pydantic reports an error as a type (``less_than_equal``, ``int_parsing``) with
its context; its English sentence is written for programmers ("Input should be
a valid integer").  Each type here gets a sentence that names the value and
the limit, and a fix that says what to write, in English and Chinese.  A type
without a template falls back to pydantic's sentence, marked as such.
"""
from __future__ import annotations

from typing import Any

from .meta import Text
from .values import as_argv


class ValueProblem(ValueError):
    """A field validator's refusal, in both languages (pydantic keeps it as ``ctx['error']``)."""

    def __init__(self, message: Text, fix: Text | None = None):
        super().__init__(f"{message.en}; {fix.en}" if fix else message.en)
        self.text = message
        self.fix = fix


_show = as_argv


# type -> (message, fix); {value} is the input, {limit} the bound from pydantic's context, {flag} the flag
TEMPLATES: dict[str, tuple[Text, Text]] = {
    "less_than_equal": (Text("must be ≤ {limit} (got {value})", "取值须 ≤ {limit}（当前 {value}）"),
                        Text("write a number no larger than {limit}", "请写不大于 {limit} 的数")),
    "less_than": (Text("must be < {limit} (got {value})", "取值须 < {limit}（当前 {value}）"),
                  Text("write a number smaller than {limit}", "请写小于 {limit} 的数")),
    "greater_than_equal": (Text("must be ≥ {limit} (got {value})", "取值须 ≥ {limit}（当前 {value}）"),
                           Text("write a number no smaller than {limit}", "请写不小于 {limit} 的数")),
    "greater_than": (Text("must be > {limit} (got {value})", "取值须 > {limit}（当前 {value}）"),
                     Text("write a number larger than {limit}", "请写大于 {limit} 的数")),
    "int_parsing": (Text("'{value}' is not a whole number", "“{value}”不是整数"),
                    Text("write a whole number, e.g. {flag} {example}", "请写整数，例如 {flag} {example}")),
    "int_from_float": (Text("'{value}' is not a whole number", "“{value}”不是整数"),
                       Text("write a whole number, e.g. {flag} {example}", "请写整数，例如 {flag} {example}")),
    "int_type": (Text("'{value}' is not a whole number", "“{value}”不是整数"),
                 Text("write a whole number, e.g. {flag} {example}", "请写整数，例如 {flag} {example}")),
    "float_parsing": (Text("'{value}' is not a number", "“{value}”不是数字"),
                      Text("write a number, e.g. {flag} {example}", "请写数字，例如 {flag} {example}")),
    "float_type": (Text("'{value}' is not a number", "“{value}”不是数字"),
                   Text("write a number, e.g. {flag} {example}", "请写数字，例如 {flag} {example}")),
    "bool_parsing": (Text("'{value}' is not true or false", "“{value}”不是 true 或 false"),
                     Text("write true or false", "请写 true 或 false")),
    "bool_type": (Text("'{value}' is not true or false", "“{value}”不是 true 或 false"),
                  Text("write true or false", "请写 true 或 false")),
    "literal_error": (Text("'{value}' is not one of its values", "“{value}”不是它的可选值"),
                      Text("write one of: {expected}", "请写以下取值之一：{expected}")),
    "enum": (Text("'{value}' is not one of its values", "“{value}”不是它的可选值"),
             Text("write one of: {expected}", "请写以下取值之一：{expected}")),
    "string_type": (Text("'{value}' is not text", "“{value}”不是文本"),
                    Text("write the value as text", "请把取值写成文本")),
    "list_type": (Text("'{value}' is not a list", "“{value}”不是列表"),
                  Text("give one or more values separated by spaces (a list in a config file)",
                       "请给出一个或多个以空格分隔的取值（配置文件中写成列表）")),
    "dict_type": (Text("'{value}' is not a JSON object", "“{value}”不是 JSON 对象"),
                  Text("write a JSON object, e.g. '{{\"key\": 1}}'", "请写 JSON 对象，例如 '{{\"key\": 1}}'")),
    "json_invalid": (Text("'{value}' is not valid JSON", "“{value}”不是合法的 JSON"),
                     Text("write a JSON object, e.g. '{{\"key\": 1}}'", "请写 JSON 对象，例如 '{{\"key\": 1}}'")),
    "json_type": (Text("'{value}' is not valid JSON", "“{value}”不是合法的 JSON"),
                  Text("write a JSON object, e.g. '{{\"key\": 1}}'", "请写 JSON 对象，例如 '{{\"key\": 1}}'")),
    "multiple_of": (Text("must be a multiple of {limit} (got {value})", "取值须是 {limit} 的整数倍（当前 {value}）"),
                    Text("write a multiple of {limit}", "请写 {limit} 的整数倍")),
}
# pydantic's context key that holds the limit of each bound type
_LIMIT_KEYS = {"less_than_equal": "le", "less_than": "lt", "greater_than_equal": "ge", "greater_than": "gt",
               "multiple_of": "multiple_of"}
# fallback when pydantic reports a type without a template: its own sentence, said to be its own
FALLBACK = (Text("invalid value '{value}': {detail}", "取值“{value}”无效（校验器原文：{detail}）"),
            Text("write a value of type {type}", "请按 {type} 类型填写"))


def describe(error: dict[str, Any], flag: str, type_label: str, example: Any, shown_value: str) -> tuple[Text, Text]:
    """``(message, fix)`` for one pydantic error dict on the field spelled ``flag``."""
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    if kind == "value_error" and isinstance(ctx.get("error"), ValueProblem):
        problem = ctx["error"]
        return problem.text, problem.fix or Text(f"write a value of type {type_label}", f"请按 {type_label} 类型填写")
    message, fix = TEMPLATES.get(kind, FALLBACK)
    expected = ctx.get("expected", "")
    fields = {"value": shown_value, "flag": flag, "example": _show(example), "type": type_label,
              "limit": _show(ctx.get(_LIMIT_KEYS.get(kind, ""), "")),
              "expected": expected.replace("'", "").replace(" or ", ", "),
              "detail": str(ctx.get("error", error.get("msg", ""))) if kind == "value_error" else error.get("msg", "")}
    return (Text(message.en.format_map(fields), message.zh.format_map(fields)),
            Text(fix.en.format_map(fields), fix.zh.format_map(fields)))
