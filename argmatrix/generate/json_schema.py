"""config.schema.json: a JSON Schema (draft-07) of argmatrix's own ``--config`` file, for editor completion;
sglang-config.schema.json: SGLang's own ``--config`` file as its reader takes it (dashed keys; what it refuses
marked, ``build_sglang``); vllm-config.schema.json: vLLM's.

Draft-07 because that is what YAML language servers (yaml-language-server,
and so VS Code's YAML extension) implement.  Every argument is a property
under its field name with its type, enum, bounds, default and a bilingual
description; every other accepted spelling (flag-derived names, dashes for
underscores) is a property that refers to it and carries ``doNotSuggest``,
so completion offers one key per argument while any spelling still
validates.  What SGLang's newest release does with each flag
(``schema.releases.verdict``) is what the editor says: a flag it refuses is
rejected, a deprecated one carries a ``deprecationMessage`` (the editors'
keyword; draft-07 has no ``deprecated``) with the fix check-config prints, and
an enum lists only the values that release takes.  A file may name the schema with a
``$schema`` key (``argmatrix export --to json`` writes one) or, in YAML, a
``# yaml-language-server: $schema=...`` comment.  The types are translated here from the annotations (pydantic would
build a validator per field, too slow for ``docs check``); a test checks the
translation against pydantic's own JSON Schema for every field.
"""
from __future__ import annotations

import json
import types
import typing
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from ..schema.meta import Text
from ..schema.registry import SPECS, ArgSpec
from ..schema.releases import NEWEST, argmatrix_only, value_state, verdict

PATH = "config.schema.json"
DRAFT = "http://json-schema.org/draft-07/schema#"
SCHEMA_KEY = "$schema"  # a JSON config file's reference to this schema; the compiler skips the key
EXCLUDED = ("config",)  # a config file cannot load another config file (AM-E008)
_BOUNDS = {"ge": "minimum", "le": "maximum", "gt": "exclusiveMinimum", "lt": "exclusiveMaximum"}


def _lenient_text(funcs: set[str]) -> dict[str, Any] | None:
    """Values the field's validator also accepts as text: JSON text for objects, comma lists for lists."""
    if "parse_json_text" in funcs:
        return {"type": "string", "description": "JSON text"}
    if "split_list" in funcs:
        return {"type": "string", "description": "comma-separated values or a JSON array"}
    return None


def type_schema(tp: Any) -> dict[str, Any]:
    """The JSON Schema of a type annotation, as pydantic's validation-mode schema describes it."""
    if get_origin(tp) is Annotated:
        base, *meta = get_args(tp)
        override = next((m.json_schema for m in meta if hasattr(m, "json_schema") and isinstance(
            getattr(m, "json_schema", None), dict)), None)
        out = dict(override) if override is not None else type_schema(base)
        funcs: set[str] = set()
        for m in meta:
            func = getattr(m, "func", None)
            if func is not None:
                funcs.add(getattr(func, "__name__", ""))
            for c in [*getattr(m, "metadata", ()), m]:  # FieldInfo carries annotated_types constraints
                for attr, key in _BOUNDS.items():
                    value = getattr(c, attr, None)
                    number = isinstance(value, (int, float)) and not isinstance(value, bool)
                    if number and override is None and type(c).__name__ != "FieldInfo":
                        out[key] = value
        extra = _lenient_text(funcs)
        if extra is not None:
            out = {"anyOf": [out, extra]}
        return out
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        parts = [type_schema(a) for a in get_args(tp)]
        flat: list[dict[str, Any]] = []
        for p in parts:
            flat.extend(p["anyOf"] if set(p) == {"anyOf"} else [p])
        return {"anyOf": flat}
    if origin is Literal:
        values = list(get_args(tp))
        kinds = {type(v) for v in values}
        out = {"const": values[0]} if len(values) == 1 else {"enum": values}
        if kinds == {str}:
            out["type"] = "string"
        elif kinds == {int}:
            out["type"] = "integer"
        elif kinds == {bool}:
            out["type"] = "boolean"
        return out
    if origin is list:
        (item,) = get_args(tp) or (Any,)
        return {"type": "array", "items": type_schema(item)}
    if origin is dict:
        return {"type": "object", "additionalProperties": True}
    if tp is type(None):
        return {"type": "null"}
    simple = {bool: "boolean", int: "integer", float: "number", str: "string"}
    if tp in simple:
        return {"type": simple[tp]}
    if tp is typing.Any:
        return {}
    raise TypeError(f"no JSON Schema translation for {tp!r}")


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=list))


