"""Merge every source into one validated, resolved ``ServerArgs`` and check it for a platform.

Precedence, lowest first: declared default < platform default < ``--config``
file < environment < command line < programmatic overrides.  Derived values
fill what the user left unset.  Every value records its source.
"""
from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any, NamedTuple

from ..matrix import engines
from ..matrix.engines import Engine
from ..matrix.platforms import PLATFORMS, UnknownPlatform, resolve
from ..records import field, record, replace
from ..schema.meta import MISSING, Text
from ..schema.surface import SGLANG as SGLANG_SURFACE
from ..schema.type_errors import describe
from ..schema.types import JSON_ERRORS, split_list
from ..schema.validate import validate_fields
from ..schema.values import clipped
from .check import check, check_engine, check_objects, check_required, check_resets, choice_hint, show
from .findings import ERROR, NOTE, USAGE, WARNING, Finding, respell, sort_findings
from .kv_connectors import check_kv_connectors
from .model_checks import check_model, known_model
from .releases import release_findings
from .rule_index import RuleBase, RuleIndex, stored_reads
from .sources import APPEND, MERGE, Assignment, parse_argv, read_config, read_env, usage
from .value_safety import unsafe_value_findings


@record(eq=False)
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
    engine: str = "sglang"             # the engine whose rules judged the launch (matrix/engines)
    release: str | None = None         # that engine's release the launch was checked against (None: none)
    # where that release came from: the option (--sglang-version), env:VAR, installed:<distribution>, or newest
    release_from: str | None = None
    target_known: bool = True  # False: --target named no platform; ``platform`` is then only what values resolved on
    # the vLLM-Ascend release whose facts judged a vLLM launch on Ascend (None: not on Ascend, or not vLLM)
    plugin_release: str | None = None

    @property
    def surface(self) -> Any:
        """The engine's argument surface (SGLang's, or vLLM's)."""
        return engines.get(self.engine).surface

    @property
    def specs(self) -> dict[str, Any]:
        """The fields of the engine's argument surface."""
        return self.surface.specs

    def default_of(self, name: str) -> Any:
        """The declared default of ``name`` (what the flag means when nobody sets it)."""
        return self.specs[name].default

    @cached_property
    def args(self):
        """The resolved arguments as a frozen pydantic model (``ServerArgs``, or ``VllmArgs`` for vLLM)."""
        return engines.get(self.engine).surface.model.model_construct(**self.values)

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
            "engine": self.engine,
            "release": self.release,
            "release_from": self.release_from,
            "releases": {self.engine: self.release} if self.release else {},  # engine -> the release that judged
            "sglang_version": self.sglang_version,
            "vllm_ascend_version": self.plugin_release,
            "ok": self.ok,
            "exit_code": self.exit_code,
            "counts": {s: sum(f.severity == s for f in self.findings) for s in (ERROR, WARNING, NOTE)},
            "findings": [f.to_json() for f in self.findings],
            "args": {name: {"value": _jsonable(self.values[name]), "source": self.sources[name]}
                     for name in self.specs if name in self.user_set or self.sources[name] != "default"},
        }




def _release(eng: Engine, text: str, said_by: str) -> tuple[str | None, Finding | None]:
    """A release of ``eng`` the held facts cover, or a usage finding that says which ones do.  A release newer than
    any held (``said_by`` where it was named) is judged by the newest held one, with a warning naming both."""
    line = eng.releases
    assert line is not None
    if line.covers(text):
        return text.strip().lstrip("vV"), None
    option, name, oldest, newest = line.option, line.name, line.oldest, line.newest
    try:
        newer = line.parse(text) > line.parse(newest)
    except ValueError:
        newer = False
    if newer:
        where = release_source_text(said_by)
        return newest, Finding("AM-W606", WARNING, USAGE, Text(
            f"{name} {text} ({where.en}) is newer than any release argmatrix holds: judged by {name} {newest}, "
            "so flags, defaults and checks it added are not known",
            f"{name} {text}（{where.zh}）比 argmatrix 收录的所有版本都新：按 {name} {newest} 检查，"
            "新版本加入的参数、默认值和检查尚不了解"),
            Text(f"add it with 'python tools/add_release.py {eng.key} {text}' (docs/releases.md), or pass "
                 f"{option} {newest} to silence this", f"用 'python tools/add_release.py {eng.key} {text}' 收录该版本"
                 f"（见 docs/releases.md），或指定 {option} {newest} 以消除此警告"),
            value=text, source=said_by)
    span = Text(f"{oldest} to {newest}", f"{oldest} 至 {newest}") if oldest != newest else Text(newest, newest)
    if line.held_only:
        span = Text(", ".join(line.held), "、".join(line.held))
    said = Text(f"{option} {text}", f"{option} {text}") if said_by == option else \
        Text(f"{name} {text} ({release_source_text(said_by).en})", f"{name} {text}（{release_source_text(said_by).zh}）")
    return None, usage("AM-E602", Text(f"{said.en}: argmatrix knows the flags of {name} {span.en}",
                                       f"{said.zh}：argmatrix 只了解 {name} {span.zh} 的参数"),
                       Text(f"pass a release argmatrix holds, e.g. {option} {newest}",
                            f"请指定 argmatrix 已收录的版本，例如 {option} {newest}"), value=text)


