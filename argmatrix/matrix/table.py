"""The whole matrix as plain rows: what ``argmatrix matrix --format json`` prints and the docs are built from."""
from __future__ import annotations

from typing import Any

from ..schema.meta import MISSING, Removed, Renamed
from ..schema.registry import GROUPS, ArgSpec
from . import engine, rules
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
    value = PLATFORMS[platform].default(spec)
    return spec.default if value is MISSING else value


def platform_entry(spec: ArgSpec, platform: str) -> dict[str, Any]:
    p = PLATFORMS[platform]
    cell = p.cell(spec)
    engine_default = p.engine_default(spec.name)
    return {
        "status": cell.status.value,
        "reason": {"en": cell.reason.en, "zh": cell.reason.zh} if cell.reason else None,
        "default": _plain(effective_default(spec, platform)),
        # what argmatrix's own engine uses here when the value stays unset (SGLang derives it at start-up)
        "engine_default": None if engine_default is MISSING else engine_default,
        "options": _plain(p.allowed(spec)),
        "notes": [{"en": n.text.en, "zh": n.text.zh, "rule": n.rule} for n in p.notes(spec)],
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
        "npu_label": ascend_label(spec),
        "help": {"en": spec.arg.help.en, "zh": spec.arg.help.zh},
        "platforms": {p: platform_entry(spec, p) for p in PLATFORMS},
        "rules": rules.rules_touching(spec.name),
        "engine": engine_entry(spec),
    }


def ascend_label(spec: ArgSpec) -> str | None:
    """The Ascend table's own word for ``spec`` (None: the table has no row for it)."""
    from .platforms.ascend_table import ASCEND_TABLE

    row = ASCEND_TABLE.get(spec.name)
    return row.label.value if row is not None else None


def engine_entry(spec: ArgSpec) -> dict[str, Any]:
    cap = engine.capability(spec.name)
    ran = engine.where_run_text(spec.name)
    return {"status": cap.status, "reason": {"en": cap.reason.en, "zh": cap.reason.zh} if cap.reason else None,
            "options": _plain(cap.options),
            "where_run": {"en": ran.en, "zh": ran.zh} if ran else None,
            "inert_when": [{"field": c.field, "above": c.above, "reason": {"en": c.reason.en, "zh": c.reason.zh}}
                           for c in cap.inert_when]}


def rows() -> list[dict[str, Any]]:
    return [row(spec) for _, specs in GROUPS for spec in specs]
