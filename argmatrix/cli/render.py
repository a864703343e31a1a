"""Turn compiler results and matrix rows into terminal text (rich) or JSON."""
from __future__ import annotations

import json
import os
import sys
from typing import Any

from ..compiler.findings import ERROR, NOTE, WARNING, source_label
from ..markdown import md_table
from ..matrix.platforms import PLATFORMS
from ..schema.meta import Text

MARKS = {ERROR: ("✗", "bold red"), WARNING: ("!", "yellow"), NOTE: ("·", "cyan")}
WORDS = {
    "en": {ERROR: "error", WARNING: "warning", NOTE: "note", "fix": "fix", "clean": "no problems found",
           "from": "from", "target": "target", "detected": "detected"},
    "zh": {ERROR: "错误", WARNING: "警告", NOTE: "提示", "fix": "修复", "clean": "未发现问题",
           "from": "来源", "target": "目标平台", "detected": "检测结果"},
}
# a count in each language: "4 errors, 1 warning", "4 个错误，1 个警告"
COUNTED = {ERROR: Text("{n} error{s}", "{n} 个错误"), WARNING: Text("{n} warning{s}", "{n} 个警告"),
           NOTE: Text("{n} note{s}", "{n} 条提示")}
LIST_SEP = {"en": ", ", "zh": "，"}


def colon(lang: str) -> str:
    return "：" if lang == "zh" else ": "


def paren(text: str, lang: str) -> str:
    return f"（{text}）" if lang == "zh" else f" ({text})"


def count_summary(counts: dict[str, int], lang: str) -> str:
    return LIST_SEP[lang].join(COUNTED[s](lang).format(n=n, s="s" if n != 1 else "") for s, n in counts.items() if n)


def status_word(status: str, lang: str) -> str:
    """A platform status as every renderer prints it: its mark and its word in ``lang``."""
    from ..matrix.status import STATUS_MARKS, STATUS_TITLES, Status

    return f"{STATUS_MARKS[Status(status)]} {STATUS_TITLES[Status(status)](lang)}"


def engine_word(status: str, lang: str) -> str:
    from ..matrix.engine import ENGINE_TITLES

    return ENGINE_TITLES[status](lang)


def group_title(key: str, lang: str, engine: str | None = None) -> str:
    from ..matrix import engines

    groups = engines.get(engine or engines.DEFAULT).surface.groups
    return next((g.title(lang) for g, _ in groups if g.key == key), key)
ENGINE_STYLE = {"wired": "green", "inert": "yellow", "unimplemented": "red"}
STATUS_STYLE = {"supported": "green", "experimental": "yellow", "planned": "blue", "unsupported": "red",
                "deficient": "magenta", "unverified": "cyan"}


Line = list[tuple[str, str]]  # (text, rich style) segments


def console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def emit(lines: list[Line], stderr: bool = False, scrub: Any = None) -> None:
    """Print styled lines: through rich on a terminal, as plain text otherwise (no rich import: it costs ~60 ms).

    ``scrub``: a :class:`~argmatrix.schema.redact.Scrubber` every piece of text passes before it is printed.
    """
    stream = sys.stderr if stderr else sys.stdout
    if scrub is not None:
        lines = [[(scrub(text), style) for text, style in line] for line in lines]
    if stream.isatty() and not os.environ.get("NO_COLOR"):
        from rich.text import Text as RichText

        out = console(stderr)
        for line in lines:
            out.print(RichText.assemble(*line))
    else:
        stream.write("".join("".join(text for text, _ in line) + "\n" for line in lines))