def _installed(distribution: str) -> str | None:
    from ..matrix.engines.installed import installed_release

    return installed_release(distribution)


def release_source_text(how: str | None) -> Text:
    """Where the release a launch was judged by came from, in words (``Compiled.release_from``)."""
    if how is None or how == "newest":
        return Text("the newest held", "收录的最新版本")
    if how.startswith("pinned:"):
        return Text(f"the release {how[7:]} runs on", f"{how[7:]} 配套的版本")
    if how.startswith("env:"):
        return Text(f"from {how[4:]}", f"来自 {how[4:]}")
    if how.startswith("installed:"):
        return Text(f"installed here ({how[10:]})", f"本机已安装（{how[10:]}）")
    return Text(f"from {how}", f"来自 {how}")


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
            except JSON_ERRORS:
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


class _DefaultRelease:
    """The release a launch is judged by when no option names one: ``ARGMATRIX_<ENGINE>_VERSION``, then the
    newest held."""

    def __repr__(self) -> str:
        return "DEFAULT_RELEASE"


DEFAULT_RELEASE: Any = _DefaultRelease()


@record
class CompileOptions:
    """How :func:`compile` reads and judges a launch (everything but the launch line itself).

    ``target``: a platform key or alias, or auto/None to detect (env ``ARGMATRIX_TARGET``).
    ``engine``: the key of the engine that judges the launch: ``sglang`` (the default), ``vllm`` or ``argmatrix``
    (our own ``serve``, which also checks what this engine implements); a launch line that starts with an engine's
    program words (``python -m sglang.launch_server``, ``vllm serve``, ``argmatrix serve``) selects that engine.
    ``release``: the judged engine's release whose flags the launch will meet; None checks no release.
    ``releases``: a release per engine key (``{"sglang": "0.5.23", "vllm": "0.32.0", "vllm-ascend": "0.18.0"}``),
    for callers that do not know yet which engine the line selects; a None value checks no release of that engine.
    Without either, ``ARGMATRIX_SGLANG_VERSION`` / ``ARGMATRIX_VLLM_VERSION``, then the newest held, decide.
    ``env``: the environment (None: ``os.environ``; ``{}`` ignores it).
    ``config``: a ``--config`` file.  ``overrides``: field -> value, above every other source.
    ``assignments``: values with their own sources, above the command line (a launch translated from another
    engine's, ``compiler/translate.py``).
    ``plan_inputs`` (a ``model_checks.PlanInputs``): model config, device memory and sizes for the model checks.
    ``strict``: warnings become errors.  ``allow_unsupported``: support errors become warnings.
    ``allow_unimplemented``: argmatrix's engine may start with flags it does not implement (listed as warnings).
    ``check_implemented=False``: under ``engine="argmatrix"``, read its spellings without checking what its
    engine implements (``export`` to argmatrix's own files).
    ``complete=True``: the launch (with the config file and environment) is a whole one, so a field the engine
    does not start without (``Engine.required``: SGLang's and argmatrix's ``--model-path``) must have a value
    (AM-E011); ``check-config`` passes it, while callers checking a fragment of a launch do not.
    """

    target: str | None = None
    engine: str | None = None
    release: str | _DefaultRelease | None = DEFAULT_RELEASE
    releases: Mapping[str, str | None] = field(default_factory=dict)
    env: Mapping[str, str] | None = None
    config: str | None = None
    overrides: Mapping[str, Any] | None = None
    assignments: tuple[Assignment, ...] = ()
    plan_inputs: Any = None
    strict: bool = False
    allow_unsupported: bool = False
    allow_unimplemented: bool = False
    check_implemented: bool = True
    complete: bool = False


