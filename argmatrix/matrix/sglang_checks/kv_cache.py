"""SGLang's start-up checks on the KV and Mamba caches: running embeddings without a KV cache, the unified memory
pool, decode context parallelism's communication backend (``arg_groups/kv_cache_hook.py``, ``parallel_hook.py``)
and the Mamba state cache (``arg_groups/mamba_hook.py``).

Each rule names the 0.5.23 wheel line of the ``raise`` or ``assert`` it ports.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import sglang_source

NON_GPU = frozenset({"npu", "cpu"})
PREFILL_ONLY = "AM-E276"
UNIFIED = "AM-E277"
DCP = "AM-E279"
MAMBA = "AM-E360"
INT8_MAMBA = "AM-E361"

# Speculative algorithms kv_cache_hook.py:588 has audited for the unified pool (NEXTN is EAGLE by then).
UNIFIED_SPEC_AUDITED = (None, "DSPARK", "EAGLE", "EAGLE3", "NEXTN", "DFLASH")


def prefill_only(c: RuleContext) -> bool:
    return bool(c.prefill_only_disable_kv_cache)



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
    # --- decode context parallelism (parallel_hook.py:240, handle_decode_context_parallelism) -------------------
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
]
