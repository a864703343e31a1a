"""SGLang 0.5.23's start-up checks that depend on the model's architecture (``arg_groups/model_hook.py``
handle_model_specific_adjustments, handle_mamba_radix_cache and handle_language_model_only,
``pd_disaggregation_hook.py``'s encoder disaggregation, ``overrides.py``'s DSA and DeepSeek-V4 KV-cache passes):
features that exist for some architectures only, and the attention backends, parallel layouts and KV caches an
architecture needs.

These rules read the model's config facts (``reads_model``): ``architecture(c)`` is SGLang's
``hf_config.architectures[0]`` and ``target(c).raw`` the config.json SGLang reads its other fields from.  The
architecture lists are SGLang's own, copied from the lines each rule cites.
"""
from __future__ import annotations

from collections.abc import Callable

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import (
    Cases,
    Need,
    Problem,
    architecture,
    architectures,
    as_int,
    attn_tp,
    broken_needs,
    deepseek_dsa,
    family,
    first_problem,
    given,
    in_order,
    needs_listed,
    problem_text,
    sglang_source,
    target,
)
from .modes import WITHOUT_LANGUAGE_MODEL_ONLY
from .replacements import gave_graphs
from .resolved import radix_cache_on

# model_hook.py:268: the DeepSeek family branch, inside which the DSA checks run.
DEEPSEEK_FAMILY = ("DeepseekV3ForCausalLM", "DeepseekV32ForCausalLM", "KimiK25ForConditionalGeneration",
                   "MistralLarge3ForCausalLM", "PixtralForConditionalGeneration", "GlmMoeDsaForCausalLM",
                   "Glm5NextForConditionalGeneration", "HYV4ForCausalLM", "HYV4ForCausalLMNextN",
                   "LongcatFlashForCausalLM", "Dots3NoteForCausalLM")
# layers/cp/cp_decode_attn_tp.py CP_DECODE_ATTN_TP_SUPPORTED_ARCHS
CP_DECODE_ATTN_TP_ARCHS = ("DeepseekV4ForCausalLM", "DeepseekV4ForCausalLMNextN", "DeepseekV4ForCausalLMDSpark",
                           "GlmMoeDsaForCausalLM", "GlmMoeDsaForCausalLMNextN")
# pd_disaggregation_hook.py:352: the architectures encoder disaggregation (--encoder-only / --language-only) serves.
ENCODER_DISAGG_ARCHS = ("Qwen2VLForConditionalGeneration", "Qwen3VLForConditionalGeneration",
                        "Qwen2_5_VLForConditionalGeneration", "Qwen3VLMoeForConditionalGeneration",
                        "Qwen3_5ForConditionalGeneration", "Qwen3_5MoeForConditionalGeneration",
                        "InternS2PreviewForConditionalGeneration", "Qwen3OmniMoeForConditionalGeneration",
                        "Qwen2AudioForConditionalGeneration", "Qwen2_5OmniForConditionalGeneration",
                        "Dots3NoteForCausalLM", "KimiVLForConditionalGeneration", "KimiK25ForConditionalGeneration",
                        "KimiK3ForConditionalGeneration", "MiMoV2ForCausalLM", "Glm5NextForConditionalGeneration",
                        "MiniMaxM3SparseForConditionalGeneration", "MuseSparkForConditionalGeneration")
# server_args.py ServerArgs.LANGUAGE_MODEL_ONLY_ARCHITECTURES: the models whose text part --language-model-only loads.
LANGUAGE_MODEL_ONLY_ARCHS = ("DeepseekV4ForCausalLM", "MuseGlimmerForConditionalGeneration",
                             "Cosmos3ForConditionalGeneration", "Cosmos3EdgeForConditionalGeneration")
# Architectures whose every layer is attention: SGLang keeps no mamba state for them, so an explicit extra-buffer
# --mamba-radix-cache-strategy has nothing to work on (model_hook.py:1063).  Only the plain families argmatrix reads
# (compiler/model_facts.py); a hybrid SGLang recognises by its config class is never among them.
PLAIN_ATTENTION_ARCHS = ("LlamaForCausalLM", "MistralForCausalLM", "Qwen2ForCausalLM", "Qwen3ForCausalLM",
                         "Qwen2MoeForCausalLM", "Qwen3MoeForCausalLM", "MixtralForCausalLM", "DeepseekV2ForCausalLM",
                         "DeepseekV3ForCausalLM", "GemmaForCausalLM", "Gemma2ForCausalLM", "Gemma3ForCausalLM")
MAMBA_EXTRA_BUFFER = ("extra_buffer", "extra_buffer_lazy")  # model_override_base.mamba_extra_buffer_of


def raw(c: RuleContext, key: str) -> object:
    return target(c).raw.get(key)


def dsa_branch(c: RuleContext) -> bool:
    """The DSA part of model_hook.py's DeepSeek-family branch, where the checks of DSA_SETUP run."""
    return architecture(c) in DEEPSEEK_FAMILY and deepseek_dsa(c)


def shares_topk(c: RuleContext) -> bool:
    """config.json shares the DSA indexer's top-k across layers (model_hook.py:60)."""
    pattern, types = raw(c, "index_topk_pattern"), raw(c, "indexer_types")
    return (as_int(raw(c, "index_topk_freq"), 1) > 1 or (isinstance(pattern, (str, list)) and "S" in pattern)
            or (isinstance(types, (str, list)) and "shared" in types))


