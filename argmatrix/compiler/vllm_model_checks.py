"""Devices, model and memory for a ``vllm serve`` launch, as vLLM (and vLLM-Ascend on NPU) reads them.

The same questions ``model_checks`` asks of an SGLang launch, answered with vLLM's own rules, in vLLM's flags:

* **Devices** (vllm/engine/arg_utils.py ``create_engine_config``, vllm/config/parallel.py): one data-parallel
  rank runs ``tp x pp x pcp`` workers (DCP reuses the TP ranks); this node runs ``--data-parallel-size-local`` of
  them (unset: all ``--data-parallel-size``, or 1 for an external rank given by ``--data-parallel-rank``), or,
  with ``--nnodes N`` (the multiprocessing launcher), ``dp x tp x pp x pcp / N`` workers.  That count must fit
  the node's devices, as SGLang's AM-E760 asks of its launches.
* **Model** (vllm/config/model.py ``verify_with_parallel_config``, ``_verify_quantization``,
  ``_get_and_verify_max_len``): attention heads divide by ``--tensor-parallel-size``; KV heads divide it or it
  divides them (QKVParallelLinear); ``--max-model-len`` no longer than the config allows unless
  ``VLLM_ALLOW_LONG_MAX_MODEL_LEN``; ``--quantization`` one the checkpoint's ``quantization_config`` accepts.
* **Memory** (vllm/v1/worker/gpu_worker.py ``determine_available_memory``, vllm_ascend/worker/worker.py:483,
  vllm/v1/core/kv_cache_utils.py): the KV cache gets ``memory x --gpu-memory-utilization`` minus the weights, the
  activation peak of the profile run and the memory outside torch (and, on CUDA, the CUDA-graph estimate), in
  whole blocks of ``--block-size`` tokens (16 on CUDA; 128 on NPU, vllm_ascend/utils.py:1173).  vLLM measures the
  activation peak by running the model; here it is estimated from the shapes (:func:`activation_bytes`, docs/plan.md
  says how), so the pool is an estimate and said to be one.

The findings reuse ``model_checks``' codes (one meaning each, whichever engine reads the launch) and its
readers: ``model_facts`` for config.json, ``memory_plan`` for the weights and KV bytes per token.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..matrix.platforms import PLATFORMS
from ..records import replace
from ..schema.meta import Text
from ..schema.vllm.releases import release_key
from .findings import ERROR, USAGE, Finding
from .model_checks import MODEL_CODES, ModelContext, PlanInputs, _divisor_hint, _truthy, gib
from .model_facts import ModelConfigError, ModelFacts, config_file, read_model_facts

if TYPE_CHECKING:
    from .memory_plan import MemoryPlan

LONG_MAX_MODEL_LEN_ENV = "VLLM_ALLOW_LONG_MAX_MODEL_LEN"  # vllm/config/model.py _get_and_verify_max_len
# --quantization values vLLM keeps over a checkpoint quantized with the key: the checkpoint's own method, or an
# override whose override_quantization_method takes it (vllm/config/model.py _verify_quantization's list)
VLLM_QUANT_OVERRIDES: dict[str, tuple[str, ...]] = {
    "gptq": ("gptq", "gptq_marlin", "auto_gptq", "moe_wna16", "inc", "humming"),
    "awq": ("awq", "awq_marlin", "auto_awq", "moe_wna16", "inc", "humming"),
    "modelopt": ("modelopt", "modelopt_fp4", "modelopt_mxfp8", "modelopt_mixed", "humming"),
    "fp8": ("fp8", "humming"),
    "mxfp4": ("mxfp4", "gpt_oss_mxfp4", "humming"),
}
# vLLM-Ascend's block size (vllm_ascend/utils.py refresh_block_size, the same in 0.23.0.post1 and main): 128 when
# --block-size is unset, and 128 over a given one while prefix caching or chunked prefill is on (both are by
# default); a model with mamba layers keeps vLLM's own sizing
NPU_BLOCK_SIZE = 128
# vLLM's block size on CUDA when --block-size is unset: CacheConfig.DEFAULT_BLOCK_SIZE (vllm/config/cache.py), kept
# by the FlashAttention backend on Hopper (platforms update_block_size_for_backend; tools/vllm_memory.py ran it).
# (first release, size), newest first; releases before the last row: 16
CUDA_BLOCK_SIZES: tuple[tuple[str, int], ...] = (("0.34.0", 64), ("0.0.0", 16))
# vLLM's max-num-batched-tokens / max-num-seqs for `vllm serve` when unset (arg_utils.py
# _get_default_max_num_seqs_and_batched_tokens, OPENAI_API_SERVER): by device memory
SERVE_DEFAULTS = ((160 << 30, 16384, 1024), (70 << 30, 8192, 1024), (0, 2048, 256))
# What the estimate adds beside the activations: memory outside torch that the profile run grows (cuBLAS/HCCL
# workspaces, NCCL buffers) and, on CUDA without the extensible KV cache and --enforce-eager, vLLM's CUDA-graph
# estimate (gpu_worker.py determine_available_memory).  vLLM measures both at start-up.  The first is vLLM's own
# profiling log for a dense 8B model at tp 1 on an 80 GiB H100 ("non_torch_memory 1.79GiB",
# https://github.com/vllm-project/vllm/pull/10511); the second a typical size, not a measurement.
EXTENSIBLE_KV_CACHE_FROM = "0.34.0"  # the first vLLM release with --enable-extensible-kv-cache
NON_TORCH_BYTES = int(1.79 * (1 << 30))
CUDA_GRAPH_BYTES = 512 << 20
# the sizes the device and model checks divide by: below 1 they are vLLM's own bound error (AM-E118), not a layout
PARALLEL_SIZES = ("tensor_parallel_size", "pipeline_parallel_size", "data_parallel_size",
                  "decode_context_parallel_size", "prefill_context_parallel_size", "nnodes")


def _f(values: dict[str, Any], name: str, default: int = 1) -> int:
    v = values.get(name)
    return int(v) if isinstance(v, int) and not isinstance(v, bool) else default


def _finding(code: str, message: Text, hint: Text | None, *, name: str | None, where: dict[str, Any],
             kind: str = "model", value: Any = ...) -> Finding:
    specs, values = where["specs"], where["values"]
    flag = where["flags_used"].get(name, specs[name].flag) if name in specs else name
    return Finding(code, MODEL_CODES[code][0], kind, message, hint, field=name if name in specs else None,
                   flag=flag, value=values.get(name) if value is ... else value,
                   source=where["sources"].get(name) if name else None, platform=where["platform"])


def _flag(where: dict[str, Any], name: str) -> str:
    return where["flags_used"].get(name, where["specs"][name].flag)


# --- devices ------------------------------------------------------------------------------------------------

def ranks_per_dp(values: dict[str, Any]) -> int:
    """Workers of one data-parallel rank: tp x pp x pcp (vllm/config/parallel.py ParallelConfig.world_size)."""
    return _f(values, "tensor_parallel_size") * _f(values, "pipeline_parallel_size") * \
        _f(values, "prefill_context_parallel_size")


def local_dp(values: dict[str, Any]) -> int:
    """Data-parallel ranks this node runs (arg_utils.py create_engine_config)."""
    if values.get("data_parallel_size_local") is not None:
        return _f(values, "data_parallel_size_local", 0)
    if values.get("data_parallel_rank") is not None or values.get("data_parallel_external_lb"):
        return 1
    return _f(values, "data_parallel_size")


def node_devices(values: dict[str, Any]) -> int:
    """Devices this node's workers use."""
    nnodes = _f(values, "nnodes")
    if nnodes > 1:
        return _f(values, "data_parallel_size") * ranks_per_dp(values) // nnodes
    return local_dp(values) * ranks_per_dp(values)


