"""SGLang's speculative-decoding checks whose outcome the model's config.json decides (arg_groups/speculative_hook.py):
a Gemma4 MTP assistant draft, which turns EAGLE and NEXTN into FROZEN_KV_MTP and refuses EAGLE3; the independent MTP
draft an IQuest Q1 target needs; and the EAGLE shape SGLang picks from the target's architecture when the launch
names none (top-k 4 for Llama and Grok).

These rules read ``c.model`` / ``c.draft`` (``reads_model``): they run once the local config.json files were read;
for a hub id SGLang reads them at start-up and check-config says the model checks were skipped.
"""
from __future__ import annotations

from collections.abc import Mapping

from ...schema.meta import Text
from ..rules import ModelView, Rule, RuleContext
from .common import (
    Problem,
    architecture,
    as_int,
    as_list,
    as_mapping,
    env_true,
    first_problem,
    problem_text,
    sglang_source,
    target,
)
from .resolved import adaptive_stays_on, attention_backends, rejection_sampling

# _resolve_speculative_algorithm_alias (speculative_hook.py:97): a draft naming one of these is a Gemma4 assistant.
GEMMA4_ASSISTANTS = ("Gemma4AssistantForCausalLM", "Gemma4UnifiedAssistantForCausalLM")
# _auto_choose_speculative_params (speculative_hook.py:1430): the targets for which SGLang drafts a tree of top-k 4
# (steps 5, draft tokens 8); every other target, and STANDALONE, gets a chain of top-k 1 (3, 1, 4).
TREE_DRAFT_TARGETS = ("LlamaForCausalLM", "Grok1ForCausalLM", "Grok1VForCausalLM")
AUTO_TREE_TOPK = 4
PAGE_TREE_BACKENDS = ("flashinfer", "fa3", "triton")  # speculative_hook.py:1271


def gemma4_draft(c: RuleContext) -> bool:
    """The draft's config.json names a Gemma4 assistant architecture (any of its architectures)."""
    if c.speculative_draft_model_path is None or c.draft is None:
        return False
    return any(arch in GEMMA4_ASSISTANTS for arch in as_list(c.draft.raw.get("architectures")))


def promoted_to_frozen_kv_mtp(c: RuleContext) -> bool:
    """EAGLE or NEXTN with a Gemma4 assistant draft: SGLang runs FROZEN_KV_MTP (speculative_hook.py:109)."""
    return c.speculative_algorithm in ("EAGLE", "NEXTN") and gemma4_draft(c)


def auto_topk(c: RuleContext) -> int | None:
    """The top-k SGLang chooses for an EAGLE-family launch that names neither steps, top-k nor draft tokens; None when
    the launch (or --speculative-adaptive, or an IQuest Q1 draft, which reads its own) decides it."""
    if c.speculative_algorithm not in ("EAGLE", "EAGLE3", "NEXTN") or promoted_to_frozen_kv_mtp(c):
        return None
    if adaptive_stays_on(c) or architecture(c) == "IQuestQ1ForCausalLM":
        return None
    if any(v is not None for v in (c.speculative_num_steps, c.speculative_eagle_topk, c.speculative_num_draft_tokens)):
        return None  # given: the shape rules of speculative.py read the launch's own values
    return AUTO_TREE_TOPK if architecture(c) in TREE_DRAFT_TARGETS else 1


FROZEN_KV_MTP_DRAFT: list[Problem] = [
    (lambda c: c.speculative_algorithm == "EAGLE3",
     Text("SGLang refuses EAGLE3 for it (it runs with EAGLE or NEXTN, as FROZEN_KV_MTP)",
          "SGLang 不允许它与 EAGLE3 同用（它配合 EAGLE 或 NEXTN，以 FROZEN_KV_MTP 方式运行）")),
    (lambda c: promoted_to_frozen_kv_mtp(c) and c.disaggregation_mode == "decode"
     and c.disaggregation_decode_enable_radix_cache,
     Text("SGLang runs it as FROZEN_KV_MTP, which a PD decode server with --disaggregation-decode-enable-radix-cache "
          "does not support", "SGLang 以 FROZEN_KV_MTP 方式运行它，而启用 --disaggregation-decode-enable-radix-cache "
          "的 PD 解码实例不支持 FROZEN_KV_MTP")),
    (lambda c: promoted_to_frozen_kv_mtp(c) and c.speculative_use_block_verification,
     Text("SGLang runs it as FROZEN_KV_MTP, for which --speculative-use-block-verification is not available",
          "SGLang 以 FROZEN_KV_MTP 方式运行它，FROZEN_KV_MTP 不支持 --speculative-use-block-verification")),
    (lambda c: promoted_to_frozen_kv_mtp(c) and env_true(c, "SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION"),
     Text("SGLang runs it as FROZEN_KV_MTP, which SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION does not support",
          "SGLang 以 FROZEN_KV_MTP 方式运行它，而 SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION 不支持 FROZEN_KV_MTP")),
]

