"""``matrix diff --engine E OLD NEW``: what changed between two held releases of one engine, as Markdown (en/zh) or
JSON.

The data is the engine's own (``Engine.release_diff``), read from both releases' fixtures: flags added and removed
(with what the old release names in place of a removed one), defaults, choices, types and spellings that changed,
the keys added to or removed from each JSON-config object, and the start-up checks whose code one release has and
the other lacks.  ``--engine vllm-ascend`` compares two vLLM-Ascend releases (``engines/vllm_ascend_diff.py``): their
``--additional-config`` keys, quantization methods per chip, pinned vLLM releases, resets and checks.
"""
from __future__ import annotations

import json
from typing import Any

from ..markdown import md_table
from ..schema.meta import Text
from . import engines

_W = {
    "title": Text("{engine} {old} → {new}: what changed", "{engine} {old} → {new}：版本间的变化"),
    "intro": Text("Read from both releases' own code (tests/fixtures/, one fixture per release).",
                  "读取自两个版本各自的代码（tests/fixtures/ 下每个版本一个夹具文件）。"),
    "added": Text("Flags added", "新增参数"),
    "removed": Text("Flags removed", "移除的参数"),
    "defaults": Text("Defaults changed", "默认值变化"),
    "choices": Text("Choices changed", "可选值变化"),
    "types": Text("Types changed", "类型变化"),
    "spellings": Text("Spellings changed", "写法变化"),
    "keys": Text("JSON-config keys", "JSON 配置键"),
    "checks": Text("Start-up checks", "启动检查"),
    "checks_added": Text("checks only the new release's code has", "仅新版本代码中有的检查"),
    "checks_removed": Text("checks only the old release's code has", "仅旧版本代码中有的检查"),
    "quantization": Text("Quantization methods", "量化方法"),
    "method": Text("method", "方法"),
    "chips_added": Text("chips added", "新增的芯片"),
    "chips_removed": Text("chips removed", "移除的芯片"),
    "pins": Text("Pinned vLLM release", "配套的 vLLM 版本"),
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
_TITLES = {"sglang": "SGLang", "vllm": "vLLM", "vllm-ascend": "vLLM-Ascend"}
PLUGINS = ("vllm-ascend", "vllm_ascend")  # --engine names that compare the platform plugin's releases


class UnheldRelease(ValueError):
    def __init__(self, engine: str, release: str, held: tuple[str, ...]):
        title = _TITLES.get(engine, engine)
        super().__init__(f"{title} {release}: argmatrix holds {title} {', '.join(held)}")
        self.text = Text(f"{title} {release}: argmatrix holds the releases {', '.join(held)} of {title}",
                         f"{title} {release}：argmatrix 只收录了 {title} {'、'.join(held)}")


def diff(engine: str, old: str, new: str) -> dict[str, Any]:
    """The changes from held release ``old`` to ``new`` of ``engine`` (UnheldRelease when either is not held)."""
    if engine in PLUGINS:
        from .engines import vllm_ascend_diff
        from .engines import vllm_ascend_facts as ascend

        for text in (old, new):
            try:
                ascend.release_of(text)
            except ascend.UnknownRelease:
                raise UnheldRelease("vllm-ascend", text, ascend.RELEASES) from None
        return vllm_ascend_diff.diff(old, new)
    eng = engines.get(engine)
    line = eng.releases
    if line is None:
        raise UnheldRelease(eng.key, old, ())
    found = []
    for text in (old, new):
        held = next((h for h in line.held if _same(line, h, text)), None)
        if held is None:
            raise UnheldRelease(eng.key, text, line.held)
        found.append(held)
    return eng.release_diff(*found)


def _same(line: Any, held: str, text: str) -> bool:
    try:
        return bool(line.parse(held) == line.parse(text))
    except ValueError:
        return False


def _code(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return f"`{text}`".replace("|", "\\|")


def render_markdown(d: dict[str, Any], lang: str = "en") -> str:
    w = {k: v(lang) for k, v in _W.items()}
    sep = "、" if lang == "zh" else ", "
    count = (lambda n: f"（{n}）") if lang == "zh" else (lambda n: f" ({n})")
    title = _TITLES.get(d["engine"], d["engine"])
    lines = [f"# {w['title'].format(engine=title, old=d['from'], new=d['to'])}", "", w["intro"], ""]
    if d.get("pins") and d["pins"]["from"] != d["pins"]["to"]:
        lines += [f"## {w['pins']}", "", f"vLLM {d['pins']['from']} → vLLM {d['pins']['to']}", ""]
    def section(key: str, header: list[str], rows: list[list[str]]) -> None:
        """One heading with its count and a table; nothing when ``rows`` is empty."""
        if rows:
            lines.extend([f"## {w[key]}{count(len(rows))}", "", *md_table(header, rows), ""])

    section("added", [w["flag"]], [[sep.join(map(_code, a["flags"]))] for a in d["added"]])
    section("removed", [w["flag"], w["instead"]],
            [[sep.join(map(_code, a["flags"])), sep.join(map(_code, a["successors"])) or "—"] for a in d["removed"]])
    section("defaults", [w["flag"], w["before"], w["after"]],
            [[_code(c["flag"]), _code(c["from"]), _code(c["to"])] for c in d["defaults"]])
    rows = []
    for c in d["choices"]:
        if not c["checked"]:
            said = w["unchecked"]
        else:
            parts = [f"{w['values_added']}: " + sep.join(map(_code, c["added"]))] if c["added"] else []
            parts += [f"{w['values_removed']}: " + sep.join(map(_code, c["removed"]))] if c["removed"] else []
            said = "; ".join(parts) + ("" if c["was_checked"] else f" ({w['now_checked']})")
        rows.append([_code(c["flag"]), said])
    section("choices", [w["flag"], w["after"]], rows)
    section("types", [w["flag"], w["before"], w["after"]],
            [[_code(c["flag"]), _code(c["from"]), _code(c["to"])] for c in d["types"]])
    section("spellings", [w["flag"], w["before"], w["after"]],
            [[_code(c["name"]), f"{sep.join(map(_code, c['from']))} ({c['action'][0]})",
              f"{sep.join(map(_code, c['to']))} ({c['action'][1]})"] for c in d["spellings"]])
    section("keys", [w["config"], w["keys_added"], w["keys_removed"], w["defaults"]],
            [[_code("--" + name.replace("_", "-")), sep.join(map(_code, c["added"])) or "—",
              sep.join(map(_code, c["removed"])) or "—",
              sep.join(f"{_code(x['key'])} {_code(x['from'])} → {_code(x['to'])}" for x in c["defaults"]) or "—"]
             for name, c in d["config_keys"].items()])
    section("quantization", [w["method"], w["chips_added"], w["chips_removed"]],
            [[_code(m), sep.join(c["added"]) or "—", sep.join(c["removed"]) or "—"]
             for m, c in (d.get("quantization") or {}).items()])
    checks = d.get("checks") or {}
    if checks.get("added") or checks.get("removed"):
        lines += [f"## {w['checks']}", ""]
        for key in ("added", "removed"):
            if checks.get(key):
                lines += [f"- {w['checks_' + key]}{count(len(checks[key]))}: " + sep.join(map(_code, checks[key]))]
        lines += [""]
    if not any(d.get(k) for k in ("added", "removed", "defaults", "choices", "types", "spellings", "config_keys",
                                  "quantization")) and not (checks.get("added") or checks.get("removed")):
        lines += [w["none"], ""]
    return "\n".join(line.rstrip() for line in lines).rstrip("\n") + "\n"


def render_json(d: dict[str, Any]) -> str:
    return json.dumps(d, ensure_ascii=False, indent=2) + "\n"
