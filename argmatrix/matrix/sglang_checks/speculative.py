"""SGLang's start-up checks on speculative decoding (arg_groups/speculative_hook.py and the PP check in
validation_hook.py), on the values resolution leaves: NEXTN read as EAGLE, adaptive speculation switched off where
SGLang cannot run it, NGRAM's 12 draft tokens when none are given.  The checks of one algorithm's own handler are
in dflash.py, uno.py and dspark.py, those that read the draft's or the target's config.json in
speculative_model.py; the lists here name every built-in algorithm as SGLang's own lists do.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import Problem, env_true, family, first_problem, fix_by_family, problem_text, sglang_source
from .resolved import (
    EAGLE_WORKERS,
    adaptive_refusal,
    adaptive_stays_on,
    algorithm,
    attention_backends,
    rejection_sampling,
)
from .speculative_model import iquest_mtp, promoted_to_frozen_kv_mtp

# speculative_hook.py:1393 reads the steps from DEFAULT_ADAPTIVE_CONFIG (adaptive_spec_params.py:28) without a file.
ADAPTIVE_DEFAULT_STEPS = (0, 1, 3, 5, 7)
NGRAM_DEFAULT_DRAFT_TOKENS = 12  # speculative_hook.py:1317
# The algorithms a PD decode server keeps its radix cache with (speculative_hook.py:166, read after NEXTN became EAGLE).
DECODE_RADIX_ALGORITHMS = (None, "EAGLE", "EAGLE3", "DSPARK")
BLOCK_VERIFICATION_ALGORITHMS = ("EAGLE", "EAGLE3", "DFLASH", "DSPARK")  # speculative_hook.py:177
DP_SPEC_PREFILL_ALGORITHMS = ("EAGLE", "EAGLE3", "DSPARK")  # speculative_hook.py:254
# The algorithms whose handler turns --enable-mixed-chunk off: STANDALONE (supports_mixed_chunk, spec_info.py:149),
# NGRAM (:1350), UNO (:602) and FROZEN_KV_MTP (:1008).
NO_MIXED_CHUNK_ALGORITHMS = ("STANDALONE", "NGRAM", "UNO", "FROZEN_KV_MTP")

BLOCK_VERIFICATION: list[Problem] = [
    (lambda c: algorithm(c) not in BLOCK_VERIFICATION_ALGORITHMS,
     Text("it works only with --speculative-algorithm EAGLE, EAGLE3, NEXTN, DFLASH or DSPARK, not "
          "{speculative_algorithm}", "它只适用于 --speculative-algorithm EAGLE、EAGLE3、NEXTN、DFLASH 或 DSPARK，"
          "不适用于 {speculative_algorithm}")),
    (lambda c: family(c) != "gpu", Text("it runs only on CUDA (or ROCm) GPUs", "它只能在 CUDA（或 ROCm）GPU 上运行")),
]
REJECTION_SAMPLING: list[Problem] = [
    (lambda c: algorithm(c) not in ("EAGLE", "EAGLE3"),
     Text("it works only with --speculative-algorithm EAGLE, EAGLE3 or NEXTN, not {speculative_algorithm}",
          "它只适用于 --speculative-algorithm EAGLE、EAGLE3 或 NEXTN，不适用于 {speculative_algorithm}")),
    (lambda c: (c.speculative_eagle_topk or 1) != 1,
     Text("it needs --speculative-eagle-topk 1, not {speculative_eagle_topk}",
          "它要求 --speculative-eagle-topk 1，而不是 {speculative_eagle_topk}")),
    (lambda c: c.speculative_accept_threshold_single != 1.0 or c.speculative_accept_threshold_acc != 1.0,
     Text("it ignores --speculative-accept-threshold-single and --speculative-accept-threshold-acc, so SGLang refuses "
          "them below 1.0", "它不使用 --speculative-accept-threshold-single 和 --speculative-accept-threshold-acc，"
          "因此 SGLang 不接受二者小于 1.0")),
]


def _ngram_draft_tokens(c: RuleContext) -> int:
    return int(c.speculative_num_draft_tokens or NGRAM_DEFAULT_DRAFT_TOKENS)


def shape_set_elsewhere(c: RuleContext) -> bool:
    """SGLang never asks the launch for the EAGLE shape: a Gemma4 assistant draft runs as FROZEN_KV_MTP, whose handler
    reads none of it, and an IQuest Q1 target's MTP handler sets the top-k to 1 first (speculative_hook.py:109,
    :1158). Known only where the config.json was read (``c.model``/``c.draft``); otherwise the flags decide."""
    return promoted_to_frozen_kv_mtp(c) or (c.model is not None and iquest_mtp(c))


RULES: list[Rule] = [
    Rule("decode-radix-cache-with-speculative", "AM-E280",
         ("disaggregation_decode_enable_radix_cache", "speculative_algorithm", "disaggregation_mode"),
         lambda c: c.disaggregation_mode == "decode" and c.disaggregation_decode_enable_radix_cache
         and algorithm(c) not in DECODE_RADIX_ALGORITHMS,
         Text("--disaggregation-decode-enable-radix-cache does not work with --speculative-algorithm "
              "{speculative_algorithm} on a decode server", "解码实例上的 --disaggregation-decode-enable-radix-cache "
              "不能与 --speculative-algorithm {speculative_algorithm} 同时使用"),
         Text("drop --disaggregation-decode-enable-radix-cache, or use --speculative-algorithm EAGLE",
              "去掉 --disaggregation-decode-enable-radix-cache，或改用 --speculative-algorithm EAGLE"),
         source=sglang_source("arg_groups/speculative_hook.py:169")),
    Rule("block-verification-eagle-on-gpu", "AM-E281", ("speculative_use_block_verification", "speculative_algorithm"),
         lambda c: c.speculative_use_block_verification and first_problem(c, BLOCK_VERIFICATION) is not None,
         Text("--speculative-use-block-verification: {why_en}", "--speculative-use-block-verification：{why_zh}"),
         Text("drop --speculative-use-block-verification (or use it with --speculative-algorithm EAGLE on a CUDA GPU)",
              "去掉 --speculative-use-block-verification（或在 CUDA GPU 上与 --speculative-algorithm EAGLE 同用）"),
         source=sglang_source("arg_groups/speculative_hook.py:177, :182"), extra=problem_text(BLOCK_VERIFICATION)),
    Rule("draft-sink-needs-window", "AM-E282", ("speculative_draft_sink_size", "speculative_draft_window_size"),
         lambda c: c.speculative_draft_sink_size is not None and c.speculative_draft_window_size is None,
         Text("--speculative-draft-sink-size needs --speculative-draft-window-size",
              "--speculative-draft-sink-size 需要同时设置 --speculative-draft-window-size"),
         Text("add --speculative-draft-window-size (e.g. 512), or drop --speculative-draft-sink-size",
              "添加 --speculative-draft-window-size（如 512），或去掉 --speculative-draft-sink-size"),
         source=sglang_source("arg_groups/speculative_hook.py:228")),
    Rule("dp-spec-prefill-coordination", "AM-E283", ("speculative_algorithm", "enable_multi_layer_eagle"),
         lambda c: env_true(c, "SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION")
         and (algorithm(c) not in DP_SPEC_PREFILL_ALGORITHMS or c.enable_multi_layer_eagle),
         Text("SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION is set: it needs single-layer EAGLE, EAGLE3 or DSPARK "
              "speculative decoding (here --speculative-algorithm {speculative_algorithm}, --enable-multi-layer-eagle "
              "{enable_multi_layer_eagle})", "设置了 SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION：它要求单层 EAGLE、"
              "EAGLE3 或 DSPARK 投机解码（当前 --speculative-algorithm {speculative_algorithm}，"
              "--enable-multi-layer-eagle {enable_multi_layer_eagle}）"),
         Text("unset SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION, or use --speculative-algorithm EAGLE without "
              "--enable-multi-layer-eagle", "取消 SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION，或使用 "
              "--speculative-algorithm EAGLE 且不加 --enable-multi-layer-eagle"),
         source=sglang_source("arg_groups/speculative_hook.py:257")),
    # SGLang picks steps, top-k and draft tokens together when --speculative-num-steps is unset, and asserts (with an
    # empty message) that the other two are unset as well.  Given steps without a top-k, 0.5.23 gets further and
    # fails comparing the missing top-k with 1 (a TypeError at speculative_hook.py:1276, no check site of its own).
    Rule("eagle-shape-all-or-steps-and-topk", "AM-E284", ("speculative_num_steps", "speculative_eagle_topk",
                                                          "speculative_num_draft_tokens"),
         lambda c: c.speculative_algorithm in EAGLE_WORKERS and not adaptive_stays_on(c) and not shape_set_elsewhere(c)
         and (
             (c.speculative_num_steps is None
              and (c.speculative_eagle_topk is not None or c.speculative_num_draft_tokens is not None))
             or (c.speculative_num_steps is not None and c.speculative_eagle_topk is None)),
         Text("--speculative-num-steps, --speculative-eagle-topk and --speculative-num-draft-tokens go together: "
              "SGLang chooses all three itself, or takes at least the steps and the top-k from you (a missing "
              "--speculative-num-steps stops it with an empty AssertionError, a missing --speculative-eagle-topk "
              "with a TypeError)",
              "--speculative-num-steps、--speculative-eagle-topk 与 --speculative-num-draft-tokens 需要配套设置："
              "要么三者都交给 SGLang 选择，要么至少由用户给出步数和 top-k（缺少 --speculative-num-steps 时以空的 "
              "AssertionError 退出，缺少 --speculative-eagle-topk 时以 TypeError 退出）"),
         Text("write --speculative-num-steps 3 --speculative-eagle-topk 1 --speculative-num-draft-tokens 4, or none of "
              "the three", "写成 --speculative-num-steps 3 --speculative-eagle-topk 1 --speculative-num-draft-tokens 4，"
              "或三者都不设置"),
         source=sglang_source("arg_groups/speculative_hook.py:1160")),
    Rule("trtllm-mha-speculative-topk", "AM-E285", ("speculative_eagle_topk", "attention_backend"),
         lambda c: c.speculative_algorithm in EAGLE_WORKERS and "trtllm_mha" in attention_backends(c)
         and (c.speculative_eagle_topk or 1) > 1,
         Text("the trtllm_mha attention backend supports speculative decoding only with --speculative-eagle-topk 1, "
              "not {speculative_eagle_topk}", "trtllm_mha 注意力后端只支持 --speculative-eagle-topk 1 的投机解码，"
              "不支持 {speculative_eagle_topk}"),
         Text("use --speculative-eagle-topk 1, or another attention backend (e.g. --attention-backend fa3)",
              "改用 --speculative-eagle-topk 1，或换用其他注意力后端（如 --attention-backend fa3）"),
         source=sglang_source("arg_groups/speculative_hook.py:1178")),
    Rule("rejection-sampling-eagle-topk-1", "AM-E286", ("speculative_use_rejection_sampling", "speculative_algorithm",
                                                         "speculative_eagle_topk"),
         lambda c: c.speculative_algorithm in EAGLE_WORKERS and rejection_sampling(c)
         and first_problem(c, REJECTION_SAMPLING) is not None,
         Text("rejection sampling in speculative decoding: {why_en}", "投机解码的拒绝采样：{why_zh}"),
         Text("drop --speculative-use-rejection-sampling, or use it with --speculative-algorithm EAGLE "
              "--speculative-eagle-topk 1 and the accept thresholds at 1.0",
              "去掉 --speculative-use-rejection-sampling，或配合 --speculative-algorithm EAGLE、"
              "--speculative-eagle-topk 1 使用，并保持接受阈值为 1.0"),
         source=sglang_source("arg_groups/speculative_hook.py:1216, :1222, :1235"),
         extra=problem_text(REJECTION_SAMPLING)),
    Rule("deterministic-rejection-sampling-cuda", "AM-E287", ("speculative_use_rejection_sampling",
                                                               "enable_deterministic_inference"),
         lambda c: c.speculative_algorithm in EAGLE_WORKERS and rejection_sampling(c)
         and c.enable_deterministic_inference and first_problem(c, REJECTION_SAMPLING) is None,
         Text("deterministic rejection sampling (--enable-deterministic-inference with "
              "--speculative-use-rejection-sampling) runs only on CUDA GPUs",
              "确定性拒绝采样（--enable-deterministic-inference 与 --speculative-use-rejection-sampling 同用）"
              "只能在 CUDA GPU 上运行"),
         Text("drop --speculative-use-rejection-sampling or --enable-deterministic-inference on this hardware",
              "在该硬件上去掉 --speculative-use-rejection-sampling 或 --enable-deterministic-inference"),
         families=frozenset({"npu", "cpu"}), source=sglang_source("arg_groups/speculative_hook.py:1226")),
    Rule("ngram-external-corpus-budget", "AM-E288", ("speculative_ngram_external_sam_budget",
                                                      "speculative_ngram_external_corpus_path",
                                                      "speculative_num_draft_tokens"),
         lambda c: c.speculative_algorithm == "NGRAM" and c.speculative_ngram_external_corpus_path is not None
         and not 0 < c.speculative_ngram_external_sam_budget <= _ngram_draft_tokens(c) - 1,
         Text("--speculative-ngram-external-corpus-path needs --speculative-ngram-external-sam-budget between 1 and "
              "the draft tokens minus one ({most}), not {speculative_ngram_external_sam_budget}",
              "使用 --speculative-ngram-external-corpus-path 时，--speculative-ngram-external-sam-budget 须在 1 到"
              "草稿 token 数减一（{most}）之间，当前为 {speculative_ngram_external_sam_budget}"),
         Text("set --speculative-ngram-external-sam-budget {suggest}",
              "设置 --speculative-ngram-external-sam-budget {suggest}"),
         source=sglang_source("arg_groups/speculative_hook.py:1333, :1346"),
         extra=lambda c: {"most": _ngram_draft_tokens(c) - 1, "suggest": max(1, min(4, _ngram_draft_tokens(c) - 1))}),
    # NGRAM's tree width is --speculative-ngram-max-bfs-breadth (it becomes the top-k, speculative_hook.py:1311).
    Rule("ngram-tree-on-pages-needs-flashinfer", "AM-E289", ("speculative_ngram_max_bfs_breadth", "page_size",
                                                             "attention_backend"),
         lambda c: c.speculative_algorithm == "NGRAM" and c.speculative_ngram_max_bfs_breadth > 1
         and (c.page_size or 1) > 1 and c.attention_backend is not None and c.attention_backend != "flashinfer",
         Text("NGRAM drafts a tree {speculative_ngram_max_bfs_breadth} wide; with pages of {page_size} tokens only the "
              "flashinfer attention backend verifies it correctly, not {attention_backend}",
              "NGRAM 生成宽度为 {speculative_ngram_max_bfs_breadth} 的草稿树；页大小为 {page_size} 时只有 flashinfer "
              "注意力后端能正确验证，{attention_backend} 不能"),
         Text("{fix_en}", "{fix_zh}"),
         source=sglang_source("arg_groups/speculative_hook.py:1361"),
         # flashinfer runs on CUDA only: elsewhere the fix must not name it (AM-E105 would refuse it)
         extra=fix_by_family(
             Text("use --attention-backend flashinfer, --page-size 1, or --speculative-ngram-max-bfs-breadth 1",
                  "改用 --attention-backend flashinfer、--page-size 1 或 --speculative-ngram-max-bfs-breadth 1"),
             Text("use --page-size 1, or --speculative-ngram-max-bfs-breadth 1",
                  "改用 --page-size 1 或 --speculative-ngram-max-bfs-breadth 1"))),
    Rule("adaptive-steps-in-candidates", "AM-E290", ("speculative_num_steps", "speculative_adaptive"),
         lambda c: adaptive_stays_on(c) and c.speculative_adaptive_config is None
         and c.speculative_num_steps is not None and c.speculative_num_steps not in ADAPTIVE_DEFAULT_STEPS,
         Text("--speculative-adaptive without --speculative-adaptive-config switches among {steps} draft steps; "
              "--speculative-num-steps {speculative_num_steps} is not one of them",
              "未给出 --speculative-adaptive-config 时，--speculative-adaptive 在 {steps} 步之间切换；"
              "--speculative-num-steps {speculative_num_steps} 不在其中"),
         Text("use --speculative-num-steps 3 (or leave it unset), or give --speculative-adaptive-config with your steps",
              "改用 --speculative-num-steps 3（或不设置），或用 --speculative-adaptive-config 给出自己的步数"),
         source=sglang_source("arg_groups/speculative_hook.py:1417"),
         extra=lambda c: {"steps": ", ".join(map(str, ADAPTIVE_DEFAULT_STEPS))}),
    Rule("speculative-turns-mixed-chunk-off", "AM-W292", ("enable_mixed_chunk", "speculative_algorithm"),
         lambda c: c.enable_mixed_chunk and c.speculative_algorithm in NO_MIXED_CHUNK_ALGORITHMS,
         Text("--enable-mixed-chunk is turned off by SGLang: --speculative-algorithm {speculative_algorithm} does not "
              "support mixed chunked prefill", "SGLang 会关闭 --enable-mixed-chunk：--speculative-algorithm "
              "{speculative_algorithm} 不支持混合分块预填充"),
         Text("drop --enable-mixed-chunk (or use --speculative-algorithm EAGLE, which keeps it)",
              "去掉 --enable-mixed-chunk（或改用支持它的 --speculative-algorithm EAGLE）"),
         severity="warning", source=sglang_source("arg_groups/speculative_hook.py:602, :1008, :1114, :1350")),
    Rule("eagle-chain-draft-tokens-adjusted", "AM-W293", ("speculative_num_draft_tokens", "speculative_eagle_topk",
                                                           "speculative_num_steps"),
         lambda c: c.speculative_algorithm in EAGLE_WORKERS and not adaptive_stays_on(c)
         and c.speculative_eagle_topk == 1 and c.speculative_num_steps is not None
         and c.speculative_num_draft_tokens is not None
         and c.speculative_num_draft_tokens != c.speculative_num_steps + 1,
         Text("--speculative-num-draft-tokens {speculative_num_draft_tokens} is replaced by {chain}: with "
              "--speculative-eagle-topk 1 the draft is a chain of --speculative-num-steps + 1 tokens",
              "--speculative-num-draft-tokens {speculative_num_draft_tokens} 会被替换为 {chain}："
              "--speculative-eagle-topk 1 时草稿是一条 --speculative-num-steps + 1 个 token 的链"),
         Text("write --speculative-num-draft-tokens {chain}", "改写为 --speculative-num-draft-tokens {chain}"),
         severity="warning", source=sglang_source("arg_groups/speculative_hook.py:1259"),
         extra=lambda c: {"chain": (c.speculative_num_steps or 0) + 1}),
    Rule("adaptive-speculation-turned-off", "AM-W294", ("speculative_adaptive",),
         lambda c: c.speculative_adaptive and c.speculative_algorithm is not None and adaptive_refusal(c) is not None,
         Text("--speculative-adaptive is turned off by SGLang, which falls back to static steps: it does not work "
              "with {why}", "SGLang 会关闭 --speculative-adaptive 并改用固定步数：它不支持 {why}"),
         Text("drop --speculative-adaptive, or use it with --speculative-algorithm EAGLE and --speculative-eagle-topk 1 "
              "without attention DP, two-batch overlap or PD multiplexing",
              "去掉 --speculative-adaptive，或配合 --speculative-algorithm EAGLE 和 --speculative-eagle-topk 1 使用，"
              "且不启用注意力数据并行、双批重叠或 PD 复用"),
         severity="warning", source=sglang_source("arg_groups/speculative_hook.py:1381"),
         extra=lambda c: {"why": adaptive_refusal(c)}),
]
