"""SGLang's start-up checks on DFLASH speculative decoding (arg_groups/speculative_hook.py _handle_dflash): where it
runs, what it needs under attention DP, and how its verify window (block size) fits the draft tokens and the draft's
attention window.  The checks every algorithm shares (block verification, DP spec/prefill coordination) are in
speculative.py."""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import ModelView, Rule, RuleContext
from .common import Problem, as_int, as_mapping, attn_dp, family, first_problem, problem_text, sglang_source

DFLASH_DEFAULT_BLOCK = 16  # speculative_hook.py:420: no block size in flags or in the draft's config.json


def dflash(c: RuleContext) -> bool:
    return c.speculative_algorithm == "DFLASH"


def dflash_attn_dp(c: RuleContext) -> bool:
    """attn_dp_enabled_of (runtime_context.py:191): an attention-DP width above 1, or an elastic EP scale joiner."""
    return attn_dp(c) > 1 or c.ep_join_mode == "scale"


def explicit_block(c: RuleContext) -> int | None:
    """The verify window the flags give: --speculative-dflash-block-size, else --speculative-num-draft-tokens."""
    given = c.speculative_dflash_block_size or c.speculative_num_draft_tokens
    return int(given) if given is not None else None


def draft_config_block(draft: ModelView | None) -> int:
    """The block size SGLang reads from the draft's config.json (dflash_utils.parse_dflash_draft_config:
    dflash_config.block_size, else a top-level block_size), else its default of 16 (also without a local draft)."""
    raw = draft.raw if draft is not None else {}
    nested = as_mapping(raw.get("dflash_config"))
    return as_int(nested.get("block_size", raw.get("block_size")), DFLASH_DEFAULT_BLOCK)


DFLASH_NEEDS: list[Problem] = [
    (lambda c: family(c) == "cpu",
     Text("SGLang runs it on CUDA (or ROCm) GPUs, Ascend NPUs and Intel XPUs only, not on this CPU",
          "SGLang 只在 CUDA（或 ROCm）GPU、昇腾 NPU 和 Intel XPU 上运行它，不支持本 CPU")),
    (lambda c: c.pp_size != 1,
     Text("it supports only --pp-size 1, not {pp_size}", "它只支持 --pp-size 1，不支持 {pp_size}")),
    (lambda c: c.speculative_draft_model_path is None,
     Text("it needs a DFLASH draft model (--speculative-draft-model-path)",
          "它需要 DFLASH 草稿模型（--speculative-draft-model-path）")),
]
DFLASH_DP_ATTENTION: list[Problem] = [
    (lambda c: not c.enable_dp_lm_head,
     Text("it needs --enable-dp-lm-head (the draft borrows the target's LM head)",
          "它需要 --enable-dp-lm-head（草稿模型借用目标模型的 LM head）")),
    (lambda c: c.attn_cp_size != 1,
     Text("it does not support context parallelism (--attn-cp-size {attn_cp_size})",
          "它不支持上下文并行（--attn-cp-size {attn_cp_size}）")),
]


def replaced_shape(c: RuleContext) -> dict[str, object]:
    """The flags DFLASH replaces by 1 (speculative_hook.py:341, :358), as the user wrote them."""
    given = [f"--speculative-{name.replace('_', '-')} {c.values['speculative_' + name]}"
             for name in ("num_steps", "eagle_topk") if (c.values["speculative_" + name] or 1) != 1]
    return {"given_en": " and ".join(given), "given_zh": " 和 ".join(given)}