AUTO_TREE: list[Problem] = [
    (lambda c: "trtllm_mha" in attention_backends(c),
     Text("the trtllm_mha attention backend drafts only with top-k 1",
          "trtllm_mha 注意力后端只支持 top-k 1 的草稿")),
    (rejection_sampling,
     Text("rejection sampling (--speculative-use-rejection-sampling, or the block verification that turns it on) "
          "needs top-k 1", "拒绝采样（--speculative-use-rejection-sampling，或会开启它的块验证）要求 top-k 1")),
    (lambda c: (c.page_size or 1) > 1 and c.attention_backend is not None
     and c.attention_backend not in PAGE_TREE_BACKENDS,
     Text("a draft tree on pages of {page_size} tokens works only with the flashinfer, fa3 or triton attention "
          "backends, not {attention_backend}", "页大小为 {page_size} 时，草稿树只能配合 flashinfer、fa3 或 triton "
          "注意力后端，不能配合 {attention_backend}")),
]


IQUEST_TARGET = "IQuestQ1ForCausalLM"
IQUEST_DRAFT_TYPE = "iquest_q1_mtp"  # configs/iquest_q1.py IQuestQ1MTPConfig.model_type
IQUEST_DEFAULT_SLOTS = 7             # IQuestQ1MTPConfig num_draft_slots
IQUEST_DEFAULT_TARGET_LAYERS = 88    # IQuestQ1MTPConfig, when neither it nor its target_config names the count


def iquest_mtp(c: RuleContext) -> bool:
    """_handle_iquest_q1_mtp_draft runs: an EAGLE-family launch on an IQuest Q1 target (speculative_hook.py:1158)."""
    return (c.speculative_algorithm in ("EAGLE", "EAGLE3", "NEXTN", "STANDALONE") and not promoted_to_frozen_kv_mtp(c)
            and architecture(c) == IQUEST_TARGET)


def _iquest_draft(c: RuleContext) -> ModelView | None:
    """The draft's facts, when argmatrix read a config.json for it (None for a hub id)."""
    return c.draft if c.speculative_draft_model_path not in (None, c.model_path) else None


def _iquest_target_layers(raw: Mapping[str, object]) -> int:
    layers = raw.get("num_target_layers") or as_mapping(raw.get("target_config")).get("num_hidden_layers")
    return as_int(layers, IQUEST_DEFAULT_TARGET_LAYERS)


def _iquest_steps(c: RuleContext) -> int | None:
    """The draft steps: --speculative-num-steps, else the draft's num_draft_slots (None: a draft argmatrix has not
    read)."""
    if c.speculative_num_steps is not None:
        return int(c.speculative_num_steps)
    draft = _iquest_draft(c)
    return as_int(draft.raw.get("num_draft_slots"), IQUEST_DEFAULT_SLOTS) if _is_mtp_draft(c) and draft else None


def _width_problem(c: RuleContext) -> bool:
    steps = _iquest_steps(c)
    return steps is not None and c.speculative_num_draft_tokens not in (None, steps + 1)


def _mtp_draft(c: RuleContext) -> ModelView | None:
    """The draft's facts when they are an IQuest Q1 MTP checkpoint's."""
    draft = _iquest_draft(c)
    return draft if draft is not None and draft.raw.get("model_type") == IQUEST_DRAFT_TYPE else None


def _is_mtp_draft(c: RuleContext) -> bool:
    return _mtp_draft(c) is not None


