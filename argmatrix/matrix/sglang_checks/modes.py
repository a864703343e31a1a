"""SGLang 0.5.23's start-up checks on serving modes and on how adapters are written
(``arg_groups/model_hook.py``, ``arg_groups/argparse_actions.py``)."""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import as_list, as_mapping, sglang_source

# model_hook.py:1083: what --language-model-only (text weights only) cannot be combined with
WITHOUT_LANGUAGE_MODEL_ONLY = (("encoder_only", "--encoder-only"), ("language_only", "--language-only"),
                               ("enable_prefix_mm_cache", "--enable-prefix-mm-cache"),
                               ("enable_broadcast_mm_inputs_process", "--enable-broadcast-mm-inputs-process"),
                               ("mm_enable_dp_encoder", "--mm-enable-dp-encoder"))


def _language_model_only_conflicts(c: RuleContext) -> list[str]:
    return [flag for name, flag in WITHOUT_LANGUAGE_MODEL_ONLY if c.values[name]] if c.language_model_only else []


def _json_lora_without_keys(c: RuleContext) -> list[str]:
    """--lora-paths entries written as a JSON object that lacks lora_name or lora_path (argparse_actions.py:17)."""
    paths: object = c.lora_paths or []
    entries = [paths] if isinstance(paths, dict) else as_list(paths)
    return [str(e) for e in entries if isinstance(e, dict) and not {"lora_name", "lora_path"} <= set(as_mapping(e))]


RULES: list[Rule] = [
    Rule("language-model-only-alone", "AM-E316", ("language_model_only",),
         lambda c: bool(_language_model_only_conflicts(c)),
         Text("--language-model-only loads the text model alone and cannot be combined with {flags}",
              "--language-model-only 只加载文本模型，不能与 {flags} 同时使用"),
         Text("drop {flags}, or drop --language-model-only", "去掉 {flags}，或去掉 --language-model-only"),
         source=sglang_source("arg_groups/model_hook.py:1094"),
         extra=lambda c: {"flags": ", ".join(_language_model_only_conflicts(c))}),
    Rule("lora-json-entry-keys", "AM-E320", ("lora_paths",),
         lambda c: bool(_json_lora_without_keys(c)),
         Text("a --lora-paths entry written as JSON needs the keys lora_name and lora_path: {entries}",
              "以 JSON 形式给出的 --lora-paths 条目必须包含 lora_name 与 lora_path 两个键：{entries}"),
         Text('write it as {{"lora_name": "NAME", "lora_path": "PATH"}}, or as NAME=PATH',
              '写成 {{"lora_name": "名称", "lora_path": "路径"}}，或写成 名称=路径'),
         source=sglang_source("arg_groups/argparse_actions.py:17"),
         extra=lambda c: {"entries": "; ".join(_json_lora_without_keys(c))}),
]