# Features SGLang serves for some architectures only, in handle_model_specific_adjustments' order, then the
# capability, mamba and encoder-disaggregation checks.
NEEDS_ARCHITECTURE: list[Problem] = [
    (lambda c: family(c) == "npu" and c.dcp_size > 1 and not deepseek_dsa(c),
     Text("--dcp-size {dcp_size}: on Ascend SGLang implements decode context parallelism for DeepSeek Sparse "
          "Attention models only", "--dcp-size {dcp_size}：在昇腾上，SGLang 只为 DeepSeek 稀疏注意力（DSA）模型实现了"
          "解码上下文并行")),
    (lambda c: c.enable_dsa_cache_layer_split and not deepseek_dsa(c),
     Text("--enable-dsa-cache-layer-split works for DeepSeek Sparse Attention models only",
          "--enable-dsa-cache-layer-split 只适用于 DeepSeek 稀疏注意力（DSA）模型")),
    (lambda c: c.enable_cp_decode_attn_tp and architecture(c) not in CP_DECODE_ATTN_TP_ARCHS,
     Text("--enable-cp-decode-attn-tp needs attention weights replicated across the context-parallel ranks, which "
          "SGLang has for DeepSeek-V4 and GLM-5 (GlmMoeDsa) only", "--enable-cp-decode-attn-tp 要求注意力权重在各上下文"
          "并行 rank 上完整复制，SGLang 只对 DeepSeek-V4 与 GLM-5（GlmMoeDsa）如此实现")),
    (lambda c: c.enable_two_batch_overlap and dsa_branch(c) and shares_topk(c),
     Text("--enable-two-batch-overlap does not pass the DSA indexer's top-k from layer to layer, and this "
          "checkpoint shares it across layers (index_topk_freq, index_topk_pattern or indexer_types in config.json)",
          "--enable-two-batch-overlap 不会在层间传递 DSA 索引器的 top-k 结果，而该检查点在多层间共享它"
          "（config.json 中的 index_topk_freq、index_topk_pattern 或 indexer_types）")),
    (lambda c: c.enable_encoder_swa_bounded_replay and target(c).model_type != "deepseek_v41",
     Text("--enable-encoder-swa-bounded-replay works for DeepSeek-V4.1 (model_type deepseek_v41) only",
          "--enable-encoder-swa-bounded-replay 只适用于 DeepSeek-V4.1（model_type 为 deepseek_v41）")),
    (lambda c: c.mamba_radix_cache_strategy in MAMBA_EXTRA_BUFFER and radix_cache_on(c)
     and architecture(c) in PLAIN_ATTENTION_ARCHS,
     Text("--mamba-radix-cache-strategy {mamba_radix_cache_strategy} keeps mamba state, which this model has none "
          "of", "--mamba-radix-cache-strategy {mamba_radix_cache_strategy} 需要保存 mamba 状态，而该模型没有 mamba 层")),
    (lambda c: (c.encoder_only or c.language_only) and architecture(c) not in ENCODER_DISAGG_ARCHS,
     Text("encoder disaggregation (--encoder-only / --language-only) serves only SGLang's listed multimodal models "
          "(Qwen2-VL, Qwen2.5-VL, Qwen3-VL, Qwen3.5, Qwen-Omni, Qwen2-Audio, InternS2, Kimi-VL, Kimi K2.5/K3, "
          "MiMo-V2, Dots3-Note, GLM-5 Next, MiniMax-M3, Muse Spark)", "编码器分离（--encoder-only / --language-only）"
          "只支持 SGLang 列出的多模态模型（Qwen2-VL、Qwen2.5-VL、Qwen3-VL、Qwen3.5、Qwen-Omni、Qwen2-Audio、InternS2、"
          "Kimi-VL、Kimi K2.5/K3、MiMo-V2、Dots3-Note、GLM-5 Next、MiniMax-M3、Muse Spark）")),
]

NEEDS_ARCHITECTURE_FIX = [
    Text("use --dcp-size 1 on Ascend, or serve a DeepSeek Sparse Attention model (DeepSeek-V3.2, GLM-5)",
         "昇腾上请使用 --dcp-size 1，或改用 DeepSeek 稀疏注意力模型（DeepSeek-V3.2、GLM-5）"),
    Text("drop --enable-dsa-cache-layer-split", "去掉 --enable-dsa-cache-layer-split"),
    Text("drop --enable-cp-decode-attn-tp", "去掉 --enable-cp-decode-attn-tp"),
    Text("drop --enable-two-batch-overlap for this checkpoint", "对该检查点去掉 --enable-two-batch-overlap"),
    Text("drop --enable-encoder-swa-bounded-replay", "去掉 --enable-encoder-swa-bounded-replay"),
    Text("drop --mamba-radix-cache-strategy (auto)", "去掉 --mamba-radix-cache-strategy（使用 auto）"),
    Text("drop --encoder-only / --language-only, or serve one of the listed multimodal models",
         "去掉 --encoder-only / --language-only，或改用所列的多模态模型之一"),
]


