"""engine.md: which flags argmatrix's own engine acts on, accepts without effect, or does not implement."""
from __future__ import annotations

from ..matrix import engine
from ..matrix.engine_runs import load as load_runs
from ..schema.meta import Text
from .common import (
    ENGINE_MEANING,
    ENGINE_ORDER,
    WORDS,
    cell,
    code_cell,
    colon,
    current_specs,
    engine_text,
    header,
    join,
    md_table,
    row_of,
    semicolon,
    show,
    t,
)

PATH = "{lang}/engine.md"
TITLE = Text("What argmatrix's engine does with each flag", "argmatrix 自带引擎对各参数的处理")
INTRO = Text(
    "argmatrix ships a small reference engine. Every current argument is either wired (the engine has code that "
    "acts on it), inert (accepted and checked, no effect on this engine) or unimplemented (`serve` stops when it "
    "is changed, unless --allow-unimplemented). Wired code is not the same as code that has run: each wired "
    "argument belongs to an engine path, and the next section says, per platform family, whether that path has "
    "passed a recorded run there. The support matrix in [platform_matrix.md](platform_matrix.md) is about "
    "SGLang on each platform; this page is about argmatrix's own engine.",
    "argmatrix 自带一个小型参考引擎。每个现行参数要么已接入（引擎有按它行事的代码），要么无作用（会被接受和检查，"
    "但不影响本引擎），要么未实现（修改它时 `serve` 会停止，除非指定 --allow-unimplemented）。"
    "已接入不等于运行过：每个已接入的参数属于引擎的一条路径，下一节按平台类别列出该路径是否有通过的运行记录。"
    "[platform_matrix.md](platform_matrix.md) 中的支持矩阵描述的是 SGLang 在各平台上的情况，"
    "本页描述的是 argmatrix 自带引擎。",
)
RUNS_TITLE = Text("Where each engine path has run", "各引擎路径的运行情况")
RUNS_INTRO = Text(
    "From the record of runs, `argmatrix/matrix/engine_runs.json`, which `bench/engine_tests.py` (the tests "
    "of each path, on CPU) and `bench/engine.py --device` append to. A path with no recorded run on a family "
    "is implemented there but has never run: `check-config --engine` says so (AM-N505) for the paths a launch "
    "uses.",
    "数据来自运行记录 `argmatrix/matrix/engine_runs.json`，由 `bench/engine_tests.py`（在 CPU 上运行各路径的测试）"
    "与 `bench/engine.py --device` 追加。某平台类别上没有运行记录的路径已经实现，但从未在该类别上运行；"
    "`check-config --engine` 会对启动参数用到的此类路径给出提示（AM-N505）。",
)
RECORDED = Text("Recorded runs", "运行记录")
NO_RUNS = Text("No run has been recorded.", "尚无运行记录。")
W = {"reason": Text("Reason / implemented values", "原因 / 已实现的取值"),
     "values": Text("implemented values", "已实现的取值"),
     "path": Text("Engine path", "引擎路径"),
     "key": Text("Key", "键"),
     "inert_when": Text("no effect when", "不起作用的条件"),
     "date": Text("Date", "日期"), "family": Text("Family", "平台类别"), "device": Text("Device", "设备"),
     "result": Text("What ran, and how it ended", "运行内容与结果")}
STATE_WORDS = {
    engine.PASSED: Text("tested {date}", "{date} 已测试"),
    engine.FAILED: Text("failed {date}", "{date} 运行失败"),
    engine.NEVER_RUN: Text("implemented, never run", "已实现，从未运行"),
    engine.NO_EFFECT: Text("no effect: {reason}", "不起作用：{reason}"),
}


def _note(spec, lang: str) -> str:
    eng = row_of(spec)["engine"]
    parts = [cell(t(eng.get("reason"), lang))] if eng.get("reason") else []
    if eng.get("options") is not None:
        parts.append(f"{W['values'](lang)}{colon(lang)}" + ", ".join(code_cell(show(v)) for v in eng["options"]))
    for cond in eng.get("inert_when") or ():
        parts.append(f"{W['inert_when'](lang)} {code_cell('--' + cond['field'].replace('_', '-'))} &gt; "
                     f"{cond['above']}{colon(lang)}{cell(t(cond['reason'], lang))}")
    return semicolon(lang).join(parts)


def _state(path: str, family: str, lang: str) -> str:
    v = engine.family_verdict(path, family)
    return cell(STATE_WORDS[v.state](lang).format(date=v.run.date if v.run else "",
                                                  reason=t(v.reason, lang) if v.reason else ""))


def _runs_section(lang: str) -> list[str]:
    lines = [f"## {t(RUNS_TITLE, lang)}", "", t(RUNS_INTRO, lang), ""]
    head = [W["path"](lang), W["key"](lang)] + [engine.FAMILY_NAMES[f](lang) for f in engine.ENGINE_FAMILIES]
    rows = [[cell(p.title(lang)), code_cell(key)] + [_state(key, f, lang) for f in engine.ENGINE_FAMILIES]
            for key, p in engine.PATHS.items()]
    lines += md_table(head, rows) + ["", f"### {t(RECORDED, lang)}", ""]
    runs = load_runs()
    if not runs:
        return lines + [t(NO_RUNS, lang), ""]
    rows = [[r.date, engine.FAMILY_NAMES[r.family](lang), cell(r.machine(lang)),
             ", ".join(code_cell(p) for p in r.paths), cell(r.summary(lang))] for r in runs]
    head = [W[k](lang) for k in ("date", "family", "device")] + [W["path"](lang), W["result"](lang)]
    return lines + md_table(head, rows) + [""]


def render(lang: str) -> str:
    specs = current_specs()
    lines = header(t(TITLE, lang), lang) + [t(INTRO, lang), ""]
    lines += [f"- {engine_text(k, lang)}{colon(lang)}{ENGINE_MEANING[k](lang)}" for k in ENGINE_ORDER] + [""]
    lines += _runs_section(lang)
    known = set(ENGINE_ORDER)
    extra = sorted({row_of(s)["engine"]["status"] for s in specs} - known)
    for status in (*ENGINE_ORDER, *extra):
        chosen = [s for s in specs if row_of(s)["engine"]["status"] == status]
        lines += [f"## {engine_text(status, lang)} ({len(chosen)})", ""]
        if not chosen:
            lines += [WORDS["none"](lang), ""]
            continue
        if status == engine.WIRED:
            rows = [[code_cell(s.flag), cell(s.group.title(lang)), code_cell(engine.capability(s.name).path),
                     _note(s, lang)] for s in chosen]
            head = [WORDS["argument"](lang), WORDS["group"](lang), W["path"](lang), W["reason"](lang)]
        else:
            rows = [[code_cell(s.flag), cell(s.group.title(lang)), _note(s, lang)] for s in chosen]
            head = [WORDS["argument"](lang), WORDS["group"](lang), W["reason"](lang)]
        lines += md_table(head, rows) + [""]
    return join(lines)


def render_all() -> dict[str, str]:
    return {PATH.format(lang=lang): render(lang) for lang in ("en", "zh")}
