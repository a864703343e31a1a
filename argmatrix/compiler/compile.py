"""Merge every source into one validated, resolved ``ServerArgs`` and check it for a platform.

Precedence, lowest first: declared default < platform default < ``--config``
file < environment < command line < programmatic overrides.  Derived values
fill what the user left unset.  Every value records its source.
"""
from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..matrix.platforms import PLATFORMS, UnknownPlatform, resolve
from ..schema.meta import MISSING, Text
from ..schema.registry import FLAGS, SPECS
from ..schema.releases import NEWEST, OLDEST, in_range
from ..schema.type_errors import describe
from ..schema.types import split_list
from ..schema.validate import validate_fields
from .check import check, check_engine, choice_hint, show
from .derive import derive
from .findings import ERROR, NOTE, USAGE, WARNING, Finding, respell, sort_findings
from .model_checks import check_model
from .releases import argv_findings
from .sources import APPEND, MERGE, Assignment, parse_argv, read_config, read_env, usage
from .vllm_compat import parse_vllm_argv, starts_with_vllm_serve


@dataclass(frozen=True, eq=False)
class Compiled:
    """The result of compiling a launch configuration for one platform."""

    values: dict[str, Any]  # every field's resolved, validated value
    platform: str
    sources: dict[str, str]
    findings: list[Finding]
    user_set: frozenset[str] = field(default_factory=frozenset)
    detection: Any = None  # how the platform was chosen, when it was detected
    allow_unimplemented: bool = False  # the engine may start with flags it does not implement (they are listed)
    sglang_version: str | None = None  # the SGLang release whose spellings were checked (None: none)
    target_known: bool = True  # False: --target named no platform; ``platform`` is then only what values resolved on

    def default_of(self, name: str) -> Any:
        """The declared default of ``name`` (what the flag means when nobody sets it)."""
        return SPECS[name].default

    @cached_property
    def args(self):
        """The resolved arguments as a frozen ``ServerArgs`` (the values are already validated)."""
        from ..schema.model import ServerArgs

        return ServerArgs.model_construct(**self.values)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == ERROR]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == WARNING]

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def exit_code(self) -> int:
        """0 clean, 1 errors found, 2 the input could not be read (unknown flag, bad file)."""
        if any(f.kind == USAGE and f.severity == ERROR for f in self.findings):
            return 2
        return 1 if self.errors else 0

    def raise_for_errors(self) -> Compiled:
        if self.errors:
            raise CompileError(self)
        return self

    def to_json(self) -> dict[str, Any]:
        """The documented shape of ``check-config --format json`` (see docs/check-config.md)."""
        return {
            "platform": self.platform if self.target_known else None,
            "sglang_version": self.sglang_version,
            "ok": self.ok,
            "exit_code": self.exit_code,
            "counts": {s: sum(f.severity == s for f in self.findings) for s in (ERROR, WARNING, NOTE)},
            "findings": [f.to_json() for f in self.findings],
            "args": {name: {"value": _jsonable(self.values[name]), "source": self.sources[name]}
                     for name in SPECS if name in self.user_set or self.sources[name] != "default"},
        }


# ``sglang_version`` not given: ARGMATRIX_SGLANG_VERSION, then the newest release, decide
DEFAULT_RELEASE: Any = MISSING


def _release(text: str) -> tuple[str | None, Finding | None]:
    """A release the spelling data covers, or a usage finding that says which ones do."""
    try:
        ok = in_range(text)
    except ValueError:
        ok = False
    if ok:
        return text.strip().lstrip("vV"), None
    return None, usage("AM-E602", Text(f"--sglang-version {text}: argmatrix knows the flags of SGLang {OLDEST} to "
                                       f"{NEWEST}", f"--sglang-version {text}：argmatrix 只了解 SGLang {OLDEST} 至 "
                                       f"{NEWEST} 的参数"),
                       Text(f"pass a release from {OLDEST} to {NEWEST}, e.g. --sglang-version {NEWEST}",
                            f"请指定 {OLDEST} 至 {NEWEST} 之间的版本，例如 --sglang-version {NEWEST}"), value=text)


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


class CompileError(Exception):
    """Raised by :meth:`Compiled.raise_for_errors` and :func:`from_cli`; carries the findings."""

    def __init__(self, compiled: Compiled):
        self.compiled = compiled
        lines = [f"{f.code} {f.flag or ''} {f.message.en} [{f.source}]".replace("  ", " ") for f in compiled.errors]
        super().__init__("launch configuration has errors:\n  " + "\n  ".join(lines))


