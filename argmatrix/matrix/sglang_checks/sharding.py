"""SGLang's start-up checks on KV-cache sharding and LayerNorm sequence parallelism (``arg_groups/kv_shard_hook.py``,
``arg_groups/layernorm_sp_hook.py``), read from 0.5.23.  Their model- and backend-dependent halves (MLA or GQA, the
DSA layout, the architectures LayerNorm SP supports) need the checkpoint and stay with the inventory's dispositions.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule
from .common import Need, attn_dp, broken_needs, needs_listed, sglang_source

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
    Need(lambda c: "page_size" in c.user_set and (c.page_size or 1) <= 1, "pages of more than one token (--page-size 64)",
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

LAYERNORM_SP_NEEDS = (
    Need(lambda c: c.tp_size <= 1, "--tp-size above 1 (there is nothing to shard on one rank)",
         "--tp-size 大于 1（单个 rank 上没有可切分的序列）"),
    Need(lambda c: attn_dp(c) > 1, "no attention data parallelism", "不能使用注意力数据并行"),
    Need(lambda c: c.pp_size > 1, "no pipeline parallelism (--pp-size 1)", "不能使用流水线并行（--pp-size 须为 1）"),
)

RULES: list[Rule] = [
    Rule("kv-cache-sharding-needs", "AM-E347", ("enable_kv_cache_sharding",),
         lambda c: c.enable_kv_cache_sharding and broken_needs(KV_SHARDING_NEEDS)(c),
         Text("--enable-kv-cache-sharding needs: {needs_en}", "--enable-kv-cache-sharding 的要求未满足：{needs_zh}"),
         Text("change the settings listed, or drop --enable-kv-cache-sharding",
              "按上述要求修改，或去掉 --enable-kv-cache-sharding"),
         source=sglang_source("arg_groups/kv_shard_hook.py:71, :79, :84, :100, :120, :126, :146, :152, :157, :161, :166, :171, :177, "
                              ":195, :199, :207, :214, :237, :274, :282"),
         extra=needs_listed(KV_SHARDING_NEEDS)),
    Rule("layernorm-sp-needs", "AM-E348", ("enable_layernorm_sp", "enable_megamoe_for_layernorm_sp"),
         lambda c: (c.enable_megamoe_for_layernorm_sp and not c.enable_layernorm_sp)
         or (c.enable_layernorm_sp and broken_needs(LAYERNORM_SP_NEEDS)(c)),
         Text("LayerNorm sequence parallelism is set up wrongly: {problem_en}", "LayerNorm 序列并行的设置有误：{problem_zh}"),
         Text("fix the settings named, or drop --enable-layernorm-sp", "按上述要求修改，或去掉 --enable-layernorm-sp"),
         source=sglang_source("arg_groups/layernorm_sp_hook.py:25, :136, :173, :187"),
         extra=lambda c: {
             "problem_en": "--enable-megamoe-for-layernorm-sp needs --enable-layernorm-sp" if not c.enable_layernorm_sp
             else "--enable-layernorm-sp needs " + needs_listed(LAYERNORM_SP_NEEDS)(c)["needs_en"],
             "problem_zh": "--enable-megamoe-for-layernorm-sp 需要 --enable-layernorm-sp" if not c.enable_layernorm_sp
             else "--enable-layernorm-sp 的要求：" + needs_listed(LAYERNORM_SP_NEEDS)(c)["needs_zh"]}),
]