def _split_off_prefill(c: RuleContext) -> bool:
    return c.enable_dsa_cache_layer_split and c.disaggregation_mode != "prefill"


# The DSA context-parallel checks of model_hook.py:361-408, for a DSA model of the DeepSeek family.
DSA_SETUP: list[Problem] = [
    (lambda c: c.enable_prefill_cp and c.disaggregation_mode == "decode",
     Text("--enable-prefill-cp is for prefill: a PD decode server (--disaggregation-mode decode) cannot use it",
          "--enable-prefill-cp 只用于预填充：PD 解码实例（--disaggregation-mode decode）不能使用")),
    (lambda c: _split_off_prefill(c) and c.disaggregation_mode == "decode",
     Text("--enable-dsa-cache-layer-split is a prefill context-parallel optimisation; a decode server receives the "
          "whole cache through the PD transfer", "--enable-dsa-cache-layer-split 是预填充上下文并行的优化；解码实例"
          "通过 PD 传输收到完整缓存，不能使用")),
    (_split_off_prefill,
     Text("--enable-dsa-cache-layer-split works on a PD prefill server (--disaggregation-mode prefill) only: a "
          "server that also decodes needs its whole local cache", "--enable-dsa-cache-layer-split 只能用于 PD 预填充"
          "实例（--disaggregation-mode prefill）：同时负责解码的实例需要完整的本地缓存")),
    (lambda c: c.enable_dsa_cache_layer_split and (not c.enable_prefill_cp or c.cp_strategy != "interleave"),
     Text("--enable-dsa-cache-layer-split needs --enable-prefill-cp with --cp-strategy interleave",
          "--enable-dsa-cache-layer-split 需要 --enable-prefill-cp 与 --cp-strategy interleave")),
    (lambda c: c.enable_dsa_cache_layer_split and c.disaggregation_transfer_backend != "mooncake",
     Text("--enable-dsa-cache-layer-split moves the split cache with Mooncake only, not "
          "--disaggregation-transfer-backend {disaggregation_transfer_backend}",
          "--enable-dsa-cache-layer-split 只能通过 Mooncake 传输切分后的缓存，不支持 "
          "--disaggregation-transfer-backend {disaggregation_transfer_backend}")),
    (lambda c: c.enable_dsa_cache_layer_split and c.pp_size > 1,
     Text("--enable-dsa-cache-layer-split has not been validated with pipeline parallelism (--pp-size {pp_size})",
          "--enable-dsa-cache-layer-split 尚未在流水线并行（--pp-size {pp_size}）下验证，不能同时使用")),
]


def _mimo_fused_tp(c: RuleContext) -> int | None:
    """The attention TP width a MiMo-V2 checkpoint's fused qkv_proj was interleaved for (None: split weights).
    configs/model_config.py get_mimo_v2_fused_qkv_expected_tp_size: its KV heads."""
    if raw(c, "attention_projection_layout") != "fused_qkv":
        return None
    return int(target(c).kv_heads)


# Parallel layouts an architecture cannot run (model_hook.py:175, :569, :576).  SGLang checks them before the
# all-to-all backends set --ep-size to --tp-size (pipeline.py runs handle_a2a_moe later), so --ep-size is the launch's.
PARALLEL_LIMITS: list[Problem] = [
    (lambda c: architecture(c) == "InternS2MobiusForConditionalGeneration" and (c.pp_size != 1 or c.ep_size != 1),
     Text("Intern-S2-Mobius runs without pipeline and expert parallelism (--pp-size {pp_size}, --ep-size "
          "{ep_size} must both be 1)", "Intern-S2-Mobius 不支持流水线并行与专家并行（--pp-size {pp_size}、"
          "--ep-size {ep_size} 都必须为 1）")),
    (lambda c: architecture(c) == "GptOssForCausalLM" and c.moe_runner_backend == "triton_kernel" and c.ep_size != 1,
     Text("GPT-OSS with --moe-runner-backend triton_kernel runs with --ep-size 1 only, not {ep_size}",
          "GPT-OSS 使用 --moe-runner-backend triton_kernel 时只支持 --ep-size 1，不支持 {ep_size}")),
    (lambda c: architecture(c) == "MiMoV2ForCausalLM" and not c.encoder_only and (want := _mimo_fused_tp(c)) is not None
     and want % attn_tp(c) != 0,
     Text("MiMo-V2's fused qkv_proj weights are interleaved for attention TP {mimo_tp}; this launch runs attention "
          "TP {attn_tp} (--tp-size over --attn-dp-size and --attention-context-parallel-size)",
          "MiMo-V2 融合的 qkv_proj 权重按注意力 TP {mimo_tp} 交错排列；本次启动的注意力 TP 为 {attn_tp}"
          "（--tp-size 除以 --attn-dp-size 与 --attention-context-parallel-size）")),
]
PARALLEL_LIMITS_FIX = [
    Text("use --pp-size 1 and --ep-size 1", "使用 --pp-size 1 与 --ep-size 1"),
    Text("use --ep-size 1, or another --moe-runner-backend", "使用 --ep-size 1，或改用其他 --moe-runner-backend"),
    Text("make the attention TP a divisor of {mimo_tp}, e.g. --tp-size {mimo_tp} without attention DP or CP",
         "让注意力 TP 整除 {mimo_tp}，例如 --tp-size {mimo_tp} 且不使用注意力 DP 与 CP"),
]


