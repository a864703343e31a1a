"""What the compiler reports: one :class:`Finding` per problem, all of them at once."""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .. import records
from ..records import record, replace
from ..schema import registry
from ..schema.meta import Text
from ..schema.surface import SGLANG, Surface

ERROR, WARNING, NOTE = "error", "warning", "note"
SEVERITY_ORDER = {ERROR: 0, WARNING: 1, NOTE: 2}

# kinds: usage (exit 2: the input cannot be read), type, support, rule, deprecation, repeat, engine
USAGE = "usage"


@record
class Finding:
    """One problem with a launch configuration.

    ``code`` is stable (``AM-E102``) so CI can match on it; ``source`` says where
    the value came from (``argv[3]``, ``file:deploy.yaml:7``, ``env:ARGMATRIX_TP_SIZE``,
    ``platform:a3``, ``derived:<rule>``, ``default``).
    """

    code: str
    severity: str
    kind: str
    message: Text
    hint: Text | None = None
    field: str | None = None
    flag: str | None = None
    value: Any = None
    source: str | None = None
    platform: str | None = None
    support_related: bool = records.field(default=False, compare=False)
    rule: str | None = records.field(default=None, compare=False)  # the id of the rule that raised it, if one did

    def with_severity(self, severity: str) -> Finding:
        return replace(self, severity=severity)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code, "severity": self.severity, "kind": self.kind, "field": self.field, "flag": self.flag,
            "value": _jsonable(self.value), "source": self.source, "platform": self.platform,
            "message": {"en": self.message.en, "zh": self.message.zh},
            "hint": {"en": self.hint.en, "zh": self.hint.zh} if self.hint else None,
            **({"rule": self.rule} if self.rule else {}),
        }


_FLAG_TOKEN = re.compile(r"(?<![\w-])--[A-Za-z0-9][\w-]*")


# findings whose point is the spelling itself (their fix names another spelling of the same flag on purpose)
SPELLING_CODES = frozenset({"AM-E115", "AM-E117"})


def respell(finding: Finding, typed_as: dict[str, str], flags: dict[str, str] | None = None) -> Finding:
    """Say every flag the way the user wrote it: ``--moe-dp-size`` stays that, ``tp_size`` (a config-file key) and
    ``ARGMATRIX_TP_SIZE`` (an env var) too, whichever source produced the finding.  Flags the user did not write
    keep the spelling the finding chose."""
    if not typed_as or finding.code in SPELLING_CODES:
        return finding
    flags = registry.FLAGS if flags is None else flags

    def fix(text: str) -> str:
        def one(m: re.Match) -> str:
            name = flags.get(m.group(0))
            return typed_as.get(name, m.group(0)) if name is not None else m.group(0)

        return _FLAG_TOKEN.sub(one, text) if "--" in text else text

    message = Text(fix(finding.message.en), fix(finding.message.zh))
    hint = None if finding.hint is None else Text(fix(finding.hint.en), fix(finding.hint.zh))
    if message == finding.message and hint == finding.hint:
        return finding
    return replace(finding, message=message, hint=hint)


def _jsonable(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return str(value)


_ARGV = re.compile(r"argv\[(\d+)\]$")
_FILE = re.compile(r"file:(.*):(\d+)$")


def _source_position(source: str | None) -> tuple:
    """Where a finding's value was written, in reading order: no source (the invocation itself), the command line
    by position, the config file by line, the environment by variable name, then every other source by name."""
    if source is None:
        return (0,)
    if m := _ARGV.match(source):
        return (1, int(m.group(1)))
    if m := _FILE.match(source):
        return (2, m.group(1), int(m.group(2)))
    if source.startswith("env:"):
        return (3, source)
    return (4, source)


def source_label(source: str, lang: str) -> str:
    """Where a value came from, as the user reads it: the raw label (``argv[3]``, ``env:VAR``) in English and in
    JSON, words around the same facts in Chinese (``命令行 argv[3]``, ``环境变量 VAR``)."""
    if lang != "zh":
        return source
    if _ARGV.match(source):
        return f"命令行 {source}"
    if m := _FILE.match(source):
        return f"配置文件 {m.group(1)} 第 {m.group(2)} 行"
    kind, _, rest = source.partition(":")
    said = {"env": "环境变量 {}", "platform": "{} 平台的默认值", "derived": "由规则 {} 推导",
            "vllm-compat": "vLLM 写法 {}"}
    if rest and kind in said:
        return said[kind].format(rest)
    return {"default": "声明的默认值", "override": "程序传入的覆盖值", "--model-config": "--model-config"}.get(source, source)


def finding_sort_key(f: Finding, order: Mapping[str, int] | None = None) -> tuple:
    """The documented order of findings (docs/check-config.md, "Order of findings"): severity, then where the value
    was written, then the field's declaration order in the engine's table (``order``, ``Surface.field_order``;
    SGLang's when None), then the code, then the message.  Every part is a fact of the finding, never the order a
    check happened to run in, so the same input prints the same bytes every time."""
    if f.field is None:
        place = -1
    else:
        place = (SGLANG.field_order if order is None else order).get(f.field, -1)
    return (SEVERITY_ORDER[f.severity], _source_position(f.source), place, f.code, f.flag or "", f.message.en,
            repr(f.value))


def sort_findings(findings: list[Finding], surface: Surface | None = None) -> list[Finding]:
    """Findings in their documented order (:func:`finding_sort_key`), fields in the order the engine's argument
    ``surface`` declares them (SGLang's when None)."""
    if len(findings) < 2:
        return list(findings)
    order = (surface or SGLANG).field_order
    return sorted(findings, key=lambda f: finding_sort_key(f, order))
