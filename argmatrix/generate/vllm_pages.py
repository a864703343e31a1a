"""The vLLM pages, in both languages, from the vLLM engine object and its data.

* ``{lang}/vllm_arguments.md``: every ``vllm serve`` argument of the releases held, grouped as vLLM groups them:
  flags, type, vLLM's default, choices, argmatrix's description, the status on every platform as the vLLM
  engine object says (vLLM-Ascend's feature page on Ascend), the documented keys of JSON config arguments, and
  the start-up rules that read it;
* ``{lang}/vllm_ascend_features.md``: vLLM-Ascend as data: feature statuses per chip, quantization methods, the
  KV connectors each vLLM and vLLM-Ascend release registers, the values it silently replaces, its
  ``--additional-config`` keys, its start-up checks, and which vLLM release each vLLM-Ascend release pairs with.
"""
from __future__ import annotations

from functools import cache
from typing import Any

from ..markdown import md_table
from ..matrix import engines
from ..matrix.engines import vllm_ascend_facts as facts
from ..matrix.table import rows
from ..schema.meta import Text, release_words
from ..schema.vllm import releases as vllm_releases
from .common import (
    STATUS_MEANING,
    STATUS_ORDER,
    cell,
    code,
    code_cell,
    colon,
    header,
    join,
    platform_name,
    platforms,
    show,
    status_text,
    t,
)
from .page_text import page_form

ARGS_PATH = "{lang}/vllm_arguments.md"
ASCEND_PATH = "{lang}/vllm_ascend_features.md"

