"""Findings about spelling: what the selected SGLang release does with each flag the user wrote."""
from __future__ import annotations

import re
from typing import Any

from ..schema.meta import Removed, Text
from ..schema.registry import FLAGS, SPECS
from ..schema.releases import (
    CHANGES,
    INTRODUCED,
    NO_SPELLING,
    Change,
    argmatrix_only,
    parse_release,
    predecessors,
    value_state,
)
from .findings import ERROR, WARNING, Finding


def _first_sentence(text: str) -> str:
    """The first sentence of an English help text, to say briefly what a successor means ("e.g." ends none)."""
    m = re.match(r"(.+?(?<!e\.g)(?<!i\.e)\.)(\s|$)", text.strip())
    sentence = (m.group(1) if m else text.strip()).rstrip(".")
    return sentence[:1].lower() + sentence[1:] if sentence[:2] != sentence[:2].upper() else sentence


def _first_sentence_zh(text: str) -> str:
    return text.strip().split("。", 1)[0]


def _meanings(change: Change) -> tuple[list[str], list[str]]:
    """``--flag (what it means)`` for each successor, in both languages."""
    en, zh = [], []
    for flag in change.successors:
        spec = SPECS.get(FLAGS.get(flag, ""))
        en.append(f"{flag} ({_first_sentence(spec.arg.help.en)})" if spec else flag)
        zh.append(f"{flag}（{_first_sentence_zh(spec.arg.help.zh)}）" if spec else flag)
    return en, zh


def _successors(change: Change) -> Text:
    """``--a (what it means) and/or --b (what it means)``, in both languages."""
    en, zh = _meanings(change)
    joiner = (" and/or ", " 和/或 ") if change.kind == "split" else (" or ", " 或 ")
    return Text(joiner[0].join(en), joiner[1].join(zh))


def _write(change: Change) -> Text:
    """The fix: SGLang's own pointer when it carries a value, else the successors, each with its meaning."""
    if not change.pointer:
        instead = _successors(change)
        return Text(f"write {instead.en}", f"改用 {instead.zh}")
    en, zh = _meanings(change)
    return Text(f"write {change.pointer}; " + "; ".join(en), f"改写为 {change.pointer}；" + "；".join(zh))


def release_finding(name: str, change: Change, release: str, flag: str, where: dict[str, Any]) -> Finding | None:
    """The release's verdict on ``flag``: None while it is current, a warning once deprecated, an error once refused."""
    state = change.state(release)
    if state == "current":
        return None
    if state == "deprecated":
        fix = (_write(change) if change.successors
               else Text(f"remove {flag}: it no longer does anything", f"去掉 {flag}：它已不再起作用"))
        return Finding("AM-W107", WARNING, "deprecation",
                       Text(f"{flag} is deprecated in SGLang {release} (since {change.deprecated_in}); "
                            "it still starts, with a warning",
                            f"{flag} 在 SGLang {release} 中已弃用（自 {change.deprecated_in} 起），仍可启动但会告警"),
                       fix, **where)
    how = {"ambiguous": Text(f"it stops with 'ambiguous option: {flag} could match "
                             f"{', '.join(change.successors)}'",
                             f"启动时报错“ambiguous option”：{flag} 可同时匹配 {'、'.join(change.successors)}"),
           "unrecognized": Text("it stops with 'unrecognized arguments'", "启动时报错“unrecognized arguments”")}
    said = how[change.refusal or "unrecognized"]
    gone = (Text(f"no SGLang release accepts {flag}", f"没有任何 SGLang 版本接受 {flag}")
            if change.gone_in == "0.5.8" else
            Text(f"SGLang {release} refuses {flag} (gone since {change.gone_in})",
                 f"SGLang {release} 不再接受 {flag}（自 {change.gone_in} 起移除）"))
    if change.successors:
        fix = _write(change)
    elif isinstance(dep := SPECS[name].deprecated, Removed) and dep.instead is not None:
        fix = dep.instead
    else:
        fix = Text(f"remove {flag}: SGLang {release} has no replacement for it",
                   f"去掉 {flag}：SGLang {release} 中没有替代参数")
    return Finding("AM-E109", ERROR, "deprecation", Text(f"{gone.en}: {said.en}", f"{gone.zh}：{said.zh}"), fix,
                   **where)