RULES: list[Rule] = [
    Rule("dflash-platform-pp-draft", "AM-E410", ("speculative_algorithm", "pp_size", "speculative_draft_model_path"),
         lambda c: dflash(c) and first_problem(c, DFLASH_NEEDS) is not None,
         Text("--speculative-algorithm DFLASH: {why_en}; SGLang refuses the launch at start-up",
              "--speculative-algorithm DFLASH：{why_zh}；SGLang 启动时会拒绝该配置"),
         Text("give --speculative-draft-model-path a DFLASH draft and keep --pp-size 1 on a CUDA GPU, or choose another "
              "--speculative-algorithm (e.g. NGRAM on a CPU)",
              "在 CUDA GPU 上用 --speculative-draft-model-path 指定 DFLASH 草稿模型并保持 --pp-size 1，"
              "或改用其他 --speculative-algorithm（如在 CPU 上用 NGRAM）"),
         source=sglang_source("arg_groups/speculative_hook.py:298, :320, :325"), extra=problem_text(DFLASH_NEEDS)),
    Rule("dflash-dp-attention-on-gpu", "AM-E411", ("attn_cp_size", "enable_dp_lm_head", "attn_dp_size"),
         lambda c: dflash(c) and family(c) == "gpu" and dflash_attn_dp(c)
         and first_problem(c, DFLASH_DP_ATTENTION) is not None,
         Text("DFLASH with attention DP on a GPU: {why_en}; SGLang refuses the launch at start-up",
              "GPU 上 DFLASH 与注意力数据并行同用时：{why_zh}；SGLang 启动时会拒绝该配置"),
         Text("add --enable-dp-lm-head and keep --attn-cp-size 1, or run without attention DP",
              "添加 --enable-dp-lm-head 并保持 --attn-cp-size 1，或不启用注意力数据并行"),
         source=sglang_source("arg_groups/speculative_hook.py:308, :310"), extra=problem_text(DFLASH_DP_ATTENTION)),
    Rule("dflash-block-size-is-draft-tokens", "AM-E412", ("speculative_dflash_block_size",
                                                          "speculative_num_draft_tokens"),
         lambda c: dflash(c) and c.speculative_dflash_block_size is not None
         and c.speculative_num_draft_tokens is not None
         and c.speculative_num_draft_tokens != c.speculative_dflash_block_size,
         Text("--speculative-dflash-block-size {speculative_dflash_block_size} and --speculative-num-draft-tokens "
              "{speculative_num_draft_tokens} are two names for DFLASH's verify window and must be equal; SGLang "
              "refuses the launch at start-up",
              "--speculative-dflash-block-size {speculative_dflash_block_size} 与 --speculative-num-draft-tokens "
              "{speculative_num_draft_tokens} 都表示 DFLASH 的验证窗口，二者必须相等；SGLang 启动时会拒绝该配置"),
         Text("give only --speculative-dflash-block-size {speculative_dflash_block_size} (drop "
              "--speculative-num-draft-tokens)",
              "只保留 --speculative-dflash-block-size {speculative_dflash_block_size}（去掉 "
              "--speculative-num-draft-tokens）"),
         source=sglang_source("arg_groups/speculative_hook.py:377")),
    Rule("dflash-window-covers-block", "AM-E413", ("speculative_draft_window_size", "speculative_dflash_block_size",
                                                   "speculative_num_draft_tokens"),
         lambda c: dflash(c) and c.speculative_draft_window_size is not None
         and (block := explicit_block(c)) is not None and c.speculative_draft_window_size < block,
         Text("--speculative-draft-window-size {speculative_draft_window_size} is smaller than DFLASH's verify window "
              "of {block} tokens; SGLang refuses the launch at start-up",
              "--speculative-draft-window-size {speculative_draft_window_size} 小于 DFLASH 的验证窗口（{block} 个 "
              "token）；SGLang 启动时会拒绝该配置"),
         Text("set --speculative-draft-window-size {block} or more, or a smaller --speculative-dflash-block-size",
              "把 --speculative-draft-window-size 设为 {block} 或更大，或减小 --speculative-dflash-block-size"),
         source=sglang_source("arg_groups/speculative_hook.py:430"),
         extra=lambda c: {"block": explicit_block(c)}),
    # Without a block size in the flags SGLang takes the draft's config.json block size (or 16): only readable once
    # the draft's config.json is local.
    Rule("dflash-window-covers-draft-block", "AM-E414", ("speculative_draft_window_size",
                                                         "speculative_draft_model_path"),
         lambda c: dflash(c) and c.speculative_draft_window_size is not None and explicit_block(c) is None
         and c.draft is not None and c.speculative_draft_window_size < draft_config_block(c.draft),
         Text("--speculative-draft-window-size {speculative_draft_window_size} is smaller than DFLASH's verify window "
              "of {block} tokens, which SGLang takes from the draft's config.json (16 when it names none); SGLang "
              "refuses the launch at start-up",
              "--speculative-draft-window-size {speculative_draft_window_size} 小于 DFLASH 的验证窗口（{block} 个 "
              "token，SGLang 从草稿模型的 config.json 读取，未给出时为 16）；SGLang 启动时会拒绝该配置"),
         Text("set --speculative-draft-window-size {block} or more, or give a smaller --speculative-dflash-block-size",
              "把 --speculative-draft-window-size 设为 {block} 或更大，或指定更小的 --speculative-dflash-block-size"),
         reads_model=True, source=sglang_source("arg_groups/speculative_hook.py:430"),
         extra=lambda c: {"block": draft_config_block(c.draft)}),
    Rule("dflash-steps-and-topk-become-1", "AM-W415", ("speculative_num_steps", "speculative_eagle_topk"),
         lambda c: dflash(c) and ((c.speculative_num_steps or 1) != 1 or (c.speculative_eagle_topk or 1) != 1),
         Text("SGLang replaces {given_en} by 1: DFLASH drafts one block per step, without EAGLE's steps or tree",
              "SGLang 会把 {given_zh} 替换为 1：DFLASH 每步生成一个草稿块，不使用 EAGLE 的步数和草稿树"),
         Text("drop --speculative-num-steps and --speculative-eagle-topk; size DFLASH's window with "
              "--speculative-dflash-block-size",
              "去掉 --speculative-num-steps 和 --speculative-eagle-topk；用 --speculative-dflash-block-size "
              "设置 DFLASH 的窗口"),
         severity="warning", source=sglang_source("arg_groups/speculative_hook.py:341, :358"), extra=replaced_shape),
]
