"""model_checks.md: the finding codes of the model-, topology- and memory-aware checks (compiler/model_checks.py)."""
from __future__ import annotations

from ..compiler.model_checks import MODEL_CODES
from ..schema.meta import Text
from .common import LANGS, cell, code_cell, header, join, md_table, t

PATH = "{lang}/model_checks.md"
TITLE = Text("Model, topology and memory checks", "模型、拓扑与显存检查")
INTRO = Text(
    "When --model-path is a local folder (or check-config/plan get --model-config FILE), argmatrix reads the "
    "model's config.json, without weights, and checks the flags against it, against the node's devices and "
    "against the memory plan (see docs/plan.md). These are the codes those checks report.",
    "当 --model-path 为本地目录（或 check-config/plan 指定了 --model-config FILE）时，argmatrix 只读取模型的 "
    "config.json（不读权重），据此检查参数与模型、节点设备以及显存规划（见 docs/plan.md）是否相符。"
    "下表列出这些检查报告的代码。",
)
SEVERITY = {"error": Text("error", "错误"), "warning": Text("warning", "警告"), "note": Text("note", "提示")}
COLUMNS = (Text("Code", "代码"), Text("Severity", "级别"), Text("Meaning", "含义"))


def render(lang: str) -> str:
    rows = [[code_cell(code), SEVERITY[severity](lang), cell(text(lang))]
            for code, (severity, text) in MODEL_CODES.items()]
    lines = header(t(TITLE, lang), lang) + [t(INTRO, lang), ""]
    lines += md_table([c(lang) for c in COLUMNS], rows)
    return join(lines)


def render_all() -> dict[str, str]:
    return {PATH.format(lang=lang): render(lang) for lang in LANGS}