W = {
    "args_title": Text("vLLM server arguments", "vLLM 服务参数"),
    "args_intro": Text(
        "Every `vllm serve` argument of the vLLM releases argmatrix holds, read from vLLM's own parser. "
        "`argmatrix check-config -- vllm serve MODEL ...` (or `--engine vllm`) reads a launch the way vLLM does "
        "(underscores, `--no-x`, `--json-flag.key value`, `-O3`, `--config` YAML) and judges it by vLLM's rules "
        "and, on Ascend, vLLM-Ascend's. The status columns are what the vLLM engine object says for each platform.",
        "argmatrix 收录的各 vLLM 版本的全部 `vllm serve` 参数，读自 vLLM 自身的参数解析器。"
        "`argmatrix check-config -- vllm serve 模型 ...`（或 `--engine vllm`）按 vLLM 的方式读取启动命令"
        "（下划线、`--no-x`、`--json-flag.key 取值`、`-O3`、`--config` YAML），并按 vLLM 的规则判断，"
        "在昇腾上还按 vLLM-Ascend 的规则判断。状态列是 vLLM 引擎对象对各平台给出的结论。"),
    "releases": Text("Releases held", "已收录版本"),
    "in_releases": Text("In vLLM", "所在 vLLM 版本"), "built": Text("built by vLLM", "由 vLLM 构造"),
    "legend": Text("Statuses", "状态"),
    "aliases": Text("Aliases", "别名"), "type": Text("Type", "类型"), "default": Text("vLLM's default", "vLLM 默认值"),
    "choices": Text("Choices", "可选值"), "negatable": Text("Off spelling", "关闭写法"),
    "platform": Text("Platform", "平台"), "status": Text("Status", "状态"), "allowed": Text("Allowed", "允许的取值"),
    "why": Text("Why", "说明"), "any": Text("any", "任意"), "rules": Text("Start-up rules", "启动检查规则"),
    "keys": Text("Keys", "键"), "key": Text("Key", "键"), "help": Text("Meaning", "含义"),
    "ascend_title": Text("vLLM on Ascend NPU (vLLM-Ascend)", "昇腾 NPU 上的 vLLM（vLLM-Ascend）"),
    "ascend_intro": Text(
        "What vLLM-Ascend, the platform plugin that runs vLLM on Ascend NPUs, says and does, as argmatrix holds it "
        "(read from vllm-project/vllm-ascend at commit {commit}, {release}). `check-config --target a2|a3 -- vllm "
        "serve ...` applies all of it.",
        "vLLM-Ascend（在昇腾 NPU 上运行 vLLM 的平台插件）的说明与行为，即 argmatrix 收录的内容"
        "（读自 vllm-project/vllm-ascend 的提交 {commit}，{release}）。"
        "`check-config --target a2|a3 -- vllm serve ...` 会全部套用。"),
    "features": Text("Features", "特性"), "feature": Text("Feature", "特性"), "flags": Text("Flags", "参数"),
    "note": Text("Note", "备注"), "source": Text("Source", "出处"),
    "quantization": Text("Quantization methods", "量化方法"), "method": Text("Method", "方法"),
    "chips": Text("Chips", "芯片"),
    "kv_connectors": Text("KV connectors", "KV 连接器"), "connector": Text("kv_connector", "kv_connector"),
    "kv_intro": Text("The names `--kv-transfer-config`'s `kv_connector` may give: vLLM's own "
                     "(`KVConnectorFactory.register_connector` in `vllm/distributed/kv_transfer/kv_connector/factory.py`) "
                     "and those vLLM-Ascend's plugin registers when it loads, so only on Ascend. vLLM refuses any other "
                     "name at start-up unless `kv_connector_module_path` names the module that defines it; "
                     "`check-config` reports it as AM-E974.",
                     "`--kv-transfer-config` 的 `kv_connector` 可写的名称：vLLM 自身注册的"
                     "（`vllm/distributed/kv_transfer/kv_connector/factory.py` 中的 "
                     "`KVConnectorFactory.register_connector`），以及 vLLM-Ascend 插件加载时注册的，"
                     "后者只在昇腾上存在。其他名称 vLLM 会在启动时拒绝，除非用 `kv_connector_module_path` 指向定义它的"
                     "模块；`check-config` 以 AM-E974 报告。"),
    "vllm_releases": Text("vLLM releases", "vLLM 版本"),
    "resets": Text("Values vLLM-Ascend replaces", "vLLM-Ascend 会替换的取值"),
    "resets_intro": Text("Setting one of these gets warning AM-W950 naming what runs instead.",
                         "设置以下取值会得到警告 AM-W950，并说明实际生效的取值。"),
    "becomes": Text("Becomes", "改为"), "reason": Text("Why", "原因"),
    "additional": Text("--additional-config keys", "--additional-config 的键"),
    "additional_intro": Text("vLLM-Ascend reads `--additional-config` with plain lookups: an unknown key is ignored "
                             "(AM-W970), a mistyped one used as given (AM-W971), a removed one named with its "
                             "successor (AM-W972); text that is not one whole JSON object stops it at start-up "
                             "(AM-E973).",
                             "vLLM-Ascend 以普通的键查找读取 `--additional-config`：未知键被忽略（AM-W970），"
                             "类型不符的键原样使用（AM-W971），已移除的键会给出替代键（AM-W972）；"
                             "不是完整 JSON 对象的文本会让它在启动时失败（AM-E973）。"),
    "removed": Text("Removed", "已移除"), "successor": Text("Successor", "替代键"),
    "ascend_releases": Text("vLLM-Ascend releases", "vLLM-Ascend 版本"),
    "checks": Text("Start-up checks", "启动检查"),
    "checks_intro": Text("Errors are AM-E960, warnings AM-W961; the message names the check.",
                         "错误为 AM-E960，警告为 AM-W961；消息会说明是哪项检查。"),
    "severity": Text("Severity", "级别"), "message": Text("Check", "检查内容"), "fix": Text("Fix", "修改方法"),
    "compat": Text("Releases", "版本对应"), "ascend_release": Text("vLLM-Ascend", "vLLM-Ascend"),
    "vllm_release": Text("vLLM", "vLLM"),
    "error": Text("error", "错误"), "warning": Text("warning", "警告"),
}


def _value(value: Any) -> str:
    return "—" if value is None else code_cell(show(value))