def _release_values(node: Any, name: str) -> Any:
    """``node`` with every enum value SGLang ``NEWEST`` does not have left out (the editor offers what it takes)."""
    if isinstance(node, dict):
        out = {k: _release_values(v, name) for k, v in node.items()}
        if isinstance(out.get("enum"), list):
            out["enum"] = [v for v in out["enum"] if not isinstance(v, str) or value_state(name, v, NEWEST) is None]
        return out
    if isinstance(node, list):
        return [_release_values(v, name) for v in node]
    return node


def field_schema(spec: ArgSpec) -> dict[str, Any]:
    """One property: the type and default, and what SGLang ``NEWEST`` does with the flag (``verdict``)."""
    help_ = spec.arg.help
    out: dict[str, Any] = {"title": spec.flag, "description": f"{help_.en}\n\n{help_.zh}"}
    v = verdict(spec.name, NEWEST)
    said = v.says.en + (f"; {v.fix.en}" if v.fix else "")
    if v.state in ("refused", "not-yet"):  # check-config refuses any value of it for this release
        out["description"] = f"{said}.\n\n" + out["description"]
        out["deprecationMessage"] = said
        out["doNotSuggest"] = True
        out["not"] = {}
        return out
    out.update(_release_values(type_schema(spec.annotation), spec.name))
    out["default"] = _jsonable(spec.default)
    if v.state == "deprecated":
        out["description"] = f"{said}.\n\n" + out["description"]
        out["deprecationMessage"] = said
        out["doNotSuggest"] = True
    if len(spec.flags) > 1:
        out["x-flags"] = list(spec.flags)
    return out


def spellings(spec: ArgSpec) -> list[str]:
    """Every key a config file may use for ``spec``, field name first."""
    out: list[str] = []
    for name in spec.names:
        for key in (name, name.replace("_", "-")):
            if key not in out:
                out.append(key)
    return out


def build() -> dict[str, Any]:
    props: dict[str, Any] = {}
    aliases: dict[str, Any] = {}
    for spec in SPECS.values():
        if spec.name in EXCLUDED:
            continue
        props[spec.name] = field_schema(spec)
        for key in spellings(spec)[1:]:
            # draft-07 ignores keywords beside $ref, so the reference sits in allOf and the marks beside it
            aliases[key] = {"allOf": [{"$ref": f"#/properties/{spec.name}"}], "doNotSuggest": True,
                            "description": f"Alias of {spec.name} ({spec.flag})."}
            if "deprecationMessage" in props[spec.name]:
                aliases[key]["deprecationMessage"] = props[spec.name]["deprecationMessage"]
    return {
        "$schema": DRAFT,
        "title": "argmatrix server configuration",
        "description": ("argmatrix's own --config file (argmatrix check-config, launch and serve read it): argument "
                        "names (underscores or dashes, any alias) mapped to values. SGLang's own --config reader takes "
                        "fewer keys: for a file SGLang reads, use sglang-config.schema.json. Generated by `argmatrix "
                        "docs generate`; do not edit.\n\n"
                        "argmatrix 自己的配置文件（--config，argmatrix check-config、launch 与 serve 读取）：参数名"
                        "（下划线或短横线、任一别名）到取值的映射。SGLang 自己的 --config 读取器接受的键更少：供 SGLang "
                        "读取的文件请使用 sglang-config.schema.json。由 `argmatrix docs generate` 生成，请勿手工修改。"),
        "type": "object",
        "properties": {SCHEMA_KEY: {"type": "string", "doNotSuggest": True,
                                    "description": "The schema this file is written against (for editors)."},
                       **props, **aliases},
        "additionalProperties": False,
    }


