"""``{lang}/engines.md``: the engines argmatrix judges launches for, side by side, from the engine objects.

For each engine: its program and the launch-line words that select it, how its parser spells a command line,
the releases whose flags argmatrix holds, and how many of its arguments have each status on each platform.
Every engine in ``matrix.engines`` is on the page, so adding an engine object adds its column here.
"""
from __future__ import annotations

from collections import Counter

from ..markdown import md_table
from ..matrix import engines
from ..matrix.engines.base import NEGATE_ANY, NEGATE_DECLARED, NEGATE_RELEASE
from ..matrix.platforms import PLATFORMS
from ..schema.meta import Text
from .common import STATUS_ORDER, cell, code, code_cell, colon, header, join, platform_name, status_text

PATH = "{lang}/engines.md"
YES, NO = Text("yes", "是"), Text("no", "否")
NEGATION = {
    NEGATE_ANY: Text("--no-x and --disable-x/--enable-x for every switch", "所有开关都可写 --no-x 与 --disable-x/--enable-x"),
    NEGATE_DECLARED: Text("--no-x where the argument has it (BooleanOptionalAction)",
                          "仅在参数提供时可写 --no-x（BooleanOptionalAction）"),
    NEGATE_RELEASE: Text("--no-x only for the switches the selected release has it for",
                         "仅所选版本提供的开关可写 --no-x"),
}
W = {
    "title": Text("Engines", "引擎"),
    "intro": Text("Platforms are one axis of the matrix, engines the other: a launch is judged by the rules of the "
                  "engine that will run it (`--engine`, or the launch line's first words), on the chip it will run on "
                  "(`--target`).",
                  "平台是矩阵的一个维度，引擎是另一个维度：启动命令按将要运行它的引擎的规则判断（`--engine`，或由启动命令"
                  "开头的程序名决定），并针对将要运行它的芯片判断（`--target`）。"),
    "engine": Text("Engine", "引擎"), "program": Text("Program", "启动程序"),
    "launchers": Text("Launch lines it reads", "可识别的启动命令"), "arguments": Text("Arguments", "参数数量"),
    "releases": Text("Releases held", "已收录版本"), "none": Text("one build (no release to pick)", "单一版本（无需选择）"),
    "option": Text("Release option", "版本选项"), "spelling": Text("How its parser reads a command line",
                                                                    "命令行读取规则"),
    "rule": Text("Rule", "规则"), "underscores": Text("underscores read as dashes", "下划线读作短横线"),
    "abbreviations": Text("unambiguous prefixes", "无歧义的前缀缩写"), "negation": Text("off switches", "关闭开关"),
    "switch_values": Text("a switch followed by true/false", "开关后跟 true/false"),
    "dotted_keys": Text("--json-flag.key value", "--json-flag.key 取值"),
    "append_plus": Text("+ appends", "+ 追加"), "short_flags": Text("single-dash aliases (-tp)", "单横线别名（-tp）"),
    "positional": Text("a bare first word", "开头的独立单词"), "optimization": Text("-O3 shorthand", "-O3 简写"),
    "environment": Text("ARGMATRIX_* variables", "ARGMATRIX_* 环境变量"), "read_from": Text("Read from", "出处"),
    "support": Text("Statuses of its arguments per platform", "各平台上参数状态的统计"),
    "status": Text("Status", "状态"), "value": Text("Value", "取值"),
}


def _yes(flag: bool, lang: str) -> str:
    return (YES if flag else NO)(lang)


def _engine_section(eng, lang: str) -> list[str]:
    sp = eng.spelling
    lines = [f"## {eng.title(lang)} ({code(eng.key)})", "", eng.description(lang), ""]
    facts = [
        f"{W['program'](lang)}{colon(lang)}{code(' '.join(eng.program))}",
        f"{W['launchers'](lang)}{colon(lang)}" + ", ".join(code(" ".join(w)) for w in eng.launchers),
        f"{W['arguments'](lang)}{colon(lang)}{len(eng.surface.specs)}",
        f"{W['releases'](lang)}{colon(lang)}" + (", ".join(code(r) for r in eng.releases.held) if eng.releases
                                                else W["none"](lang)),
    ]
    if eng.releases:
        facts.append(f"{W['option'](lang)}{colon(lang)}{code(eng.releases.option)} ({code(eng.releases.env_var)})")
    lines += [f"- {f}" for f in facts] + ["", f"{W['spelling'](lang)}{colon(lang).rstrip()}", ""]
    rules = [("underscores", _yes(sp.underscores, lang)), ("abbreviations", _yes(sp.abbreviations, lang)),
             ("negation", NEGATION[sp.negation](lang)), ("switch_values", _yes(sp.switch_values, lang)),
             ("dotted_keys", _yes(sp.dotted_keys, lang)), ("append_plus", _yes(sp.append_plus, lang)),
             ("short_flags", _yes(sp.short_flags, lang)),
             ("positional", code_cell(f"--{sp.positional}") if sp.positional else _yes(False, lang)),
             ("optimization", _yes(sp.optimization_shorthand, lang)),
             ("environment", _yes(eng.reads_environment, lang))]
    lines += md_table([W["rule"](lang), W["value"](lang)], [[W[k](lang), v] for k, v in rules]) + [""]
    if sp.source:
        lines += [f"{W['read_from'](lang)}{colon(lang)}{code(sp.source)}", ""]
    counts = {p: Counter(eng.cell(s, platform).status.value for s in eng.surface.specs.values())
              for p, platform in PLATFORMS.items()}
    lines += [f"{W['support'](lang)}{colon(lang).rstrip()}", ""]
    lines += md_table([W["status"](lang), *(platform_name(p) for p in PLATFORMS)],
                      [[status_text(s, lang), *(str(counts[p][s]) for p in PLATFORMS)] for s in STATUS_ORDER
                       if any(counts[p][s] for p in PLATFORMS)]) + [""]
    return lines


def render(lang: str) -> str:
    lines = header(W["title"](lang), lang) + [W["intro"](lang), ""]
    lines += md_table([W["engine"](lang), W["program"](lang), W["arguments"](lang), W["releases"](lang)],
                      [[cell(e.title(lang)), code_cell(" ".join(e.program)), str(len(e.surface.specs)),
                        ", ".join(e.releases.held) if e.releases else cell(W["none"](lang))]
                       for e in engines.all_engines()]) + [""]
    for eng in engines.all_engines():
        lines += _engine_section(eng, lang)
    return join(lines)


def render_all() -> dict[str, str]:
    return {PATH.format(lang=lang): render(lang) for lang in ("en", "zh")}
