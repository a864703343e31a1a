"""SGLang's speculative decoding checks that read the draft model's config.json (arg_groups/speculative_hook.py
_resolve_speculative_algorithm_alias): they run once the draft's config.json is local (``Rule.reads_model``)."""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import sglang_source

# The draft architectures SGLang runs as FROZEN_KV_MTP instead of EAGLE (speculative_hook.py:96).
GEMMA4_ASSISTANT_DRAFTS = ("Gemma4AssistantForCausalLM", "Gemma4UnifiedAssistantForCausalLM")


def gemma4_assistant_draft(c: RuleContext) -> bool:
    return c.draft is not None and any(a in GEMMA4_ASSISTANT_DRAFTS for a in c.draft.raw.get("architectures") or [])


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
]