def introduced_finding(name: str, release: str, flag: str, where: dict[str, Any]) -> Finding | None:
    """An error when ``flag`` is newer than the selected release."""
    first = INTRODUCED.get(name)
    if first is None or parse_release(release) >= parse_release(first):
        return None
    old = next(iter(predecessors().get(name, ())), None)  # the spelling the release does have
    if old is not None:
        fix = Text(f"write {SPECS[old].flag}, its spelling in SGLang {release}, or check against SGLang {first} or "
                   f"newer with --sglang-version", f"改用它在 SGLang {release} 中的写法 {SPECS[old].flag}，"
                   f"或用 --sglang-version 指定 {first} 及以上版本")
    else:
        fix = Text(f"remove {flag}, or check against SGLang {first} or newer with --sglang-version {first}",
                   f"去掉 {flag}，或用 --sglang-version {first} 按 {first} 及以上版本检查")
    return Finding("AM-E110", ERROR, "deprecation",
                   Text(f"{flag} does not exist in SGLang {release}: it was added in {first}",
                        f"SGLang {release} 没有 {flag}：该参数在 {first} 中才加入"), fix, **where)


def negation_finding(name: str, release: str, flag: str, where: dict[str, Any]) -> Finding | None:
    """argmatrix reads ``--no-X`` and ``--disable-X`` for every switch; SGLang has only some ``--no-X`` spellings.

    ``flag`` is an off switch the command-line parser derived (``Assignment.negated``), never a real spelling.
    """
    positive = SPECS[name].flag
    if "--" + flag[2:].replace("_", "-") == "--no-" + positive[2:] and name in NO_SPELLING:
        return None
    off_by_default = SPECS[name].default is not True
    fix = (Text(f"leave {positive} out: it is off by default", f"去掉该参数即可：{positive} 默认关闭") if off_by_default
           else Text(f"set {name}: false in the --config file", f"在 --config 文件中写 {name}: false"))
    return Finding("AM-E111", ERROR, "deprecation",
                   Text(f"SGLang {release} has no {flag} (argmatrix reads it as {positive} off): it stops with "
                        "'unrecognized arguments'", f"SGLang {release} 没有 {flag}（argmatrix 会把它理解为关闭 "
                        f"{positive}）：启动时报错“unrecognized arguments”"), fix, **where)


def value_findings(name: str, value: Any, release: str, flag: str, where: dict[str, Any]) -> list[Finding]:
    """Choice values the release does not have yet, or no longer has (SGLang: 'invalid choice')."""
    if not SPECS[name].choices or value is None:
        return []
    out = []
    for v in value if isinstance(value, list) else [value]:
        state = value_state(name, str(v), release)
        if state is None:
            continue
        when, since = state
        said = (Text(f"SGLang {release} does not have {flag} {v} yet (added in {since})",
                     f"SGLang {release} 还没有 {flag} {v}（该取值在 {since} 中才加入）") if when == "added" else
                Text(f"SGLang {release} no longer has {flag} {v} (gone since {since})",
                     f"SGLang {release} 已不再支持 {flag} {v}（自 {since} 起移除）"))
        out.append(Finding("AM-E113", ERROR, "deprecation",
                           Text(f"{said.en}; it stops with 'invalid choice'", f"{said.zh}；启动时报错“invalid choice”"),
                           Text(f"pick another value for {flag}, or check against the release you run with "
                                "--sglang-version", f"为 {flag} 换一个取值，或用 --sglang-version 指定实际运行的版本"),
                           **where))
    return out


