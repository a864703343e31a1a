"""Will the launch fit: weights, KV cache and reserve per device, from ModelFacts and the server flags alone.

Pure arithmetic, no torch.  ``kv_pool_tokens`` is the one formula for the KV pool: argmatrix's engine
calls it with the memory it measures (runtime/kv_cache.py), ``argmatrix plan`` and ``check-config``
with the memory the platform has.  docs/plan.md states every formula with a worked example.

Where the constants come from:

* SGLang 0.5.23's rule for ``--mem-fraction-static`` when unset (``arg_groups/memory_hook.py
  handle_gpu_memory_settings``): the device keeps ``reserved`` MiB for activations, graphs and metadata::

      reserved = 512 + 1.5 * max(chunked_prefill_size, 2048) + 1024 * tp * pp / 8
                 + 2 * decode_graph_max_bs                          (unless decode graphs are off)
                 + (3 + 1.5 above bs 300) * decode_graph_max_bs * dp (with DP attention)
                 + 8 per captured prefill size, or 1.5 GiB for MLA  (only with --cuda-graph-backend-prefill)
      reserved = max(reserved, 10 GiB) on devices above 60 GiB;  + 2 GiB for DeepEP's decode buffers
      mem_fraction_static = round((memory - reserved) / memory, 3)

  with chunked_prefill_size and the decode graph's batch from SGLang's memory table when unset
  (``matrix/engines/sglang_memory.py``, the one copy; the engine's graphs read it too).  Not modelled: a
  multimodal model's ViT discount and ROCm's aiter scaling (both model- or device-specific), and
  ``SGLANG_ENABLE_POST_CAPTURE_KV_SIZING`` (off by default).
* The pool (``mem_cache/kv_cache_configurator.py _profile_available_bytes``): what the static fraction leaves
  after the weights, ``memory * mem_fraction_static - weights``, divided by the KV bytes of one token, capped by
  ``--max-total-tokens`` and rounded down to whole pages.
* On the CPU the plan follows argmatrix's own engine (SGLang's CPU backend is not modelled):
  ``mem_fraction_static`` from the CPU platform's engine defaults when unset, and a pool of at most 2**20
  tokens or 512 contexts (``engine_pool_cap``, which the engine uses too).  Unless ``--mem-fraction-static``
  is set, a CPU pool holds at most one full context per core (4 to 64 contexts, ``pool_cap``): the pool is
  allocated up front, and 30% of the RAM for a 3 MB model made an idle server hold 2.5 GiB.
"""
from __future__ import annotations

import math
import os
from typing import Any

from ..matrix.engines.sglang_memory import (
    RESERVE,
    UNKNOWN_DECODE_MAX_BS,
    UNKNOWN_MEM_FRACTION_STATIC,
    bucket_for,
    prefill_graph_sizes,
)
from ..matrix.platforms import PLATFORMS
from ..records import field, record, replace
from ..schema.meta import Text
from .model_facts import METHOD_BITS, ModelFacts, QuantFacts, _attention_options, attention_params

MIB = 1 << 20
GIB = 1 << 30

# Bytes per element of the --dtype / --kv-cache-dtype names and config torch_dtype values.
DTYPE_BYTES: dict[str, float] = {
    "float32": 4, "float": 4, "float64": 8, "float16": 2, "half": 2, "bfloat16": 2, "bf16": 2,
    "fp8_e4m3": 1, "fp8_e5m2": 1, "float8": 1, "fp4_e2m1": 0.5, "int8": 1,
}

# argmatrix's engine caps a pool sized from memory: the free list is a Python list and the pool tensor is
# zero-filled at start-up, both proportional to its size, and it never needs more than this many full contexts.
# The engine (runtime/engine_config.derived_pool_cap) and the CPU plan, which follows that engine, use these.
ENGINE_MAX_POOL_TOKENS, ENGINE_MAX_POOL_CONTEXTS = 1 << 20, 512


