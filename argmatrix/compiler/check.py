"""Check resolved values against the matrix of one platform: statuses, options, rules, deprecations."""
from __future__ import annotations

import difflib
import json
import re
import shlex
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..matrix import rules
from ..matrix.engines import Engine
from ..matrix.engines import get as get_engine
from ..matrix.platforms import PLATFORMS
from ..matrix.platforms.values import FAMILY_TITLES, owner_of
from ..matrix.status import STATUS_PREDICATES, Cell, Status
from ..schema import registry
from ..schema.meta import Text, release_words
from ..schema.registry import ArgSpec
from ..schema.types import JSON_ERRORS, json_error
from ..schema.values import as_argv, clipped
from .findings import ERROR, NOTE, USAGE, WARNING, Finding
from .rule_index import RuleBase, launch_rules, model_phase_rules, superseding_codes
from .spelling import surface_tokens

if TYPE_CHECKING:
    from ..matrix import engine
    from ..schema.releases import Change

STATUS_FINDINGS = {  # status -> (code, severity)
    Status.PLANNED: ("AM-E101", ERROR),
    Status.UNSUPPORTED: ("AM-E102", ERROR),
    Status.EXPERIMENTAL: ("AM-W103", WARNING),
    Status.DEFICIENT: ("AM-W104", WARNING),
    Status.UNVERIFIED: ("AM-W108", WARNING),
}


show = as_argv  # values in findings are written the way a command line takes them


_POSITIONS: dict[int, tuple[Mapping[str, Any], dict[str, int]]] = {}


def _positions(specs: Mapping[str, Any]) -> dict[str, int]:
    """Each field's place in its surface's declaration order (a launch sets a few of several hundred fields)."""
    held = _POSITIONS.get(id(specs))
    if held is None or held[0] is not specs:
        held = _POSITIONS[id(specs)] = (specs, {n: i for i, n in enumerate(specs)})  # the surface is kept: ids stay
    return held[1]


def supported_on(spec: ArgSpec, eng: Engine | None = None) -> list[str]:
    eng = eng or get_engine("sglang")
    return [k for k, p in PLATFORMS.items() if eng.cell(spec, p).status is Status.SUPPORTED]


def _own_reader_finding(name: str, change: Change, flag: str, where: dict[str, Any]) -> Finding:
    """Without an SGLang release (``argmatrix serve``): a retired flag is an error, a moved one a warning."""
    from ..schema.releases import NEWEST, verdict

    v = verdict(name, NEWEST)
    if change.retired:
        return Finding("AM-E106", ERROR, "deprecation",
                       Text(f"argmatrix does not take {flag} either: {v.says.en}",
                            f"argmatrix 同样不接受 {flag}：{v.says.zh}"), v.fix, **where)
    new = registry.SPECS[change.moves_to or name].flag
    return Finding("AM-W107", WARNING, "deprecation",
                   Text(f"{flag} is an old spelling: its value goes to {new} ({v.says.en})",
                        f"{flag} 是旧写法：其取值转给 {new}（{v.says.zh}）"),
                   Text(f"write {new} instead", f"请改用 {new}"), **where)


LISTED_AT_MOST = 8  # a longer list is cut, with a pointer to `argmatrix explain`


def nearest(value: Any, offered: tuple[Any, ...]) -> Any | None:
    """The offered value spelled most like ``value``, or None when none is close."""
    lowered = [show(v).lower() for v in offered]
    close = difflib.get_close_matches(show(value).lower(), lowered, n=1, cutoff=0.6)
    return offered[lowered.index(close[0])] if close else None


def explain_command(flag: str, eng: Engine | None = None) -> str:
    """The explain command that shows ``flag`` as ``eng`` reads it (SGLang's when no engine is named)."""
    key = eng.key if eng is not None else "sglang"
    return f"argmatrix explain {flag}" if key == "sglang" else f"argmatrix explain --engine {key} {flag}"


def choice_hint(spec: ArgSpec, platform: str, flag: str, value: Any, eng: Engine | None = None) -> Text | None:
    """What to write instead of a value the target refuses: the nearest value it offers, and what it offers.

    Only values the engine allows on the target are listed, and never a test-only one (``Platform.offered``).
    """
    target = PLATFORMS[platform]
    offered = (eng or get_engine("sglang")).offered(spec, target)
    if not offered:
        return None
    short = target.short
    if len(offered) == 1:
        return Text(f"use {flag} {show(offered[0])} (the only value allowed on {short.en})",
                    f"改用 {flag} {show(offered[0])}（{short.zh} 上唯一允许的取值）")
    listed = ", ".join(show(a) for a in offered[:LISTED_AT_MOST])
    more = Text("", "")
    if len(offered) > LISTED_AT_MOST:
        # explain shows SGLang's flag unless told the engine: a vLLM hint must name it
        said = explain_command(flag, eng)
        more = Text(f", … {len(offered)} in all: {said}", f"，…… 共 {len(offered)} 个：{said}")
    near = nearest(value, offered)
    if near is None:
        return Text(f"choose one of the values allowed on {short.en}: {listed}{more.en}",
                    f"请改用 {short.zh} 上允许的取值之一：{listed}{more.zh}")
    return Text(f"use {flag} {show(near)} (allowed on {short.en}: {listed}{more.en})",
                f"改用 {flag} {show(near)}（{short.zh} 上允许：{listed}{more.zh}）")