VLLM_PATH = "vllm-config.schema.json"
_KEY_SCHEMA: dict[str, dict[str, Any]] = {"bool": {"type": "boolean"}, "int": {"type": ["integer", "string"]}, "float": {"type": ["number", "string"]},
               "str": {"type": "string"}, "dict": {"type": "object"}, "list": {"type": ["array", "string"]},
               "enum": {"type": ["string", "integer"]}}


def _object_keys_schema(name: str) -> dict[str, Any]:
    """The documented keys of one of vLLM's JSON config arguments, as nested properties."""
    from ..schema.vllm.objects import OBJECTS

    if name not in OBJECTS:
        return {}
    cls, _source, keys = OBJECTS[name]
    props: dict[str, Any] = {}
    for key in keys:
        entry: dict[str, Any] = {"description": f"{key.help.en}\n\n{key.help.zh}", **_KEY_SCHEMA.get(key.type, {})}
        if key.choices and key.type != "enum":
            entry["enum"] = [*key.choices, None]
        props[key.key] = entry
    return {"properties": props, "additionalProperties": False, "x-vllm-class": cls}


def build_vllm() -> dict[str, Any]:
    """vLLM's own --config file: its flag names without the dashes, each typed as vLLM types it."""
    from ..schema.surface import VLLM

    props: dict[str, Any] = {}
    for spec in VLLM.specs.values():
        if spec.name == "config":
            continue
        help_ = spec.arg.help
        entry: dict[str, Any] = {"title": spec.flag, "description": f"{help_.en}\n\n{help_.zh}",
                                 **type_schema(spec.annotation), "default": _jsonable(spec.default)}
        if spec.is_object:
            entry.update(_object_keys_schema(spec.name))
        key = spec.flag[2:]
        props[key] = entry
        if key.replace("-", "_") != key:
            props[key.replace("-", "_")] = {"allOf": [{"$ref": f"#/properties/{key}"}], "doNotSuggest": True,
                                            "description": f"Alias of {key}."}
    return {
        "$schema": DRAFT,
        "title": "vLLM serve configuration",
        "description": ("vLLM's --config file (vllm serve --config FILE): flag names without the leading dashes mapped "
                        "to values; a mapping becomes a JSON argument. Under vllm serve a 'false' switch is ignored "
                        "by vLLM 0.32 (argmatrix warns, AM-W804). Generated by `argmatrix docs generate`.\n\n"
                        "vLLM 的 --config 文件（vllm serve --config 文件）：去掉前导短横线的参数名到取值的映射；"
                        "映射会作为 JSON 参数传入。vllm serve 下 vLLM 0.32 会忽略取值为 false 的开关"
                        "（argmatrix 会给出 AM-W804 警告）。由 `argmatrix docs generate` 生成。"),
        "type": "object",
        "properties": props,
        "additionalProperties": False,
    }


SGLANG_PATH = "sglang-config.schema.json"


def _refused(message: Text, title: str) -> dict[str, Any]:
    """A key the reader refuses: valid for no value, never suggested, and the editor says why."""
    return {"title": title, "description": f"{message.en}.\n\n{message.zh}。", "deprecationMessage": message.en,
            "doNotSuggest": True, "not": {}}


