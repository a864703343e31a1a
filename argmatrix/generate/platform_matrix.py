"""platform_matrix.md: arguments x platforms in one compact table, with a legend and counts per platform."""
from __future__ import annotations

from ..schema.meta import Text
from .common import (
    ENGINE_MEANING,
    ENGINE_ORDER,
    STATUS_MEANING,
    STATUS_ORDER,
    WORDS,
    cell,
    code_cell,
    colon,
    current_specs,
    engine_text,
    header,
    join,
    md_table,
    platform_name,
    platforms,
    row_of,
    status_text,
    t,
)

PATH = "{lang}/platform_matrix.md"
TITLE = Text("Platform matrix", "平台支持矩阵")
INTRO = Text(
    "The status of every current argument on each platform argmatrix checks. Renamed and removed flags are not "
    "counted here; see [deprecations.md](deprecations.md). Details per argument: "
    "[server_arguments.md](server_arguments.md).",
    "每个现行参数在 argmatrix 所检查的各平台上的状态。已更名与已移除的参数不计入本表，见 "
    "[deprecations.md](deprecations.md)；各参数的详细说明见 [server_arguments.md](server_arguments.md)。",
)
W = {
    "legend": Text("Legend", "图例"),
    "counts": Text("Counts per platform", "各平台计数"),
    "platforms": Text("Platforms", "平台"),
    "engine_counts": Text("argmatrix engine", "argmatrix 自带引擎"),
    "matrix": Text("Matrix", "矩阵"),
    "args": Text("arguments", "个参数"),
}


def render(lang: str) -> str:
    specs = current_specs()
    rows = [row_of(s) for s in specs]
    keys = platforms()
    lines = header(t(TITLE, lang), lang) + [t(INTRO, lang), ""]
    names = "; ".join(f"{platform_name(p)} = {t(_title(p), lang)}" for p in keys)
    lines += [f"{W['platforms'](lang)}{colon(lang)}{names}", ""]
    lines += [f"## {W['legend'](lang)}", ""]
    lines += [f"- {status_text(s, lang)}{colon(lang)}{STATUS_MEANING[s](lang)}" for s in STATUS_ORDER]
    lines += [f"- {WORDS['engine'](lang)} — {engine_text(k, lang)}{colon(lang)}{ENGINE_MEANING[k](lang)}"
              for k in ENGINE_ORDER]
    lines.append("")
    lines += [f"## {W['counts'](lang)}", ""]
    counts = [[status_text(s, lang), *(str(sum(r["platforms"][p]["status"] == s for r in rows)) for p in keys)]
              for s in STATUS_ORDER]
    counts.append([f"**{WORDS['total'](lang)}**", *(str(len(rows)) for _ in keys)])
    lines += md_table([WORDS["status"](lang), *map(platform_name, keys)], counts, [":---", *("---:" for _ in keys)])
    lines.append("")
    eng_rows = [[engine_text(k, lang), str(sum(r["engine"]["status"] == k for r in rows))] for k in ENGINE_ORDER]
    lines += [f"{W['engine_counts'](lang)}{colon(lang).rstrip()}", ""]
    lines += md_table([WORDS["engine"](lang), "#"], eng_rows, [":---", "---:"]) + [""]
    lines += [f"## {W['matrix'](lang)}", ""]
    head = [WORDS["argument"](lang), WORDS["group"](lang), *map(platform_name, keys), WORDS["engine"](lang)]
    body = []
    for spec, row in zip(specs, rows):
        cells = [code_cell(spec.flag), cell(spec.group.title(lang)),
                 *(status_text(row["platforms"][p]["status"], lang) for p in keys),
                 engine_text(row["engine"]["status"], lang)]
        body.append(cells)
    lines += md_table(head, body)
    lines += ["", f"{len(rows)} {W['args'](lang)}"]
    return join(lines)


def _title(p: str):
    from ..matrix.platforms import PLATFORMS

    return PLATFORMS[p].title


def render_all() -> dict[str, str]:
    return {PATH.format(lang=lang): render(lang) for lang in ("en", "zh")}