# In the order _handle_iquest_q1_mtp_draft checks them (:1023 .. :1051); --speculative-num-steps is 1 or more in the
# schema and num_draft_slots in the draft's config class, so the positive-steps check (:1041) never fails here.
IQUEST_MTP_DRAFT: list[Problem] = [
    (lambda c: c.speculative_draft_model_path in (None, c.model_path),
     Text("it needs its own MTP draft checkpoint in --speculative-draft-model-path, not the target's path",
          "它需要在 --speculative-draft-model-path 中给出独立的 MTP 草稿检查点，而不是目标模型的路径")),
    (lambda c: _iquest_draft(c) is not None and not _is_mtp_draft(c),
     Text("the draft's config.json is no IQuest Q1 MTP checkpoint (model_type {draft_type}, not iquest_q1_mtp)",
          "草稿模型的 config.json 不是 IQuest Q1 MTP 检查点（model_type 为 {draft_type}，而不是 iquest_q1_mtp）")),
    (lambda c: (draft := _mtp_draft(c)) is not None and (draft.hidden_size != target(c).hidden_size
                                                         or draft.vocab_size != target(c).vocab_size),
     Text("the MTP draft's hidden size and vocabulary ({draft_hidden}, {draft_vocab}) must equal the target's "
          "({hidden}, {vocab})", "MTP 草稿的隐藏维度与词表（{draft_hidden}、{draft_vocab}）必须与目标模型相同"
          "（{hidden}、{vocab}）")),
    (lambda c: (draft := _mtp_draft(c)) is not None and _iquest_target_layers(draft.raw) != target(c).layers,
     Text("the MTP draft was made for a target of {draft_target_layers} layers, this one has {layers}",
          "该 MTP 草稿对应 {draft_target_layers} 层的目标模型，而当前目标模型有 {layers} 层")),
    (lambda c: c.speculative_token_map is not None,
     Text("its MTP draft has its own full-vocabulary embedding and head: --speculative-token-map does not apply",
          "它的 MTP 草稿自带完整词表的嵌入与输出头：不能使用 --speculative-token-map")),
    (lambda c: c.speculative_eagle_topk not in (None, 1),
     Text("the MTP draft is a chain: --speculative-eagle-topk must be 1, not {speculative_eagle_topk}",
          "MTP 草稿是一条链：--speculative-eagle-topk 必须为 1，而不是 {speculative_eagle_topk}")),
    (_width_problem,
     Text("the verify width is the draft steps + 1 ({width}), not --speculative-num-draft-tokens "
          "{speculative_num_draft_tokens}", "验证宽度等于草稿步数 + 1（{width}），而不是 --speculative-num-draft-tokens "
          "{speculative_num_draft_tokens}")),
]


def _iquest_numbers(c: RuleContext) -> dict[str, object]:
    draft = _iquest_draft(c)
    raw = draft.raw if draft is not None else {}
    return {"draft_type": raw.get("model_type") or "?", "draft_hidden": getattr(draft, "hidden_size", "?"),
            "draft_vocab": getattr(draft, "vocab_size", "?"), "hidden": target(c).hidden_size,
            "vocab": target(c).vocab_size, "layers": target(c).layers,
            "draft_target_layers": _iquest_target_layers(raw) if draft is not None else "?",
            "width": (_iquest_steps(c) or 0) + 1}


def _draft_arch(c: RuleContext) -> dict[str, object]:
    archs = as_list(c.draft.raw.get("architectures")) if c.draft is not None else []
    return {"draft_arch": next((a for a in archs if a in GEMMA4_ASSISTANTS), "?")}


def _tree_numbers(c: RuleContext) -> dict[str, object]:
    return {"arch": architecture(c), "topk": AUTO_TREE_TOPK}


def _mixed_chunk_message(promoted: bool) -> Text:
    how_en = ("--speculative-algorithm {speculative_algorithm} with a Gemma4 assistant draft runs as FROZEN_KV_MTP, "
              "which") if promoted else "--speculative-algorithm FROZEN_KV_MTP"
    how_zh = ("--speculative-algorithm {speculative_algorithm} 配合 Gemma4 assistant 草稿时以 FROZEN_KV_MTP 方式运行，"
              "它") if promoted else "--speculative-algorithm FROZEN_KV_MTP "
    return Text(f"--enable-mixed-chunk is turned off by SGLang: {how_en} does not support mixed chunked prefill",
                f"SGLang 会关闭 --enable-mixed-chunk：{how_zh}不支持混合分块预填充")


