"""SGLang's start-up checks on KV-cache sharding (``arg_groups/kv_shard_hook.py``), read from 0.5.23: what the flag
needs of the launch alone, and (read from the model's config.json) what it needs of an MLA, GQA or DeepSeek-DSA
model.  LayerNorm sequence parallelism is ``layernorm_sp.py``.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import (
    Need,
    Problem,
    architecture,
    architectures,
    attn_dp,
    broken_needs,
    config_value,
    deepseek_cp_width,
    deepseek_dsa,
    family,
    first_problem,
    given,
    needs_listed,
    problem_text,
    sglang_source,
    target,
)

KV_SHARDING_NEEDS = (
    Need(lambda c: c.disaggregation_mode != "prefill", "a PD prefill worker (--disaggregation-mode prefill)",
         "PD 预填充实例（--disaggregation-mode prefill）"),
    Need(lambda c: c.dllm_algorithm is not None, "no diffusion language model (--dllm-algorithm)",
         "不能用于扩散语言模型（--dllm-algorithm）"),
    Need(lambda c: c.radix_cache_backend is not None, "the built-in radix cache (no --radix-cache-backend)",
         "内置前缀缓存（不能设置 --radix-cache-backend）"),
    Need(lambda c: c.enable_unified_cache_external_linker, "no --enable-unified-cache-external-linker",
         "不能使用 --enable-unified-cache-external-linker"),
    Need(lambda c: c.enable_streaming_session, "no --enable-streaming-session", "不能使用 --enable-streaming-session"),
    Need(lambda c: c.enable_session_radix_cache, "no --enable-session-radix-cache", "不能使用 --enable-session-radix-cache"),
    Need(lambda c: c.enable_flexkv, "no --enable-flexkv", "不能使用 --enable-flexkv"),
    Need(lambda c: c.enable_unified_memory, "no --enable-unified-memory", "不能使用 --enable-unified-memory"),
    Need(lambda c: c.dcp_size > 1, "no decode context parallelism (--dcp-size 1)", "不能使用解码上下文并行（--dcp-size 须为 1）"),
    Need(lambda c: c.enable_hierarchical_cache and c.hicache_storage_backend is not None,
         "no --hicache-storage-backend (host offload alone is fine)", "不能设置 --hicache-storage-backend（仅主机卸载可以）"),
    Need(lambda c: c.enable_lmcache, "no --enable-lmcache", "不能使用 --enable-lmcache"),
    Need(lambda c: c.enable_hisparse, "no --enable-hisparse", "不能使用 --enable-hisparse"),
    Need(lambda c: c.enable_dynamic_chunking and c.pp_size > 1, "no --enable-dynamic-chunking with pipeline parallelism",
         "流水线并行时不能使用 --enable-dynamic-chunking"),
    Need(lambda c: c.enable_two_batch_overlap, "no --enable-two-batch-overlap", "不能使用 --enable-two-batch-overlap"),
    Need(lambda c: c.disaggregation_transfer_backend not in ("mooncake", "nixl"),
         "the mooncake or nixl transfer backend", "mooncake 或 nixl 传输后端"),
    Need(lambda c: given(c, "page_size") and (c.page_size or 1) <= 1, "pages of more than one token (--page-size 64)",
         "每页多于一个 token（--page-size 64）"),
    Need(lambda c: c.chunked_prefill_size is not None and c.chunked_prefill_size <= 0,
         "chunked prefill (a positive --chunked-prefill-size)", "分块预填充（正的 --chunked-prefill-size）"),
    # the prefill attention backend the launch names (an unset one is SGLang's pick for the GPU)
    Need(lambda c: (c.prefill_attention_backend or c.attention_backend) not in (None, "fa3", "trtllm_mla", "dsa"),
         "the fa3 prefill attention backend (trtllm_mla for plain-TP MLA models)",
         "fa3 预填充注意力后端（纯张量并行的 MLA 模型用 trtllm_mla）"),
    Need(lambda c: (c.prefill_attention_backend or c.attention_backend) == "trtllm_mla"
         and (c.attn_cp_size > 1 or c.disable_chunked_prefix_cache),
         "with trtllm_mla prefill: --attn-cp-size 1 and chunked prefix caching on",
         "使用 trtllm_mla 预填充时：--attn-cp-size 须为 1，且须开启分块前缀缓存"),
)

# configs/model_config.py is_deepseek_dsa: these architectures with an ``index_topk`` in their config.
# configs/model_config.py is_encoder_decoder_model
ENCODER_DECODER = frozenset({"WhisperForConditionalGeneration", "MllamaForConditionalGeneration",
                             "MossVLForConditionalGeneration"})


# model_overrides/deepseek_v2.py: the architectures its DeepSeek-family overrides are registered for.
DEEPSEEK_FAMILY = frozenset({
    "DeepseekV3ForCausalLM", "DeepseekV32ForCausalLM", "KimiK25ForConditionalGeneration", "MistralLarge3ForCausalLM",
    "PixtralForConditionalGeneration", "GlmMoeDsaForCausalLM", "Glm5NextForConditionalGeneration", "HYV4ForCausalLM",
    "HYV4ForCausalLMNextN", "LongcatFlashForCausalLM", "LongcatFlashForCausalLMNextN", "Dots3NoteForCausalLM"})
# configs/model_config.py: the architectures SGLang serves with MLA (attention_arch) whatever their config.json says
# (Pixtral, DeepseekVL2 and the Bailing models only with an MLA config, which ModelFacts.mla reads).
MLA_ARCHITECTURES = frozenset({
    "DeepseekV2ForCausalLM", "DeepseekV32ForCausalLM", "DeepseekV3ForCausalLM", "DeepseekV3ForCausalLMNextN",
    "Glm4MoeLiteForCausalLM", "Glm4MoeLiteForCausalLMNextN", "GlmMoeDsaForCausalLM", "GlmMoeDsaForCausalLMNextN",
    "Glm5NextForConditionalGeneration", "Glm5NextForConditionalGenerationNextN", "LongcatFlashForCausalLM",
    "LongcatFlashForCausalLMNextN", "HYV4ForCausalLM", "HYV4ForCausalLMNextN", "DotsVLMForCausalLM",
    "Dots3NoteForCausalLM", "Dots3NoteForCausalLMNextN", "MistralLarge3ForCausalLM", "MistralLarge3ForCausalLMEagle",
    "KimiK25ForConditionalGeneration", "Eagle3DeepseekV2ForCausalLM", "GigaChat35ForCausalLM",
    "GigaChat35ForCausalLMNextN", "MiniCPM3ForCausalLM", "KimiVLForConditionalGeneration", "KimiLinearForCausalLM",
    "KimiK3LinearForCausalLM", "KimiK3ForConditionalGeneration", "SarvamMLAForCausalLM"})


def mla(c: RuleContext) -> bool:
    """use_mla_backend: SGLang's MLA architectures, or a config with MLA's latent KV (kv_lora_rank)."""
    return bool(target(c).is_mla) or any(a in MLA_ARCHITECTURES for a in architectures(c))


def resolved_attn_cp(c: RuleContext) -> int:
    """--attn-cp-size as SGLang resolves it with --enable-prefill-cp on a DeepSeek-family model
    (model_overrides/deepseek_v2.py): DSA on a GPU keeps an explicit width with interleave, else takes
    tp / attention-DP; MLA always takes tp / attention-DP.  Every other launch keeps the value it names."""
    if not c.enable_prefill_cp or architecture(c) not in DEEPSEEK_FAMILY:
        return int(c.attn_cp_size)
    width = deepseek_cp_width(c)
    if deepseek_dsa(c):
        if family(c) != "gpu" or (c.cp_strategy == "interleave" and c.attn_cp_size > 1):
            return int(c.attn_cp_size)
        return width
    return width if mla(c) else int(c.attn_cp_size)


def dsa_prefill(c: RuleContext) -> bool:
    """The prefill backend is dsa: named, or left unset on a DSA model (model_overrides/deepseek_v2.py sets it)."""
    named = c.prefill_attention_backend or c.attention_backend
    return named in ("dsa", "nsa") or (named is None and deepseek_dsa(c))


def glm_dsa_nextn(c: RuleContext) -> bool:
    """:115's one speculative case: single-layer NextN EAGLE with top-k 1 on GLM DSA."""
    return (c.speculative_algorithm == "EAGLE" and architecture(c) == "GlmMoeDsaForCausalLM"
            and config_value(c, "num_nextn_predict_layers") == 1 and c.speculative_eagle_topk == 1
            and not c.enable_multi_layer_eagle)


