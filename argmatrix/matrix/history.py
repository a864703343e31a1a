"""Matrix snapshots and the differences between them: what a platform maintainer pastes into release notes.

A snapshot is the support table of one release as data::

    {"name": "ascend-page-v1", "platforms": ["a2", "a3"],
     "arguments": [{"name": "model_path", "flags": ["--model-path", "--model"], "group": "model",
                    "status": {"a2": "supported", "a3": "supported"}, "default": "None", "options": null}, ...]}

``default`` is the value the release's Ascend page shows (as text: ``None``,
``False``, ``auto``), ``options`` the closed list of values allowed on NPU, or
null when any value of the type is allowed.  ``ascend-page-v1`` (seed 000) is
stored in ``snapshots/``; ``ascend-page-v2`` is the live schema and matrix.
:func:`diff` reports arguments added, removed, renamed (the flags whose value
``schema/release_table.py`` moves to a successor) and moved, and every per-platform status, default
and option change; :func:`render` writes it as Markdown (en/zh) or JSON.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..markdown import md_table
from ..schema import snapshots
from ..schema.meta import Text
from ..schema.registry import FLAGS, GROUPS, SPECS
from ..schema.releases import CHANGES, moved, superseded, verdict
from ..schema.values import as_doc
from .platforms import PLATFORMS
from .status import STATUS_MARKS, STATUS_TITLES

SNAPSHOT_DIR = Path(__file__).with_name("snapshots")
FORMAT_VERSION = 1


class UnknownSnapshot(ValueError):
    """A snapshot name or file that is not one; ``text`` says so in both languages."""

    def __init__(self, en: str, zh: str):
        super().__init__(en)
        self.text = Text(en, zh)


# --- snapshots -----------------------------------------------------------------------------------------------------

show = as_doc  # the pages' rule; kept under this name for the generators


def current_snapshot() -> dict[str, Any]:
    """The live schema and matrix as a snapshot (``snapshots.CURRENT``): every argument not renamed or removed."""
    from . import table

    args = []
    for _, specs in GROUPS:
        for spec in specs:
            if superseded(spec.name):
                continue
            row = table.row(spec, release=None)  # the table's own cells: a snapshot is of the page, not a release
            npu = row["platforms"]["a2"]
            values = npu["options"] if npu["options"] is not None else row["choices"]
            args.append({
                "name": spec.name,
                "flags": list(spec.flags),
                "group": spec.group.key,
                "status": {p: row["platforms"][p]["status"] for p in PLATFORMS},
                "default": show(npu["default"]),
                "options": [show(v) for v in values] if values is not None else None,
            })
    return {"format": FORMAT_VERSION, "name": snapshots.CURRENT,
            "description": {"en": "the live argmatrix schema and support matrix",
                            "zh": "当前 argmatrix 参数定义与支持矩阵"},
            "platforms": list(PLATFORMS), "arguments": args}


_TYPE_WORDS = re.compile(r"^(类型|布尔标志|bool flag|Type:|List\[|Optional\[)", re.IGNORECASE)


def _seed_options(text: str) -> list[str] | None:
    text = text.strip()
    if not text or text == "无" or _TYPE_WORDS.match(text):
        return None
    return [part.strip().strip("‘’'\"“”") for part in text.split(",") if part.strip()]


def _seed_default(text: str) -> str:
    text = text.strip()
    return {"无": "None", "``": '""', "": '""'}.get(text, text)


def _title_key(title: str) -> str:
    return re.split(r"\s*[(（]", title, maxsplit=1)[0].strip()


def snapshot_from_seed000(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Derive the ``ascend-page-v1`` snapshot from seed 000's rows (``tests/fixtures/seed000.json``).

    Flags are mapped to today's field names (aliases and renamed flags
    included); a section becomes the group most of its arguments belong to today.
    """
    named = []
    for r in rows:
        name = next((FLAGS[f] for f in r["flags"] if f in FLAGS), None)
        if name is None:
            name = r["flags"][0].lstrip("-").replace("-", "_")
        named.append((name, r))
    votes: dict[str, dict[str, int]] = {}
    for name, r in named:
        if name in SPECS:
            tally = votes.setdefault(r["section"], {})
            key = SPECS[name].group.key
            tally[key] = tally.get(key, 0) + 1
    # a section is the group with the same Chinese title (before any parenthesis), else the group most of its
    # arguments belong to today
    by_title = {_title_key(group.title.zh): group.key for group, _ in GROUPS}
    group_of = {section: by_title.get(_title_key(section)) or max(sorted(tally), key=lambda k: tally[k])
                for section, tally in votes.items()}
    args = [{
        "name": name,
        "flags": list(r["flags"]),
        "group": group_of.get(r["section"], r["section"]),
        "section": r["section"],
        "status": {"a2": "supported" if r["a2"] else "unsupported", "a3": "supported" if r["a3"] else "unsupported"},
        "default": _seed_default(r["default"]),
        "options": _seed_options(r["options"]),
    } for name, r in named]
    return {"format": FORMAT_VERSION, "name": snapshots.PREVIOUS,
            "description": {"en": "the older Chinese Ascend feature page (seed 000)",
                            "zh": "较早的中文版 Ascend 特性页（seed 000）"},
            "platforms": ["a2", "a3"], "arguments": args}


