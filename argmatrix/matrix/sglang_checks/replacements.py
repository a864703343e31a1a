"""Values the launch gives that SGLang 0.5.23 replaces at start-up with a warning instead of refusing them
(``arg_groups/attention_hook.py``, ``moe_hook.py``, ``kv_shard_hook.py``, ``overrides.py``, ``platform_hook.py``).

One warning names every replacement that applies, and only for values the user wrote: a default SGLang fills in
differently is SGLang's business, a value the user asked for and will not get is theirs.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import Need, a2a_backend, broken_needs, family, given, needs_listed, sglang_source

GRAPH_FLAGS = ("cuda_graph_max_bs", "cuda_graph_bs", "cuda_graph_backend_decode", "cuda_graph_backend_prefill")


def gave_graphs(c: RuleContext) -> bool:
    """The launch asks for CUDA graphs in some way SGLang would then turn off."""
    return not c.disable_cuda_graph and any(given(c, f) and c.values[f] not in (None, "disabled") for f in GRAPH_FLAGS)


def _kv_shard_rounds(c: RuleContext) -> bool:
    page = int(c.page_size or 1)
    return (c.enable_kv_cache_sharding and given(c, "chunked_prefill_size") and (c.chunked_prefill_size or 0) > 0
            and page > 1 and (c.chunked_prefill_size or 0) % page != 0)


# Each entry: when the replacement applies (to a value the user gave), and what becomes of it.
REPLACED = (
    Need(lambda c: c.attention_backend == "fa3" and c.kv_cache_dtype == "fp8_e5m2" and given(c, "attention_backend"),
         "--attention-backend fa3 becomes triton (FlashAttention 3 reads fp8_e4m3 only, not --kv-cache-dtype fp8_e5m2)",
         "--attention-backend fa3 会改为 triton（FlashAttention 3 只支持 fp8_e4m3，不支持 --kv-cache-dtype fp8_e5m2）"),
    Need(lambda c: c.attention_backend in ("torch_native", "flex_attention") and gave_graphs(c),
         "the CUDA-graph settings are dropped: graphs are off with --attention-backend {attention_backend}",
         "CUDA Graph 相关设置会被忽略：--attention-backend {attention_backend} 时图捕获关闭"),
    Need(lambda c: a2a_backend(c) == "deepep" and c.deepep_mode == "normal" and gave_graphs(c),
         "the CUDA-graph settings are dropped: graphs are off with --deepep-mode normal",
         "CUDA Graph 相关设置会被忽略：--deepep-mode normal 时图捕获关闭"),
    Need(lambda c: c.enable_mis and given(c, "chunked_prefill_size") and c.chunked_prefill_size != -1,
         "--chunked-prefill-size {chunked_prefill_size} becomes -1 (--enable-mis turns chunked prefill off)",
         "--chunked-prefill-size {chunked_prefill_size} 会改为 -1（--enable-mis 关闭分块预填充）"),
    Need(lambda c: c.enable_deterministic_inference and c.enable_aiter_allreduce_fusion,
         "--enable-aiter-allreduce-fusion is turned off (deterministic inference)",
         "--enable-aiter-allreduce-fusion 会被关闭（确定性推理）"),
    Need(lambda c: c.enable_deterministic_inference and c.flashinfer_allreduce_fusion_backend is not None
         and given(c, "flashinfer_allreduce_fusion_backend"),
         "--flashinfer-allreduce-fusion-backend is dropped (deterministic inference)",
         "--flashinfer-allreduce-fusion-backend 会被去掉（确定性推理）"),
    Need(lambda c: c.enable_deterministic_inference and given(c, "sampling_backend")
         and c.sampling_backend not in ("ascend", "pytorch"),
         "--sampling-backend {sampling_backend} becomes pytorch (deterministic inference)",
         "--sampling-backend {sampling_backend} 会改为 pytorch（确定性推理）"),
    Need(_kv_shard_rounds, "--chunked-prefill-size {chunked_prefill_size} is rounded up to a multiple of --page-size "
         "{page_size} (KV sharding)", "--chunked-prefill-size {chunked_prefill_size} 会向上取整为 --page-size {page_size} "
         "的整数倍（KV 缓存分片）"),
    Need(lambda c: a2a_backend(c) == "flashinfer" and c.flashinfer_a2a_dispatch_type is not None
         and c.moe_runner_backend == "flashinfer_trtllm",
         "--moe-runner-backend flashinfer_trtllm becomes flashinfer_trtllm_routed (FlashInfer all-to-all hands over "
         "the routing)", "--moe-runner-backend flashinfer_trtllm 会改为 flashinfer_trtllm_routed（FlashInfer all-to-all "
         "已给出路由结果）"),
    Need(lambda c: a2a_backend(c) in ("deepep", "megamoe") and c.enable_waterfill
         and given(c, "disable_shared_experts_fusion") and c.disable_shared_experts_fusion,
         "--disable-shared-experts-fusion is turned off (Waterfill needs the fused shared experts)",
         "--disable-shared-experts-fusion 会被关闭（Waterfill 需要融合共享专家）"),
    Need(lambda c: c.pre_warm_nccl and family(c) == "cpu", "--pre-warm-nccl is turned off (no NCCL on a CPU)",
         "--pre-warm-nccl 会被关闭（CPU 上没有 NCCL）"),
    Need(lambda c: c.enable_symm_mem and family(c) in ("npu", "cpu"),
         "--enable-symm-mem is turned off (NCCL symmetric memory exists on CUDA and ROCm only)",
         "--enable-symm-mem 会被关闭（NCCL 对称内存只存在于 CUDA 与 ROCm）"),
    Need(lambda c: a2a_backend(c) == "deepep_v2" and not c.disable_cuda_graph and given(c, "cuda_graph_backend_prefill")
         and c.cuda_graph_backend_prefill != "disabled",
         "--cuda-graph-backend-prefill {cuda_graph_backend_prefill} is turned off (DeepEP v2 prefill reads host counts "
         "and cannot be captured)", "--cuda-graph-backend-prefill {cuda_graph_backend_prefill} 会被关闭（DeepEP v2 的"
         "预填充需要读取主机端计数，无法捕获为图）"),
    Need(lambda c: c.dllm_algorithm is not None and family(c) == "gpu" and not c.disable_cuda_graph
         and given(c, "attention_backend") and c.attention_backend != "flashinfer",
         "--attention-backend {attention_backend} becomes flashinfer (diffusion models with CUDA graphs)",
         "--attention-backend {attention_backend} 会改为 flashinfer（使用 CUDA Graph 的扩散模型）"),
    Need(lambda c: c.dllm_algorithm is not None and family(c) == "npu" and given(c, "attention_backend")
         and c.attention_backend != "ascend",
         "--attention-backend {attention_backend} becomes ascend (diffusion models on Ascend)",
         "--attention-backend {attention_backend} 会改为 ascend（昇腾上的扩散模型）"),
)

RULES: list[Rule] = [
    Rule("sglang-replaces-given-values", "AM-W349",
         ("attention_backend", "chunked_prefill_size", "sampling_backend", "moe_runner_backend", "cuda_graph_max_bs",
          "cuda_graph_bs", "enable_aiter_allreduce_fusion", "flashinfer_allreduce_fusion_backend",
          "disable_shared_experts_fusion", "disable_radix_cache", "pre_warm_nccl", "enable_symm_mem",
          "cuda_graph_backend_prefill"),
         broken_needs(REPLACED),
         Text("SGLang replaces values this launch gives: {needs_en}", "SGLang 会替换本次启动给出的值：{needs_zh}"),
         Text("write the value SGLang will use, or change what makes it replace yours",
              "直接写出 SGLang 实际采用的值，或修改导致替换的设置"),
         severity="warning",
         source=sglang_source("arg_groups/overrides.py:1265, :1032, :1067, :1561, attention_hook.py:125, :144, :565, "
                              ":601, moe_hook.py:384, :518, kv_shard_hook.py:319, platform_hook.py:69, :104, "
                              "overrides.py:1705, :1711, moe_hook.py:445, :448"),
         extra=needs_listed(REPLACED)),
]
