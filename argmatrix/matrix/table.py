"""The whole matrix as plain rows: what ``argmatrix matrix --format json`` prints and the docs are built from."""
from __future__ import annotations

from typing import Any

from ..schema.meta import MISSING, Text
from ..schema.registry import GROUPS, SPECS, ArgSpec
from ..schema.releases import CHANGES, value_state, verdict
from . import engine
from .platforms import PLATFORMS
from .status import Cell, Status


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    return value


def release_entry(spec: ArgSpec, release: str) -> dict[str, Any]:
    """What SGLang ``release`` does with ``spec``'s flag (``schema.releases.verdict``), as plain data."""
    v = verdict(spec.name, release)
    return {"engine": "SGLang", "release": release, "state": v.state, "since": v.since,
            "says": {"en": v.says.en, "zh": v.says.zh},
            "fix": {"en": v.fix.en, "zh": v.fix.zh} if v.fix else None, "writes": list(v.writes),
            "moves_to": v.change.moves_to if v.change else None}


def _engine(eng: Any = None) -> Any:
    from .engines import DEFAULT, get

    return eng if eng is not None and not isinstance(eng, str) else get(eng or DEFAULT)


def effective_default(spec: ArgSpec, platform: str, eng: Any = None, release: str | None = None) -> Any:
    """What the engine uses on ``platform`` when ``spec`` is unset: the platform's default, else ``release``'s own
    (None: the newest held; ``Engine.default_in``), else the declared one."""
    eng = _engine(eng)
    value = eng.default(spec, PLATFORMS[platform])
    return release_default(spec, eng, release) if value is MISSING else value


def release_default(spec: ArgSpec, eng: Any, release: str | None) -> Any:
    """The default of ``spec`` under ``release`` of ``eng`` (None: its newest held release), the declared one where
    the release keeps it or the engine has no releases."""
    if eng.releases is None:
        return spec.default
    value = eng.default_in(spec, release or eng.releases.newest)
    return spec.default if value is MISSING else value


def release_rows(spec: ArgSpec, eng: Any) -> list[dict[str, Any]] | None:
    """Each held release of an engine whose facts differ by release (vLLM): whether its parser has the flag, and
    its default and choices there.  None for SGLang (``release_entry``) and engines with one build."""
    line = eng.releases
    if line is None or eng.surface_key == "sglang":
        return None
    out = []
    for r in line.held:
        has = line.exists_in(spec.name, r)
        default = eng.default_in(spec, r) if has else MISSING
        choices = eng.choices_in(spec, r) if has else None
        out.append({"engine": line.name, "release": r, "has": has, "default": _plain(default) if default is not MISSING else None,
                    "default_known": default is not MISSING, "choices": _plain(choices)})
    return out


def release_of(eng: Any, release: Any = MISSING) -> str | None:
    """The release a row is shown for: ``release``, else the engine's newest held (None: no release applies)."""
    if eng.releases is None:
        return None
    return eng.releases.newest if release is MISSING or release is None else release


def _in_release(spec: ArgSpec, values: Any, release: str | None) -> Any:
    """``values`` less those SGLang ``release`` does not have (yet, or any more)."""
    if values is None or release is None or not spec.choices or SPECS.get(spec.name) is not spec:
        return values
    return tuple(v for v in values if value_state(spec.name, str(v), release) is None)


def _release_cell(spec: ArgSpec, release: str | None, eng: Any) -> Cell | None:
    """The cell every platform shows when the selected release does not take the flag, or argmatrix's own
    reader (no release) retires it; None when the platform's own cell stands."""
    if eng.surface_key != "sglang":  # an engine whose release line dates its flags (vLLM)
        line = eng.releases
        if release is None or line is None or line.exists_in(spec.name, release):
            return None
        return Cell(Status.UNSUPPORTED, Text(f"{line.name} {release} has no {spec.flag}",
                                             f"{line.name} {release} 没有 {spec.flag}"))
    if release is None:
        change = CHANGES.get(spec.name)
        if change is None or not change.retired:
            return None
        v = verdict(spec.name)
        return Cell(Status.UNSUPPORTED, Text(f"argmatrix does not take it either: {v.says.en}",
                                             f"argmatrix 同样不接受它：{v.says.zh}"))
    v = verdict(spec.name, release)
    if v.accepted or v.state == "argmatrix-only":
        return None
    return Cell(Status.UNSUPPORTED, v.says)