def _where_hint(spec: ArgSpec, platform: str, flag: str, status: Status, eng: Engine) -> Text:
    """What to do about a status: warnings keep the flag and say what to watch; errors say where it works."""
    elsewhere = [PLATFORMS[p].short for p in supported_on(spec, eng) if p != platform]
    also = (Text(f"; it is supported on: {', '.join(s.en for s in elsewhere)}",
                 f"；支持该参数的平台：{'、'.join(s.zh for s in elsewhere)}") if elsewhere
            else Text("", ""))
    short = PLATFORMS[platform].short
    if status is Status.EXPERIMENTAL:
        return Text(f"it works on {short.en} but may change between releases: validate it with the release you deploy",
                    f"它可在 {short.zh} 上运行，但可能随版本变化：请用实际部署的版本验证")
    if status is Status.DEFICIENT:
        return Text(f"check its known deficiencies on {short.en} before relying on it{also.en}",
                    f"依赖它之前，请先了解它在 {short.zh} 上的已知缺陷{also.zh}")
    if status is Status.UNVERIFIED:
        return Text(f"test it on {short.en} before relying on it{also.en}",
                    f"依赖它之前，请先在 {short.zh} 上测试{also.zh}")
    return Text(f"remove {flag}{also.en}", f"去掉 {flag}{also.zh}")


def check(values: dict[str, Any], sources: dict[str, str], user_set: set[str], platform: str,
          flags_used: dict[str, str], release: str | None = None, eng: Engine | None = None,
          env: Any = None, gpu: Any = None, model: Any = None, draft: Any = None,
          defaults: Mapping[str, Any] | None = None, base: RuleBase | None = None) -> list[Finding]:
    """Every support, option, rule and deprecation finding for ``platform`` when ``eng`` runs the launch
    (default SGLang; spellings per its ``release``); ``gpu``: the CUDA GPU's compute capability when known;
    ``defaults``: the release's own defaults where they are not the declared ones (``Engine.release_defaults``);
    ``base``: the launch against its defaults, so the rules it cannot make fire are skipped (``rule_index.py``)."""
    eng = eng or get_engine("sglang")
    specs = eng.surface.specs
    # deprecations and release spellings are declared for SGLang's flags
    sglang_surface = registry.is_sglang_table(specs)
    if sglang_surface:  # SGLang's release facts and spelling checks: a launch of another engine never loads them
        from ..schema import releases as sglang_releases
        from .sglang_releases import check_release, successor_conflicts
    out: list[Finding] = []
    target = PLATFORMS[platform]
    for name in sorted(user_set, key=_positions(specs).__getitem__):  # declaration order, not a set's
        spec = specs[name]
        value = values[name]
        flag = flags_used.get(name, spec.flag)
        where = {"field": name, "flag": flag, "value": value, "source": sources.get(name), "platform": platform}
        spelled = check_release(name, release, flag, where) if sglang_surface else []
        if sglang_surface and release is not None and (both := successor_conflicts(name, release, flag, user_set,
                                                                                    values, where)):
            spelled = [f for f in spelled if f.code != "AM-W107"] + both  # one finding per cause
        out += spelled
        if any(f.severity == ERROR for f in spelled):
            continue  # the release refuses the spelling: nothing else about it matters
        change = sglang_releases.CHANGES.get(name) if sglang_surface else None
        if change is not None and release is not None and sglang_releases.ignored_in(change, release) and \
                sglang_releases.state_of(change, release) == "deprecated":
            continue  # the release still takes it and does nothing with it
        if change is not None and release is None and (change.retired or change.moves_to):
            out.append(_own_reader_finding(name, change, flag, where))
            if change.retired:
                continue
        if change is not None and change.moves_to is not None:
            spec = registry.SPECS[change.moves_to]  # statuses and options are the successor's
        cell = eng.cell(spec, target)
        if cell.status is not Status.SUPPORTED:
            code, severity = STATUS_FINDINGS[cell.status]
            said = STATUS_PREDICATES[cell.status]
            short = target.short
            why = cell.reason  # the status is said once, by its predicate; a cell without a reason adds nothing
            if value == spec.default:
                out.append(Finding("AM-N401", NOTE, "support",
                                   Text(f"{flag} is {said.en} on {short.en}{f' ({why.en})' if why else ''}; "
                                        "it is set to its default, which is harmless",
                                        f"{flag} 在 {short.zh} 上{said.zh}{f'（{why.zh}）' if why else ''}；"
                                        "当前取值为默认值，不受影响"),
                                   _where_hint(spec, platform, flag, cell.status, eng), **where))
            else:
                out.append(Finding(code, severity, "support",
                                   Text(f"{flag} is {said.en} on {short.en}{f': {why.en}' if why else ''}",
                                        f"{flag} 在 {short.zh} 上{said.zh}{f'：{why.zh}' if why else ''}"),
                                   _where_hint(spec, platform, flag, cell.status, eng), support_related=True,
                                   **where))
            if severity == ERROR:
                continue  # a flag that cannot run here has no allowed values to check
        if cell.status is Status.SUPPORTED and value != spec.default:
            out += _value_status(spec, value, target, eng, where)
        allowed = eng.allowed(spec, target)
        if allowed is None or value is None:
            continue
        bad = [v for v in (value if isinstance(value, list) else [value]) if v not in allowed]
        if bad:
            owner = owner_of(name, bad[0])
            only = (Text(f": it exists on {FAMILY_TITLES[owner].en} only", f"：它仅用于{FAMILY_TITLES[owner].zh}")
                    if owner is not None and owner != target.family else Text("", ""))
            out.append(Finding("AM-E105", ERROR, "support",
                               Text(f"{flag} {show(bad[0])} is not available on {target.short.en}{only.en}",
                                    f"{flag} {show(bad[0])} 在 {target.short.zh} 上不可用{only.zh}"),
                               choice_hint(spec, platform, flag, bad[0], eng), support_related=True, **where))
    out.extend(_check_rules(values, sources, user_set, platform, flags_used, eng, env, gpu=gpu, model=model,
                            draft=draft, release=release, defaults=defaults, base=base))
    return _one_finding_per_cause(out, eng, release, platform)


