"""Derive what each held vLLM release does with every flag and JSON-config key from the release fixtures.

    PYTHONPATH=$PWD python tools/vllm_release_table.py [tests/fixtures] [argmatrix/schema/vllm/release_facts.py]

Reads every ``tests/fixtures/vllm-<release>.json`` (each written from that release's own ``vllm serve`` parser by
``tools/vllm_release.py``) and writes ``argmatrix/schema/vllm/release_facts.py``: the releases held, how each
release's parser spells a command line, and per argmatrix field and per JSON-config key the runs of held releases
that agree on its flags, action, type, default and choices.  Nothing in that module is written by hand;
``tests/schema/test_vllm_releases.py`` regenerates it in memory and requires it unchanged.  The hand-written half
(typed fields with English and Chinese help) stays in ``argmatrix/schema/vllm/groups/`` and ``objects.py``.
"""
from __future__ import annotations

import json
import pprint
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
OUT = ROOT / "argmatrix" / "schema" / "vllm" / "release_facts.py"

HEADER = '''"""What each held vLLM release's parser does with every flag and JSON-config key: derived, do not edit.

Written by ``tools/vllm_release_table.py`` from ``tests/fixtures/vllm-<release>.json`` (each release's own
``vllm serve`` parser, read by ``tools/vllm_release.py``); ``tests/schema/test_vllm_releases.py`` fails when this
file and the fixtures disagree.  ``releases.py`` (beside it) is the one reader.

Each fact is a run of held releases that agree: ``(first, last, facts)`` covers every held release from ``first``
to ``last``; a release outside every run does not have the flag (or key).
"""
from __future__ import annotations

from typing import Any
'''

# the fixture's type labels of a JSON-config key -> ObjectKey.type
KEY_TYPES = {"int": "int", "float": "float", "bool": "bool", "str": "str", "Path": "str", "list": "list",
             "dict": "dict", "config": "dict", "enum": "enum"}
FLAG_FIELDS = ("flags", "off", "action", "type", "item_type", "nargs", "default", "default_known", "choices",
               "checked_later", "deprecated", "bounds")
KEY_FIELDS = ("type", "default", "choices", "settable", "bounds")
# JSON-config keys whose own config class is followed one level down (``--compilation-config '{"pass_config":
# {"fuse_norm_quant": true}}'``): vLLM validates the nested object against that class as strictly
NESTED_KEYS = {"compilation_config": ("pass_config", "dynamic_shapes_config")}
# ``vllm serve MODEL``: the positional is argmatrix's ``model`` field, whose flag entry is ``--model``
POSITIONAL = "model_tag"


def release_key(release: str) -> tuple[int, ...]:
    return tuple(int(p) for p in release.split(".")[:3])


