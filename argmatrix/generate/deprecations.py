"""deprecations.md: renamed and removed flags, with what to write instead."""
from __future__ import annotations

from ..schema.meta import Removed, Renamed, Text
from ..schema.registry import SPECS
from ..schema.snapshots import since_text
from .common import cell, code_cell, flags_cell, groups, header, join, md_table, t

PATH = "{lang}/deprecations.md"
TITLE = Text("Deprecated and removed flags", "已弃用与已移除的参数")
INTRO = Text(
    "A renamed flag still works: argmatrix warns (AM-W107) and passes its value to the successor. A removed flag is "
    "an error (AM-E106) on every platform; the last column says what to do instead.",
    "已更名的参数仍可使用：argmatrix 会给出警告（AM-W107），并把取值转给新参数。已移除的参数在任何平台上都会报错"
    "（AM-E106）；最后一列说明应如何替代。",
)
W = {
    "renamed": Text("Renamed", "已更名"),
    "removed": Text("Removed", "已移除"),
    "flag": Text("Flag", "参数"),
    "group": Text("Group", "分组"),
    "since": Text("Since", "起始版本"),
    "instead": Text("Use instead", "替代方式"),
    "successor": Text("Successor", "新参数"),
    "delete": Text("delete it", "直接删除"),
    "none": Text("There are no deprecated flags.", "目前没有已弃用的参数。"),
}


def render(lang: str) -> str:
    renamed, removed = [], []
    for group, specs in groups():
        for spec in specs:
            dep = spec.deprecated
            if isinstance(dep, Renamed):
                renamed.append([flags_cell(spec.flags), cell(group.title(lang)), cell(since_text(dep.since)(lang)),
                                code_cell(SPECS[dep.successor].flag)])
            elif isinstance(dep, Removed):
                removed.append([flags_cell(spec.flags), cell(group.title(lang)), cell(since_text(dep.since)(lang)),
                                cell(t(dep.instead, lang) if dep.instead else W["delete"](lang))])
    lines = header(t(TITLE, lang), lang) + [t(INTRO, lang), ""]
    if not renamed and not removed:
        return join(lines + [W["none"](lang)])
    if renamed:
        lines += [f"## {W['renamed'](lang)} ({len(renamed)})", ""]
        lines += md_table([W[k](lang) for k in ("flag", "group", "since", "successor")], renamed) + [""]
    if removed:
        lines += [f"## {W['removed'](lang)} ({len(removed)})", ""]
        lines += md_table([W[k](lang) for k in ("flag", "group", "since", "instead")], removed) + [""]
    return join(lines)


def render_all() -> dict[str, str]:
    return {PATH.format(lang=lang): render(lang) for lang in ("en", "zh")}