def explained(problems: list[Problem], fixes: list[Text]) -> Cases:
    """``extra=`` for a rule whose message quotes the failing reason ({why_en}/{why_zh}) and whose hint quotes that
    reason's own fix ({fix_en}/{fix_zh}); ``fixes`` runs parallel to ``problems``."""
    def extra(c: RuleContext) -> dict[str, object]:
        numbers = _numbers(c)
        shown = {**c.values, **numbers}
        hit = next((i for i, (cond, _) in enumerate(problems) if cond(c)), None)
        why, fix = (problems[hit][1], fixes[hit]) if hit is not None else (Text("", ""), Text("", ""))
        return {**numbers, "why_en": why.en.format_map(shown), "why_zh": why.zh.format_map(shown),
                "fix_en": fix.en.format_map(shown), "fix_zh": fix.zh.format_map(shown)}
    return Cases(extra, tuple((text, fix) for (_, text), fix in zip(problems, fixes, strict=True)))


# The attention backends an architecture runs with (model_hook.py), checked on the prefill and decode backends as
# SGLang resolves them (a split backend falls back to --attention-backend).  A backend left unset is filled by the
# architecture's own override with an allowed one, so only a named backend can break it (see named()).
GPT_OSS_BACKENDS = ("triton", "trtllm_mha", "fa3", "fa4", "ascend", "intel_amx", "intel_xpu", "aiter")
LLAMA4_BACKENDS = ("fa3", "aiter", "triton", "ascend", "trtllm_mha", "intel_xpu")
GEMMA4_BACKENDS = ("trtllm_mha", "triton", "fa4", "ascend", "intel_xpu", "intel_amx", "aiter")
EXAONE_BACKENDS = ("fa3", "triton", "trtllm_mha")
GEMMA4_ARCHS = ("Gemma4ForConditionalGeneration", "Gemma4ForCausalLM", "Gemma4UnifiedForConditionalGeneration")
EXAONE_ARCHS = ("Exaone4ForCausalLM", "ExaoneMoEForCausalLM", "ExaoneMoeForCausalLM")


def named(c: RuleContext, field: str) -> str | None:
    """An attention backend the launch names.  A platform's default is left out: SGLang's architecture override
    picks the backend for a launch that names none (GPT-OSS takes intel_amx on a CPU, not torch_native)."""
    value = c.values[field] if given(c, field) else None
    return None if value is None else str(value)


def split_backends(c: RuleContext) -> list[str]:
    """(prefill, decode) as model_override_base.attention_backends_of reads them, the unnamed ones left out."""
    base = named(c, "attention_backend")
    pair = (named(c, "prefill_attention_backend") or base, named(c, "decode_attention_backend") or base)
    return [b for b in pair if b is not None]


def _outside(allowed: tuple[str, ...], backends: list[str]) -> bool:
    return any(b not in allowed for b in backends)


BACKENDS: list[Problem] = [
    (lambda c: architecture(c) == "GptOssForCausalLM" and _outside(GPT_OSS_BACKENDS, split_backends(c)),
     Text("GPT-OSS runs with the attention backends triton, trtllm_mha, fa3, fa4, ascend, intel_amx, intel_xpu or "
          "aiter only", "GPT-OSS 只支持注意力后端 triton、trtllm_mha、fa3、fa4、ascend、intel_amx、intel_xpu 或 aiter")),
    (lambda c: architecture(c) in ("Llama4ForConditionalGeneration", "Llama4ForCausalLM") and family(c) != "cpu"
     and c.device != "cpu" and named(c, "attention_backend") not in (None, *LLAMA4_BACKENDS),
     Text("Llama 4 runs with --attention-backend fa3, aiter, triton, ascend, trtllm_mha or intel_xpu only",
          "Llama 4 只支持 --attention-backend fa3、aiter、triton、ascend、trtllm_mha 或 intel_xpu")),
    (lambda c: architecture(c) in GEMMA4_ARCHS and _outside(GEMMA4_BACKENDS, split_backends(c)),
     Text("Gemma 4 runs with the attention backends trtllm_mha, triton, fa4, ascend, intel_xpu, intel_amx or aiter "
          "only", "Gemma 4 只支持注意力后端 trtllm_mha、triton、fa4、ascend、intel_xpu、intel_amx 或 aiter")),
    (lambda c: architecture(c) in EXAONE_ARCHS and raw(c, "sliding_window_pattern") is not None
     and named(c, "attention_backend") not in (None, *EXAONE_BACKENDS),
     Text("EXAONE with sliding-window layers runs with --attention-backend fa3, triton or trtllm_mha only",
          "带滑动窗口层的 EXAONE 只支持 --attention-backend fa3、triton 或 trtllm_mha")),
    (lambda c: architecture(c) == "Olmo2ForCausalLM" and named(c, "attention_backend") == "flashinfer",
     Text("SGLang refuses --attention-backend flashinfer for OLMo 2/3: it slows these models down badly",
          "SGLang 不允许 OLMo 2/3 使用 --attention-backend flashinfer：它会使这些模型明显变慢")),
    (lambda c: architecture(c) in ("Lfm2ForCausalLM", "Lfm2MoeForCausalLM") and named(c, "attention_backend") == "triton",
     Text("LFM2 cannot run --attention-backend triton: its first layer need not be an attention layer",
          "LFM2 不能使用 --attention-backend triton：它的第一层不一定是注意力层")),
]


