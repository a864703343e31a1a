"""Write the first version of argmatrix's vLLM argument declarations from a vLLM release fixture.

    python tools/vllm_schema.py tests/fixtures/vllm-0.32.0.json argmatrix/schema/vllm/groups

The fixture is vLLM's own ``vllm serve`` parser read out of its wheel (``tools/vllm_release.py``). This
scaffolder turns each argparse group into one module of declarations (``argmatrix/schema/vllm/groups/``):
flags, Python type, default and choices come from the fixture; the help texts are argmatrix's own and are
written by hand afterwards (the scaffold leaves them empty, and ``tests/schema/test_vllm_schema.py`` fails
until every one is written). The modules are hand-maintained from then on, so the scaffolder refuses to
overwrite them; the test checks them against every release fixture.  ``scaffold`` writes the declaration of one
flag a new release adds (``tools/vllm_release.py add_release`` prints it).  The keys of the JSON config arguments are
derived per release (``tools/vllm_release_table.py``); ``argmatrix/schema/vllm/objects.py`` holds only their help.
"""
from __future__ import annotations

import json
import keyword
import re
import sys
from pathlib import Path

# argparse group title -> (module name, English title, Chinese title)
GROUPS = {
    "positional arguments": None,  # the MODEL of `vllm serve MODEL`: our `model` field (ModelConfig)
    "options": ("serve", "Serving process", "服务进程"),
    "Frontend": ("frontend", "API server (frontend)", "API 服务（前端）"),
    "ModelConfig": ("model", "Model", "模型"),
    "LoadConfig": ("load", "Weight loading", "权重加载"),
    "AttentionConfig": ("attention", "Attention", "注意力"),
    "MambaConfig": ("mamba", "Mamba (state-space layers)", "Mamba（状态空间层）"),
    "StructuredOutputsConfig": ("structured_outputs", "Structured outputs", "结构化输出"),
    "ParallelConfig": ("parallel", "Parallelism", "并行"),
    "CacheConfig": ("cache", "KV cache", "KV 缓存"),
    "OffloadConfig": ("offload", "Offloading", "卸载"),
    "MultiModalConfig": ("multimodal", "Multimodal inputs", "多模态输入"),
    "LoRAConfig": ("lora", "LoRA adapters", "LoRA 适配器"),
    "LoggingConfig": ("logging", "Logging", "日志"),
    "ObservabilityConfig": ("observability", "Observability (metrics and tracing)", "可观测性（指标与追踪）"),
    "SchedulerConfig": ("scheduler", "Scheduler", "调度器"),
    "CompilationConfig": ("compilation", "Compilation and CUDA graphs", "编译与 CUDA Graph"),
    "KernelConfig": ("kernel", "Kernels", "算子内核"),
    "VllmConfig": ("engine", "Engine-wide configuration objects", "引擎级配置对象"),
}

JSON_TYPES = {"loads", "_parse_type", "parse_dataclass"}


def _scalar(entry: dict) -> str:
    t, inner = entry["type"], entry.get("inner")
    if t == "_optional_type":
        t = inner or "str"
    if t in ("union_dict_and_str", "json_or_str"):
        return "JsonObjectOrText"
    if t in JSON_TYPES:
        return "JsonList" if isinstance(entry.get("default"), list) else "JsonObject"
    if t == "human_readable_int":
        return "HumanInt"
    if t == "human_readable_int_or_auto":
        return "HumanIntOrAuto"
    if t in ("int", "float", "str", "bool"):
        return t
    return "str"


def annotation(entry: dict) -> str:
    action = entry["action"]
    choices = [c for c in entry.get("choices") or () if c is not None]
    default = entry["default"]
    if action in ("BooleanOptionalAction", "_StoreTrueAction", "_StoreFalseAction"):
        base = "bool"
    elif choices and entry["nargs"] not in ("+", "*"):
        base = "Literal[" + ", ".join(repr(c) for c in choices) + "]"
    else:
        base = _scalar(entry)
        if entry["nargs"] in ("+", "*") or action == "_AppendAction":
            base = f"list[{base}]" if base not in ("JsonObject",) else "list[JsonObject]"
    optional = default is None or (isinstance(default, str) and default == "==SUPPRESS==") \
        or (isinstance(default, dict) and "__dataclass__" in default) or None in (entry.get("choices") or ())
    return f"{base} | None" if optional else base


def default_literal(entry: dict) -> str:
    d = entry["default"]
    if d is None or d == "==SUPPRESS==" or (isinstance(d, dict) and "__dataclass__" in d):
        return "None"
    if entry["type"] == "str" and isinstance(d, int) and not isinstance(d, bool):
        return repr(str(d))
    if d == "set()":
        return "[]"  # an empty set in vLLM's dataclass: a list here
    if isinstance(d, str) and d.startswith("<") and d.endswith(">"):
        return "None"  # a repr the fixture could not serialise
    return repr(d)