def findings_lines(compiled, lang: str, command: str = "check-config") -> list[Line]:
    """The target, then the findings in their documented order, each with its flag, value, source and fix; then a
    one-line summary.  A ``--target`` that names no platform gets no target line: its error says what went wrong."""
    words = WORDS[lang]
    lines: list[Line] = [[(f"argmatrix {command}", "bold")]]
    if getattr(compiled, "target_known", True):
        platform = PLATFORMS[compiled.platform]
        # zh: "a3，Atlas A3（昇腾 910_93）", not a parenthesis around the title's own parenthesis
        head = (f"{words['target']}：{compiled.platform}，{platform.title(lang)}" if lang == "zh" else
                f"{words['target']}{colon(lang)}{compiled.platform}{paren(platform.title(lang), lang)}")
        if compiled.detection is not None:
            head += f"  [{words['detected']}{colon(lang)}{_explained(compiled.detection, lang)}]"
        lines[0].append(("  " + head, ""))
    release = getattr(compiled, "release", None)
    if release is not None:  # which release judged the launch, and why that one
        from ..compiler.compile import release_source_text
        from ..matrix.engines import get as get_engine

        title = get_engine(compiled.engine).title(lang)
        lines[0].append((f"  {title} {release}{paren(release_source_text(compiled.release_from)(lang), lang)}", ""))
        plugin = getattr(compiled, "plugin_release", None)
        if plugin is not None:  # the platform plugin's release, whose facts judged the launch on Ascend
            lines[0].append((f"{'，' if lang == 'zh' else ', '}vLLM-Ascend {plugin}", ""))
    for f in compiled.findings:
        mark, style = MARKS[f.severity]
        line: Line = [(f"{mark} {f.code} {words[f.severity]}", style), (f"  {f.message(lang)}", "")]
        if f.source:
            line.append((f"  {words['from']} {source_label(f.source, lang)}", "dim"))
        lines.append(line)
        if f.hint:
            lines.append([(f"    {words['fix']}{colon(lang)}", "green"), (f.hint(lang), "")])
    counts = {s: sum(f.severity == s for f in compiled.findings) for s in (ERROR, WARNING, NOTE)}
    if not compiled.findings:
        lines.append([(f"✓ {words['clean']}", "green")])
    else:
        lines.append([(count_summary(counts, lang), "bold")])
    return lines


def _type_text(row: dict, lang: str) -> str:
    """The row's type in ``lang``, from its own engine's surface (vLLM's types are vLLM's fields)."""
    from ..matrix import engines

    spec = engines.get(row.get("engine_key") or "sglang").surface.specs.get(row["name"])
    return spec.type_text(lang) if spec is not None else row["type"]


def _explained(detection, lang: str) -> str:
    explained = getattr(detection, "explained", None)
    return explained(lang) if callable(explained) else detection.how


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, default=str)


MATRIX_WORDS = {
    "flag": Text("flag", "参数"), "group": Text("group", "分组"), "engine": Text("engine", "本引擎"),
    "count": Text("{n} arguments", "共 {n} 个参数"),
    "legend": Text("legend", "图例"),
    "narrow": Text("{width} columns are too few for every word: {shown}. Widen the terminal (COLUMNS={need} or more), "
                   "choose fewer platforms with --platform, or use --format md",
                   "{width} 列放不下全部文字：{shown}。请加宽终端（COLUMNS={need} 或更宽）、用 --platform 只看部分平台，"
                   "或使用 --format md"),
    "marks": Text("statuses are shown as marks", "状态只显示符号"),
    "first_flag": Text("only the first spelling of each flag", "每个参数只列出第一种写法"),
    "no_group": Text("no group column", "不显示分组列"),
    "split": Text("the platforms are split over {n} tables", "平台分成 {n} 张表显示"),
}


