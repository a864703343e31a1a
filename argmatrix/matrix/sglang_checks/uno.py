"""SGLang's start-up checks on UNO speculative decoding (arg_groups/speculative_hook.py _handle_uno): the target drafts
for itself through --uno-lora-path, on one CUDA GPU with FA3, and a tree draft (--speculative-eagle-topk above 1)
must fit the verify width --speculative-num-draft-tokens.  Its turning mixed chunked prefill off is in
speculative.py with the other algorithms that do."""
from __future__ import annotations

from typing import TypedDict

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import Problem, attn_dp, family, first_problem, problem_text, sglang_source

UNO_MAX_VERIFY_NODES = 128     # speculative_hook.py:513
UNO_MAX_FRONTIER_SLOTS = 2048  # speculative_hook.py:519: Q * K


def uno(c: RuleContext) -> bool:
    return c.speculative_algorithm == "UNO"


def uno_tree(c: RuleContext) -> bool:
    """Tree mode: a top-k above 1 (speculative_hook.py:494); a verify width is needed first (:474)."""
    return uno(c) and (c.speculative_eagle_topk or 1) > 1 and c.speculative_num_draft_tokens is not None


def prefill_decode_backends(c: RuleContext) -> tuple[str | None, str | None]:
    """attention_backends_of (model_override_base.py:138): the split backends fall back to --attention-backend."""
    return (c.prefill_attention_backend or c.attention_backend, c.decode_attention_backend or c.attention_backend)


def not_fa3(c: RuleContext) -> bool:
    """A backend named other than fa3.  Unnamed ones SGLang picks itself (fa3 on a Hopper GPU), so they are left."""
    return any(b is not None and b != "fa3" for b in prefill_decode_backends(c))


class TreeNumbers(TypedDict):
    q: int
    q_1: int
    k: int
    f: int
    slots: int
    capacity: int
    parents: int


def tree_numbers(c: RuleContext) -> TreeNumbers:
    """Q, K, F and the two limits the tree's shape is held to (speculative_hook.py:507..546)."""
    q, k = int(c.speculative_num_draft_tokens or 0), int(c.speculative_eagle_topk or 1)
    steps = int(c.speculative_num_steps or 0)
    capacity = nodes = 1
    for _ in range(steps):  # nodes of a full K-ary tree of that depth, stopping once Q fits
        nodes *= k
        capacity += nodes
        if capacity >= q:
            break
    return {"q": q, "q_1": q - 1, "k": k, "f": steps + 1, "slots": q * k, "capacity": capacity,
            "parents": k * max(steps - 1, 0) + 1}


def backends_named(c: RuleContext) -> dict[str, object]:
    prefill, decode = prefill_decode_backends(c)
    def zh(label: str, backend: str | None) -> str:
        return f"{label} {backend}" if backend else f"{label}由 SGLang 选择"
    return {"backends": f"prefill {prefill or 'left to SGLang'}, decode {decode or 'left to SGLang'}",
            "backends_zh": f"{zh('预填充', prefill)}，{zh('解码', decode)}"}