_STATUS_CODES = frozenset(code for code, _ in STATUS_FINDINGS.values()) | {"AM-N401"}


def _value_status(spec: ArgSpec, value: Any, target: Any, eng: Engine, where: dict[str, Any]) -> list[Finding]:
    """A value whose own status on the target is weaker than its argument's (``Engine.value_cell``)."""
    for v in value if isinstance(value, list) else [value]:
        cell = eng.value_cell(spec, target, v)
        if cell is None or cell.status is Status.SUPPORTED:
            continue
        code, severity = STATUS_FINDINGS[cell.status]
        said, flag, short = STATUS_PREDICATES[cell.status], where["flag"], target.short
        why = cell.reason or Text("", "")
        vouched = [show(c) for c in (eng.offered(spec, target) or ()) if (eng.value_cell(spec, target, c) or
                                                                          Cell(Status.SUPPORTED)).status is Status.SUPPORTED]
        hint = Text(f"test {flag} {show(v)} on {short.en} before relying on it"
                    + (f", or use a value the table vouches for: {', '.join(vouched)}" if vouched else ""),
                    f"依赖它之前请先在 {short.zh} 上测试 {flag} {show(v)}"
                    + (f"，或改用特性表认可的取值：{'、'.join(vouched)}" if vouched else ""))
        return [Finding(code, severity, "support",
                        Text(f"{flag} {show(v)} is {said.en} on {short.en}: {why.en}",
                             f"{flag} {show(v)} 在 {short.zh} 上{said.zh}：{why.zh}"),
                        hint, support_related=True, **where)]
    return []


def check_required(values: dict[str, Any], sources: dict[str, str], platform: str, eng: Engine,
                   release: str | None) -> list[Finding]:
    """AM-E011: a field the engine refuses to start without (``Engine.required``) has no value from any source."""
    out: list[Finding] = []
    who = f"{eng.releases.name} {release}" if eng.releases is not None and release else eng.title.en
    for need in eng.required:
        if values.get(need.field) not in (None, ""):
            continue
        flag = eng.surface.specs[need.field].flag
        out.append(Finding("AM-E011", ERROR, USAGE,
                           Text(f"{flag} is missing: {who} does not start without it",
                                f"缺少 {flag}：没有它 {who} 无法启动"),
                           Text(f"add {flag} with a local model folder or a Hugging Face ID, e.g. {flag} {need.example}",
                                f"添加 {flag}，取值为本地模型目录或 Hugging Face 仓库名，例如 {flag} {need.example}"),
                           field=need.field, flag=flag, value=None, source=sources.get(need.field), platform=platform))
    return out


def _one_finding_per_cause(findings: list[Finding], eng: Engine, release: str | None, platform: str) -> list[Finding]:
    """Drop a field's status finding when a rule that supersedes it fired on that field (``Rule.supersedes_status``)."""
    superseding = superseding_codes(eng, release, platform)
    covered = {f.field for f in findings if f.kind == "rule" and f.code in superseding}
    return [f for f in findings if not (f.kind == "support" and f.code in _STATUS_CODES and f.field in covered)]