def _apply(values: dict[str, Any], a: Assignment) -> Any:
    if a.op == MERGE or (a.op == APPEND and a.path):
        current = values[a.field]
        if isinstance(current, str):
            try:
                current = json.loads(current) if current.strip() else None
            except json.JSONDecodeError:
                return current  # broken JSON text: keep it, so validation reports it
        if current is None:
            current = {}
        if not isinstance(current, dict):
            return current  # not a JSON object: keep it, so validation reports it
        obj = copy.deepcopy(current)
        node = obj
        for key in a.path[:-1]:
            if not isinstance(node.get(key), dict):
                node[key] = {}  # a later dotted key replaces a scalar, as a later flag replaces an earlier value
            node = node[key]
        last = a.path[-1]
        if a.op == MERGE:
            node[last] = a.value
        else:
            existing = node.get(last)
            node[last] = (existing if isinstance(existing, list) else []) + [a.value]
        return obj
    if a.op == APPEND:
        current = values[a.field]
        if isinstance(current, str):  # a comma list or JSON array not yet split by the field's validator
            try:
                current = split_list(current)
            except ValueError:
                current = [current]  # broken JSON: keep it, so validation reports it
        return (list(current) if isinstance(current, list) else []) + [a.value]
    return a.value


def compile(argv: list[str] | None = None, config: str | None = None, env: dict[str, str] | None = None,
            target: str | None = None, overrides: dict[str, Any] | None = None, *, strict: bool = False,
            allow_unsupported: bool = False, engine: bool = False, allow_unimplemented: bool = False,
            sglang_version: str | None = DEFAULT_RELEASE, plan_inputs: Any = None,
            compat: str | None = None) -> Compiled:
    """Compile a launch configuration for ``target`` (a platform key or alias, or auto/None to detect).

    ``env`` defaults to ``os.environ``; pass ``{}`` to ignore the environment.
    ``engine=True`` also checks what argmatrix's own engine implements (``serve`` does).
    ``sglang_version``: the SGLang release whose spellings the launch will meet (env
    ``ARGMATRIX_SGLANG_VERSION``, default the newest known); None checks no release (argmatrix's own ``serve``).
    ``plan_inputs`` (a ``model_checks.PlanInputs``): model config, device memory and sizes for the model checks.
    ``compat="vllm"`` (or an ``argv`` that starts with ``vllm serve``) reads ``argv`` in vLLM's spellings
    (``compiler/vllm_compat.py``).
    Never raises for bad input: every problem becomes a finding.
    """
    findings: list[Finding] = []
    env_map = os.environ if env is None else env
    detection = None
    target_rejected = False
    target = target or env_map.get("ARGMATRIX_TARGET") or "auto"
    release = None
    if sglang_version is not None:
        release, problem = _release(sglang_version if sglang_version is not DEFAULT_RELEASE
                                    else env_map.get("ARGMATRIX_SGLANG_VERSION") or NEWEST)
        if problem is not None:
            findings.append(problem)
    if target == "auto":
        from ..matrix.platforms.detect import detect

        detection = detect()
        platform_key = detection.platform
        if detection.unsupported:
            findings.append(usage("AM-E601", Text(
                f"this machine's accelerator ({detection.unsupported}) has no column in the matrix: {detection.how}",
                f"本机加速器（{detection.unsupported}）在矩阵中没有对应的列：{detection.explained('zh')}"),
                Text(f"pass --target with one of {', '.join(PLATFORMS)} to check against a known platform",
                     f"请用 --target 指定已知平台：{'、'.join(PLATFORMS)}"), value=detection.unsupported))
    else:
        try:
            platform_key = resolve(target).key
        except UnknownPlatform as exc:
            findings.append(usage("AM-E601", exc.text, Text(f"pass --target with one of {', '.join(PLATFORMS)}",
                                                            f"请用 --target 指定：{'、'.join(PLATFORMS)}"),
                                  value=target))
            platform_key = "cpu"  # only to resolve values: no column's statuses apply to hardware without one
            target_rejected = True
    platform = PLATFORMS[platform_key]

    # 1. raw assignments from every source, lowest precedence first
    if compat == "vllm" or starts_with_vllm_serve(list(argv or [])):
        argv_assignments, argv_problems = parse_vllm_argv(list(argv or []))
        config_from_argv = None
    else:
        argv_assignments, argv_problems, config_from_argv = parse_argv(list(argv or []), release)
    findings += argv_problems
    layers: list[list[Assignment]] = []
    config_path = config_from_argv or config
    if config_path:
        file_assignments, file_problems = read_config(config_path)
        findings += file_problems
        layers.append(file_assignments)
    env_assignments, env_problems = read_env(env_map)
    findings += env_problems
    layers += [env_assignments, argv_assignments]
    if overrides:
        for key, value in overrides.items():
            name = SPECS[key].name if key in SPECS else None
            if name is None:
                from ..schema.registry import suggest

                hint = suggest(key)
                findings.append(usage("AM-E001", Text(f"unknown argument '{key}' in overrides", f"overrides 中有未知参数“{key}”"),
                                      Text(f"did you mean '{hint}'?", f"您是否想输入“{hint}”？") if hint else None,
                                      source="override"))
                continue
            layers.append([Assignment(name, value, "override")])

    # 2. merge: declared default < platform default < layers
    values: dict[str, Any] = {n: s.default for n, s in SPECS.items()}
    sources: dict[str, str] = dict.fromkeys(SPECS, "default")
    for name, spec in SPECS.items():
        pdefault = platform.default(spec)
        if pdefault is not MISSING:
            values[name], sources[name] = pdefault, f"platform:{platform_key}"
    base_values, base_sources = dict(values), dict(sources)
    user_set: set[str] = set()
    flags_used: dict[str, str] = {}
    typed_as: dict[str, str] = {}  # field -> the spelling the user wrote (flag, config-file key or env var)
    seen_in_argv: dict[str, str] = {}
    for layer in layers:
        for a in layer:
            if a.source.startswith(("argv", "vllm-compat:")) and a.op == "set":
                if a.field in seen_in_argv:
                    said = a.flag or SPECS[a.field].flag  # vLLM spellings carry no flag of ours
                    findings.append(Finding("AM-W301", WARNING, "repeat",
                                            Text(f"{said} is given more than once ({seen_in_argv[a.field]} and "
                                                 f"{a.source}); the last one wins",
                                                 f"{said} 出现了多次（{seen_in_argv[a.field]} 与 {a.source}），以最后一次为准"),
                                            field=a.field, flag=said, value=a.value, source=a.source))
                seen_in_argv[a.field] = a.source
            values[a.field] = _apply(values, a)
            sources[a.field] = a.source
            user_set.add(a.field)
            if a.flag:
                flags_used[a.field] = a.flag
            typed = a.typed or _spelling_of(a.field, a.flag)
            if typed:
                typed_as[a.field] = typed

    # 3. validate what the sources gave, derive what follows from the valid values, then validate the derived ones
    #    (deriving from a rejected value would report one mistake twice, the second time on a field the user never set)
    def validate(names: set[str]) -> None:
        raw = {n: values[n] for n in names}
        typed, errors = validate_fields(raw, detailed=True)
        for name, error in errors:
            spec = SPECS[name]
            flag = flags_used.get(name, spec.flag)
            example = spec.default if isinstance(spec.default, (int, float)) and not isinstance(spec.default, bool) \
                else 1
            message, fix = describe(error, flag, spec.type_label, example, show(raw[name]))
            if error.get("type") in ("literal_error", "enum") and not target_rejected:
                # a value outside the type: offer what the target allows, not the type's every value
                fix = choice_hint(spec, platform_key, flag, error.get("input", raw[name])) or fix
            findings.append(Finding("AM-E010", ERROR, "type",
                                    Text(f"{flag} {show(raw[name])!s}: {message.en}", f"{flag} {show(raw[name])!s}：{message.zh}"),
                                    fix, field=name, flag=flag, value=raw[name], source=sources.get(name),
                                    platform=platform_key))
        for name in {n for n, _ in errors}:  # fall back to what the platform would use
            values[name], sources[name] = base_values[name], base_sources[name]
            user_set.discard(name)
        values.update(typed)

    validate({n for n in SPECS if sources[n] != "default"})
    before_derive = dict(sources)
    derive(values, sources, user_set)
    validate({n for n in SPECS if sources[n] != before_derive[n]})

    # 4. check against the platform
    if not target_rejected:
        findings += check(values, sources, user_set, platform_key, flags_used, release)
        if release is not None:
            findings += argv_findings(argv_assignments, release, values, platform_key)
        findings += check_model(values, sources, user_set, platform_key, flags_used, env_map, plan_inputs, detection)
    if engine:
        findings += check_engine(values, sources, user_set, platform_key, flags_used, allow_unimplemented)
    findings = [respell(f, typed_as) for f in findings]
    if strict:
        findings = [f.with_severity(ERROR) if f.severity == WARNING else f for f in findings]
    if allow_unsupported:
        findings = [f.with_severity(WARNING) if f.severity == ERROR and f.support_related else f for f in findings]
    return Compiled(values, platform_key, sources, sort_findings(findings), frozenset(user_set), detection,
                    allow_unimplemented, release, not target_rejected)


def _spelling_of(name: str, flag: str | None) -> str | None:
    """``flag`` when it names ``name`` itself (a spelling or an abbreviation of one); None for a negation such
    as --disable-hicache, which says the opposite of the field's flags and must not replace them in messages."""
    if not flag:
        return None
    if FLAGS.get(flag) == name or any(f.startswith(flag) for f in SPECS[name].flags):
        return flag
    return None


def from_cli(argv: list[str], target: str | None = None, **kwargs: Any):
    """Compile SGLang-style flags for ``target`` and return the checked ``ServerArgs``.

    Raises :class:`CompileError` (with every finding) when the configuration has errors.
    """
    return compile(argv, target=target, **kwargs).raise_for_errors().args