def compile(argv: Sequence[str] | None = None, options: CompileOptions | None = None) -> Compiled:
    """Compile a launch line with ``options`` (:class:`CompileOptions`), judged by the engine that will run it.

    Never raises for bad input: every problem becomes a finding.
    """
    o = options if options is not None else CompileOptions()
    config, env, target, overrides, plan_inputs = o.config, o.env, o.target, o.overrides, o.plan_inputs
    strict, allow_unsupported, allow_unimplemented = o.strict, o.allow_unsupported, o.allow_unimplemented
    check_implemented, complete, assignments, versions = o.check_implemented, o.complete, o.assignments, o.releases
    findings: list[Finding] = []
    env_map = os.environ if env is None else env
    argv = list(argv or [])
    eng, program, problem = _pick_engine(o.engine, argv)
    argv, offset = argv[len(program):], len(program)
    if problem is not None:
        findings.append(problem)
    surface = eng.surface
    specs = surface.specs
    chosen: Any = o.release
    if chosen is DEFAULT_RELEASE and eng.key in versions:
        chosen = versions[eng.key]
    version = None
    release_from = None
    if eng.releases is not None and chosen is not None:
        if chosen is DEFAULT_RELEASE:
            chosen, release_from = eng.pick_release(env_map)
        else:
            release_from = eng.releases.option
        version, problem = _release(eng, chosen, release_from)
        if problem is not None:
            findings.append(problem)
    detection = None
    target_rejected = False
    target = target or env_map.get("ARGMATRIX_TARGET") or "auto"
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
    judged_by = version
    eng, version, plugin_release, plugin_findings = _plugin_release(
        eng, version, release_from not in (None, "newest"), versions, env_map, platform)
    if version != judged_by:
        # the vLLM release the named vLLM-Ascend release runs on
        release_from = "pinned:vLLM-Ascend" + (f" {plugin_release}" if plugin_release else "")
    findings += plugin_findings

    # 1. raw assignments from every source, lowest precedence first
    layers: list[list[Assignment]] = []
    sglang_surface = surface is SGLANG_SURFACE
    if sglang_surface:
        argv_assignments, argv_problems, config_from_argv = parse_argv(argv, version)
        argv_assignments = [_shifted(a, offset) for a in argv_assignments]
        argv_problems = [_shifted(f, offset) for f in argv_problems]
        config_path = config_from_argv or config
        if config_path:
            file_assignments, file_problems = read_config(config_path, version)
            findings += file_problems
            layers.append(file_assignments)
    else:  # the engine's own --config is part of its command line
        from .flexible_argv import parse_flexible_argv  # vLLM's reader: an SGLang launch never loads it

        argv_assignments, argv_problems, _ = parse_flexible_argv(
            argv if not config else [*argv, "--config", config], eng, program, version)  # counts from `program`
    findings += argv_problems
    if eng.reads_environment:
        env_assignments, env_problems = read_env(env_map)
        findings += env_problems
        layers.append(env_assignments)
    layers.append(argv_assignments)
    if assignments:
        layers.append(list(assignments))
    if overrides:
        for key, value in overrides.items():
            name = specs[key].name if key in specs else None
            if name is None:
                hint = surface.suggest(key)
                findings.append(usage("AM-E001", Text(f"unknown argument '{key}' in overrides", f"overrides 中有未知参数“{key}”"),
                                      Text(f"did you mean '{hint}'?", f"您是否想输入“{hint}”？") if hint else None,
                                      source="override"))
                continue
            layers.append([Assignment(name, value, "override")])

    # 2. merge: declared default < the release's own default < the engine's default on this platform < layers
    base = defaults_for(eng, version, platform)
    base_values, base_sources, release_defaults = base.values, base.sources, base.release_defaults
    values, sources = dict(base_values), dict(base_sources)
    user_set: set[str] = set()
    flags_used: dict[str, str] = {}
    typed_as: dict[str, str] = {}  # field -> the spelling the user wrote (flag, config-file key or env var)
    seen_in_argv: dict[str, str] = {}
    assigned: set[str] = set()  # every field a layer gave a value (some may fall back to the base below)
    for layer in layers:
        for a in layer:
            if a.source.startswith("argv") and a.op == "set":
                if a.field in seen_in_argv:
                    said = a.flag or specs[a.field].flag
                    findings.append(Finding("AM-W301", WARNING, "repeat",
                                            Text(f"{said} is given more than once ({seen_in_argv[a.field]} and "
                                                 f"{a.source}); the last one wins",
                                                 f"{said} 出现了多次（{seen_in_argv[a.field]} 与 {a.source}），以最后一次为准"),
                                            field=a.field, flag=said, value=a.value, source=a.source))
                seen_in_argv[a.field] = a.source
            values[a.field] = _apply(values, a)
            sources[a.field] = a.source
            user_set.add(a.field)
            assigned.add(a.field)
            if a.flag:
                flags_used[a.field] = a.flag
            typed = a.typed or _spelling_of(a.field, a.flag, specs, surface.flags)
            if typed:
                typed_as[a.field] = typed

    # values nested too deep or holding a lone surrogate: a finding each, and the default instead (value_safety.py);
    # as given, and again as typed (a JSON text's \ud800 escape becomes a surrogate only when it is read)
    def drop_unsafe(names: set[str]) -> None:
        unsafe = unsafe_value_findings(values, names, {n: flags_used.get(n) or specs[n].flag for n in names},
                                       sources, platform_key)
        findings.extend(unsafe)
        for name in {f.field for f in unsafe if f.field}:
            values[name], sources[name] = base_values[name], base_sources[name]
            user_set.discard(name)

    drop_unsafe(set(user_set))

    # 3. validate what the sources gave, derive what follows from the valid values, then validate the derived ones
    #    (deriving from a rejected value would report one mistake twice, the second time on a field the user never set)
    def validate(names: set[str]) -> None:
        raw = {n: values[n] for n in names}
        typed, errors = validate_fields(raw, detailed=True, specs=specs)
        for name, error in errors:
            spec = specs[name]
            flag = flags_used.get(name, spec.flag)
            example = spec.default if isinstance(spec.default, (int, float)) and not isinstance(spec.default, bool) \
                else 1
            shown = clipped(show(raw[name]))
            message, fix = describe(error, flag, spec.type_label, example, shown)
            if error.get("type") in ("literal_error", "enum") and not target_rejected:
                # a value outside the type: offer what the target allows, not the type's every value
                fix = choice_hint(spec, platform_key, flag, error.get("input", raw[name]), eng) or fix
            findings.append(Finding("AM-E010", ERROR, "type",
                                    Text(f"{flag} {shown}: {message.en}", f"{flag} {shown}：{message.zh}"),
                                    fix, field=name, flag=flag, value=raw[name], source=sources.get(name),
                                    platform=platform_key))
        for name in {n for n, _ in errors}:  # fall back to what the platform would use
            values[name], sources[name] = base_values[name], base_sources[name]
            user_set.discard(name)
        values.update(typed)
        drop_unsafe(set(typed) & user_set)

    # what a source or the platform gave (the declared and the release's defaults are valid as they stand)
    validate({n for n in base.platform_unsettled | assigned
              if sources[n] != "default" and not sources[n].startswith("release:")})
    derived: frozenset[str] = frozenset()
    if sglang_surface:  # the derivations are declared over SGLang's fields (a vLLM launch never loads them)
        from . import derive as derivations

        derived = derivations.DERIVED_FIELDS
        before_derive = {n: sources[n] for n in derived}
        derivations.derive(values, sources, user_set)
        validate({n for n in derived if sources[n] != before_derive[n]})

    # 4. check against the engine on the platform
    gpu = gpu_arch(plan_inputs, detection, platform_key)
    given_arch = getattr(plan_inputs, "gpu_arch", None)
    if given_arch is not None and gpu is None and not target_rejected:
        findings.append(Finding("AM-W498", WARNING, USAGE, Text(
            f"--gpu-arch {given_arch} has no effect: the target {platform.short.en} is not a CUDA GPU",
            f"--gpu-arch {given_arch} 不起作用：目标平台 {platform.short.zh} 不是 CUDA GPU"),
            Text("drop --gpu-arch, or check with --target cuda", "去掉 --gpu-arch，或改用 --target cuda 检查"),
            flag="--gpu-arch", value=str(given_arch), source="--gpu-arch", platform=platform_key))
    if not target_rejected:
        model, draft = known_model(values, plan_inputs) if sglang_surface else (None, None)
        # the fields whose value is not the base's: the rules that read none of them (and fire on no base) are skipped
        changed = assigned | {n for n in derived if sources[n] != base_sources[n]} | \
            {n for n in base.platform_unsettled if values[n] is not base_values[n]}  # validation may retype them
        findings += check(values, sources, user_set, platform_key, flags_used, version, eng, env_map, gpu, model, draft,
                          release_defaults, base=base.rule_base(changed))
        if complete:
            findings += check_required(values, sources, platform_key, eng, version)
        findings += check_objects(values, sources, user_set, platform_key, flags_used, eng, version)
        findings += check_kv_connectors(values, sources, user_set, platform_key, flags_used, eng, version)
        findings += check_resets(values, sources, user_set, platform_key, flags_used, eng, env_map)
        if version is not None:
            findings += release_findings(eng, argv_assignments, version, values, platform_key)
        if sglang_surface:
            findings += check_model(values, sources, user_set, platform_key, flags_used, env_map, plan_inputs,
                                    detection, eng, gpu, (model, draft), version)
        elif eng.key in MODEL_CHECKED_ENGINES:
            findings += model_context(eng.key, values, sources, user_set, platform_key, flags_used, specs, env_map,
                                      plan_inputs, detection, version).findings
    if eng.key == ARGMATRIX_ENGINE and check_implemented:
        findings += check_engine(values, sources, user_set, platform_key, flags_used, allow_unimplemented)
    findings = [respell(f, typed_as, surface.flags) for f in findings]
    if strict:
        findings = [f.with_severity(ERROR) if f.severity == WARNING else f for f in findings]
    if allow_unsupported:
        findings = [f.with_severity(WARNING) if f.severity == ERROR and f.support_related else f for f in findings]
    return Compiled(values, platform_key, sources, sort_findings(findings, surface), frozenset(user_set), detection,
                    allow_unimplemented, version if eng.key == "sglang" else None, eng.key, version,
                    release_from if version is not None else None, not target_rejected, plugin_release)