# overrides.py _DEEPSEEK_FAMILY_ARCHS: the architectures whose DSA KV-cache and split-backend passes run.
DSA_PASS_ARCHS = (*DEEPSEEK_FAMILY, "LongcatFlashForCausalLMNextN")


def dsa_on_gpu(c: RuleContext) -> bool:
    """_dsa_kv_cache_dtype_default and _dsa_split_backend_resolution run: a DSA model of the family on CUDA."""
    return architecture(c) in DSA_PASS_ARCHS and deepseek_dsa(c) and family(c) == "gpu"


def dsa_kv(c: RuleContext) -> str | None:
    """The DSA KV-cache dtype the launch names (bf16 read as bfloat16); None when SGLang picks it from the GPU
    generation (auto: fp8_e4m3 from Blackwell on, bfloat16 before)."""
    kv = str(c.kv_cache_dtype)
    return None if kv == "auto" else "bfloat16" if kv == "bf16" else kv


def dsa_backends(c: RuleContext) -> tuple[str | None, str | None]:
    """(prefill, decode) DSA backends as _dsa_split_backend_resolution leaves them for a named FP8 KV cache: an
    unset one becomes flashmla_kv (Hopper) or trtllm (Blackwell) -- never tilelang nor triton -- so only the named
    ones matter."""
    return c.dsa_prefill_backend, c.dsa_decode_backend


def _sinks(c: RuleContext) -> bool:
    return bool(raw(c, "learnable_sink"))


def _glm_maybe_sm12_fp8(c: RuleContext) -> bool:
    """GLM-5 (GlmMoeDsa) with an FP8 KV cache takes its own path on SM120/121, which the cuda column cannot tell."""
    return architecture(c) == "GlmMoeDsaForCausalLM" and dsa_kv(c) in (None, "fp8_e4m3")


def _tilelang_fp8(c: RuleContext) -> bool:
    return dsa_kv(c) == "fp8_e4m3" and "tilelang" in dsa_backends(c) and not _glm_maybe_sm12_fp8(c)


# The KV-cache and split-backend checks of overrides.py for a DSA model on CUDA, in their order.
DSA_KV: list[Problem] = [
    (lambda c: _sinks(c) and dsa_kv(c) not in (None, "bfloat16"),
     Text("this checkpoint has learnable attention sinks, which need a bfloat16 KV cache, not --kv-cache-dtype "
          "{kv_cache_dtype}", "该检查点带有可学习的注意力汇聚（attention sink），需要 bfloat16 KV 缓存，不能使用 "
          "--kv-cache-dtype {kv_cache_dtype}")),
    (lambda c: dsa_kv(c) not in (None, "bfloat16", "fp8_e4m3"),
     Text("DeepSeek Sparse Attention keeps its KV cache in bfloat16 or fp8_e4m3 only, not --kv-cache-dtype "
          "{kv_cache_dtype}", "DeepSeek 稀疏注意力的 KV 缓存只支持 bfloat16 或 fp8_e4m3，不支持 --kv-cache-dtype "
          "{kv_cache_dtype}")),
    (lambda c: _sinks(c) and any(b not in (None, "flashmla_sparse") for b in dsa_backends(c)),
     Text("this checkpoint has learnable attention sinks, which need --dsa-prefill-backend and "
          "--dsa-decode-backend flashmla_sparse", "该检查点带有可学习的注意力汇聚，需要 --dsa-prefill-backend 与 "
          "--dsa-decode-backend 均为 flashmla_sparse")),
    (lambda c: not _sinks(c) and c.enable_hisparse and _tilelang_fp8(c),
     Text("the TileLang DSA backend with an fp8_e4m3 KV cache does not work with --enable-hisparse on CUDA",
          "CUDA 上使用 fp8_e4m3 KV 缓存的 TileLang DSA 后端不能与 --enable-hisparse 同时使用")),
    (lambda c: not _sinks(c) and not _glm_maybe_sm12_fp8(c) and "triton" in dsa_backends(c),
     Text("the triton DSA backend runs on ROCm only; on CUDA use flashmla_kv (Hopper) or trtllm (Blackwell)",
          "triton DSA 后端只能在 ROCm 上运行；CUDA 上请使用 flashmla_kv（Hopper）或 trtllm（Blackwell）")),
    (lambda c: not _sinks(c) and _tilelang_fp8(c) and dsa_backends(c) != ("tilelang", "tilelang"),
     Text("with an fp8_e4m3 KV cache, TileLang must be both --dsa-prefill-backend and --dsa-decode-backend: its "
          "FP8 KV layout cannot be mixed with another backend's", "使用 fp8_e4m3 KV 缓存时，--dsa-prefill-backend 与 "
          "--dsa-decode-backend 必须都是 tilelang：它的 FP8 KV 布局不能与其他后端混用")),
    (lambda c: not _sinks(c) and _tilelang_fp8(c) and c.dcp_size > 1,
     Text("the TileLang DSA backend with an fp8_e4m3 KV cache does not support --dcp-size {dcp_size}",
          "使用 fp8_e4m3 KV 缓存的 TileLang DSA 后端不支持 --dcp-size {dcp_size}")),
]
# overrides.py _deepseek_v4_kv_cache_dtype: DeepSeek-V4 off Ascend (where SGLang uses bfloat16 whatever is named).
V4_KV: list[Problem] = [
    (lambda c: architecture(c) == "DeepseekV4ForCausalLM" and family(c) != "npu" and c.device != "npu"
     and dsa_kv(c) not in (None, "bfloat16", "fp8_e4m3"),
     Text("DeepSeek-V4 keeps its KV cache in fp8_e4m3 or bfloat16 only, not --kv-cache-dtype {kv_cache_dtype}",
          "DeepSeek-V4 的 KV 缓存只支持 fp8_e4m3 或 bfloat16，不支持 --kv-cache-dtype {kv_cache_dtype}")),
]


