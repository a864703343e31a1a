"""What SGLang turns off for diffusion LLM inference (arg_groups/dllm_hook.py): it warns and replaces the values,
so the rule is a warning listing what the launch loses."""
from __future__ import annotations

from collections.abc import Callable

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import sglang_source

# (condition, what SGLang turns off) in handle_dllm_inference's order; the caches only while the radix cache is on.
TURNED_OFF: list[tuple[Callable[[RuleContext], bool], str, str]] = [
    (lambda c: not c.disable_radix_cache and c.enable_hierarchical_cache, "--enable-hierarchical-cache",
     "--enable-hierarchical-cache"),
    (lambda c: not c.disable_radix_cache and c.enable_lmcache, "--enable-lmcache", "--enable-lmcache"),
    (lambda c: not c.disable_radix_cache and c.enable_flexkv, "--enable-flexkv", "--enable-flexkv"),
    (lambda c: c.pp_size > 1, "--pp-size {pp_size} (becomes 1)", "--pp-size {pp_size}（改为 1）"),
    (lambda c: c.enable_lora, "--enable-lora", "--enable-lora"),
    (lambda c: c.disaggregation_mode != "null", "--disaggregation-mode {disaggregation_mode} (becomes null)",
     "--disaggregation-mode {disaggregation_mode}（改为 null）"),
    (lambda c: c.enable_mixed_chunk, "--enable-mixed-chunk", "--enable-mixed-chunk"),
]


def _turned_off(c: RuleContext) -> dict[str, object]:
    hit = [(en.format_map(c.values), zh.format_map(c.values)) for cond, en, zh in TURNED_OFF if cond(c)]
    return {"off_en": ", ".join(en for en, _ in hit), "off_zh": "、".join(zh for _, zh in hit)}


RULES: list[Rule] = [
    Rule("dllm-turns-features-off", "AM-W399", ("dllm_algorithm",),
         lambda c: c.dllm_algorithm is not None and any(cond(c) for cond, _, _ in TURNED_OFF),
         Text("diffusion LLM inference (--dllm-algorithm {dllm_algorithm}) does not support, and SGLang turns off "
              "without failing: {off_en}", "扩散语言模型推理（--dllm-algorithm {dllm_algorithm}）不支持以下设置，"
              "SGLang 会直接将其关闭：{off_zh}"),
         Text("drop them from this launch", "从启动命令中去掉这些设置"), severity="warning",
         source=sglang_source("arg_groups/dllm_hook.py:68, :77, :84, :92, :102, :106, :116"), extra=_turned_off),
]
