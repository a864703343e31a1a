"""engine.md: which flags argmatrix's own engine acts on, accepts without effect, or does not implement."""
from __future__ import annotations

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
    "argmatrix ships a small reference engine. Every current argument is either wired (the engine acts on it), "
    "inert (accepted and checked, no effect on this engine) or unimplemented (`serve` stops when it is changed, "
    "unless --allow-unimplemented). The support matrix in [platform_matrix.md](platform_matrix.md) is about "
    "SGLang on each platform; this page is about argmatrix's own engine.",
    "argmatrix 自带一个小型参考引擎。每个现行参数要么已接入（引擎会按它行事），要么无作用（会被接受和检查，"
    "但不影响本引擎），要么未实现（修改它时 `serve` 会停止，除非指定 --allow-unimplemented）。"
    "[platform_matrix.md](platform_matrix.md) 中的支持矩阵描述的是 SGLang 在各平台上的情况，"
    "本页描述的是 argmatrix 自带引擎。",
)
W = {"reason": Text("Reason / implemented values", "原因 / 已实现的取值"),
     "values": Text("implemented values", "已实现的取值")}


def _note(spec, lang: str) -> str:
    eng = row_of(spec)["engine"]
    parts = [cell(t(eng.get("reason"), lang))] if eng.get("reason") else []
    if eng.get("options") is not None:
        parts.append(f"{W['values'](lang)}{colon(lang)}" + ", ".join(code_cell(show(v)) for v in eng["options"]))
    return semicolon(lang).join(parts)


def render(lang: str) -> str:
    specs = current_specs()
    lines = header(t(TITLE, lang), lang) + [t(INTRO, lang), ""]
    lines += [f"- {engine_text(k, lang)}{colon(lang)}{ENGINE_MEANING[k](lang)}" for k in ENGINE_ORDER] + [""]
    known = set(ENGINE_ORDER)
    extra = sorted({row_of(s)["engine"]["status"] for s in specs} - known)
    for status in (*ENGINE_ORDER, *extra):
        chosen = [s for s in specs if row_of(s)["engine"]["status"] == status]
        lines += [f"## {engine_text(status, lang)} ({len(chosen)})", ""]
        if not chosen:
            lines += [WORDS["none"](lang), ""]
            continue
        rows = [[code_cell(s.flag), cell(s.group.title(lang)), _note(s, lang)] for s in chosen]
        lines += md_table([WORDS["argument"](lang), WORDS["group"](lang), W["reason"](lang)], rows) + [""]
    return join(lines)


def render_all() -> dict[str, str]:
    return {PATH.format(lang=lang): render(lang) for lang in ("en", "zh")}