def available() -> list[str]:
    """Snapshot names ``load`` understands."""
    stored = sorted(p.stem for p in SNAPSHOT_DIR.glob("*.json"))
    return [*stored, snapshots.CURRENT] if snapshots.CURRENT not in stored else stored


def load(ref: str) -> dict[str, Any]:
    """A snapshot by name (``ascend-page-v1``, ``ascend-page-v2``/``current``) or by path to a snapshot JSON file."""
    if ref in (snapshots.CURRENT, "current"):
        return current_snapshot()
    stored = SNAPSHOT_DIR / f"{ref}.json"
    path = stored if stored.is_file() else Path(ref)
    if not path.is_file():
        names = ", ".join(available())
        raise UnknownSnapshot(f"unknown snapshot '{ref}'; choose one of {names} or give a path to a snapshot JSON file",
                              f"未知快照“{ref}”；请从 {names} 中选择，或给出快照 JSON 文件的路径")
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("arguments"), list):
        raise UnknownSnapshot(f"{ref} is not a snapshot file (no 'arguments' list)",
                              f"{ref} 不是快照文件（其中没有“arguments”列表）")
    data.setdefault("name", path.stem)
    data.setdefault("platforms", sorted({p for a in data["arguments"] for p in a.get("status", {})}))
    return data


# --- diff ----------------------------------------------------------------------------------------------------------

def _brief(arg: dict[str, Any], platforms: list[str]) -> dict[str, Any]:
    return {"name": arg["name"], "flags": arg["flags"], "group": arg.get("group"),
            "status": {p: arg.get("status", {}).get(p) for p in platforms}}


def diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """Everything that changed from snapshot ``old`` to snapshot ``new``, as plain data."""
    platforms = [p for p in new["platforms"] if p in old["platforms"]]
    o = {a["name"]: a for a in old["arguments"]}
    n = {a["name"]: a for a in new["arguments"]}
    only_old = [k for k in o if k not in n]
    only_new = [k for k in n if k not in o]
    renamed: list[tuple[str, str]] = []
    for k in only_old:
        successor = moved().get(k)
        if successor is not None and successor in n and successor not in o:
            renamed.append((k, successor))
    gone = {a for a, _ in renamed}
    came = {b for _, b in renamed}
    out: dict[str, Any] = {
        "old": old["name"], "new": new["name"], "platforms": platforms,
        "added": [_brief(n[k], platforms) for k in only_new if k not in came],
        "removed": [],
        "renamed": [],
        "moved": [],
        "status_changes": [],
        "default_changes": [],
        "options_changes": [],
        "flag_changes": [],
    }
    for k in only_old:
        if k in gone:
            continue
        entry = _brief(o[k], platforms)
        change = CHANGES.get(k)
        fix = verdict(k).fix if change is not None and change.retired else None
        entry["instead"] = {"en": fix.en, "zh": fix.zh} if fix else None
        entry["since"] = change.gone_in if change is not None else None  # the SGLang release that refuses it
        out["removed"].append(entry)
    pairs = [(k, k) for k in o if k in n] + renamed
    position = {k: i for i, k in enumerate(n)}
    pairs.sort(key=lambda kv: position[kv[1]])
    for old_key, new_key in pairs:
        a, b = o[old_key], n[new_key]
        flag = b["flags"][0]
        if old_key != new_key:
            out["renamed"].append({"old_name": old_key, "old_flags": a["flags"], "name": new_key, "flags": b["flags"]})
        elif a["flags"] != b["flags"]:
            out["flag_changes"].append({"name": new_key, "old": a["flags"], "new": b["flags"]})
        if a.get("group") != b.get("group"):
            out["moved"].append({"name": new_key, "flag": flag, "old": a.get("group"), "new": b.get("group")})
        for p in platforms:
            before, after = a.get("status", {}).get(p), b.get("status", {}).get(p)
            if before != after:
                out["status_changes"].append(
                    {"name": new_key, "flag": flag, "platform": p, "old": before, "new": after})
        if a.get("default") != b.get("default"):
            out["default_changes"].append(
                {"name": new_key, "flag": flag, "old": a.get("default"), "new": b.get("default")})
        if a.get("options") != b.get("options"):
            before, after = a.get("options"), b.get("options")
            out["options_changes"].append({
                "name": new_key, "flag": flag, "old": before, "new": after,
                "added": [v for v in after if v not in before] if before is not None and after is not None else None,
                "removed": [v for v in before if v not in after] if before is not None and after is not None else None,
            })
    changed = {e["name"] for key in ("added", "removed", "renamed", "moved", "status_changes", "default_changes",
                                     "options_changes", "flag_changes") for e in out[key]}
    out["summary"] = {key: len(out[key]) for key in ("added", "removed", "renamed", "moved", "status_changes",
                                                     "default_changes", "options_changes", "flag_changes")}
    out["summary"]["arguments_changed"] = len(changed)
    return out