def _block(row: dict[str, Any], lang: str) -> list[str]:
    lines = [f"### {code(row['flags'][0])}", ""]
    facts_ = []
    if len(row["flags"]) > 1:
        facts_.append(f"{W['aliases'](lang)}{colon(lang)}" + ", ".join(code(f) for f in row["flags"][1:]))
    spec = engines.get(row["engine_key"]).surface.specs[row["name"]]
    facts_.append(f"{W['type'](lang)}{colon(lang)}{code(spec.type_text(lang))}")
    facts_.append(f"{W['default'](lang)}{colon(lang)}{code(show(row['default']))}")
    if row["choices"]:
        facts_.append(f"{W['choices'](lang)}{colon(lang)}" + ", ".join(code(show(c)) for c in row["choices"]))
    if row.get("releases"):
        facts_.append(f"{W['in_releases'](lang)}{colon(lang)}{_release_runs(row['releases'], lang)}")
    spec = engines.get(row["engine_key"]).surface.specs[row["name"]]
    if spec.arg.negatable:
        facts_.append(f"{W['negatable'](lang)}{colon(lang)}{code('--no-' + row['flags'][0][2:])}")
    lines += [f"- {f}" for f in facts_] + ["", cell(row["help"][lang]), ""]
    body = []
    for p in platforms():
        entry = row["platforms"][p]
        allowed = ", ".join(code_cell(show(v)) for v in entry["options"]) if entry["options"] is not None \
            else cell(W["any"](lang))
        body.append([platform_name(p), status_text(entry["status"], lang), allowed, cell(t(entry["reason"], lang))])
    lines += md_table([W[k](lang) for k in ("platform", "status", "allowed", "why")], body) + [""]
    if row["keys"]:
        keys = [[code_cell(k["key"]), code_cell(k["type"]), _value(k["default"]), cell(k["help"][lang])]
                for k in row["keys"]]
        lines += [f"{W['keys'](lang)}{colon(lang).rstrip()}", ""]
        lines += md_table([W[k](lang) for k in ("key", "type", "default", "help")], keys) + [""]
    if row["rules"]:
        lines += [f"{W['rules'](lang)}{colon(lang)}" + ", ".join(code(r) for r in row["rules"]), ""]
    return lines


def _release_runs(entries: list[dict[str, Any]], lang: str) -> str:
    """The held releases that have the flag, consecutive ones with the same default as one run:
    ``0.13.0–0.33.0 (default 0.92); 0.34.0 (default none)``."""
    runs: list[list[Any]] = []
    for i, e in enumerate(entries):
        said = show(e["default"]) if e["default_known"] else W["built"](lang)
        if e["has"] and runs and runs[-1][3] == i - 1 and runs[-1][2] == said:
            runs[-1][1], runs[-1][3] = e["release"], i
        elif e["has"]:
            runs.append([e["release"], e["release"], said, i])
    word = W["default"](lang)
    left, right, sep = ("（", "）", "；") if lang == "zh" else (" (", ")", "; ")
    return sep.join(f"{code(a if a == b else f'{a}–{b}')}{left}{word}{colon(lang)}{code(said)}{right}"
                    for a, b, said, _ in runs)


@cache
def _rows() -> tuple[dict[str, Any], ...]:
    return tuple(rows(engines.get("vllm")))


def render_arguments(lang: str) -> str:
    eng = engines.get("vllm")
    assert eng.releases is not None
    lines = header(W["args_title"](lang), lang) + [W["args_intro"](lang), ""]
    lines += [f"{W['releases'](lang)}{colon(lang)}" + ", ".join(code(r) for r in eng.releases.held), ""]
    lines += [f"{W['legend'](lang)}{colon(lang).rstrip()}", ""]
    lines += [f"- {status_text(s, lang)}{colon(lang)}{STATUS_MEANING[s](lang)}" for s in STATUS_ORDER] + [""]
    by_group: dict[str, list[dict[str, Any]]] = {}
    for row in _rows():
        by_group.setdefault(row["group"], []).append(row)
    for group, _ in eng.surface.groups:
        lines += [f"## {group.title(lang)}", ""]
        for row in by_group.get(group.key, []):
            lines += _block(row, lang)
    return join(lines)


