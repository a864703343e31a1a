"""The whole matrix as plain rows: what ``argmatrix matrix --format json`` prints and the docs are built from."""
from __future__ import annotations

from typing import Any

from ..schema.meta import MISSING, Removed, Renamed
from ..schema.registry import GROUPS, ArgSpec
from . import engine
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


def _engine(eng: Any = None) -> Any:
    from .engines import DEFAULT, get

    return eng if eng is not None and not isinstance(eng, str) else get(eng or DEFAULT)


def effective_default(spec: ArgSpec, platform: str, eng: Any = None) -> Any:
    value = _engine(eng).default(spec, PLATFORMS[platform])
    return spec.default if value is MISSING else value


def platform_entry(spec: ArgSpec, platform: str, eng: Any = None) -> dict[str, Any]:
    """``spec`` on one platform, as the engine that runs it there says (default SGLang)."""
    eng = _engine(eng)
    p = PLATFORMS[platform]
    cell = eng.cell(spec, p)
    own_engine = eng.surface_key == "sglang"  # argmatrix's engine reads SGLang's flags
    engine_default = p.engine_default(spec.name) if own_engine else MISSING
    return {
        "status": cell.status.value,
        "reason": {"en": cell.reason.en, "zh": cell.reason.zh} if cell.reason else None,
        "default": _plain(effective_default(spec, platform, eng)),
        # what argmatrix's own engine uses here when the value stays unset (SGLang derives it at start-up)
        "engine_default": None if engine_default is MISSING else engine_default,
        "options": _plain(eng.allowed(spec, p)),
        "notes": [{"en": n.text.en, "zh": n.text.zh, "rule": n.rule} for n in eng.notes(spec, p)],
    }


def row(spec: ArgSpec, eng: Any = None) -> dict[str, Any]:
    """One argument with its status, effective default and allowed options on every platform, for ``eng``."""
    eng = _engine(eng)
    sglang_surface = eng.surface_key == "sglang"
    keys = [eng.object_keys(spec.name, p) for p in PLATFORMS.values()] if spec.is_object else []
    documented = next((k for k in keys if k), None)
    return {
        "name": spec.name,
        "engine_key": eng.key,
        "flags": list(spec.flags),
        "group": spec.group.key,
        "type": spec.type_label,
        "default": _plain(spec.default),
        "choices": _plain(spec.choices),
        "deprecated": deprecation(spec) if sglang_surface else None,
        "npu_label": ascend_label(spec) if sglang_surface else None,
        "help": {"en": spec.arg.help.en, "zh": spec.arg.help.zh},
        "platforms": {p: platform_entry(spec, p, eng) for p in PLATFORMS},
        "rules": [r.id for r in eng.rules() if spec.name in r.fields]
                 + [f"needs-{p.id}" for p in eng.parents() if spec.name == p.parent or spec.name in p.children],
        "engine": engine_entry(spec) if sglang_surface else None,
        "keys": [{"key": k.key, "type": k.type, "default": _plain(k.default), "choices": _plain(k.choices),
                  "help": {"en": k.help.en, "zh": k.help.zh}} for k in documented.values()] if documented else None,
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


def rows(eng: Any = None) -> list[dict[str, Any]]:
    eng = _engine(eng)
    groups = GROUPS if eng.surface_key == "sglang" else eng.surface.groups
    return [row(spec, eng) for _, specs in groups for spec in specs]
