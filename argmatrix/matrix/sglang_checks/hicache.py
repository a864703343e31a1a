"""SGLang's start-up checks on the hierarchical KV cache and hierarchical sparse attention
(arg_groups/hicache_hook.py, hisparse_hook.py), on resolved values.

The --hicache-mem-layout these rules judge is the resolved one: the user's, the platform's, or the default of the
release checked against (page_first since 0.5.14, layer_first before: ``schema/release_dates.py``), never a copy.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import Problem, architecture, deepseek_dsa, first_problem, given, problem_text, sglang_source
from .resolved import adaptive_stays_on, radix_cache_on

# The models HiSparse runs on besides DSA's (configs/model_config.py is_deepseek_v4, is_minimax_sparse)
DEEPSEEK_V4_ARCHITECTURES = ("DeepseekV4ForCausalLM", "DeepseekV4ForCausalLMNextN", "DeepseekV4ForCausalLMDSpark")
MINIMAX_SPARSE_ARCHITECTURES = ("MiniMaxM3SparseForCausalLM", "MiniMaxM3SparseForConditionalGeneration")
# hisparse_hook.py:18-37 (CUDA): the DSA backends HiSparse runs per KV-cache dtype (SGLang has read bf16 as bfloat16
# by then; any other dtype a DSA model refuses earlier, overrides.py:541).
HISPARSE_DSA_BACKENDS = {"bfloat16": ("flashmla_sparse",), "bf16": ("flashmla_sparse",),
                         "fp8_e4m3": ("flashmla_kv", "flashinfer_sparse_mla"),
                         "auto": ("flashmla_sparse", "flashmla_kv", "flashinfer_sparse_mla")}


def hisparse_bad_backends(c: RuleContext) -> list[str]:
    """The DSA backends the launch names that HiSparse does not run with its KV-cache dtype (hisparse_hook.py:55).
    With --kv-cache-dtype auto only a backend outside every dtype's set is certain to be refused."""
    allowed = HISPARSE_DSA_BACKENDS.get(str(c.kv_cache_dtype))
    if allowed is None:
        return []
    return [f"--dsa-{phase}-backend {backend}" for phase, backend in (("prefill", c.dsa_prefill_backend),
                                                                       ("decode", c.dsa_decode_backend))
            if backend is not None and backend not in allowed]


HISPARSE_MODEL: list[Problem] = [
    (lambda c: not (deepseek_dsa(c) or architecture(c) in DEEPSEEK_V4_ARCHITECTURES
                    or architecture(c) in MINIMAX_SPARSE_ARCHITECTURES),
     Text("it runs only on DeepSeek sparse-attention (DSA) models such as DeepSeek V3.2 or GLM-5, DeepSeek V4 and "
          "MiniMax M3, not {arch}", "它只支持 DeepSeek 稀疏注意力（DSA）模型（如 DeepSeek V3.2、GLM-5）、DeepSeek V4 和 "
          "MiniMax M3，不支持 {arch}")),
    (lambda c: deepseek_dsa(c) and bool(hisparse_bad_backends(c)),
     Text("with --kv-cache-dtype {kv_cache_dtype} it does not run {bad}", "在 --kv-cache-dtype {kv_cache_dtype} 下它不支持 {bad}")),
]
RADIX_DETERMINISTIC_BACKENDS = ("ascend", "fa3", "fa4", "triton")  # choices.py:249


def mem_layout(c: RuleContext) -> str:
    """The layout SGLang starts from: the resolved value (the user's, the platform's or the release's default)."""
    return c.hicache_mem_layout


def hicache_path(c: RuleContext) -> bool:
    """handle_hicache normalises only when HiCache, decode KV offload or a decode host-pool backup is in play."""
    backup = "host_pool" if c.disaggregation_decode_host_receive_threshold < 1 \
        else c.disaggregation_decode_retraction_backup
    return bool(c.enable_hierarchical_cache or c.disaggregation_decode_enable_offload_kvcache
                or (c.disaggregation_mode == "decode" and backup in (None, "host_pool")))