def matrix_layout(rows: list[dict], platforms: list[str], lang: str, width: int) -> dict[str, Any]:
    """The widest layout of the matrix that fits ``width`` columns, trying in turn: every spelling of each flag,
    only the first, no group column, statuses as marks only, the platforms split over several tables."""
    def cell_width(status: str, marks: bool) -> int:
        return 1 if marks else _width(status_word(status, lang))

    def table_width(flag_w: int, group: bool, platform_keys: list[str], marks: bool) -> int:
        cols = [flag_w]
        if group:
            cols.append(max(_width(group_title(r["group"], lang, r.get("engine_key"))) for r in rows) if rows else 5)
        for p in platform_keys:
            head = _width(PLATFORMS[p].short(lang))
            cols.append(max([head, *(cell_width(r["platforms"][p]["status"], marks) for r in rows)]))
        if any(r.get("engine") for r in rows):  # the argmatrix-engine column (SGLang-style flags only)
            cols.append(max([_width(MATRIX_WORDS["engine"](lang)),
                             *(_width(engine_word(r["engine"]["status"], lang)) for r in rows)]))
        return sum(cols) + 3 * len(cols) + 1  # a space each side of a cell, and the rules between cells

    all_flags = max([4, *(_width(" ".join(r["flags"])) for r in rows)])
    first_flag = max([4, *(_width(r["flags"][0]) for r in rows)])
    full = table_width(all_flags, True, platforms, False)
    tries = [(all_flags, True, False, []), (first_flag, True, False, ["first_flag"]),
             (first_flag, False, False, ["first_flag", "no_group"]),
             (first_flag, False, True, ["first_flag", "no_group", "marks"])]
    for flag_w, group, marks, said in tries:
        if table_width(flag_w, group, platforms, marks) <= width:
            return {"all_flags": flag_w == all_flags, "group": group, "marks": marks, "chunks": [platforms],
                    "said": said, "need": full}
    per = len(platforms)
    while per > 1 and table_width(first_flag, False, platforms[:per], True) > width:
        per -= 1
    chunks = [platforms[i:i + per] for i in range(0, len(platforms), per)]
    return {"all_flags": False, "group": False, "marks": True, "chunks": chunks,
            "said": ["first_flag", "no_group", "marks", "split"], "need": full,
            "fold": table_width(first_flag, False, platforms[:1], True) > width}  # even one: long flags fold


def matrix_table(rows: list[dict], platforms: list[str], lang: str, out=None) -> None:
    """The matrix as terminal tables that fit the console's width (``matrix_layout``); what a narrow terminal
    leaves out is said below the table, with how to see it all."""
    from rich.markup import escape
    from rich.table import Table

    out = out or console()
    layout = matrix_layout(rows, platforms, lang, out.width)
    w = {k: v(lang) for k, v in MATRIX_WORDS.items()}
    own = any(row.get("engine") for row in rows)  # argmatrix's engine column: only for SGLang-style flags
    for chunk in layout["chunks"]:
        table = Table(show_lines=False, pad_edge=False)
        fold = layout.get("fold", False)  # a cell is folded onto a second line, never cut with "…"
        table.add_column(w["flag"], no_wrap=not fold, overflow="fold")
        if layout["group"]:
            table.add_column(w["group"], overflow="fold")
        for p in chunk:
            table.add_column(PLATFORMS[p].short(lang), no_wrap=True, overflow="fold")
        if own:
            table.add_column(w["engine"], no_wrap=not fold, overflow="fold")
        for row in rows:
            cells = []
            for p in chunk:
                status = row["platforms"][p]["status"]
                shown = _mark(status) if layout["marks"] else status_word(status, lang)
                cells.append(f"[{STATUS_STYLE[status]}]{escape(shown)}[/{STATUS_STYLE[status]}]")
            if own:
                engine = row["engine"]["status"]
                cells.append(f"[{ENGINE_STYLE[engine]}]{engine_word(engine, lang)}[/{ENGINE_STYLE[engine]}]")
            flags = " ".join(row["flags"]) if layout["all_flags"] else row["flags"][0]
            group = [escape(group_title(row["group"], lang, row.get("engine_key")))] if layout["group"] else []
            table.add_row(escape(flags), *group, *cells)
        out.print(table)
    if layout["marks"]:
        from ..matrix.status import Status

        legend = "  ".join(status_word(s.value, lang) for s in Status)
        out.print(f"{w['legend']}{colon(lang)}{legend}", markup=False)
    if layout["said"]:
        shown = LIST_SEP[lang].join(w[k].format(n=len(layout["chunks"])) for k in layout["said"])
        out.print(w["narrow"].format(width=out.width, shown=shown, need=layout["need"]), markup=False,
                  highlight=False)
    out.print(w["count"].format(n=len(rows)), markup=False)