def topology(values: dict[str, Any], devices: int | None, where: dict[str, Any]) -> list[Finding]:
    out: list[Finding] = []
    tp, pp, pcp = (_f(values, n) for n in ("tensor_parallel_size", "pipeline_parallel_size",
                                            "prefill_context_parallel_size"))
    dp, nnodes, rank = _f(values, "data_parallel_size"), _f(values, "nnodes"), _f(values, "node_rank", 0)
    per_dp = ranks_per_dp(values)
    shape = f"tp {tp} x pp {pp}" + (f" x pcp {pcp}" if pcp > 1 else "")
    if nnodes > 1:
        total = dp * per_dp
        if total % nnodes:
            out.append(_finding("AM-E761", Text(
                f"{_flag(where, 'nnodes')} {nnodes} does not divide the {total} workers (dp {dp} x {shape}): "
                "vLLM refuses to start",
                f"{_flag(where, 'nnodes')} {nnodes} 不能整除 {total} 个工作进程（dp {dp} × {shape.replace(' x ', ' × ')}）："
                "vLLM 拒绝启动"),
                Text("give every node the same number of workers: change --nnodes or the parallel sizes",
                     "请让每个节点的工作进程数相同：调整 --nnodes 或并行规模"),
                name="nnodes", where=where, kind="topology"))
        if not 0 <= rank < nnodes:
            out.append(_finding("AM-E762", Text(
                f"{_flag(where, 'node_rank')} {rank} is outside [0, {nnodes}) for --nnodes {nnodes}",
                f"{_flag(where, 'node_rank')} {rank} 不在 --nnodes {nnodes} 对应的 [0, {nnodes}) 范围内"),
                Text(f"number the nodes 0 to {nnodes - 1}", f"节点编号应为 0 到 {nnodes - 1}"),
                name="node_rank", where=where, kind="topology"))
    local = local_dp(values)
    start = values.get("data_parallel_start_rank")
    if values.get("data_parallel_size_local") is not None and nnodes == 1:
        if local > dp:
            out.append(_finding("AM-E765", Text(
                f"--data-parallel-size-local {local} is above --data-parallel-size {dp}: vLLM refuses it",
                f"--data-parallel-size-local {local} 大于 --data-parallel-size {dp}：vLLM 拒绝启动"),
                Text(f"run at most {dp} data-parallel ranks on a node", f"每个节点最多运行 {dp} 个数据并行进程"),
                name="data_parallel_size_local", where=where, kind="topology"))
        elif isinstance(start, int) and start + local > dp:
            out.append(_finding("AM-E765", Text(
                f"--data-parallel-start-rank {start} with --data-parallel-size-local {local} runs ranks {start} to "
                f"{start + local - 1}, past the last rank {dp - 1} of --data-parallel-size {dp}",
                f"--data-parallel-start-rank {start} 配合 --data-parallel-size-local {local} 将运行第 {start} 到 "
                f"{start + local - 1} 号进程，超出了 --data-parallel-size {dp} 的最后一个编号 {dp - 1}"),
                Text(f"use --data-parallel-start-rank {max(0, dp - local)} or less",
                     f"请使用 --data-parallel-start-rank {max(0, dp - local)} 或更小的值"),
                name="data_parallel_start_rank", where=where, kind="topology"))
    if values.get("headless") and nnodes == 1:
        if local <= 0:
            out.append(_finding("AM-E766", Text(
                "--headless runs no data-parallel rank here (--data-parallel-size-local 0): vLLM refuses it",
                "--headless 在本节点上不运行任何数据并行进程（--data-parallel-size-local 0）：vLLM 拒绝启动"),
                Text("give --data-parallel-size-local the number of ranks this node runs",
                     "请用 --data-parallel-size-local 指定本节点运行的进程数"),
                name="headless", where=where, kind="topology"))
        elif start is None and local < dp:
            out.append(_finding("AM-W767", Text(
                "--headless without --data-parallel-start-rank numbers this node's ranks from 0, the ranks the head "
                "node runs",
                "--headless 未设置 --data-parallel-start-rank 时，本节点的进程从 0 开始编号，与主节点的进程重复"),
                Text("pass --data-parallel-start-rank with the first rank this node runs",
                     "请用 --data-parallel-start-rank 指定本节点运行的第一个进程编号"),
                name="headless", where=where, kind="topology"))
    if nnodes == 1 and 0 < local < dp and values.get("data_parallel_address") is None \
            and values.get("data_parallel_rank") is None and not values.get("data_parallel_external_lb"):
        out.append(_finding("AM-W767", Text(
            f"this node runs {local} of {dp} data-parallel ranks, but without --data-parallel-address the nodes "
            "meet at 127.0.0.1: the others cannot reach this one",
            f"本节点运行 {dp} 个数据并行进程中的 {local} 个，但未设置 --data-parallel-address 时各节点在 127.0.0.1 "
            "汇合：其他节点无法连接本节点"),
            Text("pass --data-parallel-address with the head node's address, the same on every node",
                 "请在每个节点上传入相同的 --data-parallel-address（主节点地址）"),
            name="data_parallel_size_local", where=where, kind="topology"))
    if devices is None or "ray" in (values.get("distributed_executor_backend"), values.get("data_parallel_backend")):
        return out  # Ray places the workers over its cluster's nodes (parallel.py: the device count is not asked)
    need = node_devices(values)
    if need > devices:
        how = (f"dp {dp} x {shape} over --nnodes {nnodes}" if nnodes > 1 else
               f"{local} data-parallel rank(s) x {shape}")
        how_zh = how.replace(" x ", " × ").replace("data-parallel rank(s)", "个数据并行进程").replace(
            "over --nnodes", "分布在 --nnodes")
        fits = max(1, devices // per_dp)
        out.append(_finding("AM-E760", Text(
            f"this node would run {need} workers ({how}) but has {devices} devices",
            f"本节点需运行 {need} 个工作进程（{how_zh}），但只有 {devices} 个设备"),
            Text(f"split the data-parallel ranks over nodes: --data-parallel-size-local {fits} here, with "
                 "--data-parallel-address HOST of this node and, on the others, --headless "
                 f"--data-parallel-start-rank {fits} (then {2 * fits}, ...); or lower the parallel sizes; "
                 "pass --devices-per-node if this node has more"
                 if per_dp <= devices and dp > 1 and nnodes == 1 else
                 "lower --tensor-parallel-size or --pipeline-parallel-size, or spread them over nodes with "
                 "--nnodes and --node-rank; pass --devices-per-node if this node has more",
                 f"请把数据并行进程分到多个节点：本节点用 --data-parallel-size-local {fits} 并以 --data-parallel-address "
                 f"指定本节点地址，其他节点用 --headless --data-parallel-start-rank {fits}（依次 {2 * fits}……）；"
                 "或减小并行规模；若本节点设备更多，请用 --devices-per-node 指定"
                 if per_dp <= devices and dp > 1 and nnodes == 1 else
                 "请减小 --tensor-parallel-size 或 --pipeline-parallel-size，或用 --nnodes 与 --node-rank 分布到多个节点；"
                 "若本节点设备更多，请用 --devices-per-node 指定"),
            name="tensor_parallel_size", where=where, kind="topology"))
    return out


# --- the model ----------------------------------------------------------------------------------------------

def parallel_checks(facts: ModelFacts, values: dict[str, Any], where: dict[str, Any]) -> list[Finding]:
    out: list[Finding] = []
    tp = _f(values, "tensor_parallel_size")
    flag = _flag(where, "tensor_parallel_size")
    if facts.heads % tp:
        out.append(_finding("AM-E710", Text(
            f"{flag} {tp} does not divide the model's {facts.heads} attention heads: vLLM refuses it",
            f"{flag} {tp} 不能整除模型的 {facts.heads} 个注意力头：vLLM 拒绝启动"),
            Text(f"use a tensor-parallel size that divides {facts.heads}: {_divisor_hint(facts.heads)}",
                 f"请使用能整除 {facts.heads} 的张量并行规模：{_divisor_hint(facts.heads)}"),
            name="tensor_parallel_size", where=where))
    elif facts.mla is None and facts.kv_heads % tp and tp % facts.kv_heads:
        out.append(_finding("AM-E711", Text(
            f"{flag} {tp} and the model's {facts.kv_heads} KV heads divide neither way: vLLM can neither split nor "
            "replicate them",
            f"{flag} {tp} 与模型的 {facts.kv_heads} 个 KV 头互不整除：vLLM 既无法均分也无法复制它们"),
            Text(f"use a size that divides {facts.kv_heads} or is a multiple of it",
                 f"请使用 {facts.kv_heads} 的约数或倍数"), name="tensor_parallel_size", where=where))
    return out


def context_checks(facts: ModelFacts, values: dict[str, Any], user_set: Any, env: Any,
                   where: dict[str, Any]) -> list[Finding]:
    asked = values.get("max_model_len")
    model_max = facts.raw.get("model_max_length") if isinstance(facts.raw.get("model_max_length"), int) else None
    if "max_model_len" not in user_set or not isinstance(asked, int) or asked <= 0 or asked <= facts.context_length \
            or (model_max is not None and asked <= model_max):
        return []
    flag = _flag(where, "max_model_len")
    said = Text(f"{flag} {asked} is above the model's {facts.context_length} tokens "
                f"(derived from {os.path.basename(facts.source)})",
                f"{flag} {asked} 超过模型支持的 {facts.context_length} 个 token（由 {os.path.basename(facts.source)} 推得）")
    if _truthy(env.get(LONG_MAX_MODEL_LEN_ENV, "")):
        return [_finding("AM-W721", Text(f"{said.en}; allowed because {LONG_MAX_MODEL_LEN_ENV} is set: positions "
                                         "beyond it may give NaN or fail",
                                         f"{said.zh}；因设置了 {LONG_MAX_MODEL_LEN_ENV} 而放行：超出的位置可能得到 NaN 或出错"),
                         Text(f"use {flag} {facts.context_length} or less", f"请使用 {flag} {facts.context_length} 或更小"),
                         name="max_model_len", where=where)]
    return [_finding("AM-E720", Text(f"{said.en}: vLLM refuses it", f"{said.zh}：vLLM 拒绝启动"),
                     Text(f"use {flag} {facts.context_length} or less, or set {LONG_MAX_MODEL_LEN_ENV}=1 to force it",
                          f"请使用 {flag} {facts.context_length} 或更小，或设置 {LONG_MAX_MODEL_LEN_ENV}=1 强制放行"),
                     name="max_model_len", where=where)]


def quantization_checks(facts: ModelFacts, values: dict[str, Any], family: str,
                        where: dict[str, Any]) -> list[Finding]:
    ckpt = facts.quantization.method if facts.quantization else None
    asked = values.get("quantization")
    if not ckpt or not asked or family == "npu":  # vLLM-Ascend's own method reads ModelSlim exports its own way
        return []
    accepted = VLLM_QUANT_OVERRIDES.get(ckpt, (ckpt,))
    if asked in accepted:
        return []
    flag = _flag(where, "quantization")
    return [_finding("AM-E740", Text(
        f"{flag} {asked} contradicts the checkpoint, which is {ckpt}-quantized (quantization_config): vLLM refuses it",
        f"{flag} {asked} 与检查点矛盾：检查点按 {ckpt} 量化（quantization_config），vLLM 拒绝启动"),
        Text(f"drop {flag}, or use one that reads {ckpt} weights: {', '.join(accepted)}",
             f"去掉 {flag}，或使用能读取 {ckpt} 权重的方法：{'、'.join(accepted)}"), name="quantization", where=where)]


def moe_checks(facts: ModelFacts, values: dict[str, Any], user_set: Any, where: dict[str, Any]) -> list[Finding]:
    """--enable-expert-parallel on a dense model: vLLM refuses it (vllm/config/model.py
    _verify_with_expert_parallelism).  On a MoE model vLLM spreads uneven experts itself (fused_moe
    expert_map_manager.py determine_expert_map gives the first ranks one more), so the count needs no divisor."""
    if facts.moe is not None or "enable_expert_parallel" not in user_set or not values.get("enable_expert_parallel"):
        return []
    flag = _flag(where, "enable_expert_parallel")
    return [_finding("AM-E730", Text(
        f"{flag} needs a MoE model; {facts.architecture} is dense, and vLLM refuses it",
        f"{flag} 需要 MoE 模型；{facts.architecture} 是稠密模型，vLLM 拒绝启动"),
        Text(f"remove {flag}", f"去掉 {flag}"), name="enable_expert_parallel", where=where)]


# vLLM refuses an external data-parallel rank of a dense model from 0.23.0 on (vllm/engine/arg_utils.py
# create_engine_config raises at 0.23.0 line 1867, 0.32.0 line 2420, 0.34.0 line 2495); 0.13 and 0.18 start it
EXTERNAL_DP_NEEDS_MOE_FROM = (0, 23, 0)


def external_dp_checks(facts: ModelFacts, values: dict[str, Any], where: dict[str, Any],
                       release: str | None) -> list[Finding]:
    """Data parallelism with an external load balancer (--data-parallel-rank or --data-parallel-external-lb) on a
    dense model: vLLM refuses it; each replica of a dense model is an independent instance."""
    key = release_key(release) if release else None
    if facts.moe is not None or _f(values, "data_parallel_size") <= 1 or (key is not None and
                                                                         key < EXTERNAL_DP_NEEDS_MOE_FROM):
        return []
    rank_given = values.get("data_parallel_rank") is not None
    if not (values.get("data_parallel_external_lb") or rank_given):
        return []
    name = "data_parallel_rank" if rank_given else "data_parallel_external_lb"
    flag = _flag(where, name)
    return [_finding("AM-E730", Text(
        f"{flag} runs this process as one rank of an externally balanced data-parallel group, which vLLM allows "
        f"only for MoE models; {facts.architecture} is dense, and vLLM refuses it",
        f"{flag} 让本进程作为外部负载均衡的数据并行组中的一个副本运行，vLLM 只对 MoE 模型允许这样做；"
        f"{facts.architecture} 是稠密模型，vLLM 拒绝启动"),
        Text("launch independent vLLM instances without the --data-parallel-* flags and balance them outside",
             "请去掉 --data-parallel-* 参数，启动相互独立的 vLLM 实例，由外部负载均衡器分发请求"),
        name=name, where=where)]


def dcp_checks(facts: ModelFacts, values: dict[str, Any], where: dict[str, Any]) -> list[Finding]:
    """Decode context parallelism on a model without MLA (vllm/config/model.py verify_with_parallel_config): the
    DCP ranks split one KV head's replicas, so tp must exceed the KV heads, dcp be at most tp / KV heads and
    divide the query heads per KV head."""
    dcp, tp = _f(values, "decode_context_parallel_size"), _f(values, "tensor_parallel_size")
    if dcp <= 1 or facts.mla is not None or facts.kv_heads <= 0:
        return []
    kv, per_kv = facts.kv_heads, facts.heads // max(1, facts.kv_heads)
    flag = _flag(where, "decode_context_parallel_size")
    if tp <= kv:
        said = Text(f"{flag} {dcp} needs --tensor-parallel-size above the model's {kv} KV heads (it is {tp})",
                    f"{flag} {dcp} 要求 --tensor-parallel-size 大于模型的 {kv} 个 KV 头（当前为 {tp}）")
    elif dcp > tp // kv:
        said = Text(f"{flag} {dcp} is above --tensor-parallel-size {tp} / {kv} KV heads = {tp // kv}",
                    f"{flag} {dcp} 超过 --tensor-parallel-size {tp} / {kv} 个 KV 头 = {tp // kv}")
    elif per_kv % dcp:
        said = Text(f"{flag} {dcp} does not divide the {per_kv} query heads per KV head",
                    f"{flag} {dcp} 不能整除每个 KV 头对应的 {per_kv} 个查询头")
    else:
        return []
    return [_finding("AM-E714", Text(f"{said.en}: vLLM refuses it", f"{said.zh}：vLLM 拒绝启动"),
                     Text(f"raise --tensor-parallel-size, or use {flag} 1", f"请增大 --tensor-parallel-size，或使用 {flag} 1"),
                     name="decode_context_parallel_size", where=where)]


# --- memory -------------------------------------------------------------------------------------------------

def serve_defaults(memory: int) -> tuple[int, int]:
    """(max-num-batched-tokens, max-num-seqs) vLLM's server picks for this device memory."""
    return next((tokens, seqs) for floor, tokens, seqs in SERVE_DEFAULTS if memory >= floor)


def activation_bytes(facts: ModelFacts, values: dict[str, Any], memory: int, act_bytes: float) -> int:
    """The peak of vLLM's profile run (gpu/model_runner.py profile_run), estimated: the larger of one decoder
    layer's live tensors at --max-num-batched-tokens tokens (the MLP's gate/up output, its activation, the
    hidden state, residual and attention output) and the sampler's float32 logits, probabilities and sort buffer
    for --max-num-seqs requests (``_dummy_sampler_run``)."""
    tokens_default, seqs_default = serve_defaults(memory)
    tokens = _f(values, "max_num_batched_tokens", tokens_default) if values.get("max_num_batched_tokens") \
        else tokens_default
    seqs = _f(values, "max_num_seqs", seqs_default) if values.get("max_num_seqs") else seqs_default
    tp = _f(values, "tensor_parallel_size")
    inter = facts.moe.expert_intermediate_size * facts.moe.experts_per_token if facts.moe else facts.intermediate_size
    layer = tokens * (3 * inter / tp + 4 * facts.hidden_size) * act_bytes
    sampler = min(seqs, tokens) * facts.vocab_size * 4 * 3
    return int(max(layer, sampler))


def extensible_kv_cache(values: Mapping[str, Any], family: str, release: str | None) -> bool:
    """Whether vLLM 0.34's extensible KV cache is on: the flag, else on CUDA unless --kv-cache-memory-bytes is given
    (vllm/config/vllm.py; vLLM-Ascend does not have it).  Releases before it have no such cache."""
    if release is not None and release_key(release) < release_key(EXTENSIBLE_KV_CACHE_FROM):
        return False
    extensible = values.get("enable_extensible_kv_cache")
    if extensible is None:
        return family == "gpu" and not values.get("kv_cache_memory_bytes")
    return bool(extensible)


def gpu_memory_utilization(values: Mapping[str, Any], family: str) -> float:
    """The share of device memory vLLM sizes for: the flag's value, else what vLLM 0.34 resolves an unset one to
    (vllm/config/cache.py resolved_gpu_memory_utilization: 1.0 with the extensible KV cache, 0.92 without it, as
    every earlier release's own default is a value)."""
    given = values.get("gpu_memory_utilization")
    if isinstance(given, (int, float)) and not isinstance(given, bool):
        return float(given)
    extensible = values.get("enable_extensible_kv_cache")
    if extensible is None:
        extensible = family == "gpu" and not values.get("kv_cache_memory_bytes")
    return 1.0 if extensible else 0.92


def block_size(values: Mapping[str, Any], family: str, release: str | None) -> int:
    """The KV cache block size vLLM (or vLLM-Ascend on NPU) runs this launch with."""
    given = values.get("block_size")
    given = given if isinstance(given, int) and not isinstance(given, bool) and given > 0 else None
    if family == "npu":
        # refresh_block_size: a given size survives only with prefix caching and chunked prefill both off
        if given is None or values.get("enable_prefix_caching") is not False \
                or values.get("enable_chunked_prefill") is not False:
            return NPU_BLOCK_SIZE
        return given
    if given is not None:
        return given
    key = release_key(release) if release else None
    return next(size for first, size in CUDA_BLOCK_SIZES if key is None or key >= release_key(first))


def vllm_plan(facts: ModelFacts, values: dict[str, Any], *, target: str, memory: int, devices: int | None,
              input_len: int | None = None, output_len: int | None = None,
              utilization_given: bool = False, release: str | None = None) -> tuple[MemoryPlan, int]:
    """vLLM's KV cache for this launch on one device: the plan, and the blocks it holds.  ``release``: the vLLM
    release judging the launch (None: the newest's rules)."""
    from .memory_plan import (  # the memory plan: loaded once a model's config.json was read
        DTYPE_BYTES,
        MemoryPlan,
        Parallel,
        _component_bytes,
        _largest_request,
        kv_rates,
        modelslim_bytes,
        quant_bytes_per_param,
        weight_dtype,
    )

    family = PLATFORMS[target].family
    par = Parallel(tp=_f(values, "tensor_parallel_size"), pp=_f(values, "pipeline_parallel_size"))
    dtype = weight_dtype(facts, values.get("dtype"), family)
    dtype_bytes = DTYPE_BYTES.get(dtype, 2)
    method = values.get("quantization") or (facts.quantization.method if facts.quantization else None)
    linear = quant_bytes_per_param(facts.quantization, method) or dtype_bytes
    experts, assumed = linear, None
    if (method == "ascend" and facts.modelslim is not None) or method == "modelslim":
        linear, experts, assumed = modelslim_bytes(facts, dtype_bytes)
    components = _component_bytes(facts, par, dtype_bytes, linear, experts)
    whole = _component_bytes(facts, Parallel(), dtype_bytes, linear, experts)
    weights = sum(components.values())
    kv_flag = values.get("kv_cache_dtype") or "auto"
    kv_bytes = DTYPE_BYTES.get(dtype if kv_flag == "auto" else {"fp8": "fp8_e4m3"}.get(kv_flag, kv_flag), 2)
    rate, full_rate = kv_rates(facts, par, kv_bytes)
    block = block_size(values, family, release)
    util = gpu_memory_utilization(values, family)
    given = values.get("kv_cache_memory_bytes")
    if isinstance(given, int) and given > 0:
        available, reserve = given, memory - weights - given
    else:
        overhead = activation_bytes(facts, values, memory, dtype_bytes) + NON_TORCH_BYTES
        # profile_cudagraph_memory: 0 under the extensible KV cache (it measures capture after warm-up instead)
        if family == "gpu" and not values.get("enforce_eager") and not extensible_kv_cache(values, family, release):
            overhead += CUDA_GRAPH_BYTES
        available = int(memory * util - weights - overhead)
        reserve = memory - weights - max(0, available)
    blocks = max(0, available) // (rate * block) if rate > 0 else 0
    pool = blocks * block
    asked = values.get("max_model_len")
    context: int = asked if isinstance(asked, int) and asked > 0 else facts.context_length
    request_len: int = (input_len or 0) + (output_len or 0) if (input_len or output_len) else context
    p = MemoryPlan(target, devices, memory, facts.architecture, facts.params.total, sum(whole.values()), components,
                   weights, rate, full_rate, facts.sliding_window, reserve, util,
                   "argument" if utilization_given else "vllm default",
                   pool if available > 0 else 0, request_len, None, None, weights_assumed=assumed,
                   notes=(f"block size {block}",))
    if pool > 0:
        pool_bytes = pool * rate
        longest = _largest_request(p, pool_bytes, context)
        running = int(pool_bytes // max(1, p.kv_bytes_for(request_len)))
        if values.get("max_num_seqs"):
            running = min(running, _f(values, "max_num_seqs"))
        p = replace(p, max_context_len=longest, max_running_requests=running)
    return p, blocks


def memory_findings(p: MemoryPlan, values: dict[str, Any], where: dict[str, Any], max_len: int) -> list[Finding]:
    """``max_len``: the model's own length, what vLLM uses when --max-model-len is unset."""
    assert p.device_memory_bytes is not None and p.mem_fraction_static is not None
    util = f"{_flag(where, 'gpu_memory_utilization')} {p.mem_fraction_static}"
    share = p.device_memory_bytes * p.mem_fraction_static
    if not p.weights_fit:
        return [_finding("AM-E770", Text(
            f"weights need {gib(p.per_device_weight_bytes)} per device, more than {util} leaves of "
            f"{gib(p.device_memory_bytes)} ({gib(share)}) after the "
            "activations: vLLM finds no memory for the KV cache",
            f"每个设备需要 {gib(p.per_device_weight_bytes)} 存放权重，超过 {util} 在 {gib(p.device_memory_bytes)} 中留出的 "
            f"{gib(share)}（还需扣除激活）：vLLM 没有显存可给 KV 缓存"),
            Text("raise --tensor-parallel-size or --pipeline-parallel-size, use a quantized checkpoint, or a larger "
                 "--gpu-memory-utilization",
                 "请增大 --tensor-parallel-size 或 --pipeline-parallel-size，或使用量化检查点，或增大 --gpu-memory-utilization"),
            name="tensor_parallel_size", where=where, kind="memory")]
    summary_en = (f"weights {gib(p.per_device_weight_bytes)}/device, KV cache {p.kv_pool_tokens} tokens "
                  f"({p.notes[0]}, {p.kv_bytes_per_token} B/token) from {util}; the activation peak is estimated, "
                  "vLLM measures it at start-up")
    summary_zh = (f"权重 {gib(p.per_device_weight_bytes)}/设备，KV 缓存 {p.kv_pool_tokens} token"
                  f"（{p.notes[0].replace('block size', '块大小')}，每 token {p.kv_bytes_per_token} 字节），按 {util} 计算；"
                  "激活峰值为估算值，vLLM 会在启动时实测")
    asked = values.get("max_model_len")
    context = asked if isinstance(asked, int) and asked > 0 else max_len
    if (p.max_context_len or 0) < context:
        # vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory: one request of max_model_len must fit
        return [_finding("AM-E775", Text(
            f"{summary_en}: one request of {context} tokens does not fit, and vLLM refuses to start; the "
            f"longest that fits is about {p.max_context_len or 0} tokens",
            f"{summary_zh}：放不下一个 {context} token 的请求，vLLM 拒绝启动；可容纳的最长请求约为 "
            f"{p.max_context_len or 0} token"),
            Text(f"lower {_flag(where, 'max_model_len')} to {p.max_context_len}, or raise --gpu-memory-utilization "
                 "or --tensor-parallel-size",
                 f"请把 {_flag(where, 'max_model_len')} 降到 {p.max_context_len}，或增大 --gpu-memory-utilization "
                 "或 --tensor-parallel-size"), name="max_model_len", where=where, kind="memory")]
    return [_finding("AM-N773", Text(
        f"{summary_en}: {p.max_running_requests} request(s) of {p.request_len} tokens at once",
        f"{summary_zh}：可同时容纳 {p.max_running_requests} 个 {p.request_len} token 的请求"),
        None, name="model", where=where, kind="memory")]


# --- the hook -----------------------------------------------------------------------------------------------

def analyse_vllm(values: dict[str, Any], sources: dict[str, str], user_set: Any, platform: str,
                 flags_used: dict[str, str], specs: Any, env: Any = None, inputs: PlanInputs | None = None,
                 detection: Any = None, release: str | None = None) -> ModelContext:
    asked = inputs is not None
    inputs = inputs or PlanInputs()
    env = os.environ if env is None else env
    ctx = ModelContext()
    where = dict(values=values, sources=sources, flags_used=flags_used, platform=platform, specs=specs)
    detected = detection if detection is not None and getattr(detection, "platform", None) == platform else None
    ctx.devices_per_node = (inputs.devices_per_node or getattr(detected, "device_count", None)
                            or PLATFORMS[platform].devices.devices_per_node)
    ctx.device_memory = inputs.device_memory or getattr(detected, "memory_bytes", None)
    family = PLATFORMS[platform].family
    out = ctx.findings
    if any(isinstance(values.get(n), int) and values[n] < 1 for n in PARALLEL_SIZES):
        return ctx  # vLLM's own bound refuses a size below 1 (AM-E118 says so); no devices or heads to count with it
    out += topology(values, ctx.devices_per_node, where)
    source = inputs.model_config or values.get("hf_config_path") or values.get("model")
    if not source or config_file(source) is None:
        if inputs.model_config:
            out.append(Finding("AM-E701", ERROR, USAGE, Text(f"--model-config {source}: no such file or folder",
                                                             f"--model-config {source}：文件或目录不存在"),
                               Text("pass a config.json or a local model folder", "请给出 config.json 或本地模型目录"),
                               value=source, source="--model-config"))
        elif asked and source:
            out.append(_finding("AM-N700", Text(
                f"model checks skipped: {source} is not a local folder with a config.json (a hub id is read at launch)",
                f"跳过模型检查：{source} 不是含 config.json 的本地目录（Hugging Face 上的模型在启动时才读取）"),
                Text("pass --model-config FILE with the model's config.json to check heads, context and memory now",
                     "用 --model-config FILE 指定该模型的 config.json，即可提前检查头数、上下文与显存"),
                name="model", where=where))
        return ctx
    try:
        facts = read_model_facts(source)
    except ModelConfigError as exc:
        out.append(_finding("AM-E701", exc.text, Text("point to the model's Hugging Face config.json",
                                                      "请指向模型的 Hugging Face config.json"),
                            name=None if inputs.model_config else "model", where=where, value=source))
        return ctx
    ctx.facts = facts
    out += parallel_checks(facts, values, where)
    out += context_checks(facts, values, user_set, env, where)
    out += quantization_checks(facts, values, family, where)
    out += moe_checks(facts, values, user_set, where)
    out += external_dp_checks(facts, values, where, release)
    out += dcp_checks(facts, values, where)
    if ctx.device_memory is None and family != "cpu":
        ctx.device_memory = PLATFORMS[platform].device_facts().memory_bytes
    if family == "cpu":  # vLLM's CPU backend sizes its cache from VLLM_CPU_KVCACHE_SPACE, not from a share
        if asked:
            out.append(_finding("AM-N774", Text(
                "memory plan skipped: vLLM's CPU backend sizes its KV cache from VLLM_CPU_KVCACHE_SPACE, which "
                "argmatrix does not model", "跳过显存规划：vLLM 的 CPU 后端按 VLLM_CPU_KVCACHE_SPACE 分配 KV 缓存，"
                "argmatrix 未对此建模"), None, name="model", where=where, kind="memory"))
        return ctx
    if ctx.device_memory is None:
        out.append(_finding("AM-N774", Text(
            f"memory plan skipped: the memory of a {PLATFORMS[platform].short.en} device is unknown",
            f"跳过显存规划：{PLATFORMS[platform].short.zh} 设备的显存大小未知"),
            Text("pass --device-memory (e.g. 80GB) and --devices-per-node",
                 "请指定 --device-memory（如 80GB）与 --devices-per-node"), name="model", where=where, kind="memory"))
        return ctx
    ctx.plan, _ = vllm_plan(facts, values, target=platform, memory=ctx.device_memory, devices=ctx.devices_per_node,
                            input_len=inputs.input_len, output_len=inputs.output_len,
                            utilization_given="gpu_memory_utilization" in user_set, release=release)
    out += memory_findings(ctx.plan, values, where, facts.context_length)
    return ctx


__all__ = ["analyse_vllm", "vllm_plan", "activation_bytes", "node_devices", "topology"]
