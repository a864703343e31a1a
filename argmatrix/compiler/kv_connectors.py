"""``--kv-transfer-config``'s ``kv_connector`` against the connector names the engine registers on the platform.

vLLM looks the name up in its ``KVConnectorFactory`` registry when it builds the connector and refuses any other
("Unsupported connector type", ``vllm/distributed/kv_transfer/kv_connector/factory.py``), unless
``kv_connector_module_path`` names a module of the user's own that defines it.  On Ascend, vLLM-Ascend's plugin
adds its own connectors to that registry when it loads; elsewhere they do not exist.  A ``MultiConnector`` names
its children in ``kv_connector_extra_config.connectors``, each looked up the same way.
"""
from __future__ import annotations

from typing import Any

from ..matrix.engines import Engine
from ..matrix.engines.base import KvConnectors
from ..matrix.platforms import PLATFORMS
from ..schema.meta import Text
from .check import nearest
from .findings import ERROR, Finding

FIELD = "kv_transfer_config"
CODE = "AM-E974"


def _named(config: dict[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    """(path, name) of every connector ``config`` looks up in the registry: its own ``kv_connector`` unless a
    module path supplies it, and a MultiConnector's children."""
    out: list[tuple[str, str]] = []
    name = config.get("kv_connector")
    if isinstance(name, str) and name and not config.get("kv_connector_module_path"):
        out.append((f"{prefix}kv_connector", name))
    extra = config.get("kv_connector_extra_config")
    children = extra.get("connectors") if isinstance(extra, dict) else None
    if isinstance(children, list):
        for i, child in enumerate(children):
            if isinstance(child, dict):
                out += _named(child, f"{prefix}kv_connector_extra_config.connectors[{i}].")
    return out


def _span(releases: tuple[str, ...]) -> str:
    return releases[0] if len(releases) == 1 else f"{releases[0]}–{releases[-1]}"


def check_kv_connectors(values: dict[str, Any], sources: dict[str, str], user_set: set[str], platform: str,
                        flags_used: dict[str, str], eng: Engine, release: str | None = None) -> list[Finding]:
    config = values.get(FIELD)
    if FIELD not in user_set or not isinstance(config, dict):
        return []
    target = PLATFORMS[platform]
    known = eng.kv_connectors(target, release)
    if known is None:
        return []
    flag = flags_used.get(FIELD, eng.surface.specs[FIELD].flag)
    out = []
    for path, name in _named(config):
        if name not in known.registered:
            out.append(_finding(flag, path, name, known, target, sources.get(FIELD), platform, eng))
    return out


def _finding(flag: str, path: str, name: str, known: KvConnectors, target: Any, source: str | None,
             platform: str, eng: Engine) -> Finding:
    where = (f"{known.refused_at} in {known.engine}; every held vLLM {_span(known.refused_in)} refuses a name it "
             "has not registered")
    where_zh = f"{known.engine} 的 {known.refused_at}；所持有的 vLLM {_span(known.refused_in)} 均拒绝未注册的名称"
    offered = tuple(known.registered)
    near = nearest(name, offered)
    use = Text(f"use {near} ({known.registered[near][0]}'s)", f"改用 {near}（由 {known.registered[near][0]} 注册）") \
        if near is not None else Text(f"use one of {', '.join(sorted(offered))}", f"从 {'、'.join(sorted(offered))} 中选择")
    escape = Text(f", or set kv_connector_module_path to the module that defines class {name}",
                  f"；或用 kv_connector_module_path 指向定义了 {name} 类的模块")
    plugin = known.plugin_only.get(name)
    if plugin is not None:  # a vLLM-Ascend connector on a platform without the plugin
        by, site = plugin
        message = Text(
            f"{flag} {path} '{name}' is vLLM-Ascend's connector ({by} registers it, {site}), so it runs only on "
            f"Ascend NPUs: {known.engine} on {target.short.en} has no such connector and refuses to start "
            f"(\"Unsupported connector type\", {where})",
            f"{flag} 的 {path}“{name}”是 vLLM-Ascend 的连接器（由 {by} 注册，{site}），只能在昇腾 NPU 上运行："
            f"{target.short.zh} 上的 {known.engine} 没有该连接器，会拒绝启动（“Unsupported connector type”，{where_zh}）")
        hint = Text(f"on Ascend, check with --target a2 or a3; on {target.short.en}, {use.en}{escape.en}",
                    f"在昇腾上请用 --target a2 或 a3 检查；在 {target.short.zh} 上请{use.zh}{escape.zh}")
    else:
        elsewhere = [r for r in known.held_by.get(name, ()) if r not in (known.engine, known.plugin)]
        also = Text(f"; {', '.join(elsewhere)} register{'s' if len(elsewhere) == 1 else ''} it",
                    f"；{'、'.join(elsewhere)} 注册了它") if elsewhere else Text("", "")
        engine = f"{known.engine} with {known.plugin}" if known.plugin else known.engine
        engine_zh = f"{known.engine} 与 {known.plugin}" if known.plugin else known.engine
        message = Text(
            f"{flag} {path} '{name}' is not a connector {engine} on {target.short.en} registers: it refuses to start "
            f"(\"Unsupported connector type\", {where}){also.en}",
            f"{flag} 的 {path}“{name}”不是 {target.short.zh} 上的 {engine_zh} 注册的连接器：会拒绝启动"
            f"（“Unsupported connector type”，{where_zh}）{also.zh}")
        line = eng.releases
        older = [r.split(" ", 1)[1] for r in elsewhere if line is not None and r.startswith(line.name + " ")]
        switch = Text(f", or check against {line.name} {older[-1]} with {line.option} {older[-1]}",
                      f"；或用 {line.option} {older[-1]} 按 {line.name} {older[-1]} 检查") \
            if older and line is not None else Text("", "")
        hint = Text(f"{use.en}{escape.en}{switch.en}", f"请{use.zh}{escape.zh}{switch.zh}")
    return Finding(CODE, ERROR, "rule", message, hint, field=FIELD, flag=flag, value=name, source=source,
                   platform=platform)
