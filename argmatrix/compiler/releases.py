"""Findings about spelling: what the engine's selected release does with each flag the user wrote.  An engine
whose release line dates its flags (vLLM) is judged here; SGLang's argparse details are in ``sglang_releases.py``,
loaded for SGLang's launches only."""
from __future__ import annotations

import functools
from typing import Any

from ..schema.meta import Text
from .findings import ERROR, WARNING, Finding


def release_findings(eng: Any, assignments: list[Any], release: str, values: dict[str, Any],
                     platform: str) -> list[Finding]:
    """What the engine's ``release`` refuses in how the command line was written.

    SGLang (argparse): a value after a switch, an off switch the release lacks (``argv_findings``), and a flag
    written with underscores, which SGLang's parser does not turn into dashes.  An engine whose release line
    dates its flags (vLLM): a flag the release does not have yet, or any more.
    """
    from ..matrix.engines.base import NEGATE_RELEASE

    if eng.spelling.negation == NEGATE_RELEASE:
        from .sglang_releases import argv_findings

        out = argv_findings(assignments, release, values, platform)
        if not eng.spelling.underscores:
            out += [_underscore_finding(eng, a, release, values, platform) for a in assignments
                    if a.source.startswith("argv") and a.flag and "_" in a.flag]
        return out
    out = []
    specs = eng.surface.specs
    line = eng.releases
    facts = _facts_of(eng, release)
    for a in assignments:
        held = facts.get(a.field)
        if held is None:
            spec = specs[a.field]
            held = facts[a.field] = (line.exists_in(a.field, release), eng.bounds_in(spec, release),
                                     eng.deprecated_in(spec, release), eng.choices_in(spec, release))
        exists, bounds, deprecated, taken = held
        value = values.get(a.field)
        if exists and not bounds and not deprecated and (not taken or value is None or (
                not isinstance(value, list) and _hashable(value) and value in _choice_sets(taken)[0])):
            continue  # the release takes the flag and this value as they are: nothing to say
        flag = a.flag or specs[a.field].flag
        where = {"field": a.field, "flag": flag, "value": value, "source": a.source, "platform": platform}
        if exists:
            out += _release_value_findings(eng, specs[a.field], release, flag, value, where)
            continue
        out.append(_missing_flag_finding(line, a.field, release, flag, where))
    return out


# (id(engine), release) -> (engine, field -> (has the flag, bounds, deprecation, choices)): facts of the release,
# gathered per field as launches ask (the engine is kept, so its id is never reused)
_RELEASE_FACTS: dict[tuple[int, str], tuple[Any, dict[str, tuple[bool, Any, Any, Any]]]] = {}


def _facts_of(eng: Any, release: str) -> dict[str, tuple[bool, Any, Any, Any]]:
    held = _RELEASE_FACTS.get((id(eng), release))
    if held is None or held[0] is not eng:
        held = _RELEASE_FACTS[(id(eng), release)] = (eng, {})
    return held[1]


def _hashable(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool))


@functools.lru_cache(maxsize=1024)  # a release's choice tuples: a few hundred, asked for every set flag
def _choice_sets_of(taken: tuple[Any, ...]) -> tuple[frozenset[Any], frozenset[str]]:
    return frozenset(t for t in taken if _hashable(t)), frozenset(str(t) for t in taken)


def _choice_sets(taken: Any) -> tuple[frozenset[Any], frozenset[str]]:
    """A release's choices for a flag as a set of its plain values and a set of their texts (cached per tuple)."""
    try:
        return _choice_sets_of(tuple(taken))
    except TypeError:  # a choice that cannot be hashed: nothing to keep it under
        return frozenset(t for t in taken if _hashable(t)), frozenset(str(t) for t in taken)


def _missing_flag_finding(line: Any, name: str, release: str, flag: str, where: dict[str, Any]) -> Finding:
    """A flag ``release`` does not have: the held release that brings it, or the one it left in and what replaced
    it (the successors its last release's parser names)."""
    r = line.parse(release)
    first, gone = line.introduced.get(name), line.removed.get(name)
    successors = tuple(line.successors.get(name, ()))
    if first is not None and r < line.parse(first):
        before = _held_before(line, first)
        why = (Text(f"it arrived in {line.name} {first}", f"它在 {line.name} {first} 中才加入") if before is None
               else Text(f"it arrived after {line.name} {before}, by {first}",
                         f"它在 {line.name} {before} 之后、{first} 之前（含）加入"))
        fix = Text(f"remove {flag}, or check against {line.name} {first} or later with {line.option} {first}",
                   f"去掉 {flag}，或用 {line.option} {first} 按 {line.name} {first} 及以后的版本检查")
    elif gone is not None:
        before = _held_before(line, gone)
        why = (Text(f"{line.name} {gone} removed it", f"{line.name} {gone} 已移除它") if before is None
               else Text(f"it left after {line.name} {before}, by {gone}",
                         f"它在 {line.name} {before} 之后、{gone} 之前（含）被移除"))
        if successors:
            listed = " ".join(successors)
            why = Text(f"{why.en}; {listed} took its place", f"{why.zh}，由 {listed} 取代")
            fix = Text(f"write {listed} instead of {flag}", f"请用 {listed} 替代 {flag}")
        else:
            last = line.held[line.held.index(gone) - 1] if gone in line.held else line.oldest
            fix = Text(f"remove {flag}, or check against a release that has it with {line.option} {last}",
                       f"去掉 {flag}，或用 {line.option} {last} 按有该参数的版本检查")
            said = line.instead(flag) if line.instead is not None else None
            if said is not None:  # the hand-kept words on what replaces it, where its parser names nothing
                instead, source = said
                fix = Text(f"{instead.en} ({source}); or check against a release that has it with {line.option} "
                           f"{last}", f"{instead.zh}（{source}）；或用 {line.option} {last} 按有该参数的版本检查")
    else:
        why = Text(f"no held {line.name} release between {line.oldest} and {line.newest} has it",
                   f"argmatrix 收录的 {line.name} {line.oldest} 至 {line.newest} 均没有该参数")
        fix = Text(f"remove {flag}", f"去掉 {flag}")
    return Finding("AM-E110", ERROR, "deprecation",
                   Text(f"{line.name} {release} has no {flag}: {why.en}", f"{line.name} {release} 没有 {flag}：{why.zh}"),
                   fix, **where)


