"""``matrix diff --engine vllm OLD NEW``: what changed between two held vLLM releases, as Markdown (en/zh) or JSON.

The data is ``schema/vllm/releases.diff`` (both releases' own parsers, read into their fixtures): flags added and
removed (with the flags the old release names in place of a removed one), defaults, choices, types and spellings
that changed, and the keys added to or removed from each JSON config object.
"""
from __future__ import annotations

import json
from typing import Any

from ..markdown import md_table
from ..schema.meta import Text
from ..schema.vllm import releases

_W = {
    "title": Text("vLLM {old} → {new}: what the parser changed", "vLLM {old} → {new}：解析器的变化"),
    "intro": Text("Read from both releases' own `vllm serve` parsers (tests/fixtures/vllm-<release>.json).",
                  "读取自两个版本各自的 `vllm serve` 解析器（tests/fixtures/vllm-<release>.json）。"),
    "added": Text("Flags added", "新增参数"),
    "removed": Text("Flags removed", "移除的参数"),
    "defaults": Text("Defaults changed", "默认值变化"),
    "choices": Text("Choices changed", "可选值变化"),
    "types": Text("Types changed", "类型变化"),
    "spellings": Text("Spellings changed", "写法变化"),
    "keys": Text("JSON-config keys", "JSON 配置键"),
    "flag": Text("flag", "参数"),
    "instead": Text("in its place", "替代项"),
    "before": Text("before", "之前"),
    "after": Text("after", "之后"),
    "config": Text("config", "配置"),
    "keys_added": Text("keys added", "新增的键"),
    "keys_removed": Text("keys removed", "移除的键"),
    "values_added": Text("added", "新增"),
    "values_removed": Text("removed", "移除"),
    "unchecked": Text("any value (the parser no longer checks)", "任意取值（解析器不再检查）"),
    "now_checked": Text("checked from now on", "从此版本起检查"),
    "none": Text("Nothing changed.", "没有变化。"),
}


class UnheldRelease(ValueError):
    def __init__(self, release: str):
        held = ", ".join(releases.HELD)
        super().__init__(f"vLLM {release}: argmatrix holds vLLM {held}")
        self.text = Text(f"vLLM {release}: argmatrix holds the parsers of vLLM {held}",
                         f"vLLM {release}：argmatrix 只收录了 vLLM {'、'.join(releases.HELD)} 的解析器")


def diff(old: str, new: str) -> dict[str, Any]:
    """The changes from held release ``old`` to ``new`` (UnheldRelease when argmatrix holds either not)."""
    found = []
    for text in (old, new):
        held = releases.normal(text)
        if held is None:
            raise UnheldRelease(text)
        found.append(held)
    return releases.diff(*found)


def _code(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return f"`{text}`".replace("|", "\\|")


def render_markdown(d: dict[str, Any], lang: str = "en") -> str:
    w = {k: v(lang) for k, v in _W.items()}
    sep = "、" if lang == "zh" else ", "
    count = (lambda n: f"（{n}）") if lang == "zh" else (lambda n: f" ({n})")
    lines = [f"# {w['title'].format(old=d['from'], new=d['to'])}", "", w["intro"], ""]
    if d["added"]:
        lines += [f"## {w['added']}{count(len(d['added']))}", ""]
        lines += md_table([w["flag"]], [[sep.join(map(_code, a["flags"]))] for a in d["added"]]) + [""]
    if d["removed"]:
        lines += [f"## {w['removed']}{count(len(d['removed']))}", ""]
        lines += md_table([w["flag"], w["instead"]], [[sep.join(map(_code, a["flags"])),
                                                       sep.join(map(_code, a["successors"])) or "—"]
                                                      for a in d["removed"]]) + [""]
    if d["defaults"]:
        lines += [f"## {w['defaults']}{count(len(d['defaults']))}", ""]
        lines += md_table([w["flag"], w["before"], w["after"]],
                          [[_code(c["flag"]), _code(c["from"]), _code(c["to"])] for c in d["defaults"]]) + [""]
    if d["choices"]:
        lines += [f"## {w['choices']}{count(len(d['choices']))}", ""]
        rows = []
        for c in d["choices"]:
            if not c["checked"]:
                said = w["unchecked"]
            else:
                parts = [f"{w['values_added']}: " + sep.join(map(_code, c["added"]))] if c["added"] else []
                parts += [f"{w['values_removed']}: " + sep.join(map(_code, c["removed"]))] if c["removed"] else []
                said = "; ".join(parts) + ("" if c["was_checked"] else f" ({w['now_checked']})")
            rows.append([_code(c["flag"]), said])
        lines += md_table([w["flag"], w["after"]], rows) + [""]
    if d["types"]:
        lines += [f"## {w['types']}{count(len(d['types']))}", ""]
        lines += md_table([w["flag"], w["before"], w["after"]],
                          [[_code(c["flag"]), _code(c["from"]), _code(c["to"])] for c in d["types"]]) + [""]
    if d["spellings"]:
        lines += [f"## {w['spellings']}{count(len(d['spellings']))}", ""]
        lines += md_table([w["flag"], w["before"], w["after"]],
                          [[_code(c["name"]), f"{sep.join(map(_code, c['from']))} ({c['action'][0]})",
                            f"{sep.join(map(_code, c['to']))} ({c['action'][1]})"] for c in d["spellings"]]) + [""]
    if d["config_keys"]:
        lines += [f"## {w['keys']}{count(len(d['config_keys']))}", ""]
        lines += md_table([w["config"], w["keys_added"], w["keys_removed"], w["defaults"]],
                          [[_code("--" + name.replace("_", "-")), sep.join(map(_code, c["added"])) or "—",
                            sep.join(map(_code, c["removed"])) or "—",
                            sep.join(f"{_code(x['key'])} {_code(x['from'])} → {_code(x['to'])}" for x in c["defaults"])
                            or "—"] for name, c in d["config_keys"].items()]) + [""]
    if not any(d[k] for k in ("added", "removed", "defaults", "choices", "types", "spellings", "config_keys")):
        lines += [w["none"], ""]
    return "\n".join(line.rstrip() for line in lines).rstrip("\n") + "\n"


def render_json(d: dict[str, Any]) -> str:
    return json.dumps(d, ensure_ascii=False, indent=2) + "\n"
