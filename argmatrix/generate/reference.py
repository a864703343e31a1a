"""server_arguments.md: the full reference, one block per argument, in the seeds' group order.

Each block gives the flags, config key and environment variable, the type,
the declared default, the choices, the description, the status with the
platform default and allowed values on every platform, the engine capability
(once the matrix has it), and the cross-field rules that read the argument.
"""
from __future__ import annotations

from ..compiler.sources import ENV_PREFIX
from ..schema.meta import Text
from ..schema.registry import SPECS, ArgSpec
from ..schema.releases import superseded
from .common import (
    ENGINE_MEANING,
    STATUS_MEANING,
    STATUS_ORDER,
    cell,
    code,
    code_cell,
    colon,
    engine_text,
    groups,
    header,
    join,
    md_table,
    platform_name,
    platforms,
    row_of,
    rule_lines,
    semicolon,
    show,
    status_text,
    t,
)

PATH = "{lang}/server_arguments.md"
TITLE = Text("Server arguments", "服务参数")
INTRO = Text(
    "Every argument the server accepts, grouped as in the Ascend feature page. Each can be given as a command-line "
    "flag, as a key in a `--config` file (YAML, JSON or TOML; dashes or underscores), or as an `ARGMATRIX_<KEY>` "
    "environment variable. Precedence, lowest first: declared default, platform default, config file, environment, "
    "command line.",
    "下面列出服务接受的全部参数，分组与昇腾特性页一致。每个参数都可以写成命令行选项、`--config` 配置文件"
    "（YAML、JSON 或 TOML，键名中的短横线与下划线均可）中的键，或 `ARGMATRIX_<KEY>` 环境变量。优先级由低到高："
    "声明的默认值、平台默认值、配置文件、环境变量、命令行。",
)
W = {
    "aliases": Text("Aliases", "别名"),
    "key": Text("Config key", "配置键"),
    "env": Text("Environment", "环境变量"),
    "type": Text("Type", "类型"),
    "default": Text("Declared default", "声明的默认值"),
    "choices": Text("Choices", "可选值"),
    "platform": Text("Platform", "平台"),
    "status": Text("Status", "状态"),
    "pdefault": Text("Default there", "该平台默认值"),
    "allowed": Text("Allowed values", "允许的取值"),
    "why": Text("Notes", "说明"),
    "any": Text("any value of the type", "类型允许的任意值"),
    "rules": Text("Cross-field rules", "跨参数规则"),
    "engine": Text("argmatrix engine", "argmatrix 自带引擎"),
    "where_run": Text("where the engine code ran", "引擎代码的运行情况"),
    "legend": Text("Status legend", "状态图例"),
    "implemented": Text("implemented values", "已实现的取值"),
}


def _deprecation_lines(spec: ArgSpec, lang: str) -> list[str]:
    """What the newest SGLang release does with the flag, when it does not simply take it, and what to write."""
    rel = row_of(spec)["release"]
    if rel is None or rel["state"] in ("current", "argmatrix-only"):
        return []
    word = {"deprecated": Text("Deprecated", "已弃用"), "refused": Text("Refused", "不再接受"),
            "not-yet": Text("Not yet", "尚未加入")}[rel["state"]](lang)
    line = f"**{word}** ({code('SGLang ' + rel['release'])}){colon(lang)}{cell(rel['says'][lang])}"
    if rel["fix"]:
        line += f"{semicolon(lang)}{cell(rel['fix'][lang])}"
    moved = rel.get("moves_to")
    if moved:
        new = code(SPECS[moved].flag)
        line += (f". argmatrix reads it as {new}: its status and allowed values are those of {new}." if lang == "en"
                 else f"。argmatrix 把它读作 {new}：其支持状态与允许的取值均以 {new} 为准。")
    return [line]


def _platform_table(spec: ArgSpec, lang: str) -> list[str]:
    row = row_of(spec)
    out = []
    for p in platforms():
        entry = row["platforms"][p]
        options = entry["options"]
        allowed = ", ".join(code_cell(show(v)) for v in options) if options is not None else cell(W["any"](lang))
        why = [t(entry["reason"], lang)] if entry["reason"] else []
        why += [n[lang] for n in entry["notes"]]
        out.append([platform_name(p), status_text(entry["status"], lang), code_cell(show(entry["default"])), allowed,
                    cell(semicolon(lang).join(why))])
    return md_table([W[k](lang) for k in ("platform", "status", "pdefault", "allowed", "why")], out)


def _block(spec: ArgSpec, lang: str) -> list[str]:
    row = row_of(spec)
    lines = [f"### {code(spec.flag)}", ""]
    facts = []
    if len(spec.flags) > 1:
        facts.append(f"{W['aliases'](lang)}{colon(lang)}" + ", ".join(code(f) for f in spec.flags[1:]))
    facts.append(f"{W['key'](lang)}{colon(lang)}{code(spec.name)}")
    facts.append(f"{W['env'](lang)}{colon(lang)}{code(ENV_PREFIX + spec.name.upper())}")
    facts.append(f"{W['type'](lang)}{colon(lang)}{code(spec.type_text(lang))}")
    facts.append(f"{W['default'](lang)}{colon(lang)}{code(show(spec.default))}")
    if row["choices"] is not None:
        facts.append(f"{W['choices'](lang)}{colon(lang)}" + ", ".join(code(show(c)) for c in row["choices"]))
    lines += [f"- {f}" for f in facts] + [""]
    lines += [cell(row["help"][lang]), ""]
    dep = _deprecation_lines(spec, lang)
    if dep:
        lines += dep + [""]
        if row["release"]["state"] == "refused" or superseded(spec.name):
            return lines
    lines += _platform_table(spec, lang) + [""]
    eng = row["engine"]
    extra = [cell(t(eng["reason"], lang))] if eng["reason"] else []
    if eng["options"] is not None:
        extra.append(f"{W['implemented'](lang)}{colon(lang)}" + ", ".join(code(show(v)) for v in eng["options"]))
    lines += [f"{W['engine'](lang)}{colon(lang)}**{engine_text(eng['status'], lang)}**"
              + (" — " + semicolon(lang).join(extra) if extra else ""), ""]
    if eng.get("where_run"):
        lines += [f"{W['where_run'](lang)}{colon(lang)}{cell(t(eng['where_run'], lang))}", ""]
    rules = rule_lines(spec, lang)
    if rules:
        lines += [f"{W['rules'](lang)}{colon(lang).rstrip()}", ""] + [r if r.startswith("  - ") else f"- {r}" for r in rules] + [""]
    return lines


def render(lang: str) -> str:
    lines = header(t(TITLE, lang), lang) + [t(INTRO, lang), "", f"{W['legend'](lang)}{colon(lang).rstrip()}", ""]
    lines += [f"- {status_text(s, lang)}{colon(lang)}{STATUS_MEANING[s](lang)}" for s in STATUS_ORDER]
    lines += ["", f"{W['engine'](lang)}{colon(lang).rstrip()}", ""]
    lines += [f"- {engine_text(k, lang)}{colon(lang)}{v(lang)}" for k, v in ENGINE_MEANING.items()]
    lines.append("")
    for group, specs in groups():
        lines += [f"## {group.title(lang)}", ""]
        if group.note:
            lines += [group.note(lang), ""]
        for spec in specs:
            lines += _block(spec, lang)
    return join(lines)


def render_all() -> dict[str, str]:
    return {PATH.format(lang=lang): render(lang) for lang in ("en", "zh")}