def platform_entry(spec: ArgSpec, platform: str, eng: Any = None, release: Any = MISSING) -> dict[str, Any]:
    """``spec`` on one platform, as the engine that runs it there says (default SGLang, its newest release)."""
    eng = _engine(eng)
    p = PLATFORMS[platform]
    release = None if release is None else release_of(eng, release)
    moved = CHANGES[spec.name].moves_to if spec.name in CHANGES and eng.surface_key == "sglang" else None
    judged = SPECS[moved] if moved else spec  # a moved flag's status and values are its successor's
    cell = _release_cell(spec, release, eng) or eng.cell(judged, p)
    own_engine = eng.surface_key == "sglang"  # argmatrix's engine reads SGLang's flags
    engine_default = p.engine_default(spec.name) if own_engine else MISSING
    return {
        "status": cell.status.value,
        "reason": {"en": cell.reason.en, "zh": cell.reason.zh} if cell.reason else None,
        "default": _plain(effective_default(spec, platform, eng, release)),
        # what argmatrix's own engine uses here when the value stays unset (SGLang derives it at start-up)
        "engine_default": None if engine_default is MISSING else engine_default,
        "options": _plain(_in_release(judged, eng.allowed(judged, p), release)),
        "notes": [{"en": n.text.en, "zh": n.text.zh, "rule": n.rule} for n in eng.notes(judged, p)],
    }


def row(spec: ArgSpec, eng: Any = None, release: Any = MISSING) -> dict[str, Any]:
    """One argument with its status, effective default and allowed options on every platform, for ``eng`` (and,
    for SGLang, ``release``: default the newest; None: argmatrix's own reader, no release)."""
    eng = _engine(eng)
    chosen = None if release is None else release_of(eng, release)
    sglang_surface = eng.surface_key == "sglang"
    keys = [eng.object_keys(spec.name, p) for p in PLATFORMS.values()] if spec.is_object else []
    documented = next((k for k in keys if k), None)
    return {
        "name": spec.name,
        "engine_key": eng.key,
        "flags": list(spec.flags),
        "group": spec.group.key,
        "type": spec.type_label,
        "default": _plain(release_default(spec, eng, chosen)),
        "instead": _instead(spec, eng),
        # one entry per run of releases with the same default, where the held releases disagree
        "defaults_by_release": [{"first": first, "last": last, "default": _plain(value)}
                                for first, last, value in eng.defaults_by_release(spec)],
        "choices": _plain(_in_release(spec, spec.choices, chosen)),
        "releases": release_rows(spec, eng),
        "release": release_entry(spec, chosen) if sglang_surface and chosen is not None else None,
        "npu_label": ascend_label(spec) if sglang_surface else None,
        "help": {"en": spec.arg.help.en, "zh": spec.arg.help.zh},
        "platforms": {p: platform_entry(spec, p, eng, chosen) for p in PLATFORMS},
        "rules": [r.id for r in eng.rules() if spec.name in r.fields]
                 + [f"needs-{p.id}" for p in eng.parents() if spec.name == p.parent or spec.name in p.children],
        "engine": engine_entry(spec) if sglang_surface else None,
        "keys": [{"key": k.key, "type": k.type, "default": _plain(k.default), "choices": _plain(k.choices),
                  "help": {"en": k.help.en, "zh": k.help.zh}} for k in documented.values()] if documented else None,
    }


def _instead(spec: ArgSpec, eng: Any) -> dict[str, str] | None:
    """For a flag the newest held release no longer has: what to write instead, and why (the engine's hand-kept
    words, ``ReleaseLine.instead``)."""
    line = eng.releases
    if line is None or line.instead is None or line.exists_in(spec.name, line.newest):
        return None
    said = line.instead(spec.flag)
    return None if said is None else {"en": said[0].en, "zh": said[0].zh, "source": said[1]}


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


def rows(eng: Any = None, release: Any = MISSING) -> list[dict[str, Any]]:
    eng = _engine(eng)
    groups = GROUPS if eng.surface_key == "sglang" else eng.surface.groups
    return [row(spec, eng, release) for _, specs in groups for spec in specs]
