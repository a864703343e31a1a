"""SGLang's start-up checks on MoE runners, all-to-all backends and their dispatch (``arg_groups/moe_hook.py``,
``arg_groups/mega_moe_hook.py``), read from 0.5.23.

Runner and backend values left at ``auto`` are resolved by SGLang from the checkpoint and the GPU; these rules fire
only on what the launch line itself fixes, and the ones that also need the checkpoint's architecture or
quantization read its config.json (``reads_model``).
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import (
    Need,
    Problem,
    a2a_backend,
    architecture,
    as_mapping,
    attn_dp,
    broken_needs,
    chunk_per_rank,
    env_true,
    ep_size,
    first_problem,
    given,
    needs_listed,
    problem_text,
    sglang_source,
    target,
    tp_per_attn_dp,
)

# The quantizations each FlashInfer MoE runner takes (None: bf16), moe_hook.py:81, :124, :138.
RUNNER_QUANTIZATIONS: dict[str, tuple[str | None, ...]] = {
    "flashinfer_cutlass": ("modelopt_fp4", "modelopt_fp8", "modelopt_mixed", None),
    "flashinfer_trtllm": ("modelopt_fp4", "nvfp4_online", "fp8", "mxfp8", "modelopt_fp8", "modelopt_mixed",
                          "compressed-tensors", None),
    "experimental_sgl_trtllm": ("modelopt_fp4", "nvfp4_online", "fp8", "mxfp8", "modelopt_fp8", "modelopt_mixed",
                                "compressed-tensors", None),
    "flashinfer_trtllm_routed": ("fp8", "mxfp8", "modelopt_fp4", "modelopt_mixed", "nvfp4_online",
                                 "minimax_m3_nvfp4", None),
}


def _quantizations(c: RuleContext) -> str:
    return ", ".join("bf16 (none)" if q is None else q for q in RUNNER_QUANTIZATIONS[c.moe_runner_backend])


DEEPEP_V2_NEEDS = (
    Need(lambda c: c.moe_runner_backend not in ("auto", "deep_gemm"), "--moe-runner-backend deep_gemm (or auto)",
         "--moe-runner-backend deep_gemm（或 auto）"),
    Need(lambda c: c.enforce_shared_experts_fusion, "no --enforce-shared-experts-fusion (not validated yet)",
         "不能使用 --enforce-shared-experts-fusion（尚未验证）"),
    Need(lambda c: c.deepep_v2_mode == "direct" and c.nnodes > 1,
         "--deepep-v2-mode hybrid across nodes (direct is NVLink-only)", "跨节点时使用 --deepep-v2-mode hybrid（direct 仅限 NVLink）"),
)

PPLX_NEEDS = (
    Need(lambda c: c.deepep_mode == "normal", "--deepep-mode low_latency or auto (pplx has no normal mode)",
         "--deepep-mode low_latency 或 auto（pplx 没有 normal 模式）"),
    Need(lambda c: attn_dp(c) < 2, "attention data parallelism with at least 2 groups (--attn-dp-size 2 or more)",
         "至少 2 组的注意力数据并行（--attn-dp-size 不小于 2）"),
    Need(lambda c: c.moe_runner_backend not in ("auto", "deep_gemm"), "--moe-runner-backend deep_gemm (or auto)",
         "--moe-runner-backend deep_gemm（或 auto）"),
)

MEGAMOE_NEEDS = (
    Need(lambda c: not (attn_dp(c) > 1 and attn_dp(c) == c.tp_size), "--attn-dp-size equal to --tp-size {tp_size}",
         "--attn-dp-size 等于 --tp-size {tp_size}"),
    Need(lambda c: c.moe_runner_backend not in ("auto", "flashinfer_megamoe"),
         "--moe-runner-backend flashinfer_megamoe (or auto)", "--moe-runner-backend flashinfer_megamoe（或 auto）"),
)


# moe_hook.py:531: the MoE runners FlashInfer all-to-all feeds
FLASHINFER_A2A_RUNNERS = ("flashinfer_cutlass", "flashinfer_cutedsl", "flashinfer_trtllm", "flashinfer_trtllm_routed",
                          "deep_gemm")

FLASHINFER_A2A_NEEDS = (
    # Muse Spark's LayerNorm SP has its own rank-uniform layout (moe_hook.py _flashinfer_a2a_topology_is_supported);
    # that case needs the checkpoint and is left to SGLang.
    Need(lambda c: not c.enable_layernorm_sp and not (attn_dp(c) > 1 and attn_dp(c) == c.tp_size),
         "attention data parallelism over every rank (--attn-dp-size equal to --tp-size {tp_size})",
         "覆盖全部 rank 的注意力数据并行（--attn-dp-size 等于 --tp-size {tp_size}）"),
    Need(lambda c: c.disaggregation_mode != "decode" and c.chunked_prefill_size is not None
         and c.chunked_prefill_size <= 0, "chunked prefill (it dispatches through a fixed-size workspace)",
         "分块预填充（分发经由固定大小的工作区）"),
    # a runner the launch names (auto is resolved by SGLang from the checkpoint)
    Need(lambda c: c.moe_runner_backend not in ("auto", *FLASHINFER_A2A_RUNNERS),
         "one of the MoE runners flashinfer_cutlass, flashinfer_cutedsl, flashinfer_trtllm, flashinfer_trtllm_routed or "
         "deep_gemm", "MoE 运行器 flashinfer_cutlass、flashinfer_cutedsl、flashinfer_trtllm、flashinfer_trtllm_routed 或 "
         "deep_gemm 之一"),
)


CUTEDSL_DEEPEP_NEEDS = (
    Need(lambda c: c.deepep_mode == "normal", "--deepep-mode low_latency or auto (it has no handler for DeepEP's normal "
         "dispatch)", "--deepep-mode low_latency 或 auto（它没有处理 DeepEP normal 分发的实现）"),
    Need(lambda c: c.quantization == "nvfp4_online" or env_true(c, "SGLANG_FLASHINFER_NVFP4_PER_TOKEN_ACTIVATION"),
         "--moe-a2a-backend none or flashinfer for per-token NVFP4 activations (nvfp4_online, or "
         "SGLANG_FLASHINFER_NVFP4_PER_TOKEN_ACTIVATION)", "逐 token 的 NVFP4 激活（nvfp4_online 或 "
         "SGLANG_FLASHINFER_NVFP4_PER_TOKEN_ACTIVATION）需要 --moe-a2a-backend none 或 flashinfer"),
)

DISPATCH_TYPE_NEEDS = (
    Need(lambda c: a2a_backend(c) != "flashinfer", "--moe-a2a-backend flashinfer", "--moe-a2a-backend flashinfer"),
    Need(lambda c: a2a_backend(c) == "flashinfer" and c.flashinfer_a2a_dispatch_type == "mxfp8"
         and c.quantization != "mxfp8", "--quantization mxfp8 for the mxfp8 dispatch", "mxfp8 分发需要 --quantization mxfp8"),
    Need(lambda c: a2a_backend(c) == "flashinfer" and c.flashinfer_a2a_dispatch_type == "mxfp8"
         and c.moe_runner_backend != "flashinfer_trtllm_routed",
         "--moe-runner-backend flashinfer_trtllm_routed for the mxfp8 dispatch",
         "mxfp8 分发需要 --moe-runner-backend flashinfer_trtllm_routed"),
)

# overrides.py:1466: the runners nvfp4_online experts run on, besides MegaMoE's W4A16 path
NVFP4_ONLINE_RUNNERS = ("flashinfer_trtllm", "flashinfer_trtllm_routed", "flashinfer_cutedsl")


def _megamoe_w4a16(c: RuleContext) -> bool:
    return (c.moe_runner_backend == "flashinfer_megamoe" and a2a_backend(c) == "flashinfer_megamoe"
            and env_true(c, "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16"))


# These checks read --quantization as the launch gives it: SGLang has not yet taken the checkpoint's own method
# (an FP8 DeepSeek-V3 reads as None there), only its NVFP4-MoE metadata and FP4-expert layout.
def hybrid_nvfp4_moe(c: RuleContext) -> bool:
    """A mixed FP8 + NVFP4-experts checkpoint (model_config.py nvfp4_moe_meta)."""
    quant = target(c).raw.get("quantization_config")
    return (isinstance(quant, dict) and str(quant.get("quant_algo", "")).upper() == "MIXED_PRECISION"
            and str(quant.get("moe_quant_algo", "")).upper() == "NVFP4" and quant.get("group_size") is not None)


def fp4_experts(c: RuleContext) -> bool | None:
    """Routed experts stored as MXFP4 (model_config.py is_fp4_experts); None for DeepSeek-V4, where SGLang reads it
    from the weight files' dtype."""
    if architecture(c) == "DeepseekV4ForCausalLM":
        return None
    quant = as_mapping(target(c).raw.get("quantization_config"))
    return quant.get("routed_experts_quant_method") == "mxfp4" or (
        architecture(c) in ("MiMoV2ForCausalLM", "MiMoV2FlashForCausalLM")
        and str(quant.get("store_dtype") or "").lower() == "mxfp4")