class _Shown(dict):
    """The values a template names, each written as a command line takes it, on demand (a template names a few of
    several hundred)."""

    def __missing__(self, key: str) -> str:
        shown = self[key] = show(self.raw[key])
        return shown

    def __init__(self, values: Mapping[str, Any]):
        super().__init__()
        self.raw = values


def _fill(text: Text, values: dict[str, Any]) -> Text:
    shown = _Shown(values)
    return Text(text.en.format_map(shown), text.zh.format_map(shown))


def check_model_rules(values, sources, user_set, platform, flags_used, eng: Engine, env: Any, model: Any,
                      draft: Any = None, gpu: Any = None, release: str | None = None) -> list[Finding]:
    """The engine's rules that read the model's config facts (``Rule.reads_model``), once they were read."""
    return _check_rules(values, sources, user_set, platform, flags_used, eng, env, model=model, draft=draft, gpu=gpu,
                        model_phase=True, release=release, defaults=eng.release_defaults(release) if release else None)


def _check_rules(values, sources, user_set, platform, flags_used, eng: Engine, env: Any = None, *,
                 model: Any = None, draft: Any = None, gpu: Any = None, model_phase: bool = False,
                 release: str | None = None, defaults: Mapping[str, Any] | None = None,
                 base: RuleBase | None = None) -> list[Finding]:
    """The rules that need no model (they may still look at ``c.model``/``c.draft`` where a config.json was read,
    None otherwise), or (``model_phase``) only those that read it; under ``release``, only the rules whose check
    that release's code has (``Engine.rule_holds``)."""
    out: list[Finding] = []
    specs = eng.surface.specs
    ctx = rules.RuleContext(values, user_set, specs, platform, env, model, draft, gpu, defaults)
    family = PLATFORMS[platform].family
    if base is not None:
        every = launch_rules(eng, release, platform, base.changed, ctx)
    else:
        every = model_phase_rules(eng, release, platform) if model_phase else eng.rules()
    for rule in every if base is None else base.can_fire(every, ctx):
        if rule.reads_model != model_phase or not rule.applies(family) or not eng.rule_holds(rule, release) \
                or not rule.violated(ctx):
            continue
        name = rule.reported_field(ctx)
        quoted = {**values, **rule.extra(ctx)} if rule.extra else values
        out.append(Finding(rule.code, rule.severity, "rule", _fill(rule.message, quoted), _fill(rule.hint, quoted),
                           field=name, flag=flags_used.get(name, specs[name].flag), value=values[name],
                           source=sources.get(name), platform=platform,
                           support_related=rule.families is not rules.EVERYWHERE, rule=rule.id))
    if model_phase:
        return out
    for parent in eng.parents():
        if parent.active(ctx):
            continue
        pflag = specs[parent.parent].flag + (f" {parent.value}" if parent.value else "")
        for child in parent.children:
            if not ctx.changed(child):
                continue
            flag = flags_used.get(child, specs[child].flag)
            out.append(Finding(rules.PARENT_CODE, WARNING, "rule",
                               Text(f"{flag} has no effect without {pflag}", f"未设置 {pflag} 时 {flag} 不起作用"),
                               Text(f"set {pflag} too, or drop {flag}", f"同时设置 {pflag}，或去掉 {flag}"),
                               field=child, flag=flag, value=values[child], source=sources.get(child),
                               platform=platform))
    return out


def check_engine(values: dict[str, Any], sources: dict[str, str], user_set: set[str], platform: str,
                 flags_used: dict[str, str], allow_unimplemented: bool) -> list[Finding]:
    """What argmatrix's own engine does with each changed flag (``check-config --engine`` and ``serve``)."""
    from ..matrix import engine  # argmatrix's own engine table: loaded for its launches only
    from ..schema.releases import superseded

    out: list[Finding] = []
    severity = WARNING if allow_unimplemented else ERROR
    for name in sorted(user_set):
        spec = registry.SPECS[name]
        value = values[name]
        if value == spec.default or superseded(name):
            continue
        cap = engine.capability(name)
        flag = flags_used.get(name, spec.flag)
        where = {"field": name, "flag": flag, "value": value, "source": sources.get(name), "platform": platform}
        fix = Text(f"remove {flag}, or pass --allow-unimplemented to start anyway",
                   f"去掉 {flag}，或加 --allow-unimplemented 强制启动")
        if cap.status == engine.UNIMPLEMENTED:
            out.append(Finding("AM-E501", severity, "engine",
                               Text(f"{flag} is not implemented by argmatrix's engine", f"argmatrix 的引擎尚未实现 {flag}"),
                               fix, **where))
        elif cap.status == engine.INERT:
            why = cap.reason or Text("it is accepted without effect", "它被接受但不起作用")
            out.append(Finding("AM-N503", NOTE, "engine",
                               Text(f"{flag} has no effect in argmatrix's engine: {why.en}",
                                    f"{flag} 在 argmatrix 的引擎中不起作用：{why.zh}"), None, **where))
        elif cap.options is not None and value not in cap.options:
            listed = ", ".join(show(o) for o in cap.options)
            out.append(Finding("AM-E502", severity, "engine",
                               Text(f"{flag} {show(value)} is not implemented by argmatrix's engine (it implements: {listed})",
                                    f"argmatrix 的引擎未实现 {flag} {show(value)}（已实现：{listed}）"),
                               fix, **where))
        else:
            out += _wired_findings(name, cap, values, where, flags_used)
    return out + _never_run_findings(values, user_set, platform, flags_used, sources)


