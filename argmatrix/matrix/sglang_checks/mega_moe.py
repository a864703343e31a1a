"""SGLang's MegaMoE per-rank token budget (``arg_groups/mega_moe_hook.py``), read from 0.5.23.

With ``--moe-a2a-backend megamoe`` the DeepGEMM MegaMoE kernel dispatches through a buffer of
SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK tokens (8192 unless set). For the architectures whose MoE
block has no fused-MoE fallback, and for NVFP4 experts, SGLang checks at start-up that one rank's share of a
prefill chunk fits that buffer; which architectures those are is the model's config.json (``reads_model``).
The decode-side half of the check (:174) is judged only when --cuda-graph-max-bs-decode fixes the decode batch;
otherwise SGLang derives it from the GPU's memory, and the check is left to it.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import (
    Problem,
    a2a_backend,
    architecture,
    attn_dp,
    chunk,
    chunk_per_rank,
    deepseek_cp_width,
    family,
    first_problem,
    problem_text,
    sglang_source,
    target,
    tp_per_attn_dp,
)

# mega_moe_hook.py MEGA_MOE_NO_FALLBACK_ARCHS: MoE blocks with no fused-MoE fallback under megamoe
NO_FALLBACK_ARCHITECTURES = frozenset({
    "DeepseekV4ForCausalLM", "InternS2PreviewForConditionalGeneration", "MellumForCausalLM", "Qwen2MoeForCausalLM",
    "Qwen3MoeForCausalLM", "Qwen3NextForCausalLM", "Qwen3VLMoeForConditionalGeneration", "Qwen3_5MoeForCausalLM",
    "Qwen3_5MoeForConditionalGeneration",
})
NVFP4_QUANTIZATIONS = ("modelopt_fp4", "minimax_m3_nvfp4")
DEFAULT_BUDGET = 8192  # environ.py SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK


def megamoe(c: RuleContext) -> bool:
    """--moe-a2a-backend megamoe, or --moe-runner-backend megamoe, its alias (mega_moe_hook.py:259)."""
    return a2a_backend(c) == "megamoe" or c.moe_runner_backend == "megamoe"


def needs_budget(c: RuleContext) -> bool:
    """mega_moe_needs_token_budget: an architecture without fallback, or NVFP4 experts (they are repacked at load)."""
    quant = target(c).raw.get("quantization_config")
    algo = str(quant.get("quant_algo", "")) if isinstance(quant, dict) else ""
    return (architecture(c) in NO_FALLBACK_ARCHITECTURES or c.quantization in NVFP4_QUANTIZATIONS
            or "FP4" in algo)


def budget(c: RuleContext) -> int | None:
    """The buffer's size per rank, as SGLang's EnvInt reads it; None when the value is no integer (SGLang refuses
    that itself, elsewhere)."""
    try:
        return int(str(c.env.get("SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK", DEFAULT_BUDGET)))
    except ValueError:
        return None


def _cp_size(c: RuleContext) -> int | None:
    """The attention-CP width the check divides by: --attn-cp-size, or under --enable-prefill-cp on DeepSeek-V4 the
    rest of the TP group (deepseek_v4_hook.py validate_deepseek_v4_cp); None where SGLang's model code decides it."""
    if c.attn_cp_size > 1 or not c.enable_prefill_cp:
        return int(c.attn_cp_size)
    if architecture(c) == "DeepseekV4ForCausalLM":
        return max(deepseek_cp_width(c), 1)
    return None