CUTEDSL_QUANTIZATIONS = ("modelopt_fp4", "modelopt_mixed", "nvfp4_online")

# moe_hook.py validate_flashinfer_megamoe_model: the architectures FlashInfer MegaMoE is validated on
MEGAMOE_ARCHITECTURES = ("BeamForCausalLM", "DeepseekV2ForCausalLM", "DeepseekV3ForCausalLM", "DeepseekV32ForCausalLM",
                         "DeepseekV4ForCausalLM", "Glm4MoeForCausalLM", "GlmMoeDsaForCausalLM", "NemotronHForCausalLM",
                         "NemotronHPuzzleForCausalLM", "Qwen2MoeForCausalLM", "Qwen3MoeForCausalLM",
                         "KimiK3ForConditionalGeneration", "KimiK3LinearForCausalLM")


def _megamoe_quantization_ok(c: RuleContext) -> bool:
    quant = c.quantization
    return (quant in ("mxfp8", "modelopt_fp4") or (quant == "nvfp4_online"
                                                   and env_true(c, "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16"))
            or fp4_experts(c) is not False or hybrid_nvfp4_moe(c))


def _not_bf16(c: RuleContext) -> bool:
    """The model's dtype is not bfloat16: --dtype names another, or auto keeps the checkpoint's float16."""
    if c.dtype != "auto":
        return c.dtype != "bfloat16"
    return target(c).torch_dtype in ("float16", "half")