def load(fixture_dir: Path) -> dict[str, dict]:
    out = {}
    for path in fixture_dir.glob("vllm-[0-9]*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        out[data["vllm_version"]] = data
    return dict(sorted(out.items(), key=lambda kv: release_key(kv[0])))


def flag_facts(entry: dict) -> dict[str, Any]:
    """One flag as one release's parser takes it."""
    hidden = set(entry.get("negative_flags") or ()) | set(entry.get("hidden_flags") or ())
    exact = not entry.get("default_is_repr") and not entry.get("default_suppressed")
    facts: dict[str, Any] = {
        "flags": tuple(f for f in entry["flags"] if f not in hidden),
        "off": tuple(sorted(entry.get("negative_flags") or ())),
        "action": entry["action"],
        "type": entry["type"],
        "item_type": entry.get("item_type"),
        "nargs": entry.get("nargs"),
        # a default the fixture holds only as a repr (a config object built with no arguments) is not a value
        "default": entry.get("default") if exact else None,
        "default_known": exact,
        "choices": tuple(entry["choices"]) if entry.get("choices") is not None else None,
        "checked_later": tuple(entry["field_choices"]) if entry.get("field_choices") else None,
        # pydantic's bounds on the config field behind the flag (Field(gt=0, le=1)), read from the release
        "bounds": entry.get("constraints") or None,
    }
    dep = entry.get("deprecated")
    if dep:
        facts["deprecated"] = {"successors": tuple(dep.get("successors") or ()), "effect": dep.get("effect"),
                               "removed_in": dep.get("removed_in")}
    return facts


def key_facts(field: dict) -> dict[str, Any]:
    """One key of a JSON-config object as one release's config class declares it."""
    hint = str(field.get("type_hint", ""))
    open_ended = "], str]" in hint or hint.endswith("| str")  # Literal[...] | str: listed values are only the known
    return {
        "type": KEY_TYPES.get(field["type"], "str"),
        "default": None if field.get("default_is_repr") else field.get("default"),
        "choices": tuple(field["choices"]) if field.get("choices") and not open_ended else None,
        "settable": field.get("init", True),
        "bounds": field.get("constraints") or None,
    }


def runs(per_release: dict[str, Any], held: list[str]) -> tuple[tuple[str, str, Any], ...]:
    """``{release: facts}`` -> ((first, last, facts), ...) over consecutive held releases with equal facts."""
    out: list[list[Any]] = []
    previous = None
    for i, release in enumerate(held):
        facts = per_release.get(release)
        if facts is None:
            previous = None
            continue
        if out and previous == i - 1 and out[-1][2] == facts:
            out[-1][1] = release
        else:
            out.append([release, release, facts])
        previous = i
    return tuple((a, b, f) for a, b, f in out)


def spelling(data: dict) -> dict[str, Any]:
    """How the release's FlexibleArgumentParser reads a command line (the parsing rules the reader located)."""
    rules = {r["rule"]: r["source"] for r in data["parsing"]["rules"]}
    actions = {e["action"] for e in data["flags"]}
    return {
        "underscores": "underscores" in rules,
        "abbreviations": bool(data["parsing"]["allow_abbrev"]),
        "negation": "enable-disable" if "enable_disable" in actions else "declared",
        "dotted_keys": "dotted_keys" in rules,
        "append_plus": "dotted_append" in rules,
        "short_flags": any(f.startswith("-") and not f.startswith("--") for e in data["flags"] for f in e["flags"]),
        "optimization_shorthand": "optimization_level_short" in rules,
        "source": (f"vLLM {data['vllm_version']} {rules.get('underscores', '?')} FlexibleArgumentParser.parse_args"
                   + (f", {rules['enable_disable']} EnableDisableAction" if "enable_disable" in actions
                      and "enable_disable" in rules else "")),
    }


def successors_of(name: str, last: dict, gone_in: dict, last_facts: dict[str, dict]) -> tuple[str, ...]:
    """The flags that replace ``name`` when it leaves: what its last release's parser points to (deprecation
    help), else a flag new in the release it left in that sets the same config field (a rename)."""
    said = (last_facts.get("deprecated") or {}).get("successors") or ()
    if said:
        return tuple(said)
    field = last.get("field")
    if field:
        old_dests = {e["dest"] for e in last["_release"]["flags"]}
        for e in gone_in["flags"]:
            if e.get("field") == field and e["dest"] not in old_dests:
                return tuple(f for f in e["flags"] if f not in set(e.get("negative_flags") or ()))
    return ()


def derive(fixtures: dict[str, dict]) -> dict[str, Any]:
    held = list(fixtures)
    flags: dict[str, dict[str, Any]] = {}
    entries: dict[str, dict[str, dict]] = {}
    for release, data in fixtures.items():
        for entry in data["flags"]:
            if entry["dest"] == POSITIONAL:
                continue
            flags.setdefault(entry["dest"], {})[release] = flag_facts(entry)
            entries.setdefault(entry["dest"], {})[release] = {**entry, "_release": data}
    removed: dict[str, tuple[str, tuple[str, ...]]] = {}
    for name, per in flags.items():
        last = max(per, key=release_key)
        if last != held[-1]:
            gone_in = held[held.index(last) + 1]
            removed[name] = (gone_in, successors_of(name, entries[name][last], fixtures[gone_in], per[last]))
    configs: dict[str, dict[str, Any]] = {}
    classes: dict[str, dict[str, Any]] = {}
    for release, data in reversed(fixtures.items()):  # keys in the newest release's declaration order
        for dest, cfg in data["configs"].items():
            classes.setdefault(dest, {})[release] = (cfg["class"], cfg["source"])
            for field in cfg["fields"]:
                configs.setdefault(dest, {}).setdefault(field["name"], {})[release] = key_facts(field)
                nested = (cfg.get("nested_configs") or {}).get(field.get("config_class") or "")
                if field["name"] in NESTED_KEYS.get(dest, ()) and nested:
                    for sub in nested["fields"]:
                        key = f"{field['name']}.{sub['name']}"
                        configs[dest].setdefault(key, {})[release] = key_facts(sub)
    return {
        "held": tuple(held),
        "read": {r: {"read_by": d.get("read_by"), "source": d.get("source"),
                     "torch": (d.get("read_with") or {}).get("torch")} for r, d in fixtures.items()},
        "spellings": {r: spelling(d) for r, d in fixtures.items()},
        "flags": {name: runs(per, held) for name, per in sorted(flags.items())},
        "removed": dict(sorted(removed.items())),
        "config_classes": {dest: runs(per, held) for dest, per in sorted(classes.items())},
        "config_keys": {dest: {key: runs(per, held) for key, per in keys.items()}
                        for dest, keys in sorted(configs.items())},
        "kv_connectors": {r: kv_connectors(d) for r, d in fixtures.items() if "kv_connectors" in d},
    }


def kv_connectors(data: dict) -> dict[str, Any]:
    """The KV connector names the release's KVConnectorFactory registers (name -> line of the registration) and
    the line where it refuses any other name."""
    kv = data["kv_connectors"]
    return {"source": kv["source"], "refused_at": kv["refused_at"],
            "registered": {r["name"]: r["line"] for r in kv["registered"]}}


def _block(name: str, annotation: str, comment: str, value: Any) -> str:
    return f"# {comment}\n{name}: {annotation} = {pprint.pformat(value, width=120, sort_dicts=True)}\n"


def _runs_block(name: str, annotation: str, comment: str, value: dict[str, Any], order: tuple[str, ...],
                nested: bool = False) -> str:
    """One run per line, its facts as a tuple in ``order`` (the names are written once, in ``*_FIELDS``)."""
    lines = [f"# {comment}", f"{name}: {annotation} = {{"]

    def put(key: str, found: tuple, pad: str) -> None:
        lines.append(f"{pad}{key!r}: (")
        for first, last, facts in found:
            row = facts if not order else tuple(facts.get(k) for k in order)
            lines.append(f"{pad}    ({first!r}, {last!r}, {row!r}),")
        lines.append(f"{pad}),")

    for key, item in value.items():
        if nested:
            lines.append(f"    {key!r}: {{")
            for sub, found in item.items():
                put(sub, found, " " * 8)
            lines.append("    },")
        else:
            put(key, item, " " * 4)
    lines.append("}")
    return "\n".join(lines) + "\n"


def render(fixture_dir: Path = FIXTURES) -> str:
    d = derive(load(fixture_dir))
    parts = [
        HEADER,
        _block("HELD", "tuple[str, ...]", "the releases whose parsers were read (tests/fixtures/vllm-<release>.json)",
               d["held"]),
        _block("READ", "dict[str, dict[str, Any]]", "how each release was read", d["read"]),
        _block("SPELLINGS", "dict[str, dict[str, Any]]",
               "release -> how its FlexibleArgumentParser reads a command line (matrix/engines/base.py Spelling)",
               d["spellings"]),
        _block("FLAG_FIELDS", "tuple[str, ...]", "the facts of a flag, in the order FLAGS holds them", FLAG_FIELDS),
        _runs_block("FLAGS", "dict[str, tuple[tuple[str, str, tuple[Any, ...]], ...]]",
                    "field -> runs of held releases with the same flags, action, type, default and choices",
                    d["flags"], FLAG_FIELDS),
        _block("REMOVED", "dict[str, tuple[str, tuple[str, ...]]]",
               "field -> (the first held release without it, the flags its last release names in its place)",
               d["removed"]),
        _runs_block("CONFIG_CLASSES", "dict[str, tuple[tuple[str, str, tuple[str, str]], ...]]",
                    "JSON-config field -> runs of (vLLM's config class, where it is declared)", d["config_classes"], ()),
        _block("KEY_FIELDS", "tuple[str, ...]", "the facts of a JSON-config key, in the order CONFIG_KEYS holds them",
               KEY_FIELDS),
        _runs_block("CONFIG_KEYS", "dict[str, dict[str, tuple[tuple[str, str, tuple[Any, ...]], ...]]]",
                    "JSON-config field -> key -> runs of held releases with the same type, default and choices",
                    d["config_keys"], KEY_FIELDS, nested=True),
        _block("KV_CONNECTORS", "dict[str, dict[str, Any]]",
               "release -> the --kv-transfer-config kv_connector names its KVConnectorFactory registers (name -> line "
               "of the register_connector call) and the line that refuses any other name", d["kv_connectors"]),
    ]
    return parts[0] + "\n" + "\n\n".join(parts[1:])


def main(argv: list[str]) -> Path:
    fixture_dir = Path(argv[0]) if argv else FIXTURES
    out = Path(argv[1]) if len(argv) > 1 else OUT
    out.write_text(render(fixture_dir), encoding="utf-8")
    return out


if __name__ == "__main__":
    print(main(sys.argv[1:]))
