"""SGLang's start-up checks on the KV and Mamba caches: running embeddings without a KV cache, the unified memory
pool, decode context parallelism's communication backend (``arg_groups/kv_cache_hook.py``, ``parallel_hook.py``)
and the Mamba state cache (``arg_groups/mamba_hook.py``).

Each rule names the 0.5.23 wheel line of the ``raise`` or ``assert`` it ports.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import (
    NON_GPU,
    Problem,
    architecture,
    architectures,
    as_list,
    first_problem,
    problem_text,
    sglang_source,
    target,
    text_config,
)
from .sharding import mla

PREFILL_ONLY = "AM-E276"
UNIFIED = "AM-E277"
DCP = "AM-E279"
HICACHE_DCP_MLA = "AM-E448"
UNIFIED_MODEL = "AM-E450"
UNIFIED_BACKENDS = "AM-E451"
KV4_BACKENDS = "AM-E452"
MAMBA = "AM-E360"
INT8_MAMBA = "AM-E361"

# Speculative algorithms kv_cache_hook.py:588 has audited for the unified pool (NEXTN is EAGLE by then).
UNIFIED_SPEC_AUDITED = (None, "DSPARK", "EAGLE", "EAGLE3", "NEXTN", "DFLASH")


def prefill_only(c: RuleContext) -> bool:
    return bool(c.prefill_only_disable_kv_cache)


# --- what the unified pool's checks read of the model (configs/model_config.py, configs/hybrid_arch.py) ------------
# is_hybrid_swa_model's architectures (SWA_SINK_ARCHS and MIMO_V2_MODEL_ARCHS spelled out).
HYBRID_SWA_ARCHS = frozenset({
    "BeamForCausalLM", "Llama4ForConditionalGeneration", "DeepseekV4ForCausalLM", "DeepseekV4ForCausalLMNextN",
    "DeepseekV4ForCausalLMDSpark", "GptOssForCausalLM", "GraniteSWAForCausalLM", "GraniteMoeSWAForCausalLM",
    "IQuestQ1ForCausalLM", "IQuestQ1MTP", "MiMoV2ForCausalLM", "MiMoV2FlashForCausalLM", "MiMoV2MTP",
    "Step3p5ForCausalLM", "Step3p5MTP", "Step3p7ForConditionalGeneration", "Gemma4ForCausalLM",
    "Gemma4ForConditionalGeneration", "EmbeddingGemma2Model", "Gemma4UnifiedForConditionalGeneration",
    "DiffusionGemmaForBlockDiffusion", "LagunaForCausalLM", "MellumForCausalLM", "MuseGlimmerForCausalLM",
    "MuseGlimmerForConditionalGeneration", "InklingForConditionalGeneration", "InklingForConditionalGenerationMTP",
    "UnlimitedOCRForCausalLM"})
# The config classes mambaish_config recognises without conditions of their own, by their model_type (a positive
# list: a hybrid family missing here is only not judged).
MAMBA_HYBRID_TYPES = frozenset({
    "qwen3_next", "qwen3_5", "qwen3_5_text", "qwen3_5_moe", "qwen3_5_moe_text", "intern_s2_preview", "jet_nemotron",
    "jet_vlm", "falcon_h1", "nemotron_h", "nemotron_h_puzzle", "lfm2", "lfm2_moe", "zaya", "mamba", "mamba2",
    "falcon_mamba", "kimi_linear", "glm5_next"})
# Families SGLang loads as plain full-attention models (no sliding-window pool, no linear-attention layers): the
# ones argmatrix's model facts cover.  Only these are judged "not a unified target".
PLAIN_ATTENTION_TYPES = frozenset({"llama", "mistral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "mixtral",
                                   "deepseek_v2", "deepseek_v3"})



def hybrid_swa(c: RuleContext) -> bool:
    """ModelConfig.is_hybrid_swa: a listed architecture (Beam only with sliding layers, Laguna only with a window),
    or a text config that says so itself; --disable-hybrid-swa-memory turns it off."""
    archs, text = architectures(c), text_config(c)
    if c.disable_hybrid_swa_memory:
        return False
    if any(a in HYBRID_SWA_ARCHS for a in archs):
        if "BeamForCausalLM" in archs:
            return "sliding_attention" in as_list(text.get("layer_types"))
        return not ("LagunaForCausalLM" in archs and not text.get("sliding_window"))
    return bool(text.get("is_hybrid_swa"))


def mamba_hybrid(c: RuleContext) -> bool:
    return str(target(c).raw.get("model_type")) in MAMBA_HYBRID_TYPES or target(c).model_type in MAMBA_HYBRID_TYPES


def plain_attention(c: RuleContext) -> bool:
    return target(c).model_type in PLAIN_ATTENTION_TYPES and not hybrid_swa(c) and not mamba_hybrid(c)


def pd_unified(c: RuleContext) -> bool:
    return bool(c.enable_unified_memory) and c.disaggregation_mode != "null"


def decode_offload(c: RuleContext) -> bool:
    """Past :565: decode KV offload to the file backend, the only one the unified pool takes."""
    return pd_unified(c) and c.disaggregation_decode_enable_offload_kvcache and c.hicache_storage_backend == "file"


UNIFIED_MODEL_PROBLEMS: tuple[Problem, ...] = (
    (lambda c: decode_offload(c) and mla(c),
     Text("decode KV offload does not support MLA models yet", "解码端 KV 卸载暂不支持 MLA 模型")),
    (lambda c: decode_offload(c) and mamba_hybrid(c),
     Text("decode KV offload does not support hybrid Mamba models", "解码端 KV 卸载不支持混合 Mamba 模型")),
    (lambda c: decode_offload(c) and hybrid_swa(c),
     Text("decode KV offload does not support hybrid sliding-window models yet", "解码端 KV 卸载暂不支持混合滑动窗口模型")),
    (lambda c: pd_unified(c) and c.disaggregation_decode_retraction_backup == "host_pool" and mamba_hybrid(c),
     Text("--disaggregation-decode-retraction-backup host_pool does not support hybrid Mamba models",
          "--disaggregation-decode-retraction-backup host_pool 不支持混合 Mamba 模型")),
    (lambda c: c.speculative_algorithm in ("EAGLE", "EAGLE3", "NEXTN") and plain_attention(c),
     Text("EAGLE needs a hybrid target (sliding-window or Mamba hybrid) whose pool holds the draft's KV, and {arch} "
          "is a plain full-attention model", "EAGLE 需要混合目标模型（滑动窗口或 Mamba 混合），由其缓存池容纳草稿的 KV，"
          "而 {arch} 是普通的全注意力模型")),
    (lambda c: c.dcp_size > 1 and not mla(c),
     Text("decode context parallelism (--dcp-size {dcp_size}) works only for MLA models", "解码上下文并行"
          "（--dcp-size {dcp_size}）只适用于 MLA 模型")),
    (lambda c: c.dcp_size > 1 and hybrid_swa(c),
     Text("decode context parallelism (--dcp-size {dcp_size}) does not support hybrid sliding-window models",
          "解码上下文并行（--dcp-size {dcp_size}）不支持混合滑动窗口模型")),
)

# The backends each of the unified pool's checks audited (kv_cache_hook.py _SPEC_VERIFY_AUDITED_BACKENDS, ...).
SPEC_VERIFY_AUDITED = frozenset({"triton", "trtllm_mla", "cutedsl_mla", "flashmla", "flashinfer", "fa3"})
SPEC_MHA_AUDITED = frozenset({"triton", "flashinfer", "fa3", "trtllm_mha"})
UNIFIED_DCP_BACKENDS = frozenset({"flashinfer", "trtllm_mla", "cutedsl_mla"})
PAGE_MAJOR_MLA = frozenset({"triton", "fa3", "trtllm_mla", "flashinfer", "cutedsl_mla", "flashmla"})
PAGE_MAJOR_ASYMMETRIC = frozenset({"triton", "fa3", "fa4"})
PAGE_MAJOR_MHA = frozenset({"triton", "fa3", "fa4", "flashinfer", "trtllm_mha"})


def named_backends(c: RuleContext) -> set[str]:
    """The prefill and decode backends the launch names (attention_backends_of: each phase's own flag, else
    --attention-backend).  A phase left unset is SGLang's pick for the GPU and the model, which check-config cannot
    know, so it is not judged."""
    prefill = c.prefill_attention_backend or c.attention_backend
    decode = c.decode_attention_backend or c.attention_backend
    return {str(b) for b in (prefill, decode) if b is not None}


def asymmetric_kv(c: RuleContext) -> bool:
    """ModelConfig.has_asymmetric_kv for a non-MLA model: a config whose V rows are narrower than its K rows."""
    text = text_config(c)
    v_dim, swa_k, swa_v = text.get("v_head_dim"), text.get("swa_head_dim"), text.get("swa_v_head_dim")
    return (v_dim is not None and v_dim != target(c).head_dim) or (swa_k is not None and swa_v is not None
                                                                 and swa_k != swa_v)


def spec_allowed(c: RuleContext) -> frozenset[str] | None:
    """What _assert_spec_verify_backends (DSPARK, DFLASH) and the EAGLE branch allow the target's backends."""
    algo = c.speculative_algorithm
    allowed = {"DSPARK": SPEC_VERIFY_AUDITED | {"fa4"}, "DFLASH": SPEC_MHA_AUDITED}.get(algo or "")
    if allowed is not None:
        return allowed - {"flashinfer"} if c.dcp_size > 1 else allowed
    if algo in ("EAGLE", "EAGLE3", "NEXTN"):
        return SPEC_VERIFY_AUDITED if mla(c) else SPEC_MHA_AUDITED
    return None