# --- rendering -----------------------------------------------------------------------------------------------------

_W = {
    "title": Text("Support matrix changes: {old} → {new}", "支持矩阵变更：{old} → {new}"),
    "intro": Text("Generated by argmatrix from the stored snapshot and the live matrix; paste it into release notes.",
                  "由 argmatrix 根据存档快照与当前矩阵生成，可直接用于版本说明。"),
    "summary": Text("Summary", "概览"),
    "what": Text("Change", "变更"),
    "count": Text("Count", "数量"),
    "added": Text("Added arguments", "新增参数"),
    "removed": Text("Removed arguments", "移除的参数"),
    "renamed": Text("Renamed arguments", "更名的参数"),
    "moved": Text("Moved to another section", "调整了所属分组"),
    "status_changes": Text("Status changes", "支持状态变更"),
    "default_changes": Text("Default changes", "默认值变更"),
    "options_changes": Text("Option changes", "可选值变更"),
    "flag_changes": Text("Alias changes", "别名变更"),
    "arguments_changed": Text("Arguments with any change", "有变更的参数"),
    "argument": Text("Argument", "参数"),
    "group": Text("Section", "分组"),
    "platform": Text("Platform", "平台"),
    "before": Text("Before", "变更前"),
    "after": Text("After", "变更后"),
    "old_flag": Text("Old flag", "旧参数"),
    "new_flag": Text("New flag", "新参数"),
    "instead": Text("Use instead", "替代方式"),
    "any": Text("any value of the type", "类型允许的任意值"),
    "none": Text("No changes.", "没有变更。"),
    "values_added": Text("added", "新增"),
    "values_removed": Text("removed", "移除"),
    "delete": Text("delete it", "直接删除"),
}
# the one status vocabulary, with its marks (matrix/status.py); None: the argument did not exist yet
_STATUS: dict[str | None, Text] = {s.value: Text(f"{STATUS_MARKS[s]} {t.en}", f"{STATUS_MARKS[s]} {t.zh}") for s, t in STATUS_TITLES.items()}
_STATUS[None] = Text("—", "—")


def _esc(text: Any) -> str:
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|")
            .replace("\n", " "))


def _code(text: Any) -> str:
    text = str(text)
    fence = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}".replace("|", "\\|")


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    return md_table(head, rows)


def _group_title(key: str | None, lang: str) -> str:
    for group, _ in GROUPS:
        if group.key == key:
            return group.title(lang)
    return key or ""


def _status(value: str | None, lang: str) -> str:
    return (_STATUS.get(value) or Text(str(value), str(value)))(lang)


def _values(values: list[str] | None, lang: str) -> str:
    return ", ".join(_code(v) for v in values) if values is not None else _esc(_W["any"](lang))