DSA_KV_FIX = [
    Text("use --kv-cache-dtype bfloat16, or leave it auto", "使用 --kv-cache-dtype bfloat16，或保持 auto"),
    Text("use --kv-cache-dtype bfloat16 or fp8_e4m3, or leave it auto",
         "使用 --kv-cache-dtype bfloat16 或 fp8_e4m3，或保持 auto"),
    Text("use flashmla_sparse for both DSA backends, or leave them unset",
         "两个 DSA 后端都使用 flashmla_sparse，或不设置"),
    Text("drop --enable-hisparse, or name another DSA backend than tilelang",
         "去掉 --enable-hisparse，或改用 tilelang 以外的 DSA 后端"),
    Text("use flashmla_kv (Hopper) or trtllm (Blackwell) as DSA backend, or leave it unset",
         "DSA 后端改用 flashmla_kv（Hopper）或 trtllm（Blackwell），或不设置"),
    Text("set both --dsa-prefill-backend and --dsa-decode-backend to tilelang, or neither",
         "将 --dsa-prefill-backend 与 --dsa-decode-backend 都设为 tilelang，或都不设为 tilelang"),
    Text("use --dcp-size 1, or another DSA backend than tilelang", "使用 --dcp-size 1，或改用 tilelang 以外的 DSA 后端"),
]
V4_KV_FIX = [Text("use --kv-cache-dtype fp8_e4m3 or bfloat16, or leave it auto",
                  "使用 --kv-cache-dtype fp8_e4m3 或 bfloat16，或保持 auto")]


# overrides.py _MAMBA_RADIX_CACHE_ARCHS: the models whose mamba state the radix cache tracks.
MAMBA_RADIX_ARCHS = ("KimiLinearForCausalLM", "KimiK3ForConditionalGeneration", "BailingMoeV2_5ForCausalLM",
                     "BailingMoeV3ForCausalLM", "BailingMoeV3VLForConditionalGeneration", "Qwen3NextForCausalLM",
                     "Qwen3_5MoeForConditionalGeneration", "InternS2PreviewForConditionalGeneration",
                     "InternS2MobiusForConditionalGeneration", "Qwen3_5ForConditionalGeneration",
                     "Qwen3_5MoeForCausalLM", "Qwen3_5ForCausalLM", "Qwen4ExpForConditionalGeneration",
                     "MiniCPMV4_6ForConditionalGeneration", "MiniCPMV4_7ForConditionalGeneration",
                     "NemotronHForCausalLM", "NemotronHPuzzleForCausalLM", "NemotronH_Omni_Reasoning_V3",
                     "FalconH1ForCausalLM", "JetNemotronForCausalLM", "JetVLMForConditionalGeneration",
                     "Lfm2ForCausalLM", "Lfm2MoeForCausalLM", "ZayaForCausalLM", "Glm5NextForConditionalGeneration")
FLA_CHUNK_SIZE = 64  # sglang.kernels.ops.attention.fla.chunk_delta_h.CHUNK_SIZE, mamba_cache_chunk_size's fallback


def mamba_chunk(c: RuleContext) -> int:
    return as_int(raw(c, "mamba_chunk_size"), 0) or FLA_CHUNK_SIZE


def _mamba_chunk_page_mismatch(c: RuleContext) -> bool:
    """overrides.py mamba_cache_chunk_size (model_hook.py's extra-buffer validation): with a named extra-buffer
    strategy on a mamba model, the chunk size and the page size must divide one another."""
    if not (architecture(c) in MAMBA_RADIX_ARCHS and c.mamba_radix_cache_strategy in MAMBA_EXTRA_BUFFER
            and radix_cache_on(c) and c.page_size):
        return False
    page, chunk = int(c.page_size), mamba_chunk(c)
    return max(page, chunk) % min(page, chunk) != 0


MAMBA_CHUNK = Text("the mamba chunk size {chunk} and --page-size {page_size} must divide one another for "
                   "--mamba-radix-cache-strategy {mamba_radix_cache_strategy}",
                   "使用 --mamba-radix-cache-strategy {mamba_radix_cache_strategy} 时，mamba 分块大小 {chunk} 与 "
                   "--page-size {page_size} 必须能互相整除")
