"""SGLang's start-up checks on CP-TP group sharing (``arg_groups/cp_tp_group_sharing_hook.py``), read from 0.5.23:
prefill context parallelism on the hybrid linear-attention models whose code makes the CP group the TP group.  SGLang
turns it on by the model's architecture, so the rule reads the model's config.json.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import (
    Problem,
    a2a_backend,
    architecture,
    as_mapping,
    config_value,
    deepseek_dsa,
    env_true,
    ep_size,
    first_problem,
    problem_text,
    sglang_source,
)
from .sharding import resolved_attn_cp

GLM5_NEXT, QWEN4_EXP = "Glm5NextForConditionalGeneration", "Qwen4ExpForConditionalGeneration"
SHARING_MODELS = frozenset({GLM5_NEXT, QWEN4_EXP})  # _SUPPORTED_MODELS


def sharing(c: RuleContext) -> bool:
    """resolve_cp_tp_group_sharing runs past its guard: prefill CP over more than one rank on a model it supports
    (on GLM-5 Next, a DeepSeek-family MLA model, SGLang has already set --attn-cp-size to tp / attention-DP)."""
    return bool(c.enable_prefill_cp) and resolved_attn_cp(c) > 1 and architecture(c) in SHARING_MODELS


def strategy(c: RuleContext) -> str:
    return "interleave" if architecture(c) == GLM5_NEXT else "zigzag"


def native_mtp_or_dflash(c: RuleContext) -> bool:
    algo = c.speculative_algorithm
    return algo == "DFLASH" or (str(algo).upper() in ("EAGLE", "NEXTN")
                                and c.speculative_draft_model_path in (None, c.model_path)
                                and c.speculative_eagle_topk in (None, 1))


def resolved_ep(c: RuleContext) -> int:
    """--ep-size as the hook reads it: GLM-5 Next's MLA prefill-CP override (and its DSA one with zigzag) set it to
    --tp-size before (model_overrides/deepseek_v2.py)."""
    if architecture(c) == GLM5_NEXT and (not deepseek_dsa(c) or c.cp_strategy == "zigzag"):
        return int(c.tp_size)
    return ep_size(c)


def unsupported(c: RuleContext) -> list[str]:
    """The flags of the hook's ``unsupported`` table that the launch sets, in the table's order."""
    table = {"--enable-dsa-cache-layer-split": c.enable_dsa_cache_layer_split, "--dcp-size above 1": c.dcp_size > 1,
             "--enable-mixed-chunk": c.enable_mixed_chunk, "--moe-dp-size above 1": c.moe_dp_size > 1}
    if architecture(c) == QWEN4_EXP:
        table |= {"--ep-size above 1": resolved_ep(c) > 1, "--moe-a2a-backend": a2a_backend(c) != "none",
                  "--enable-waterfill": c.enable_waterfill, "--pp-size above 1": c.pp_size > 1,
                  "--disaggregation-mode decode": c.disaggregation_mode == "decode"}
    elif c.disaggregation_mode != "null":  # GLM-5 Next behind PD disaggregation
        table |= {"--disaggregation-mode decode": c.disaggregation_mode == "decode",
                  "--disaggregation-transfer-backend other than mooncake": c.disaggregation_transfer_backend != "mooncake",
                  "--speculative-algorithm other than DFLASH": c.speculative_algorithm != "DFLASH",
                  "--pp-size above 1": c.pp_size > 1, "--dp-size above 1": c.dp_size > 1,
                  "--ep-size above 1": resolved_ep(c) > 1}
    return [flag for flag, on in table.items() if on]


# What the config classes default to when config.json leaves the count out: Qwen4ExpTextConfig is a Qwen3NextConfig
# (linear_num_key_heads=16, linear_num_value_heads=32); Glm5NextTextConfig builds linear_attn_config from
# linear_num_heads=64.
DEFAULT_LINEAR_HEADS = {QWEN4_EXP: {"linear_num_key_heads": 16, "linear_num_value_heads": 32},
                        GLM5_NEXT: {"num_heads": 64}}


def linear_heads(c: RuleContext) -> dict[str, int]:
    """The linear-attention head counts the hook divides by --tp-size: linear_num_key_heads / linear_num_value_heads
    (Qwen4 Exp), else linear_attn_config.num_heads, built from linear_num_heads when absent (GLM-5 Next)."""
    defaults = DEFAULT_LINEAR_HEADS[architecture(c)]
    if "linear_num_key_heads" in defaults:
        heads = {name: config_value(c, name) for name in defaults}
    else:
        linear = config_value(c, "linear_attn_config")
        heads = {"num_heads": as_mapping(linear).get("num_heads") if isinstance(linear, dict)
                 else config_value(c, "linear_num_heads")}
    counts = {name: defaults[name] if count is None else count for name, count in heads.items()}
    return {name: count for name, count in counts.items() if isinstance(count, int) and not isinstance(count, bool)}


def heads_not_divisible(c: RuleContext) -> list[str]:
    return [f"{name}={count}" for name, count in linear_heads(c).items() if count % int(c.tp_size)]


CP_TP_PROBLEMS: tuple[Problem, ...] = (
    (lambda c: resolved_attn_cp(c) != c.tp_size,
     Text("the CP width must equal --tp-size, not {cp} against {tp_size} (attention DP narrows it)",
          "CP 宽度必须等于 --tp-size，而现在是 {cp} 对 {tp_size}（注意力数据并行会使其变窄）")),
    (lambda c: c.cp_strategy != strategy(c),
     Text("it needs --cp-strategy {strategy}, not {cp_strategy}", "需要 --cp-strategy {strategy}，而不是 {cp_strategy}")),
    (lambda c: c.speculative_algorithm is not None and architecture(c) != GLM5_NEXT,
     Text("it does not support speculative decoding on {arch} (--speculative-algorithm {speculative_algorithm})",
          "在 {arch} 上不支持投机解码（--speculative-algorithm {speculative_algorithm}）")),
    (lambda c: c.speculative_algorithm is not None and not native_mtp_or_dflash(c),
     Text("it takes only DFLASH, or the model's own MTP head (EAGLE/NEXTN without another draft model, "
          "--speculative-eagle-topk 1)", "只支持 DFLASH，或模型自带的 MTP 头（EAGLE/NEXTN、不另设草稿模型、"
          "--speculative-eagle-topk 1）")),
    (lambda c: bool(unsupported(c)),
     Text("it does not support {unsupported_en}", "不支持 {unsupported_zh}")),
    (lambda c: c.disaggregation_mode == "prefill" and env_true(c, "SGLANG_DISAGG_STAGING_BUFFER"),
     Text("it does not support SGLANG_DISAGG_STAGING_BUFFER on a prefill worker",
          "在预填充实例上不支持 SGLANG_DISAGG_STAGING_BUFFER")),
    (lambda c: bool(heads_not_divisible(c)),
     Text("the linear-attention heads ({heads}) must divide by --tp-size {tp_size}",
          "线性注意力头数（{heads}）必须能被 --tp-size {tp_size} 整除")),
)


def numbers(c: RuleContext) -> dict[str, object]:
    off = unsupported(c)
    return {"arch": architecture(c), "strategy": strategy(c), "cp": resolved_attn_cp(c), "unsupported_en": ", ".join(off),
            "unsupported_zh": "、".join(off), "heads": ", ".join(heads_not_divisible(c))}


RULES: list[Rule] = [
    Rule("cp-tp-group-sharing", "AM-E449", ("enable_prefill_cp", "attn_cp_size", "tp_size", "cp_strategy",
                                            "speculative_algorithm"),
         lambda c: sharing(c) and first_problem(c, CP_TP_PROBLEMS) is not None,
         Text("prefill context parallelism on {arch} shares the CP group with the TP group, and {why_en}; SGLang "
              "refuses the launch at start-up", "{arch} 上的预填充上下文并行与张量并行共用同一通信组，{why_zh}；"
              "SGLang 会在启动时拒绝该启动命令"),
         Text("serve it as --tp-size N --attn-cp-size N --enable-prefill-cp --cp-strategy {strategy} without the "
              "options named, or drop --enable-prefill-cp", "按 --tp-size N --attn-cp-size N --enable-prefill-cp "
              "--cp-strategy {strategy} 启动且不加上述选项，或去掉 --enable-prefill-cp"),
         source=sglang_source("arg_groups/cp_tp_group_sharing_hook.py:37, :47, :55, :63, :99, :103, :118"),
         extra=problem_text(CP_TP_PROBLEMS, numbers), reads_model=True),
]
