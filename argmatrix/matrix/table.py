"""The whole matrix as plain rows: what ``argmatrix matrix --format json`` prints and the docs are built from."""
from __future__ import annotations

from typing import Any

from ..schema.meta import MISSING, Removed, Renamed
from ..schema.registry import GROUPS, ArgSpec
from . import engine, options, rules, support
from .platforms import PLATFORMS


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    return value


def deprecation(spec: ArgSpec) -> dict[str, Any] | None:
    dep = spec.deprecated
    if isinstance(dep, Renamed):
        from ..schema.registry import SPECS

        return {"kind": "renamed", "since": dep.since, "successor": dep.successor, "successor_flag": SPECS[dep.successor].flag}
    if isinstance(dep, Removed):
        return {"kind": "removed", "since": dep.since,
                "instead": {"en": dep.instead.en, "zh": dep.instead.zh} if dep.instead else None}
    return None


def effective_default(spec: ArgSpec, platform: str) -> Any:
    value = options.platform_default(spec, PLATFORMS[platform].family)
    return spec.default if value is MISSING else value


def platform_entry(spec: ArgSpec, platform: str) -> dict[str, Any]:
    cell = support.cell(spec, platform)
    allowed = options.allowed(spec, PLATFORMS[platform].family)
    notes = [{"en": n.text.en, "zh": n.text.zh, "rule": n.rule} for n in spec.arg.notes] if platform in ("a2", "a3") else []
    return {
        "status": cell.status.value,
        "reason": {"en": cell.reason.en, "zh": cell.reason.zh} if cell.reason else None,
        "default": _plain(effective_default(spec, platform)),
        "options": _plain(allowed),
        "notes": notes,
    }


def row(spec: ArgSpec) -> dict[str, Any]:
    """One argument with its status, effective default and allowed options on every platform."""
    return {
        "name": spec.name,
        "flags": list(spec.flags),
        "group": spec.group.key,
        "type": spec.type_label,
        "default": _plain(spec.default),
        "choices": _plain(spec.choices),
        "deprecated": deprecation(spec),
        "npu_label": spec.arg.npu.value,
        "help": {"en": spec.arg.help.en, "zh": spec.arg.help.zh},
        "platforms": {p: platform_entry(spec, p) for p in PLATFORMS},
        "rules": rules.rules_touching(spec.name),
        "engine": engine_entry(spec),
    }


def engine_entry(spec: ArgSpec) -> dict[str, Any]:
    cap = engine.capability(spec.name)
    return {"status": cap.status, "reason": {"en": cap.reason.en, "zh": cap.reason.zh} if cap.reason else None,
            "options": _plain(cap.options)}


def rows() -> list[dict[str, Any]]:
    return [row(spec) for _, specs in GROUPS for spec in specs]