class Defaults(NamedTuple):
    """What a launch starts from before any source speaks, for one (engine, release, platform): every field's
    declared default, below the release's own defaults, below the platform's; with the source of each."""

    values: dict[str, Any]
    sources: dict[str, str]
    release_defaults: Any        # the release's own defaults where they are not the declared ones
    platform_unsettled: frozenset[str]  # the platform's defaults each launch validates (see defaults_for)
    rule_index: RuleIndex

    def rule_base(self, changed: set[str]) -> RuleBase:
        """What ``check`` needs to skip the rules no value of this launch can make fire."""
        return RuleBase(self.rule_index, changed)


_DEFAULTS: dict[tuple[int, str | None, int], tuple[Engine, Any, Defaults]] = {}


def defaults_for(eng: Engine, release: str | None, platform: Any) -> Defaults:
    """The base of every launch ``eng`` (at ``release``) judges on ``platform``, computed once per process: asking
    the engine and the platform for each of several hundred defaults cost a third of every compile()."""
    key = (id(eng), release, id(platform))
    held = _DEFAULTS.get(key)
    if held is not None and held[0] is eng and held[1] is platform:
        return held[2]
    specs = eng.surface.specs
    values: dict[str, Any] = {n: s.default for n, s in specs.items()}
    sources: dict[str, str] = dict.fromkeys(specs, "default")
    release_defaults = eng.release_defaults(release) if release is not None else {}
    for name, rdefault in release_defaults.items():
        values[name], sources[name] = rdefault, f"release:{release}"
    platform_set = set()
    for name, spec in specs.items():
        pdefault = eng.default(spec, platform)
        if pdefault is not MISSING:
            values[name], sources[name] = pdefault, f"platform:{platform.key}"
            platform_set.add(name)
    # the platform's defaults validated once: a plain valid scalar is stored typed; a list or object (compile()
    # hands each launch its own) or a value the field refuses (a finding every launch reports) is validated per launch
    typed, errors = validate_fields({n: values[n] for n in platform_set}, detailed=True, specs=specs)
    refused = {n for n, _ in errors}
    settled = {n for n, v in typed.items() if n not in refused and isinstance(v, (str, int, float, bool, type(None)))}
    values.update({n: typed[n] for n in settled})
    base = Defaults(values, sources, release_defaults, frozenset(platform_set - settled),
                    RuleIndex(platform.key, values, specs, release_defaults, stored_reads(eng, release, platform.key)))
    _DEFAULTS[key] = (eng, platform, base)  # the objects themselves are kept, so their ids are never reused
    return base