def _mark(status: str) -> str:
    from ..matrix.status import STATUS_MARKS, Status

    return STATUS_MARKS[Status(status)]


def matrix_markdown(rows: list[dict], platforms: list[str], lang: str) -> str:
    own = any(row.get("engine") for row in rows)
    head = ["flag" if lang == "en" else "参数", "group" if lang == "en" else "分组",
            *(PLATFORMS[p].short(lang) for p in platforms),
            *(["engine" if lang == "en" else "本引擎"] if own else [])]
    body = [[f"`{row['flags'][0]}`", group_title(row["group"], lang, row.get("engine_key")),
             *(status_word(row["platforms"][p]["status"], lang) for p in platforms),
             *([engine_word(row["engine"]["status"], lang)] if own else [])] for row in rows]
    return "\n".join(md_table(head, body)) + "\n"


MAX_RULE_IDS = 8
RULES_PAGE = {"sglang": "generated/{lang}/server_arguments.md", "vllm": "generated/{lang}/vllm_arguments.md",
              "argmatrix": "generated/{lang}/server_arguments.md"}
# the types of a JSON object's documented keys (schema.meta.ObjectKey.type), as the Chinese type names say them
KEY_TYPES_ZH = {"bool": "布尔值", "int": "整数", "float": "浮点数", "str": "字符串", "dict": "JSON 对象", "list": "列表",
                "enum": "枚举值"}