def _deprecation_findings(eng: Any, spec: Any, release: str, flag: str, where: dict[str, Any]) -> list[Finding]:
    """A flag ``release``'s parser deprecates (its help or argparse's ``deprecated=``): it still takes it, with the
    successor and the removal it announces."""
    said = eng.deprecated_in(spec, release)
    if not said:
        return []
    name = eng.releases.name
    successors = " ".join(said.get("successors") or ())
    parts_en, parts_zh = [f"{name} {release} deprecates {flag}"], [f"{name} {release} 已弃用 {flag} "]
    if said.get("effect") == "ignored":
        parts_en.append("and ignores it")
        parts_zh.append("，且忽略其取值")
    if said.get("removed_in"):
        parts_en.append(f"(it announces its removal in {said['removed_in']})")
        parts_zh.append(f"（并预告将在 {said['removed_in']} 中移除）")
    fix = (Text(f"write {successors} instead of {flag}", f"请用 {successors} 替代 {flag}") if successors
           else Text(f"remove {flag}", f"去掉 {flag}"))
    return [Finding("AM-W107", WARNING, "deprecation", Text(" ".join(parts_en), "".join(parts_zh).replace(" ，", "，")),
                    fix, **where)]


def _bounds_findings(eng: Any, spec: Any, release: str, flag: str, value: Any, where: dict[str, Any]) -> list[Finding]:
    """A number outside the bounds ``release``'s config class declares (pydantic ``Field(gt=0, le=1)``): the
    parser takes it, and vLLM stops when it builds the config."""
    from ..schema.vllm.releases import outside  # the one reader of vLLM's bounds

    bounds = eng.bounds_in(spec, release)
    broken = outside(dict(bounds) if bounds else None, value)
    if broken is None:
        return []
    name = eng.releases.name
    said = " and ".join(f"{'>' if k == 'gt' else '>=' if k == 'ge' else '<' if k == 'lt' else '<='} {v}"
                        for k, v in bounds.items() if k in ("gt", "ge", "lt", "le"))
    return [Finding("AM-E118", ERROR, "type",
                    Text(f"{flag} {value}: {name} {release} requires {said}; its config validation stops the engine "
                         "at start-up", f"{flag} {value}：{name} {release} 要求取值 {said}，否则在构建配置时校验失败、"
                         "无法启动"),
                    Text(f"pick a value that is {said}", f"请改用满足 {said} 的取值"), **where)]


def _held_before(line: Any, release: str) -> str | None:
    """The held release before ``release`` when releases argmatrix never read lie between them (0.23.0 before
    0.32.0), so a message cannot say which one made the change; None when they are consecutive or none is held."""
    if release not in line.held or line.held.index(release) == 0:
        return None
    before = line.held[line.held.index(release) - 1]
    a, b = line.parse(before), line.parse(release)
    return None if a[0] == b[0] and b[1] - a[1] <= 1 else before


def _release_value_findings(eng: Any, spec: Any, release: str, flag: str, value: Any,
                            where: dict[str, Any]) -> list[Finding]:
    """Values outside the choices of ``release``'s parser (the schema's type is the union over releases): argparse
    stops on them with 'invalid choice'."""
    name = eng.releases.name
    out = _bounds_findings(eng, spec, release, flag, value, where) + _deprecation_findings(eng, spec, release, flag,
                                                                                           where)
    taken = eng.choices_in(spec, release)
    if not taken or value is None:
        return out
    for v in value if isinstance(value, list) else [value]:
        if v in taken or str(v) in _choice_sets(taken)[1]:
            continue
        listed = ", ".join(str(t) for t in taken[:12]) + (", …" if len(taken) > 12 else "")
        others = [r for r in eng.releases.held if r != release and v in (eng.choices_in(spec, r) or ())]
        said = (Text(f"; {name} {', '.join(others)} takes it", f"；{name} {'、'.join(others)} 接受该取值") if others
                else Text("", ""))
        out.append(Finding("AM-E113", ERROR, "deprecation",
                           Text(f"{name} {release} has no {flag} {v}: its parser stops with 'invalid choice'{said.en}",
                                f"{name} {release} 没有 {flag} {v}：解析时报错“invalid choice”{said.zh}"),
                           Text(f"pick one of {listed}, or check against another release with {eng.releases.option}",
                                f"请从 {listed} 中选择，或用 {eng.releases.option} 按其他版本检查"), **where))
    return out


def _underscore_finding(eng: Any, a: Any, release: str, values: dict[str, Any], platform: str) -> Finding:
    dashed = "--" + a.flag[2:].replace("_", "-")
    return Finding("AM-E115", ERROR, "deprecation",
                   Text(f"{eng.releases.name} {release} does not read {a.flag}: its parser takes flags with dashes "
                        "only (argmatrix serve and vLLM accept underscores)",
                        f"{eng.releases.name} {release} 不认识 {a.flag}：它的解析器只接受短横线写法"
                        "（argmatrix serve 与 vLLM 才接受下划线）"),
                   Text(f"write {dashed}", f"请写作 {dashed}"),
                   field=a.field, flag=a.flag, value=values.get(a.field), source=a.source, platform=platform)
