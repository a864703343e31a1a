"""SGLang's start-up checks on attention backends, linear attention, and multi-item scoring
(``arg_groups/attention_hook.py``, ``arg_groups/overrides.py``), read from 0.5.23.

An attention backend left unset is picked by SGLang from the GPU; these rules judge only a backend the launch names
(or the platform's fixed one: ascend on Ascend, torch_native on CPU, both applied as platform defaults).
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import (
    Need,
    architecture,
    as_list,
    as_mapping,
    broken_needs,
    env_true,
    fix_by_family,
    needs_listed,
    sglang_source,
    target,
)

# SGLang 0.5.23 arg_groups/choices.py DETERMINISTIC_ATTENTION_BACKEND_CHOICES

# Deterministic inference on absorbed-MLA models (attention_hook.py:615): the architectures SGLang treats as DeepSeek
# there, and the backends that keep the radix cache deterministic (choices.py
# RADIX_SUPPORTED_DETERMINISTIC_ATTENTION_BACKEND), the only ones it takes for them.
DETERMINISTIC_MLA_ARCHITECTURES = ("DeepseekV2ForCausalLM", "DeepseekV3ForCausalLM", "DeepseekV32ForCausalLM",
                                   "MistralLarge3ForCausalLM", "PixtralForConditionalGeneration", "GlmMoeDsaForCausalLM",
                                   "Glm4MoeLiteForCausalLM", "Glm5NextForConditionalGeneration")
RADIX_DETERMINISTIC_BACKENDS = ("ascend", "fa3", "fa4", "triton")
DETERMINISTIC_BACKENDS = ("ascend", "fa3", "fa4", "flashinfer", "intel_xpu", "triton")  # choices.py:113


def uses_kda(c: RuleContext) -> bool:
    """Kimi Delta Attention layers in the model (configs/model_config.py uses_kda_attention), in its config or its
    text config."""
    raw = target(c).raw
    for cfg in (raw, as_mapping(raw.get("text_config"))):
        if as_mapping(cfg.get("linear_attn_config")).get("kda_layers"):
            return True
        if "linear_attention" in as_list(cfg.get("layer_types")) and cfg.get("linear_num_heads") is not None \
                and cfg.get("linear_head_dim") is not None:
            return True
    return False


def deterministic(c: RuleContext) -> bool:
    """Deterministic inference, asked for or implied by --rl-on-policy-target (attention_hook.py:586)."""
    return bool(c.enable_deterministic_inference or c.rl_on_policy_target is not None)


def named_backends(c: RuleContext) -> tuple[str, ...]:
    """The attention backends the launch fixes: --attention-backend and the prefill/decode ones."""
    return tuple(str(b) for b in (c.attention_backend, c.prefill_attention_backend, c.decode_attention_backend)
                 if b is not None)


def linear_decode(c: RuleContext) -> str:
    """The linear-attention decode backend: its own flag, else --linear-attn-backend (triton unless set); a flashkda
    inherited from --linear-attn-backend decodes on triton (FlashKDA is prefill-only, attention_hook.py:317)."""
    decode = str(c.linear_attn_decode_backend or c.linear_attn_backend or "triton")
    return "triton" if decode == "flashkda" and c.linear_attn_decode_backend is None else decode


REPLAYSSM_NEEDS = (
    Need(lambda c: linear_decode(c) not in ("triton", "helion"), "the triton or helion linear-attention decode backend",
         "triton 或 helion 线性注意力解码后端"),
    Need(lambda c: not c.disable_radix_cache and c.mamba_radix_cache_strategy in ("extra_buffer", "extra_buffer_lazy"),
         "the no_buffer mamba cache strategy (the default)", "no_buffer mamba 缓存策略（默认值）"),
    Need(lambda c: c.disaggregation_mode != "null", "no PD disaggregation (--disaggregation-mode null)",
         "不使用 PD 分离（--disaggregation-mode null）"),
)

REPLAYSSM_SPEC_NEEDS = (
    Need(lambda c: c.speculative_eagle_topk not in (None, 1), "a linear draft chain (--speculative-eagle-topk 1)",
         "线性草稿链（--speculative-eagle-topk 1）"),
    Need(lambda c: linear_decode(c) not in ("triton", "flashinfer"), "the triton or flashinfer linear-attention decode "
         "backend", "triton 或 flashinfer 线性注意力解码后端"),
    Need(lambda c: c.disaggregation_mode == "prefill", "no PD prefill role (it never verifies drafts)",
         "不能用于 PD 预填充实例（预填充实例从不校验草稿）"),
    Need(lambda c: c.enable_linear_replayssm, "no --enable-linear-replayssm (the two drive one ring differently)",
         "不能同时使用 --enable-linear-replayssm（二者以不同方式驱动同一环形缓存）"),
)

RULES: list[Rule] = [
    Rule("flex-attention-without-speculative", "AM-E339", ("attention_backend", "speculative_algorithm"),
         lambda c: c.attention_backend == "flex_attention" and c.speculative_algorithm is not None,
         Text("--attention-backend flex_attention does not support speculative decoding",
              "--attention-backend flex_attention 不支持投机解码"),
         Text("drop --speculative-algorithm, or use another attention backend",
              "去掉 --speculative-algorithm，或换用其他注意力后端"),
         source=sglang_source("arg_groups/attention_hook.py:161")),
    Rule("flashkda-is-prefill-only", "AM-E340", ("linear_attn_decode_backend",),
         lambda c: c.linear_attn_decode_backend == "flashkda",
         Text("--linear-attn-decode-backend flashkda: FlashKDA has no decode kernel",
              "--linear-attn-decode-backend flashkda：FlashKDA 没有解码算子"),
         Text("use --linear-attn-prefill-backend flashkda and leave decode on triton",
              "改用 --linear-attn-prefill-backend flashkda，解码保持为 triton"),
         source=sglang_source("arg_groups/attention_hook.py:319")),
    Rule("linear-replayssm-needs", "AM-E341", ("enable_linear_replayssm",),
         lambda c: c.enable_linear_replayssm and broken_needs(REPLAYSSM_NEEDS)(c),
         Text("--enable-linear-replayssm needs: {needs_en}", "--enable-linear-replayssm 的要求未满足：{needs_zh}"),
         Text("change the settings listed, or drop --enable-linear-replayssm",
              "按上述要求修改，或去掉 --enable-linear-replayssm"),
         source=sglang_source("arg_groups/attention_hook.py:411, :418, :429"), extra=needs_listed(REPLAYSSM_NEEDS)),
    Rule("linear-replayssm-spec-needs", "AM-E342", ("enable_linear_replayssm_spec",),
         lambda c: c.enable_linear_replayssm_spec and broken_needs(REPLAYSSM_SPEC_NEEDS)(c),
         Text("--enable-linear-replayssm-spec needs: {needs_en}", "--enable-linear-replayssm-spec 的要求未满足：{needs_zh}"),
         Text("change the settings listed, or drop --enable-linear-replayssm-spec",
              "按上述要求修改，或去掉 --enable-linear-replayssm-spec"),
         source=sglang_source("arg_groups/attention_hook.py:452, :460, :494, :500"),
         extra=needs_listed(REPLAYSSM_SPEC_NEEDS)),
    Rule("multi-item-scoring-needs-flashinfer", "AM-E343", ("enable_mis", "attention_backend"),
         lambda c: c.enable_mis and any(b != "flashinfer" for b in named_backends(c)),
         Text("--enable-mis (multi-item scoring) needs the flashinfer attention backend for its custom mask, not "
              "{backends}", "--enable-mis（多条目打分）需要 flashinfer 注意力后端提供自定义掩码，而不是 {backends}"),
         Text("{fix_en}", "{fix_zh}"),
         source=sglang_source("arg_groups/attention_hook.py:573"),
         # flashinfer runs on CUDA only: elsewhere multi-item scoring cannot run, and the fix says so
         extra=fix_by_family(Text("use --attention-backend flashinfer", "改用 --attention-backend flashinfer"),
                             Text("drop --enable-mis: it needs flashinfer, which runs on CUDA GPUs only",
                                  "去掉 --enable-mis：它需要 flashinfer，而 flashinfer 只能在 CUDA GPU 上运行"),
                             more=lambda c: {"backends": ", ".join(sorted(set(named_backends(c))))})),
    Rule("trtllm-mla-kv-cache-dtype", "AM-E345", ("kv_cache_dtype", "attention_backend", "decode_attention_backend"),
         lambda c: "trtllm_mla" in (c.attention_backend, c.decode_attention_backend)
         and c.kv_cache_dtype not in ("fp8_e4m3", "bf16", "auto"),
         Text("the trtllm_mla attention backend takes --kv-cache-dtype fp8_e4m3, bf16 or auto, not {kv_cache_dtype}",
              "trtllm_mla 注意力后端只支持 --kv-cache-dtype fp8_e4m3、bf16 或 auto，不支持 {kv_cache_dtype}"),
         Text("use --kv-cache-dtype fp8_e4m3 or auto", "改用 --kv-cache-dtype fp8_e4m3 或 auto"),
         source=sglang_source("arg_groups/overrides.py:1215")),
    Rule("cutedsl-mla-decode-only", "AM-E346", ("prefill_attention_backend", "kv_cache_dtype", "attention_backend"),
         lambda c: "cutedsl_mla" in named_backends(c) and (
             c.prefill_attention_backend == "cutedsl_mla"
             or c.kv_cache_dtype not in ("fp8_e4m3", "bf16", "bfloat16", "auto")),
         Text("the cutedsl_mla attention backend decodes only (not --prefill-attention-backend cutedsl_mla) and takes "
              "--kv-cache-dtype fp8_e4m3, bf16 or auto", "cutedsl_mla 注意力后端只用于解码（不能作为 "
              "--prefill-attention-backend），且只支持 --kv-cache-dtype fp8_e4m3、bf16 或 auto"),
         Text("use --decode-attention-backend cutedsl_mla with the default prefill backend and --kv-cache-dtype auto",
              "使用 --decode-attention-backend cutedsl_mla，预填充后端保持默认，并设置 --kv-cache-dtype auto"),
         source=sglang_source("arg_groups/overrides.py:1241, :1254")),
    # --- deterministic inference (attention_hook.py:580, handle_deterministic_inference) ---------------------------
    Rule("deterministic-mla-attention-backend", "AM-E469", ("attention_backend", "enable_deterministic_inference"),
         # a backend outside DETERMINISTIC_BACKENDS is AM-E392's; an unset one SGLang picks as fa3 or triton here
         lambda c: deterministic(c) and architecture(c) in DETERMINISTIC_MLA_ARCHITECTURES
         and not str(c.model_path or "").startswith("instance://")
         and c.attention_backend in DETERMINISTIC_BACKENDS and c.attention_backend not in RADIX_DETERMINISTIC_BACKENDS,
         Text("deterministic inference on {arch} (absorbed MLA) works only with the ascend, fa3, fa4 or triton "
              "attention backend, not {attention_backend}", "{arch}（吸收式 MLA）上的确定性推理只支持 ascend、fa3、fa4 "
              "或 triton 注意力后端，不支持 {attention_backend}"),
         Text("use --attention-backend triton (or fa3 on Hopper), or leave it unset",
              "改用 --attention-backend triton（Hopper 上也可用 fa3），或不设置"),
         source=sglang_source("arg_groups/attention_hook.py:645"), reads_model=True,
         extra=lambda c: {"arch": architecture(c)}),
    Rule("deterministic-tp-turns-off-symm-mem", "AM-W472", ("enable_torch_symm_mem", "enable_deterministic_inference",
                                                             "tp_size"),
         lambda c: deterministic(c) and c.tp_size > 1 and c.enable_torch_symm_mem,
         Text("--enable-torch-symm-mem is overridden: deterministic inference with --tp-size {tp_size} pins NCCL to a "
              "tree all-reduce and turns symmetric-memory (and custom) all-reduce off",
              "--enable-torch-symm-mem 会被覆盖：--tp-size {tp_size} 下的确定性推理把 NCCL 固定为树形 all-reduce，"
              "并关闭对称内存（以及自定义）all-reduce"),
         Text("drop --enable-torch-symm-mem (it has no effect here), or drop deterministic inference",
              "去掉 --enable-torch-symm-mem（此时它不起作用），或不使用确定性推理"),
         severity="warning", families=frozenset({"gpu", "cpu"}),  # ROCm keeps its own path; no column for it
         source=sglang_source("arg_groups/attention_hook.py:699")),
    Rule("kda-pp-spec-verify-on-triton", "AM-W479", ("linear_attn_verify_backend",),
         lambda c: c.linear_attn_verify_backend == "flashinfer" and env_true(c, "SGLANG_ENABLE_PP_SPEC") and uses_kda(c),
         Text("--linear-attn-verify-backend flashinfer is overridden: with SGLANG_ENABLE_PP_SPEC, SGLang verifies "
              "Kimi Delta Attention drafts on triton (FlashInfer's verify row layout does not fit)",
              "--linear-attn-verify-backend flashinfer 会被覆盖：设置 SGLANG_ENABLE_PP_SPEC 时，SGLang 对 Kimi Delta "
              "Attention 的草稿校验改用 triton（FlashInfer 的校验行布局不适用）"),
         Text("use --linear-attn-verify-backend triton, or unset SGLANG_ENABLE_PP_SPEC",
              "改用 --linear-attn-verify-backend triton，或取消 SGLANG_ENABLE_PP_SPEC"),
         severity="warning", source=sglang_source("arg_groups/attention_hook.py:361"), reads_model=True),
]