UNO_NEEDS: list[Problem] = [
    (lambda c: family(c) != "gpu", Text("it runs only on CUDA GPUs", "它只能在 CUDA GPU 上运行")),
    (lambda c: c.speculative_draft_model_path is not None,
     Text("the target drafts for itself, so it takes no --speculative-draft-model-path",
          "目标模型自己充当草稿模型，因此不接受 --speculative-draft-model-path")),
    (lambda c: c.uno_lora_path is None, Text("it needs its draft LoRA, --uno-lora-path", "它需要草稿 LoRA：--uno-lora-path")),
    (lambda c: c.enable_deterministic_inference,
     Text("it does not support --enable-deterministic-inference (its sampling takes no per-request seed)",
          "它不支持 --enable-deterministic-inference（其采样不使用逐请求的随机种子）")),
    (lambda c: c.enable_strict_thinking,
     Text("it does not support --enable-strict-thinking (that needs grammar-constrained decoding)",
          "它不支持 --enable-strict-thinking（该功能依赖语法约束解码）")),
    (lambda c: c.speculative_num_draft_tokens is None,
     Text("it needs --speculative-num-draft-tokens, its verify width", "它需要 --speculative-num-draft-tokens 作为验证宽度")),
    (lambda c: (c.tp_size, c.pp_size) != (1, 1),
     Text("it needs --tp-size 1 and --pp-size 1, not {tp_size} and {pp_size}",
          "它要求 --tp-size 1 且 --pp-size 1，当前为 {tp_size} 和 {pp_size}")),
    (lambda c: attn_dp(c) > 1 or c.ep_join_mode == "scale" or c.attn_cp_size != 1,
     Text("it supports neither attention DP nor context parallelism", "它既不支持注意力数据并行，也不支持上下文并行")),
    (lambda c: bool(c.enable_lora or c.lora_paths),
     Text("it cannot serve LoRA adapters (--enable-lora, --lora-paths) beside its own",
          "除自身的草稿 LoRA 外，它不能再提供 LoRA 适配器服务（--enable-lora、--lora-paths）")),
    (lambda c: c.speculative_use_rejection_sampling,
     Text("it verifies drafts its own way and does not take --speculative-use-rejection-sampling",
          "它用自己的方式验证草稿，不接受 --speculative-use-rejection-sampling")),
    (not_fa3, Text("it needs the fa3 attention backend for prefill and decode, not {backends}",
                   "它要求预填充和解码都使用 fa3 注意力后端，当前为{backends_zh}")),
]
UNO_TREE_SHAPE: list[Problem] = [
    (lambda c: c.speculative_num_steps is None,
     Text("it needs --speculative-num-steps (the draft width F is the steps plus one)",
          "它需要 --speculative-num-steps（草稿宽度 F 为步数加一）")),
    (lambda c: tree_numbers(c)["q"] < tree_numbers(c)["f"],
     Text("the verify width Q={q} is below the draft width F={f} (--speculative-num-steps + 1)",
          "验证宽度 Q={q} 小于草稿宽度 F={f}（--speculative-num-steps + 1）")),
    (lambda c: tree_numbers(c)["q"] > UNO_MAX_VERIFY_NODES,
     Text("it verifies at most 128 nodes, not Q={q}", "它最多验证 128 个节点，Q={q} 超出上限")),
    (lambda c: tree_numbers(c)["slots"] > UNO_MAX_FRONTIER_SLOTS,
     Text("Q times K is at most 2048, not {q} x {k} = {slots}", "Q 乘 K 最多为 2048，当前 {q} x {k} = {slots}")),
    (lambda c: tree_numbers(c)["q"] > tree_numbers(c)["capacity"],
     Text("a tree of depth {speculative_num_steps} and width K={k} holds {capacity} nodes, fewer than Q={q}",
          "深度 {speculative_num_steps}、宽度 K={k} 的草稿树只有 {capacity} 个节点，少于 Q={q}")),
    (lambda c: tree_numbers(c)["q"] - 1 > tree_numbers(c)["parents"],
     Text("EAGLE's parent list holds K*(F-2)+1 = {parents} nodes below the root, fewer than Q-1 = {q_1}",
          "EAGLE 的父节点列表在根节点之下只能容纳 K*(F-2)+1 = {parents} 个节点，少于 Q-1 = {q_1}")),
]
UNO_TREE_FEATURES: list[Problem] = [
    (lambda c: c.enable_pdmux, Text("it does not support PD multiplexing (--enable-pdmux)",
                                    "它不支持 PD 复用（--enable-pdmux）")),
    (lambda c: c.enable_two_batch_overlap, Text("it does not support two-batch overlap (--enable-two-batch-overlap)",
                                                "它不支持双批重叠（--enable-two-batch-overlap）")),
    (lambda c: c.speculative_accept_threshold_single != 1.0 or c.speculative_accept_threshold_acc != 1.0,
     Text("it samples like EAGLE's target-only path and needs --speculative-accept-threshold-single and "
          "--speculative-accept-threshold-acc at 1.0",
          "它沿用 EAGLE 仅目标模型的采样路径，要求 --speculative-accept-threshold-single 和 "
          "--speculative-accept-threshold-acc 都为 1.0")),
]