MIXED_CHUNK_HINT = Text("drop --enable-mixed-chunk", "去掉 --enable-mixed-chunk")

RULES: list[Rule] = [
    Rule("gemma4-assistant-draft", "AM-E426", ("speculative_algorithm", "speculative_draft_model_path"),
         lambda c: gemma4_draft(c) and first_problem(c, FROZEN_KV_MTP_DRAFT) is not None,
         Text("the draft model is a Gemma4 MTP assistant ({draft_arch}): {why_en}",
              "草稿模型是 Gemma4 MTP assistant（{draft_arch}）：{why_zh}"),
         Text("use --speculative-algorithm NEXTN (or EAGLE) with this draft, without the feature the reason names",
              "该草稿请配合 --speculative-algorithm NEXTN（或 EAGLE）使用，并去掉原因中提到的功能"),
         source=sglang_source("arg_groups/speculative_hook.py:103, :169, :177, :257"), reads_model=True,
         extra=problem_text(FROZEN_KV_MTP_DRAFT, _draft_arch)),
    Rule("iquest-q1-mtp-draft", "AM-E426", ("speculative_draft_model_path", "speculative_algorithm",
                                             "speculative_token_map", "speculative_eagle_topk",
                                             "speculative_num_draft_tokens"),
         lambda c: iquest_mtp(c) and first_problem(c, IQUEST_MTP_DRAFT) is not None,
         Text("an IQuest Q1 target drafts with its MTP checkpoint: {why_en}", "IQuest Q1 目标模型使用其 MTP 检查点草拟："
              "{why_zh}"),
         Text("give the IQuest Q1 MTP draft checkpoint with --speculative-draft-model-path, and leave "
              "--speculative-eagle-topk, --speculative-num-draft-tokens and --speculative-token-map unset",
              "用 --speculative-draft-model-path 给出 IQuest Q1 的 MTP 草稿检查点，并且不设置 "
              "--speculative-eagle-topk、--speculative-num-draft-tokens 和 --speculative-token-map"),
         source=sglang_source("arg_groups/speculative_hook.py:1023, :1030, :1032, :1034, :1036, :1049, :1051"),
         reads_model=True, extra=problem_text(IQUEST_MTP_DRAFT, _iquest_numbers)),
    Rule("frozen-kv-mtp-turns-mixed-chunk-off", "AM-W427", ("enable_mixed_chunk", "speculative_algorithm"),
         lambda c: c.enable_mixed_chunk and c.speculative_algorithm == "FROZEN_KV_MTP",
         _mixed_chunk_message(promoted=False), MIXED_CHUNK_HINT,
         severity="warning", source=sglang_source("arg_groups/speculative_hook.py:1008")),
    Rule("gemma4-draft-turns-mixed-chunk-off", "AM-W427", ("enable_mixed_chunk", "speculative_algorithm"),
         lambda c: c.enable_mixed_chunk and promoted_to_frozen_kv_mtp(c),
         _mixed_chunk_message(promoted=True), MIXED_CHUNK_HINT,
         severity="warning", source=sglang_source("arg_groups/speculative_hook.py:1008"), reads_model=True),
    Rule("eagle-auto-tree-topk", "AM-E428", ("speculative_algorithm", "speculative_eagle_topk"),
         lambda c: auto_topk(c) == AUTO_TREE_TOPK and first_problem(c, AUTO_TREE) is not None,
         Text("without --speculative-num-steps, SGLang drafts a tree of top-k {topk} for a {arch} target "
              "(steps 5, draft tokens 8), and {why_en}",
              "未设置 --speculative-num-steps 时，SGLang 为 {arch} 目标模型生成 top-k {topk} 的草稿树"
              "（5 步、8 个草稿 token），而{why_zh}"),
         Text("write the chain shape: --speculative-num-steps 3 --speculative-eagle-topk 1 "
              "--speculative-num-draft-tokens 4", "显式写出链式形状：--speculative-num-steps 3 "
              "--speculative-eagle-topk 1 --speculative-num-draft-tokens 4"),
         source=sglang_source("arg_groups/speculative_hook.py:1178, :1222, :1278"), reads_model=True,
         extra=problem_text(AUTO_TREE, _tree_numbers)),
]