PLUGIN_ENV = "ARGMATRIX_VLLM_ASCEND_VERSION"  # the vLLM-Ascend release, as --vllm-ascend-version says it


def _plugin_release(eng: Engine, version: str | None, vllm_named: bool, versions: Mapping[str, str | None] | None,
                    env_map: Any, platform: Any) -> tuple[Engine, str | None, str | None, list[Finding]]:
    """The platform plugin's release, for an engine that has one on this platform (vLLM on Ascend: vLLM-Ascend):
    the engine judged by that release's facts, the vLLM release (the one the plugin release pins unless
    --vllm-version or its variable said otherwise), the plugin release, and what to say about the pairing."""
    on_plugin = getattr(eng, "on_ascend", None)
    if on_plugin is None:
        said = (versions or {}).get("vllm-ascend")  # the option, not the variable a shell may export for every run
        return eng, version, None, [] if not said else [Finding(
            "AM-N964", NOTE, USAGE, Text(f"--vllm-ascend-version {said} has no effect: {eng.title.en} judges this launch",
                                         f"--vllm-ascend-version {said} 不起作用：该启动命令由 {eng.title.zh} 检查"),
            Text("drop --vllm-ascend-version, or check a vllm serve line", "请去掉 --vllm-ascend-version，或检查 vllm serve 命令"),
            flag="--vllm-ascend-version", value=said, source="--vllm-ascend-version")]
    from ..matrix.engines import vllm_ascend_facts as ascend

    asked = (versions or {}).get("vllm-ascend") or env_map.get(PLUGIN_ENV) or _installed("vllm-ascend")
    if not asked and platform.family != "npu":
        return eng, version, None, []
    plugin: str | None
    try:
        plugin = ascend.release_of(asked)
    except ascend.UnknownRelease:
        held = ", ".join(ascend.RELEASES)
        return eng, version, None, [usage(
            "AM-E605", Text(f"--vllm-ascend-version {asked}: argmatrix holds the facts of vLLM-Ascend {held}",
                            f"--vllm-ascend-version {asked}：argmatrix 只收录了 vLLM-Ascend {held} 的资料"),
            Text(f"pass one of them, e.g. --vllm-ascend-version {ascend.NEWEST}",
                 f"请指定其中之一，例如 --vllm-ascend-version {ascend.NEWEST}"), value=asked)]
    eng = on_plugin(ascend.release_of(asked))
    if platform.family != "npu":
        plugin = None  # the plugin runs only on Ascend; its release still says which vLLM runs
    line = eng.releases
    if not asked or line is None or version is None:
        return eng, version, plugin, []
    named = ascend.release_of(asked)
    pin = ascend.pinned_vllm(named)
    if vllm_named:  # by its option, its variable, or the release installed here
        if line.normal(version) == line.normal(pin):
            return eng, version, plugin, []
        return eng, version, plugin, [Finding(
            "AM-W962", WARNING, USAGE,
            Text(f"vLLM-Ascend {named} runs on vLLM {pin}, not {version}: vLLM-Ascend does not support this pairing",
                 f"vLLM-Ascend {named} 配套的是 vLLM {pin}，而不是 {version}：vLLM-Ascend 不支持这种组合"),
            Text(f"use --vllm-version {pin}, or the vLLM-Ascend release made for vLLM {version}",
                 f"请使用 --vllm-version {pin}，或改用与 vLLM {version} 配套的 vLLM-Ascend 版本"),
            flag="--vllm-version", value=version, source="--vllm-ascend-version")]
    if any(line.normal(pin) == line.normal(h) for h in line.held):
        return eng, pin, plugin, []
    return eng, version, plugin, [Finding(
        "AM-W963", WARNING, USAGE,
        Text(f"vLLM-Ascend {named} runs on vLLM {pin}, whose flags argmatrix does not hold: the vLLM flags are "
             f"judged by vLLM {version}", f"vLLM-Ascend {named} 配套的是 vLLM {pin}，argmatrix 未收录其参数："
             f"vLLM 参数按 vLLM {version} 检查"),
        Text(f"add vLLM {pin} (tools/add_release.py vllm {pin}), or pass --vllm-version to say which release runs",
             f"请收录 vLLM {pin}（tools/add_release.py vllm {pin}），或用 --vllm-version 指明实际运行的版本"),
        flag="--vllm-ascend-version", value=named, source="--vllm-ascend-version")]