def _wired_findings(name: str, cap: engine.Capability, values: dict[str, Any], where: dict[str, Any],
                    flags_used: dict[str, str]) -> list[Finding]:
    """A wired flag that does nothing in this launch (AM-W504) or on this platform family (AM-N503)."""
    from ..matrix import engine  # argmatrix's own engine table: loaded for its launches only

    flag, out = where["flag"], []
    for cond in cap.inert_when:
        if cond.holds(values):
            cflag = flags_used.get(cond.field, registry.SPECS[cond.field].flag)
            out.append(Finding("AM-W504", WARNING, "engine",
                               Text(f"{flag} has no effect in argmatrix's engine with {cflag} {show(values[cond.field])}: "
                                    f"{cond.reason.en}",
                                    f"{cflag} 为 {show(values[cond.field])} 时 {flag} 在 argmatrix 的引擎中不起作用："
                                    f"{cond.reason.zh}"),
                               Text(f"drop {flag}, or run with {cflag} {cond.above}",
                                    f"去掉 {flag}，或使用 {cflag} {cond.above}"), **where))
    family = PLATFORMS[where["platform"]].family
    why = engine.PATHS[cap.path].inert_on.get(family)
    if why is not None:
        fam = engine.FAMILY_NAMES[family]
        out.append(Finding("AM-N503", NOTE, "engine",
                           Text(f"{flag} has no effect in argmatrix's engine on {fam.en}: {why.en}",
                                f"{flag} 在 argmatrix 的引擎中于{engine.zh_word(fam.zh)}上不起作用：{why.zh}"), None, **where))
    return out


def _never_run_findings(values: dict[str, Any], user_set: set[str], platform: str, flags_used: dict[str, str],
                        sources: dict[str, str]) -> list[Finding]:
    """One note per engine path this launch uses that has never passed a recorded run on the platform's family
    (AM-N505): the engine table's verdicts come from runs (matrix/engine_runs.json), not from its own say-so."""
    from ..matrix import engine  # argmatrix's own engine table: loaded for its launches only
    from ..schema.releases import superseded

    family = PLATFORMS[platform].family
    used: dict[str, str] = {}              # path -> the first changed flag that uses it
    for name in sorted(user_set):
        cap = engine.capability(name)
        if (cap.status == engine.WIRED and values[name] != registry.SPECS[name].default and not superseded(name)
                and not any(cond.holds(values) for cond in cap.inert_when)):
            used.setdefault(cap.path, name)
    out = []
    for path, name in used.items():
        verdict = engine.family_verdict(path, family)
        if verdict.state not in (engine.NEVER_RUN, engine.FAILED):
            continue
        title, fam = engine.PATHS[path].title, engine.FAMILY_NAMES[family]
        flag = flags_used.get(name, registry.SPECS[name].flag)
        said = (Text(f"argmatrix's engine: {title.en}, which {flag} uses, is implemented for {fam.en} but has "
                     "never run there", f"argmatrix 的引擎：{flag} 用到的{title.zh}已为{engine.zh_word(fam.zh)}实现，但从未在其上运行过")
                if verdict.state == engine.NEVER_RUN else
                Text(f"argmatrix's engine: {title.en}, which {flag} uses, failed its last recorded run on {fam.en} "
                     f"({verdict.run.summary('en')})",
                     f"argmatrix 的引擎：{flag} 用到的{title.zh}在{engine.zh_word(fam.zh)}上最近一次记录的运行失败"
                     f"（{verdict.run.summary('zh')}）"))
        out.append(Finding("AM-N505", NOTE, "engine", said, None, field=name, flag=flag, value=values[name],
                           source=sources.get(name), platform=platform))
    return out


# --- documented keys of JSON-object arguments, and values an engine replaces ----------------------------------------

_KEY_TYPES: dict[str, tuple[type, ...]] = {"bool": (bool,), "int": (int,), "float": (int, float), "str": (str,),
                                           "dict": (dict,), "list": (list, tuple), "enum": (str, int)}
_NUMBER = re.compile(r"^\s*[+-]?\d+(\.\d*)?([eE][+-]?\d+)?\s*$")


