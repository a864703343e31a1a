"""matrix.html: one self-contained page to search the matrix, filter it and switch language.

One page for every engine: SGLang, vLLM (vLLM-Ascend's statuses on the Ascend chips, with its
``--additional-config`` keys) and, as a view of its own, argmatrix's own engine; a release selector per engine
from the releases its engine object holds (:func:`held_releases`), each release's cells from the one function the
tables use (:func:`release_cells`, stored as differences from the newest release); for vLLM, a vLLM-Ascend
release selector whose release judges the Ascend columns (``VLLM.on_ascend(release)``: statuses, allowed values,
``--additional-config`` keys; stored the same way, :func:`_ascend_diffs`); search in both languages over the engine
shown or all of them.  The data (one argument per line, so a matrix change is a one-line diff) and the
UI strings are embedded as JSON in a page template; the script and styles are inline.  Nothing is fetched: no CDN,
no fonts, no network.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..matrix import table
from ..matrix.engines import vllm_ascend_facts as ascend_facts
from ..matrix.platforms import PLATFORMS
from ..schema.meta import ObjectKey, Text, release_words
from ..schema.registry import ArgSpec
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
    "engine": ("argmatrix engine", "argmatrix 自带引擎"),
    "ran": ("Where it has run", "运行情况"),
    "view": ("Engine", "引擎"),
    "release": ("Release", "版本"),
    "allViews": ("All engines (search)", "全部引擎（搜索）"),
    "engineOf": ("Engine", "引擎"),
    "keys": ("Keys", "键"),
    "ascend": ("vLLM-Ascend release", "vLLM-Ascend 版本"),
    "ownNote": (("argmatrix's own engine (argmatrix serve), not SGLang or vLLM: which flags it acts on, accepts "
                 "without effect, or does not implement, and where each path has run."),
                "argmatrix 自带引擎（argmatrix serve），不是 SGLang 或 vLLM：它处理哪些参数、哪些接受但不起作用、"
                "哪些尚未实现，以及各路径在哪些平台上运行过。"),
    "shown": ("{n} of {m} arguments shown", "显示 {n} / {m} 个参数"),
    "switch": ("中文 (Chinese)", "English (英文)"),
    "switchLabel": ("Switch to Chinese", "切换为英文"),
    "type": ("Type", "类型"),
    "declared": ("Declared default", "声明的默认值"),
    "default": ("default", "默认"),
    "allowed": ("allowed:", "允许："),
    "deprecated": ("Deprecated", "已弃用"),
    "refused": ("refused by SGLang {r}", "SGLang {r} 不再接受"),
    "not-yet": ("not in SGLang {r} yet", "SGLang {r} 尚无此参数"),
    "deprecated-badge": ("deprecated in SGLang {r}", "SGLang {r} 已弃用"),
}
UI_VIEWS = {
    "sglang": Text("SGLang", "SGLang"),
    "vllm": Text("vLLM (vLLM-Ascend on Ascend)", "vLLM（昇腾上为 vLLM-Ascend）"),
    "argmatrix": Text("argmatrix's own engine", "argmatrix 自带引擎"),
}


def _pair(text) -> dict[str, str] | None:
    if text is None:
        return None
    if isinstance(text, dict):
        return {"en": text.get("en", ""), "zh": text.get("zh", "")}
    return {"en": text.en, "zh": text.zh}


def _cells(entries: dict[str, Any]) -> dict[str, Any]:
    """A row's platform cells (table.platform_entry dicts, for every platform or some) as the page stores them:
    status, default, options, and the reason with the notes."""
    shown = [p for p in platforms() if p in entries]
    out: dict[str, Any] = {
        "s": {p: entries[p]["status"] for p in shown},
        "d": {p: show(entries[p]["default"]) for p in shown},
        "o": {p: [show(v) for v in entries[p]["options"]] if entries[p]["options"] is not None else None
              for p in shown},
        "r": {},
    }
    for p in shown:
        reason = _pair(entries[p]["reason"])
        parts = [reason] if reason is not None else []
        parts += [{"en": n["en"], "zh": n["zh"]} for n in entries[p]["notes"]]
        if parts:
            out["r"][p] = {lang: semicolon(lang).join(x[lang] for x in parts) for lang in ("en", "zh")}
    return out


def _release_badge(rel: dict[str, Any] | None) -> dict[str, Any]:
    if rel is None or rel["state"] in ("current", "argmatrix-only"):
        return {}
    said = {lang: rel["says"][lang] + (semicolon(lang) + rel["fix"][lang] if rel["fix"] else "")
            for lang in ("en", "zh")}
    return {"dep": said, "depKind": rel["state"]}


def _arg(spec: ArgSpec) -> dict[str, Any]:
    row = row_of(spec)
    out: dict[str, Any] = {"n": spec.name, "f": list(spec.flags), "g": spec.group.key, "h": _pair(row["help"]),
                           "t": spec.type_label, "dd": show(spec.default)}
    out.update(_cells(row["platforms"]))  # a moved flag's cells are already its successor's (matrix/table.py)
    out.update(_release_badge(row["release"]))
    out["e"] = {"status": row["engine"]["status"], "reason": _pair(row["engine"]["reason"]),
                "ran": _pair(row["engine"].get("where_run"))}
    return out


def _engine_arg(eng: Any, row: dict[str, Any], group_prefix: str) -> dict[str, Any]:
    """A row of another engine's surface (vLLM's): the same fields, its group namespaced, and the documented keys
    of a JSON-object argument (vLLM-Ascend's --additional-config keys on Ascend)."""
    out: dict[str, Any] = {"n": row["name"], "f": row["flags"], "g": group_prefix + row["group"],
                           "h": _pair(row["help"]), "t": row["type"], "dd": show(row["default"])}
    out.update(_cells(row["platforms"]))
    keys = _object_keys(eng, eng.surface.specs[row["name"]])
    if keys:
        out["k"] = keys
    return out


def _object_keys(eng: Any, spec: ArgSpec) -> list[list[Any]] | None:
    """The documented keys of a JSON-object argument as the page lists them, from the first platform whose engine
    documents any (as ``matrix.table.row`` picks them): [key, type, default, help] and, for a key the reader's
    release does not read (gone, or only read by a later release), what it says about that."""
    if not spec.is_object:
        return None
    found = next((k for k in (eng.object_keys(spec.name, p) for p in PLATFORMS.values()) if k), None)
    if not found:
        return None
    out: list[list[Any]] = []
    for k in found.values():
        entry: list[Any] = [k.key, k.type, show(k.default), _pair(k.help)]
        unread = _unread(k)
        if unread is not None:
            entry.append(unread)
        out.append(entry)
    return out


def _unread(key: ObjectKey) -> dict[str, str] | None:
    """Why the owner's release (``key.release``) does not read ``key``: removed (and what replaces it), or read only
    from a later release on; None when it reads it."""
    who = f"{key.owner} {key.release}".strip()
    if key.since:
        return {"en": f"not read by {who}: read from {key.since} on",
                "zh": f"{who} 不读取该键，自 {_zh_word(key.since)}起才读取"}
    if key.removed_in:
        then = {"en": f"; use {key.successor}", "zh": f"；改用 {key.successor}"} if key.successor else {"en": "", "zh": ""}
        return {"en": f"not read by {who}: removed in {key.removed_in}{then['en']}",
                "zh": f"{who} 不再读取该键：已于 {_zh_word(key.removed_in)}移除{then['zh']}"}
    return None


def _zh_word(release: str) -> str:
    """A release as Chinese text says it, spaced from the Chinese that follows only where it ends in Latin."""
    said = release_words(release, "zh")
    return said if said and not said[-1].isascii() else said + " "


# ---- releases ------------------------------------------------------------------------------------------------------
def held_releases(eng: Any) -> tuple[str, ...]:
    """The releases of ``eng`` the page offers, newest first: the engine's own release line (``releases.held``),
    so a release added to an engine's facts appears here with no change to this page."""
    line = getattr(eng, "releases", None)
    held = tuple(line.held) if line is not None else ()
    return tuple(sorted(held, key=line.parse, reverse=True)) if line is not None else held


def release_cells(eng: Any, spec: ArgSpec, release: str) -> dict[str, Any]:
    """``spec`` under ``eng``'s ``release`` as the page stores a row: the cells every table and page reads
    (``matrix.table.platform_entry``), and the release's verdict on the flag where the engine has one."""
    entries = {p: table.platform_entry(spec, p, eng, release) for p in PLATFORMS}
    out = _cells(entries)
    if eng.surface_key == "sglang":
        out.update(_release_badge(table.release_entry(spec, release)))
    return out


class _Texts:
    """The page's table of release texts: each (en, zh) pair once, cells refer to it by index."""

    def __init__(self) -> None:
        self.items: list[dict[str, str]] = []
        self._index: dict[tuple[str, str], int] = {}

    def __call__(self, pair: dict[str, str] | None) -> int | None:
        if pair is None:
            return None
        key = (pair["en"], pair["zh"])
        if key not in self._index:
            self._index[key] = len(self.items)
            self.items.append({"en": pair["en"], "zh": pair["zh"]})
        return self._index[key]


def _release_diffs(eng: Any, specs: list[ArgSpec], newest: dict[str, dict[str, Any]], texts: _Texts
                   ) -> dict[str, Any]:
    """Per held release other than the newest: what differs from the newest release's row, per argument. A flag
    the release does not have yet is {"ny": the release that adds it} (the page words it); otherwise the platforms
    whose status, options or reason differ (reasons as indexes into the text table) and the release's verdict."""
    out: dict[str, Any] = {}
    for release in held_releases(eng)[1:]:
        diffs = {}
        for spec in specs:
            base = newest[spec.name]
            if eng.surface_key == "sglang":
                entry = table.release_entry(spec, release)
                if entry["state"] == "not-yet":
                    diffs[spec.name] = {"ny": entry["since"]}
                    continue
            cells = release_cells(eng, spec, release)
            diff: dict[str, Any] = {}
            for key in ("s", "o"):
                changed = {p: v for p, v in cells[key].items() if base[key].get(p) != v}
                if changed:
                    diff[key] = changed
            reasons = {p: texts(cells["r"].get(p)) for p in platforms() if cells["r"].get(p) != base["r"].get(p)}
            if reasons:
                diff["r"] = reasons
            if cells.get("dep") != base.get("dep"):
                diff["dep"] = texts(cells.get("dep"))
                diff["depKind"] = cells.get("depKind")
            if diff:
                diffs[spec.name] = diff
        out[release] = diffs
    return out


# ---- vLLM-Ascend's releases: the Ascend columns of the vLLM view ----------------------------------------------
def ascend_releases() -> tuple[str, ...]:
    """vLLM-Ascend's held releases, newest first (``main``, a dated commit after every release, first)."""
    return tuple(reversed(ascend_facts.RELEASES))


def _ascend_label(release: str) -> dict[str, str]:
    """An entry of the vLLM-Ascend selector: the release as people say it, and the vLLM release it runs on."""
    said = ascend_facts.READ_FROM["release"].split(",")[0] if release == "main" else release
    pin = ascend_facts.pinned_vllm(release)
    return {"en": f"{release_words(said, 'en')} · vLLM {pin}", "zh": f"{release_words(said, 'zh')} · vLLM {pin}"}


def _ascend_diffs(vllm: Any, specs: list[ArgSpec], newest: dict[str, dict[str, Any]], texts: _Texts
                  ) -> dict[str, Any]:
    """Per held vLLM-Ascend release other than the newest, what differs on the Ascend columns from the newest's
    row, as ``vllm.on_ascend(release)`` judges it: statuses, allowed values, reasons (indexes into the text table),
    and the object keys that differ or are new ("k", by key) or that the release does not list ("kx")."""
    if vllm.ascend_release != ascend_facts.NEWEST:
        raise ValueError(f"the vLLM rows must be vLLM-Ascend {ascend_facts.NEWEST}'s, not {vllm.ascend_release}'s")
    npu = [p for p in platforms() if PLATFORMS[p].family == "npu"]
    release_of_vllm = held_releases(vllm)[0]
    out: dict[str, Any] = {}
    for release in ascend_releases()[1:]:
        eng = vllm.on_ascend(release)
        diffs = {}
        for spec in specs:
            base = newest[spec.name]
            cells = _cells({p: table.platform_entry(spec, p, eng, release_of_vllm) for p in npu})
            diff: dict[str, Any] = {}
            for key in ("s", "o"):
                changed = {p: v for p, v in cells[key].items() if base[key].get(p) != v}
                if changed:
                    diff[key] = changed
            reasons = {p: texts(cells["r"].get(p)) for p in npu if cells["r"].get(p) != base["r"].get(p)}
            if reasons:
                diff["r"] = reasons
            keys = _object_keys(eng, spec) or []
            had = {k[0]: k for k in base.get("k") or ()}
            put = [k for k in keys if had.get(k[0]) != k]
            gone = [name for name in had if name not in {k[0] for k in keys}]
            if put:
                diff["k"] = put
            if gone:
                diff["kx"] = gone
            if diff:
                diffs[spec.name] = diff
        out[release] = diffs
    return out


def _views(sglang: Any, vllm: Any) -> list[dict[str, Any]]:
    ascend = [p for p in platforms() if PLATFORMS[p].family == "npu"]
    return [
        {"key": "sglang", "rows": "args", "label": _pair(UI_VIEWS["sglang"]), "releases": list(held_releases(sglang)),
         "cols": {p: None for p in platforms()}},
        {"key": "vllm", "rows": "vargs", "label": _pair(UI_VIEWS["vllm"]), "releases": list(held_releases(vllm)),
         "cols": {p: ({"en": "vLLM-Ascend", "zh": "vLLM-Ascend"} if p in ascend else {"en": "vLLM", "zh": "vLLM"})
                  for p in platforms()},
         "ascend": {"releases": list(ascend_releases()), "platforms": ascend,
                    "labels": {r: _ascend_label(r) for r in ascend_releases()}}},
        {"key": "argmatrix", "rows": "args", "label": _pair(UI_VIEWS["argmatrix"]), "releases": [], "own": True},
    ]


def data_json() -> str:
    """The embedded data: metadata on the first lines, then one argument per line (SGLang's, then vLLM's), then
    the older releases' differences, one release per line (each engine's, then vLLM-Ascend's on the Ascend
    columns of the vLLM rows)."""
    from ..matrix import engines

    sglang, vllm = engines.get("sglang"), engines.get("vllm")
    vllm_groups = [{"key": "vllm:" + g.key, "en": g.title.en, "zh": g.title.zh} for g, _ in vllm.surface.groups]
    meta = {
        "platforms": list(platforms()),
        "platformNames": {p: platform_name(p) for p in platforms()},
        "platformTitles": {p: _pair(PLATFORMS[p].title) for p in platforms()},
        "statuses": list(STATUS_ORDER),
        "statusWords": {s: _pair(STATUS_WORDS[s]) for s in STATUS_ORDER},
        "statusMeaning": {s: _pair(STATUS_MEANING[s]) for s in STATUS_ORDER},
        "marks": dict(STATUS_MARKS),
        "engineWords": {k: _pair(v) for k, v in ENGINE_WORDS.items()},
        "groups": [{"key": g.key, "en": g.title.en, "zh": g.title.zh} for g, _ in groups()] + vllm_groups,
        "ui": {k: {"en": en, "zh": zh} for k, (en, zh) in UI.items()},
        "views": _views(sglang, vllm),
    }
    sglang_specs = [s for _, specs in groups() for s in specs]
    args = [_arg(s) for s in sglang_specs]
    vrows = table.rows(vllm)
    vargs = [_engine_arg(vllm, r, "vllm:") for r in vrows]
    vspecs = [vllm.surface.specs[r["name"]] for r in vrows]
    newest_s = {a["n"]: a for a in args}
    newest_v = {a["n"]: a for a in vargs}
    texts = _Texts()
    rel = {"sglang": _release_diffs(sglang, sglang_specs, newest_s, texts),
           "vllm": _release_diffs(vllm, vspecs, newest_v, texts)}
    arel = _ascend_diffs(vllm, vspecs, newest_v, texts)

    def dump(x: Any) -> str:
        return json.dumps(x, ensure_ascii=False, separators=(",", ":"))

    head = dump(meta)
    body = ",\n".join(dump(a) for a in args)
    vbody = ",\n".join(dump(a) for a in vargs)
    rbody = ",\n".join(f"{dump(k)}:{{" + ",\n".join(f"{dump(r)}:{dump(d)}" for r, d in v.items()) + "}"
                       for k, v in rel.items())
    abody = ",\n".join(f"{dump(r)}:{dump(d)}" for r, d in arel.items())
    tbody = ",\n".join(dump(t) for t in texts.items)
    text = (head[:-1] + ',"args":[\n' + body + '\n],"vargs":[\n' + vbody + '\n],"texts":[\n' + tbody
            + '\n],"rel":{\n' + rbody + '\n},"arel":{\n' + abody + "\n}}")
    # "\/" is JSON's own escape of "/": a URL in a help text stays text, and the page holds no "https://"
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("://", ":\\/\\/"))


def render() -> str:
    template = TEMPLATE.read_text(encoding="utf-8")
    if "/*DATA*/" not in template:
        raise ValueError(f"{TEMPLATE} lost its /*DATA*/ placeholder")
    return template.replace("/*DATA*/", data_json())


def render_all() -> dict[str, str]:
    return {PATH: render()}