def _storage_rewrites_layer_first(c: RuleContext) -> bool:
    return c.hicache_storage_backend in ("mooncake", "npu_memcache") and not (
        c.hicache_storage_backend == "mooncake" and c.dcp_size > 1) and c.hicache_io_backend in ("direct", "kernel")


def layout_rewrites(c: RuleContext) -> list[tuple[str, str]]:
    """The (en, zh) rewrites resolve_layout_io / storage / unified-memory compatibility make, in their order."""
    out: list[tuple[str, str]] = []
    layout, io = mem_layout(c), c.hicache_io_backend
    if layout == "page_first_direct" and io == "kernel":
        io = "direct"
        out.append(("--hicache-io-backend kernel becomes direct (the page_first_direct layout needs it)",
                    "--hicache-io-backend kernel 会改为 direct（page_first_direct 布局需要它）"))
    if layout == "page_first" and io == "direct":
        layout = "page_first_direct"
        out.append(("--hicache-mem-layout page_first becomes page_first_direct (the direct I/O backend needs it)",
                    "--hicache-mem-layout page_first 会改为 page_first_direct（direct 读写后端需要它）"))
    if layout == "layer_first" and _storage_rewrites_layer_first(c) and c.disaggregation_decode_host_receive_threshold >= 1:
        layout = "page_first_direct" if io == "direct" else "page_first"
        out.append((f"--hicache-mem-layout layer_first becomes {layout} (--hicache-storage-backend "
                    f"{c.hicache_storage_backend} cannot store it)",
                    f"--hicache-mem-layout layer_first 会改为 {layout}（--hicache-storage-backend "
                    f"{c.hicache_storage_backend} 不支持该布局）"))
    if c.enable_unified_memory and layout == "page_first_direct":
        out.append(("the page_first_direct layout becomes page_first with the kernel I/O backend "
                    "(--enable-unified-memory)", "page_first_direct 布局会改为 page_first，并改用 kernel 读写后端"
                    "（--enable-unified-memory）"))
    return out


LINKER: list[Problem] = [
    (lambda c: c.enable_linker_mla_dedup and not (c.enable_unified_cache_external_linker
                                                  and c.unified_cache_external_linker_backend == "mooncake"),
     Text("--enable-linker-mla-dedup needs --enable-unified-cache-external-linker with the mooncake linker backend",
          "--enable-linker-mla-dedup 需要 --enable-unified-cache-external-linker 并使用 mooncake 连接器后端")),
    (lambda c: c.enable_unified_cache_external_linker and (c.disable_radix_cache or c.radix_cache_backend is not None),
     Text("--enable-unified-cache-external-linker needs the default radix cache (no --disable-radix-cache or "
          "--radix-cache-backend)", "--enable-unified-cache-external-linker 需要默认的前缀缓存"
          "（不能使用 --disable-radix-cache 或 --radix-cache-backend）")),
    (lambda c: c.enable_unified_cache_external_linker and c.enable_hierarchical_cache,
     Text("--enable-unified-cache-external-linker and --enable-hierarchical-cache exclude each other",
          "--enable-unified-cache-external-linker 与 --enable-hierarchical-cache 互斥")),
    (lambda c: c.enable_unified_cache_external_linker and c.hicache_storage_backend is not None,
     Text("--enable-unified-cache-external-linker does not use --hicache-storage-backend",
          "--enable-unified-cache-external-linker 不使用 --hicache-storage-backend")),
]
HICACHE_DCP: list[Problem] = [
    (lambda c: c.hicache_storage_backend is not None and c.hicache_host_memory_mode == "buffer_only",
     Text("--hicache-host-memory-mode buffer_only with --hicache-storage-backend",
          "--hicache-host-memory-mode buffer_only 与 --hicache-storage-backend 同用")),
    (lambda c: c.speculative_algorithm is not None,
     Text("--speculative-algorithm {speculative_algorithm} (only DSPARK has DCP-aware draft host pools)",
          "--speculative-algorithm {speculative_algorithm}（只有 DSPARK 的草稿主机内存池支持 DCP）")),
    (lambda c: c.enable_lmcache, Text("--enable-lmcache", "--enable-lmcache")),
    (lambda c: c.enable_hisparse, Text("--enable-hisparse", "--enable-hisparse")),
]
BUFFER_ONLY: list[Problem] = [
    (lambda c: c.hicache_storage_backend is None,
     Text("it keeps no cache in host memory, so it needs --hicache-storage-backend",
          "它不在主机内存中保留缓存，因此需要 --hicache-storage-backend")),
    (lambda c: c.disaggregation_mode == "decode", Text("decode servers do not support it", "解码实例不支持它")),
]