def sglang_keys(release: str = NEWEST) -> dict[str, tuple[str, str]]:
    """Every key of an SGLang ``--config`` file the schema describes: key -> (field, how the reader takes it:
    ``reads``, ``deprecated``, ``refused-option`` (any spelling), ``refused-underscore``, ``gone``)."""
    from ..compiler import sglang_reader

    out: dict[str, tuple[str, str]] = {}
    for spec in SPECS.values():
        if spec.name in EXCLUDED or argmatrix_only(spec.name):
            continue
        key = sglang_reader.flag(spec.name, release)[2:]
        v = verdict(spec.name, release)
        how = ("gone" if v.state in ("refused", "not-yet") else
               "refused-option" if sglang_reader.config_refuses(spec.name, release) else
               "deprecated" if v.state == "deprecated" else "reads")
        out.setdefault(key, (spec.name, how))
        underscored = key.replace("-", "_")
        if underscored != key and how in ("reads", "deprecated"):
            out.setdefault(underscored, (spec.name, "refused-underscore"))
    return out


def build_sglang(release: str = NEWEST) -> dict[str, Any]:
    """SGLang's own --config file (``python -m sglang.launch_server --config FILE``), as SGLang ``release``'s
    reader (``ConfigArgumentMerger``) takes it: dashed flag names, the ones it reads suggested; the underscore
    spellings, the options it refuses in any spelling (its ``--x/--no-x`` switches, ``--lora-paths``) and the flags
    the release no longer has are listed as refused, so an editor says why instead of completing them."""
    from ..compiler import sglang_reader

    props: dict[str, Any] = {}
    for key, (name, how) in sglang_keys(release).items():
        spec = SPECS[name]
        flag = sglang_reader.flag(name, release)
        if how == "reads" or how == "deprecated":
            entry = field_schema(spec)
            entry["title"] = flag
            entry.pop("x-flags", None)
            props[key] = entry
        elif how == "refused-underscore":
            dashed = key.replace("_", "-")
            props[key] = _refused(Text(f"SGLang {release}'s --config reader takes dashed keys only: {key} becomes "
                                       f"--{key}, which its parser refuses; write {dashed}",
                                       f"SGLang {release} 的 --config 读取器只接受短横线键名：{key} 会变成 --{key}，"
                                       f"其解析器不认识它；请写作 {dashed}"), flag)
        elif how == "refused-option":
            props[key] = _refused(Text(f"SGLang {release}'s --config reader refuses {flag} in any spelling "
                                       f"(Unsupported config option): pass it on the command line after --config FILE",
                                       f"SGLang {release} 的 --config 读取器不接受任何写法的 {flag}（Unsupported config "
                                       f"option）：请把它写在命令行上、--config FILE 之后"), flag)
        else:
            v = verdict(name, release)
            props[key] = _refused(Text(f"{v.says.en}" + (f"; {v.fix.en}" if v.fix else ""),
                                       f"{v.says.zh}" + (f"；{v.fix.zh}" if v.fix else "")), flag)
    return {
        "$schema": DRAFT,
        "title": f"SGLang {release} --config file",
        "description": (f"SGLang's own --config file (python -m sglang.launch_server --config FILE) as SGLang {release}'s "
                        "reader takes it: dashed flag names mapped to values; a true switch is the bare flag, a "
                        "false one nothing; a JSON argument may be its JSON text. Keys its reader refuses are listed "
                        "and marked. argmatrix export --to yaml writes this file. Generated by `argmatrix docs "
                        "generate`; do not edit.\n\n"
                        f"SGLang 自己的 --config 文件（python -m sglang.launch_server --config 文件），按 SGLang {release} "
                        "读取器的方式描述：短横线参数名到取值的映射；取值为 true 的开关即写出该参数，false 则不写；"
                        "JSON 参数可写成其 JSON 文本。读取器不接受的键也会列出并标明原因。argmatrix export --to yaml "
                        "写出的就是这种文件。由 `argmatrix docs generate` 生成，请勿手工修改。"),
        "type": "object",
        "properties": props,
        "additionalProperties": False,
    }


def render_all() -> dict[str, str]:
    return {PATH: json.dumps(build(), ensure_ascii=False, indent=2) + "\n",
            VLLM_PATH: json.dumps(build_vllm(), ensure_ascii=False, indent=2) + "\n",
            SGLANG_PATH: json.dumps(build_sglang(), ensure_ascii=False, indent=2) + "\n"}