def render_ascend(lang: str) -> str:
    vllm_args = engines.get("vllm").surface.specs  # the checks quote vLLM's arguments by field name
    read = facts.READ_FROM
    chips = [p for p in platforms() if p in ("a2", "a3", "310p", "a5")]
    intro = W["ascend_intro"](lang).format(commit=read["commit"][:12], release=release_words(read["release"], lang))
    lines = header(W["ascend_title"](lang), lang) + [intro, ""]
    lines += [f"## {W['features'](lang)}", ""]
    body = [[cell(f.title(lang)), *(cell(facts.FEATURE_STATUSES[f.status.get(c, 'unverified')](lang)) for c in chips),
             ", ".join(code_cell(x) for x in f.flags), cell(t(f.note, lang)), code_cell(f.source)]
            for f in facts.FEATURES]
    lines += md_table([W["feature"](lang), *(platform_name(c) for c in chips), W["flags"](lang), W["note"](lang),
                       W["source"](lang)], body) + [""]
    lines += [f"## {W['quantization'](lang)}", ""]
    lines += md_table([W["method"](lang), W["chips"](lang), W["ascend_releases"](lang)],
                      [[code_cell(m), ", ".join(platform_name(c) for c in cs), _releases(
                          r for r in facts.RELEASES if m in facts.quantization_methods(r))]
                       for m, cs in facts.QUANTIZATION_METHODS.items()]) + [""]
    lines += [f"## {W['kv_connectors'](lang)}", "", W["kv_intro"](lang), ""]
    lines += md_table([W["connector"](lang), W["vllm_releases"](lang), W["ascend_releases"](lang)],
                      [[code_cell(n), ", ".join(code_cell(r) for r in vllm_releases.HELD
                                                if n in (vllm_releases.kv_connectors_in(r) or ())) or "—",
                        _releases(r for r in facts.RELEASES if n in facts.kv_connectors(r)) or "—"]
                       for n in _kv_connector_names()]) + [""]
    lines += [f"## {W['resets'](lang)}", "", W["resets_intro"](lang), ""]
    lines += md_table([W["flags"](lang), W["becomes"](lang), W["reason"](lang), W["source"](lang),
                       W["ascend_releases"](lang)],
                      [[code_cell(r.flag), cell("—" if callable(r.becomes) else show(r.becomes)), cell(r.reason(lang)),
                        code_cell(r.source), _releases(r.lines())] for r in facts.RESETS]) + [""]
    lines += [f"## {W['additional'](lang)}", "", W["additional_intro"](lang), ""]
    lines += md_table([W["key"](lang), W["type"](lang), W["default"](lang), W["help"](lang), W["removed"](lang),
                       W["successor"](lang), W["ascend_releases"](lang)],
                      [[code_cell(k.key), code_cell(k.type), _value(k.default), cell(k.help(lang)),
                        cell(release_words(k.removed_in, lang)), code_cell(k.successor) if k.successor else "",
                        _releases(r for r in facts.RELEASES if k.key in facts.held.ADDITIONAL_KEYS[r])]
                       for k in facts.additional_keys(facts.NEWEST)]) + [""]
    lines += [f"## {W['checks'](lang)}", "", W["checks_intro"](lang), ""]
    lines += md_table([W["severity"](lang), W["message"](lang), W["fix"](lang), W["source"](lang),
                       W["ascend_releases"](lang)],
                      [[W[c.severity](lang), cell(page_form(c.message(lang), lang, vllm_args)),
                        cell(page_form(c.fix(lang), lang, vllm_args)), code_cell(c.source),
                        _releases(c.lines())] for c in facts.STARTUP_CHECKS]) + [""]
    lines += [f"## {W['compat'](lang)}", ""]
    lines += md_table([W["ascend_release"](lang), W["vllm_release"](lang), W["source"](lang)],
                      [[code_cell(c.vllm_ascend), code_cell(c.vllm), code_cell(c.source)]
                       for c in facts.COMPATIBILITY])
    return join(lines)


def _kv_connector_names() -> list[str]:
    """Every connector name a held vLLM or vLLM-Ascend release registers, sorted."""
    found = {n for r in vllm_releases.HELD for n in vllm_releases.kv_connectors_in(r) or ()}
    return sorted(found | {n for r in facts.RELEASES for n in facts.kv_connectors(r)})


def _releases(names: Any) -> str:
    """The held vLLM-Ascend releases among ``names``, oldest first."""
    have = set(names)
    return ", ".join(code_cell(r) for r in facts.RELEASES if r in have)


def render_all() -> dict[str, str]:
    out = {}
    for lang in ("en", "zh"):
        out[ARGS_PATH.format(lang=lang)] = render_arguments(lang)
        out[ASCEND_PATH.format(lang=lang)] = render_ascend(lang)
    return out


__all__ = ["render_all"]