def render_markdown(d: dict[str, Any], lang: str = "en") -> str:
    w = {k: v(lang) for k, v in _W.items()}
    def named(snapshot: str) -> str:  # a snapshot said as what it is, not as if its name were a version
        return snapshots.since_text(snapshot)(lang) if snapshot in available() else snapshot

    def count(n: int) -> str:
        return f"（{n}）" if lang == "zh" else f" ({n})"

    lines = [f"# {w['title'].format(old=named(d['old']), new=named(d['new']))}", "", w["intro"], "",
             f"## {w['summary']}", ""]
    keys = ["added", "removed", "renamed", "moved", "status_changes", "default_changes", "options_changes",
            "flag_changes", "arguments_changed"]
    lines += _table([w["what"], w["count"]], [[w[k], str(d["summary"][k])] for k in keys])
    lines.append("")
    plats = d["platforms"]
    if d["added"]:
        lines += [f"## {w['added']}{count(len(d['added']))}", ""]
        lines += _table([w["argument"], w["group"], *(p.upper() for p in plats)],
                        [[_code(a["flags"][0]), _esc(_group_title(a["group"], lang)),
                          *(_status(a["status"][p], lang) for p in plats)] for a in d["added"]]) + [""]
    if d["removed"]:
        lines += [f"## {w['removed']}{count(len(d['removed']))}", ""]
        lines += _table([w["argument"], w["group"], w["instead"]],
                        [[_code(a["flags"][0]), _esc(_group_title(a["group"], lang)),
                          _esc(a["instead"][lang]) if a.get("instead") else _esc(w["delete"])]
                         for a in d["removed"]]) + [""]
    if d["renamed"]:
        lines += [f"## {w['renamed']}{count(len(d['renamed']))}", ""]
        lines += _table([w["old_flag"], w["new_flag"]],
                        [[_code(r["old_flags"][0]), _code(r["flags"][0])] for r in d["renamed"]]) + [""]
    if d["moved"]:
        lines += [f"## {w['moved']}{count(len(d['moved']))}", ""]
        lines += _table([w["argument"], w["before"], w["after"]],
                        [[_code(m["flag"]), _esc(_group_title(m["old"], lang)), _esc(_group_title(m["new"], lang))]
                         for m in d["moved"]]) + [""]
    if d["status_changes"]:
        lines += [f"## {w['status_changes']}{count(len(d['status_changes']))}", ""]
        lines += _table([w["argument"], w["platform"], w["before"], w["after"]],
                        [[_code(c["flag"]), c["platform"].upper(), _status(c["old"], lang), _status(c["new"], lang)]
                         for c in d["status_changes"]]) + [""]
    if d["default_changes"]:
        lines += [f"## {w['default_changes']}{count(len(d['default_changes']))}", ""]
        lines += _table([w["argument"], w["before"], w["after"]],
                        [[_code(c["flag"]), _code(c["old"]), _code(c["new"])] for c in d["default_changes"]]) + [""]
    if d["options_changes"]:
        lines += [f"## {w['options_changes']}{count(len(d['options_changes']))}", ""]
        sep = ("：", "、", "；") if lang == "zh" else (": ", ", ", "; ")  # label, list and clause separators
        rows = []
        for c in d["options_changes"]:
            if c["added"] is not None:
                parts = []
                if c["added"]:
                    parts.append(f"{w['values_added']}{sep[0]}" + sep[1].join(_code(v) for v in c["added"]))
                if c["removed"]:
                    parts.append(f"{w['values_removed']}{sep[0]}" + sep[1].join(_code(v) for v in c["removed"]))
                change = sep[2].join(parts) or _esc(_values(c["new"], lang))
                rows.append([_code(c["flag"]), _values(c["old"], lang), _values(c["new"], lang), change])
            else:
                rows.append([_code(c["flag"]), _values(c["old"], lang), _values(c["new"], lang), ""])
        lines += _table([w["argument"], w["before"], w["after"], w["what"]], rows) + [""]
    if d["flag_changes"]:
        lines += [f"## {w['flag_changes']}{count(len(d['flag_changes']))}", ""]
        lines += _table([w["argument"], w["before"], w["after"]],
                        [[_code(c["new"][0]), ", ".join(map(_code, c["old"])), ", ".join(map(_code, c["new"]))]
                         for c in d["flag_changes"]]) + [""]
    if not d["summary"]["arguments_changed"]:
        lines += [w["none"], ""]
    return "\n".join(line.rstrip() for line in lines).rstrip("\n") + "\n"


render_md = render_markdown  # the name the CLI calls


def render_json(d: dict[str, Any]) -> str:
    return json.dumps(d, ensure_ascii=False, indent=2) + "\n"


def render(d: dict[str, Any], fmt: str = "md", lang: str = "en") -> str:
    """The diff as ``md`` (Markdown in ``lang``) or ``json``."""
    if fmt == "json":
        return render_json(d)
    if fmt in ("md", "markdown"):
        return render_markdown(d, lang)
    raise ValueError(f"unknown format '{fmt}'; choose md or json")


def write_stored_v1(fixture: str | Path) -> Path:
    """Re-derive ``snapshots/ascend-page-v1.json`` from seed 000's fixture (run when the schema renames a flag)."""
    rows = json.loads(Path(fixture).read_text(encoding="utf-8"))
    path = SNAPSHOT_DIR / f"{snapshots.PREVIOUS}.json"
    path.write_text(dumps_snapshot(snapshot_from_seed000(rows)), encoding="utf-8")
    return path


def dumps_snapshot(snapshot: dict[str, Any]) -> str:
    """One argument per line, so a snapshot's own diff in review reads row by row."""
    head = {k: v for k, v in snapshot.items() if k != "arguments"}
    body = ",\n".join("  " + json.dumps(a, ensure_ascii=False) for a in snapshot["arguments"])
    text = json.dumps(head, ensure_ascii=False, indent=1)
    return text[:-2] + ',\n "arguments": [\n' + body + "\n ]\n}\n"


if __name__ == "__main__":  # python -m argmatrix.matrix.history tests/fixtures/seed000.json
    import sys

    print(write_stored_v1(sys.argv[1] if len(sys.argv) > 1 else "tests/fixtures/seed000.json"))