RULES: list[Rule] = [
    Rule("uno-requirements", "AM-E416", ("speculative_algorithm", "uno_lora_path", "speculative_num_draft_tokens"),
         lambda c: uno(c) and first_problem(c, UNO_NEEDS) is not None,
         Text("--speculative-algorithm UNO: {why_en}; SGLang refuses the launch at start-up",
              "--speculative-algorithm UNO：{why_zh}；SGLang 启动时会拒绝该配置"),
         Text("run UNO on one CUDA GPU with --uno-lora-path, --speculative-num-draft-tokens (e.g. 4) and "
              "--attention-backend fa3, without a draft model, LoRA serving, rejection sampling, deterministic "
              "inference or strict thinking; or choose another --speculative-algorithm",
              "在单张 CUDA GPU 上运行 UNO，并给出 --uno-lora-path、--speculative-num-draft-tokens（如 4）和 "
              "--attention-backend fa3，且不使用草稿模型、LoRA 服务、拒绝采样、确定性推理或严格思考；"
              "或改用其他 --speculative-algorithm"),
         source=sglang_source("arg_groups/speculative_hook.py:453, :455, :460, :462, :467, :474, :579, :581, :583, "
                              ":592, :608"),
         extra=problem_text(UNO_NEEDS, backends_named)),
    Rule("uno-tree-shape", "AM-E417", ("speculative_num_draft_tokens", "speculative_eagle_topk",
                                       "speculative_num_steps"),
         lambda c: uno_tree(c) and first_problem(c, UNO_TREE_SHAPE) is not None,
         Text("UNO's tree draft (--speculative-eagle-topk {speculative_eagle_topk}, --speculative-num-draft-tokens "
              "{speculative_num_draft_tokens}): {why_en}; SGLang refuses the launch at start-up",
              "UNO 的树形草稿（--speculative-eagle-topk {speculative_eagle_topk}，--speculative-num-draft-tokens "
              "{speculative_num_draft_tokens}）：{why_zh}；SGLang 启动时会拒绝该配置"),
         Text("write --speculative-num-steps 3 --speculative-eagle-topk 2 --speculative-num-draft-tokens 5, or "
              "--speculative-eagle-topk 1 for a linear draft",
              "写成 --speculative-num-steps 3 --speculative-eagle-topk 2 --speculative-num-draft-tokens 5，"
              "或用 --speculative-eagle-topk 1 改为线性草稿"),
         source=sglang_source("arg_groups/speculative_hook.py:496, :509, :513, :519, :532, :540"),
         extra=problem_text(UNO_TREE_SHAPE, tree_numbers)),
    Rule("uno-tree-features", "AM-E418", ("speculative_eagle_topk", "enable_pdmux", "enable_two_batch_overlap",
                                          "speculative_accept_threshold_single", "speculative_accept_threshold_acc"),
         lambda c: uno_tree(c) and first_problem(c, UNO_TREE_FEATURES) is not None,
         Text("UNO's tree draft (--speculative-eagle-topk {speculative_eagle_topk}): {why_en}; SGLang refuses the "
              "launch at start-up", "UNO 的树形草稿（--speculative-eagle-topk {speculative_eagle_topk}）：{why_zh}；"
              "SGLang 启动时会拒绝该配置"),
         Text("drop --enable-pdmux / --enable-two-batch-overlap and the accept thresholds, or use "
              "--speculative-eagle-topk 1 (UNO's linear draft)",
              "去掉 --enable-pdmux、--enable-two-batch-overlap 和接受阈值，或使用 --speculative-eagle-topk 1"
              "（UNO 的线性草稿）"),
         source=sglang_source("arg_groups/speculative_hook.py:549, :551, :556"), extra=problem_text(UNO_TREE_FEATURES)),
]