FLASHINFER_MEGAMOE_MODEL: list[Problem] = [
    (lambda c: architecture(c) not in MEGAMOE_ARCHITECTURES,
     Text("it is not validated for the architecture {architecture}", "它未在架构 {architecture} 上验证")),
    (lambda c: not _megamoe_quantization_ok(c),
     Text("it runs MXFP8, ModelOpt NVFP4, FP4-expert or hybrid NVFP4-MoE checkpoints (or nvfp4_online with "
          "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16=1), not quantization {quant}", "它只支持 MXFP8、ModelOpt NVFP4、"
          "FP4 专家或混合 NVFP4 MoE 权重（或配合 SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16=1 的 nvfp4_online），不支持量化 "
          "{quant}")),
    (lambda c: env_true(c, "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16") and _not_bf16(c),
     Text("its NVFP4 W4A16 path (SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16) needs --dtype bfloat16",
          "它的 NVFP4 W4A16 路径（SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16）需要 --dtype bfloat16")),
]

# configs/moe_model_registry.py _DEEPEP_V2_MODELS: the architectures registered for DeepEP v2
DEEPEP_V2_ARCHITECTURES = ("DeepseekV3ForCausalLM", "DeepseekV4ForCausalLM", "Qwen3MoeForCausalLM",
                           "Glm5NextForConditionalGeneration", "GlmMoeDsaForCausalLM", "MiMoV2ForCausalLM",
                           "MiMoV2FlashForCausalLM")


def _instance_connector(c: RuleContext) -> bool:
    """A model loaded through SGLang's instance connector (instance://...), as parse_connector_type reads it."""
    scheme, sep, _ = str(c.model_path or "").rpartition("://")
    return bool(sep) and scheme == "instance"


def _env_int(c: RuleContext, name: str, default: int | None) -> int | None:
    """An SGLang ``EnvInt`` as it reads it; None when unset without a default, or no integer (SGLang refuses that
    elsewhere)."""
    value = c.env.get(name, default)
    try:
        return None if value is None else int(str(value))
    except ValueError:
        return None


# The per-rank dispatch buffers of the all-to-all backends (environ.py defaults). FlashInfer's has none: unset,
# its workspace is sized from the chunk itself (overrides.py flashinfer_a2a_max_dispatch_tokens_per_rank).
DISPATCH_BUDGET_ENV: dict[str, tuple[str, int | None]] = {
    "deepep_v2": ("SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK", 128),
    "mori": ("SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK", 4096),
    "pplx": ("SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK", 128),
    "flashinfer": ("SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK", None),
}


