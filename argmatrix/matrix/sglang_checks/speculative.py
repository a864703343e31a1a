"""SGLang's start-up checks on the verification side of speculative decoding: block verification and rejection
sampling (``arg_groups/speculative_hook.py``).

Each rule names the 0.5.23 wheel line of the ``raise`` it ports.  By the time these run SGLang has read NEXTN as
EAGLE, and block verification has switched rejection sampling on for EAGLE and EAGLE3 (speculative_hook.py:187).
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import sglang_source

NON_GPU = frozenset({"npu", "cpu"})
VERIFY = "AM-E278"
BLOCK_VERIFY_ALGORITHMS = ("EAGLE", "EAGLE3", "NEXTN", "DFLASH", "DSPARK")
REJECTION_ALGORITHMS = ("EAGLE", "EAGLE3", "NEXTN")


def rejection_sampling(c: RuleContext) -> bool:
    """Rejection sampling as SGLang resolves it: asked for, or implied by block verification on EAGLE/EAGLE3."""
    implied = c.speculative_use_block_verification and c.speculative_algorithm in REJECTION_ALGORITHMS
    return bool(c.speculative_use_rejection_sampling or implied)


def block_verification_ok(c: RuleContext) -> bool:
    return not c.speculative_use_block_verification or c.speculative_algorithm in BLOCK_VERIFY_ALGORITHMS


def _thresholds(c: RuleContext) -> bool:
    return c.speculative_accept_threshold_single != 1.0 or c.speculative_accept_threshold_acc != 1.0


RULES: list[Rule] = [
    Rule("block-verification-algorithms", VERIFY, ("speculative_use_block_verification", "speculative_algorithm"),
         lambda c: c.speculative_use_block_verification and c.speculative_algorithm not in BLOCK_VERIFY_ALGORITHMS,
         Text("--speculative-use-block-verification works only with --speculative-algorithm EAGLE, EAGLE3, NEXTN, "
              "DFLASH or DSPARK, not {speculative_algorithm}",
              "--speculative-use-block-verification 只能与 --speculative-algorithm EAGLE、EAGLE3、NEXTN、DFLASH 或 "
              "DSPARK 同用，不能与 {speculative_algorithm} 同用"),
         Text("use --speculative-algorithm EAGLE with a draft model, or drop --speculative-use-block-verification",
              "改用带草稿模型的 --speculative-algorithm EAGLE，或去掉 --speculative-use-block-verification"),
         source=sglang_source("arg_groups/speculative_hook.py:177")),
    Rule("block-verification-needs-cuda", VERIFY, ("speculative_use_block_verification",),
         lambda c: c.speculative_use_block_verification and c.speculative_algorithm in BLOCK_VERIFY_ALGORITHMS,
         Text("--speculative-use-block-verification runs only on CUDA or ROCm",
              "--speculative-use-block-verification 只能在 CUDA 或 ROCm 上运行"),
         Text("drop --speculative-use-block-verification on this hardware",
              "在该硬件上去掉 --speculative-use-block-verification"), families=NON_GPU,
         source=sglang_source("arg_groups/speculative_hook.py:182")),
    Rule("rejection-sampling-algorithms", VERIFY, ("speculative_use_rejection_sampling", "speculative_algorithm"),
         lambda c: block_verification_ok(c) and c.speculative_use_rejection_sampling
         # only STANDALONE reaches this check: SGLang sends it through _handle_eagle_family with EAGLE
         # (speculative/spec_info.py:263); NGRAM has its own handler, which does not look at the flag
         and c.speculative_algorithm == "STANDALONE",
         Text("--speculative-use-rejection-sampling works only with EAGLE, EAGLE3 or NEXTN, not "
              "--speculative-algorithm {speculative_algorithm}",
              "--speculative-use-rejection-sampling 只适用于 EAGLE、EAGLE3 或 NEXTN，不适用于 "
              "--speculative-algorithm {speculative_algorithm}"),
         Text("use --speculative-algorithm EAGLE, or drop --speculative-use-rejection-sampling",
              "改用 --speculative-algorithm EAGLE，或去掉 --speculative-use-rejection-sampling"),
         source=sglang_source("arg_groups/speculative_hook.py:1216")),
    Rule("rejection-sampling-topk-one", VERIFY, ("speculative_eagle_topk", "speculative_use_rejection_sampling",
                                                 "speculative_use_block_verification"),
         lambda c: block_verification_ok(c) and rejection_sampling(c) and c.speculative_algorithm in REJECTION_ALGORITHMS
         and c.speculative_eagle_topk is not None and c.speculative_eagle_topk != 1,
         Text("rejection sampling (--speculative-use-rejection-sampling, or block verification, which turns it on) "
              "needs --speculative-eagle-topk 1, not {speculative_eagle_topk}",
              "拒绝采样（--speculative-use-rejection-sampling，或会启用它的块验证）需要 --speculative-eagle-topk 1，"
              "而不是 {speculative_eagle_topk}"),
         Text("use --speculative-eagle-topk 1", "改用 --speculative-eagle-topk 1"),
         source=sglang_source("arg_groups/speculative_hook.py:1222")),
    Rule("deterministic-rejection-needs-cuda", VERIFY, ("enable_deterministic_inference",
                                                        "speculative_use_rejection_sampling"),
         lambda c: block_verification_ok(c) and rejection_sampling(c) and c.speculative_algorithm in REJECTION_ALGORITHMS
         and c.speculative_eagle_topk in (None, 1) and c.enable_deterministic_inference,
         Text("deterministic rejection sampling (--enable-deterministic-inference with "
              "--speculative-use-rejection-sampling) runs only on CUDA-compatible devices",
              "确定性拒绝采样（--enable-deterministic-inference 配合 --speculative-use-rejection-sampling）"
              "只能在兼容 CUDA 的设备上运行"),
         Text("drop --speculative-use-rejection-sampling or --enable-deterministic-inference on this hardware",
              "在该硬件上去掉 --speculative-use-rejection-sampling 或 --enable-deterministic-inference"),
         families=NON_GPU, source=sglang_source("arg_groups/speculative_hook.py:1226")),
    Rule("rejection-sampling-no-thresholds", VERIFY, ("speculative_accept_threshold_single",
                                                      "speculative_accept_threshold_acc",
                                                      "speculative_use_rejection_sampling"),
         lambda c: block_verification_ok(c) and rejection_sampling(c) and c.speculative_algorithm in REJECTION_ALGORITHMS
         and c.speculative_eagle_topk in (None, 1) and _thresholds(c),
         Text("rejection sampling ignores the accept thresholds, so SGLang refuses "
              "--speculative-accept-threshold-single / --speculative-accept-threshold-acc with it",
              "拒绝采样会忽略接受阈值，因此 SGLang 不允许它与 --speculative-accept-threshold-single / "
              "--speculative-accept-threshold-acc 同用"),
         Text("drop the accept thresholds (leave them at 1.0), or drop rejection sampling",
              "去掉接受阈值（保持为 1.0），或去掉拒绝采样"),
         source=sglang_source("arg_groups/speculative_hook.py:1235")),
]
