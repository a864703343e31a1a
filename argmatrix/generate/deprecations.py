"""deprecations.md: what the newest SGLang release does with every flag SGLang renamed, split or removed, with
what to write instead (``schema.releases.verdict``: the same words check-config prints)."""
from __future__ import annotations

from ..schema.meta import Text
from ..schema.registry import SPECS
from ..schema.releases import CHANGES, FORMER_FLAGS, NEWEST, OLDEST, SEED_RELEASE, former_flag, verdict
from .common import cell, code_cell, flags_cell, header, join, md_table, t

PATH = "{lang}/deprecations.md"
TITLE = Text("Deprecated and removed flags", "已弃用与已移除的参数")
INTRO = Text(
    f"What SGLang {NEWEST}, the release `check-config` checks by default, does with every flag SGLang renamed, split "
    f"or removed: a deprecated flag still starts, with a warning (AM-W107); a refused one stops SGLang at start-up "
    f"(AM-E109). The last column names only spellings {NEWEST} accepts. The column for {SEED_RELEASE} (the "
    "release the Ascend seed tables describe) says what that release does; for any other release run "
    "`argmatrix explain FLAG --sglang-version RELEASE`.",
    f"下表说明 SGLang {NEWEST}（`check-config` 默认检查的版本）如何对待 SGLang 更名、拆分或移除过的每个参数："
    f"已弃用的参数仍可启动但会告警（AM-W107）；不再接受的参数会让 SGLang 启动失败（AM-E109）。最后一列只给出 "
    f"{NEWEST} 接受的写法。{SEED_RELEASE} 一列（昇腾种子表所描述的版本）说明该版本的处理方式；其他版本请运行 "
    "`argmatrix explain 参数 --sglang-version 版本`。",
)
W = {
    "deprecated": Text(f"Deprecated in SGLang {NEWEST}", f"SGLang {NEWEST} 中已弃用"),
    "refused": Text(f"Refused by SGLang {NEWEST}", f"SGLang {NEWEST} 不再接受"),
    "former": Text("Older spellings no field holds", "没有对应字段的旧写法"),
    "flag": Text("Flag", "参数"),
    "group": Text("Group", "分组"),
    "since": Text("Since", "起始版本"),
    "gone": Text("Refused since", "不再接受的起始版本"),
    "seed": Text(f"In {SEED_RELEASE}", f"在 {SEED_RELEASE} 中"),
    "instead": Text(f"Write instead (SGLang {NEWEST})", f"替代写法（SGLang {NEWEST}）"),
    "never": Text("no release we read", "所读版本均不接受"),
    "none": Text("There are no deprecated flags.", "目前没有已弃用的参数。"),
}
SEED_STATES = {"current": Text("takes it", "接受"), "deprecated": Text("deprecated", "已弃用"),
               "refused": Text("refuses it", "不接受"), "not-yet": Text("not yet", "尚未加入")}


def _since(release: str | None, lang: str) -> str:
    return W["never"](lang) if release == OLDEST else cell(release or "")


def render(lang: str) -> str:
    deprecated: list[list[str]] = []
    refused: list[list[str]] = []
    for name in CHANGES:
        spec = SPECS[name]
        v = verdict(name, NEWEST)
        if v.state == "current":
            continue
        seed = SEED_STATES[verdict(name, SEED_RELEASE).state](lang)
        fix = cell(t(v.fix, lang)) if v.fix else ""
        row = [flags_cell(spec.flags), cell(spec.group.title(lang)), _since(v.since, lang), cell(seed), fix]
        (deprecated if v.state == "deprecated" else refused).append(row)
    former = []
    for flag, change in FORMER_FLAGS.items():
        said = former_flag(flag, NEWEST)
        assert said is not None
        former.append([code_cell(flag), _since(change.gone_in, lang), cell(t(said[1], lang))])
    lines = header(t(TITLE, lang), lang) + [t(INTRO, lang), ""]
    if not deprecated and not refused:
        return join(lines + [W["none"](lang)])
    for key, rows, since in (("deprecated", deprecated, "since"), ("refused", refused, "gone")):
        if rows:
            lines += [f"## {W[key](lang)} ({len(rows)})", ""]
            lines += md_table([W[k](lang) for k in ("flag", "group", since, "seed", "instead")], rows) + [""]
    lines += [f"## {W['former'](lang)} ({len(former)})", ""]
    lines += md_table([W[k](lang) for k in ("flag", "gone", "instead")], former) + [""]
    return join(lines)


def render_all() -> dict[str, str]:
    return {PATH.format(lang=lang): render(lang) for lang in ("en", "zh")}