def _admits(key: Any, item: Any) -> bool:
    """Whether ``item`` is a value of ``key``'s type as its reader takes it: vLLM's pydantic dataclasses in lax mode
    (a number written as text is a number, 'true' a bool); a plugin's dict.get takes only the type itself."""
    if item is None:
        return True
    if key.type in ("int", "float") and isinstance(item, bool):
        return False
    if isinstance(item, _KEY_TYPES.get(key.type, (object,))):
        return key.type != "int" or not isinstance(item, float) or item.is_integer()
    if key.strict and isinstance(item, str):
        if key.type in ("int", "float"):
            return bool(_NUMBER.match(item)) and (key.type == "float" or float(item).is_integer())
        if key.type == "bool":
            return item.strip().lower() in ("true", "false", "1", "0", "yes", "no", "on", "off")
    return False


# id(keys) -> (keys, every dotted path that a documented key goes below): one engine's tables, kept, so ids stay theirs
_PARENTS: dict[int, tuple[Any, frozenset[str]]] = {}


def _parents(keys: Any) -> frozenset[str]:
    held = _PARENTS.get(id(keys))
    if held is not None and held[0] is keys:
        return held[1]
    found = frozenset(k[:i] for k in keys for i, c in enumerate(k) if c == ".")
    if len(_PARENTS) > 64:  # an engine that builds its key tables per call: keep the cache bounded
        _PARENTS.clear()
    _PARENTS[id(keys)] = (keys, found)
    return found


def _paths(obj: dict[str, Any], keys: Any, prefix: str = "") -> list[tuple[str, Any]]:
    """Every leaf of ``obj`` as (dotted path, value), descending only where the documented keys go deeper."""
    out: list[tuple[str, Any]] = []
    parents = _parents(keys)
    for key, value in obj.items():
        path = f"{prefix}{key}"
        deeper = path in parents
        if isinstance(value, dict) and deeper and (path not in keys or keys[path].type == "dict"):
            out += _paths(value, keys, path + ".")
            if path in keys:
                continue
        else:
            out.append((path, value))
    return out


def _outside(bounds: Any, value: Any) -> str | None:
    """The bound a number breaks (``> 0``), None when it keeps them: the one rule, ``schema.vllm.releases.outside``."""
    from ..schema.vllm.releases import outside

    return outside(dict(bounds), value)


def _releases_with_key(eng: Engine, name: str, target: Any, path: str, release: str | None) -> list[str]:
    """The engine's other held releases whose ``name`` object has key ``path`` (none where releases do not differ)."""
    line = eng.releases
    if line is None or release is None:
        return []
    return [r for r in line.held if r != release and path in (eng.object_keys(name, target, r) or {})]


