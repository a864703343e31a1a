"""What the selected SGLang release does with each flag the user wrote and how: spellings it refuses or deprecates,
values it does not take, off switches it lacks, a value after a switch (SGLang's argparse, read through
``schema/releases.py``).  ``releases.py`` holds what every engine's release line says (vLLM's too)."""
from __future__ import annotations

from typing import Any

from ..schema import registry
from ..schema.meta import Text
from ..schema.releases import (
    CHANGES,
    KNOWN_FLAG_SETS,
    NO_SPELLING,
    OLDEST,
    argmatrix_only,
    exists_in,
    parser_type,
    spelled_in,
    state_of,
    successor_fields,
    takes_as_current,
    value_state,
    values_in,
    verdict,
    writes_for,
)
from .findings import ERROR, WARNING, Finding
from .spelling import flag_tokens  # one spelling of a value, the one launch writes


def release_finding(name: str, release: str, flag: str, where: dict[str, Any]) -> Finding | None:
    """The release's verdict on ``flag`` (``schema.releases.verdict``): None while it takes it, a warning once it
    deprecates it, an error once it refuses it or does not have it yet."""
    if takes_as_current(name, release):
        return None
    v = verdict(name, release)
    if v.state == "deprecated":
        return Finding("AM-W107", WARNING, "deprecation",
                       v.says, v.fix, **where)
    if v.state == "refused":
        return Finding("AM-E109", ERROR, "deprecation", v.says, v.fix, **where)
    if v.state == "not-yet":
        return Finding("AM-E110", ERROR, "deprecation",
                       Text(f"{flag} does not exist in SGLang {release}: it was added in {v.since}",
                            f"SGLang {release} 没有 {flag}：该参数在 {v.since} 中才加入"), v.fix, **where)
    return None


def alias_finding(name: str, release: str, flag: str, where: dict[str, Any]) -> Finding | None:
    """An alias newer than its field (``--enable-hicache``, 0.5.23): the release stops on it."""
    if spelled_in(flag, release) or not exists_in(name, release) or not flag.startswith("--"):
        return None
    if flag not in registry.SPECS[name].flags:
        return None  # an off switch (--no-X), not an alias: negation_finding says what the release lacks
    spelling = next((f for f in registry.SPECS[name].flags if f.startswith("--") and spelled_in(f, release)), None)
    if spelling is None:
        return None
    return Finding("AM-E117", ERROR, "deprecation",
                   Text(f"SGLang {release} does not read {flag}, its spelling of {spelling} in other releases; it stops "
                        "with 'unrecognized arguments'",
                        f"SGLang {release} 不认识 {flag}（其他版本中 {spelling} 的写法）；启动时报错"
                        "“unrecognized arguments”"),
                   Text(f"write {spelling}", f"请写作 {spelling}"), **where)


def successor_conflicts(name: str, release: str, flag: str, user_set: set[str], values: dict[str, Any],
                        where: dict[str, Any]) -> list[Finding]:
    """A deprecated flag given together with a successor the user also set (one finding, in place of AM-W107): the
    successor's explicit value is what counts, and ``launch``/``export`` rewrite the old flag only into the
    successors not given.  The fix is the one line that says both, as ``launch`` writes it."""
    change = CHANGES.get(name)
    if change is None or state_of(change, release) != "deprecated":
        return []
    given = [n for n in successor_fields(change) if n in user_set and exists_in(n, release)]
    if not given:
        return []
    def spelled(n: str) -> str:
        return " ".join(flag_tokens(n, values[n])[0] or [registry.SPECS[n].flag])

    told = " ".join(spelled(n) for n in given)
    merged: list[str] = []
    for spelling in writes_for(change, release):
        tokens = spelling.split()
        for i, token in enumerate(tokens):
            if not token.startswith("--"):
                continue
            value = tokens[i + 1] if i + 1 < len(tokens) and not tokens[i + 1].startswith("--") else None
            field = registry.FLAGS.get(token)
            merged.append(spelled(field) if field in given else token + (f" {value}" if value else ""))
    merged += [spelled(n) for n in given if registry.SPECS[n].flag not in " ".join(merged).split()]
    v = verdict(name, release)
    return [Finding("AM-W116", WARNING, "deprecation",
                    Text(f"{v.says.en}; its successor {told} is given too: {told} is kept as written, and argmatrix "
                         f"rewrites {flag} only into the successors you did not give",
                         f"{v.says.zh}；其后继参数 {told} 也已给出：{told} 按原样保留，argmatrix 只把 {flag} "
                         "改写为您未给出的后继参数"),
                    Text(f"drop {flag} and write {' '.join(merged)}", f"去掉 {flag}，改写为 {' '.join(merged)}"),
                    **where)]


