"""SGLang's start-up checks on the KV cache and device memory: NVFP4 KV backends, decode retraction to a host
pool, T-LRU eviction, LMCache, the unified pool under PD disaggregation, the page-major layout and embedding
offload (``arg_groups/kv_cache_hook.py``, ``arg_groups/memory_hook.py``).

The model-independent sites only; the sites these files check against the model, the GPU's generation or the
resolved attention backends have a disposition in ``dispositions/kv_cache_hook.py``.  Each rule cites its
0.5.23 file:line.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import Problem, attn_dp, env_true, first_problem, problem_text, sglang_source

GPU = frozenset({"gpu"})
FP4_KV = ("nvfp4", "fp4_mx_block16")
# The prefill backend each NVFP4 dequantization dtype runs on, and back (kv_cache_hook.py:25-31).
NVFP4_PREFILL_BACKEND = {"fp8_e4m3": "flashinfer", "nvfp4": "trtllm_mha"}
NVFP4_DEQUANT_DTYPE = {backend: dtype for dtype, backend in NVFP4_PREFILL_BACKEND.items()}
# Transfer backends the unified pool supports under PD disaggregation (server_args.py:347,
# _unified_memory_pd_transfer_backends).
UNIFIED_PD_TRANSFER_BACKENDS = ("mooncake",)


def _nvfp4_prefill_backend_problem(c: RuleContext) -> bool:
    """kv_cache_hook.py:53 (an explicit backend with no NVFP4 prefill path) and :71 (an explicit dequant dtype
    whose prefill backend is not the one the launch names)."""
    if c.kv_cache_dtype != "nvfp4":
        return False
    if c.prefill_kv_cache_dequant_dtype == "auto":
        named = c.prefill_attention_backend or c.attention_backend
        return named is not None and named not in NVFP4_DEQUANT_DTYPE
    wanted = NVFP4_PREFILL_BACKEND[c.prefill_kv_cache_dequant_dtype]
    return c.prefill_attention_backend is not None and c.prefill_attention_backend != wanted


def _nvfp4_prefill_numbers(c: RuleContext) -> dict[str, object]:
    dtype = c.prefill_kv_cache_dequant_dtype
    named = c.prefill_attention_backend or c.attention_backend
    if dtype == "auto":
        return {"named": named, "wanted": "flashinfer (fp8_e4m3) or trtllm_mha (nvfp4)"}
    return {"named": c.prefill_attention_backend, "wanted": NVFP4_PREFILL_BACKEND[dtype]}


# --- LMCache: colocated, plain radix cache only (kv_cache_hook.py:433-475) ------------------------------------------
LMCACHE: tuple[Problem, ...] = (
    (lambda c: c.enable_hierarchical_cache, Text("--enable-hierarchical-cache", "--enable-hierarchical-cache")),
    (lambda c: c.enable_unified_cache_external_linker,
     Text("--enable-unified-cache-external-linker", "--enable-unified-cache-external-linker")),
    (lambda c: c.disable_radix_cache, Text("--disable-radix-cache (LMCache lives in the radix cache)",
                                           "--disable-radix-cache（LMCache 依托于前缀基数缓存）")),
    (lambda c: c.speculative_algorithm is not None, Text("speculative decoding (--speculative-algorithm)",
                                                         "投机解码（--speculative-algorithm）")),
    (lambda c: attn_dp(c) > 1, Text("attention data parallelism", "注意力数据并行")),
    (lambda c: c.dcp_size > 1, Text("--dcp-size {dcp_size}", "--dcp-size {dcp_size}")),
    (lambda c: c.enable_streaming_session, Text("--enable-streaming-session", "--enable-streaming-session")),
    (lambda c: c.hicache_host_memory_mode == "buffer_only",
     Text("--hicache-host-memory-mode buffer_only (a HiCache mode)",
          "--hicache-host-memory-mode buffer_only（该模式仅用于 HiCache）")),
    (lambda c: c.disaggregation_mode != "null",
     Text("--disaggregation-mode {disaggregation_mode} (LMCache serves colocated prefill and decode only)",
          "--disaggregation-mode {disaggregation_mode}（LMCache 只支持预填充与解码同机部署）")),
)

# --- the unified pool under PD disaggregation (kv_cache_hook.py:535-566, :740) ----------------------------------
UNIFIED_PD: tuple[Problem, ...] = (
    (lambda c: c.disaggregation_transfer_backend not in UNIFIED_PD_TRANSFER_BACKENDS,
     Text("--disaggregation-transfer-backend {disaggregation_transfer_backend} (only mooncake moves unified pages)",
          "--disaggregation-transfer-backend {disaggregation_transfer_backend}（只有 mooncake 能传输统一内存池的页）")),
    (lambda c: c.pp_size > 1, Text("--pp-size {pp_size}", "--pp-size {pp_size}")),
    (lambda c: c.disaggregation_transfer_backend == "mooncake" and c.speculative_algorithm is not None,
     Text("speculative decoding over the mooncake transfer backend", "基于 mooncake 传输后端的投机解码")),
    (lambda c: env_true(c, "SGLANG_DISABLE_LAZY_COMPACTION"),
     Text("SGLANG_DISABLE_LAZY_COMPACTION in the environment (the transfer needs lazy compaction)",
          "环境变量 SGLANG_DISABLE_LAZY_COMPACTION（传输依赖延迟压缩）")),
    (lambda c: c.enable_hisparse, Text("--enable-hisparse", "--enable-hisparse")),
    (lambda c: c.disaggregation_decode_enable_offload_kvcache and c.hicache_storage_backend != "file",
     Text("decode KV offload to --hicache-storage-backend {hicache_storage_backend} (only file is supported)",
          "解码端 KV 卸载到 --hicache-storage-backend {hicache_storage_backend}（只支持 file）")),
    (lambda c: c.dcp_size > 1, Text("--dcp-size {dcp_size}", "--dcp-size {dcp_size}")),
)

# --- the page-major KV layout's kernels (kv_cache_hook.py:845-862) ----------------------------------------------
# The MLA-only extras (cutedsl, helion) are left out: they need the model; without them the check is stricter
# than SGLang's only for MLA models that pick those kernels.
PAGE_MAJOR_LINEAR_DECODE = ("triton", "flashinfer")
PAGE_MAJOR_LINEAR_PREFILL = ("triton", "flashkda", "flashinfer")
PAGE_MAJOR: tuple[Problem, ...] = (
    (lambda c: (c.linear_attn_decode_backend or c.linear_attn_backend) not in PAGE_MAJOR_LINEAR_DECODE,
     Text("the linear-attention decode backend {lin_decode} (triton or flashinfer)",
          "线性注意力解码后端 {lin_decode}（须为 triton 或 flashinfer）")),
    (lambda c: (c.linear_attn_prefill_backend or c.linear_attn_backend) not in PAGE_MAJOR_LINEAR_PREFILL,
     Text("the linear-attention prefill backend {lin_prefill} (triton, flashkda or flashinfer)",
          "线性注意力预填充后端 {lin_prefill}（须为 triton、flashkda 或 flashinfer）")),
    (lambda c: c.mamba_backend not in (None, "triton"),
     Text("--mamba-backend {mamba_backend} (the strided state needs triton)",
          "--mamba-backend {mamba_backend}（跨步状态需要 triton）")),
)


def _page_major_numbers(c: RuleContext) -> dict[str, object]:
    return {"lin_decode": c.linear_attn_decode_backend or c.linear_attn_backend,
            "lin_prefill": c.linear_attn_prefill_backend or c.linear_attn_backend}


RULES: list[Rule] = [
    # --- NVFP4 KV cache: which attention backends read it (kv_cache_hook.py handle_nvfp4_prefill_kv_dequant_dtype)
    Rule("prefill-kv-dequant-needs-nvfp4", "AM-E350", ("prefill_kv_cache_dequant_dtype", "kv_cache_dtype"),
         lambda c: c.kv_cache_dtype != "nvfp4" and c.prefill_kv_cache_dequant_dtype != "auto",
         Text("--prefill-kv-cache-dequant-dtype {prefill_kv_cache_dequant_dtype} applies only to an NVFP4 KV cache, "
              "not --kv-cache-dtype {kv_cache_dtype}",
              "--prefill-kv-cache-dequant-dtype {prefill_kv_cache_dequant_dtype} 只对 NVFP4 KV 缓存有效，"
              "当前为 --kv-cache-dtype {kv_cache_dtype}"),
         Text("drop --prefill-kv-cache-dequant-dtype, or add --kv-cache-dtype nvfp4",
              "去掉 --prefill-kv-cache-dequant-dtype，或添加 --kv-cache-dtype nvfp4"),
         source=sglang_source("arg_groups/kv_cache_hook.py:41")),
    Rule("nvfp4-prefill-backend", "AM-E351", ("prefill_attention_backend", "attention_backend",
                                              "prefill_kv_cache_dequant_dtype", "kv_cache_dtype"),
         _nvfp4_prefill_backend_problem,
         Text("an NVFP4 KV cache prefills on {wanted}, not on the attention backend {named}",
              "NVFP4 KV 缓存的预填充须使用 {wanted}，不能使用注意力后端 {named}"),
         Text("drop --prefill-attention-backend / --attention-backend: with --kv-cache-dtype nvfp4 SGLang picks the "
              "backends itself (choose the prefill input with --prefill-kv-cache-dequant-dtype)",
              "去掉 --prefill-attention-backend / --attention-backend：使用 --kv-cache-dtype nvfp4 时 SGLang 会自行"
              "选择后端（预填充的输入格式用 --prefill-kv-cache-dequant-dtype 指定）"),
         families=GPU, source=sglang_source("arg_groups/kv_cache_hook.py:53, :71"), extra=_nvfp4_prefill_numbers),
    Rule("nvfp4-decode-backend", "AM-E352", ("decode_attention_backend", "kv_cache_dtype"),
         lambda c: c.kv_cache_dtype == "nvfp4" and c.decode_attention_backend not in (None, "trtllm_mha"),
         Text("an NVFP4 KV cache decodes only on trtllm_mha, not --decode-attention-backend {decode_attention_backend}",
              "NVFP4 KV 缓存的解码只能使用 trtllm_mha，不能使用 --decode-attention-backend {decode_attention_backend}"),
         Text("drop --decode-attention-backend (SGLang selects trtllm_mha), or write --decode-attention-backend "
              "trtllm_mha", "去掉 --decode-attention-backend（SGLang 会选择 trtllm_mha），或写 "
              "--decode-attention-backend trtllm_mha"),
         families=GPU, source=sglang_source("arg_groups/kv_cache_hook.py:80")),
    Rule("fp4-kv-not-with-unified-memory", "AM-E353", ("kv_cache_dtype", "enable_unified_memory"),
         lambda c: c.kv_cache_dtype in FP4_KV and c.enable_unified_memory,
         Text("an FP4 KV cache (--kv-cache-dtype {kv_cache_dtype}) does not work with --enable-unified-memory: the "
              "unified pool has no room for FP4 block scales",
              "FP4 KV 缓存（--kv-cache-dtype {kv_cache_dtype}）不能与 --enable-unified-memory 同时使用：统一内存池"
              "没有为 FP4 块缩放因子分配空间"),
         Text("drop --enable-unified-memory, or use --kv-cache-dtype fp8_e4m3", "去掉 --enable-unified-memory，"
              "或改用 --kv-cache-dtype fp8_e4m3"),
         families=GPU, source=sglang_source("arg_groups/kv_cache_hook.py:133")),
    # --- decode retraction to a host pool (handle_cache_compatibility) -----------------------------------------
    Rule("host-pool-retraction-on-decode-only", "AM-E354", ("disaggregation_decode_retraction_backup",
                                                            "disaggregation_mode"),
         lambda c: c.disaggregation_decode_retraction_backup == "host_pool" and c.disaggregation_mode != "decode",
         Text("--disaggregation-decode-retraction-backup host_pool works only on a PD decode server, not with "
              "--disaggregation-mode {disaggregation_mode}",
              "--disaggregation-decode-retraction-backup host_pool 只能用于 PD 分离的解码服务，当前为 "
              "--disaggregation-mode {disaggregation_mode}"),
         Text("add --disaggregation-mode decode, or drop --disaggregation-decode-retraction-backup",
              "添加 --disaggregation-mode decode，或去掉 --disaggregation-decode-retraction-backup"),
         source=sglang_source("arg_groups/kv_cache_hook.py:357")),
    Rule("host-pool-retraction-not-with-dcp", "AM-E355", ("disaggregation_decode_retraction_backup", "dcp_size"),
         lambda c: c.disaggregation_decode_retraction_backup == "host_pool" and c.dcp_size > 1,
         Text("--disaggregation-decode-retraction-backup host_pool does not work with --dcp-size {dcp_size}",
              "--disaggregation-decode-retraction-backup host_pool 不能与 --dcp-size {dcp_size} 同时使用"),
         Text("use --disaggregation-decode-retraction-backup cpu_tensor, or --dcp-size 1",
              "改用 --disaggregation-decode-retraction-backup cpu_tensor，或 --dcp-size 1"),
         source=sglang_source("arg_groups/kv_cache_hook.py:362")),
    Rule("host-pool-retraction-vs-priority-preemption", "AM-E356", ("disaggregation_decode_retraction_backup",
                                                                    "enable_priority_scheduling",
                                                                    "disable_priority_preemption"),
         lambda c: c.disaggregation_decode_retraction_backup == "host_pool" and c.enable_priority_scheduling
         and not c.disable_priority_preemption,
         Text("--disaggregation-decode-retraction-backup host_pool with --enable-priority-scheduling needs "
              "--disable-priority-preemption",
              "--disaggregation-decode-retraction-backup host_pool 与 --enable-priority-scheduling 同用时需要 "
              "--disable-priority-preemption"),
         Text("add --disable-priority-preemption", "添加 --disable-priority-preemption"),
         source=sglang_source("arg_groups/kv_cache_hook.py:371")),
    # --- eviction and radix cache ------------------------------------------------------------------------------
    Rule("tlru-thresholds", "AM-E357", ("radix_eviction_policy", "radix_eviction_policy_config"),
         lambda c: c.radix_eviction_policy == "tlru" and (
             _tlru(c)[0] < 0 or _tlru(c)[1] < 0 or _tlru(c)[0] <= _tlru(c)[1]),
         Text("--radix-eviction-policy tlru needs a non-negative 'threshold' greater than 'next_prompt_estimate' in "
              "--radix-eviction-policy-config (now {threshold} and {estimate}; both default to 0)",
              "--radix-eviction-policy tlru 要求 --radix-eviction-policy-config 中的 'threshold' 非负且大于 "
              "'next_prompt_estimate'（当前为 {threshold} 和 {estimate}；二者默认均为 0）"),
         Text("""add --radix-eviction-policy-config '{{"threshold": 4096, "next_prompt_estimate": 1024}}', or use """
              "--radix-eviction-policy lru",
              """添加 --radix-eviction-policy-config '{{"threshold": 4096, "next_prompt_estimate": 1024}}'，"""
              "或改用 --radix-eviction-policy lru"),
         source=sglang_source("arg_groups/kv_cache_hook.py:380, :386"),
         extra=lambda c: {"threshold": _tlru(c)[0], "estimate": _tlru(c)[1]}),
    Rule("hicache-needs-radix-cache", "AM-E358", ("enable_hierarchical_cache", "disable_radix_cache"),
         lambda c: c.enable_hierarchical_cache and c.disable_radix_cache,
         Text("--enable-hierarchical-cache extends the radix cache, which --disable-radix-cache turns off",
              "--enable-hierarchical-cache 是对前缀基数缓存的扩展，而 --disable-radix-cache 关闭了它"),
         Text("drop one of the two", "二者去掉其一"), source=sglang_source("arg_groups/kv_cache_hook.py:394")),
    Rule("decode-kv-offload-on-decode-only", "AM-E359", ("disaggregation_decode_enable_offload_kvcache",
                                                         "disaggregation_mode"),
         lambda c: c.disaggregation_decode_enable_offload_kvcache and c.disaggregation_mode != "decode",
         Text("--disaggregation-decode-enable-offload-kvcache works only on a PD decode server, not with "
              "--disaggregation-mode {disaggregation_mode}",
              "--disaggregation-decode-enable-offload-kvcache 只能用于 PD 分离的解码服务，当前为 "
              "--disaggregation-mode {disaggregation_mode}"),
         Text("add --disaggregation-mode decode, or drop --disaggregation-decode-enable-offload-kvcache",
              "添加 --disaggregation-mode decode，或去掉 --disaggregation-decode-enable-offload-kvcache"),
         source=sglang_source("arg_groups/kv_cache_hook.py:401")),
    Rule("decode-kv-offload-needs-storage", "AM-E400", ("disaggregation_decode_enable_offload_kvcache",
                                                        "hicache_storage_backend"),
         lambda c: c.disaggregation_decode_enable_offload_kvcache and c.disaggregation_mode == "decode"
         and c.hicache_storage_backend is None,
         Text("--disaggregation-decode-enable-offload-kvcache needs a storage tier to offload to "
              "(--hicache-storage-backend)",
              "--disaggregation-decode-enable-offload-kvcache 需要一个可卸载到的存储层（--hicache-storage-backend）"),
         Text("add --hicache-storage-backend file (or another storage backend)",
              "添加 --hicache-storage-backend file（或其他存储后端）"),
         source=sglang_source("arg_groups/kv_cache_hook.py:405")),
    Rule("swa-full-tokens-ratio-above-zero", "AM-E401", ("swa_full_tokens_ratio",),
         lambda c: c.swa_full_tokens_ratio is not None and c.swa_full_tokens_ratio <= 0,
         Text("--swa-full-tokens-ratio {swa_full_tokens_ratio} leaves the sliding-window pool no tokens; SGLang takes "
              "a ratio above 0 and at most 1",
              "--swa-full-tokens-ratio {swa_full_tokens_ratio} 使滑动窗口缓存池没有 token；SGLang 要求该比例大于 0 "
              "且不超过 1"),
         Text("use a ratio in (0, 1], e.g. --swa-full-tokens-ratio 0.8 (the default)",
              "取大于 0 且不超过 1 的值，例如 --swa-full-tokens-ratio 0.8（默认值）"),
         source=sglang_source("arg_groups/kv_cache_hook.py:428")),
    Rule("lmcache-combinations", "AM-E402", ("enable_lmcache", "enable_hierarchical_cache",
                                             "enable_unified_cache_external_linker", "disable_radix_cache",
                                             "speculative_algorithm", "dcp_size", "enable_streaming_session",
                                             "hicache_host_memory_mode", "disaggregation_mode"),
         lambda c: c.enable_lmcache and first_problem(c, LMCACHE) is not None,
         Text("--enable-lmcache does not work with {why_en}", "--enable-lmcache 不能与以下设置同时使用：{why_zh}"),
         Text("drop --enable-lmcache, or the other setting (LMCache runs on a plain radix cache, colocated, without "
              "speculative decoding or attention DP)",
              "去掉 --enable-lmcache 或另一项设置（LMCache 只能运行在普通前缀基数缓存上，预填充与解码同机部署，"
              "且不使用投机解码或注意力数据并行）"),
         source=sglang_source("arg_groups/kv_cache_hook.py:435, :440, :445, :450, :454, :458, :463, :467, :471"),
         extra=problem_text(LMCACHE)),
    Rule("unified-memory-with-pd", "AM-E403", ("enable_unified_memory", "disaggregation_mode",
                                               "disaggregation_transfer_backend", "pp_size", "enable_hisparse",
                                               "hicache_storage_backend", "dcp_size"),
         lambda c: c.enable_unified_memory and c.disaggregation_mode != "null"
         and first_problem(c, UNIFIED_PD) is not None,
         Text("--enable-unified-memory with PD disaggregation (--disaggregation-mode {disaggregation_mode}) does not "
              "work with {why_en}",
              "--enable-unified-memory 在 PD 分离（--disaggregation-mode {disaggregation_mode}）下不能与以下设置同时使用："
              "{why_zh}"),
         Text("change that setting, or drop --enable-unified-memory on this PD instance",
              "修改该设置，或在该 PD 实例上去掉 --enable-unified-memory"),
         source=sglang_source("arg_groups/kv_cache_hook.py:537, :542, :547, :554, :558, :565, :740"),
         extra=problem_text(UNIFIED_PD)),
    Rule("page-major-layout-needs-unified-memory", "AM-E404", ("enable_page_major_kv_layout", "enable_unified_memory"),
         lambda c: c.enable_page_major_kv_layout and not c.enable_unified_memory,
         Text("--enable-page-major-kv-layout works only with --enable-unified-memory in SGLang 0.5.23 (the static "
              "pool's page-major views are not implemented)",
              "SGLang 0.5.23 中 --enable-page-major-kv-layout 只能与 --enable-unified-memory 同用（静态缓存池的"
              "页主序视图尚未实现）"),
         Text("add --enable-unified-memory, or drop --enable-page-major-kv-layout (the unified pool turns it on "
              "by itself)", "添加 --enable-unified-memory，或去掉 --enable-page-major-kv-layout（统一内存池会自动启用它）"),
         source=sglang_source("arg_groups/kv_cache_hook.py:783")),
    Rule("page-major-layout-kernels", "AM-E405", ("enable_page_major_kv_layout", "linear_attn_decode_backend",
                                                  "linear_attn_prefill_backend", "linear_attn_backend",
                                                  "mamba_backend"),
         lambda c: (c.enable_page_major_kv_layout or c.enable_unified_memory)
         and first_problem(c, PAGE_MAJOR) is not None,
         Text("the page-major KV layout (on with --enable-unified-memory) does not work with {why_en}",
              "页主序 KV 布局（--enable-unified-memory 会启用）不支持：{why_zh}"),
         Text("use --linear-attn-backend triton and --mamba-backend triton (the defaults)",
              "使用 --linear-attn-backend triton 和 --mamba-backend triton（默认值）"),
         source=sglang_source("arg_groups/kv_cache_hook.py:848, :853, :858"),
         extra=problem_text(PAGE_MAJOR, _page_major_numbers)),
    Rule("no-kv-cache-needs-fa-prefill", "AM-E406", ("prefill_only_disable_kv_cache", "prefill_attention_backend",
                                                     "attention_backend"),
         lambda c: c.prefill_only_disable_kv_cache
         and (c.prefill_attention_backend or c.attention_backend) not in (None, "fa3", "fa4"),
         Text("--prefill-only-disable-kv-cache prefills only on the FlashAttention backends (fa3, fa4), not on "
              "{named}", "--prefill-only-disable-kv-cache 只能在 FlashAttention 后端（fa3、fa4）上预填充，不能用 {named}"),
         Text("use --attention-backend fa3 (fa4 on Blackwell)", "改用 --attention-backend fa3（Blackwell 上用 fa4）"),
         source=sglang_source("arg_groups/kv_cache_hook.py:344"),
         extra=lambda c: {"named": c.prefill_attention_backend or c.attention_backend}),
    # --- embedding offload (memory_hook.py handle_offload_compatibility) ----------------------------------------
    Rule("ple-offload-not-with-layer-offload", "AM-E407", ("ple_offload_embedding", "cpu_offload_gb",
                                                           "offload_group_size"),
         lambda c: bool(c.ple_offload_embedding) and (c.cpu_offload_gb > 0 or c.offload_group_size > 0),
         Text("--ple-offload-embedding cannot be combined with layer offload (--cpu-offload-gb / "
              "--offload-group-size): it would move the pinned embedding table back to the device",
              "--ple-offload-embedding 不能与层卸载（--cpu-offload-gb / --offload-group-size）同时使用："
              "层卸载会把已固定在主机内存中的嵌入表搬回设备"),
         Text("drop --cpu-offload-gb / --offload-group-size, or --ple-offload-embedding",
              "去掉 --cpu-offload-gb / --offload-group-size，或去掉 --ple-offload-embedding"),
         source=sglang_source("arg_groups/memory_hook.py:34")),
    Rule("ple-file-backend-needs-offload", "AM-E408", ("ple_offload_backend", "ple_offload_embedding"),
         lambda c: c.ple_offload_backend == "file" and c.ple_offload_embedding is False,
         Text("--ple-offload-backend file stores the offloaded embedding table, which --no-ple-offload-embedding "
              "turns off", "--ple-offload-backend file 用于存放被卸载的嵌入表，而 --no-ple-offload-embedding 关闭了卸载"),
         Text("write --ple-offload-embedding, or drop --ple-offload-backend",
              "改写为 --ple-offload-embedding，或去掉 --ple-offload-backend"),
         source=sglang_source("arg_groups/memory_hook.py:41")),
    Rule("cpu-graph-sizes-positive", "AM-E409", ("cuda_graph_bs_decode",),
         lambda c: max(c.cuda_graph_bs_decode or [1]) <= 0,
         Text("--cuda-graph-bs-decode {cuda_graph_bs_decode} has no positive batch size; on the CPU SGLang compiles "
              "up to the largest one", "--cuda-graph-bs-decode {cuda_graph_bs_decode} 中没有正的批大小；在 CPU 上 "
              "SGLang 按其中最大的批大小编译"),
         Text("give positive sizes, e.g. --cuda-graph-bs-decode 1 2 4 8, or drop the flag",
              "给出正的批大小，例如 --cuda-graph-bs-decode 1 2 4 8，或去掉该参数"),
         families=frozenset({"cpu"}), source=sglang_source("arg_groups/memory_hook.py:228")),
]


def _tlru(c: RuleContext) -> tuple[float, float]:
    """(threshold, next_prompt_estimate) as kv_cache_hook.py:376-378 reads them: missing keys are 0."""
    config = c.radix_eviction_policy_config if isinstance(c.radix_eviction_policy_config, dict) else {}
    def number(key: str) -> float:
        value = config.get(key, 0)
        return value if isinstance(value, (int, float)) else 0
    return number("threshold"), number("next_prompt_estimate")