# handle_kv_cache_sharding's checks that read the model, in its order (validate_kv_shard_attention_backend's
# DSA half among them).
KV_SHARDING_MODEL: tuple[Problem, ...] = (
    (lambda c: c.speculative_algorithm is not None and not glm_dsa_nextn(c),
     Text("it takes speculative decoding only as single-layer NextN EAGLE with --speculative-eagle-topk 1 on "
          "GlmMoeDsaForCausalLM, not --speculative-algorithm {speculative_algorithm}",
          "它只支持 GlmMoeDsaForCausalLM 上的单层 NextN EAGLE 投机解码且 --speculative-eagle-topk 1，不支持 "
          "--speculative-algorithm {speculative_algorithm}")),
    (lambda c: c.enable_hierarchical_cache and deepseek_dsa(c) and c.hicache_host_memory_mode != "cache",
     Text("HiCache on a DSA model needs --hicache-host-memory-mode cache, not {hicache_host_memory_mode}",
          "DSA 模型上的 HiCache 需要 --hicache-host-memory-mode cache，而不是 {hicache_host_memory_mode}")),
    (lambda c: c.enable_hierarchical_cache and deepseek_dsa(c)
     and (c.hicache_io_backend != "kernel" or c.hicache_mem_layout not in ("layer_first", "page_first")),
     Text("HiCache on a DSA model needs --hicache-io-backend kernel with --hicache-mem-layout layer_first or "
          "page_first, not {hicache_io_backend} / {hicache_mem_layout}",
          "DSA 模型上的 HiCache 需要 --hicache-io-backend kernel 且 --hicache-mem-layout 为 layer_first 或 page_first，"
          "而不是 {hicache_io_backend} / {hicache_mem_layout}")),
    (lambda c: any(a in ENCODER_DECODER for a in architectures(c)),
     Text("it does not support encoder-decoder models: their cross-attention pages are not sharded",
          "它不支持编码器-解码器模型：其交叉注意力页不参与切分")),
    (lambda c: config_value(c, "attention_chunk_size") is not None,
     Text("it does not support chunked (local) attention, which the config sets (attention_chunk_size)",
          "它不支持分块（局部）注意力，而模型配置设置了 attention_chunk_size")),
    (lambda c: dsa_prefill(c) and (c.device not in (None, "cuda") or not c.enable_prefill_cp or resolved_attn_cp(c) <= 1
                                   or c.cp_strategy != "interleave" or c.pp_size != 1),
     Text("with the dsa backend it needs CUDA, --enable-prefill-cp over --attn-cp-size above 1 with --cp-strategy interleave, "
          "and --pp-size 1", "使用 dsa 后端时须在 CUDA 上、开启 --enable-prefill-cp 且 --attn-cp-size 大于 1、"
          "--cp-strategy interleave，并且 --pp-size 为 1")),
    (lambda c: dsa_prefill(c) and (c.dsa_prefill_backend != "trtllm" or c.dsa_decode_backend != "trtllm"
                                   or c.kv_cache_dtype != "fp8_e4m3" or c.page_size != 64),
     Text("with the dsa backend it needs --dsa-prefill-backend trtllm, --dsa-decode-backend trtllm, --kv-cache-dtype fp8_e4m3 "
          "and --page-size 64", "使用 dsa 后端时须 --dsa-prefill-backend trtllm、--dsa-decode-backend trtllm、"
          "--kv-cache-dtype fp8_e4m3 且 --page-size 64")),
    (lambda c: dsa_prefill(c) and (c.disaggregation_transfer_backend != "mooncake" or c.enable_dsa_cache_layer_split
                                   or config_value(c, "index_kpool") not in (None, 1)
                                   or bool(config_value(c, "index_kpool_compress"))),
     Text("with the dsa backend it needs --disaggregation-transfer-backend mooncake, no --enable-dsa-cache-layer-split, and a "
          "checkpoint with index_kpool 1 and no index_kpool_compress", "使用 dsa 后端时须 "
          "--disaggregation-transfer-backend mooncake、不加 --enable-dsa-cache-layer-split，且检查点的 index_kpool 为 1、"
          "不启用 index_kpool_compress")),
    (lambda c: not dsa_prefill(c) and deepseek_dsa(c),
     Text("a DSA model needs the dsa attention backend, not {backend}", "DSA 模型需要 dsa 注意力后端，而不是 {backend}")),
    (lambda c: mla(c) and resolved_attn_cp(c) <= 1 and attn_dp(c) > 1,
     Text("an MLA model without prefill context parallelism needs plain TP attention (no attention DP: "
          "--attn-dp-size 1)", "不使用预填充上下文并行的 MLA 模型须使用纯张量并行注意力（不用注意力数据并行："
          "--attn-dp-size 1）")),
    (lambda c: mla(c) and resolved_attn_cp(c) <= 1 and c.tp_size <= 1,
     Text("an MLA model without prefill context parallelism needs --tp-size above 1 (it shards over the TP ranks)",
          "不使用预填充上下文并行的 MLA 模型须 --tp-size 大于 1（按张量并行 rank 切分）")),
    (lambda c: not mla(c) and (not c.enable_prefill_cp or resolved_attn_cp(c) <= 1),
     Text("a GQA (non-MLA) model needs prefill context parallelism: --enable-prefill-cp with --attn-cp-size above 1",
          "GQA（非 MLA）模型须使用预填充上下文并行：--enable-prefill-cp 且 --attn-cp-size 大于 1")),
)