ARGMATRIX_ENGINE = "argmatrix"  # the engine whose own implementation table (matrix/engine.py) is checked
# engines other than SGLang whose launches get device, model and memory checks (compiler/vllm_model_checks.py,
# loaded on first use, so an SGLang check never imports it)
MODEL_CHECKED_ENGINES = frozenset({"vllm"})


def model_context(engine_key: str, values: dict[str, Any], sources: dict[str, str], user_set: Any, platform: str,
                  flags_used: dict[str, str], specs: Any, env: Any = None, plan_inputs: Any = None,
                  detection: Any = None, release: str | None = None) -> Any:
    """The device, model and memory analysis of a non-SGLang engine (``MODEL_CHECKED_ENGINES``): a
    ``model_checks.ModelContext`` with its findings, facts and plan; ``release``: the engine's release judging it."""
    if engine_key not in MODEL_CHECKED_ENGINES:
        raise KeyError(engine_key)
    from .vllm_model_checks import analyse_vllm as analyse

    return analyse(values, sources, user_set, platform, flags_used, specs, env, plan_inputs, detection, release)


def gpu_arch(plan_inputs: Any, detection: Any, platform_key: str) -> Any:
    """The CUDA GPU's compute capability the rules may read: ``--gpu-arch``, else what detection read from this
    machine's device 0, else None (unknown: the cuda column covers every NVIDIA generation, and assuming one would
    refuse on a Hopper what a Blackwell starts, or the other way round).  Off CUDA there is none."""
    if PLATFORMS[platform_key].family != "gpu":
        return None
    given = getattr(plan_inputs, "gpu_arch", None)
    if given is not None:
        return given
    if detection is not None and detection.platform == platform_key:
        return getattr(detection, "gpu_arch", None)
    return None


