"""SGLang's start-up checks on the radix cache of Mamba-hybrid models (``arg_groups/mamba_hook.py``
validate_mamba_extra_buffer and validate_mamba_no_buffer, run from model_hook.py handle_mamba_radix_cache), read from
0.5.23.  They need the model's architecture, so they run once its config.json was read.

The strategy judged is the one SGLang resolves (overrides.py _mamba_radix_cache_resolution): the launch's, or for
``auto`` extra_buffer where the model supports it and the overlap scheduler or pages above 1 want it, else no_buffer
with the overlap scheduler turned off.  Models registered through SGLang's linear-attention registry by config
predicate alone (e.g. GigaChat 3.5) are not recognised here; the rules then say nothing.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import Problem, architecture, as_list, family, first_problem, problem_text, sglang_source, target

# overrides.py _MAMBA_RADIX_CACHE_ARCHS: the architectures whose radix cache holds Mamba states (GraniteMoeHybrid
# only when one of its layer_types is mamba).
MAMBA_RADIX_ARCHITECTURES = frozenset({
    "KimiLinearForCausalLM", "KimiK3ForConditionalGeneration", "BailingMoeV2_5ForCausalLM", "BailingMoeV3ForCausalLM",
    "BailingMoeV3VLForConditionalGeneration", "Qwen3NextForCausalLM", "Qwen3_5MoeForConditionalGeneration",
    "InternS2PreviewForConditionalGeneration", "InternS2MobiusForConditionalGeneration",
    "Qwen3_5ForConditionalGeneration", "Qwen3_5MoeForCausalLM", "Qwen3_5ForCausalLM",
    "Qwen4ExpForConditionalGeneration", "MiniCPMV4_6ForConditionalGeneration", "MiniCPMV4_7ForConditionalGeneration",
    "NemotronHForCausalLM", "NemotronHPuzzleForCausalLM", "NemotronH_Omni_Reasoning_V3", "FalconH1ForCausalLM",
    "JetNemotronForCausalLM", "JetVLMForConditionalGeneration", "Lfm2ForCausalLM", "Lfm2MoeForCausalLM",
    "ZayaForCausalLM", "Glm5NextForConditionalGeneration",
})
# overrides.py _MAMBA_EXTRA_BUFFER_ARCHS: those that also take the extra_buffer strategy (on the triton
# linear-attention backend only, supports_mamba_cache_extra_buffer).
EXTRA_BUFFER_ARCHITECTURES = frozenset({
    "KimiLinearForCausalLM", "Qwen3_5ForConditionalGeneration", "Qwen3_5MoeForConditionalGeneration",
    "Qwen3_5MoeForCausalLM", "Qwen3_5ForCausalLM", "Qwen3NextForCausalLM", "Qwen4ExpForConditionalGeneration",
    "InternS2PreviewForConditionalGeneration", "MiniCPMV4_6ForConditionalGeneration",
    "MiniCPMV4_7ForConditionalGeneration", "BailingMoeV2_5ForCausalLM", "BailingMoeV3ForCausalLM",
    "BailingMoeV3VLForConditionalGeneration", "FalconH1ForCausalLM", "GraniteMoeHybridForCausalLM",
    "Glm5NextForConditionalGeneration", "NemotronHForCausalLM", "NemotronHPuzzleForCausalLM",
    "NemotronH_Omni_Reasoning_V3", "KimiK3ForConditionalGeneration", "InklingForConditionalGeneration",
    "InklingForConditionalGenerationMTP",
})
EXTRA_BUFFER = ("extra_buffer", "extra_buffer_lazy")


def mamba_radix_cache(c: RuleContext) -> bool:
    """The radix cache holds Mamba states: a Mamba-hybrid architecture with the radix cache on."""
    arch = architecture(c)
    hybrid = arch in MAMBA_RADIX_ARCHITECTURES or (
        arch == "GraniteMoeHybridForCausalLM" and "mamba" in as_list(target(c).raw.get("layer_types")))
    return hybrid and not c.disable_radix_cache


def extra_buffer_supported(c: RuleContext) -> bool:
    return architecture(c) in EXTRA_BUFFER_ARCHITECTURES and c.linear_attn_backend == "triton"


def strategy(c: RuleContext) -> str:
    """--mamba-radix-cache-strategy as SGLang resolves it (overrides.py:477)."""
    if c.mamba_radix_cache_strategy != "auto":
        return str(c.mamba_radix_cache_strategy)
    paged = c.page_size is not None and c.page_size > 1
    return "extra_buffer" if (not c.disable_overlap_schedule or paged) and extra_buffer_supported(c) else "no_buffer"


def overlap_on(c: RuleContext) -> bool:
    """The overlap scheduler certainly stays on: not turned off, and none of what SGLang turns it off for
    (pipeline parallelism, speculative decoding) is asked for."""
    return not c.disable_overlap_schedule and c.pp_size == 1 and c.speculative_algorithm is None


MAMBA_RADIX: list[Problem] = [
    # validate_mamba_extra_buffer
    (lambda c: strategy(c) in EXTRA_BUFFER and not extra_buffer_supported(c),
     Text("{strategy} is not supported for {arch} with --linear-attn-backend {linear_attn_backend} (it needs a model "
          "that takes it, on the triton backend)", "{arch} 在 --linear-attn-backend {linear_attn_backend} 下不支持 "
          "{strategy}（需要支持它的模型，并使用 triton 后端）")),
    (lambda c: strategy(c) in EXTRA_BUFFER and family(c) == "cpu",
     Text("{strategy} needs Mamba state snapshots, which SGLang does not take on CPU",
          "{strategy} 需要 Mamba 状态快照，SGLang 在 CPU 上不支持")),
    (lambda c: strategy(c) == "extra_buffer_lazy" and c.disaggregation_mode != "null",
     Text("extra_buffer_lazy does not work under PD disaggregation (--disaggregation-mode {disaggregation_mode})",
          "extra_buffer_lazy 不能用于 PD 分离部署（--disaggregation-mode {disaggregation_mode}）")),
    (lambda c: strategy(c) in EXTRA_BUFFER and c.speculative_num_draft_tokens is not None
     and c.mamba_track_interval < c.speculative_num_draft_tokens,
     Text("--mamba-track-interval {mamba_track_interval} is below --speculative-num-draft-tokens "
          "{speculative_num_draft_tokens}", "--mamba-track-interval {mamba_track_interval} 小于 "
          "--speculative-num-draft-tokens {speculative_num_draft_tokens}")),
    (lambda c: strategy(c) in EXTRA_BUFFER and c.page_size is not None and c.mamba_track_interval % c.page_size != 0,
     Text("--mamba-track-interval {mamba_track_interval} is not a multiple of --page-size {page_size}",
          "--mamba-track-interval {mamba_track_interval} 不是 --page-size {page_size} 的整数倍")),
    # validate_mamba_no_buffer
    (lambda c: strategy(c) == "no_buffer" and c.page_size not in (1, None),
     Text("no_buffer needs --page-size 1, not {page_size}", "no_buffer 需要 --page-size 1，而不是 {page_size}")),
    (lambda c: c.mamba_radix_cache_strategy == "no_buffer" and overlap_on(c),
     Text("no_buffer does not work with the overlap scheduler (add --disable-overlap-schedule)",
          "no_buffer 不能与重叠调度同时使用（请添加 --disable-overlap-schedule）")),
    (lambda c: strategy(c) == "no_buffer" and c.attention_backend == "trtllm_mha",
     Text("no_buffer does not work with --attention-backend trtllm_mha", "no_buffer 不能与 --attention-backend "
          "trtllm_mha 同时使用")),
]


RULES: list[Rule] = [
    Rule("mamba-radix-cache-strategy", "AM-E476", ("mamba_radix_cache_strategy", "mamba_track_interval", "page_size",
                                                    "linear_attn_backend"),
         lambda c: mamba_radix_cache(c) and first_problem(c, MAMBA_RADIX) is not None,
         Text("the Mamba radix cache of {arch} (strategy {strategy}): {why_en}",
              "{arch} 的 Mamba 前缀缓存（策略 {strategy}）：{why_zh}"),
         Text("leave --mamba-radix-cache-strategy auto, or fix what is named (no_buffer: --page-size 1 and "
              "--disable-overlap-schedule; extra_buffer: --linear-attn-backend triton and a --mamba-track-interval "
              "that is a multiple of the page size)", "保持 --mamba-radix-cache-strategy auto，或按上述说明修改"
              "（no_buffer：--page-size 1 并加 --disable-overlap-schedule；extra_buffer：--linear-attn-backend triton，"
              "且 --mamba-track-interval 为页大小的整数倍）"),
         source=sglang_source("arg_groups/mamba_hook.py:117, :120, :125, :133, :135, :157, :158, :161"),
         reads_model=True,
         extra=problem_text(MAMBA_RADIX, lambda c: {"arch": architecture(c), "strategy": strategy(c)})),
]
