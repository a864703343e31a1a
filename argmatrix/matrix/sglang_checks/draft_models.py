"""SGLang's speculative decoding checks that read the draft model's config.json (arg_groups/speculative_hook.py
_resolve_speculative_algorithm_alias): they run once the draft's config.json is local (``Rule.reads_model``).

A Gemma4 assistant draft turns --speculative-algorithm NEXTN or EAGLE into FROZEN_KV_MTP, and the checks after
that read FROZEN_KV_MTP: the rules of speculative.py, which see the flags only, read NEXTN as EAGLE, so the ones
that treat FROZEN_KV_MTP differently are repeated here for that draft."""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import Problem, env_true, first_problem, problem_text, sglang_source

# The draft architectures SGLang runs as FROZEN_KV_MTP instead of EAGLE (speculative_hook.py:96).
GEMMA4_ASSISTANT_DRAFTS = ("Gemma4AssistantForCausalLM", "Gemma4UnifiedAssistantForCausalLM")


def gemma4_assistant_draft(c: RuleContext) -> bool:
    return c.draft is not None and any(a in GEMMA4_ASSISTANT_DRAFTS for a in c.draft.raw.get("architectures") or [])


def promoted_to_frozen_kv_mtp(c: RuleContext) -> bool:
    """NEXTN or EAGLE with a Gemma4 assistant draft, which SGLang runs as FROZEN_KV_MTP (speculative_hook.py:108)."""
    return c.speculative_algorithm in ("NEXTN", "EAGLE") and gemma4_assistant_draft(c)


FROZEN_KV_MTP_REFUSES: list[Problem] = [
    (lambda c: c.disaggregation_mode == "decode" and c.disaggregation_decode_enable_radix_cache,
     Text("a PD decode server keeps no radix cache with it (--disaggregation-decode-enable-radix-cache)",
          "该算法下 PD 解码实例不能保留前缀缓存（--disaggregation-decode-enable-radix-cache）")),
    (lambda c: c.speculative_use_block_verification,
     Text("it does not support --speculative-use-block-verification", "它不支持 --speculative-use-block-verification")),
    (lambda c: env_true(c, "SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION"),
     Text("SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION needs EAGLE, EAGLE3 or DSPARK",
          "设置 SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION 时只能使用 EAGLE、EAGLE3 或 DSPARK")),
]

RULES: list[Rule] = [
    Rule("eagle3-not-for-gemma4-assistant-draft", "AM-E419", ("speculative_algorithm", "speculative_draft_model_path"),
         lambda c: c.speculative_algorithm == "EAGLE3" and gemma4_assistant_draft(c),
         Text("--speculative-algorithm EAGLE3 does not take a Gemma4 assistant draft ({speculative_draft_model_path}); "
              "SGLang refuses the launch at start-up",
              "--speculative-algorithm EAGLE3 不能使用 Gemma4 assistant 草稿模型（{speculative_draft_model_path}）；"
              "SGLang 启动时会拒绝该配置"),
         Text("use --speculative-algorithm NEXTN (SGLang runs this draft as FROZEN_KV_MTP), or an EAGLE3 draft model",
              "改用 --speculative-algorithm NEXTN（SGLang 会以 FROZEN_KV_MTP 运行该草稿模型），或换用 EAGLE3 草稿模型"),
         reads_model=True, source=sglang_source("arg_groups/speculative_hook.py:103")),
    Rule("gemma4-draft-frozen-kv-mtp-refusals", "AM-E420", ("speculative_use_block_verification",
                                                            "disaggregation_decode_enable_radix_cache",
                                                            "speculative_draft_model_path"),
         lambda c: promoted_to_frozen_kv_mtp(c) and first_problem(c, FROZEN_KV_MTP_REFUSES) is not None,
         Text("SGLang runs --speculative-algorithm {speculative_algorithm} with this Gemma4 assistant draft as "
              "FROZEN_KV_MTP, and {why_en}; it refuses the launch at start-up",
              "SGLang 会以 FROZEN_KV_MTP 运行使用该 Gemma4 assistant 草稿模型的 --speculative-algorithm "
              "{speculative_algorithm}，但{why_zh}；SGLang 启动时会拒绝该配置"),
         Text("drop that setting, or use an EAGLE draft model", "去掉该设置，或换用 EAGLE 草稿模型"),
         reads_model=True, source=sglang_source("arg_groups/speculative_hook.py:169, :177, :257"),
         extra=problem_text(FROZEN_KV_MTP_REFUSES)),
    Rule("gemma4-draft-turns-mixed-chunk-off", "AM-W421", ("enable_mixed_chunk", "speculative_draft_model_path"),
         lambda c: promoted_to_frozen_kv_mtp(c) and c.enable_mixed_chunk,
         Text("--enable-mixed-chunk is turned off by SGLang: it runs --speculative-algorithm {speculative_algorithm} "
              "with this Gemma4 assistant draft as FROZEN_KV_MTP, which does not support mixed chunked prefill",
              "SGLang 会关闭 --enable-mixed-chunk：它以 FROZEN_KV_MTP 运行使用该 Gemma4 assistant 草稿模型的 "
              "--speculative-algorithm {speculative_algorithm}，而该算法不支持混合分块预填充"),
         Text("drop --enable-mixed-chunk", "去掉 --enable-mixed-chunk"),
         severity="warning", reads_model=True, source=sglang_source("arg_groups/speculative_hook.py:1008")),
]