def eagle_draft_backends(c: RuleContext) -> set[str]:
    if c.speculative_algorithm not in ("EAGLE", "EAGLE3", "NEXTN"):
        return set()
    return {str(c.speculative_draft_attention_backend)} if c.speculative_draft_attention_backend \
        else named_backends(c)


def page_major_allowed(c: RuleContext) -> frozenset[str]:
    if mla(c):
        return PAGE_MAJOR_MLA
    return PAGE_MAJOR_ASYMMETRIC if asymmetric_kv(c) else PAGE_MAJOR_MHA


UNIFIED_BACKEND_PROBLEMS: tuple[Problem, ...] = (
    (lambda c: (spec_allowed(c) is not None) and not named_backends(c) <= (spec_allowed(c) or frozenset()),
     Text("--speculative-algorithm {speculative_algorithm} needs the target on the backends audited for it "
          "({allowed}), not {named}", "--speculative-algorithm {speculative_algorithm} 要求目标模型使用为其验证过的后端"
          "（{allowed}），而不是 {named}")),
    (lambda c: not eagle_draft_backends(c) <= SPEC_MHA_AUDITED,
     Text("the fused EAGLE draft runs on {draft}, but it reads its KV only through " + ", ".join(sorted(SPEC_MHA_AUDITED)),
          "融合的 EAGLE 草稿运行在 {draft} 上，但它只能通过 " + "、".join(sorted(SPEC_MHA_AUDITED)) + " 读取 KV")),
    (lambda c: c.dcp_size > 1 and mla(c) and not hybrid_swa(c) and c.disaggregation_mode == "null"
     and not named_backends(c) <= UNIFIED_DCP_BACKENDS,
     Text("with --dcp-size {dcp_size} the full-attention layers need " + ", ".join(sorted(UNIFIED_DCP_BACKENDS))
          + ", not {named}", "--dcp-size {dcp_size} 时全注意力层需要 " + "、".join(sorted(UNIFIED_DCP_BACKENDS))
          + "，而不是 {named}")),
    (lambda c: not named_backends(c) <= page_major_allowed(c),
     Text("its page-major KV layout takes, on this model, only {page_major}, not {named}",
          "其按页优先的 KV 布局在该模型上只支持 {page_major}，而不是 {named}")),
)