def explain_text(row: dict, lang: str, out=None) -> None:
    from rich.markup import escape

    out = out or console()
    en = lang == "en"
    c = colon(lang)
    group = group_title(row["group"], lang, row.get("engine_key"))
    out.print(f"[bold]{escape(' / '.join(row['flags']))}[/bold]  "
              + escape(f"({row['name']}, {group})" if en else f"（{row['name']}，{group}）"))
    out.print(escape(row["help"][lang]))
    out.print(f"{'type' if en else '类型'}{c}{escape(_type_text(row, lang))}    "
              f"{'default' if en else '默认值'}{c}{escape(shown_value(row['default'], lang))}")
    instead = row.get("instead")
    if instead:  # a flag the newest release no longer has
        out.print(f"removed{c}{escape(instead[lang])} ({escape(instead['source'])})" if en
                  else f"已移除{c}{escape(instead[lang])}（{escape(instead['source'])}）")
    by_release = row.get("defaults_by_release") or []
    if len(by_release) > 1:  # the releases held disagree: say each one's own default
        runs = [(f"{r['first']}" if r["first"] == r["last"] else f"{r['first']}–{r['last']}")
                + f" {shown_value(r['default'], lang)}" for r in by_release]
        out.print(f"{'default per release' if en else '各版本默认值'}{c}{escape(('; ' if en else '；').join(runs))}")
    if row["choices"]:
        out.print(f"{'choices' if en else '可选值'}{c}{escape(', '.join(map(str, row['choices'])))}")
    rel = row.get("release")
    if rel:  # what the selected SGLang release does with the flag, and what to write there instead
        style = {"current": "green", "deprecated": "yellow"}.get(rel["state"], "red")
        out.print(f"[{style}]{escape(rel['says'][lang])}[/{style}]")
        if rel["fix"]:
            out.print(f"    {'fix' if en else '修复'}{c}{escape(rel['fix'][lang])}")
    if row.get("releases"):  # an engine whose flags and defaults differ by release (vLLM): each held release's
        for r in row["releases"]:
            if not r["has"]:
                said = "not in this release" if en else "该版本没有此参数"
            else:
                said = (f"{'default' if en else '默认值'}{c}"
                        + (escape(shown_value(r["default"], lang)) if r["default_known"]
                           else ("built by the engine" if en else "由引擎构造")))
                if r["choices"]:
                    said += f"  {'choices' if en else '可选值'}{c}{escape(', '.join(map(str, r['choices'])))}"
            out.print(f"  {r['engine']} {r['release']:<8} {said}")
    for p, entry in row["platforms"].items():
        style = STATUS_STYLE[entry["status"]]
        word = status_word(entry["status"], lang)
        line = f"  {PLATFORMS[p].short(lang):<6} [{style}]{word}[/{style}]{' ' * max(1, 14 - _width(word))}"
        line += f"{'default' if en else '默认值'}{c}{escape(shown_value(entry['default'], lang))}"
        if entry.get("engine_default") is not None and entry["default"] is None:
            used = escape(shown_value(entry["engine_default"], lang))
            line += f" (argmatrix engine uses {used})" if en else f"（argmatrix 引擎取 {used}）"
        if entry["options"] is not None:
            line += f"  {'allowed' if en else '允许'}{c}{escape(', '.join(map(str, entry['options'])))}"
        out.print(line)
        if entry["reason"] and not (rel and entry["reason"] == rel["says"]):  # said once, above
            out.print(f"        [dim]{escape(entry['reason'][lang])}[/dim]")
        for note in entry["notes"]:
            out.print(f"        [dim]{'note' if en else '注'}{c}{escape(note[lang])}[/dim]")
    if row.get("engine"):
        eng = row["engine"]
        out.print(f"{'this engine' if en else '本引擎'}{c}{engine_word(eng['status'], lang)}"
                  + (f" — {escape(eng['reason'][lang])}" if eng.get("reason") else ""))
        for cond in eng.get("inert_when") or ():
            out.print(f"        [dim]{'no effect when' if en else '不起作用的条件'}{c}--{cond['field'].replace('_', '-')} "
                      f"> {cond['above']}{c}{escape(cond['reason'][lang])}[/dim]")
        if eng.get("where_run"):
            out.print(f"        [dim]{'where it ran' if en else '运行情况'}{c}{escape(eng['where_run'][lang])}[/dim]")
    if row["rules"] and len(row["rules"]) <= MAX_RULE_IDS:
        out.print(f"{'rules' if en else '规则'}{c}{', '.join(row['rules'])}")
    elif row["rules"]:  # a long list of ids helps nobody here: say how many, and where they are written out
        page = RULES_PAGE.get(row.get("engine_key") or "sglang", RULES_PAGE["sglang"]).format(lang=lang)
        out.print(f"rules{c}{len(row['rules'])} start-up checks read it; {page} lists them" if en else
                  f"规则{c}有 {len(row['rules'])} 条启动检查读取它，见 {page}")
    for key in row.get("keys") or ():
        choices = f" {{{', '.join(map(str, key['choices']))}}}" if key["choices"] and len(key["choices"]) <= 8 else ""
        kind = key["type"] if en else KEY_TYPES_ZH.get(key["type"], key["type"])
        out.print(f"  [bold].{escape(key['key'])}[/bold]{' (' if en else '（'}{escape(kind)}{escape(choices)}"
                  f"{', default' if en else '，默认值'}{c}{escape(shown_value(key['default'], lang))}{')' if en else '）'} "
                  f"{escape(key['help'][lang])}")


def shown_value(value: Any, lang: str) -> str:
    """A default or value as a person reads it: JSON, except that "no value" is said in words."""
    if value is None:
        return "none" if lang == "en" else "无"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _width(text: str) -> int:
    """Terminal columns of ``text``: CJK characters take two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
