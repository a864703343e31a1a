"""SGLang 0.5.23 arg_groups/speculative_hook.py: the check sites no rule in sglang_checks/ ports, and why.

Pure warnings that replace nothing (lines 214, 800, 872, 879, 1043, 1099, 1154) are not sites.
"""
from __future__ import annotations

from . import Disposition

_SCHEMA_DFLASH = ("DFLASH is not among argmatrix's --speculative-algorithm values yet (AM-E010 refuses the launch "
                  "before any rule runs); port with the value")
_SCHEMA_UNO = "UNO is not among argmatrix's --speculative-algorithm values yet (AM-E010 refuses it); port with the value"
_DEFAULT_FILL = ("fills a value the user left unset (SGLang's default for speculative decoding); nothing the launch "
                 "says is replaced")
_OUT_OF_TREE = "asks an out-of-tree platform plugin; argmatrix's columns (a2, a3, 310p, a5, cuda, cpu) are SGLang's in-tree platforms"

SITES: dict[int, Disposition] = {
    76: Disposition("not-applicable", "turns the overlap scheduler off on a CPU, where it is on only by default (no flag "
                                      "turns it on); nothing the launch says is replaced"),
    205: Disposition("not-applicable", "argmatrix's schema bounds --speculative-draft-window-size at 1 or more "
                                       "(AM-E010 refuses 0 and below first)"),
    224: Disposition("not-applicable", "argmatrix's schema bounds --speculative-draft-sink-size at 0 or more (AM-E010)"),
    298: Disposition("pending", _SCHEMA_DFLASH),
    305: Disposition("pending", _SCHEMA_DFLASH),
    308: Disposition("pending", _SCHEMA_DFLASH),
    310: Disposition("pending", _SCHEMA_DFLASH),
    314: Disposition("pending", _SCHEMA_DFLASH),
    320: Disposition("pending", _SCHEMA_DFLASH),
    325: Disposition("pending", _SCHEMA_DFLASH),
    341: Disposition("pending", _SCHEMA_DFLASH),
    358: Disposition("pending", _SCHEMA_DFLASH),
    370: Disposition("pending", _SCHEMA_DFLASH),
    377: Disposition("pending", _SCHEMA_DFLASH),
    430: Disposition("pending", _SCHEMA_DFLASH),
    444: Disposition("not-applicable", _DEFAULT_FILL),
    **{line: Disposition("pending", _SCHEMA_UNO) for line in (
        453, 455, 460, 462, 467, 474, 489, 496, 502, 509, 513, 519, 532, 540, 549, 551, 556, 579, 581, 583, 592,
        602, 608)},
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