def declaration(entry: dict) -> str:
    flags = [f for f in entry["flags"] if not f.startswith("--no-")]
    if entry["dest"] == "model":
        flags = ["--model"]
    negatable = entry["action"] == "BooleanOptionalAction"
    name = entry["dest"] + ("_" if keyword.iskeyword(entry["dest"]) else "")
    flag_text = ", ".join(repr(f) for f in flags)
    extra = ", negatable=True" if negatable else ""
    return (f"    {name}: Annotated[{annotation(entry)}, Arg(\n"
            f"        {flag_text}{extra},\n"
            f"        help=Text(en='', zh=''),\n"
            f"    )] = {default_literal(entry)}\n")


def main(fixture: str, out_dir: str) -> None:
    if any(p.name != "__init__.py" for p in Path(out_dir).glob("*.py")):
        raise SystemExit(f"{out_dir} holds hand-written declarations; tests/schema/test_vllm_schema.py compares them "
                         "with the fixture")
    data = json.loads(Path(fixture).read_text(encoding="utf-8"))
    entries = data["args"] if isinstance(data, dict) else data
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    by_module: dict[str, list[dict]] = {}
    for entry in entries:
        group = GROUPS[entry["group"]]
        if group is None:
            continue
        by_module.setdefault(entry["group"], []).append(entry)
    for title, items in by_module.items():
        module, en, zh = GROUPS[title]  # type: ignore[misc]
        cls = "".join(p.capitalize() for p in module.split("_")) + "Args"
        body = "".join(declaration(e) + "\n" for e in items)
        typing_names = ", ".join(n for n in ("Annotated", "Literal") if n == "Annotated" or f"{n}[" in body)
        type_names = ", ".join(n for n in ("HumanInt", "HumanIntOrAuto", "JsonList", "JsonObject", "JsonObjectOrText") if re.search(rf"\b{n}\b", body))
        text = (f'"""vLLM {en}: the `vllm serve` flags of its {title} group."""\n\n'
                f"from typing import {typing_names}\n\n"
                "from ...meta import Arg, Group, Text\n"
                + (f"from ...types import {type_names}\n" if type_names else "") + "\n"
                f"GROUP = Group('vllm_{module}', Text(en={en!r}, zh={zh!r}))\n\n\n"
                f"class {cls}:\n\n{body}")
        (out / f"{module}.py").write_text(text.rstrip() + "\n", encoding="utf-8")
    print(f"wrote {len(by_module)} modules, {sum(map(len, by_module.values()))} arguments")




# --- one declaration for a flag a new release adds (tools/vllm_release.py add_release prints it) -------------------

FIXTURE_TYPES = {"int": "int", "float": "float", "str": "str", "bool": "bool", "json": "JsonObject",
                 "json_or_str": "JsonObjectOrText", "human_readable_int": "HumanInt",
                 "human_readable_int_or_auto": "HumanIntOrAuto"}


def scaffold(entry: dict) -> tuple[str, str]:
    """(group module, a declaration to paste into it) for one flag of a fixture of tools/vllm_release.py's format:
    flags, type, default and choices are the fixture's; the help is left for a person to write in both languages."""
    group = GROUPS.get(entry.get("group") or "")
    module = f"argmatrix/schema/vllm/groups/{group[0]}.py" if group else "argmatrix/schema/vllm/groups/<group>.py"
    off = set(entry.get("negative_flags") or ()) | set(entry.get("hidden_flags") or ())
    flags = ", ".join(repr(f) for f in entry["flags"] if f not in off)
    choices = [c for c in entry.get("choices") or () if c is not None]
    if entry["type"] == "bool":
        base = "bool"
    elif choices:
        base = "Literal[" + ", ".join(repr(c) for c in choices) + "]"
    elif entry["type"] == "list":
        base = f"list[{FIXTURE_TYPES.get(entry.get('item_type') or 'str', 'str')}]"
    else:
        base = FIXTURE_TYPES.get(entry["type"], "str")
    exact = not entry.get("default_is_repr") and not entry.get("default_suppressed")
    default = entry.get("default") if exact else None
    optional = default is None or entry.get("optional") or None in (entry.get("choices") or ())
    negatable = ", negatable=True" if entry["action"] == "boolean_optional" else ""
    name = entry["dest"] + ("_" if keyword.iskeyword(entry["dest"]) else "")
    return module, (f"    {name}: Annotated[{base}{' | None' if optional else ''}, Arg(\n"
                    f"        {flags}{negatable},\n"
                    f"        help=Text(en='...', zh='...'),\n"
                    f"    )] = {default!r}\n")


if __name__ == "__main__":
    main(*sys.argv[1:3])
