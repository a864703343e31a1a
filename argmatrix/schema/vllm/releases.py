"""What one held vLLM release's parser does with a flag or a JSON-config key: the one reader of ``release_facts.py``.

``release_facts.py`` is derived from the release fixtures (``tools/vllm_release_table.py``); the typed fields with
their English and Chinese help are ``groups/`` and ``objects.py``, whose types and choices are the union over the
held releases.  Everything that differs between releases (whether a flag exists, its spelling, default, type and
choices, the keys of each JSON config) is asked here, for one release.  ``release`` is always a held release
(``normal``); the compiler refuses any other before it asks.
"""
from __future__ import annotations

import copy
from functools import cache, lru_cache
from typing import Any

from ...records import fields, record
from ..meta import MISSING
from . import release_facts as facts_module

HELD: tuple[str, ...] = facts_module.HELD
OLDEST, NEWEST = HELD[0], HELD[-1]


@lru_cache(maxsize=256)  # a handful of release texts, asked for every flag of every launch
def release_key(release: str) -> tuple[int, ...]:
    """``"0.34.0"`` -> ``(0, 34, 0)``; ``"0.34"`` -> ``(0, 34, 0)``; ``"v0.23.0"`` too."""
    parts = [int(p) for p in release.strip().lstrip("vV").split(".")[:3]]
    return tuple(parts + [0] * (3 - len(parts)))


@lru_cache(maxsize=256)
def normal(release: str) -> str | None:
    """The held release ``release`` names (``0.34`` -> ``0.34.0``), or None when argmatrix holds no such release."""
    try:
        wanted = release_key(release)
    except ValueError:
        return None
    return next((r for r in HELD if release_key(r) == wanted), None)


@record
class FlagFacts:
    """One flag as one release's parser registers it (``tests/fixtures/vllm-<release>.json``)."""

    release: str
    flags: tuple[str, ...]        # the spellings it lists in --help (the off switches are ``off``)
    off: tuple[str, ...]          # --no-x / --disable-x spellings that store False
    action: str                   # store | store_true | boolean_optional | enable_disable | append | ...
    type: str                     # int | float | str | bool | json | json_or_str | list | human_readable_int ...
    item_type: str | None         # for a list
    nargs: Any
    default: Any                  # None where ``default_known`` is False
    default_known: bool           # False: vLLM builds a config object (its repr is all the fixture holds)
    choices: tuple[Any, ...] | None       # the parser's own choices
    checked_later: tuple[Any, ...] | None  # values the config class knows, checked when vLLM builds it
    deprecated: dict[str, Any] | None     # {successors, effect, removed_in} when the release deprecates it
    bounds: dict[str, Any] | None         # pydantic's gt/ge/lt/le on the config field behind it


@record
class KeyFacts:
    """One key of a JSON-config object as one release's config class declares it."""

    type: str
    default: Any
    choices: tuple[Any, ...] | None
    settable: bool
    bounds: dict[str, Any] | None


def _index(release: str) -> int:
    return HELD.index(release)


def _at(runs: tuple[tuple[str, str, Any], ...], release: str) -> Any:
    i = _index(release)
    for first, last, row in runs:
        if _index(first) <= i <= _index(last):
            return row
    return None


@cache
def facts(name: str, release: str) -> FlagFacts | None:
    """``release``'s parser's facts for field ``name`` (None: that release has no such flag)."""
    row = _at(facts_module.FLAGS.get(name, ()), release)
    if row is None:
        return None
    return FlagFacts(release, *row)


def exists_in(name: str, release: str) -> bool:
    held = normal(release)
    return held is not None and facts(name, held) is not None


def releases_with(name: str) -> tuple[str, ...]:
    return tuple(r for r in HELD if facts(name, r) is not None)


def introduced() -> dict[str, str]:
    """field -> the first held release that has it (fields the oldest held release has are left out)."""
    # each field's runs are in release order, so its first run starts at the first release that has it
    return {name: runs[0][0] for name, runs in facts_module.FLAGS.items() if runs and runs[0][0] != OLDEST}


def removed() -> dict[str, str]:
    """field -> the first held release without it after one with it."""
    return {name: gone for name, (gone, _succ) in facts_module.REMOVED.items()}


def successors() -> dict[str, tuple[str, ...]]:
    """field -> the flags its last release names in its place (a deprecation's or a rename's)."""
    return {name: succ for name, (_gone, succ) in facts_module.REMOVED.items() if succ}


# where FlagFacts' fields sit in a row of release_facts.FLAGS (the row is FlagFacts without its release)
_COLUMN = {f.name: i - 1 for i, f in enumerate(fields(FlagFacts))}


def default_in(name: str, release: str) -> Any:
    """What ``release`` uses for ``name`` when the launch leaves it unset (MISSING: not a value the fixture holds
    or the release has no such flag, so the declared default stands).  Read from the row itself: every launch asks
    this of every field, once per process, and a FlagFacts each would cost more than the answer."""
    row = _at(facts_module.FLAGS.get(name, ()), release)
    if row is None or not row[_COLUMN["default_known"]]:
        return MISSING
    value, kind = row[_COLUMN["default"]], row[_COLUMN["type"]]
    if kind == "str" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)  # a str flag whose parser default is a number (--optimization-level 2): the field's text
    return list(value) if isinstance(value, tuple) else copy.deepcopy(value)  # the table's own stays unchanged


@cache  # asked for every flag of every launch; the answer is a fact of the release
def choices_in(name: str, release: str) -> tuple[Any, ...] | None:
    """The values ``release``'s parser takes for ``name`` (None: any value of its type)."""
    f = facts(name, release)
    return None if f is None or f.choices is None else tuple(c for c in f.choices if c not in UNSET_CHOICES)


