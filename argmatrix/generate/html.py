"""matrix.html: one self-contained page to search the matrix, filter it and switch language.

The data (one argument per line, so a matrix change is a one-line diff) and
the UI strings are embedded as JSON in a page template; the script and styles
are inline.  Nothing is fetched: no CDN, no fonts, no network.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..matrix.platforms import PLATFORMS
from ..schema.registry import ArgSpec
from ..schema.releases import NEWEST
from .common import (
    ENGINE_WORDS,
    STATUS_MARKS,
    STATUS_MEANING,
    STATUS_ORDER,
    STATUS_WORDS,
    groups,
    platform_name,
    platforms,
    row_of,
    semicolon,
    show,
)

PATH = "matrix.html"
TEMPLATE = Path(__file__).with_name("matrix_template.html")

UI = {
    "title": ("argmatrix support matrix", "argmatrix 支持矩阵"),
    "intro": (("Search a server argument, filter by platform, status and group, and open a row for details. "
               "Each status is shown as a symbol and a word, so the page reads the same without colour."),
              "搜索服务参数，按平台、状态与分组筛选，点开一行查看详情。每个状态都以符号加文字显示，不依赖颜色也能阅读。"),
    "search": ("Search", "搜索"),
    "placeholder": ("flag, name or words from the description", "参数名、字段名或描述中的词"),
    "platform": ("Platform", "平台"),
    "status": ("Status", "状态"),
    "group": ("Group", "分组"),
    "all": ("All", "全部"),
    "argument": ("Argument", "参数"),
    "engine": ("Engine", "本引擎"),
    "shown": ("{n} of {m} arguments shown", "显示 {n} / {m} 个参数"),
    "switch": ("中文 (Chinese)", "English (英文)"),
    "switchLabel": ("Switch to Chinese", "切换为英文"),
    "type": ("Type", "类型"),
    "declared": ("Declared default", "声明的默认值"),
    "default": ("default", "默认"),
    "allowed": ("allowed:", "允许："),
    "deprecated": ("Deprecated", "已弃用"),
    "refused": (f"refused by SGLang {NEWEST}", f"SGLang {NEWEST} 不再接受"),
    "deprecated-badge": (f"deprecated in SGLang {NEWEST}", f"SGLang {NEWEST} 已弃用"),
}


def _pair(text) -> dict[str, str] | None:
    if text is None:
        return None
    if isinstance(text, dict):
        return {"en": text.get("en", ""), "zh": text.get("zh", "")}
    return {"en": text.en, "zh": text.zh}


def _arg(spec: ArgSpec) -> dict[str, Any]:
    row = row_of(spec)
    rel = row["release"]
    entries = row["platforms"]  # a moved flag's cells are already its successor's (matrix/table.py)
    out: dict[str, Any] = {
        "n": spec.name, "f": list(spec.flags), "g": spec.group.key, "h": _pair(row["help"]),
        "t": spec.type_label, "dd": show(spec.default),
        "s": {p: entries[p]["status"] for p in platforms()},
        "d": {p: show(entries[p]["default"]) for p in platforms()},
        "o": {p: [show(v) for v in entries[p]["options"]] if entries[p]["options"] is not None else None
              for p in platforms()},
        "r": {},
    }
    for p in platforms():
        reason = _pair(entries[p]["reason"])
        parts = [reason] if reason is not None else []
        parts += [{"en": n["en"], "zh": n["zh"]} for n in entries[p]["notes"]]
        if parts:
            out["r"][p] = {lang: semicolon(lang).join(x[lang] for x in parts) for lang in ("en", "zh")}
    if rel is not None and rel["state"] not in ("current", "argmatrix-only"):
        said = {lang: rel["says"][lang] + (semicolon(lang) + rel["fix"][lang] if rel["fix"] else "")
                for lang in ("en", "zh")}
        out["dep"] = said
        out["depKind"] = rel["state"]
    out["e"] = {"status": row["engine"]["status"], "reason": _pair(row["engine"]["reason"])}
    return out


def data_json() -> str:
    """The embedded data: metadata on the first lines, then one argument per line."""
    meta = {
        "platforms": list(platforms()),
        "platformNames": {p: platform_name(p) for p in platforms()},
        "platformTitles": {p: _pair(PLATFORMS[p].title) for p in platforms()},
        "statuses": list(STATUS_ORDER),
        "statusWords": {s: _pair(STATUS_WORDS[s]) for s in STATUS_ORDER},
        "statusMeaning": {s: _pair(STATUS_MEANING[s]) for s in STATUS_ORDER},
        "marks": dict(STATUS_MARKS),
        "engineWords": {k: _pair(v) for k, v in ENGINE_WORDS.items()},
        "groups": [{"key": g.key, "en": g.title.en, "zh": g.title.zh} for g, _ in groups()],
        "ui": {k: {"en": en, "zh": zh} for k, (en, zh) in UI.items()},
    }
    args = [_arg(s) for _, specs in groups() for s in specs]
    head = json.dumps(meta, ensure_ascii=False, separators=(",", ":"))
    body = ",\n".join(json.dumps(a, ensure_ascii=False, separators=(",", ":")) for a in args)
    text = head[:-1] + ',"args":[\n' + body + "\n]}"
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render() -> str:
    template = TEMPLATE.read_text(encoding="utf-8")
    if "/*DATA*/" not in template:
        raise ValueError(f"{TEMPLATE} lost its /*DATA*/ placeholder")
    return template.replace("/*DATA*/", data_json())


def render_all() -> dict[str, str]:
    return {PATH: render()}