# A CPU decodes with its cores: more running contexts than cores only wait, so a CPU pool sized from memory
# holds one full context per core, within these bounds (unless --mem-fraction-static asks for memory sizing).
CPU_POOL_CONTEXTS_MIN, CPU_POOL_CONTEXTS_MAX = 4, 64


def engine_pool_cap(context_length: int) -> int:
    return min(ENGINE_MAX_POOL_TOKENS, ENGINE_MAX_POOL_CONTEXTS * context_length)


def cpu_cores() -> int:
    """The cores this process may run on (its affinity), else the machine's count."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


@record
class PoolCap:
    """The most tokens a pool sized from memory may hold, and why (said at start-up and in the plan)."""

    tokens: int
    reason: str


def pool_cap(context_length: int, family: str, *, fraction_set: bool, cores: int | None = None) -> PoolCap:
    """The cap on a pool sized from memory: the engine's general one, or on the CPU one context per core
    (``CPU_POOL_CONTEXTS_MIN`` .. ``_MAX``) when ``--mem-fraction-static`` was not set."""
    general = engine_pool_cap(context_length)
    if family != "cpu" or fraction_set:
        return PoolCap(general, f"the engine's cap: {ENGINE_MAX_POOL_CONTEXTS} contexts or "
                                f"{ENGINE_MAX_POOL_TOKENS} tokens")
    cores = cores or cpu_cores()
    contexts = max(CPU_POOL_CONTEXTS_MIN, min(CPU_POOL_CONTEXTS_MAX, cores))
    return PoolCap(min(general, contexts * context_length),
                   f"{contexts} contexts of {context_length} tokens, the CPU default for {cores} core(s)")


def kv_pool_tokens(*, memory_bytes: int, weight_bytes: int, mem_fraction_static: float, kv_bytes_per_token: float,
                   page_size: int, max_total_tokens: int | None = None, cap_tokens: int | None = None) -> int:
    """Tokens the KV pool holds, in whole pages; 0 when nothing is left for it after the weights.

    ``memory_bytes`` is the device's memory before the weights load (the engine measures the memory
    available after loading and adds the weights back).  ``cap_tokens`` bounds a pool sized from memory
    (the engine's own limit); ``--max-total-tokens`` bounds it as SGLang does.
    """
    budget = memory_bytes * mem_fraction_static - weight_bytes
    tokens = int(budget // kv_bytes_per_token) if kv_bytes_per_token > 0 else 0
    if tokens <= 0:
        return 0
    if cap_tokens is not None:
        tokens = min(tokens, cap_tokens)
    if max_total_tokens is not None:
        tokens = min(tokens, max_total_tokens)
    return tokens // page_size * page_size


@record
class Parallel:
    tp: int = 1
    pp: int = 1
    dp: int = 1
    ep: int = 1
    moe_dp: int = 1
    enable_dp_attention: bool = False
    moe_dense_tp: int | None = None
    redundant_experts: int = 0

    @property
    def attn_tp(self) -> int:
        """Devices one attention layer is split over: with DP attention, tp / dp."""
        return max(1, self.tp // self.dp) if self.enable_dp_attention and self.dp > 1 else self.tp

    @classmethod
    def from_values(cls, values: dict[str, Any], tp: int | None = None) -> Parallel:
        return cls(tp=tp or values.get("tp_size") or 1, pp=values.get("pp_size") or 1, dp=values.get("dp_size") or 1,
                   ep=values.get("ep_size") or 1, moe_dp=values.get("moe_dp_size") or 1,
                   enable_dp_attention=bool(values.get("enable_dp_attention")),
                   moe_dense_tp=values.get("moe_dense_tp_size"),
                   redundant_experts=values.get("ep_num_redundant_experts") or 0)


def weight_dtype(facts: ModelFacts, dtype_flag: str | None, family: str) -> str:
    """The dtype weights load in: --dtype, else the checkpoint's; a float32 checkpoint runs in bfloat16 on an
    accelerator (SGLang casts it to a 16-bit type, argmatrix's engine to bfloat16) and as stored on the CPU."""
    if dtype_flag and dtype_flag != "auto":
        return {"half": "float16", "float": "float32"}.get(dtype_flag, dtype_flag)
    stored = facts.torch_dtype or "bfloat16"
    if family != "cpu" and stored in ("float32", "float64"):
        return "bfloat16"
    return stored


def quant_bytes_per_param(quant: QuantFacts | None, method: str | None) -> float | None:
    """Bytes per weight of the quantized linear layers, scales included; None when they are not quantized."""
    method = method or (quant.method if quant else None)
    if method is None:
        return None
    bits = (quant.bits if quant and quant.method == method else None) or METHOD_BITS.get(method)
    if bits is None and quant is not None:
        bits = quant.bits
    if bits is None:
        return None  # unknown size (gguf, a method we cannot size): counted at the dtype's size
    per = bits / 8
    group = quant.group_size if quant else None
    if group:  # a 16-bit scale and a packed zero point per group (GPTQ/AWQ)
        per += (2 + bits / 8) / group
    elif quant and quant.block_size:  # one float32 scale per weight block (fp8 block quantization)
        per += 4 / math.prod(quant.block_size)
    return per


@record
class MemoryPlan:
    target: str
    devices_per_node: int | None
    device_memory_bytes: int | None
    architecture: str
    params: int
    weight_bytes: int                        # the whole model, one copy
    per_device_weights: dict[str, int]       # by component, one device's share
    per_device_weight_bytes: int
    kv_bytes_per_token: int                  # one device, all its layers, one token (sliding layers uncapped)
    kv_bytes_full_layers: int                # of which full-attention layers
    sliding_window: int | None
    reserve_bytes: int | None
    mem_fraction_static: float | None
    mem_fraction_source: str                 # argument | platform rule | engine default
    kv_pool_tokens: int | None
    request_len: int                         # tokens one request may hold (context, or input + output)
    max_context_len: int | None              # largest single request the pool holds (at most the context length)
    max_running_requests: int | None         # requests of request_len held at once
    smallest_fitting_tp: int | None = None
    notes: tuple[str, ...] = field(default=())
    weights_assumed: Text | None = None      # what the weight sizes had to assume (ModelSlim without its description)

    @property
    def known(self) -> bool:
        return self.device_memory_bytes is not None

    @property
    def weights_fit(self) -> bool:
        return self.kv_pool_tokens is None or self.kv_pool_tokens > 0

    @property
    def fits(self) -> bool:
        """Weights fit and the pool holds at least one request of request_len."""
        return bool(self.known and self.kv_pool_tokens is not None and self.kv_pool_tokens > 0
                    and (self.max_running_requests or 0) >= 1)

    def kv_bytes_for(self, tokens: int) -> int:
        """KV bytes of one request of ``tokens`` tokens: sliding-window layers keep at most the window."""
        swa_rate = self.kv_bytes_per_token - self.kv_bytes_full_layers
        capped = min(tokens, self.sliding_window) if self.sliding_window else tokens
        return self.kv_bytes_full_layers * tokens + swa_rate * capped

    def to_json(self, findings: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The documented shape of ``argmatrix plan --format json`` (docs/plan.md); fields are only ever added."""
        return {
            "target": self.target,
            "devices_per_node": self.devices_per_node,
            "device_memory_bytes": self.device_memory_bytes,
            "model": {"architecture": self.architecture, "params": self.params, "weight_bytes": self.weight_bytes},
            "per_device": {"weight_bytes": self.per_device_weight_bytes, "kv_bytes_per_token": self.kv_bytes_per_token,
                           "reserve_bytes": self.reserve_bytes, "kv_pool_tokens": self.kv_pool_tokens},
            "max_running_requests": self.max_running_requests,
            "fits": self.fits,
            "findings": findings or [],
        }


def modelslim_bytes(facts: ModelFacts, dtype_bytes: float) -> tuple[float, float, Text | None]:
    """Bytes per weight of the linear layers and of the routed experts under --quantization modelslim, and what
    had to be assumed.  SGLang reads the widths per weight from the export's quant_model_description.json
    (W8A8, W4A8_DYNAMIC, ...); without it the export could be any of them, so the weights are sized at 4 bits,
    the narrowest ModelSlim writes: a lower bound that refuses only what fits under no scheme."""
    described = facts.modelslim
    if described is None:
        return 0.5, 0.5, Text("ModelSlim widths unknown (no quant_model_description.json): weights sized at 4 bits, "
                              "the narrowest scheme", "ModelSlim 位宽未知（没有 quant_model_description.json）："
                              "权重按最窄的 4 位方案估算")
    linear = described.bits / 8 if described.bits else dtype_bytes
    return linear, (described.expert_bits / 8 if described.expert_bits else linear), None


def _component_bytes(facts: ModelFacts, par: Parallel, dtype_bytes: float, linear_bytes: float,
                     expert_bytes: float | None = None) -> dict[str, int]:
    """One device's weight bytes by component (see docs/plan.md, "Weights per device")."""
    p = facts.params
    stage = math.ceil(facts.layers / par.pp) / facts.layers  # share of the layers one pipeline stage holds
    attn_layer = attention_params(hidden_size=facts.hidden_size, heads=facts.heads, kv_heads=facts.kv_heads,
                                  head_dim=facts.head_dim, mla=facts.mla, attn_tp=par.attn_tp,
                                  **_attention_options(facts.raw, facts.model_type))
    moe_tp = max(1, par.tp // max(1, par.moe_dp))  # expert weights split over tp / moe_dp devices (ep included)
    redundancy = 1 + (par.redundant_experts / facts.moe.experts if facts.moe else 0)
    out = {
        "attention": attn_layer * facts.layers * stage * linear_bytes,
        "dense_mlp": p.dense_mlp / (par.moe_dense_tp or par.tp) * stage * linear_bytes,
        "shared_experts": p.shared_experts / par.tp * stage * linear_bytes,
        "experts": p.experts * redundancy / moe_tp * stage * (linear_bytes if expert_bytes is None else expert_bytes),
        "embeddings": p.embeddings / par.tp * dtype_bytes,
        "lm_head": p.lm_head / par.tp * dtype_bytes,
    }
    if par.pp > 1:  # the first stage holds the embeddings, the last the head: count the larger on every device
        edge = max(out["embeddings"], out["lm_head"])
        out["embeddings"], out["lm_head"] = (edge, 0) if out["embeddings"] >= out["lm_head"] else (0, edge)
    return {k: int(v) for k, v in out.items()}


def kv_rates(facts: ModelFacts, par: Parallel, kv_bytes: float) -> tuple[int, int]:
    """(all layers, full-attention layers only) KV bytes per token on one device."""
    layers = math.ceil(facts.layers / par.pp)
    if facts.mla is not None:  # one compressed latent and the rope key per token and layer, on every device
        per_layer = (facts.mla.kv_lora_rank + facts.mla.qk_rope_head_dim) * kv_bytes
    else:  # keys and values of this device's KV heads (at least one: heads are replicated beyond kv_heads)
        per_layer = 2 * max(1, math.ceil(facts.kv_heads / par.attn_tp)) * facts.head_dim * kv_bytes
    swa_layers = math.ceil(facts.sliding_window_layers / par.pp) if facts.sliding_window else 0
    return int(layers * per_layer), int((layers - swa_layers) * per_layer)


def decode_graph_max_bs(memory_mib: float | None, family: str, values: dict[str, Any], tp: int) -> int:
    """The largest decode graph batch SGLang captures: the launch's, else its memory table's (capped by
    --max-running-requests where the GPU rule chose it), else its fallback when the memory is unknown."""
    explicit = values.get("cuda_graph_bs_decode") or values.get("cuda_graph_bs")
    if explicit:
        return max(explicit)
    chosen = values.get("cuda_graph_max_bs_decode") or values.get("cuda_graph_max_bs")
    if chosen:
        return chosen
    if memory_mib is None:
        return UNKNOWN_DECODE_MAX_BS
    bucket = bucket_for(memory_mib, family)
    running = values.get("max_running_requests")
    if bucket.family == "gpu" and running:  # the NPU rule fills the value before the GPU rule can cap it
        return min(bucket.max_bs(tp), running)
    return bucket.max_bs(tp)


def _prefill_graph_reserve(values: dict[str, Any], chunk: int, mla: bool) -> float:
    """reserve_for_graph_mb's prefill term: only when a prefill graph backend is chosen (SGLang's default is off)."""
    backend = values.get("cuda_graph_backend_prefill")
    if (backend in (None, "disabled") or values.get("disable_prefill_cuda_graph") or values.get("disable_cuda_graph")
            or values.get("disaggregation_mode") == "decode"):
        return 0.0
    if mla:
        reserve = RESERVE.mla_prefill_graph
    else:
        sizes = values.get("cuda_graph_bs_prefill")
        if not sizes:
            max_bs = values.get("cuda_graph_max_bs_prefill") or chunk
            if values.get("max_total_tokens"):
                max_bs = min(max_bs, values["max_total_tokens"])
            if "llama-2" in str(values.get("model_path") or "").lower():
                max_bs = min(max_bs, 4096)
            sizes = prefill_graph_sizes(max_bs)
        reserve = len(sizes) * RESERVE.per_prefill_graph_size
    if backend == "breakable" and values.get("moe_a2a_backend") == "deepep":
        reserve += RESERVE.deepep_breakable_prefill
    return reserve


def default_mem_fraction(memory_bytes: int | None, family: str, values: dict[str, Any], par: Parallel,
                         mla: bool = False) -> float:
    """SGLang's --mem-fraction-static when unset (memory_hook.py handle_gpu_memory_settings, with the memory table
    of matrix/engines/sglang_memory.py); argmatrix's engine's value on the CPU."""
    if family == "cpu":  # argmatrix's own engine: the CPU platform's engine default
        return float(PLATFORMS["cpu"].engine_defaults["mem_fraction_static"])
    if memory_bytes is None:
        return UNKNOWN_MEM_FRACTION_STATIC
    mem_mib = memory_bytes / MIB
    r = RESERVE
    # the chunk before DP attention divides it: the reserve is computed first (parallel_hook runs later)
    chunk = values.get("chunked_prefill_size") or bucket_for(mem_mib, family).chunked_prefill_size
    graph_bs = decode_graph_max_bs(mem_mib, family, values, par.tp)
    mode = values.get("disaggregation_mode") or "null"
    if mode == "decode":
        running = values.get("max_running_requests") or graph_bs or 1
        activation = max(running * (values.get("speculative_num_draft_tokens") or 1), r.min_activation_tokens)
    elif chunk > 0:
        activation = max(chunk, r.min_activation_tokens)
    else:
        activation = max(values.get("max_prefill_tokens") or r.unchunked_prefill_tokens, r.min_activation_tokens)
    decode_graphs = mode != "prefill" and not (
        values.get("disable_cuda_graph") or values.get("disable_decode_cuda_graph")
        or values.get("cuda_graph_backend_decode") == "disabled")
    reserved = r.base + activation * r.per_activation_token + par.tp * par.pp * r.per_parallel_device
    if decode_graphs:
        reserved += graph_bs * r.per_decode_graph_bs
    if par.enable_dp_attention and par.dp > 1 and mode != "prefill":
        reserved += graph_bs * par.dp * r.dp_per_decode_graph_bs
        if graph_bs > r.dp_large_bs:
            reserved += graph_bs * par.dp * r.dp_large_per_decode_graph_bs
    reserved += _prefill_graph_reserve(values, chunk, mla)
    if mem_mib > r.floor_above_mib:
        reserved = max(reserved, r.floor)
    if decode_graphs and values.get("moe_a2a_backend") == "deepep":
        reserved += r.deepep_a2a
    return round((mem_mib - reserved) / mem_mib, 3)


def plan(facts: ModelFacts, values: dict[str, Any], *, target: str, family: str, device_memory: int | None,
         devices_per_node: int | None, input_len: int | None = None, output_len: int | None = None,
         tp: int | None = None, search_tp: bool = True) -> MemoryPlan:
    """The memory plan of ``facts`` launched with ``values`` (resolved server arguments) on one device."""
    par = Parallel.from_values(values, tp)
    dtype = weight_dtype(facts, values.get("dtype"), family)
    dtype_bytes = DTYPE_BYTES.get(dtype, 2)
    method = values.get("quantization") or (facts.quantization.method if facts.quantization else None)
    linear = quant_bytes_per_param(facts.quantization, method) or dtype_bytes
    experts, assumed = linear, None
    if method == "modelslim":
        linear, experts, assumed = modelslim_bytes(facts, dtype_bytes)
    components = _component_bytes(facts, par, dtype_bytes, linear, experts)
    whole = _component_bytes(facts, Parallel(), dtype_bytes, linear, experts)
    kv_flag = values.get("kv_cache_dtype") or "auto"
    kv_bytes = DTYPE_BYTES.get(dtype if kv_flag == "auto" else kv_flag, 2)
    rate, full_rate = kv_rates(facts, par, kv_bytes)
    context = values.get("context_length") or facts.context_length
    request_len = (input_len or 0) + (output_len or 0) if (input_len or output_len) else context
    weights = sum(components.values())
    page = values.get("page_size") or 1
    fraction = reserve = pool = max_ctx = running = None
    source = "argument"
    if device_memory is not None:
        fraction = values.get("mem_fraction_static")
        if fraction is None:
            fraction = default_mem_fraction(device_memory, family, values, par, mla=facts.mla is not None)
            source = "engine default" if family == "cpu" else "platform rule"
        reserve = int(device_memory * (1 - fraction))
        cap = pool_cap(context, family, fraction_set=values.get("mem_fraction_static") is not None).tokens \
            if family == "cpu" else None
        pool = kv_pool_tokens(memory_bytes=device_memory, weight_bytes=weights, mem_fraction_static=fraction,
                              kv_bytes_per_token=rate, page_size=page, max_total_tokens=values.get("max_total_tokens"),
                              cap_tokens=cap)
    result = MemoryPlan(target, devices_per_node, device_memory, facts.architecture, facts.params.total,
                        sum(whole.values()), components, weights, rate, full_rate, facts.sliding_window, reserve,
                        fraction, source, pool, request_len, None, None, weights_assumed=assumed)
    if pool is not None and pool > 0:
        pool_bytes = pool * rate
        max_ctx = _largest_request(result, pool_bytes, context)
        running = int(pool_bytes // max(1, result.kv_bytes_for(request_len)))
        if values.get("max_running_requests"):
            running = min(running, values["max_running_requests"])
    smallest = None
    if search_tp and device_memory is not None and (pool is None or pool <= 0 or not running):
        smallest = _smallest_tp(facts, values, target, family, device_memory, devices_per_node, input_len, output_len)
    return replace(result, max_context_len=max_ctx, max_running_requests=running,
                               smallest_fitting_tp=smallest)


def _largest_request(p: MemoryPlan, pool_bytes: float, context: int) -> int:
    if p.kv_bytes_for(context) <= pool_bytes:
        return context
    lo, hi = 0, context  # kv_bytes_for grows with the length: bisect for the largest that fits
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if p.kv_bytes_for(mid) <= pool_bytes else (lo, mid - 1)
    return lo


def _smallest_tp(facts, values, target, family, device_memory, devices_per_node, input_len, output_len) -> int | None:
    """The smallest tensor-parallel size (a power of two dividing the attention heads) at which one request fits."""
    tp = max(1, values.get("tp_size") or 1) * 2
    while tp <= 256:
        if facts.heads % tp == 0 or tp % facts.heads == 0:
            trial = plan(facts, values, target=target, family=family, device_memory=device_memory,
                         devices_per_node=devices_per_node, input_len=input_len, output_len=output_len, tp=tp,
                         search_tp=False)
            if trial.fits:
                return tp
        tp *= 2
    return None