def negation_finding(name: str, release: str, flag: str, where: dict[str, Any]) -> Finding | None:
    """argmatrix reads ``--no-X`` and ``--disable-X`` for every switch; SGLang has only some ``--no-X`` spellings.

    ``flag`` is an off switch the command-line parser derived (``Assignment.negated``), never a real spelling.
    """
    positive = registry.SPECS[name].flag
    off = "--no-" + positive[2:]
    if "--" + flag[2:].replace("_", "-") == off and name in NO_SPELLING and spelled_in(off, release):
        return None
    off_by_default = registry.SPECS[name].default is not True
    fix = (Text(f"leave {positive} out: it is off by default", f"去掉该参数即可：{positive} 默认关闭") if off_by_default
           else Text(f"set {name}: false in the --config file", f"在 --config 文件中写 {name}: false"))
    return Finding("AM-E111", ERROR, "deprecation",
                   Text(f"SGLang {release} has no {flag} (argmatrix reads it as {positive} off): it stops with "
                        "'unrecognized arguments'", f"SGLang {release} 没有 {flag}（argmatrix 会把它理解为关闭 "
                        f"{positive}）：启动时报错“unrecognized arguments”"), fix, **where)


def value_findings(name: str, value: Any, release: str, flag: str, where: dict[str, Any]) -> list[Finding]:
    """Choice values the release does not have yet, or no longer has (SGLang: 'invalid choice')."""
    if not registry.SPECS[name].choices or value is None:
        return []
    out = []
    for v in value if isinstance(value, list) else [value]:
        state = value_state(name, str(v), release)
        if state is None:
            continue
        when, since = state
        said = (Text(f"SGLang {release} does not have {flag} {v} yet (added in {since})",
                     f"SGLang {release} 还没有 {flag} {v}（该取值在 {since} 中才加入）") if when == "added" else
                Text(f"none of the SGLang releases argmatrix holds ({KNOWN_FLAG_SETS[0]} to {KNOWN_FLAG_SETS[-1]}) takes {flag} {v}",
                     f"argmatrix 持有的 SGLang 版本（{KNOWN_FLAG_SETS[0]} 至 {KNOWN_FLAG_SETS[-1]}）都不接受 {flag} {v}")
                if since == OLDEST
                else Text(f"SGLang {release} no longer has {flag} {v} (gone since {since})",
                          f"SGLang {release} 已不再支持 {flag} {v}（自 {since} 起移除）"))
        out.append(Finding("AM-E113", ERROR, "deprecation",
                           Text(f"{said.en}; it refuses the value at start-up", f"{said.zh}；启动时会拒绝该取值"),
                           _other_value(name, flag, release), **where))
    return out


def _other_value(name: str, flag: str, release: str) -> Text:
    """Pick a value ``release`` has (listed when short), or name the release you run."""
    taken = values_in(name, release) or ()
    if taken and len(taken) <= 8:
        listed = ", ".join(taken)
        return Text(f"pick a value SGLang {release} has for {flag} ({listed}), or check against the release you run "
                    "with --sglang-version", f"为 {flag} 换一个 SGLang {release} 支持的取值（{listed}），"
                    "或用 --sglang-version 指定实际运行的版本")
    return Text(f"pick another value for {flag} (argmatrix explain {flag} --sglang-version {release} lists them), or "
                "check against the release you run with --sglang-version",
                f"为 {flag} 换一个取值（argmatrix explain {flag} --sglang-version {release} 会列出），"
                "或用 --sglang-version 指定实际运行的版本")


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
    found: list[Finding | None] = [release_finding(name, release, flag, where), alias_finding(name, release, flag,
                                                                                           where)]
    found += value_findings(name, where.get("value"), release, flag, where)
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
        flag = a.flag or registry.SPECS[a.field].flag
        where = {"field": a.field, "flag": a.flag, "value": values[a.field], "source": a.source, "platform": platform}
        if a.literal is not None:
            out.append(switch_value_finding(release, flag, a.literal, where))
        if a.negated and (found := negation_finding(a.field, release, flag, where)) is not None:
            out.append(found)
        if (found := whole_number_finding(a.field, release, flag, values[a.field], where)) is not None:
            out.append(found)
    return out


def whole_number_finding(name: str, release: str, flag: str, value: Any, where: dict[str, Any]) -> Finding | None:
    """A fraction given to a flag ``release``'s parser converts with ``int`` (argparse stops on it), where
    argmatrix's field, typed for the releases that read a float, took it."""
    if parser_type(name, release) != "int" or not isinstance(value, float) or value.is_integer():
        return None
    whole = max(1, round(value))
    return Finding("AM-E119", ERROR, "deprecation",
                   Text(f"SGLang {release} reads {flag} as a whole number: {value} stops it with 'invalid int value'",
                        f"SGLang {release} 把 {flag} 读作整数：{value} 会使其报错“invalid int value”"),
                   Text(f"write a whole number, e.g. {flag} {whole}", f"请写整数，例如 {flag} {whole}"), **where)