# Every KV-cache check of the rule, in SGLang's order, with its fix.
def _on_gpu_dsa(cond: Callable[[RuleContext], bool]) -> Callable[[RuleContext], bool]:
    return lambda c: dsa_on_gpu(c) and cond(c)


KV_CACHE: list[Problem] = [*((_on_gpu_dsa(cond), why) for cond, why in DSA_KV), *V4_KV,
                           (_mamba_chunk_page_mismatch, MAMBA_CHUNK)]
KV_CACHE_FIX = [*DSA_KV_FIX, *V4_KV_FIX, Text("use a --page-size that {chunk} divides or that divides {chunk}, e.g. "
                                             "--page-size {chunk}", "改用与 {chunk} 能互相整除的 --page-size，例如 "
                                             "--page-size {chunk}")]


def _lmo_conflicts(c: RuleContext) -> bool:
    """modes.py's AM-E316 case (SGLang's first check of --language-model-only), which this rule leaves to it."""
    return any(c.values[name] for name, _ in WITHOUT_LANGUAGE_MODEL_ONLY)


# handle_language_model_only after its flag checks (model_hook.py:1096-1110).
LANGUAGE_MODEL_ONLY: list[Problem] = [
    (lambda c: c.language_model_only and not _lmo_conflicts(c) and c.disaggregation_mode != "null"
     and target(c).model_type != "deepseek_v41",
     Text("it does not take part in PD disaggregation (--disaggregation-mode {disaggregation_mode}), except for "
          "DeepSeek-V4.1", "它不能用于 PD 分离（--disaggregation-mode {disaggregation_mode}），DeepSeek-V4.1 除外")),
    (lambda c: c.language_model_only and not _lmo_conflicts(c)
     and not any(a in LANGUAGE_MODEL_ONLY_ARCHS for a in architectures(c)),
     Text("SGLang offers it for " + ", ".join(LANGUAGE_MODEL_ONLY_ARCHS) + " only, not {architecture}",
          "SGLang 只对 " + "、".join(LANGUAGE_MODEL_ONLY_ARCHS) + " 提供它，不支持 {architecture}")),
]


def _numbers(c: RuleContext) -> dict[str, object]:
    return {"chunk": mamba_chunk(c), "mimo_tp": _mimo_fused_tp(c), "attn_tp": attn_tp(c),
            "architecture": architecture(c), "backends": ", ".join(in_order(split_backends(c)))}


RULES: list[Rule] = [
    Rule("feature-needs-architecture", "AM-E456",
         ("dcp_size", "enable_dsa_cache_layer_split", "enable_cp_decode_attn_tp", "enable_two_batch_overlap",
          "enable_encoder_swa_bounded_replay", "mamba_radix_cache_strategy", "encoder_only", "language_only"),
         lambda c: first_problem(c, NEEDS_ARCHITECTURE) is not None,
         Text("SGLang refuses this launch for {architecture} at start-up: {why_en}",
              "SGLang 启动时会拒绝本次启动（模型为 {architecture}）：{why_zh}"),
         Text("{fix_en}", "{fix_zh}"),
         source=sglang_source("arg_groups/model_hook.py:170, :188, :199, :67, :1045, :1063, "
                              "pd_disaggregation_hook.py:372"),
         extra=explained(NEEDS_ARCHITECTURE, NEEDS_ARCHITECTURE_FIX), reads_model=True),
    Rule("dsa-context-parallel-setup", "AM-E457",
         ("enable_dsa_cache_layer_split", "enable_prefill_cp", "disaggregation_mode", "cp_strategy",
          "disaggregation_transfer_backend", "pp_size"),
         lambda c: dsa_branch(c) and first_problem(c, DSA_SETUP) is not None,
         Text("SGLang refuses this DeepSeek Sparse Attention launch ({architecture}) at start-up: {why_en}",
              "SGLang 启动时会拒绝本次 DeepSeek 稀疏注意力（{architecture}）启动：{why_zh}"),
         Text("run --enable-dsa-cache-layer-split on a Mooncake PD prefill server with --enable-prefill-cp "
              "--cp-strategy interleave and --pp-size 1, or drop it (and --enable-prefill-cp on a decode server)",
              "在使用 Mooncake 的 PD 预填充实例上以 --enable-prefill-cp --cp-strategy interleave 与 --pp-size 1 运行 "
              "--enable-dsa-cache-layer-split，或去掉它（解码实例上也去掉 --enable-prefill-cp）"),
         source=sglang_source("arg_groups/model_hook.py:362, :370, :376, :384, :395, :403"),
         extra=problem_text(DSA_SETUP, _numbers), reads_model=True),
    Rule("architecture-parallel-limits", "AM-E458", ("pp_size", "ep_size", "moe_runner_backend", "tp_size",
                                                     "attn_dp_size", "attn_cp_size"),
         lambda c: first_problem(c, PARALLEL_LIMITS) is not None,
         Text("SGLang refuses this parallel layout for {architecture} at start-up: {why_en}",
              "SGLang 启动时会拒绝 {architecture} 采用这种并行方式：{why_zh}"),
         Text("{fix_en}", "{fix_zh}"),
         source=sglang_source("arg_groups/model_hook.py:183, :569, :586"),
         extra=explained(PARALLEL_LIMITS, PARALLEL_LIMITS_FIX), reads_model=True),
    Rule("architecture-attention-backends", "AM-E459",
         ("attention_backend", "prefill_attention_backend", "decode_attention_backend"),
         lambda c: first_problem(c, BACKENDS) is not None,
         Text("SGLang refuses the attention backend of this launch ({backends}) for {architecture} at start-up: "
              "{why_en}", "SGLang 启动时会拒绝 {architecture} 使用本次启动的注意力后端（{backends}）：{why_zh}"),
         Text("name one of the backends listed, or leave the attention backend unset so SGLang picks one for the "
              "model", "改用所列的后端之一，或不设置注意力后端，由 SGLang 为该模型选择"),
         source=sglang_source("arg_groups/model_hook.py:536, :622, :655, :679, :690, :719"),
         extra=problem_text(BACKENDS, _numbers), reads_model=True),
    Rule("language-model-only-model", "AM-E460", ("language_model_only", "disaggregation_mode"),
         lambda c: first_problem(c, LANGUAGE_MODEL_ONLY) is not None,
         Text("SGLang refuses --language-model-only for this model at start-up: {why_en}",
              "SGLang 启动时会拒绝对该模型使用 --language-model-only：{why_zh}"),
         Text("drop --language-model-only", "去掉 --language-model-only"),
         source=sglang_source("arg_groups/model_hook.py:1098, :1106"),
         extra=problem_text(LANGUAGE_MODEL_ONLY, _numbers), reads_model=True),
    Rule("architecture-kv-cache", "AM-E465", ("kv_cache_dtype", "dsa_prefill_backend", "dsa_decode_backend",
                                              "enable_hisparse", "dcp_size", "page_size"),
         lambda c: first_problem(c, KV_CACHE) is not None,
         Text("SGLang refuses the KV cache of this launch for {architecture} at start-up: {why_en}",
              "SGLang 启动时会拒绝本次启动为 {architecture} 设置的 KV 缓存：{why_zh}"),
         Text("{fix_en}", "{fix_zh}"),
         source=sglang_source("arg_groups/overrides.py:528, :541, :650, :692, :563, :572, :577, :907, :1919"),
         extra=explained(KV_CACHE, KV_CACHE_FIX), reads_model=True),
]