def _partition(c: RuleContext) -> tuple[str, int, int, int]:
    """(partition name, its size, the alignment, one rank's share of the chunk), as validate_mega_moe_token_budget
    splits --chunked-prefill-size."""
    # under attention DP SGLang has already divided the chunk by the DP width (parallel_hook.py:331); this check
    # divides it once more
    chunk, tp, cp = chunk_per_rank(c), int(c.tp_size), _cp_size(c) or 1
    if c.enable_prefill_cp:
        return "attn_cp_size", cp, 1, -(-chunk // cp)
    if attn_dp(c) > 1:
        adp = attn_dp(c)
        return "attn_dp_size", adp, max(tp // adp // cp, 1), chunk // adp
    return "none", 1, max(tp // cp, 1), chunk


def _required(c: RuleContext) -> int:
    _, _, align, local = _partition(c)
    return -(-local // align) * align


def _checks_prefill(c: RuleContext) -> bool:
    """The prefill half runs except on a PD decode server, and under PP with dynamic chunking."""
    return (c.disaggregation_mode != "decode" and not (c.pp_size > 1 and c.enable_dynamic_chunking)
            and c.chunked_prefill_size is not None and budget(c) is not None and _cp_size(c) is not None)


def decode_tokens(c: RuleContext) -> int | None:
    """The largest decode forward on one rank (mega_moe_decode_tokens_per_rank): the decode CUDA-graph batch, capped
    by this rank's share of --max-running-requests. Known only when --cuda-graph-max-bs-decode fixes the batch (else
    SGLang sizes it from the GPU's memory) and without speculative decoding (whose verify batch SGLang resizes)."""
    if c.cuda_graph_max_bs_decode is None or c.speculative_algorithm is not None:
        return None
    tokens = int(c.cuda_graph_max_bs_decode)
    if c.max_running_requests is not None:
        adp, align = attn_dp(c), tp_per_attn_dp(c)
        tokens = min(tokens, -(-(int(c.max_running_requests) // adp) // align) * align)
    return tokens


BUDGET: list[Problem] = [
    (lambda c: c.disaggregation_mode != "prefill" and (decode_tokens(c) or 0) > (budget(c) or 0)
     and budget(c) is not None,
     Text("its largest decode forward is {decode} tokens per rank (--cuda-graph-max-bs-decode "
          "{cuda_graph_max_bs_decode}, capped by --max-running-requests), more than the {budget} of "
          "SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK", "其最大的解码前向每个 rank 有 {decode} 个词元"
          "（--cuda-graph-max-bs-decode {cuda_graph_max_bs_decode}，受 --max-running-requests 限制），超过 "
          "SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK 的 {budget}")),
    (lambda c: _checks_prefill(c) and chunk(c) <= 0,
     Text("it needs chunked prefill (a positive --chunked-prefill-size bounds what one rank dispatches), not "
          "--chunked-prefill-size {chunked_prefill_size}", "它需要分块预填充（正的 --chunked-prefill-size 才能限定每个 "
          "rank 分发的词元数），不能使用 --chunked-prefill-size {chunked_prefill_size}")),
    (lambda c: _checks_prefill(c) and _partition(c)[3] <= 0,
     Text("--chunked-prefill-size {chunked_prefill_size} leaves no token per rank once split over {part} "
          "{part_size}", "--chunked-prefill-size {chunked_prefill_size} 按 {part} {part_size} 切分后每个 rank 没有词元")),
    (lambda c: _checks_prefill(c) and _required(c) > (budget(c) or 0),
     Text("one rank's share of a prefill chunk is {required} tokens (--chunked-prefill-size {chunked_prefill_size} "
          "split over {part} {part_size}, after the attention-DP split, aligned to {align}), more than the {budget} of "
          "SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK", "每个 rank 分到的预填充分块为 {required} 个词元"
          "（--chunked-prefill-size {chunked_prefill_size} 先按注意力数据并行切分，再按 {part} {part_size} 切分、对齐到 "
          "{align}），超过 "
          "SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK 的 {budget}")),
]


def _numbers(c: RuleContext) -> dict[str, object]:
    if c.chunked_prefill_size is None or c.chunked_prefill_size <= 0 or _cp_size(c) is None:
        return {"budget": budget(c), "decode": decode_tokens(c)}
    part, size, align, _ = _partition(c)
    return {"part": part, "part_size": size, "align": align, "required": _required(c), "budget": budget(c),
            "decode": decode_tokens(c)}


RULES: list[Rule] = [
    Rule("megamoe-token-budget", "AM-E438",
         ("moe_a2a_backend", "chunked_prefill_size", "attn_dp_size", "tp_size"),
         lambda c: family(c) == "gpu" and megamoe(c) and not c.encoder_only and needs_budget(c)
         and first_problem(c, BUDGET) is not None,
         Text("--moe-a2a-backend megamoe on {architecture}: {why_en}; SGLang refuses it at start-up",
              "{architecture} 上的 --moe-a2a-backend megamoe：{why_zh}；SGLang 会在启动时拒绝"),
         Text("keep a positive --chunked-prefill-size and --cuda-graph-max-bs-decode within the budget per rank, or "
              "raise SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK", "使正的 --chunked-prefill-size 与 "
              "--cuda-graph-max-bs-decode 不超过每 rank 预算，或调大 SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK"),
         source=sglang_source("arg_groups/mega_moe_hook.py:174, :192, :226, :241"),
         extra=problem_text(BUDGET, lambda c: {**_numbers(c), "architecture": architecture(c)}),
         reads_model=True),
]