def check_objects(values: dict[str, Any], sources: dict[str, str], user_set: set[str], platform: str,
                  flags_used: dict[str, str], eng: Engine, release: str | None = None) -> list[Finding]:
    """Keys of JSON-object arguments the engine documents on ``platform``: unknown, removed or mistyped ones.

    Where the reader validates the object (vLLM's own config classes: ``ObjectKey.strict``), such a key stops
    the engine: an error.  Where it reads it with dict.get (vLLM-Ascend's --additional-config), an unknown key
    is ignored without a word and a mistyped one used as given: a warning, with the nearest documented key."""
    out: list[Finding] = []
    target = PLATFORMS[platform]
    specs = eng.surface.specs
    for name in sorted(user_set):
        keys = eng.object_keys(name, target, release)
        value = values.get(name)
        if not keys or not isinstance(value, (dict, str)):
            continue
        flag = flags_used.get(name, specs[name].flag)
        where: dict[str, Any] = {"field": name, "flag": flag, "source": sources.get(name), "platform": platform}
        any_key = next(iter(keys.values()))
        owner = any_key.owner or eng.title.en
        read_by = f"{owner} {any_key.release}" if any_key.release else owner  # the release whose keys these are
        who = Text(f"{read_by} on {target.short.en}", f"{target.short.zh} 上的 {read_by}")
        if isinstance(value, str):
            if not any_key.strict:  # a plugin's dict.get on text: AttributeError at start-up
                out.append(_text_not_object(flag, value, who, owner, explain_command(flag, eng), where))
            continue
        for path, item in _paths(value, keys):
            key = keys.get(path)
            if key is None and any(k.type == "dict" and path.startswith(k.key + ".") and not any(
                    other.startswith(k.key + ".") for other in keys) for k in keys.values()):
                continue  # inside a free-form object key (one whose own keys are documented is checked like the rest)
            strict = any_key.strict if key is None else key.strict
            severity, code = (ERROR, "AM-E970") if strict else (WARNING, "AM-W970")
            if key is None:
                near = nearest(path, tuple(keys))
                hint = (Text(f"did you mean {near}? ({keys[near].help.en})",
                             f"您是否想写 {near}？（{keys[near].help.zh}）") if near is not None else
                        Text(f"see the documented keys: {explain_command(flag, eng)}",
                             f"请查看已记录的键：{explain_command(flag, eng)}"))
                said = (Text("it refuses to start", "它会拒绝启动") if strict
                        else Text("it is ignored", "将被忽略"))
                elsewhere = _releases_with_key(eng, name, target, path, release)
                line = eng.releases
                if elsewhere and line is not None:  # another held release reads it: name the release, not a typo
                    said = Text(f"{said.en}; {line.name} {', '.join(elsewhere)} reads it",
                                f"{said.zh}；{line.name} {'、'.join(elsewhere)} 才读取该键")
                    hint = Text(f"remove '{path}', or check against that release with {line.option} {elsewhere[-1]}",
                                f"去掉“{path}”，或用 {line.option} {elsewhere[-1]} 按该版本检查")
                out.append(Finding(code, severity, "rule",
                                   Text(f"{flag} key '{path}' is not one {who.en} reads: {said.en}",
                                        f"{flag} 的键“{path}”不会被{who.zh}读取：{said.zh}"),
                                   hint, value=item, **where))
            elif key.since:  # only a later release of the reader reads it
                out.append(Finding(code, severity, "rule",
                                   Text(f"{flag} key '{path}' is not one {who.en} reads: it is ignored ({owner} "
                                        f"reads it from {key.since} on)",
                                        f"{flag} 的键“{path}”不会被{who.zh}读取：将被忽略（{owner} 自 {key.since} "
                                        f"起才读取）"),
                                   Text(f"remove '{path}', or run {owner} {key.since} or later",
                                        f"去掉“{path}”，或改用 {owner} {key.since} 及之后的版本"), value=item, **where))
            elif key.removed_in:
                instead = (Text(f"write '{key.successor}' instead", f"请改用“{key.successor}”") if key.successor
                           else Text(f"remove '{path}'", f"去掉“{path}”"))
                out.append(Finding("AM-W972", WARNING, "deprecation",
                                   Text(f"{flag} key '{path}' was removed in {owner} {key.removed_in}",
                                        f"{flag} 的键“{path}”已在 {owner} {release_words(key.removed_in, 'zh')} 中移除"),
                                   instead, value=item, **where))
            elif key.choices and item is not None and item not in key.choices and not (
                    # vLLM's enum keys take the member's number or its name in any case (compilation.py:853)
                    key.type == "enum" and (isinstance(item, int) or str(item).upper() in key.choices)):
                listed = ", ".join(show(c) for c in key.choices[:LISTED_AT_MOST])
                more = "" if len(key.choices) <= LISTED_AT_MOST else f", … ({len(key.choices)})"
                closest = nearest(item, key.choices)
                out.append(Finding("AM-E971" if strict else "AM-W971", severity, "type",
                                   Text(f"{flag} key '{path}' has no value {show(item)} (it takes {listed}{more})",
                                        f"{flag} 的键“{path}”没有取值 {show(item)}（可选：{listed}{more}）"),
                                   Text(f"use {show(closest)}" if closest is not None else f"choose one of {listed}{more}",
                                        f"改用 {show(closest)}" if closest is not None else f"请从 {listed}{more} 中选择"),
                                   value=item, **where))
            elif key.bounds and (broken := _outside(key.bounds, item)) is not None:
                out.append(Finding("AM-E971" if strict else "AM-W971", severity, "type",
                                   Text(f"{flag} key '{path}' {show(item)}: {owner} requires {broken}",
                                        f"{flag} 的键“{path}”取值 {show(item)}：{owner} 要求 {broken}"),
                                   Text(f"pick a value that is {broken}", f"请改用满足 {broken} 的取值"),
                                   value=item, **where))
            elif not strict and not _admits(key, item):  # a validating reader says itself what it accepts
                # a plugin reads the object with dict.get and no validation: the value goes on as it is
                truthy = Text(" (any non-empty text counts as on, 'false' too)", "（任何非空文本都算开启，'false' 也是）") \
                    if key.type == "bool" and isinstance(item, str) and not strict else Text("", "")
                used = (Text("it refuses to start", "它会拒绝启动") if strict else
                        Text(f"{owner} uses it as given{truthy.en}", f"{owner} 会原样使用它{truthy.zh}"))
                out.append(Finding("AM-E971" if strict else "AM-W971", severity, "type",
                                   Text(f"{flag} key '{path}' should be a {key.type}, not {item!r}: {used.en}",
                                        f"{flag} 的键“{path}”应为 {key.type} 类型，而不是 {item!r}：{used.zh}"),
                                   Text(f"write '{path}' as a {key.type}, e.g. {json.dumps(key.default)}",
                                        f"请把“{path}”写成 {key.type}，例如 {json.dumps(key.default)}"),
                                   value=item, **where))
    return out