def kv_sharding_numbers(c: RuleContext) -> dict[str, object]:
    return {"arch": architecture(c), "backend": c.prefill_attention_backend or c.attention_backend}


RULES: list[Rule] = [
    Rule("kv-cache-sharding-needs", "AM-E347", ("enable_kv_cache_sharding",),
         lambda c: c.enable_kv_cache_sharding and broken_needs(KV_SHARDING_NEEDS)(c),
         Text("--enable-kv-cache-sharding needs: {needs_en}", "--enable-kv-cache-sharding 的要求未满足：{needs_zh}"),
         Text("change the settings listed, or drop --enable-kv-cache-sharding",
              "按上述要求修改，或去掉 --enable-kv-cache-sharding"),
         source=sglang_source("arg_groups/kv_shard_hook.py:71, :79, :84, :100, :120, :126, :146, :152, :157, :161, :166, :171, :177, "
                              ":195, :199, :207, :214, :237, :274, :282"),
         extra=needs_listed(KV_SHARDING_NEEDS)),
    Rule("kv-cache-sharding-model", "AM-E446", ("enable_kv_cache_sharding", "speculative_algorithm", "enable_prefill_cp",
                                                "attn_cp_size", "attention_backend", "prefill_attention_backend"),
         lambda c: c.enable_kv_cache_sharding and first_problem(c, KV_SHARDING_MODEL) is not None,
         Text("--enable-kv-cache-sharding on {arch}: {why_en}; SGLang refuses the launch at start-up",
              "在 {arch} 上使用 --enable-kv-cache-sharding：{why_zh}；SGLang 会在启动时拒绝该启动命令"),
         Text("change the settings named (a GQA model: --enable-prefill-cp --attn-cp-size 2 --cp-strategy interleave), "
              "or drop --enable-kv-cache-sharding", "按上述要求修改（GQA 模型：--enable-prefill-cp --attn-cp-size 2 "
              "--cp-strategy interleave），或去掉 --enable-kv-cache-sharding"),
         source=sglang_source("arg_groups/kv_shard_hook.py:42, :51, :61, :67, :115, :186, :191, :223, :229, :254, :260, "
                              ":266"),
         extra=problem_text(KV_SHARDING_MODEL, kv_sharding_numbers), reads_model=True),
]
