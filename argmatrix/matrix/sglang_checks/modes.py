"""SGLang 0.5.23's start-up checks on serving modes and on how adapters are written
(``arg_groups/model_hook.py``, ``arg_groups/argparse_actions.py``); the one on --language-model-only's models
reads the model's config facts (``reads_model``)."""
from __future__ import annotations

from typing import Any

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import sglang_source

# model_hook.py:1083: what --language-model-only (text weights only) cannot be combined with
WITHOUT_LANGUAGE_MODEL_ONLY = (("encoder_only", "--encoder-only"), ("language_only", "--language-only"),
                               ("enable_prefix_mm_cache", "--enable-prefix-mm-cache"),
                               ("enable_broadcast_mm_inputs_process", "--enable-broadcast-mm-inputs-process"),
                               ("mm_enable_dp_encoder", "--mm-enable-dp-encoder"))


def _language_model_only_conflicts(c: RuleContext) -> list[str]:
    return [flag for name, flag in WITHOUT_LANGUAGE_MODEL_ONLY if c.values[name]] if c.language_model_only else []


# server_args.py ServerArgs.LANGUAGE_MODEL_ONLY_ARCHITECTURES: the models whose text part --language-model-only loads.
LANGUAGE_MODEL_ONLY_ARCHS = ("DeepseekV4ForCausalLM", "MuseGlimmerForConditionalGeneration",
                             "Cosmos3ForConditionalGeneration", "Cosmos3EdgeForConditionalGeneration")


def _language_model_only_model(c: RuleContext) -> Text | None:
    """Why --language-model-only cannot serve this model (model_hook.py:1096-1110), or None."""
    if not c.language_model_only or _language_model_only_conflicts(c):
        return None
    if c.disaggregation_mode != "null" and c.model.model_type != "deepseek_v41":
        return Text("it does not take part in PD disaggregation (--disaggregation-mode {disaggregation_mode}), "
                    "except for DeepSeek-V4.1", "它不能用于 PD 分离（--disaggregation-mode {disaggregation_mode}），"
                    "DeepSeek-V4.1 除外")
    archs = c.model.raw.get("architectures") or [c.model.architecture]
    if not any(a in LANGUAGE_MODEL_ONLY_ARCHS for a in archs):
        return Text("SGLang offers it for " + ", ".join(LANGUAGE_MODEL_ONLY_ARCHS) + " only, not {architecture}",
                    "SGLang 只对 " + "、".join(LANGUAGE_MODEL_ONLY_ARCHS) + " 提供它，不支持 {architecture}")
    return None


def _json_lora_without_keys(c: RuleContext) -> list[str]:
    """--lora-paths entries written as a JSON object that lacks lora_name or lora_path (argparse_actions.py:17)."""
    entries: Any = c.lora_paths or []
    if isinstance(entries, dict):
        entries = [entries]
    return [str(e) for e in entries if isinstance(e, dict) and not {"lora_name", "lora_path"} <= set(e)]


def _why(c: RuleContext, text: Text | None) -> dict[str, Any]:
    shown = {**c.values, "architecture": c.model.architecture}
    text = text or Text("", "")
    return {"why_en": text.en.format_map(shown), "why_zh": text.zh.format_map(shown)}


RULES: list[Rule] = [
    Rule("language-model-only-alone", "AM-E316", ("language_model_only",),
         lambda c: bool(_language_model_only_conflicts(c)),
         Text("--language-model-only loads the text model alone and cannot be combined with {flags}",
              "--language-model-only 只加载文本模型，不能与 {flags} 同时使用"),
         Text("drop {flags}, or drop --language-model-only", "去掉 {flags}，或去掉 --language-model-only"),
         source=sglang_source("arg_groups/model_hook.py:1094"),
         extra=lambda c: {"flags": ", ".join(_language_model_only_conflicts(c))}),
    Rule("language-model-only-model", "AM-E460", ("language_model_only", "disaggregation_mode"),
         lambda c: _language_model_only_model(c) is not None,
         Text("SGLang refuses --language-model-only for this model at start-up: {why_en}",
              "SGLang 启动时会拒绝对该模型使用 --language-model-only：{why_zh}"),
         Text("drop --language-model-only", "去掉 --language-model-only"),
         source=sglang_source("arg_groups/model_hook.py:1098, :1106"), reads_model=True,
         extra=lambda c: _why(c, _language_model_only_model(c))),
    Rule("lora-json-entry-keys", "AM-E320", ("lora_paths",),
         lambda c: bool(_json_lora_without_keys(c)),
         Text("a --lora-paths entry written as JSON needs the keys lora_name and lora_path: {entries}",
              "以 JSON 形式给出的 --lora-paths 条目必须包含 lora_name 与 lora_path 两个键：{entries}"),
         Text('write it as {{"lora_name": "NAME", "lora_path": "PATH"}}, or as NAME=PATH',
              '写成 {{"lora_name": "名称", "lora_path": "路径"}}，或写成 名称=路径'),
         source=sglang_source("arg_groups/argparse_actions.py:17"),
         extra=lambda c: {"entries": "; ".join(_json_lora_without_keys(c))}),
]