def _text_not_object(flag: str, text: str, who: Text, owner: str, explain: str, where: dict[str, Any]) -> Finding:
    """A JSON-object argument that reached the engine as text (vLLM's ``union_dict_and_str`` keeps any text that is
    not a whole ``{...}`` as text, e.g. a truncated object) while its reader calls ``.get`` on it: vLLM-Ascend's
    ``AscendConfig.__init__`` (``vllm_ascend/ascend_config.py``, every held release) then stops the start-up."""
    try:
        json.loads(text)
        why = Text("text, not a JSON object", "是一段文本，不是 JSON 对象")
    except JSON_ERRORS as exc:
        why = json_error(exc)
    shown = clipped(text)  # the value itself is in the finding; the line stays short
    return Finding("AM-E973", ERROR, "type",
                   Text(f"{flag} {shown!r} is {why.en}, so vLLM passes it on as text and {who.en} fails at start-up "
                        f"reading keys from it", f"{flag} {shown!r} {why.zh}，vLLM 会把它当作文本传下去，"
                        f"{who.zh} 在启动时从中读取键会失败"),
                   Text(f"write a whole JSON object in single quotes, e.g. {flag} '{{\"key\": true}}'; "
                        f"{explain} lists the keys {owner} reads",
                        f"请用单引号写出完整的 JSON 对象，例如 {flag} '{{\"key\": true}}'；"
                        f"{explain} 列出了 {owner} 读取的键"),
                   value=text, **where)


def _at(value: Any, path: tuple[str, ...]) -> tuple[bool, Any]:
    """Whether ``path`` is set inside the object ``value``, and what it holds."""
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return False, None
        value = value[key]
    return True, value


def check_resets(values: dict[str, Any], sources: dict[str, str], user_set: set[str], platform: str,
                 flags_used: dict[str, str], eng: Engine, env: Any = None) -> list[Finding]:
    """A value the user set that the engine will replace at start-up on this platform: a warning that says with
    what, instead of a launch that silently runs differently.  Only what the user wrote counts: a key of a JSON
    object argument must be in the object they gave."""
    out: list[Finding] = []
    target = PLATFORMS[platform]
    surface = eng.surface
    seen = eng.view(values, platform, env or {})
    for reset in eng.resets():
        if reset.families is not None and target.family not in reset.families:
            continue
        root, *path = reset.field.split(".")
        name = surface.flags.get(root)
        if name is None or name not in user_set:
            continue
        present, current = _at(values[name], tuple(path)) if path else (True, values[name])
        if not present:
            continue
        try:
            fires = bool(reset.when(seen))
            becomes = reset.becomes(seen) if callable(reset.becomes) else reset.becomes
        except Exception:  # noqa: BLE001 - a predicate over values it does not expect reads them as not matching
            continue
        if not fires or becomes == current:
            continue
        flag = flags_used.get(name, surface.specs[name].flag)
        said = flag + "".join(f".{p}" for p in path)
        who = reset.owner or eng.title.en
        out.append(Finding("AM-W950", WARNING, "rule",
                           Text(f"{who} on {target.short.en} replaces {said} {show(current)} with "
                                f"{show(becomes)}: {reset.reason.en}", f"{target.short.zh} 上的 {who} 会把 "
                                f"{said} {show(current)} 改为 {show(becomes)}：{reset.reason.zh}"),
                           reset_hint(surface.specs[name], tuple(path), becomes, said),
                           field=name, flag=flag, value=current, source=sources.get(name), platform=platform,
                           support_related=True))
    return out


def reset_tokens(spec: ArgSpec, path: tuple[str, ...], value: Any) -> list[str] | None:
    """The words that make the engine read ``value`` for ``spec`` (at ``path`` inside its JSON object): [] when
    leaving the flag (or the key) out means it, None when the command line cannot say it.  Switches are written
    as switches (``--x``, ``--no-x`` where the parser declares it), never ``--x false``; a key as ``--x.key
    value``, which vLLM's parser reads as JSON where it parses, else as text."""
    if not path:
        if value == spec.default or (value is None and spec.default is None):
            return []
        tokens, _why = surface_tokens(spec, value, bool(spec.arg.negatable))
        return tokens
    if value is None:
        return []  # the key left out: the config class's own default
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    if isinstance(value, str):
        try:
            json.loads(value)
            text = json.dumps(value)  # "1" or "true" as text: quoted, or the parser reads a number or a switch
        except ValueError:
            pass
    return [f"{spec.flag}.{'.'.join(path)}", text]


def reset_hint(spec: ArgSpec, path: tuple[str, ...], becomes: Any, said: str) -> Text:
    """AM-W950's fix: what to write so the launch says what runs, in a spelling the engine's parser accepts."""
    tokens = reset_tokens(spec, path, becomes)
    if tokens:
        words = shlex.join(tokens)
        return Text(f"write {words} instead, to say what will run, or leave {said} out",
                    f"可改写为 {words} 以反映实际行为，或去掉 {said}")
    where = f"the key {'.'.join(path)}" if path else said
    where_zh = f"键 {'.'.join(path)}" if path else said
    return Text(f"leave {where} out: that is what will run", f"去掉{where_zh}：实际运行的就是不设置时的取值")