def hisparse_topk(c: RuleContext) -> int | None:
    """The draft tree width: NGRAM's is --speculative-ngram-max-bfs-breadth (speculative_hook.py:1311)."""
    if c.speculative_algorithm == "NGRAM":
        return c.speculative_ngram_max_bfs_breadth
    return c.speculative_eagle_topk


def radix_on_for_hisparse(c: RuleContext) -> bool:
    """Deterministic inference also turns the radix cache off for backends outside its radix list (attention_hook.py)."""
    deterministic_off = bool(c.enable_deterministic_inference or c.rl_on_policy_target) and (
        c.attention_backend is not None and c.attention_backend not in RADIX_DETERMINISTIC_BACKENDS)
    return radix_cache_on(c) and not deterministic_off


HISPARSE: list[Problem] = [
    (radix_on_for_hisparse, Text("it needs --disable-radix-cache", "它需要 --disable-radix-cache")),
    (lambda c: c.enable_mixed_chunk, Text("it does not support --enable-mixed-chunk yet", "它暂不支持 --enable-mixed-chunk")),
    (lambda c: c.speculative_algorithm is not None and (hisparse_topk(c) or 1) != 1,
     Text("its speculative decoding is linear only: the draft tree is {topk} wide (it needs top-k 1)",
          "它的投机解码只支持线性草稿：当前草稿树宽度为 {topk}（需要 top-k 为 1）")),
    (lambda c: c.speculative_algorithm is not None and adaptive_stays_on(c),
     Text("its speculative decoding does not support --speculative-adaptive",
          "它的投机解码不支持 --speculative-adaptive")),
]

