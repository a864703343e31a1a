"""SGLang 0.5.23 arg_groups/speculative_hook.py: the check sites no rule in sglang_checks/ ports, and why.

Pure warnings that replace nothing (lines 214, 800, 872, 879, 1043, 1099, 1154) are not sites.
"""
from __future__ import annotations

from . import Disposition

_DEFAULT_FILL = ("fills a value the user left unset (SGLang's default for speculative decoding); nothing the launch "
                 "says is replaced")
_OUT_OF_TREE = "asks an out-of-tree platform plugin; argmatrix's columns (a2, a3, 310p, a5, cuda, cpu) are SGLang's in-tree platforms"

SITES: dict[int, Disposition] = {
    76: Disposition("not-applicable", "turns the overlap scheduler off on a CPU, where it is on only by default (no flag "
                                      "turns it on); nothing the launch says is replaced"),
    205: Disposition("not-applicable", "argmatrix's schema bounds --speculative-draft-window-size at 1 or more "
                                       "(AM-E010 refuses 0 and below first)"),
    224: Disposition("not-applicable", "argmatrix's schema bounds --speculative-draft-sink-size at 0 or more (AM-E010)"),
    305: Disposition("not-applicable", "only an XPU reaches it: a CPU is refused first (:298, AM-E410) and an NPU "
                                       "skips the block; argmatrix has no XPU column"),
    314: Disposition("not-applicable", "unreachable: with SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION set, SGLang "
                                       "refuses DFLASH earlier (:257, AM-E283)"),
    370: Disposition("not-applicable", "argmatrix's schema bounds --speculative-dflash-block-size at 1 or more "
                                       "(AM-E010 refuses 0 and below first)"),
    444: Disposition("not-applicable", _DEFAULT_FILL),
    489: Disposition("not-applicable", "argmatrix's schema bounds --speculative-eagle-topk at 1 or more (AM-E010)"),
    502: Disposition("not-applicable", "argmatrix's schema bounds --speculative-num-steps at 1 or more (AM-E010)"),
    809: Disposition("not-applicable", "argmatrix's schema bounds --speculative-dspark-block-size at 1 or more "
                                       "(AM-E010 refuses 0 and below first)"),
    842: Disposition("not-applicable", "unreachable: the window is set to gamma + 1 whenever gamma is known, and gamma is "
                                       "unknown only when --speculative-num-draft-tokens was given"),
    858: Disposition("not-applicable", _DEFAULT_FILL),
    912: Disposition("not-applicable", _OUT_OF_TREE),
    917: Disposition("not-applicable", _OUT_OF_TREE),
    998: Disposition("not-applicable", _DEFAULT_FILL),
    1041: Disposition("not-applicable", "argmatrix's schema bounds --speculative-num-steps at 1 or more (AM-E010), and "
                                        "without it the steps are the draft's num_draft_slots, which its config class "
                                        "refuses below 1"),
    1066: Disposition("not-applicable", _OUT_OF_TREE),
    1092: Disposition("not-applicable", _DEFAULT_FILL),
    1245: Disposition("not-applicable", "unreachable: the same top-k other than 1 is refused two checks earlier (:1222, "
                                        "AM-E286)"),
    1300: Disposition("not-applicable", _DEFAULT_FILL),
    1320: Disposition("not-applicable", _DEFAULT_FILL),
    1338: Disposition("not-applicable", "argmatrix's schema bounds --speculative-ngram-external-corpus-max-tokens at 1 or "
                                        "more (AM-E010)"),
}