def _dispatch_required(c: RuleContext) -> int | None:
    """The largest dispatch one rank makes, as the backend's start-up check computes it, from the chunk per
    attention-DP rank (attention DP has divided it by then, parallel_hook.py:331). None while SGLang sizes the chunk
    from the GPU's memory, and on a PD decode server, which these checks skip.

    deepep_v2 (required_deepep_v2_prefill_tokens_per_rank): the prefill buffer (the chunk, or --max-prefill-tokens
    without chunking) spread over the TP ranks of one DP group; the registered architectures size it that default
    way. mori: the chunk. pplx: the chunk, or --cuda-graph-max-bs-decode when larger. mori and pplx skip the check
    without chunking. flashinfer (_required_flashinfer_a2a_dispatch_tokens_per_rank): the prefill buffer, or the
    prefill and decode CUDA graphs' batches when larger; those SGLang sizes from the GPU's memory, so only the buffer
    is counted here, and a launch whose graphs alone overflow the workspace is left to SGLang."""
    backend = a2a_backend(c)
    if c.chunked_prefill_size is None or c.disaggregation_mode == "decode":
        return None
    chunk = chunk_per_rank(c) if c.chunked_prefill_size > 0 else 0
    ceiling = chunk
    if c.enable_dynamic_chunking and c.pp_size > 1 and chunk:  # overrides.py max_prefill_buffer_tokens
        ceiling = max(chunk, c.max_prefill_tokens or 0, -(-chunk * 5 // 4))
    if backend == "deepep_v2":
        ceiling = ceiling or int(c.max_prefill_tokens or 0)
        return -(-ceiling // tp_per_attn_dp(c))
    if backend == "flashinfer":
        return ceiling or None  # without chunking AM-E338 says so first (moe_hook.py:756)
    if backend in ("mori", "pplx") and chunk > 0:
        return max(chunk, int(c.cuda_graph_max_bs_decode or 0)) if backend == "pplx" else chunk
    return None


def _deepep_v2_graph_tokens(c: RuleContext) -> int | None:
    """DeepEP v2's largest decode CUDA graph on one rank (_decode_graph_dispatch_tokens_per_rank): 0 without decode
    graphs (a PD prefill server, graphs disabled), else the --cuda-graph-max-bs-decode batch capped by this rank's
    share of --max-running-requests. None where SGLang sizes the batch (flag unset) or resizes it (speculative)."""
    if c.disaggregation_mode == "prefill" or c.disable_cuda_graph or c.cuda_graph_backend_decode == "disabled":
        return 0
    if c.cuda_graph_max_bs_decode is None or c.speculative_algorithm is not None:
        return None
    tokens = int(c.cuda_graph_max_bs_decode)
    if c.max_running_requests is not None:
        tokens = min(tokens, max(1, int(c.max_running_requests) // attn_dp(c)))
    return tokens


def _over_graph_budget(c: RuleContext) -> bool:
    graph, capacity = _deepep_v2_graph_tokens(c), _env_int(c, *DISPATCH_BUDGET_ENV["deepep_v2"])
    return a2a_backend(c) == "deepep_v2" and graph is not None and capacity is not None and graph > capacity


def _over_dispatch_budget(c: RuleContext) -> bool:
    env = DISPATCH_BUDGET_ENV.get(a2a_backend(c))
    required = _dispatch_required(c)
    capacity = _env_int(c, *env) if env else None
    return required is not None and capacity is not None and required > capacity


def _dispatch_numbers(c: RuleContext) -> dict[str, object]:
    env = DISPATCH_BUDGET_ENV.get(a2a_backend(c))
    return {"a2a": a2a_backend(c), "env": env[0] if env else "", "capacity": _env_int(c, *env) if env else None,
            "required": _dispatch_required(c), "graph": _deepep_v2_graph_tokens(c)}


A2A_DISPATCH: list[Problem] = [
    (lambda c: a2a_backend(c) == "deepep_v2" and _instance_connector(c),
     Text("DeepEP v2 cannot check a model loaded through the instance connector ({model_path}): it must see the "
          "architecture; load it from a path", "DeepEP v2 无法校验经实例连接器加载的模型（{model_path}）：它需要读取模型"
          "架构；请改为从路径加载")),
    (_over_dispatch_budget,
     Text("one rank dispatches up to {required} tokens in a forward, more than the {capacity} of {env}; raise {env} "
          "to {required} or lower --chunked-prefill-size", "每个 rank 单次前向最多分发 {required} 个词元，超过 {env} 的 "
          "{capacity}；请将 {env} 调到 {required}，或调小 --chunked-prefill-size")),
    (_over_graph_budget,
     Text("its largest decode CUDA graph dispatches {graph} tokens per rank (--cuda-graph-max-bs-decode "
          "{cuda_graph_max_bs_decode}, capped by --max-running-requests), more than the {capacity} of {env}; raise {env} "
          "to {graph} or lower --cuda-graph-max-bs-decode", "其最大的解码 CUDA Graph 每个 rank 分发 {graph} 个词元"
          "（--cuda-graph-max-bs-decode {cuda_graph_max_bs_decode}，受 --max-running-requests 限制），超过 {env} 的 "
          "{capacity}；请将 {env} 调到 {graph}，或调小 --cuda-graph-max-bs-decode")),
]


def _draft_a2a(c: RuleContext) -> str | None:
    """The draft model's all-to-all backend: its own flag, else the target's (not for NGRAM, which has no draft)."""
    if c.speculative_moe_a2a_backend is not None:
        return str(c.speculative_moe_a2a_backend)
    if c.speculative_algorithm and c.speculative_algorithm != "NGRAM":
        return str(a2a_backend(c))
    return None


RULES: list[Rule] = [
    # --- runners ----------------------------------------------------------------------------------------------------
    Rule("moe-runner-quantization", "AM-E326", ("moe_runner_backend", "quantization"),
         # mxfp8 is left out: SGLang replaces a runner that cannot run it (overrides.py, mxfp8 runner choices).
         lambda c: c.moe_runner_backend in RUNNER_QUANTIZATIONS and c.quantization != "mxfp8"
         and c.quantization not in RUNNER_QUANTIZATIONS[c.moe_runner_backend],
         Text("--moe-runner-backend {moe_runner_backend} does not run --quantization {quantization}; it takes "
              "{allowed}", "--moe-runner-backend {moe_runner_backend} 不支持 --quantization {quantization}；"
              "它支持的量化为 {allowed}"),
         Text("use --moe-runner-backend auto (SGLang picks a runner for the checkpoint), or one of the quantizations "
              "listed", "改用 --moe-runner-backend auto（由 SGLang 按权重选择），或使用上述量化之一"),
         source=sglang_source("arg_groups/moe_hook.py:81, :124, :138"), extra=lambda c: {"allowed": _quantizations(c)}),
    Rule("moe-runner-ep-is-one-or-tp", "AM-E327", ("moe_runner_backend", "ep_size", "tp_size"),
         lambda c: c.moe_runner_backend in ("flashinfer_cutlass", "flashinfer_cutedsl")
         and ep_size(c) not in (1, c.tp_size),
         Text("--moe-runner-backend {moe_runner_backend} needs --ep-size 1 or equal to --tp-size {tp_size}, not {ep}",
              "--moe-runner-backend {moe_runner_backend} 要求 --ep-size 为 1 或等于 --tp-size {tp_size}，而不是 {ep}"),
         Text("use --ep-size {tp_size} or 1", "改用 --ep-size {tp_size} 或 1"),
         source=sglang_source("arg_groups/moe_hook.py:89, :102"), extra=lambda c: {"ep": ep_size(c)}),
    Rule("cutedsl-runner-a2a", "AM-E328", ("moe_runner_backend", "moe_a2a_backend"),
         lambda c: c.moe_runner_backend == "flashinfer_cutedsl" and a2a_backend(c) not in ("none", "deepep", "flashinfer"),
         Text("--moe-runner-backend flashinfer_cutedsl works with --moe-a2a-backend none, deepep or flashinfer, not "
              "{moe_a2a_backend}", "--moe-runner-backend flashinfer_cutedsl 只能配合 --moe-a2a-backend none、deepep 或 "
              "flashinfer，不能配合 {moe_a2a_backend}"),
         Text("use --moe-a2a-backend deepep", "改用 --moe-a2a-backend deepep"),
         source=sglang_source("arg_groups/moe_hook.py:106")),
    Rule("cutlass-fp8-moe-without-ep", "AM-E329", ("moe_runner_backend", "quantization", "ep_size"),
         lambda c: c.moe_runner_backend == "cutlass" and c.quantization in ("fp8", "mxfp8") and ep_size(c) != 1,
         Text("the cutlass MoE runner runs {quantization} experts only without expert parallelism (--ep-size is {ep})",
              "cutlass MoE 运行器只在不使用专家并行时支持 {quantization} 专家（当前 --ep-size 为 {ep}）"),
         Text("use --ep-size 1, or another --moe-runner-backend", "使用 --ep-size 1，或换用其他 --moe-runner-backend"),
         source=sglang_source("arg_groups/moe_hook.py:161"), extra=lambda c: {"ep": ep_size(c)}),
    # --- FlashInfer all-to-all dispatch -----------------------------------------------------------------------------
    Rule("a2a-dispatch-type-needs", "AM-E330", ("flashinfer_a2a_dispatch_type", "moe_a2a_backend", "quantization"),
         lambda c: c.flashinfer_a2a_dispatch_type not in (None, "auto") and broken_needs(DISPATCH_TYPE_NEEDS)(c),
         Text("--flashinfer-a2a-dispatch-type {flashinfer_a2a_dispatch_type} needs: {needs_en}",
              "--flashinfer-a2a-dispatch-type {flashinfer_a2a_dispatch_type} 的要求未满足：{needs_zh}"),
         Text("change the settings listed, or use --flashinfer-a2a-dispatch-type auto",
              "按上述要求修改，或改用 --flashinfer-a2a-dispatch-type auto"),
         source=sglang_source("arg_groups/moe_hook.py:311, :193, :197"), extra=needs_listed(DISPATCH_TYPE_NEEDS)),
    Rule("nvfp4-online-moe-runners", "AM-E317", ("quantization", "moe_runner_backend"),
         lambda c: c.quantization == "nvfp4_online" and c.moe_runner_backend != "auto"
         and c.moe_runner_backend not in NVFP4_ONLINE_RUNNERS and not _megamoe_w4a16(c),
         Text("--quantization nvfp4_online runs its experts only on the MoE runners {runners}, not "
              "{moe_runner_backend}", "--quantization nvfp4_online 的专家只能运行在 MoE 运行器 {runners} 上，不能用 "
              "{moe_runner_backend}"),
         Text("use --moe-runner-backend auto", "改用 --moe-runner-backend auto"),
         source=sglang_source("arg_groups/overrides.py:1471"),
         extra=lambda c: {"runners": ", ".join(NVFP4_ONLINE_RUNNERS)}),
    Rule("flashinfer-a2a-needs", "AM-E338", ("moe_a2a_backend", "attn_dp_size", "chunked_prefill_size"),
         lambda c: a2a_backend(c) == "flashinfer" and broken_needs(FLASHINFER_A2A_NEEDS)(c),
         Text("--moe-a2a-backend flashinfer needs: {needs_en}", "--moe-a2a-backend flashinfer 的要求未满足：{needs_zh}"),
         Text("set --attn-dp-size {tp_size} and keep chunked prefill on", "设置 --attn-dp-size {tp_size}，并保持分块预填充开启"),
         source=sglang_source("arg_groups/moe_hook.py:475, :531, :756"), extra=needs_listed(FLASHINFER_A2A_NEEDS)),
    # --- all-to-all backends ----------------------------------------------------------------------------------------
    Rule("flashinfer-megamoe-layout", "AM-E332", ("moe_a2a_backend", "attn_dp_size", "moe_runner_backend"),
         lambda c: a2a_backend(c) == "flashinfer_megamoe" and broken_needs(MEGAMOE_NEEDS)(c),
         Text("--moe-a2a-backend flashinfer_megamoe needs: {needs_en}",
              "--moe-a2a-backend flashinfer_megamoe 的要求未满足：{needs_zh}"),
         Text("set --attn-dp-size {tp_size} and leave --moe-runner-backend at auto",
              "设置 --attn-dp-size {tp_size}，并将 --moe-runner-backend 保持为 auto"),
         source=sglang_source("arg_groups/moe_hook.py:325, :332"), extra=needs_listed(MEGAMOE_NEEDS)),
    Rule("cutedsl-with-deepep", "AM-E333", ("moe_runner_backend", "deepep_mode", "quantization"),
         lambda c: a2a_backend(c) == "deepep" and c.moe_runner_backend == "flashinfer_cutedsl"
         and broken_needs(CUTEDSL_DEEPEP_NEEDS)(c),
         Text("--moe-runner-backend flashinfer_cutedsl with DeepEP needs: {needs_en}",
              "--moe-runner-backend flashinfer_cutedsl 配合 DeepEP 的要求未满足：{needs_zh}"),
         Text("change the settings listed, or use another --moe-a2a-backend", "按上述要求修改，或换用其他 --moe-a2a-backend"),
         source=sglang_source("arg_groups/moe_hook.py:377, :118"), extra=needs_listed(CUTEDSL_DEEPEP_NEEDS)),
    Rule("a2a-backend-without-batch-overlap", "AM-E334",
         ("moe_a2a_backend", "enable_two_batch_overlap", "enable_single_batch_overlap"),
         lambda c: a2a_backend(c) in ("deepep_v2", "megamoe")
         and (c.enable_two_batch_overlap or c.enable_single_batch_overlap),
         Text("--moe-a2a-backend {moe_a2a_backend} has no two-batch or single-batch overlap",
              "--moe-a2a-backend {moe_a2a_backend} 不支持双批次或单批次重叠"),
         Text("drop --enable-two-batch-overlap and --enable-single-batch-overlap, or use --moe-a2a-backend deepep",
              "去掉 --enable-two-batch-overlap 与 --enable-single-batch-overlap，或改用 --moe-a2a-backend deepep"),
         source=sglang_source("arg_groups/moe_hook.py:421, mega_moe_hook.py:33")),
    Rule("deepep-v2-needs", "AM-E335", ("moe_a2a_backend", "moe_runner_backend", "deepep_v2_mode"),
         lambda c: a2a_backend(c) == "deepep_v2" and broken_needs(DEEPEP_V2_NEEDS)(c),
         Text("--moe-a2a-backend deepep_v2 needs: {needs_en}", "--moe-a2a-backend deepep_v2 的要求未满足：{needs_zh}"),
         Text("change the settings listed, or use --moe-a2a-backend deepep", "按上述要求修改，或改用 --moe-a2a-backend deepep"),
         source=sglang_source("arg_groups/moe_hook.py:414, :427, :433"), extra=needs_listed(DEEPEP_V2_NEEDS)),
    Rule("deepep-v2-not-for-draft", "AM-E336", ("speculative_moe_a2a_backend", "moe_a2a_backend", "speculative_algorithm"),
         lambda c: _draft_a2a(c) == "deepep_v2",
         Text("DeepEP v2 is not validated as the draft model's all-to-all backend (the draft inherits "
              "--moe-a2a-backend unless --speculative-moe-a2a-backend says otherwise)",
              "DeepEP v2 尚未验证可作为草稿模型的 all-to-all 后端（未设置 --speculative-moe-a2a-backend 时草稿模型沿用 "
              "--moe-a2a-backend）"),
         Text("add --speculative-moe-a2a-backend deepep (or none)", "添加 --speculative-moe-a2a-backend deepep（或 none）"),
         source=sglang_source("arg_groups/moe_hook.py:635")),
    Rule("pplx-needs", "AM-E337", ("moe_a2a_backend", "deepep_mode", "attn_dp_size", "moe_runner_backend"),
         lambda c: a2a_backend(c) == "pplx" and broken_needs(PPLX_NEEDS)(c),
         Text("--moe-a2a-backend pplx needs: {needs_en}", "--moe-a2a-backend pplx 的要求未满足：{needs_zh}"),
         Text("change the settings listed, or use --moe-a2a-backend deepep", "按上述要求修改，或改用 --moe-a2a-backend deepep"),
         source=sglang_source("arg_groups/moe_hook.py:577, :591, :599"), extra=needs_listed(PPLX_NEEDS)),
    # --- rules that read the checkpoint's config.json ------------------------------------------------------------
    Rule("cutedsl-runner-quantization", "AM-E439", ("moe_runner_backend", "quantization"),
         lambda c: c.moe_runner_backend == "flashinfer_cutedsl" and c.quantization not in CUTEDSL_QUANTIZATIONS
         and not hybrid_nvfp4_moe(c),
         Text("--moe-runner-backend flashinfer_cutedsl runs ModelOpt NVFP4 (modelopt_fp4, modelopt_mixed), nvfp4_online "
              "or hybrid NVFP4-MoE checkpoints, not quantization {quant}", "--moe-runner-backend flashinfer_cutedsl 只支持 "
              "ModelOpt NVFP4（modelopt_fp4、modelopt_mixed）、nvfp4_online 或混合 NVFP4 MoE 权重，不支持量化 {quant}"),
         Text("use --moe-runner-backend auto (SGLang picks a runner for the checkpoint), or an NVFP4 checkpoint",
              "改用 --moe-runner-backend auto（由 SGLang 按权重选择），或使用 NVFP4 权重"),
         source=sglang_source("arg_groups/moe_hook.py:96"),
         extra=lambda c: {"quant": c.quantization or "bf16 (none)"}, reads_model=True),
    Rule("a2a-nvfp4-dispatch-needs-nvfp4", "AM-E440", ("flashinfer_a2a_dispatch_type", "quantization"),
         lambda c: a2a_backend(c) == "flashinfer" and c.flashinfer_a2a_dispatch_type == "nvfp4"
         and c.quantization != "modelopt_fp4" and not hybrid_nvfp4_moe(c),
         Text("--flashinfer-a2a-dispatch-type nvfp4 needs a ModelOpt NVFP4 checkpoint (modelopt_fp4) or hybrid NVFP4-MoE "
              "metadata, not quantization {quant}", "--flashinfer-a2a-dispatch-type nvfp4 需要 ModelOpt NVFP4 权重"
              "（modelopt_fp4）或混合 NVFP4 MoE 元数据，不支持量化 {quant}"),
         Text("use --flashinfer-a2a-dispatch-type auto (bf16 dispatch for this checkpoint)",
              "改用 --flashinfer-a2a-dispatch-type auto（此权重将以 bf16 分发）"),
         source=sglang_source("arg_groups/moe_hook.py:202"),
         extra=lambda c: {"quant": c.quantization or "bf16 (none)"}, reads_model=True),
    Rule("flashinfer-megamoe-model", "AM-E441", ("moe_a2a_backend", "quantization", "dtype"),
         lambda c: a2a_backend(c) == "flashinfer_megamoe" and first_problem(c, FLASHINFER_MEGAMOE_MODEL) is not None,
         Text("--moe-a2a-backend flashinfer_megamoe: {why_en}; SGLang refuses it at start-up",
              "--moe-a2a-backend flashinfer_megamoe：{why_zh}；SGLang 会在启动时拒绝"),
         Text("use --moe-a2a-backend deepep (or none) for this checkpoint", "此权重请改用 --moe-a2a-backend deepep（或 none）"),
         source=sglang_source("arg_groups/moe_hook.py:258, :275, :322"),
         extra=problem_text(FLASHINFER_MEGAMOE_MODEL, lambda c: {"architecture": architecture(c),
                                                                  "quant": c.quantization or "bf16 (none)"}),
         reads_model=True),
    Rule("deepep-v2-architecture", "AM-E442", ("moe_a2a_backend",),
         lambda c: a2a_backend(c) == "deepep_v2" and architecture(c) not in DEEPEP_V2_ARCHITECTURES,
         Text("--moe-a2a-backend deepep_v2 is validated only for the architectures {archs}, not {architecture}",
              "--moe-a2a-backend deepep_v2 只在架构 {archs} 上验证过，不支持 {architecture}"),
         Text("use --moe-a2a-backend deepep", "改用 --moe-a2a-backend deepep"),
         source=sglang_source("arg_groups/moe_hook.py:726"),
         extra=lambda c: {"archs": ", ".join(DEEPEP_V2_ARCHITECTURES), "architecture": architecture(c)},
         reads_model=True),
    Rule("a2a-dispatch-budget", "AM-E443",
         ("moe_a2a_backend", "chunked_prefill_size", "cuda_graph_max_bs_decode", "model_path"),
         lambda c: a2a_backend(c) in DISPATCH_BUDGET_ENV and first_problem(c, A2A_DISPATCH) is not None,
         Text("--moe-a2a-backend {a2a}: {why_en}; SGLang refuses it at start-up",
              "--moe-a2a-backend {a2a}：{why_zh}；SGLang 会在启动时拒绝"),
         Text("change what the message names, or use another --moe-a2a-backend",
              "按提示修改，或换用其他 --moe-a2a-backend"),
         source=sglang_source("arg_groups/moe_hook.py:716, :689, :700, :567, :615, :767"),
         extra=problem_text(A2A_DISPATCH, _dispatch_numbers)),
    # SGLang's _resolve_mori_ep_v2: an explicit SGLANG_MORI_EP_V2=true keeps EPv2 whatever it lacks; left unset, EPv2
    # is preferred only where it is supported (ROCm's aiter runner, bf16 or a DeepSeek-V4 checkpoint), none of
    # argmatrix's columns, so EPv1 runs and keeps the mode.
    Rule("mori-epv2-has-no-low-latency", "AM-W447", ("deepep_mode", "moe_a2a_backend"),
         lambda c: a2a_backend(c) == "mori" and given(c, "deepep_mode") and c.deepep_mode == "low_latency"
         and "SGLANG_MORI_EP_V2" in c.env and env_true(c, "SGLANG_MORI_EP_V2"),
         Text("MORI EPv2 (SGLANG_MORI_EP_V2 set true) has no low-latency kernel: SGLang replaces --deepep-mode "
              "low_latency by normal without failing",
              "MORI EPv2（SGLANG_MORI_EP_V2 设为 true）没有低延迟算子：SGLang 会把 --deepep-mode low_latency "
              "直接改为 normal"),
         Text("write --deepep-mode normal (or auto), or set SGLANG_MORI_EP_V2=false to run MORI EPv1 in low-latency "
              "mode", "改写为 --deepep-mode normal（或 auto），或设置 SGLANG_MORI_EP_V2=false 改用支持低延迟模式的 MORI EPv1"),
         severity="warning", source=sglang_source("arg_groups/moe_hook.py:558")),
]