def check_release(name: str, release: str | None, flag: str, where: dict[str, Any]) -> list[Finding]:
    """Every spelling finding for one user-set field under ``release`` (None: no SGLang release applies)."""
    if release is None:
        return []
    if argmatrix_only(name):
        return [Finding("AM-W114", WARNING, "deprecation",
                        Text(f"{flag} is argmatrix's own server limit: SGLang {release} has no such flag",
                             f"{flag} 是 argmatrix 自己的服务端限制：SGLang {release} 没有这个参数"),
                        Text("it applies to argmatrix serve; drop it from a launch of SGLang itself",
                             "它只对 argmatrix serve 生效；启动 SGLang 本身时请去掉"), **where)]
    found: list[Finding | None] = [introduced_finding(name, release, flag, where)]
    found += value_findings(name, where.get("value"), release, flag, where)
    change = CHANGES.get(name)
    if change is not None:
        found.append(release_finding(name, change, release, flag, where))
    return [f for f in found if f is not None]


def switch_value_finding(release: str, flag: str, literal: str, where: dict[str, Any]) -> Finding:
    """SGLang's switches take no value: ``--disable-radix-cache false`` stops it with 'unrecognized arguments'."""
    return Finding("AM-E112", ERROR, "deprecation",
                   Text(f"SGLang {release}'s {flag} is a switch and takes no value: '{flag} {literal}' stops it with "
                        f"'unrecognized arguments: {literal}'",
                        f"SGLang {release} 的 {flag} 是开关，不接受取值：“{flag} {literal}”会在启动时报错"
                        f"“unrecognized arguments: {literal}”"),
                   Text(f"write {flag} alone to turn it on, or leave it out to keep the default",
                        f"单独写 {flag} 表示开启，不写则保持默认"), **where)


def argv_findings(assignments: list[Any], release: str, values: dict[str, Any], platform: str) -> list[Finding]:
    """Switch spellings argmatrix's command line reads and SGLang's argparse refuses: a value after a switch,
    and an off switch SGLang does not have.  The parser records both on each ``Assignment``."""
    out: list[Finding] = []
    for a in assignments:
        flag = a.flag or SPECS[a.field].flag
        where = {"field": a.field, "flag": a.flag, "value": values[a.field], "source": a.source, "platform": platform}
        if a.literal is not None:
            out.append(switch_value_finding(release, flag, a.literal, where))
        if a.negated and (found := negation_finding(a.field, release, flag, where)) is not None:
            out.append(found)
    return out


def release_findings(eng: Any, assignments: list[Any], release: str, values: dict[str, Any],
                     platform: str) -> list[Finding]:
    """What the engine's ``release`` refuses in how the command line was written.

    SGLang (argparse): a value after a switch, an off switch the release lacks (``argv_findings``), and a flag
    written with underscores, which SGLang's parser does not turn into dashes.  An engine whose release line
    dates its flags (vLLM): a flag the release does not have yet, or any more.
    """
    from ..matrix.engines.base import NEGATE_RELEASE

    if eng.spelling.negation == NEGATE_RELEASE:
        out = argv_findings(assignments, release, values, platform)
        if not eng.spelling.underscores:
            out += [_underscore_finding(eng, a, release, values, platform) for a in assignments
                    if a.source.startswith("argv") and a.flag and "_" in a.flag]
        return out
    out = []
    specs = eng.surface.specs
    line = eng.releases
    for a in assignments:
        if line.exists_in(a.field, release):
            continue
        flag = a.flag or specs[a.field].flag
        first = line.introduced.get(a.field)
        why = (Text(f"it arrived in {line.name} {first}", f"它在 {line.name} {first} 中才加入") if first
               else Text(f"{line.name} {line.removed.get(a.field)} removed it",
                         f"{line.name} {line.removed.get(a.field)} 已移除它"))
        out.append(Finding("AM-E110", ERROR, "deprecation",
                           Text(f"{line.name} {release} has no {flag}: {why.en}",
                                f"{line.name} {release} 没有 {flag}：{why.zh}"),
                           Text(f"remove {flag}, or check against another release with {line.option}",
                                f"去掉 {flag}，或用 {line.option} 按其他版本检查"),
                           field=a.field, flag=flag, value=values.get(a.field), source=a.source, platform=platform))
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