def unified_numbers(c: RuleContext) -> dict[str, object]:
    named = named_backends(c)
    return {"arch": architectures(c)[0], "named": ", ".join(sorted(named)) or "-",
            "allowed": ", ".join(sorted(spec_allowed(c) or ())), "draft": ", ".join(sorted(eagle_draft_backends(c))),
            "page_major": ", ".join(sorted(page_major_allowed(c)))}


# --- FP4 KV cache against the attention backends (kv_cache_hook.py:112, handle_kv4_compatibility) -----------------
KV4_FA4_MLA = frozenset({"flashinfer", "trtllm_mla"})
KV4_FA4_MHA = frozenset({"triton", "torch_native", "flex_attention"})
KV4_MLA = frozenset({"flashinfer", "trtllm_mla"})
KV4_MHA = frozenset({"triton", "torch_native", "flex_attention", "trtllm_mha"})


def kv4_refusal(c: RuleContext) -> tuple[str, frozenset[str]] | None:
    """The backend the FP4 check asserts on and the set it must lie in; None when it passes or is not decided by
    what the launch names (a mixed prefill/decode pair only warns; an unset backend is SGLang's pick).  Only
    fp4_mx_block16: for nvfp4 SGLang first replaces the prefill and decode backends by its own NVFP4 pair
    (handle_nvfp4_prefill_kv_dequant_dtype), which the launch's names no longer tell."""
    if c.kv_cache_dtype != "fp4_mx_block16":
        return None
    prefill = c.prefill_attention_backend or c.attention_backend
    decode = c.decode_attention_backend or c.attention_backend
    if prefill is None or decode is None or (prefill != decode and prefill != "fa4"):
        return None
    if prefill == "fa4":
        allowed = KV4_FA4_MLA if mla(c) else KV4_FA4_MHA
        return None if decode in allowed else (str(decode), allowed)
    if c.attention_backend is None:
        return None
    allowed = KV4_MLA if mla(c) else KV4_MHA
    return None if c.attention_backend in allowed else (str(c.attention_backend), allowed)


