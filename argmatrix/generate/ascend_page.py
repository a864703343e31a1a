"""The Ascend feature page: English in the layout of seed 001, Chinese in the layout of seed 000.

One row per current argument (renamed and removed flags live in
deprecations.md), sections in the seeds' order, the two closing lists of
seed 001 (third-party components, functional deficiencies) at the end.
Defaults are what an A2/A3 user gets; Options are the values allowed on NPU.
"""
from __future__ import annotations

from ..matrix.platforms.ascend_labels import Label
from ..matrix.status import STATUS_MEANING, Status
from ..schema.meta import Text
from ..schema.registry import ArgSpec
from .common import (
    STATUS_ORDER,
    cell,
    code_cell,
    current_specs,
    default_md,
    flags_cell,
    groups,
    header,
    join,
    md_table,
    options_md,
    show,
    status_text,
    t,
    table_row_of,
)

PATH = "{lang}/ascend_npu_support_features.md"

# groups that seed 001 prints as closing lists without a "Server supported" column
CLOSING = {
    "third_party": Text(
        "These arguments are not supported on Ascend NPUs because the third-party components they drive "
        "(KTransformers, checkpoint-engine and similar) do not run on NPU:",
        "以下参数在昇腾 NPU 上不支持：它们依赖的第三方组件（KTransformers、checkpoint-engine 等）无法在 NPU 上运行。"),
    "deficient": Text(
        "These arguments run on Ascend NPUs but have known functional deficiencies in the community edition:",
        "以下参数可以在昇腾 NPU 上运行，但社区版存在已知的功能缺陷。"),
}
OTHER_TITLE = Text("Other Params", "其他参数")

TITLE = Text("Support Features on Ascend NPU", "昇腾 NPU 支持的特性")
INTRO = Text(
    "Every server argument with the default an Atlas A2 or A3 user actually gets, the values accepted on Ascend "
    "NPUs, and whether the server supports it there. For the meaning of each argument see "
    "[server_arguments.md](server_arguments.md); renamed and removed flags are listed in "
    "[deprecations.md](deprecations.md).",
    "下表列出每个服务参数在 Atlas A2 / A3 上不设置时实际生效的默认值、昇腾 NPU 上允许的取值，以及服务是否支持。"
    "各参数的含义见 [server_arguments.md](server_arguments.md)；已更名或已移除的参数见 "
    "[deprecations.md](deprecations.md)。",
)
EN_LEGEND = [
    ("Server supported: `A2, A3` works on both chips; `Special for GPU` is a GPU-only feature; `Planned` is not "
     "implemented on NPU yet; `Experimental` works but may change; `Not supported` is unavailable on NPU; "
     "`Not covered (unverified)` means the Ascend table has no row for it: it may work, nobody has verified it."),
]
# the Chinese cells and legend use the one vocabulary of matrix/status.py (the marks and words of every other page);
# the two kinds of "unsupported" the table distinguishes add their reason in parentheses
UNSUPPORTED_KINDS = {Label.GPU_ONLY.value: Text("GPU only", "仅 GPU"), Label.THIRD_PARTY.value: Text("third-party", "第三方组件")}
ZH_LEGEND = [
    "支持情况图例：",
    "",
    *(f"- {status_text(s, 'zh')}：{STATUS_MEANING[Status(s)].zh}" for s in STATUS_ORDER),
    f"- {status_text('unsupported', 'zh')}（仅 GPU）：GPU 专属特性（英文页标注为 Special for GPU）",
    f"- {status_text('unsupported', 'zh')}（第三方组件）：依赖的第三方组件不兼容 NPU",
]
EN_HEAD = ["Argument", "Defaults", "Options", "Server supported"]
ZH_HEAD = ["参数", "描述", "默认值", "选项", "A2 支持情况", "A3 支持情况"]

_EN_WORDS = {"experimental": "Experimental", "planned": "Planned", "deficient": "Deficient",
             "unverified": "Not covered (unverified)"}
_UNSUPPORTED_EN = {Label.GPU_ONLY.value: "Special for GPU", Label.THIRD_PARTY.value: "Third-party"}


def _en_word(status: str, label: str) -> str:
    if status == "unsupported":
        return _UNSUPPORTED_EN.get(label, "Not supported")
    return _EN_WORDS[status]


def server_supported(spec: ArgSpec) -> str:
    """The English "Server supported" cell, from the a2 and a3 statuses."""
    row = table_row_of(spec)
    a2, a3 = row["platforms"]["a2"]["status"], row["platforms"]["a3"]["status"]
    label = row["npu_label"]
    on = [chip for chip, st in (("A2", a2), ("A3", a3)) if st == "supported"]
    if len(on) == 2:
        return "A2, A3"
    if a2 == a3:
        return _en_word(a2, label)
    if on:  # supported on one chip only
        other, st = ("A3", a3) if on == ["A2"] else ("A2", a2)
        return f"{on[0]} ({other}: {_en_word(st, label)})"
    return f"A2: {_en_word(a2, label)}; A3: {_en_word(a3, label)}"


def zh_mark(status: str, label: str) -> str:
    """The Chinese per-chip cell: the status's mark and word (matrix/status.py), with the kind of "unsupported"."""
    kind = UNSUPPORTED_KINDS.get(label) if status == "unsupported" else None
    return status_text(status, "zh") + (f"（{kind.zh}）" if kind else "")


def _zh_default(spec: ArgSpec) -> str:
    text = default_md(spec)
    return "无" if text == code_cell(show(None)) else text


def _sections():
    """(group, current specs) in the seeds' order, closing groups last in seed order."""
    out = []
    current = {s.name for s in current_specs()}
    for group, specs in groups():
        live = [s for s in specs if s.name in current]
        if live:
            out.append((group, live))
    return out


def render(lang: str) -> str:
    lines = header(t(TITLE, lang), lang)
    lines += [t(INTRO, lang), ""]
    lines += (EN_LEGEND if lang == "en" else ZH_LEGEND) + [""]
    sections = _sections()
    closing = [(g, s) for g, s in sections if g.key in CLOSING]
    for group, specs in (x for x in sections if x[0].key not in CLOSING):
        lines += [f"## {group.title(lang)}", ""]
        if group.note:
            lines += [group.note(lang), ""]
        lines += _table(specs, lang, closing=False) + [""]
    if closing:
        lines += [f"## {OTHER_TITLE(lang)}", ""]
        for group, specs in closing:
            lines += [f"### {group.title(lang)}", "", CLOSING[group.key](lang), ""]
            lines += _table(specs, lang, closing=True) + [""]
    return join(lines)


def _table(specs: list[ArgSpec], lang: str, closing: bool) -> list[str]:
    rows = []
    for spec in specs:
        row = table_row_of(spec)
        if lang == "en":
            cells = [flags_cell(spec.flags), default_md(spec), options_md(spec, "en")]
            if not closing:
                cells.append(cell(server_supported(spec)))
        else:
            label = row["npu_label"]
            cells = [flags_cell(spec.flags), cell(row["help"]["zh"]), _zh_default(spec), options_md(spec, "zh"),
                     zh_mark(row["platforms"]["a2"]["status"], label), zh_mark(row["platforms"]["a3"]["status"], label)]
        rows.append(cells)
    head = (EN_HEAD[:3] if closing else EN_HEAD) if lang == "en" else ZH_HEAD
    return md_table(head, rows)


def render_all() -> dict[str, str]:
    return {PATH.format(lang=lang): render(lang) for lang in ("en", "zh")}