def _pick_engine(named: str | None, argv: list[str]):
    """The engine that judges the launch, the program words the line starts with (none: the engine's own), and
    a finding when the words and the option disagree."""
    from_words, n = engines.from_launcher(argv)
    try:
        eng = engines.get(named) if named else (from_words or engines.get(engines.DEFAULT))
    except engines.UnknownEngine as exc:
        return engines.get(engines.DEFAULT), tuple(argv[:n]), usage(
            "AM-E603", exc.text, Text(f"pass --engine with one of {', '.join(engines.keys())}",
                                      f"请用 --engine 指定：{'、'.join(engines.keys())}"), value=named)
    problem = None
    if from_words is not None and from_words is not eng:
        words = " ".join(argv[:n])
        problem = usage("AM-E604", Text(f"the launch line starts '{words}', which runs {from_words.title.en}, but "
                                        f"--engine is {eng.key}", f"启动命令以“{words}”开头，运行的是 "
                                        f"{from_words.title.zh}，但 --engine 指定的是 {eng.key}"),
                        Text(f"drop --engine, or pass --engine {from_words.key}",
                             f"去掉 --engine，或改为 --engine {from_words.key}"), value=words, source="argv[0]")
    return eng, tuple(argv[:n]), problem


_ARGV_SOURCE = re.compile(r"^argv\[(\d+)\]")


def _shifted(item: Any, offset: int) -> Any:
    """Renumber ``argv[i]`` sources past the program words the reader never saw."""
    if not offset or not item.source or not item.source.startswith("argv["):
        return item
    source = _ARGV_SOURCE.sub(lambda m: f"argv[{int(m.group(1)) + offset}]", item.source)
    return replace(item, source=source)


def _spelling_of(name: str, flag: str | None, specs: dict[str, Any], flags: dict[str, str]) -> str | None:
    """``flag`` when it names ``name`` itself (a spelling or an abbreviation of one); None for a negation such
    as --disable-hicache, which says the opposite of the field's flags and must not replace them in messages."""
    if not flag:
        return None
    if flags.get(flag) == name or any(f.startswith(flag) for f in specs[name].flags):
        return flag
    return None


def from_cli(argv: list[str], options: CompileOptions | None = None):
    """Compile SGLang-style flags with ``options`` and return the checked ``ServerArgs``.

    Raises :class:`CompileError` (with every finding) when the configuration has errors.
    """
    return compile(argv, options).raise_for_errors().args