def kv4_numbers(c: RuleContext) -> dict[str, object]:
    backend, allowed = kv4_refusal(c) or ("", frozenset())
    return {"backend": backend, "allowed": ", ".join(sorted(allowed)),
            "attention": "MLA" if mla(c) else "MHA"}



RULES: list[Rule] = [
    # --- embeddings without a KV cache (kv_cache_hook.py:865, validate_prefill_only_disable_kv_cache_args) -------
    Rule("no-kv-cache-needs-embedding", PREFILL_ONLY, ("prefill_only_disable_kv_cache", "is_embedding"),
         lambda c: prefill_only(c) and not c.is_embedding,
         Text("--prefill-only-disable-kv-cache works only for embedding models (--is-embedding)",
              "--prefill-only-disable-kv-cache 只适用于嵌入模型（--is-embedding）"),
         Text("add --is-embedding, or drop --prefill-only-disable-kv-cache",
              "添加 --is-embedding，或去掉 --prefill-only-disable-kv-cache"),
         source=sglang_source("arg_groups/kv_cache_hook.py:880")),
    Rule("no-kv-cache-not-fp4", PREFILL_ONLY, ("prefill_only_disable_kv_cache", "kv_cache_dtype"),
         lambda c: prefill_only(c) and c.is_embedding and c.kv_cache_dtype in ("nvfp4", "fp4_mx_block16", "mxfp8"),
         Text("--prefill-only-disable-kv-cache does not support --kv-cache-dtype {kv_cache_dtype}: that pool is "
              "allocated its own way", "--prefill-only-disable-kv-cache 不支持 --kv-cache-dtype {kv_cache_dtype}："
              "这种缓存池使用单独的分配方式"),
         Text("drop --kv-cache-dtype (the KV cache is not used anyway)", "去掉 --kv-cache-dtype（反正不会使用 KV 缓存）"),
         source=sglang_source("arg_groups/kv_cache_hook.py:886, :892")),
    Rule("no-kv-cache-needs-one-chunk", PREFILL_ONLY, ("prefill_only_disable_kv_cache", "chunked_prefill_size"),
         lambda c: prefill_only(c) and c.is_embedding and c.kv_cache_dtype not in ("nvfp4", "fp4_mx_block16", "mxfp8")
         and c.chunked_prefill_size != -1,
         Text("--prefill-only-disable-kv-cache needs chunked prefill off (--chunked-prefill-size -1), so no request "
              "reuses K/V between chunks; it is {chunked_prefill_size}",
              "--prefill-only-disable-kv-cache 要求关闭分块预填充（--chunked-prefill-size -1），以免请求在分块之间"
              "复用 K/V；当前为 {chunked_prefill_size}"),
         Text("add --chunked-prefill-size -1", "添加 --chunked-prefill-size -1"),
         source=sglang_source("arg_groups/kv_cache_hook.py:905")),
    Rule("no-kv-cache-needs-no-radix", PREFILL_ONLY, ("prefill_only_disable_kv_cache", "disable_radix_cache"),
         lambda c: prefill_only(c) and c.is_embedding and c.kv_cache_dtype not in ("nvfp4", "fp4_mx_block16", "mxfp8")
         and c.chunked_prefill_size == -1 and not c.disable_radix_cache,
         Text("--prefill-only-disable-kv-cache needs --disable-radix-cache: the prefix cache would index KV slots "
              "that hold nothing", "--prefill-only-disable-kv-cache 需要 --disable-radix-cache：否则前缀缓存会索引"
              "没有实际数据的 KV 槽位"),
         Text("add --disable-radix-cache", "添加 --disable-radix-cache"),
         source=sglang_source("arg_groups/kv_cache_hook.py:911")),
    Rule("no-kv-cache-not-with-cp", PREFILL_ONLY, ("prefill_only_disable_kv_cache", "attn_cp_size", "enable_prefill_cp"),
         lambda c: prefill_only(c) and c.is_embedding and c.chunked_prefill_size == -1 and c.disable_radix_cache
         and c.kv_cache_dtype not in ("nvfp4", "fp4_mx_block16", "mxfp8")
         and (c.attn_cp_size > 1 or c.enable_prefill_cp),
         Text("--prefill-only-disable-kv-cache does not work with context parallelism (--attn-cp-size above 1 or "
              "--enable-prefill-cp): that path writes K/V into the pool",
              "--prefill-only-disable-kv-cache 不支持上下文并行（--attn-cp-size 大于 1 或 --enable-prefill-cp）："
              "该路径会把 K/V 写入缓存池"),
         Text("drop --attn-cp-size / --enable-prefill-cp, or drop --prefill-only-disable-kv-cache",
              "去掉 --attn-cp-size / --enable-prefill-cp，或去掉 --prefill-only-disable-kv-cache"),
         source=sglang_source("arg_groups/kv_cache_hook.py:920, :926")),
    Rule("no-kv-cache-not-with-hisparse", PREFILL_ONLY, ("prefill_only_disable_kv_cache", "enable_hisparse"),
         lambda c: prefill_only(c) and c.is_embedding and c.chunked_prefill_size == -1 and c.disable_radix_cache
         and c.kv_cache_dtype not in ("nvfp4", "fp4_mx_block16", "mxfp8")
         and c.attn_cp_size <= 1 and not c.enable_prefill_cp and c.enable_hisparse,
         Text("--prefill-only-disable-kv-cache does not work with --enable-hisparse, which brings its own KV pool",
              "--prefill-only-disable-kv-cache 不能与 --enable-hisparse 同时使用，后者有自己的 KV 缓存池"),
         Text("drop one of the two", "二者去掉其一"),
         source=sglang_source("arg_groups/kv_cache_hook.py:935")),
    # --- the unified memory pool (kv_cache_hook.py:528, handle_unified_memory_pool) --------------------------------
    Rule("unified-memory-audited-speculative", UNIFIED, ("enable_unified_memory", "speculative_algorithm"),
         lambda c: c.enable_unified_memory and c.speculative_algorithm not in UNIFIED_SPEC_AUDITED,
         Text("--enable-unified-memory has not been audited with --speculative-algorithm {speculative_algorithm}; "
              "SGLang allows only EAGLE, EAGLE3, DFLASH and DSPARK with it",
              "--enable-unified-memory 尚未针对 --speculative-algorithm {speculative_algorithm} 做过验证；"
              "SGLang 只允许它与 EAGLE、EAGLE3、DFLASH 和 DSPARK 同用"),
         Text("drop --speculative-algorithm, or drop --enable-unified-memory",
              "去掉 --speculative-algorithm，或去掉 --enable-unified-memory"),
         source=sglang_source("arg_groups/kv_cache_hook.py:588")),
    Rule("unified-memory-linear-draft", UNIFIED, ("enable_unified_memory", "speculative_eagle_topk"),
         lambda c: c.enable_unified_memory and c.speculative_algorithm is not None
         and c.speculative_eagle_topk not in (None, 1),
         Text("--enable-unified-memory supports a linear draft chain only, not --speculative-eagle-topk "
              "{speculative_eagle_topk} (tree drafting)", "--enable-unified-memory 只支持线性草稿链，不支持 "
              "--speculative-eagle-topk {speculative_eagle_topk}（树状草稿）"),
         Text("use --speculative-eagle-topk 1", "改用 --speculative-eagle-topk 1"),
         source=sglang_source("arg_groups/kv_cache_hook.py:601")),
    Rule("unified-memory-not-with-tbo", UNIFIED, ("enable_unified_memory", "enable_two_batch_overlap"),
         lambda c: c.enable_unified_memory and c.enable_two_batch_overlap,
         Text("--enable-unified-memory does not support --enable-two-batch-overlap",
              "--enable-unified-memory 不支持 --enable-two-batch-overlap"),
         Text("drop one of the two", "二者去掉其一"), source=sglang_source("arg_groups/kv_cache_hook.py:653")),
    Rule("unified-memory-not-with-lmcache", UNIFIED, ("enable_unified_memory", "enable_lmcache"),
         lambda c: c.enable_unified_memory and c.enable_lmcache,
         Text("--enable-unified-memory does not work with --enable-lmcache yet: LMCache would see virtual slot ids",
              "--enable-unified-memory 暂不能与 --enable-lmcache 同时使用：LMCache 看到的是虚拟槽位编号"),
         Text("drop one of the two", "二者去掉其一"), source=sglang_source("arg_groups/kv_cache_hook.py:658")),
    Rule("unified-memory-not-with-external-linker", UNIFIED,
         ("enable_unified_memory", "enable_unified_cache_external_linker"),
         lambda c: c.enable_unified_memory and c.enable_unified_cache_external_linker,
         Text("--enable-unified-memory does not support --enable-unified-cache-external-linker",
              "--enable-unified-memory 不支持 --enable-unified-cache-external-linker"),
         Text("use --enable-hierarchical-cache for L2/L3 transfers instead", "请改用 --enable-hierarchical-cache 做 L2/L3 传输"),
         source=sglang_source("arg_groups/kv_cache_hook.py:663")),
    Rule("unified-memory-eagle-no-host-pool", UNIFIED,
         ("enable_unified_memory", "disaggregation_decode_retraction_backup"),
         lambda c: c.enable_unified_memory and c.speculative_algorithm in ("EAGLE", "EAGLE3", "NEXTN")
         and c.disaggregation_decode_retraction_backup == "host_pool",
         Text("--enable-unified-memory with EAGLE does not support --disaggregation-decode-retraction-backup host_pool",
              "--enable-unified-memory 配合 EAGLE 时不支持 --disaggregation-decode-retraction-backup host_pool"),
         Text("use --disaggregation-decode-retraction-backup cpu_tensor", "改用 --disaggregation-decode-retraction-backup cpu_tensor"),
         source=sglang_source("arg_groups/kv_cache_hook.py:669")),
    Rule("unified-memory-eagle-no-hicache", UNIFIED, ("enable_unified_memory", "enable_hierarchical_cache"),
         lambda c: c.enable_unified_memory and c.speculative_algorithm in ("EAGLE", "EAGLE3", "NEXTN")
         and c.enable_hierarchical_cache,
         Text("--enable-unified-memory with EAGLE does not support --enable-hierarchical-cache",
              "--enable-unified-memory 配合 EAGLE 时不支持 --enable-hierarchical-cache"),
         Text("drop --enable-hierarchical-cache, or the speculative decoding", "去掉 --enable-hierarchical-cache，或去掉投机解码"),
         source=sglang_source("arg_groups/kv_cache_hook.py:678")),
    # --- HiCache with decode context parallelism (hicache_hook.py:129, resolve_hicache_dcp_compatibility) -------
    Rule("hicache-dcp-needs-mla", HICACHE_DCP_MLA, ("enable_hierarchical_cache", "dcp_size"),
         lambda c: c.enable_hierarchical_cache and c.dcp_size > 1 and not mla(c),
         Text("--enable-hierarchical-cache with --dcp-size {dcp_size} works only for MLA models: the host pool's "
              "per-rank index translation exists only for MLA, and {arch} is not one",
              "--enable-hierarchical-cache 与 --dcp-size {dcp_size} 同用只适用于 MLA 模型：主机缓存池按 rank 的索引"
              "转换只为 MLA 实现，而 {arch} 不是 MLA 模型"),
         Text("use --dcp-size 1 with HiCache on this model, or drop --enable-hierarchical-cache",
              "在该模型上使用 HiCache 时请设 --dcp-size 1，或去掉 --enable-hierarchical-cache"),
         source=sglang_source("arg_groups/hicache_hook.py:158"), extra=lambda c: {"arch": architecture(c)},
         reads_model=True),
    # --- the Mamba state cache (mamba_hook.py) ---------------------------------------------------------------------
    Rule("mamba-rounding-needs-fp16", MAMBA, ("enable_mamba_cache_stochastic_rounding", "mamba_ssm_dtype"),
         lambda c: c.enable_mamba_cache_stochastic_rounding and c.mamba_ssm_dtype != "float16",
         Text("--enable-mamba-cache-stochastic-rounding needs --mamba-ssm-dtype float16, not {mamba_ssm_dtype}",
              "--enable-mamba-cache-stochastic-rounding 需要 --mamba-ssm-dtype float16，而不是 {mamba_ssm_dtype}"),
         Text("add --mamba-ssm-dtype float16", "添加 --mamba-ssm-dtype float16"),
         source=sglang_source("arg_groups/mamba_hook.py:32")),
    Rule("mamba-rounding-needs-cuda", MAMBA, ("enable_mamba_cache_stochastic_rounding",),
         lambda c: c.enable_mamba_cache_stochastic_rounding and c.mamba_ssm_dtype == "float16",
         Text("stochastic rounding of the Mamba state cache runs only on NVIDIA CUDA",
              "Mamba 状态缓存的随机舍入只能在 NVIDIA CUDA 上运行"),
         Text("drop --enable-mamba-cache-stochastic-rounding on this hardware",
              "在该硬件上去掉 --enable-mamba-cache-stochastic-rounding"), families=NON_GPU,
         source=sglang_source("arg_groups/mamba_hook.py:39")),
    Rule("mamba-flashinfer-needs-cuda", MAMBA, ("mamba_backend",),
         lambda c: c.mamba_backend == "flashinfer" and not c.enable_mamba_cache_stochastic_rounding,
         Text("--mamba-backend flashinfer needs FlashInfer, which SGLang has only on CUDA",
              "--mamba-backend flashinfer 需要 FlashInfer，而 SGLang 只在 CUDA 上提供它"),
         Text("use --mamba-backend triton", "改用 --mamba-backend triton"), families=NON_GPU,
         source=sglang_source("arg_groups/mamba_hook.py:72")),
    Rule("int8-mamba-not-with-hicache", INT8_MAMBA, ("enable_int8_mamba_checkpoint", "enable_hierarchical_cache"),
         lambda c: c.enable_int8_mamba_checkpoint and c.enable_hierarchical_cache,
         Text("--enable-int8-mamba-checkpoint does not work with --enable-hierarchical-cache: the host offload would "
              "read int8 checkpoints as bf16", "--enable-int8-mamba-checkpoint 不能与 --enable-hierarchical-cache "
              "同时使用：主机卸载会把 int8 检查点当作 bf16 读取"),
         Text("drop one of the two", "二者去掉其一"), source=sglang_source("arg_groups/mamba_hook.py:84")),
    Rule("int8-mamba-builtin-radix", INT8_MAMBA, ("enable_int8_mamba_checkpoint", "radix_cache_backend"),
         lambda c: c.enable_int8_mamba_checkpoint and not c.enable_hierarchical_cache
         and c.radix_cache_backend is not None,
         Text("--enable-int8-mamba-checkpoint works only with the built-in Mamba radix cache, not "
              "--radix-cache-backend {radix_cache_backend}", "--enable-int8-mamba-checkpoint 只支持内置的 Mamba "
              "基数缓存，不支持 --radix-cache-backend {radix_cache_backend}"),
         Text("drop --radix-cache-backend", "去掉 --radix-cache-backend"),
         source=sglang_source("arg_groups/mamba_hook.py:90")),
    Rule("int8-mamba-not-with-lmcache", INT8_MAMBA, ("enable_int8_mamba_checkpoint", "enable_lmcache"),
         lambda c: c.enable_int8_mamba_checkpoint and not c.enable_hierarchical_cache
         and c.radix_cache_backend is None and c.enable_lmcache,
         Text("--enable-int8-mamba-checkpoint does not work with --enable-lmcache, which is not int8-aware",
              "--enable-int8-mamba-checkpoint 不能与 --enable-lmcache 同时使用，后者不识别 int8"),
         Text("drop one of the two", "二者去掉其一"), source=sglang_source("arg_groups/mamba_hook.py:96")),
    # --- the unified pool against the model and the backends it resolves (kv_cache_hook.py:528, :712, :765) -----
    Rule("unified-memory-model", UNIFIED_MODEL, ("enable_unified_memory", "speculative_algorithm", "dcp_size",
                                                 "disaggregation_decode_enable_offload_kvcache",
                                                 "disaggregation_decode_retraction_backup"),
         lambda c: c.enable_unified_memory and first_problem(c, UNIFIED_MODEL_PROBLEMS) is not None,
         Text("--enable-unified-memory on {arch}: {why_en}; SGLang refuses the launch at start-up",
              "在 {arch} 上使用 --enable-unified-memory：{why_zh}；SGLang 会在启动时拒绝该启动命令"),
         Text("drop the option named, or drop --enable-unified-memory for this model",
              "去掉上述选项，或对该模型去掉 --enable-unified-memory"),
         source=sglang_source("arg_groups/kv_cache_hook.py:570, :574, :578, :584, :610, :727, :733"),
         extra=problem_text(UNIFIED_MODEL_PROBLEMS, unified_numbers), reads_model=True),
    Rule("unified-memory-backends", UNIFIED_BACKENDS, ("attention_backend", "prefill_attention_backend",
                                                       "decode_attention_backend", "speculative_draft_attention_backend",
                                                       "enable_unified_memory"),
         # the page-major layout's backend check (:822) is reached only with the unified pool: without it :783
         # refuses --enable-page-major-kv-layout first
         lambda c: c.enable_unified_memory and first_problem(c, UNIFIED_BACKEND_PROBLEMS) is not None,
         Text("--enable-unified-memory on {arch}: {why_en}; SGLang refuses the launch at start-up",
              "在 {arch} 上使用 --enable-unified-memory：{why_zh}；SGLang 会在启动时拒绝该启动命令"),
         Text("name backends from the list with --attention-backend (or leave it to SGLang), or drop "
              "--enable-unified-memory", "用 --attention-backend 指定列表中的后端（或交给 SGLang 选择），或去掉 "
              "--enable-unified-memory"),
         source=sglang_source("arg_groups/kv_cache_hook.py:519, :622, :634, :754, :822"),
         extra=problem_text(UNIFIED_BACKEND_PROBLEMS, unified_numbers), reads_model=True),
    Rule("kv4-attention-backends", KV4_BACKENDS, ("kv_cache_dtype", "attention_backend", "prefill_attention_backend",
                                                  "decode_attention_backend"),
         lambda c: kv4_refusal(c) is not None,
         Text("--kv-cache-dtype {kv_cache_dtype} on an {attention} model does not work with the {backend} attention "
              "backend; it takes {allowed}", "--kv-cache-dtype {kv_cache_dtype} 在 {attention} 模型上不能配合 {backend} "
              "注意力后端；可用的是 {allowed}"),
         Text("use --attention-backend with one of: {allowed}", "请用 --attention-backend 指定以下之一：{allowed}"),
         families=frozenset({"gpu"}), source=sglang_source("arg_groups/kv_cache_hook.py:282, :292, :302, :313"),
         extra=kv4_numbers, reads_model=True),
]