# Before 0.32 an optional Literal lists the text 'None' among its choices: vLLM's optional_type reads it as unset
UNSET_CHOICES = (None, "None")


def bounds_in(name: str, release: str) -> dict[str, Any] | None:
    """The bounds ``release``'s config class puts on field ``name`` (``{"gt": 0, "le": 1}``; None: none read)."""
    f = facts(name, release)
    return None if f is None else f.bounds


def outside(bounds: dict[str, Any] | None, value: Any) -> str | None:
    """The bound a number breaks, as ``> 0`` / ``<= 1`` (None: within them, no bounds, or not a number)."""
    if not bounds or isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    tests = {"gt": (lambda v, b: v > b, ">"), "ge": (lambda v, b: v >= b, ">="),
             "lt": (lambda v, b: v < b, "<"), "le": (lambda v, b: v <= b, "<=")}
    for key, (holds, word) in tests.items():
        if key in bounds and not holds(value, bounds[key]):
            return f"{word} {bounds[key]}"
    return None


def spelling_in(release: str) -> dict[str, Any]:
    return facts_module.SPELLINGS[release]


def config_class_in(config: str, release: str) -> tuple[str, str] | None:
    """(vLLM's class, where it is declared) for JSON-config field ``config`` in ``release``."""
    return _at(facts_module.CONFIG_CLASSES.get(config, ()), release)


@cache
def keys_in(config: str, release: str) -> dict[str, KeyFacts] | None:
    """The keys ``release``'s config class for ``config`` declares (None: no such config object there)."""
    if config_class_in(config, release) is None:
        return None
    out = {}
    for key, runs in facts_module.CONFIG_KEYS.get(config, {}).items():
        row = _at(runs, release)
        if row is not None:
            out[key] = KeyFacts(*row)
    return out


def configs() -> tuple[str, ...]:
    return tuple(facts_module.CONFIG_CLASSES)


def kv_connectors_in(release: str) -> dict[str, int] | None:
    """The ``--kv-transfer-config`` ``kv_connector`` names ``release``'s KVConnectorFactory registers, with the line
    of each registration (``vllm/distributed/kv_transfer/kv_connector/factory.py``); None where its fixture holds
    no such section (a release added from a fixture read before the connectors were), so nothing is judged."""
    found = facts_module.KV_CONNECTORS.get(release)
    return None if found is None else dict(found["registered"])


def kv_connector_refusal(release: str) -> str:
    """Where ``release`` refuses a connector name it has not registered (``vllm/...factory.py:line``)."""
    found = facts_module.KV_CONNECTORS[release]
    return f"{found['source']}:{found['refused_at']}"


# --- what changed between two releases (matrix diff --engine vllm) -----------------------------------------------

def diff(old: str, new: str) -> dict[str, Any]:
    """Flags added and removed, and default, choice, type and spelling changes, and JSON-config keys added and
    removed, from held release ``old`` to ``new``, as plain data."""
    names = sorted(facts_module.FLAGS)
    added, gone, defaults, choices, types, spellings = [], [], [], [], [], []
    for name in names:
        a, b = facts(name, old), facts(name, new)
        if a is None and b is None:
            continue
        if a is None:
            assert b is not None
            added.append({"name": name, "flags": list(b.flags)})
            continue
        if b is None:
            gone.append({"name": name, "flags": list(a.flags),
                         "successors": list(successors().get(name, ())) if removed().get(name) == new else []})
            continue
        if (a.default_known, a.default) != (b.default_known, b.default) and a.default_known and b.default_known:
            defaults.append({"name": name, "flag": b.flags[0] if b.flags else name, "from": a.default, "to": b.default})
        if a.choices != b.choices:
            ac, bc = list(a.choices or ()), list(b.choices or ())
            choices.append({"name": name, "flag": b.flags[0] if b.flags else name,
                            "added": [c for c in bc if c not in ac], "removed": [c for c in ac if c not in bc],
                            "checked": bool(bc), "was_checked": bool(ac)})
        if (a.type, a.item_type) != (b.type, b.item_type):
            types.append({"name": name, "flag": b.flags[0] if b.flags else name,
                          "from": a.type if a.item_type is None else f"{a.type}[{a.item_type}]",
                          "to": b.type if b.item_type is None else f"{b.type}[{b.item_type}]"})
        if (a.flags, a.off, a.action) != (b.flags, b.off, b.action):  # how the flag is written, or turned off
            spellings.append({"name": name, "from": [*a.flags, *a.off], "to": [*b.flags, *b.off],
                              "action": [a.action, b.action]})
    keys = {}
    for config in configs():
        ok, nk = keys_in(config, old), keys_in(config, new)
        if ok is None and nk is None:
            continue
        ok, nk = ok or {}, nk or {}
        entry = {"added": sorted(nk.keys() - ok.keys()), "removed": sorted(ok.keys() - nk.keys()),
                 "defaults": [{"key": k, "from": ok[k].default, "to": nk[k].default}
                              for k in sorted(ok.keys() & nk.keys()) if ok[k].default != nk[k].default]}
        if any(entry.values()):
            keys[config] = entry
    return {"engine": "vllm", "from": old, "to": new, "added": added, "removed": gone, "defaults": defaults,
            "choices": choices, "types": types, "spellings": spellings, "config_keys": keys}


def kv_connector_refused_in() -> tuple[str, ...]:
    """The held releases whose factory.py refuses an unregistered connector name."""
    return tuple(r for r in HELD if facts_module.KV_CONNECTORS.get(r, {}).get("refused_at"))