RULES: list[Rule] = [
    Rule("unified-cache-linker-conflicts", "AM-E393", ("enable_unified_cache_external_linker",
                                                        "enable_linker_mla_dedup", "enable_hierarchical_cache"),
         lambda c: first_problem(c, LINKER) is not None,
         Text("the unified-cache external linker: {why_en}", "统一缓存外部连接器：{why_zh}"),
         Text("use the unified-cache linker alone (--enable-unified-cache-external-linker with the default radix "
              "cache), or --enable-hierarchical-cache instead", "单独使用统一缓存连接器（--enable-unified-cache-"
              "external-linker 配合默认前缀缓存），或改用 --enable-hierarchical-cache"),
         source=sglang_source("arg_groups/hicache_hook.py:43, :46, :51, :56"), extra=problem_text(LINKER)),
    Rule("host-receive-layout-vs-storage", "AM-E394", ("disaggregation_decode_host_receive_threshold",
                                                        "hicache_storage_backend"),
         lambda c: c.disaggregation_decode_host_receive_threshold < 1 and hicache_path(c)
         and _storage_rewrites_layer_first(c),
         Text("decode host receive (--disaggregation-decode-host-receive-threshold below 1) needs the layer_first "
              "host layout, which --hicache-storage-backend {hicache_storage_backend} rewrites",
              "解码端主机接收（--disaggregation-decode-host-receive-threshold 小于 1）需要 layer_first 主机内存布局，"
              "而 --hicache-storage-backend {hicache_storage_backend} 会改写该布局"),
         Text("use --disaggregation-decode-host-receive-threshold 1, or another --hicache-storage-backend (e.g. file)",
              "改用 --disaggregation-decode-host-receive-threshold 1，或换用其他 --hicache-storage-backend（如 file）"),
         source=sglang_source("arg_groups/hicache_hook.py:91")),
    Rule("hicache-with-dcp", "AM-E395", ("enable_hierarchical_cache", "dcp_size"),
         lambda c: c.enable_hierarchical_cache and c.dcp_size > 1 and first_problem(c, HICACHE_DCP) is not None,
         Text("--enable-hierarchical-cache with --dcp-size {dcp_size} does not support {why_en}",
              "--enable-hierarchical-cache 与 --dcp-size {dcp_size} 同用时不支持{why_zh}"),
         Text("drop that option, or use --dcp-size 1", "去掉该选项，或使用 --dcp-size 1"),
         source=sglang_source("arg_groups/hicache_hook.py:138, :142, :148, :153"), extra=problem_text(HICACHE_DCP)),
    Rule("hicache-layout-rewritten", "AM-W396", ("hicache_mem_layout", "hicache_io_backend", "hicache_storage_backend"),
         lambda c: hicache_path(c) and bool(layout_rewrites(c)) and any(
             given(c, n) for n in ("hicache_mem_layout", "hicache_io_backend", "hicache_storage_backend",
                                       "enable_unified_memory")),
         Text("SGLang changes the HiCache layout settings: {rewrites_en}", "SGLang 会修改分层缓存的布局设置：{rewrites_zh}"),
         Text("write the values SGLang will use, so the launch says what runs", "直接写出 SGLang 实际使用的值，使启动命令与实际运行一致"),
         severity="warning", source=sglang_source("arg_groups/hicache_hook.py:182, :192, :222, :240"),
         extra=lambda c: {"rewrites_en": "; ".join(en for en, _ in layout_rewrites(c)),
                          "rewrites_zh": "；".join(zh for _, zh in layout_rewrites(c))}),
    Rule("hicache-buffer-only-needs-storage", "AM-E397", ("hicache_host_memory_mode", "hicache_storage_backend"),
         lambda c: hicache_path(c) and c.hicache_host_memory_mode == "buffer_only"
         and first_problem(c, BUFFER_ONLY) is not None,
         Text("--hicache-host-memory-mode buffer_only: {why_en}", "--hicache-host-memory-mode buffer_only：{why_zh}"),
         Text("use --hicache-host-memory-mode cache, or add --hicache-storage-backend file on a prefill or mixed server",
              "改用 --hicache-host-memory-mode cache，或在预填充实例或非分离部署上添加 --hicache-storage-backend file"),
         source=sglang_source("arg_groups/hicache_hook.py:273, :290"), extra=problem_text(BUFFER_ONLY)),
    Rule("hisparse-combinations", "AM-E398", ("enable_hisparse", "disable_radix_cache", "enable_mixed_chunk",
                                              "speculative_eagle_topk"),
         lambda c: c.enable_hisparse and first_problem(c, HISPARSE) is not None,
         Text("--enable-hisparse: {why_en}", "--enable-hisparse：{why_zh}"),
         Text("run --enable-hisparse with --disable-radix-cache, without --enable-mixed-chunk, and with "
              "--speculative-eagle-topk 1 if speculative decoding is on",
              "使用 --enable-hisparse 时请加 --disable-radix-cache、不加 --enable-mixed-chunk，开启投机解码时使用 "
              "--speculative-eagle-topk 1"),
         source=sglang_source("arg_groups/hisparse_hook.py:109, :84, :119, :124"),
         extra=problem_text(HISPARSE, lambda c: {"topk": hisparse_topk(c)})),
    Rule("hisparse-model", "AM-E475", ("enable_hisparse", "kv_cache_dtype", "dsa_prefill_backend", "dsa_decode_backend"),
         lambda c: c.enable_hisparse and first_problem(c, HISPARSE_MODEL) is not None,
         Text("--enable-hisparse: {why_en}", "--enable-hisparse：{why_zh}"),
         Text("drop --enable-hisparse for this model; on a DSA model use --kv-cache-dtype bfloat16 with "
              "flashmla_sparse, or fp8_e4m3 with flashmla_kv (or leave the DSA backends unset)",
              "对该模型去掉 --enable-hisparse；在 DSA 模型上请使用 --kv-cache-dtype bfloat16 配合 flashmla_sparse，"
              "或 fp8_e4m3 配合 flashmla_kv（或不设置 DSA 后端）"),
         source=sglang_source("arg_groups/hisparse_hook.py:104, :55"), reads_model=True,
         extra=problem_text(HISPARSE_MODEL, lambda c: {"arch": architecture(c),
                                                       "bad": ", ".join(hisparse_bad_backends(c))})),
]