def is_hrm_text(c: RuleContext) -> bool:
    """HRM-Text with prefix attention (model_hook.py:770): SGLang forces its serving settings."""
    archs = architectures(c)
    return (target(c).model_type == "hrm_text" or "HrmTextForCausalLM" in archs) and bool(target(c).raw.get("prefix_lm", True))


def is_step3p(c: RuleContext) -> bool:
    """overrides.py _step3p_overrides' predicate: a substring of the architecture."""
    return "Step3p5ForCausalLM" in architecture(c) or "Step3p7ForConditionalGeneration" in architecture(c)


# Values the launch gives that SGLang replaces for this architecture, warning (model_hook.py:808, overrides.py:352).
ARCH_REPLACED = (
    Need(lambda c: is_hrm_text(c) and given(c, "attention_backend") and c.attention_backend != "triton",
         "--attention-backend {attention_backend} becomes triton (HRM-Text's bidirectional prompt attention)",
         "--attention-backend {attention_backend} 会改为 triton（HRM-Text 的双向提示注意力）"),
    Need(lambda c: is_hrm_text(c) and given(c, "chunked_prefill_size") and c.chunked_prefill_size != -1,
         "--chunked-prefill-size {chunked_prefill_size} becomes -1 (HRM-Text prefills a prompt in one piece)",
         "--chunked-prefill-size {chunked_prefill_size} 会改为 -1（HRM-Text 一次预填充整个提示）"),
    Need(lambda c: is_hrm_text(c) and gave_graphs(c),
         "the CUDA-graph settings are dropped: SGLang turns graphs off for HRM-Text",
         "CUDA Graph 相关设置会被忽略：SGLang 对 HRM-Text 关闭图捕获"),
    Need(lambda c: is_step3p(c) and c.enable_hierarchical_cache and given(c, "swa_full_tokens_ratio")
         and c.swa_full_tokens_ratio != 1.0,
         "--swa-full-tokens-ratio {swa_full_tokens_ratio} becomes 1.0 (Step-3.5 with --enable-hierarchical-cache)",
         "--swa-full-tokens-ratio {swa_full_tokens_ratio} 会改为 1.0（Step-3.5 与 --enable-hierarchical-cache 同用时）"),
)

RULES.append(
    Rule("architecture-replaces-given-values", "AM-W461",
         ("attention_backend", "chunked_prefill_size", "cuda_graph_max_bs", "cuda_graph_bs",
          "cuda_graph_backend_decode", "cuda_graph_backend_prefill", "swa_full_tokens_ratio"),
         broken_needs(ARCH_REPLACED),
         Text("SGLang replaces values this launch gives for {architecture}: {needs_en}",
              "SGLang 会针对 {architecture} 替换本次启动给出的值：{needs_zh}"),
         Text("write the value SGLang will use for this model", "直接写出 SGLang 对该模型实际采用的值"),
         severity="warning", source=sglang_source("arg_groups/model_hook.py:808, overrides.py:352"),
         extra=lambda c: {**needs_listed(ARCH_REPLACED)(c), "architecture": architecture(c)}, reads_model=True))
